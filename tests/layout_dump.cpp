// reader/dump/ (talebook::dump, what `talec dump` prints) stands beside the
// reader and reads only the reader: its own headers, the reader's public ones,
// nlohmann-json and the standard library (no PEGTL, ICU, compiler/ or tools/),
// and it links only the reader and nlohmann-json. The reader itself stays free
// of nlohmann-json.
#include <catch2/catch.hpp>

#include "tests/layout_includes.hpp"
#include <filesystem>
#include <regex>
#include <string>

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

// An include the dump may have: its own headers, the reader's public ones,
// <nlohmann/json.hpp>, or a standard header (<vector>, <cstdint>: a bare lowercase name).
bool allowed(const std::string& name, bool angle, const fs::path& root) {
  if (name.rfind("talebook/", 0) == 0)
    return fs::exists(root / "reader" / "dump" / "include" / name) ||
           fs::exists(root / "reader" / "include" / name);
  if (name == "nlohmann/json.hpp") return angle;
  return angle && std::regex_match(name, std::regex("[a-z_]+"));
}

} // namespace

TEST_CASE("reader/dump/ includes only its own headers, the reader, nlohmann-json and the "
          "standard library",
          "[layout]") {
  const fs::path root = test::source_dir();
  std::size_t files = 0;
  const std::vector<test::Include> includes = test::includes_below(root / "reader" / "dump", files);
  for (const test::Include& i : includes) {
    INFO(i.file.lexically_relative(root).string() << " includes " << i.name);
    CHECK(allowed(i.name, i.angle, root));
  }
  CHECK(files >= 5);
  CHECK(includes.size() > 15);
  // The rule itself: what the compiler's own files include is refused.
  CHECK_FALSE(allowed("tao/pegtl.hpp", true, root));
  CHECK_FALSE(allowed("unicode/unistr.h", true, root));
  CHECK_FALSE(allowed("compiler/model/model.hpp", false, root));
  CHECK_FALSE(allowed("talebook/engine/session.hpp", false, root));
  CHECK_FALSE(allowed("talebook/dump/no_such.hpp", false, root));
  CHECK(allowed("talebook/reader.hpp", false, root));
  CHECK(allowed("talebook/dump/shape.hpp", false, root));
  CHECK(allowed("nlohmann/json.hpp", true, root));
}

TEST_CASE("the reader includes no nlohmann-json, the dump links only the reader and "
          "nlohmann-json, and README's layout table names it",
          "[layout]") {
  const fs::path root = test::source_dir();
  std::size_t files = 0;
  for (const test::Include& i : test::includes_below(root / "reader" / "src", files)) {
    INFO(i.file.lexically_relative(root).string() << " includes " << i.name);
    CHECK(i.name.rfind("nlohmann/", 0) != 0);
  }
  CHECK(files > 5);
  for (const test::Include& i : test::includes_below(root / "reader" / "include", files)) {
    INFO(i.file.lexically_relative(root).string() << " includes " << i.name);
    CHECK(i.name.rfind("nlohmann/", 0) != 0);
  }
  CHECK(files > 3);
  const std::string cmake = test::read_file((root / "reader" / "dump" / "CMakeLists.txt").string());
  const std::regex link("target_link_libraries\\(talebook_dump([^)]*)\\)");
  std::smatch m;
  REQUIRE(std::regex_search(cmake, m, link));
  CHECK(m[1] == " PUBLIC talebook::reader nlohmann_json::nlohmann_json");
  CHECK(test::read_file((root / "README.md").string()).find("| `reader/dump/` |") !=
        std::string::npos);
  // The .tbook side of the dump is no longer the compiler's.
  CHECK_FALSE(fs::exists(root / "compiler" / "emit" / "tbook_json.cpp"));
  CHECK_FALSE(fs::exists(root / "compiler" / "emit" / "emit_json.hpp"));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
