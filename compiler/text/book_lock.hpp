// One book, one writer: an advisory lock (flock(2)) on a book's manifest.
//
// A command that reads a book holds it shared while it reads the book's files;
// one that writes them (po import, fmt, review) holds it exclusive from before
// it reads them until its writes are done. So a build started during an
// import reads the book as it was before the import or as it is after it,
// never a mix, and two writers never interleave. The lock is the manifest
// file's own (no lock file is made); the kernel releases it when the process
// ends, however it ends.
//
// Within one process the locks of a file are counted: a shared lock asked for
// while this process holds the file exclusive is granted at once (a writer
// compiles the book it holds), and an exclusive lock asked for while it holds
// the file shared converts it (a reader completing an interrupted write:
// journal.hpp) and converts it back when released.
#pragma once

#include <memory>
#include <string>

namespace talebook {

class BookLock {
public:
  enum class Mode { Shared, Exclusive };

  // How long a lock is waited for before acquire() gives up.
  static constexpr int default_wait_ms = 120000;

  BookLock() = default;
  ~BookLock(); // release()
  BookLock(BookLock&& other) noexcept;
  BookLock& operator=(BookLock&& other) noexcept;

  // Locks the file `manifest` (a book's book.json). Empty on success (also when
  // the file cannot be opened: a book whose manifest cannot be read has no
  // files to protect, and the caller reports that file itself); else why not:
  // "another talec is writing this book" after `wait_ms` milliseconds.
  std::string acquire(const std::string& manifest, Mode mode, int wait_ms = default_wait_ms);
  void release();
  bool held() const { return held_; }

  struct Entry; // one file this process holds locked (book_lock.cpp)

private:
  std::shared_ptr<Entry> entry_;
  Mode mode_ = Mode::Shared;
  bool held_ = false;
  bool converted_ = false; // this lock turned the file's shared lock exclusive
};

// The book.json that `path` (a book folder or its manifest) names.
std::string manifest_of(const std::string& path);

} // namespace talebook
