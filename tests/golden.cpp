// Golden diagnostic tests: every tests/golden/*.tales (a one-file book) and
// every tests/golden/*/ with a book.json is checked, and the text `talec check`
// would print (no colour) must equal the .expected file beside it. A folder
// with a `command` file instead runs talec with those arguments from the
// project root (for what only a command reports: `build -o`, `po import`), and
// compares what it prints.
//
// To rebase after an intended change, run the tests with TALEBOOK_REBASE=1
// (e.g. `TALEBOOK_REBASE=1 build/tests/talebook_tests "[golden]"`), then read
// the diff of tests/golden/ before committing it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#include "tests/support.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path golden_dir = fs::path(TALEBOOK_SOURCE_DIR) / "tests" / "golden";

std::vector<fs::path> golden_inputs() {
  std::vector<fs::path> inputs;
  for (const auto& entry : fs::directory_iterator(golden_dir)) {
    if (entry.path().extension() == ".tales" || fs::exists(entry.path() / "book.json") ||
        fs::exists(entry.path() / "command"))
      inputs.push_back(entry.path());
  }
  std::sort(inputs.begin(), inputs.end());
  return inputs;
}

// What `talec check` prints for the input, with paths relative to the project.
std::string render(const fs::path& input, talebook::Compilation& c) {
  fs::path relative = fs::relative(input, TALEBOOK_SOURCE_DIR);
  if (fs::exists(input / "command")) {
    std::string args = test::read_file((input / "command").string());
    args.erase(args.find_last_not_of("\n") + 1);
    test::Run run = test::talec(args);
    return run.err + run.out;
  }
  if (input.extension() == ".tales") {
    test::compile(c, {{relative.string(), test::read_file(input.string())}});
  } else {
    fs::path cwd = fs::current_path();
    fs::current_path(TALEBOOK_SOURCE_DIR);
    talebook::compile_book(relative.string(), c);
    fs::current_path(cwd);
  }
  std::ostringstream out;
  talebook::render_text(out, c.sources, c.diagnostics.all(), {false});
  return out.str();
}

fs::path expected_path(const fs::path& input) {
  return input.extension() == ".tales" ? fs::path(input).replace_extension(".expected")
                                       : input / "expected";
}

} // namespace

TEST_CASE("golden diagnostics", "[golden]") {
  bool rebase = std::getenv("TALEBOOK_REBASE") != nullptr;
  std::vector<fs::path> inputs = golden_inputs();
  REQUIRE(inputs.size() > 10);
  for (const fs::path& input : inputs) {
    talebook::Compilation c;
    std::string actual = render(input, c);
    fs::path expected = expected_path(input);
    if (rebase) {
      std::ofstream(expected, std::ios::binary) << actual;
      continue;
    }
    INFO("golden file " << expected.string() << " (rebase with TALEBOOK_REBASE=1)");
    REQUIRE(fs::exists(expected));
    CHECK(actual == test::read_file(expected.string()));
  }
}

// The examples are the documentation of the codes: each code of the table
// (but the translation codes, tested in tests/translation_*.cpp) must fire in
// a golden file whose name starts with it.
TEST_CASE("every diagnostic code has a golden example that reports it", "[golden]") {
  std::vector<fs::path> inputs = golden_inputs();
  for (const talebook::CodeInfo& info : talebook::all_codes()) {
    std::string code = info.code;
    if (info.severity == talebook::Severity::Retired || code.compare(0, 4, "TB01") == 0) continue;
    INFO("code " << code << " (" << info.name << ")");
    auto example = std::find_if(inputs.begin(), inputs.end(), [&](const fs::path& p) {
      return p.filename().string().compare(0, code.size(), code) == 0;
    });
    REQUIRE(example != inputs.end());
    talebook::Compilation c;
    std::string printed = render(*example, c);
    std::vector<std::string> reported = test::codes(c);
    bool found = std::find(reported.begin(), reported.end(), code) != reported.end() ||
                 (fs::exists(*example / "command") &&
                  printed.find("error[" + code + "]") != std::string::npos);
    CHECK(found);
  }
}

TEST_CASE("docs/diagnostics.md explains every code", "[golden]") {
  std::string doc = test::read_file(std::string(TALEBOOK_SOURCE_DIR) + "/docs/diagnostics.md");
  for (const talebook::CodeInfo& info : talebook::all_codes()) {
    INFO("code " << info.code);
    CHECK(doc.find(std::string("## ") + info.code + " `" + info.name + "`") != std::string::npos);
  }
}
