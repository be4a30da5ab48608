// Golden diagnostic tests: every tests/golden/*.tales (a one-file book) and
// every tests/golden/*/ with a book.json is checked, and the text `talec check`
// would print (no colour) must equal the .expected file beside it. A folder
// with a `command` file instead runs talec with those arguments (words split
// at blanks; no shell) for what only a command reports (`build -o`, `po
// import`), and compares what it prints; an `env` file beside it sets
// variables for the run (NAME=value, one a line). The command runs in a fresh
// temporary copy of tests/golden/ and locales/, with the paths written as from
// the project's top, so that nothing it writes lands in the source tree.
//
// To rebase after an intended change, run the tests with TALEBOOK_REBASE=1
// (e.g. `TALEBOOK_REBASE=1 build/tests/talebook_tests "[golden]"`): it prints
// "rebased PATH" for each file it changed; read the diff of tests/golden/
// before committing it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

const fs::path golden_dir = fs::path(test::source_dir()) / "tests" / "golden";

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

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string word; in >> word;)
    out.push_back(word);
  return out;
}

// What a golden `command` prints, run in a temporary copy of the goldens.
std::string run_command(const fs::path& input) {
  test::TempDir copy("golden");
  fs::create_directories(copy / "tests");
  fs::copy(golden_dir, copy / "tests" / "golden", fs::copy_options::recursive);
  fs::copy(fs::path(test::source_dir()) / "locales", copy / "locales", fs::copy_options::recursive);
  test::RunOptions options;
  options.cwd = copy.path;
  // An `env` file: variables for the tests (TALEBOOK_TEST_TBOOK_LIMIT=1000).
  if (fs::exists(input / "env"))
    for (const std::string& variable : words(test::read_file((input / "env").string()))) {
      const std::size_t equals = variable.find('=');
      REQUIRE(equals != std::string::npos);
      options.env.emplace_back(variable.substr(0, equals), variable.substr(equals + 1));
    }
  test::Run run = test::talec(words(test::read_file((input / "command").string())), options);
  return run.err + run.out;
}

// What `talec check` prints for the input, with paths relative to the project.
std::string render(const fs::path& input, talebook::Compilation& c) {
  fs::path relative = fs::relative(input, test::source_dir());
  if (fs::exists(input / "command")) return run_command(input);
  if (input.extension() == ".tales") {
    test::compile(c, {{relative.string(), test::read_file(input.string())}});
  } else {
    fs::path cwd = fs::current_path();
    fs::current_path(test::source_dir());
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
  bool rebase = test::rebasing();
  std::vector<fs::path> inputs = golden_inputs();
  REQUIRE(inputs.size() > 10);
  for (const fs::path& input : inputs) {
    talebook::Compilation c;
    std::string actual = render(input, c);
    fs::path expected = expected_path(input);
    if (rebase) {
      test::rebase(expected, actual);
      continue;
    }
    INFO("golden file " << expected.string() << " (rebase with TALEBOOK_REBASE=1)");
    REQUIRE(fs::exists(expected));
    CHECK(actual == test::read_file(expected.string()));
  }
}

// The examples are the documentation of the codes: each code of the table
// (but the notes, shown by the examples of the codes that carry them, and the
// retired codes) must fire in a golden file whose name starts with it. Most
// translation codes are tested in tests/translation_*.cpp instead; those with
// an example (a translation cycle) must fire in it too.
TEST_CASE("every diagnostic code has a golden example that reports it", "[golden]") {
  std::vector<fs::path> inputs = golden_inputs();
  for (const talebook::CodeInfo& info : talebook::all_codes()) {
    std::string code = info.code;
    if (info.severity == talebook::Severity::Retired || code.compare(0, 4, "TB09") == 0) continue;
    INFO("code " << code << " (" << info.name << ")");
    auto example = std::find_if(inputs.begin(), inputs.end(), [&](const fs::path& p) {
      return p.filename().string().compare(0, code.size(), code) == 0;
    });
    if (example == inputs.end() && code.compare(0, 4, "TB01") == 0) continue;
    REQUIRE(example != inputs.end());
    talebook::Compilation c;
    std::string printed = render(*example, c);
    std::vector<std::string> reported = test::codes(c);
    for (const talebook::Diagnostic& d : c.diagnostics.all()) // a note outside TB09xx (TB0132)
      for (const talebook::Note& n : d.notes)
        reported.push_back(talebook::info(n.code).code);
    bool found = std::find(reported.begin(), reported.end(), code) != reported.end() ||
                 (fs::exists(*example / "command") &&
                  (printed.find("error[" + code + "]") != std::string::npos ||
                   printed.find("warning[" + code + "]") != std::string::npos));
    CHECK(found);
  }
}

TEST_CASE("docs/diagnostics.md explains every code", "[golden]") {
  std::string doc = test::read_file(test::source_dir() + "/docs/diagnostics.md");
  for (const talebook::CodeInfo& info : talebook::all_codes()) {
    INFO("code " << info.code);
    // The heading says the severity: a retired code is documented as retired.
    CHECK(doc.find(std::string("## ") + info.code + " `" + info.name + "` (" +
                   to_string(info.severity) + ")") != std::string::npos);
  }
}

// A note (TB09xx) has no golden file of its own: its section in the doc names
// the codes that carry it ("Attached to: TB0010, TB0012"), and the golden
// example of each book code (TB00xx) there must carry it. Every note a golden
// example carries must be listed so.
TEST_CASE("every note code is documented with the codes that carry it", "[golden]") {
  std::string doc = test::read_file(test::source_dir() + "/docs/diagnostics.md");
  std::vector<fs::path> inputs = golden_inputs();
  std::set<std::pair<std::string, std::string>> documented; // (carrier, note)
  for (const talebook::CodeInfo& info : talebook::all_codes()) {
    std::size_t section = doc.find(std::string("## ") + info.code + " `");
    // A note of another range (TB0132) carried by other codes is documented so too.
    bool attached = info.severity == talebook::Severity::Note && section != std::string::npos &&
                    doc.find("\nAttached to: ", section) < doc.find("\n## ", section + 1);
    if (std::string(info.code).compare(0, 4, "TB09") != 0 && !attached) continue;
    INFO("note " << info.code);
    REQUIRE(section != std::string::npos);
    std::size_t line = doc.find("\nAttached to: ", section);
    REQUIRE(line != std::string::npos);
    REQUIRE(line < doc.find("\n## ", section + 1));
    std::istringstream carriers(doc.substr(line + 14, doc.find('\n', line + 1) - line - 14));
    std::string carrier;
    std::size_t count = 0;
    while (std::getline(carriers >> std::ws, carrier, ',')) {
      ++count;
      documented.insert({carrier, info.code});
    }
    CHECK(count > 0);
  }
  std::set<std::pair<std::string, std::string>> carried;
  for (const fs::path& input : inputs) {
    talebook::Compilation c;
    render(input, c);
    for (const talebook::Diagnostic& d : c.diagnostics.all())
      for (const talebook::Note& n : d.notes)
        carried.insert({talebook::info(d.code).code, talebook::info(n.code).code});
  }
  for (const auto& pair : carried) {
    INFO(pair.first << " carries note " << pair.second << " in a golden example");
    CHECK(documented.count(pair) == 1);
  }
  for (const auto& pair : documented) {
    if (pair.first.compare(0, 4, "TB01") == 0) continue; // tests/translation_*.cpp
    INFO(pair.first << " is documented to carry note " << pair.second);
    CHECK(carried.count(pair) == 1);
  }
}

// docs/diagnostics.md's examples are written from the goldens by
// tools/docs/diagnostics_examples.py; this fails (with the diff) when one has
// drifted: run `python3 tools/docs/diagnostics_examples.py` and read the diff.
TEST_CASE("docs/diagnostics.md examples are the goldens", "[golden][docs]") {
  TEST_REQUIRE_TOOL("python3", "python3");
  test::Run check =
      test::run("python3", {test::source_dir() + "/tools/docs/diagnostics_examples.py", "--check"});
  INFO(check.out << check.err);
  CHECK(check.exit == 0);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
