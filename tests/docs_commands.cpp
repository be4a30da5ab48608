// Every `talec` command shown in README.md and docs/*.md runs as written.
//
// The rule: in each document, the lines of fenced code blocks (```) that start
// with `talec ` or `build/tools/talec ` (after an optional `$ `) are commands;
// every other line is skipped (set-up scripts, cmake, CI scripts, example
// output). A block right after a line `<!-- docs-commands: skip -->` is
// skipped whole, and so is a line whose comment says `# docs-commands: skip`. The commands of one
// document run in order, each with `sh`, in one temporary folder holding a copy of the repository's
// `book/` and `locales/` (so `talec build book -o book.tbook` then `talec dump book.tbook` work as
// written, and nothing writes into the repository); `talec` and `build/tools/talec` there are the
// built talec; stdin is empty. A command fails the test when it exits 2 (usage or I/O failure),
// crashes, or exits 1 (errors) without saying so: a command shown failing on purpose carries the
// comment `# exit 1`.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

const fs::path root = fs::path(test::tests_dir()) / "..";
const std::string skip_marker = "<!-- docs-commands: skip -->";

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

struct Command {
  int line = 0;
  std::string text;
};

std::vector<Command> commands_of(const fs::path& document) {
  std::ifstream in(document);
  std::vector<Command> out;
  std::string line;
  int number = 0;
  bool in_block = false;
  bool skip_block = false;
  std::string previous;
  while (std::getline(in, line)) {
    ++number;
    const std::string text = trim(line);
    if (starts_with(text, "```")) {
      in_block = !in_block;
      skip_block = in_block && previous == skip_marker;
    } else if (in_block && !skip_block) {
      std::string command = starts_with(text, "$ ") ? text.substr(2) : text;
      // `talec build: error: ...` is talec's output quoted in a block, not a command.
      const std::string::size_type space = command.find(' ');
      const std::string word = command.substr(space + 1, command.find(' ', space + 1) - space - 1);
      const bool output = space != std::string::npos && !word.empty() && word.back() == ':';
      const bool marked = output || command.find("docs-commands: skip") != std::string::npos;
      if (!marked && (starts_with(command, "talec ") || starts_with(command, "build/tools/talec ")))
        out.push_back({number, command});
    }
    if (!text.empty()) previous = text;
  }
  return out;
}

std::vector<fs::path> documents() {
  std::vector<fs::path> out = {root / "README.md"};
  for (const auto& entry : fs::directory_iterator(root / "docs"))
    if (entry.path().extension() == ".md") out.push_back(entry.path());
  std::sort(out.begin() + 1, out.end());
  return out;
}

// A temporary folder with copies of book/ and locales/ and talec on the path.
struct Workspace {
  test::TempDir temp;
  fs::path dir;
  std::string last_err;
  explicit Workspace(const std::string& name) : temp("docs-" + name), dir(temp.path) {
    fs::create_directories(dir / "bin");
    fs::create_directories(dir / "build" / "tools");
    fs::copy(root / "book", dir / "book", fs::copy_options::recursive);
    fs::copy(root / "locales", dir / "locales", fs::copy_options::recursive);
    fs::create_symlink(test::talec_path(), dir / "bin" / "talec");
    fs::create_symlink(test::talec_path(), dir / "build" / "tools" / "talec");
  }
  // The shell's exit status, 128 + n when talec died of signal n. The command is
  // written to a script as it is, so that its quotes and pipes stay the shell's.
  int run(const std::string& command) {
    std::ofstream(dir / "command.sh") << command << '\n';
    test::RunOptions options = test::in_dir(dir);
    const char* path = std::getenv("PATH");
    options.env = {{"PATH", (dir / "bin").string() + ":" + (path ? path : "")}};
    const test::Run r = test::run("sh", {"command.sh"}, options);
    last_err = r.err;
    return r.exit;
  }
  const std::string& err() const { return last_err; }
};

} // namespace

TEST_CASE("docs: the extraction finds commands and honours the skip marker", "[docs]") {
  test::TempDir temp("docs-sample");
  const fs::path sample = temp / "sample.md";
  std::ofstream(sample) << "Run `talec check` inline.\n"
                           "```sh\n"
                           "build/tools/talec check book   # a comment\n"
                           "bash tools/setup.sh\n"
                           "$ talec dump book.tbook\n"
                           "talec check --new-flag book   # docs-commands: skip\n"
                           "```\n"
                           "<!-- docs-commands: skip -->\n"
                           "```sh\n"
                           "talec something --new\n"
                           "```\n"
                           "```\n"
                           "talec play x.tbook\n"
                           "```\n";
  const std::vector<Command> found = commands_of(sample);
  fs::remove(sample);
  REQUIRE(found.size() == 3);
  CHECK(found[0].text == "build/tools/talec check book   # a comment");
  CHECK(found[0].line == 3);
  CHECK(found[1].text == "talec dump book.tbook");
  CHECK(found[2].text == "talec play x.tbook");
  CHECK(found[2].line == 13);
}

TEST_CASE("docs: every talec command in README.md and docs/ runs as written", "[docs]") {
  int total = 0;
  for (const fs::path& document : documents()) {
    const std::vector<Command> commands = commands_of(document);
    if (commands.empty()) continue;
    Workspace workspace(document.stem().string());
    for (const Command& command : commands) {
      ++total;
      const int status = workspace.run(command.text);
      INFO(document.filename().string() << ":" << command.line << ": " << command.text << "\n"
                                        << workspace.err());
      CHECK(status != 2);
      CHECK(status < 126); // 126/127: not runnable; 128+: a crash
      if (command.text.find("# exit 1") == std::string::npos)
        CHECK(status == 0);
      else
        CHECK(status == 1);
    }
  }
  // README's own block alone shows eight; a broken extraction finds none.
  CHECK(total >= 8);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
