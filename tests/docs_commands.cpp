// Every shell block of README.md and docs/*.md runs as written, and prints what it quotes.
//
// The rules (a document's writer follows them; this is their only statement; tests/docs_blocks.hpp
// reads them, tests/docs_blocks.cpp tests the reading):
// - Commands: the lines of fenced blocks marked ```sh (or bash, shell, console). A line ending
//   with `\` goes on with the next. Other blocks (bare ```, json, yaml, lua, cmake...) are text
//   and never run; a line there that reads as a talec command fails the test, so that a command
//   is never left out silently: mark its block ```sh.
// - Quoted output: in a block where some lines start with `$ `, those lines are the commands and
//   the lines after each one, up to the next `$ ` line, are what it prints (stdout then stderr as
//   they reach one file, `2>&1`). They are compared line by line, trailing spaces trimmed, trailing
//   blank lines dropped. `…` stands for anything: a line that is `…` alone matches any number of
//   lines (none too), a `…` within a line any text in that line (times, a path of the machine).
//   A `$ ` line with nothing after it is run and its output not compared. TALEBOOK_REBASE=1
//   writes what was printed over a quote that differs, unless the quote has a `…`, and prints
//   `rebased PATH` for each document it changed (test::rebase).
// - Exit status: 0, or N when the command's comment says `# exit N`. A crash (a signal) or a
//   command not found (126, 127) always fails.
// - Skipped, each by name: a block right after a line `<!-- docs-commands: skip -->`; a line whose
//   comment says `# docs-commands: skip`; and the set-up and development lines, whose first word
//   (after `VAR=value` assignments) is `sudo`, `apt`, `apt-get`, `cmake`, `ctest`, `npm`, `npx`,
//   `pip` or `git` (`setup_words`, docs_blocks.hpp), `bash tools/...` or a program under
//   `build*/tests/`: they install packages, need sudo or the network, build or test the project
//   itself, or need its git repository.
// - Where: each document runs in its own temporary folder holding a copy of the repository's
//   `book/`, `locales/` and `games/`, its `tools/bench/` (the book generator, read only) and the
//   built talec as `build/tools/talec`, which is the clone's top as the documents see it; `talec`
//   is not on PATH until a document puts it there (README.md: `export
//   PATH="$PWD/build/tools:$PATH"`). HOME is a folder of its own, stdin is empty. All the commands
//   of one document run in one shell, in order, so a `cd` or an `export` holds for the lines after
//   it, as in a terminal.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/docs_blocks.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace docs_test;

namespace {

const fs::path root = (fs::path(test::tests_dir()) / "..").lexically_normal();

std::vector<fs::path> documents() {
  std::vector<fs::path> out = {root / "README.md"};
  for (const auto& entry : fs::directory_iterator(root / "docs"))
    if (entry.path().extension() == ".md") out.push_back(entry.path());
  std::sort(out.begin() + 1, out.end());
  return out;
}

// PATH without the folders that hold a talec, so that a document reaches talec its own way.
std::string path_without_talec() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  std::string out;
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (std::error_code error; !dir.empty() && !fs::exists(fs::path(dir) / "talec", error))
      out += (out.empty() ? "" : ":") + dir;
  return out;
}

// What one command did.
struct Outcome {
  int exit = -1;
  std::string printed;
};

// A temporary clone's top (book/, locales/, build/tools/talec) and a folder for the results.
struct Workspace {
  test::TempDir temp;
  fs::path dir, state;
  explicit Workspace(const std::string& name)
      : temp("docs-" + name), dir(temp / "clone"), state(temp / "state") {
    fs::create_directories(dir / "build" / "tools");
    fs::create_directories(dir / "tools");
    fs::create_directories(state);
    fs::create_directories(temp / "home");
    fs::copy(root / "book", dir / "book", fs::copy_options::recursive);
    fs::copy(root / "locales", dir / "locales", fs::copy_options::recursive);
    fs::copy(root / "games", dir / "games", fs::copy_options::recursive);
    fs::create_symlink(test::talec_path(), dir / "build" / "tools" / "talec");
    fs::create_symlink(root / "tools" / "bench", dir / "tools" / "bench");
  }
  // Runs the commands in order in one shell: the command as written (its quotes and pipes the
  // shell's), then where its output and status go.
  std::vector<Outcome> run(const std::vector<Command>& commands) {
    std::ofstream script(state / "document.sh");
    for (std::size_t i = 0; i < commands.size(); ++i) {
      const std::string result = (state / std::to_string(i)).string();
      script << "{\n"
             << commands[i].text << "\n} </dev/null >'" << result << ".out' 2>&1; echo $? >'"
             << result << ".rc'\n";
    }
    script.close();
    test::RunOptions options = test::in_dir(dir);
    options.env = {{"PATH", path_without_talec()}, {"HOME", (temp / "home").string()}};
    options.unset = {"LANG", "LC_ALL", "LANGUAGE", "TALEBOOK_REBASE"};
    test::run("sh", {(state / "document.sh").string()}, options);
    std::vector<Outcome> out;
    for (std::size_t i = 0; i < commands.size(); ++i) {
      const std::string result = (state / std::to_string(i)).string();
      const std::string rc = test::read_file(result + ".rc");
      out.push_back({rc.empty() ? -1 : std::atoi(rc.c_str()), test::read_file(result + ".out")});
    }
    return out;
  }
};

} // namespace

TEST_CASE("docs: every shell block of README.md and docs/ runs as written", "[docs]") {
  int total = 0, compared = 0;
  for (const fs::path& document : documents()) {
    const Document found = document_of(document);
    const std::string name = document.filename().string();
    for (const std::string& problem : found.problems)
      FAIL_CHECK(name << ":" << problem);
    if (found.commands.empty()) continue;
    Workspace workspace(document.stem().string());
    const std::vector<Outcome> outcomes = workspace.run(found.commands);
    std::vector<Rewrite> rewrites;
    for (std::size_t i = 0; i < found.commands.size(); ++i) {
      const Command& command = found.commands[i];
      const Outcome& outcome = outcomes[i];
      ++total;
      INFO(name << ":" << command.line << ": " << command.text << "\nprinted:\n"
                << outcome.printed);
      CHECK(outcome.exit >= 0);
      CHECK(outcome.exit < 126); // 126/127: not runnable; 128+: a crash
      CHECK(outcome.exit == command.exit);
      if (command.quoted && !command.output.empty()) {
        ++compared;
        std::string quoted;
        for (const std::string& line : command.output)
          quoted += line + "\n";
        INFO("quoted:\n" << quoted << "(rewrite it with TALEBOOK_REBASE=1 when it has no …)");
        if (test::rebasing() && rewritable(command) &&
            !output_matches(command.output, outcome.printed))
          rewrites.push_back({command.output_line, command.output.size(), outcome.printed});
        else
          CHECK(output_matches(command.output, outcome.printed));
      }
    }
    if (!rewrites.empty())
      test::rebase(document, rewritten(test::read_file(document.string()), rewrites));
  }
  // README's own block alone shows twelve; a broken extraction finds none.
  CHECK(total >= 12);
  CHECK(compared >= 3);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
