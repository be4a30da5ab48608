// A command's writes into a book folder, all or none even when the process is
// killed (SIGKILL, a power cut) halfway.
//
// commit_files writes, in this order:
//   1. the intent `.talec-journal.new` in the book folder: what is written
//      where (JSON), synced;
//   2. each file's new bytes to a temporary `.NAME.talec-new` next to it, synced;
//   3. the commit: the intent renamed `.talec-journal` (one atomic step);
//   4. each temporary renamed over its file;
//   5. the journal removed.
// A run killed before step 3 wrote nothing that counts: the next run finds the
// intent and removes it and the temporaries (rolled back). A run killed after
// it finds the journal and renames what is left (completed). Every command
// that reads the book does this first (compile_book, under the book's lock:
// book_lock.hpp), so no command ever reads a book half-written; where the
// folder cannot be written, the command reports the book half-written (TB0082).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "compiler/text/files.hpp" // FileWrite

namespace talebook {

inline constexpr const char* journal_name = ".talec-journal";
inline constexpr const char* intent_name = ".talec-journal.new";

// Called at each step of commit_files, with the step's name ("intent",
// "temporary", "commit", "rename", "done"): a test stops the process there.
using CommitStep = std::function<void(const char* step)>;

// Writes `files` (paths inside `book_dir`) for the command named `command`
// ("po import"). The caller holds the book's lock exclusive. Each file must be
// a regular file or not exist yet, in a folder that exists. Empty on success,
// else the error; an error before the commit leaves every file as it was, one
// after it (a rename refused) leaves the journal for the next run to complete.
std::string commit_files(const std::string& book_dir, const std::string& command,
                         const std::vector<FileWrite>& files, const CommitStep& at_step = {});

struct Recovery {
  enum class State {
    None,       // nothing was interrupted
    Completed,  // an interrupted commit's renames were done now
    RolledBack, // an interrupted write before its commit: its temporaries removed
    Failed,     // the book stays half-written: `error` says why
  } state = State::None;
  std::string command; // what was interrupted ("po import")
  std::size_t files = 0;
  std::string error;
};

// True when `book_dir` holds a journal or an intent (a write was interrupted).
bool write_interrupted(const std::string& book_dir);

// Completes or rolls back what a killed commit_files left in `book_dir`. The
// caller holds the book's lock exclusive.
Recovery recover_writes(const std::string& book_dir);

} // namespace talebook
