// One declaration per .tbook record: every `struct ...Record` of the tree is
// declared once, in talebook/format.hpp (the emitter, the reader, the dump and
// the tests use those), and each is the record of a section of the table
// (TALEBOOK_TBOOK_SECTIONS) or of a 1.2 section format.hpp describes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "talebook/format.hpp"
#include "tests/paths.hpp"

namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every definition (not a forward declaration) of a struct named ...Record, by
// name: the files it is defined in.
std::map<std::string, std::vector<std::string>> record_definitions() {
  const std::regex definition(R"(\bstruct\s+(\w+Record)\s*(:[^{;]*)?\{)");
  std::map<std::string, std::vector<std::string>> out;
  const fs::path root = test::source_dir();
  for (const char* folder : {"compiler", "reader", "tools", "tests", "engine"}) {
    if (!fs::exists(root / folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() ||
          (ext != ".cpp" && ext != ".hpp" && ext != ".h" && ext != ".c" && ext != ".def"))
        continue;
      const std::string text = read(entry.path());
      for (std::sregex_iterator it(text.begin(), text.end(), definition), end; it != end; ++it)
        out[(*it)[1]].push_back(fs::relative(entry.path(), root).generic_string());
    }
  }
  return out;
}

} // namespace

TEST_CASE("every .tbook record is declared once, in talebook/format.hpp", "[tbook][format]") {
  const auto records = record_definitions();
  REQUIRE(records.size() >= 14); // BookRecord ... CityResultRecord, StringBlockRecord
  for (const auto& [name, files] : records) {
    INFO(name);
    CHECK(files == std::vector<std::string>{"reader/include/talebook/format.hpp"});
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
