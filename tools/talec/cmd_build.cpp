// talec build: a checked book -> a .tbook file for engines.
#include <cstdlib>
#include <iostream>

#include "compiler/emit/emit.hpp"
#include "compiler/translate/stale.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec build [options] [BOOK] -o FILE.tbook

Compiles a book into a .tbook file (docs/binary-format.md), the binary book
that engines read with the talebook reader library. BOOK is a book folder or
its book.json (default: the nearest book.json
upward from the current folder, else book/), or one of its source files (FILE.tales: the
book.json in its folder or the nearest folder above). The book is checked exactly as 'talec check'
checks it and its diagnostics are printed the same way; a book with errors is
not written. The file is written atomically (a temporary file in the same
folder, then a rename): a failed or interrupted build leaves any previous
FILE untouched. FILE may not be a file of the book (a source, book.json, the
vocabulary) nor anything but a regular file (a device, a FIFO, a folder).
The same sources always give the same bytes. What a translation lacks falls
back to its source book's text, marked in the file so that an engine can tell
(docs/binary-format.md, "Fallbacks"); --require-complete refuses that.

options:
  -o, --output FILE          the .tbook to write (required)
  --unpacked                 compress nothing: 2 to 3 times the size, but every
                             record and string can be read in place (zero-copy)
  --stream                   compress the whole file as one zstd frame (the
                             smallest, but unpacked whole at open)
  --frame-size BYTES         a compressed record section of more than BYTES is
                             stored in frames of about BYTES of records, each
                             unpacked on its own by a mapped reader (default
                             65536; 64 to 16777216): smaller frames, less read
                             for one paragraph and a larger file
  --format text|json|sarif|github
                             how to print diagnostics (default text, on stderr;
                             json, sarif and github go to stdout)
  --werror                   treat warnings as errors (nothing is written)
  --require-complete         a translation must be complete: each fallback to
                             the source book is an error, nothing is written
                             (also "require_complete": true in its book.json)
  -j, --jobs N               threads that read, parse and check the book and
                             pack its strings (default 0: one per core, or one
                             for a book of under 64 KiB); the output is the
                             same for any N
  --color auto|always|never  colour on a terminal (default auto; NO_COLOR is honoured)
  --lang LANGUAGE            language of the messages: en, zh (default: LC_ALL,
                             LC_MESSAGES or LANG; C and POSIX are English)
  -h, --help                 show this help

exit codes: 0 written (warnings allowed), 1 the book has errors (nothing
written), 2 usage or I/O failure.
)";

// The output may not be a file the book is made of (a source, its book.json,
// its vocabulary, its translation state), nor anything but a regular file:
// writing there would destroy it (a device node, a FIFO, a folder).
} // namespace

int cmd_build(const Args& args) {
  DiagnosticOptions options;
  std::vector<std::string> paths;
  std::string output;
  talebook::EmitOptions emit;
  talebook::CompileOptions compile;
  ArgScanner scan(args, "build", help, &options);
  for (std::string a; scan.next(a);) {
    if (scan.value(a, {"-o", "--output"}, output)) continue;
    if (scan.compile_option(a, compile)) continue;
    if (scan.flag(a, "--unpacked")) {
      emit.pack = false;
      continue;
    }
    if (scan.flag(a, "--stream")) {
      emit.stream = true;
      continue;
    }
    if (std::uint64_t frame = 0; scan.number(a, {"--frame-size"}, frame, talebook::max_frame_size,
                                             talebook::min_frame_size)) {
      emit.frame_size = std::uint32_t(frame);
      continue;
    }
    if (scan.positional(a)) paths.push_back(a);
  }
  if (scan.done) return *scan.done;
  if (paths.size() > 1) return usage_error("build", "one book at a time");
  if (output.empty()) return usage_error("build", "no output file: give '-o FILE.tbook'");
  std::vector<std::string> books;
  if (!or_default_book("build", paths) || !books_for("build", paths, books)) return exit_usage;
  const std::string path = books[0];

  talebook::return_large_blocks_when_freed(); // the book is freed as it is written
  auto owned = make_unfreed<talebook::Compilation>();
  talebook::Compilation& compilation = *owned;
  bool read = talebook::compile_book(path, compilation, compile);
  const bool refused =
      read && talebook::refuse_write(compilation, output, talebook::WriteScope::Output);
  if (options.werror) compilation.diagnostics.promote_warnings();
  // Emitted before the diagnostics are printed: a book too large for the
  // format is reported among them (TB0068).
  // The file is written while the reader checks it, and committed after.
  std::string bytes, error, write_error;
  talebook::AtomicFile file;
  if (read && exit_code(compilation) == exit_ok) write_error = file.open(output);
  if (read && exit_code(compilation) == exit_ok && write_error.empty()) {
    emit.diagnostics = &compilation.diagnostics;
    emit.jobs = compile.jobs;
    emit.file = &file;
    // The tests' golden of TB0079 only: a byte of the file changed as it is
    // written, before the reader's self-check (an emitter bug, made).
    if (std::getenv("TALEBOOK_TEST_EMIT_DAMAGE"))
      emit.damage_file = [](std::string& f) { f[f.size() / 2] ^= 1; };
    // The book is consumed: freed as it is written (nothing reads it after);
    // the emitter reads no graph, which goes first.
    compilation.graph.reset();
    error = talebook::emit_tbook(std::move(compilation.book), compilation.vocabulary, bytes, emit);
  }
  print_diagnostics(compilation, options);
  if (!read) return exit_usage;
  if (exit_code(compilation) != exit_ok) {
    std::cerr << "talec build: error: '" << shown(output) << "' not written"
              << (refused ? "" : ": the book has errors") << "\n";
    return exit_errors;
  }
  if (!write_error.empty()) {
    std::cerr << "talec build: error: " << shown(write_error) << "\n";
    return exit_usage;
  }
  if (!error.empty()) {
    std::cerr << "talec build: error: '" << shown(output) << "' not written: " << shown(error)
              << "\n";
    return exit_errors;
  }
  error = file.commit();
  if (!error.empty()) {
    std::cerr << "talec build: error: " << shown(error) << "\n";
    return exit_usage;
  }
  return exit_ok;
}

} // namespace talec
