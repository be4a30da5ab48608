// One declaration per .tbook record: every record is declared once, in
// talebook/records.def (format.hpp makes the structs of it, which the emitter,
// the reader, the dump and the tests use); no `struct ...Record` is written
// by hand anywhere in the tree; and each is the record of a section of the
// table (TALEBOOK_TBOOK_SECTIONS) or of a 1.2 section format.hpp describes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "talebook/format.hpp"
#include "talebook/records.hpp"
#include "tests/paths.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every definition of a record, by name: the files it is defined in, once a
// definition. A record is defined by a struct named ...Record (not a forward
// declaration), or by a line `R(TAG, ...Record)` of a records list.
// (Read once: the tree is scanned for both tests.)
const std::map<std::string, std::vector<std::string>>& record_definitions() {
  static const std::map<std::string, std::vector<std::string>> found = [] {
    const std::regex definition(
        R"((?:\bstruct\s+(\w+Record)\s*(?::[^{;]*)?\{)|(?:\bR\(\s*[A-Z]{4}\s*,\s*(\w+Record)\s*\)))");
    std::map<std::string, std::vector<std::string>> out;
    const fs::path root = test::source_dir();
    for (const char* folder : {"compiler", "reader", "tools", "tests", "engine"}) {
      if (!fs::exists(root / folder)) continue;
      for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
        const std::string ext = entry.path().extension().string();
        if (!entry.is_regular_file() ||
            (ext != ".cpp" && ext != ".hpp" && ext != ".h" && ext != ".c" && ext != ".def"))
          continue;
        // tests/schema/ holds the record declared twice on purpose, for the
        // test that such a records.def does not compile (tests/CMakeLists.txt).
        if (fs::relative(entry.path(), root).generic_string().starts_with("tests/schema/"))
          continue;
        const std::string text = read(entry.path());
        if (text.find("Record") == std::string::npos) continue; // the regex is slow: most files
        for (std::sregex_iterator it(text.begin(), text.end(), definition), end; it != end; ++it)
          out[(*it)[1].matched ? (*it)[1].str() : (*it)[2].str()].push_back(
              fs::relative(entry.path(), root).generic_string());
      }
    }
    return out;
  }();
  return found;
}

} // namespace

TEST_CASE("every .tbook record is declared once, in talebook/records.def", "[tbook][format]") {
  const auto records = record_definitions();
  REQUIRE(records.size() >= 14); // BookRecord ... CityResultRecord, StringBlockRecord
  for (const auto& [name, files] : records) {
    INFO(name);
    CHECK(files == std::vector<std::string>{"reader/include/talebook/records.def"});
  }
  // Each record is a section's (the table's list), or the string blocks' (1.2).
  std::vector<std::string> listed = {"StringBlockRecord"};
#define TALEBOOK_X(t, type, size_1_0, name) listed.push_back(#type);
  TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
  for (const auto& [name, files] : records) {
    INFO(name);
    CHECK(std::find(listed.begin(), listed.end(), name) != listed.end());
  }
}

TEST_CASE("the schema walked is records.def's: every record, each field in memory order",
          "[tbook][format]") {
  const auto records = record_definitions();
  std::vector<std::string> walked;
  for (const talebook::tbook::layout::RecordInfo& r : talebook::tbook::layout::record_schema()) {
    walked.push_back(r.type);
    INFO(r.tag);
    std::uint32_t at = 0;
    for (const talebook::tbook::layout::FieldInfo& f : r.fields) {
      CHECK(f.offset == at);
      at += f.size;
    }
    CHECK(at == r.size);
  }
  std::vector<std::string> declared;
  for (const auto& [name, files] : records)
    declared.push_back(name);
  std::sort(walked.begin(), walked.end());
  CHECK(walked == declared);
  using namespace talebook::tbook::layout;
  CHECK(sizeof(ParagraphRecord) == 44);
  CHECK(fields::PARA::section_count::max() == 65535);
  CHECK(std::string(fields::PARA::section_count::field_arg) == "paragraph_sections");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
