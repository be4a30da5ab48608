// Helpers for the compiler's tests: compile text in memory, run talec (or
// another program) as a process, and fresh temporary folders.
#pragma once

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "tests/paths.hpp"

namespace test {

// A path under the temporary directory unique to the process and the call
// ("talebook-NAME-PID-N"), not created: what TempDir makes.
std::filesystem::path temp_path(const std::string& name);

// A fresh folder under the temporary directory, unique to the process and
// the object (two alive at once never share one), removed with the object.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name = "tmp");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string str() const { return path.string(); }
  std::filesystem::path operator/(const std::filesystem::path& p) const { return path / p; }
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

// TALEBOOK_REBASE=1 (set): golden files are rewritten from what the tests see.
bool rebasing();

// Under TALEBOOK_REBASE=1, writes `text` to the golden file `path` when it
// differs, and says so on stdout ("rebased PATH"); a file already equal is
// not touched, so that only the files that changed are reported.
void rebase(const std::filesystem::path& path, const std::string& text);

// Compiles `files` (path, text) as one English book, in memory.
inline void compile(talebook::Compilation& c,
                    const std::vector<std::pair<std::string, std::string>>& files,
                    const std::string& language = "en") {
  std::string error =
      c.vocabulary.load_file(source_dir() + "/locales/" + language + "/vocabulary.json");
  if (!error.empty()) throw std::runtime_error(error);
  c.book.language = language;
  for (const auto& [path, text] : files)
    c.sources.add(path, text);
  talebook::compile_loaded(c);
}

inline void compile(talebook::Compilation& c, const std::string& text) {
  compile(c, {{"test.tales", text}});
}

// The codes reported, in order ("TB0011"...).
inline std::vector<std::string> codes(const talebook::Compilation& c) {
  std::vector<std::string> out;
  for (const auto& d : c.diagnostics.all())
    out.push_back(talebook::info(d.code).code);
  return out;
}

// What a process did: its exit code (128 + n when signal n ended it), and
// everything it wrote on stdout and stderr.
struct Run {
  int exit = -1;
  std::string out, err;
};

// How to run it. No shell is involved: each argument reaches the program as
// it is written.
struct RunOptions {
  std::filesystem::path cwd;        // the folder it runs in; empty: the checkout's top
  std::optional<std::string> input; // its stdin; none: /dev/null
  std::vector<std::pair<std::string, std::string>> env; // variables set for the run
  std::vector<std::string> unset;                       // variables removed for the run
  unsigned timeout_seconds = 0; // SIGALRM ends it after so long (exit 142); 0: never
};

inline RunOptions in_dir(std::filesystem::path cwd) {
  RunOptions o;
  o.cwd = std::move(cwd);
  return o;
}
inline RunOptions with_input(std::string input) {
  RunOptions o;
  o.input = std::move(input);
  return o;
}
inline RunOptions with_env(std::vector<std::pair<std::string, std::string>> env) {
  RunOptions o;
  o.env = std::move(env);
  return o;
}

// Runs the built talec with `args`.
Run talec(const std::vector<std::string>& args, const RunOptions& options = {});

// Runs `program` (looked up on PATH unless it has a '/') with `args`.
Run run(const std::string& program, const std::vector<std::string>& args,
        const RunOptions& options = {});

// Whether `program` is on PATH.
bool has_program(const std::string& program);

// A tool the test needs (installed by tools/setup.sh): the message that fails
// the test when it is missing, naming the tool and the set-up command.
std::string missing_tool(const std::string& program, const std::string& package);

} // namespace test

// Fails the test (never skips it) when `program` is not on PATH.
#define TEST_REQUIRE_TOOL(program, package)                                                        \
  do {                                                                                             \
    if (!test::has_program(program)) FAIL(test::missing_tool(program, package));                   \
  } while (false)
