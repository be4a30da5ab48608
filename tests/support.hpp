// Helpers for the compiler's tests: compile text in memory, run talec.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "tests/paths.hpp"

namespace test {

// A fresh folder under the temporary directory, removed with the object.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name) {
    path = std::filesystem::temp_directory_path() /
           ("talebook-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Compiles `files` (path, text) as one English book, in memory.
inline void compile(talebook::Compilation& c,
                    const std::vector<std::pair<std::string, std::string>>& files,
                    const std::string& language = "en") {
  std::string error =
      c.vocabulary.load_file(source_dir() + "/locales/" + language + "/vocabulary.json");
  if (!error.empty()) throw std::runtime_error(error);
  c.book.language = language;
  for (const auto& [path, text] : files)
    c.sources.add(path, text);
  talebook::compile_loaded(c);
}

inline void compile(talebook::Compilation& c, const std::string& text) {
  compile(c, {{"test.tales", text}});
}

// The codes reported, in order ("TB0011"...).
inline std::vector<std::string> codes(const talebook::Compilation& c) {
  std::vector<std::string> out;
  for (const auto& d : c.diagnostics.all())
    out.push_back(talebook::info(d.code).code);
  return out;
}

struct Run {
  int exit = -1;
  std::string out, err;
};

// Runs talec with `args` (a shell-quoted string) from the project root.
inline Run talec(const std::string& args, const std::string& env = "") {
  std::string base = "/tmp/talebook_test_" + std::to_string(::getpid());
  std::string command = "cd '" + source_dir() + "' && " + env + " '" + test::talec_path() + "' " +
                        args + " >'" + base + ".out' 2>'" + base + ".err' </dev/null";
  int status = std::system(command.c_str());
  Run r;
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_file(base + ".out");
  r.err = read_file(base + ".err");
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return r;
}

} // namespace test
