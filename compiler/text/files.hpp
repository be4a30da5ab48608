// Reading and writing the files of a book, safely.
//
// Only regular files are read (never a directory, a FIFO or a device), and
// only up to a size limit, so that no input can hang the compiler or fill its
// memory. Every file talec writes goes through write_file_atomically.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace talebook {

// The largest source, manifest, vocabulary or state file read (64 MiB: a
// whole book is well under 2 MiB).
inline constexpr std::size_t max_input_bytes = std::size_t(64) << 20;

// Reads the regular file `path` (at most `limit` bytes) into `bytes`. Empty
// string on success, else the reason: "no such file", "not a regular file (a
// directory)", "larger than the limit of 67108864 bytes"...
std::string read_regular_file(const std::string& path, std::string& bytes,
                              std::size_t limit = max_input_bytes);

// True when both paths name the same existing file (same device and inode).
bool same_file(const std::string& a, const std::string& b);

// Writes `bytes` to `path` atomically: a temporary file `.NAME.tmpPID-N` in the
// same folder, then rename(2), so that a failure leaves any previous file
// untouched. Refuses a `path` that exists and is not a regular file (a device,
// a FIFO, a folder, or a symbolic link to one; a link to a regular file is
// written through). The temporary file is removed on failure and on SIGINT,
// SIGTERM or SIGHUP; the temporaries that a killed run left next to `path` are
// removed first. Empty string on success, else the error.
std::string write_file_atomically(const std::string& path, const std::string& bytes);

// A file written atomically in steps, as write_file_atomically writes one:
// open() refuses what it refuses and creates the temporary; write() and
// write_at() fill it (the first error is kept: they return false from then
// on), read_at() reads it back; commit() gives it the name `path` (fsync, rename). A file not
// committed is removed: by discard(), the destructor, a failed commit, or the signals. One at a
// time in a process (the signal handler knows one temporary).
class AtomicFile {
public:
  AtomicFile();
  ~AtomicFile(); // discard()
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::string open(const std::string& path); // empty on success, else the error
  bool write(std::string_view bytes);        // after what was written
  bool write_at(std::uint64_t offset, std::string_view bytes);
  // Appends the written bytes [offset, offset + size) to `out` (a writer's
  // check of what it wrote); false on an error or past the end.
  bool read_at(std::uint64_t offset, std::uint64_t size, std::string& out);
  bool truncate(std::uint64_t size);                  // to `size` bytes
  const std::string& error() const { return error_; } // the first error, empty if none
  bool sync();          // fsync: what commit() waits for, started earlier (on another thread)
  std::string commit(); // empty on success, else the error
  void discard();
  const std::string& temporary() const { return temp_; }

private:
  struct Guard;
  std::unique_ptr<Guard> guard_;
  std::string requested_, path_, temp_, error_;
  int fd_ = -1;
  bool existed_ = false;
  unsigned mode_ = 0;
  std::uint64_t size_ = 0;
};

// One file a command writes: its path and all its bytes (journal.hpp's
// commit_files writes several, all or none).
struct FileWrite {
  std::string path;
  std::string bytes;
};

} // namespace talebook
