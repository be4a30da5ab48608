// Regular files only, bounded reads, atomic writes (see files.hpp).
#include "compiler/text/files.hpp"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <optional>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace talebook {
namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

std::string too_large(std::size_t limit) {
  return "larger than the limit of " + std::to_string(limit) + " bytes";
}

// The temporary file being written, removed by the signal handler. A fixed
// buffer: a handler may only call async-signal-safe functions (unlink, raise).
char pending_temp[4096];
volatile std::sig_atomic_t temp_pending = 0;

extern "C" void remove_temp_and_die(int signal) {
  if (temp_pending) ::unlink(pending_temp);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

struct TempGuard {
  struct sigaction old[3];
  static constexpr int signals[3] = {SIGINT, SIGTERM, SIGHUP};
  explicit TempGuard(const std::string& temp) {
    std::size_t n = std::min(temp.size(), sizeof pending_temp - 1);
    std::memcpy(pending_temp, temp.data(), n);
    pending_temp[n] = '\0';
    temp_pending = 1;
    struct sigaction action {};
    action.sa_handler = remove_temp_and_die;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 3; ++i)
      ::sigaction(signals[i], &action, &old[i]);
  }
  ~TempGuard() {
    for (int i = 0; i < 3; ++i)
      ::sigaction(signals[i], &old[i], nullptr);
    temp_pending = 0;
  }
};

// Removes `.NAME.tmpPID-N` files next to the output whose process is gone (a
// build killed by SIGKILL or a power cut cannot remove its own).
void remove_stale_temps(const std::string& dir, const std::string& name) {
  const std::string prefix = "." + name + ".tmp";
  DIR* folder = ::opendir(dir.empty() ? "." : dir.c_str());
  if (!folder) return;
  while (const dirent* entry = ::readdir(folder)) {
    std::string leaf = entry->d_name;
    if (leaf.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = leaf.substr(prefix.size());
    std::size_t dash = rest.find('-');
    if (dash == 0 || dash == std::string::npos ||
        rest.find_first_not_of("0123456789-") != std::string::npos)
      continue;
    long pid = std::strtol(rest.substr(0, dash).c_str(), nullptr, 10);
    if (pid <= 0 || pid == ::getpid()) continue;
    if (::kill(pid_t(pid), 0) == 0 || errno != ESRCH) continue; // still running
    ::unlink((dir + leaf).c_str());
  }
  ::closedir(folder);
}

} // namespace

std::string read_regular_file(const std::string& path, std::string& bytes, std::size_t limit) {
  bytes.clear();
  // O_NONBLOCK: opening a FIFO must not wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return errno == ENOENT ? "no such file" : std::strerror(errno);
  struct stat st {};
  std::string error;
  if (::fstat(fd, &st) != 0)
    error = std::strerror(errno);
  else if (!S_ISREG(st.st_mode))
    error = "not a regular file (" + kind_of(st.st_mode) + ")";
  else if (std::uintmax_t(st.st_size) > limit)
    error = too_large(limit);
  if (error.empty()) {
    // One byte more than the file: a read that fills it means the file grew,
    // and the usual end of file costs no second buffer.
    bytes.resize(std::size_t(st.st_size) + 1);
    std::size_t got = 0;
    for (;;) {
      if (got == bytes.size()) {
        if (got > limit) break;
        bytes.resize(std::min(limit + 1, got + 65536)); // the file grew meanwhile
      }
      ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        error = std::strerror(errno);
        break;
      }
      if (n == 0) break;
      got += std::size_t(n);
    }
    bytes.resize(got);
    if (error.empty() && got > limit) error = too_large(limit);
  }
  ::close(fd);
  if (!error.empty()) bytes.clear();
  return error;
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

struct AtomicFile::Guard {
  std::optional<TempGuard> guard;
};

AtomicFile::AtomicFile() = default;
AtomicFile::~AtomicFile() {
  discard();
}

std::string AtomicFile::open(const std::string& requested) {
  discard();
  requested_ = requested;
  error_.clear();
  size_ = 0;
  path_ = requested;
  struct stat st {};
  existed_ = ::lstat(path_.c_str(), &st) == 0;
  if (existed_) {
    if (S_ISLNK(st.st_mode)) {
      // Write through a link to a regular file (the link stays a link).
      char* target = ::realpath(path_.c_str(), nullptr);
      struct stat tst {};
      if (!target || ::stat(target, &tst) != 0) {
        std::free(target);
        return "refusing to write '" + requested + "': a symbolic link to nothing";
      }
      path_ = target;
      std::free(target);
      st = tst;
    }
    if (!S_ISREG(st.st_mode))
      return "refusing to write '" + requested + "': not a regular file (" + kind_of(st.st_mode) +
             ")";
    mode_ = st.st_mode & 07777;
  }
  std::string::size_type slash = path_.rfind('/');
  std::string dir = slash == std::string::npos ? "" : path_.substr(0, slash + 1);
  std::string name = slash == std::string::npos ? path_ : path_.substr(slash + 1);
  if (name.empty() || name == "." || name == "..") return "'" + requested + "' is not a file name";
  remove_stale_temps(dir, name);
  int fd = -1, open_error = 0;
  // The signals wait while the temporary is created and its guard armed, so
  // that no signal falls between the two.
  sigset_t blocked, previous;
  sigemptyset(&blocked);
  for (int signal : TempGuard::signals)
    sigaddset(&blocked, signal);
  ::pthread_sigmask(SIG_BLOCK, &blocked, &previous);
  for (int attempt = 0; fd < 0 && attempt < 100 && !open_error; ++attempt) {
    temp_ = dir + "." + name + ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
    fd = ::open(temp_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd < 0 && errno != EEXIST) open_error = errno;
  }
  if (fd >= 0) {
    guard_ = std::make_unique<Guard>();
    guard_->guard.emplace(temp_);
    fd_ = fd;
  }
  ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (open_error) return "cannot write '" + requested + "': " + std::strerror(open_error);
  if (fd < 0) return "cannot create a temporary file next to '" + requested + "'";
  return {};
}

bool AtomicFile::write(std::string_view bytes) {
  if (write_at(size_, bytes)) size_ += bytes.size();
  return error_.empty();
}

bool AtomicFile::write_at(std::uint64_t offset, std::string_view bytes) {
  if (fd_ < 0 && error_.empty()) error_ = "not open";
  const char* p = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0 && error_.empty()) {
    ssize_t n = ::pwrite(fd_, p, left, off_t(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      error_ = std::strerror(n < 0 ? errno : EIO);
    else
      p += n, left -= std::size_t(n), offset += std::uint64_t(n);
  }
  return error_.empty();
}

bool AtomicFile::read_at(std::uint64_t offset, std::uint64_t size, std::string& out) {
  if (fd_ < 0 && error_.empty()) error_ = "not open";
  const std::size_t start = out.size();
  out.resize(start + std::size_t(size));
  char* p = out.data() + start;
  std::size_t left = std::size_t(size);
  while (left > 0 && error_.empty()) {
    ssize_t n = ::pread(fd_, p, left, off_t(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      error_ = n < 0 ? std::strerror(errno) : "cannot read back what was written";
    else
      p += n, left -= std::size_t(n), offset += std::uint64_t(n);
  }
  if (!error_.empty()) out.resize(start);
  return error_.empty();
}

bool AtomicFile::truncate(std::uint64_t size) {
  if (fd_ < 0 && error_.empty()) error_ = "not open";
  if (error_.empty() && ::ftruncate(fd_, off_t(size)) != 0) error_ = std::strerror(errno);
  return error_.empty();
}

bool AtomicFile::sync() {
  if (error_.empty() && fd_ >= 0 && ::fsync(fd_) != 0) error_ = std::strerror(errno);
  return error_.empty();
}

std::string AtomicFile::commit() {
  if (fd_ < 0 && error_.empty()) error_ = "not open";
  // A file that exists keeps its permissions (the temporary was made 0666
  // less the umask, as a new file is).
  if (error_.empty() && existed_ && ::fchmod(fd_, mode_) != 0) error_ = std::strerror(errno);
  sync();
  if (fd_ >= 0 && ::close(fd_) != 0 && error_.empty()) error_ = std::strerror(errno);
  fd_ = -1;
  if (error_.empty() && ::rename(temp_.c_str(), path_.c_str()) != 0) error_ = std::strerror(errno);
  if (!error_.empty()) {
    ::unlink(temp_.c_str());
    guard_.reset();
    return "cannot write '" + requested_ + "': " + error_;
  }
  guard_.reset();
  return {};
}

void AtomicFile::discard() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
    ::unlink(temp_.c_str());
  }
  guard_.reset();
}

std::string write_file_atomically(const std::string& requested, const std::string& bytes) {
  AtomicFile file;
  if (std::string error = file.open(requested); !error.empty()) return error;
  file.write(bytes);
  return file.commit();
}

} // namespace talebook
