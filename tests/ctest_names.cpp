// ctest runs each Catch2 test case by its name (catch_discover_tests), and
// CMake cuts a name at a ';' (its list separator): such a test case ran as a
// filter that matched nothing, and passed without running. No name has one.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "tests/paths.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

TEST_CASE("no test case name holds a semicolon, which ctest would cut", "[layout]") {
  // A name as written: one string literal, or several that the compiler joins.
  const std::regex test_case(R"re(TEST_CASE\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+),)re");
  std::size_t names = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(test::tests_dir()))) {
    if (entry.path().extension() != ".cpp") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    for (std::sregex_iterator it(s.begin(), s.end(), test_case), end; it != end; ++it) {
      ++names;
      INFO(entry.path().filename().string() << ": " << (*it)[1]);
      CHECK((*it)[1].str().find(';') == std::string::npos);
    }
  }
  CHECK(names > 300);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
