// The one way a command writes a file: every command that writes (build, po
// export, po import, fmt, review, simulate --coverage) asks refuse_write
// first, then writes atomically: a file of its own with AtomicFile or
// write_file_atomically, the book's own files with write_book_files, all or
// none (compiler/text/journal.hpp).
#pragma once

#include <string>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "compiler/text/book_lock.hpp"
#include "compiler/text/journal.hpp"

namespace talebook {

enum class WriteScope {
  // A file of the command's own (build -o, po export -o, simulate --coverage):
  // never a file the book reads (TB0053), nor one it would read as a source
  // once written (TB0059), nor a device, FIFO, folder or dangling link (TB0054).
  Output,
  // The book's own files (po import, fmt, review): its sources, a new source
  // its manifest reads, its translation state; nothing else (TB0059), and no
  // file that is not a regular one (TB0054).
  BookFiles,
};

// Reports why `path` may not be written in `scope` of the compiled book `c`
// (to c.diagnostics) and returns true; false when it may be written.
bool refuse_write(Compilation& c, const std::string& path, WriteScope scope);

// Writes `files` of the book `c` for `command` ("po import"): each is checked
// with refuse_write(BookFiles), then all are written or none, even when the
// process is killed halfway. The caller holds the book's lock exclusive
// (lock_book). False when something was refused (reported to c.diagnostics,
// `error` empty) or could not be written (`error` says why); nothing was
// written then, unless `error` says the next run completes it.
bool write_book_files(Compilation& c, const std::string& command,
                      const std::vector<FileWrite>& files, std::string& error,
                      const CommitStep& at_step = {});

// Takes the lock of the book at `path` (a folder or its book.json) before a
// command that writes the book reads it. Empty on success, else why not.
std::string lock_book(const std::string& path, BookLock& lock);

} // namespace talebook
