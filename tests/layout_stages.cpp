// The folders of compiler/ are the stages, and data flows one way: a file of a
// stage includes only its own stage and earlier ones (README's layout table).
#include <catch2/catch.hpp>

#include "tests/paths.hpp"
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> stages = {"text",   "diagnostics", "model", "parse",     "resolve",
                                         "graph",  "check",       "emit",  "translate", "driver",
                                         "format", "lsp",         "html"};

int stage_of(const std::string& name) {
  for (std::size_t i = 0; i < stages.size(); ++i)
    if (stages[i] == name) return static_cast<int>(i);
  return -1;
}

} // namespace

TEST_CASE("every folder of compiler/ is a stage and includes no later one", "[layout]") {
  const std::regex include("#include \"compiler/([a-z_]+)/");
  fs::path compiler = fs::path(test::source_dir()) / "compiler";
  std::size_t files = 0;
  for (const auto& folder : fs::directory_iterator(compiler)) {
    if (!folder.is_directory()) continue;
    std::string stage = folder.path().filename().string();
    INFO("compiler/" << stage);
    int here = stage_of(stage);
    REQUIRE(here >= 0); // a new folder goes into the list above and README's table
    for (const auto& entry : fs::directory_iterator(folder.path())) {
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      std::string s = text.str();
      ++files;
      for (std::sregex_iterator it(s.begin(), s.end(), include), end; it != end; ++it) {
        INFO(entry.path().filename().string() << " includes compiler/" << (*it)[1]);
        CHECK(stage_of((*it)[1]) >= 0);
        CHECK(stage_of((*it)[1]) <= here);
      }
    }
  }
  CHECK(files > 40);
  // Nothing stays loose at the top of compiler/.
  for (const auto& entry : fs::directory_iterator(compiler))
    CHECK(entry.is_directory());
}

TEST_CASE("README's layout table names every stage", "[layout]") {
  std::ifstream in(fs::path(test::source_dir()) / "README.md");
  std::stringstream text;
  text << in.rdbuf();
  for (const std::string& stage : stages) {
    INFO(stage);
    CHECK(text.str().find("| `compiler/" + stage + "/` |") != std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
