// talec fmt: the canonical layout of a book's sources (compiler/format/).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "compiler/emit/emit.hpp"
#include "compiler/format/format.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

namespace fs = std::filesystem;

const char* help = R"(usage: talec fmt [--check] [--bracket] PATH...

Rewrites .tales sources in one canonical layout (docs/format.md, "talec fmt"):
award codes without blanks inside (W + 1 (Max: Poor) -> W+1 (Max: Poor)),
full-width code punctuation kept as written, matrix and chart columns aligned
by display width, no blanks at line ends, one line ending at the end of a file.
Prose, its wrapping and comments are kept byte for byte.

PATH is a book folder, its book.json (every source of the book), or .tales
files (the book is the nearest book.json above each file). The whole book is
checked first: a book with errors is not formatted (its diagnostics are
printed). The formatted book is compiled again and must mean exactly what the
original meant, or nothing is written. A book's files are written together
or not at all, even if talec is killed halfway (the next talec run on the
book completes or undoes the write: TB0081); the files rewritten (with
--check: that would change) are listed on stdout.

options:
  --check                    write nothing; list the files that would change
                             and exit 1 if there are any (for CI)
  --bracket                  also write bare 1985 award groups bracketed
                             (`... help. S1.` -> `... help. [S1]`)
  --format text|json|sarif   how to print diagnostics (default text, on stderr)
  --color auto|always|never  colour on a terminal (default auto; NO_COLOR is honoured)
  --lang LANGUAGE            language of the messages: en, zh (default: LC_ALL,
                             LC_MESSAGES or LANG; C and POSIX are English)
  -h, --help                 show this help

exit codes: 0 formatted or already canonical, 1 --check found files to change
or a book has errors, 2 usage or I/O failure.
)";

// The book a PATH belongs to: a folder or book.json is one; a file's is the
// nearest book.json above it. Empty when there is none.
std::string book_of(const std::string& path, bool& whole) {
  std::error_code ec;
  fs::path p(path);
  whole = fs::is_directory(p, ec) || p.extension() == ".json";
  if (whole) return path;
  for (fs::path dir = fs::absolute(p, ec).parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::is_regular_file(dir / "book.json", ec)) return (dir / "book.json").string();
    if (dir == dir.root_path()) break;
  }
  return {};
}

std::string canonical_key(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(path, ec);
  return ec ? path : p.string();
}

} // namespace

int cmd_fmt(const Args& args) {
  DiagnosticOptions options;
  talebook::format::FormatOptions format;
  bool check = false;
  std::vector<std::string> paths;
  ArgScanner scan(args, "fmt", help, &options);
  for (std::string a; scan.next(a);) {
    if (scan.flag(a, "--check")) {
      check = true;
    } else if (scan.flag(a, "--bracket")) {
      format.bracket = true;
    } else {
      if (!scan.positional(a)) break;
      paths.push_back(a);
    }
  }
  if (scan.done) return *scan.done;
  if (paths.empty())
    return usage_error("fmt", "no PATH: give a book folder, book.json or .tales files");

  // The books in the order given; for each, the files asked for (none: all).
  std::vector<std::string> books;
  std::map<std::string, std::vector<std::string>> wanted;
  std::map<std::string, bool> all;
  for (const std::string& path : paths) {
    bool whole = false;
    std::string book = book_of(path, whole);
    if (book.empty()) return usage_error("fmt", "no book.json above '" + path + "'");
    std::string key = canonical_key(fs::is_directory(book) ? book + "/book.json" : book);
    if (!wanted.count(key) && !all.count(key)) books.push_back(book);
    if (whole)
      all[key] = true;
    else
      wanted[key].push_back(path);
  }

  int result = exit_ok;
  for (const std::string& book : books) {
    std::string key = canonical_key(fs::is_directory(book) ? book + "/book.json" : book);
    // Read and written under the book's lock (not for --check, which writes nothing).
    talebook::BookLock lock;
    if (std::string busy = check ? "" : talebook::lock_book(book, lock); !busy.empty()) {
      std::cerr << "talec fmt: error: '" << shown(book) << "': " << busy << '\n';
      return exit_usage;
    }
    talebook::Compilation compilation;
    bool read = talebook::read_book(book, compilation.sources, compilation);
    if (!read || compilation.diagnostics.errors()) {
      print_diagnostics(compilation, options);
      if (read)
        std::cerr << "talec fmt: error: '" << shown(book)
                  << "' not formatted: the book has errors\n";
      result = std::max(result, read ? exit_errors : exit_usage);
      continue;
    }
    std::vector<std::uint32_t> files;
    for (std::uint32_t id = 1; id <= compilation.sources.size(); ++id)
      files.push_back(id);
    if (!all[key]) {
      std::vector<std::uint32_t> chosen;
      for (const std::string& path : wanted[key]) {
        std::uint32_t found = 0;
        for (std::uint32_t id : files)
          if (canonical_key(compilation.sources.file(id).path()) == canonical_key(path)) found = id;
        if (!found) return usage_error("fmt", "'" + path + "' is not a source of '" + book + "'");
        if (std::find(chosen.begin(), chosen.end(), found) == chosen.end()) chosen.push_back(found);
      }
      files = chosen;
    }
    std::vector<talebook::format::FormattedFile> formatted;
    std::string error =
        talebook::format::format_book(compilation, compilation.sources, files, format, formatted);
    if (!error.empty()) {
      std::cerr << "talec fmt: error: '" << shown(book) << "': " << shown(error) << "\n";
      result = std::max(result, exit_errors);
      continue;
    }
    // A book's files are written together or not at all, even when talec is
    // killed halfway (the next run completes the write: journal.hpp).
    std::vector<talebook::FileWrite> writes;
    std::vector<std::string> changed;
    for (const auto& f : formatted) {
      if (!f.changed) continue;
      changed.push_back(f.path);
      if (check)
        result = std::max(result, exit_errors);
      else
        writes.push_back({canonical_key(f.path), f.text});
    }
    if (!writes.empty()) {
      if (!talebook::write_book_files(compilation, "fmt", writes, error, test_commit_step())) {
        print_diagnostics(compilation, options);
        if (!error.empty()) std::cerr << "talec fmt: error: " << shown(error) << '\n';
        std::cerr << "talec fmt: error: nothing of '" << shown(book) << "' was written\n";
        return exit_usage;
      }
    }
    for (const std::string& path : changed)
      std::cout << shown(path) << '\n';
  }
  return result;
}

} // namespace talec
