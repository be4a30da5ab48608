#include "tests/support.hpp"

#include "compiler/driver/installed_vocabularies.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace test {

namespace {

std::atomic<unsigned> serial{0};

// The vocabularies a book may name by language ("vocabulary": "en"), as the
// built talec finds them (its build tree links to the source tree's).
const bool vocabularies_set = [] {
  talebook::set_vocabulary_folders({source_dir() + "/locales"});
  return true;
}();

} // namespace

fs::path temp_path(const std::string& name) {
  return fs::temp_directory_path() /
         ("talebook-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
}

TempDir::TempDir(const std::string& name) : path(temp_path(name)) {
  fs::remove_all(path);
  fs::create_directories(path);
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path, ec);
}

Run run(const std::string& program, const std::vector<std::string>& args,
        const RunOptions& options) {
  TempDir io("run");
  const std::string out = (io.path / "out").string();
  const std::string err = (io.path / "err").string();
  std::string in = "/dev/null";
  if (options.input) {
    in = (io.path / "in").string();
    std::ofstream(in, std::ios::binary) << *options.input;
  }
  const std::string cwd = options.cwd.empty() ? source_dir() : options.cwd.string();
  std::vector<std::string> argv_text = {program};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text)
    argv.push_back(a.data());
  argv.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    // The child: only async-signal-safe calls matter little here (Catch2 runs
    // one thread), but nothing returns into the test.
    const int fd_in = ::open(in.c_str(), O_RDONLY);
    const int fd_out = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int fd_err = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd_in < 0 || fd_out < 0 || fd_err < 0 || ::chdir(cwd.c_str()) != 0) ::_exit(125);
    ::dup2(fd_in, 0);
    ::dup2(fd_out, 1);
    ::dup2(fd_err, 2);
    if (options.timeout_seconds > 0) ::alarm(options.timeout_seconds);
    for (const std::string& name : options.unset)
      ::unsetenv(name.c_str());
    for (const auto& [name, value] : options.env)
      ::setenv(name.c_str(), value.c_str(), 1);
    if (program.find('/') == std::string::npos)
      ::execvp(program.c_str(), argv.data());
    else
      ::execv(program.c_str(), argv.data());
    const std::string why = "cannot run " + program + ": " + std::strerror(errno) + "\n";
    [[maybe_unused]] auto ignored = ::write(2, why.data(), why.size());
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  Run r;
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

Run talec(const std::vector<std::string>& args, const RunOptions& options) {
  return run(talec_path(), args, options);
}

bool rebasing() {
  return std::getenv("TALEBOOK_REBASE") != nullptr;
}

void rebase(const fs::path& path, const std::string& text) {
  if (fs::exists(path) && read_file(path.string()) == text) return;
  write_file(path, text);
  std::printf("rebased %s\n", path.string().c_str());
}

bool has_program(const std::string& program) {
  if (program.find('/') != std::string::npos) return ::access(program.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / program;
    if (::access(candidate.c_str(), X_OK) == 0) return true;
  }
  return false;
}

std::string missing_tool(const std::string& program, const std::string& package) {
  return "this test needs '" + program + "' (Debian package " + package +
         "), which is not installed: run `bash tools/setup.sh` (README, Set-up)";
}

} // namespace test
