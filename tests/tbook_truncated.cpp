// A book read in place (open_mapped) whose file another process truncates:
// the reader's SIGBUS guard turns the reads past the new end into FileChanged
// errors; the process lives (reader/src/mapped_file.cpp). Each case runs in a
// forked child, so that a SIGBUS fails the test instead of ending the suite.
#include <catch2/catch.hpp>

#include <csignal>
#include <functional>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "talebook/dump/dump.hpp"
#include "talebook/reader.hpp"
#include "talebook/talebook.h"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace talebook::tbook;

namespace {

// AddressSanitizer may keep SIGBUS for itself; then open_mapped reads into memory.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

// What a child found; its exit status.
enum Found : int {
  changed = 10, // a read threw FileChanged, and verify said it too
  copied = 11,  // the book was read into memory: every read as before
  read_on = 12, // mapped, yet everything read as before and verify passed
  wrong = 13,   // another error, or verify passed after a read failed
  crashed = 14, // an exception that is not BadBookError
};

// Runs `child` in a forked process; its exit status, or 128 + the signal.
int in_child(const std::function<int()>& child) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    int code = crashed;
    try {
      code = child();
    } catch (...) {
    }
    ::_exit(code);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

struct SampleFile {
  test::TempDir temp{"truncated"};
  std::string path = (temp / "book.tbook").string();
  std::string json; // the whole book as read from memory
  explicit SampleFile(const std::vector<std::string>& form = {}) {
    std::vector<std::string> args = {"build", test::source_dir() + "/book", "-o", path};
    args.insert(args.end(), form.begin(), form.end());
    REQUIRE(test::talec(args).exit == 0);
    std::string error;
    auto whole = Book::open_file(path, error);
    REQUIRE(whole);
    json = talebook::tbook_json(*whole).dump();
  }
};

// Opens `file` in place, truncates it to `size` bytes, then reads all of it.
int truncated_read(const SampleFile& file, off_t size) {
  ReadError error;
  auto book = Book::open_mapped(file.path, error);
  if (!book) return wrong;
  if (::truncate(file.path.c_str(), size) != 0) return wrong;
  bool threw = false;
  try {
    if (talebook::tbook_json(*book).dump() == file.json && !book->in_place()) return copied;
  } catch (const BadBookError& e) {
    if (e.error().kind != ReadErrorKind::FileChanged) return wrong;
    threw = true;
  }
  if (!book->in_place()) return wrong;
  ReadError verified;
  if (book->verify(verified)) return threw ? wrong : read_on;
  return verified.kind == ReadErrorKind::FileChanged ? changed : wrong;
}

} // namespace

TEST_CASE("a mapped book truncated underneath reports FileChanged and the process lives",
          "[tbook][mapped]") {
  for (const std::vector<std::string>& form :
       {std::vector<std::string>{}, {"--frame-size", "256"}, {"--unpacked"}})
    for (int size : {0, -2, 4096}) { // -2: half the file
      SampleFile file(form);
      const off_t to = size == -2 ? off_t(fs::file_size(file.path) / 2) : off_t(size);
      INFO((form.empty() ? "default" : form[0]) << ", truncated to " << to << " bytes");
      // Read in place: FileChanged at a read and at verify. Read into memory
      // (the guard could not be installed: a sanitizer's handler): as before.
      const int found = in_child([&] { return truncated_read(file, to); });
      CHECK((found == changed || found == copied));
      if (!sanitized) CHECK(found == changed); // no other SIGBUS handler here: the guard's
    }
}

TEST_CASE("the C API's mapped book truncated underneath fails its reads, never the process",
          "[tbook][mapped]") {
  SampleFile file;
  const int found = in_child([&] {
    talebook_book* book = talebook_open_mapped(file.path.c_str());
    if (!book) return int(wrong);
    if (::truncate(file.path.c_str(), 0) != 0) return int(wrong);
    bool failed = false;
    talebook_paragraph p;
    for (std::uint32_t i = 0; i < talebook_paragraph_count(book); ++i)
      if (talebook_paragraph_at(book, i, &p) == 0) failed = true;
    talebook_award a;
    for (std::uint32_t i = 0; i < 8; ++i)
      if (talebook_award_at(book, i, &a) == 0) failed = true;
    talebook_error_info info;
    talebook_last_error_info(&info);
    const bool said = failed && info.kind == TALEBOOK_ERROR_FILE_CHANGED &&
                      std::string(talebook_last_error()).find("was truncated") != std::string::npos;
    const int verified = talebook_verify(book);
    talebook_close(book);
    if (!failed && verified == 1) return int(copied); // read into memory
    return said && verified == 0 ? int(changed) : int(wrong);
  });
  CHECK((found == changed || found == copied));
  if (!sanitized) CHECK(found == changed);
}

TEST_CASE("a SIGBUS outside the reader's mappings still ends the process", "[tbook][mapped]") {
  SampleFile file;
  test::TempDir temp("foreign-sigbus");
  const std::string own = (temp / "own.bin").string();
  test::write_file(own, std::string(3 * 4096, 'x'));
  const int status = in_child([&] {
    ReadError error;
    auto book = Book::open_mapped(file.path, error); // the guard is installed
    if (!book) return int(wrong);
    const int fd = ::open(own.c_str(), O_RDONLY);
    void* p = ::mmap(nullptr, 3 * 4096, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED || ::truncate(own.c_str(), 0) != 0) return int(wrong);
    volatile const char* bytes = static_cast<const char*>(p);
    return int(bytes[2 * 4096]); // past the end: SIGBUS, not the reader's
  });
  CHECK(status != 'x'); // it never read on
  // A sanitizer's handler, installed before the guard, reports it and exits.
  if (!sanitized) CHECK(status == 128 + SIGBUS);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
