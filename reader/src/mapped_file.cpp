// MappedFile: a file mapped read-only with POSIX mmap; where there is no mmap
// (or for an empty file), the file read into memory.
#include <fstream>

#include "book_data.hpp"

#if __has_include(<sys/mman.h>)
#include <fcntl.h>
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
class PosixMap : public MappedFile {
public:
  PosixMap(void* data, std::size_t size) : data_(data), size_(size) {}
  ~PosixMap() override { ::munmap(data_, size_); }
  const unsigned char* data() const override { return static_cast<const unsigned char*>(data_); }
  std::size_t size() const override { return size_; }

private:
  void* data_;
  std::size_t size_;
};
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
  void* p = ::mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (p == MAP_FAILED) return copied(path, error);
  return std::make_unique<PosixMap>(p, std::size_t(st.st_size));
#else
  return copied(path, error);
#endif
}

} // namespace talebook::tbook
