// engine/ stands beside reader/ as a library of its own: it reads only the
// reader and the standard library (no PEGTL, ICU, nlohmann-json, compiler/ or
// tools/), and links only the reader.
#include <catch2/catch.hpp>

#include "tests/paths.hpp"
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

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
  const std::regex include("#\\s*include\\s*([<\"])([^>\"]+)[>\"]");
  std::size_t files = 0, includes = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root / "engine")) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    ++files;
    const std::string text = read(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), include), end; it != end; ++it) {
      ++includes;
      INFO(entry.path().lexically_relative(root).string() << " includes " << (*it)[2]);
      CHECK(allowed((*it)[2], (*it)[1] == "<", root));
    }
  }
  CHECK(files > 20);
  CHECK(includes > 50);
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
  const std::string cmake = read(root / "engine" / "CMakeLists.txt");
  const std::regex link("target_link_libraries\\(talebook_engine([^)]*)\\)");
  std::smatch m;
  REQUIRE(std::regex_search(cmake, m, link));
  CHECK(m[1] == " PUBLIC talebook::reader");
  CHECK(read(root / "README.md").find("| `engine/` |") != std::string::npos);
  // Nothing of the engine stays among the command mains.
  CHECK_FALSE(fs::exists(root / "tools" / "play"));
}
