// The book's lock: flock(2) on its manifest, counted within the process (book_lock.hpp).
#include "compiler/text/book_lock.hpp"

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace talebook {

struct BookLock::Entry {
  int fd = -1;
  std::pair<dev_t, ino_t> key;
  int holders = 0;
  bool exclusive = false;
};

namespace {

std::mutex registry_mutex;
std::map<std::pair<dev_t, ino_t>, std::weak_ptr<BookLock::Entry>>& registry() {
  static std::map<std::pair<dev_t, ino_t>, std::weak_ptr<BookLock::Entry>> entries;
  return entries;
}

// flock(fd, operation), waiting up to `wait_ms` for another process to let go.
bool lock_within(int fd, int operation, int wait_ms) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
  for (;;) {
    if (::flock(fd, operation | LOCK_NB) == 0) return true;
    if (errno == EINTR) continue;
    if (errno != EWOULDBLOCK) return true; // no locks here (a file system without them): go on
    if (std::chrono::steady_clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

const char* const busy = "another talec is writing this book (try again when it is done)";

} // namespace

BookLock::~BookLock() {
  release();
}

BookLock::BookLock(BookLock&& other) noexcept
    : entry_(std::move(other.entry_)), mode_(other.mode_), held_(other.held_),
      converted_(other.converted_) {
  other.held_ = other.converted_ = false;
}

BookLock& BookLock::operator=(BookLock&& other) noexcept {
  if (this != &other) {
    release();
    entry_ = std::move(other.entry_);
    mode_ = other.mode_, held_ = other.held_, converted_ = other.converted_;
    other.held_ = other.converted_ = false;
  }
  return *this;
}

std::string BookLock::acquire(const std::string& manifest, Mode mode, int wait_ms) {
  release();
  int fd = ::open(manifest.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return {};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return {};
  }
  const int operation = mode == Mode::Exclusive ? LOCK_EX : LOCK_SH;
  std::lock_guard<std::mutex> hold(registry_mutex);
  const std::pair<dev_t, ino_t> key{st.st_dev, st.st_ino};
  if (std::shared_ptr<Entry> entry = registry()[key].lock()) { // this process holds it
    ::close(fd);
    if (mode == Mode::Exclusive && !entry->exclusive) {
      if (!lock_within(entry->fd, LOCK_EX, wait_ms)) {
        lock_within(entry->fd, LOCK_SH, wait_ms); // the shared lock back
        return busy;
      }
      entry->exclusive = true;
      converted_ = true;
    }
    ++entry->holders;
    entry_ = std::move(entry);
  } else {
    if (!lock_within(fd, operation, wait_ms)) {
      ::close(fd);
      registry().erase(key);
      return busy;
    }
    entry = std::make_shared<Entry>();
    entry->fd = fd, entry->key = key, entry->holders = 1;
    entry->exclusive = mode == Mode::Exclusive;
    registry()[key] = entry;
    entry_ = std::move(entry);
  }
  mode_ = mode;
  held_ = true;
  return {};
}

void BookLock::release() {
  if (!held_) return;
  std::lock_guard<std::mutex> hold(registry_mutex);
  if (converted_) { // back to the shared lock this process held before
    lock_within(entry_->fd, LOCK_SH, default_wait_ms);
    entry_->exclusive = false;
  }
  if (--entry_->holders == 0) {
    ::flock(entry_->fd, LOCK_UN);
    ::close(entry_->fd);
    registry().erase(entry_->key);
  }
  entry_.reset();
  held_ = converted_ = false;
}

std::string manifest_of(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return (std::filesystem::path(path) / "book.json").string();
  return path;
}

} // namespace talebook
