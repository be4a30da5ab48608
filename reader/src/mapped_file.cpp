// MappedFile: a file mapped read-only with POSIX mmap; where there is no mmap
// (or for an empty file), the file read into memory.
//
// A mapped file truncated by another process makes a read past its new end
// raise SIGBUS. The reader's guard catches it for its own mappings: its
// handler maps a page of zeros over the page read (mmap is async-signal-safe)
// and marks the mapping changed, so the read goes on, the section's check
// fails and the book reports FileChanged instead of the process dying. A SIGBUS
// elsewhere goes to the handler installed before the guard, or ends the
// process as it would have. Where the guard cannot be installed (another
// handler replaced it, or a sanitizer keeps SIGBUS for itself) the file is
// read into memory instead.
#include <fstream>

#include "book_data.hpp"

#if __has_include(<sys/mman.h>)
#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define TALEBOOK_MMAP 1
#endif

namespace talebook::tbook {
namespace {

class CopiedFile : public MappedFile {
public:
  explicit CopiedFile(std::vector<unsigned char> bytes) : bytes_(std::move(bytes)) {}
  const unsigned char* data() const override { return bytes_.data(); }
  std::size_t size() const override { return bytes_.size(); }

private:
  std::vector<unsigned char> bytes_;
};

std::unique_ptr<MappedFile> copied(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
  if (!in && !in.eof()) {
    error = "cannot read '" + path + "'";
    return nullptr;
  }
  return std::make_unique<CopiedFile>(std::move(bytes));
}

#ifdef TALEBOOK_MMAP
// The mappings the guard covers: fixed slots the handler reads without a lock.
struct GuardSlot {
  std::atomic<std::uintptr_t> begin{0}, end{0};
  std::atomic<bool> faulted{false};
};
constexpr std::size_t guard_slots = 256;
GuardSlot slots[guard_slots];
std::mutex slots_mutex;
struct sigaction before_guard;
std::uintptr_t page_size = 4096;

void on_sigbus(int signal, siginfo_t* info, void* context) {
  const auto at = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (GuardSlot& slot : slots) {
    const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
    if (!begin || at < begin || at >= slot.end.load(std::memory_order_acquire)) continue;
    void* page = reinterpret_cast<void*>(at & ~(page_size - 1));
    if (::mmap(page, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
        MAP_FAILED) {
      slot.faulted.store(true, std::memory_order_release);
      return; // the read is done again, on zeros
    }
  }
  // Not ours: as before the guard.
  if ((before_guard.sa_flags & SA_SIGINFO) && before_guard.sa_sigaction) {
    before_guard.sa_sigaction(signal, info, context);
    return;
  }
  if (before_guard.sa_handler != SIG_DFL && before_guard.sa_handler != SIG_IGN) {
    before_guard.sa_handler(signal);
    return;
  }
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  ::sigaction(SIGBUS, &fallback, nullptr); // the read faults again and ends the process
}

// Installs the handler once; true while it is the process's SIGBUS handler.
bool guard_installed() {
  static const bool installed = [] {
    page_size = std::uintptr_t(::sysconf(_SC_PAGESIZE));
    struct sigaction guard {};
    guard.sa_sigaction = on_sigbus;
    guard.sa_flags = SA_SIGINFO;
    sigemptyset(&guard.sa_mask);
    return ::sigaction(SIGBUS, &guard, &before_guard) == 0;
  }();
  struct sigaction now {};
  return installed && ::sigaction(SIGBUS, nullptr, &now) == 0 && (now.sa_flags & SA_SIGINFO) &&
         now.sa_sigaction == on_sigbus;
}

class PosixMap : public MappedFile {
public:
  PosixMap(void* data, std::size_t size, GuardSlot* slot) : data_(data), size_(size), slot_(slot) {}
  ~PosixMap() override {
    {
      std::lock_guard<std::mutex> lock(slots_mutex);
      slot_->begin.store(0, std::memory_order_release);
      slot_->end.store(0, std::memory_order_release);
    }
    ::munmap(data_, size_);
  }
  const unsigned char* data() const override { return static_cast<const unsigned char*>(data_); }
  std::size_t size() const override { return size_; }
  bool changed() const override { return slot_->faulted.load(std::memory_order_acquire); }
  bool in_place() const override { return true; }

private:
  void* data_;
  std::size_t size_;
  GuardSlot* slot_;
};

// A free slot for the mapping [data, data + size), or null when all are taken.
GuardSlot* guard(void* data, std::size_t size) {
  std::lock_guard<std::mutex> lock(slots_mutex);
  for (GuardSlot& slot : slots)
    if (!slot.begin.load(std::memory_order_relaxed)) {
      slot.faulted.store(false, std::memory_order_relaxed);
      slot.end.store(reinterpret_cast<std::uintptr_t>(data) + size, std::memory_order_relaxed);
      slot.begin.store(reinterpret_cast<std::uintptr_t>(data), std::memory_order_release);
      return &slot;
    }
  return nullptr;
}
#endif

} // namespace

std::unique_ptr<MappedFile> MappedFile::open(const std::string& path, std::string& error) {
#ifdef TALEBOOK_MMAP
  // O_NONBLOCK: a FIFO (or a device) is refused below, never waited on; it
  // changes nothing for a regular file.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    error = "cannot open '" + path + "'";
    return nullptr;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    error = "cannot open '" + path + "': not a regular file";
    return nullptr;
  }
  if (std::uint64_t(st.st_size) > layout::max_file_size) {
    ::close(fd);
    error = "bad book file: '" + path + "' is larger than " +
            std::to_string(layout::max_file_size) + " bytes";
    return nullptr;
  }
  if (st.st_size == 0) {
    ::close(fd);
    return std::make_unique<CopiedFile>(std::vector<unsigned char>());
  }
  if (!guard_installed()) { // a read past a truncated end would end the process
    ::close(fd);
    return copied(path, error);
  }
  void* p = ::mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (p == MAP_FAILED) return copied(path, error);
  GuardSlot* slot = guard(p, std::size_t(st.st_size));
  if (!slot) {
    ::munmap(p, std::size_t(st.st_size));
    return copied(path, error);
  }
  return std::make_unique<PosixMap>(p, std::size_t(st.st_size), slot);
#else
  return copied(path, error);
#endif
}

} // namespace talebook::tbook
