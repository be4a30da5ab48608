// talec check: every problem of a book (or a translation), in one run.
#include <iostream>
#include <unistd.h>

#include "compiler/diagnostics/messages.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec check [options] [PATH...]

Checks a book: its syntax, every paragraph reference and matrix link, award
codes and names. PATH is a book folder or its book.json (default: the nearest book.json
upward from the current folder, else book/), or
a source file (FILE.tales): then the book whose book.json is in the file's
folder or the nearest folder above is checked, whole (a change in one file
can break a reference in another), once however many of its files are named;
or another file a book reads (its vocabulary.json, a translation-state.json):
then every book in the current folder or below that reads it.
A translation (a book whose book.json says what it "translates") is also
compared with its source book. A paragraph, section, reaction matrix or card
the translation lacks falls back to its source's, with one warning naming it
(docs/translation.md, "Partial translations"). A book with nothing to report
prints nothing, except on a terminal: one line saying it checks clean.

options:
  --format text|json|sarif|github
                             how to print diagnostics (default text, on stderr;
                             json, sarif and github go to stdout; github prints
                             GitHub Actions workflow commands: annotations)
  --werror                   treat warnings as errors
  --require-complete         a translation must be complete: each fallback to
                             the source book is an error (also
                             "require_complete": true in its book.json)
  -j, --jobs N               threads that read, parse and check the book
                             (default 0: one per core, or one for a book of
                             under 64 KiB); the output is the same for any N
  --color auto|always|never  colour on a terminal (default auto; NO_COLOR is honoured)
  --lang LANGUAGE            language of the messages: en, zh (default: LC_ALL,
                             LC_MESSAGES or LANG; C and POSIX are English)
  -h, --help                 show this help

exit codes: 0 no errors (warnings allowed), 1 errors, 2 usage or I/O failure.
)";

} // namespace

int cmd_check(const Args& args) {
  DiagnosticOptions options;
  std::vector<std::string> paths;
  ArgScanner scan(args, "check", help, &options);
  talebook::CompileOptions compile;
  for (std::string a; scan.next(a);) {
    if (scan.compile_option(a, compile)) continue;
    if (scan.positional(a)) paths.push_back(a);
  }
  if (scan.done) return *scan.done;
  std::vector<std::string> books;
  if (!or_default_book("check", paths) || !books_for("check", paths, books)) return exit_usage;
  int result = exit_ok;
  for (const std::string& path : books) {
    auto compilation = make_unfreed<talebook::Compilation>();
    compilation.get_deleter().free |= &path != &books.back(); // the next book's memory
    bool read = talebook::compile_book(path, *compilation, compile);
    if (options.werror) compilation->diagnostics.promote_warnings();
    print_diagnostics(*compilation, options);
    // Silence is success for CI and editors; a writer at a terminal is told so.
    if (read && options.format == "text" && compilation->diagnostics.all().empty() &&
        isatty(STDERR_FILENO))
      std::cerr << talebook::localized(
                       talebook::MessageText::Clean,
                       {talebook::arg::text(path), compilation->book.paragraphs.size()},
                       options.language.empty() ? talebook::message_language_from_environment()
                                                : options.language)
                << '\n';
    int code = read ? exit_code(*compilation) : exit_usage;
    result = std::max(result, code);
  }
  return result;
}

} // namespace talec
