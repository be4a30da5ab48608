// Writing an output file atomically: a temporary file in the same folder, then
// rename(2), so a failed or interrupted build never leaves a half-written file.
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "compiler/emit/emit.hpp"

namespace talebook {

std::string write_file_atomically(const std::string& path, const std::string& bytes) {
  std::string::size_type slash = path.rfind('/');
  std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.empty()) return "'" + path + "' is not a file name";
  std::string temp;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
    temp = dir + "." + name + ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) return "cannot write '" + path + "': " + std::strerror(errno);
  }
  if (fd < 0) return "cannot create a temporary file next to '" + path + "'";
  const char* p = bytes.data();
  std::size_t left = bytes.size();
  std::string error;
  while (left > 0 && error.empty()) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      error = std::strerror(n < 0 ? errno : EIO);
    else
      p += n, left -= std::size_t(n);
  }
  if (error.empty() && ::fsync(fd) != 0) error = std::strerror(errno);
  if (::close(fd) != 0 && error.empty()) error = std::strerror(errno);
  if (error.empty() && ::rename(temp.c_str(), path.c_str()) != 0) error = std::strerror(errno);
  if (!error.empty()) {
    ::unlink(temp.c_str());
    return "cannot write '" + path + "': " + error;
  }
  return {};
}

} // namespace talebook
