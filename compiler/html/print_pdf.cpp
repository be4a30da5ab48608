// --pdf: the whole book's page printed by a headless Chromium.
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler/html/site.hpp"

extern char** environ;

namespace talebook::html {

bool print_pdf(const std::string& chromium, const std::string& page, const std::string& pdf,
               bool& missing, std::string& error) {
  namespace fs = std::filesystem;
  missing = ::access(chromium.c_str(), X_OK) != 0;
  if (missing) {
    error = "no Chromium at '" + chromium +
            "' (install Debian's chromium, or name another with TALEBOOK_CHROMIUM)";
    return false;
  }
  std::error_code ec;
  const fs::path absolute = fs::absolute(pdf, ec);
  fs::remove(absolute, ec);
  const std::string url = "file://" + fs::absolute(page, ec).string();
  std::vector<std::string> args = {chromium,
                                   "--headless",
                                   "--no-sandbox",
                                   "--disable-gpu",
                                   "--no-pdf-header-footer",
                                   "--print-to-pdf=" + absolute.string(),
                                   url};
  std::vector<char*> argv;
  for (std::string& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // Chromium's own chatter is not talec's output.
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  int failed = posix_spawn(&pid, chromium.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (failed) {
    error = "cannot run '" + chromium + "': " + std::strerror(failed);
    return false;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !fs::exists(absolute, ec) ||
      fs::file_size(absolute, ec) == 0) {
    error = "Chromium wrote no PDF to '" + pdf + "'";
    return false;
  }
  return true;
}

} // namespace talebook::html
