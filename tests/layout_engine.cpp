// engine/ stands beside reader/ as a library of its own: it reads only the
// reader and the standard library (no PEGTL, ICU, nlohmann-json, compiler/ or
// tools/), and links only the reader.
#include <catch2/catch.hpp>

#include "tests/layout_includes.hpp"
#include <filesystem>
#include <regex>
#include <string>

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

// An include the engine may have: its own headers, the reader's public ones,
// or a standard header (<vector>, <cstdint>: a bare lowercase name).
bool allowed(const std::string& name, bool angle, const fs::path& root) {
  if (name.rfind("talebook/", 0) == 0)
    return fs::exists(root / "engine" / "include" / name) ||
           fs::exists(root / "reader" / "include" / name);
  return angle && std::regex_match(name, std::regex("[a-z_]+"));
}

} // namespace

TEST_CASE("engine/ includes only its own headers, the reader and the standard library",
          "[layout]") {
  const fs::path root = test::source_dir();
  std::size_t files = 0;
  const std::vector<test::Include> includes = test::includes_below(root / "engine", files);
  for (const test::Include& i : includes) {
    INFO(i.file.lexically_relative(root).string() << " includes " << i.name);
    CHECK(allowed(i.name, i.angle, root));
  }
  CHECK(files > 20);
  CHECK(includes.size() > 50);
  // The rule itself: what the compiler's own files include is refused.
  CHECK_FALSE(allowed("tao/pegtl.hpp", true, root));
  CHECK_FALSE(allowed("nlohmann/json.hpp", true, root));
  CHECK_FALSE(allowed("unicode/unistr.h", true, root));
  CHECK_FALSE(allowed("compiler/model/model.hpp", false, root));
  CHECK_FALSE(allowed("talebook/engine/no_such.hpp", false, root));
  CHECK(allowed("talebook/reader.hpp", false, root));
}

TEST_CASE("engine/ links only the reader, and README's layout table names it", "[layout]") {
  const fs::path root = test::source_dir();
  const std::string cmake = test::read_file((root / "engine" / "CMakeLists.txt").string());
  const std::regex link("target_link_libraries\\(talebook_engine([^)]*)\\)");
  std::smatch m;
  REQUIRE(std::regex_search(cmake, m, link));
  CHECK(m[1] == " PUBLIC talebook::reader");
  CHECK(test::read_file((root / "README.md").string()).find("| `engine/` |") != std::string::npos);
  // Nothing of the engine stays among the command mains.
  CHECK_FALSE(fs::exists(root / "tools" / "play"));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
