// The shell blocks of README.md and docs/*.md run as written, and print what they quote.
//
// The rules (a document's writer follows them; this file is their only statement):
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
//   (after `VAR=value` assignments) is one of `setup_words` below or is `bash tools/...` or a
//   program under `build*/tests/`: they install packages, need sudo or the network, build or
//   test the project itself, or need its git repository.
// - Where: each document runs in its own temporary folder holding a copy of the repository's
//   `book/` and `locales/` and the built talec as `build/tools/talec`, which is the clone's top
//   as the documents see it; `talec` is not on PATH until a document puts it there (README.md:
//   `export PATH="$PWD/build/tools:$PATH"`). HOME is a folder of its own, stdin is empty. All the
//   commands of one document run in one shell, in order, so a `cd` or an `export` holds for the
//   lines after it, as in a terminal.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

const fs::path root = (fs::path(test::tests_dir()) / "..").lexically_normal();
const std::string skip_marker = "<!-- docs-commands: skip -->";
const std::set<std::string> shell_blocks = {"sh", "bash", "shell", "console"};
const std::set<std::string> setup_words = {"sudo", "apt", "apt-get", "cmake", "ctest",
                                           "npm",  "npx", "pip",     "git"};
const std::string anything = "…";

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

std::string trim_end(const std::string& s) {
  return s.substr(0, s.find_last_not_of(" \t\r") + 1);
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

struct Command {
  int line = 0;
  std::string text;
  int exit = 0;                    // what `# exit N` says, else 0
  bool quoted = false;             // a `$ ` line with output after it
  std::vector<std::string> output; // what it prints, as quoted
  int output_line = 0;             // the line of its first output line
};

struct Skipped {
  int line = 0;
  std::string text, why;
};

struct Document {
  std::vector<Command> commands;
  std::vector<Skipped> skipped;
  std::vector<std::string> problems; // "LINE: what", commands the rules would lose
};

// `talec check book` reads as a command; `talec build: error: ...` is talec's output.
bool reads_as_talec(std::string text) {
  if (starts_with(text, "$ ")) text = text.substr(2);
  if (!starts_with(text, "talec ") && !starts_with(text, "build/tools/talec ")) return false;
  const std::string::size_type space = text.find(' ');
  const std::string word = text.substr(space + 1, text.find(' ', space + 1) - space - 1);
  return word.empty() || word.back() != ':';
}

// Why a command line is not run, or empty when it is.
std::string why_skipped(const std::string& command) {
  if (command.find("docs-commands: skip") != std::string::npos) return "docs-commands: skip";
  std::istringstream words(command);
  std::string word;
  while (words >> word && word.find('=') != std::string::npos && word[0] != '=') {
  }
  if (setup_words.count(word)) return "set-up: " + word;
  std::string next;
  if (word == "bash" && words >> next && starts_with(next, "tools/")) return "set-up: " + next;
  if (starts_with(word, "build") && word.find("/tests/") != std::string::npos)
    return "set-up: the project's tests";
  return {};
}

int exit_wanted(const std::string& command) {
  const std::string::size_type at = command.find("# exit ");
  return at == std::string::npos ? 0 : std::atoi(command.c_str() + at + 7);
}

Document document_of(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(trim_end(line));
  Document out;
  std::string previous;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string text = trim(lines[i]);
    if (!starts_with(text, "```")) {
      if (!text.empty()) previous = text;
      continue;
    }
    const std::string info = trim(text.substr(3));
    const bool skip = previous == skip_marker;
    std::size_t end = i + 1;
    while (end < lines.size() && !starts_with(trim(lines[end]), "```"))
      ++end;
    const int first = static_cast<int>(i) + 2; // the block's first line, counted from 1
    std::vector<std::string> body(lines.begin() + i + 1, lines.begin() + end);
    i = end;
    previous.clear();
    if (!shell_blocks.count(info)) {
      for (std::size_t k = 0; k < body.size(); ++k)
        if (reads_as_talec(trim(body[k])))
          out.problems.push_back(std::to_string(first + k) + ": a talec command in a ```" + info +
                                 " block, not run: mark the block ```sh");
      continue;
    }
    const bool transcript = std::any_of(
        body.begin(), body.end(), [](const std::string& l) { return starts_with(trim(l), "$ "); });
    for (std::size_t k = 0; k < body.size(); ++k) {
      std::string line = transcript ? body[k] : trim(body[k]);
      if (transcript && !starts_with(trim(line), "$ ")) {
        if (out.commands.empty() || !out.commands.back().quoted)
          out.problems.push_back(std::to_string(first + k) + ": output before any `$ ` command");
        else
          out.commands.back().output.push_back(line);
        continue;
      }
      if (transcript) line = trim(line).substr(2);
      if (line.empty() || line[0] == '#') continue;
      Command command;
      command.line = first + static_cast<int>(k);
      command.text = line;
      while (!command.text.empty() && command.text.back() == '\\' && k + 1 < body.size())
        command.text += "\n" + body[++k];
      command.exit = exit_wanted(command.text);
      command.quoted = transcript;
      command.output_line = first + static_cast<int>(k) + 1;
      const std::string why = skip ? "<!-- docs-commands: skip -->" : why_skipped(command.text);
      if (!why.empty()) {
        out.skipped.push_back({command.line, command.text, why});
        if (transcript) { // a placeholder takes its output, then goes
          out.commands.emplace_back();
          out.commands.back().quoted = true;
        }
      } else {
        out.commands.push_back(command);
      }
    }
  }
  out.commands.erase(std::remove_if(out.commands.begin(), out.commands.end(),
                                    [](const Command& c) { return c.text.empty(); }),
                     out.commands.end());
  return out;
}

// Whether `line` matches `pattern`, where each `…` stands for any text.
bool line_matches(const std::string& pattern, const std::string& line) {
  const std::string::size_type at = pattern.find(anything);
  if (at == std::string::npos) return pattern == line;
  if (line.compare(0, at, pattern, 0, at) != 0) return false;
  const std::string rest = pattern.substr(at + anything.size());
  for (std::string::size_type from = at; from <= line.size(); ++from)
    if (line_matches(rest, line.substr(from))) return true;
  return false;
}

// Whether `printed` is what `quoted` shows; a line `…` alone stands for any lines.
bool output_matches(const std::vector<std::string>& quoted, std::size_t q,
                    const std::vector<std::string>& printed, std::size_t p) {
  if (q == quoted.size()) return p == printed.size();
  if (trim(quoted[q]) == anything) {
    for (std::size_t from = p; from <= printed.size(); ++from)
      if (output_matches(quoted, q + 1, printed, from)) return true;
    return false;
  }
  return p < printed.size() && line_matches(quoted[q], printed[p]) &&
         output_matches(quoted, q + 1, printed, p + 1);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(trim_end(line));
  while (!out.empty() && out.back().empty())
    out.pop_back();
  return out;
}

bool output_matches(std::vector<std::string> quoted, const std::string& printed) {
  while (!quoted.empty() && trim(quoted.back()).empty())
    quoted.pop_back();
  return output_matches(quoted, 0, lines_of(printed), 0);
}

// A quoted output written anew (TALEBOOK_REBASE=1): its lines from `line` on (counted from 1)
// become `printed`. A quote with `…` is the writer's choice of what to show: never rewritten.
struct Rewrite {
  int line = 0;
  std::size_t lines = 0;
  std::string printed;
};

std::string rewritten(const std::string& text, std::vector<Rewrite> rewrites) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  std::sort(rewrites.begin(), rewrites.end(),
            [](const Rewrite& a, const Rewrite& b) { return a.line > b.line; });
  for (const Rewrite& r : rewrites) {
    const auto at = lines.begin() + (r.line - 1);
    const std::vector<std::string> printed = lines_of(r.printed);
    lines.insert(lines.erase(at, at + static_cast<std::ptrdiff_t>(r.lines)), printed.begin(),
                 printed.end());
  }
  std::string out;
  for (const std::string& line : lines)
    out += line + "\n";
  return out;
}

bool rewritable(const Command& command) {
  return std::none_of(command.output.begin(), command.output.end(), [](const std::string& line) {
    return line.find(anything) != std::string::npos;
  });
}

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
    fs::create_directories(state);
    fs::create_directories(temp / "home");
    fs::copy(root / "book", dir / "book", fs::copy_options::recursive);
    fs::copy(root / "locales", dir / "locales", fs::copy_options::recursive);
    fs::create_symlink(test::talec_path(), dir / "build" / "tools" / "talec");
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

TEST_CASE("docs: the extraction finds commands, their quoted output and what it skips", "[docs]") {
  test::TempDir temp("docs-sample");
  const fs::path sample = temp / "sample.md";
  std::ofstream(sample) << "Run `talec check` inline.\n"                           // 1
                           "```sh\n"                                               // 2
                           "build/tools/talec check book   # a comment\n"          // 3
                           "bash tools/setup.sh\n"                                 // 4
                           "sudo cmake --install build\n"                          // 5
                           "CC=clang cmake -S . -B b \\\n"                         // 6
                           "  -DX=1\n"                                             // 7
                           "# a comment line\n"                                    // 8
                           "cd book && ls \\\n"                                    // 9
                           "  ..\n"                                                // 10
                           "talec check --new-flag book   # docs-commands: skip\n" // 11
                           "talec fmt --check book   # exit 1\n"                   // 12
                           "```\n"                                                 // 13
                           "<!-- docs-commands: skip -->\n"                        // 14
                           "```sh\n"                                               // 15
                           "talec something --new\n"                               // 16
                           "```\n"                                                 // 17
                           "```console\n"                                          // 18
                           "$ talec stats book\n"                                  // 19
                           "84 paragraphs  \n"                                     // 20
                           "…\n"                                                   // 21
                           "$ npm install\n"                                       // 22
                           "added 3 packages\n"                                    // 23
                           "$ talec build book -o b.tbook\n"                       // 24
                           "```\n"                                                 // 25
                           "```\n"                                                 // 26
                           "talec play x.tbook\n"                                  // 27
                           "talec build: error: 'x' not written\n"                 // 28
                           "@1\n"                                                  // 29
                           "```\n";                                                // 30
  const Document found = document_of(sample);
  fs::remove(sample);
  REQUIRE(found.commands.size() == 5);
  CHECK(found.commands[0].text == "build/tools/talec check book   # a comment");
  CHECK(found.commands[0].line == 3);
  CHECK_FALSE(found.commands[0].quoted);
  CHECK(found.commands[1].text == "cd book && ls \\\n  ..");
  CHECK(found.commands[1].line == 9);
  CHECK(found.commands[2].text == "talec fmt --check book   # exit 1");
  CHECK(found.commands[2].exit == 1);
  CHECK(found.commands[3].text == "talec stats book");
  CHECK(found.commands[3].line == 19);
  CHECK(found.commands[3].quoted);
  CHECK(found.commands[3].output == std::vector<std::string>{"84 paragraphs", "…"});
  CHECK(found.commands[4].text == "talec build book -o b.tbook");
  CHECK(found.commands[4].output.empty());
  REQUIRE(found.skipped.size() == 6);
  CHECK(found.skipped[0].why == "set-up: tools/setup.sh");
  CHECK(found.skipped[1].why == "set-up: sudo");
  CHECK(found.skipped[2].why == "set-up: cmake");
  CHECK(found.skipped[2].text == "CC=clang cmake -S . -B b \\\n  -DX=1");
  CHECK(found.skipped[3].why == "docs-commands: skip");
  CHECK(found.skipped[4].line == 16);
  CHECK(found.skipped[4].why == skip_marker);
  CHECK(found.skipped[5].why == "set-up: npm");
  // The bare block's command is flagged; its quoted output and source are not.
  REQUIRE(found.problems.size() == 1);
  CHECK(starts_with(found.problems[0], "27: "));
}

TEST_CASE("docs: a rebase rewrites the quotes that differ and reports only what it changed",
          "[docs]") {
  const std::string text = "```console\n$ talec a\nold\nold 2\n$ talec b\nsame\n```\n";
  CHECK(rewritten(text, {{3, 2, "new\n"}}) == "```console\n$ talec a\nnew\n$ talec b\nsame\n```\n");
  CHECK(rewritten(text, {{6, 1, "b1\nb2\n"}, {3, 2, ""}}) ==
        "```console\n$ talec a\n$ talec b\nb1\nb2\n```\n");
  Command elided;
  elided.output = {"first", "…"};
  CHECK_FALSE(rewritable(elided));

  // test::rebase, which the goldens and this test share: a file already equal is
  // neither written nor named.
  test::TempDir temp("docs-rebase");
  const fs::path same = temp / "same.md", changed = temp / "changed.md";
  test::write_file(same, text);
  test::write_file(changed, text);
  const auto old_time = fs::last_write_time(same) - std::chrono::hours(1);
  fs::last_write_time(same, old_time);
  std::fflush(stdout);
  const int saved = ::dup(1);
  const fs::path log = temp / "stdout";
  const int to = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(saved >= 0);
  REQUIRE(to >= 0);
  ::dup2(to, 1);
  test::rebase(same, text);
  test::rebase(changed, rewritten(text, {{3, 2, "new\n"}}));
  std::fflush(stdout);
  ::dup2(saved, 1);
  ::close(saved);
  ::close(to);
  CHECK(test::read_file(log.string()) == "rebased " + changed.string() + "\n");
  CHECK(fs::last_write_time(same) == old_time);
  CHECK(test::read_file(changed.string()) == rewritten(text, {{3, 2, "new\n"}}));
}

TEST_CASE("docs: quoted output matches line by line, … standing for anything", "[docs]") {
  CHECK(output_matches({"a", "b"}, "a\nb  \n\n"));
  CHECK_FALSE(output_matches({"a", "b"}, "a\nc\n"));
  CHECK_FALSE(output_matches({"a"}, "a\nb\n"));
  CHECK(output_matches({"took … s (seed …)"}, "took 1.7 s (seed 3)\n"));
  CHECK_FALSE(output_matches({"took … s"}, "took 1.7 ms\n"));
  CHECK(output_matches({"first", "…", "last"}, "first\nlast\n"));
  CHECK(output_matches({"first", "…", "last"}, "first\n1\n2\nlast\n"));
  CHECK_FALSE(output_matches({"first", "…", "last"}, "first\n1\n"));
  CHECK(output_matches({"…"}, ""));
}

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
