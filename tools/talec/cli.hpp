// What every talec command shares: exit codes, argument scanning and how
// diagnostics are printed.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "compiler/driver/book_writes.hpp" // refuse_write, write_book_files
#include "compiler/text/text.hpp"
#include "talebook/reader.hpp"

namespace talec {

inline constexpr int exit_ok = 0;     // no errors (warnings allowed)
inline constexpr int exit_errors = 1; // the book (or file) has errors
inline constexpr int exit_usage = 2;  // usage or I/O failure

using Args = std::vector<std::string>;

// Diagnostics output options shared by check, build and the translation commands.
struct DiagnosticOptions {
  std::string format = "text"; // text | json | sarif | github
  bool werror = false;
  std::string colour = "auto"; // auto | always | never
  std::string language;        // of the messages: --lang, else LC_ALL/LC_MESSAGES/LANG
};

// Walks a command's arguments so that every command reads them alike:
// -h/--help prints `help` and stops (exit 0); with `diagnostics`, the
// diagnostic options are taken; `value` reads `--name VALUE` and `--name=VALUE`;
// any problem stops the command with exit 2 and a usage message. `--` ends
// the options: every argument after it is an operand (positional), even one
// that begins with '-' or is "--help".
//
//   ArgScanner scan(args, "build", help, &options);
//   for (std::string a; scan.next(a);) {
//     if (scan.value(a, {"-o", "--output"}, output)) continue;
//     if (!scan.positional(a)) break;
//     paths.push_back(a);
//   }
//   if (scan.done) return *scan.done;
class ArgScanner {
public:
  ArgScanner(const Args& args, const char* command, const char* help,
             DiagnosticOptions* diagnostics = nullptr)
      : args_(args), command_(command), help_(help), diagnostics_(diagnostics) {}
  // The next argument that is not a shared option; false at the end or once done.
  bool next(std::string& arg);
  // True when `arg` is the option `name` (never for an operand after `--`).
  bool flag(const std::string& arg, const char* name) const { return !operand_ && arg == name; }
  // True when `arg` is one of `names`; its value goes to `out` (missing: done).
  bool value(const std::string& arg, std::initializer_list<const char*> names, std::string& out);
  // A whole number value (paragraph numbers, seeds) from `min` to `max`.
  bool number(const std::string& arg, std::initializer_list<const char*> names, std::uint64_t& out,
              std::uint64_t max, std::uint64_t min = 0);
  // A paragraph number value (`--from N`): digits, however large (the book
  // says whether it has that paragraph); anything else is a usage error.
  bool paragraph(const std::string& arg, std::initializer_list<const char*> names,
                 std::uint64_t& out);
  // -j N, -jN, --jobs N, --jobs=N: the threads that read and parse the
  // sources (0: one per core) into `out`.
  bool jobs(const std::string& arg, unsigned& out);
  // The options of a command that compiles a book and may refuse an
  // incomplete translation (check, build, html): `--require-complete` and
  // jobs() into `out`.
  bool compile_option(const std::string& arg, talebook::CompileOptions& out);
  // False (and done) for an unknown option: `arg` must then not be used.
  bool positional(const std::string& arg);
  // Stops the command with a usage error; returns exit_usage.
  int fail(const std::string& message);
  std::optional<int> done;

private:
  // `text` as a number from `min` to `max` into `out`, else a usage error naming `name`.
  void whole_number(const std::string& name, const std::string& text, std::uint64_t& out,
                    std::uint64_t max, std::uint64_t min);
  const Args& args_;
  std::size_t i_ = 0;
  const char* command_;
  const char* help_;
  DiagnosticOptions* diagnostics_;
  bool operands_ = false; // `--` was seen
  bool operand_ = false;  // the argument next() gave came after `--`
};

// What a command compiles lives until the process ends: a command returns
// right after, and freeing a large book piece by piece costs a noticeable part
// of a check, so the memory is left to the system at exit (as compilers do).
// Under a sanitizer that looks for leaks it is freed as usual; `free` set to
// true frees it too (a command that goes on to other work).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool frees_at_exit = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
inline constexpr bool frees_at_exit = true;
#else
inline constexpr bool frees_at_exit = false;
#endif
#else
inline constexpr bool frees_at_exit = false;
#endif
struct LeftToExit {
  bool free = frees_at_exit;
  template <class T> void operator()(T* object) const {
    if (free) delete object;
  }
};
template <class T> using Unfreed = std::unique_ptr<T, LeftToExit>;
template <class T> Unfreed<T> make_unfreed() {
  return Unfreed<T>(new T());
}

// The books that `paths` name, each once: a book folder or its book.json as it
// is; a source file (FILE.tales) names the book whose book.json is in its
// folder or the nearest folder above (the whole book is checked). False, after
// a usage error, for a source file without a book or outside its book. Another
// .json file (a vocabulary, a translation-state.json) names every book in the
// current folder or below that reads it (none: a usage error).
bool books_for(const std::string& command, const std::vector<std::string>& paths,
               std::vector<std::string>& books);
// The book of the current folder: the nearest book.json at or above it, as a
// path the user can read; empty when there is none.
std::string nearest_book();
// What `talec check` checks with no PATH: nearest_book(), else book/; when
// neither is there, a usage error of `command` that says how to name or start
// a book, and nothing.
std::optional<std::string> default_book(const std::string& command);
// With no `paths`, the default book in them; false after that usage error.
bool or_default_book(const std::string& command, std::vector<std::string>& paths);
// Consumes --format, --werror, --color/--colour, --lang at args[i]; true if it did.
// Sets `error` for a bad value.
bool take_diagnostic_option(const Args& args, std::size_t& i, DiagnosticOptions& options,
                            std::string& error);
// Prints the diagnostics in the chosen format; text to stderr, json, sarif
// and github (workflow commands) to stdout.
void print_diagnostics(const talebook::Compilation& compilation, const DiagnosticOptions& options);

// A user's text (a file name, an error that quotes one) as talec's own
// messages print it: control characters as pictures, never raw bytes that
// would forge a line or reach the terminal.
inline std::string shown(std::string_view text) {
  return talebook::text::control_pictures(text);
}
// The exit code for a finished compilation (after --werror).
int exit_code(const talebook::Compilation& compilation);
// For a command that shows a book as far as it resolved (graph, stats): when
// the book has errors of its own, says so on stderr (`talec COMMAND: error:
// the book has N errors ...; the OUTPUT may be incomplete`, a warning under
// --allow-errors). The command's exit code: exit_errors for such a book
// unless `allow`, else exit_ok.
int book_errors_exit(const char* command, const talebook::Compilation& book,
                     const std::string& path, bool allow, const char* output);
// Finds share/talebook from talec's own path (tools/talec/data_folders.cpp) and
// sets the folders of the installed vocabularies; data_folder() is that folder.
void find_data_folders(const char* argv0);
std::string data_folder();
// `talec: error: message` on stderr; returns exit_usage.
int usage_error(const std::string& command, const std::string& message);
// The tests' hook for a book's writes (tests/book_writes.cpp): with
// TALEBOOK_TEST_KILL_AT_STEP=N in the environment, talec kills itself with
// SIGKILL at the Nth step of write_book_files (journal.hpp), as a power cut
// would stop it; no hook otherwise.
talebook::CommitStep test_commit_step();
bool is_help(const std::string& arg);

// A .tbook the reader refuses: TB0078 (the layer, the reader's error kind,
// the section and record) on stderr and exit 1, or, for a file that cannot be
// read at all, `talec COMMAND: error: ...` and exit 2.
int refuse_tbook(const std::string& command, const talebook::tbook::ReadError& error,
                 const std::string& file);

} // namespace talec
