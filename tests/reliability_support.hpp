// A scratch folder with a small book for the reliability tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support.hpp"

namespace reliability {

namespace fs = std::filesystem;

// A fresh folder (test::TempDir), removed with the object.
struct Scratch {
  test::TempDir temp;
  fs::path dir;
  explicit Scratch(const std::string& name) : temp("rel-" + name), dir(temp.path) {}
  std::string path(const std::string& leaf) const { return (dir / leaf).string(); }
  void write(const std::string& leaf, const std::string& bytes) const {
    fs::create_directories((dir / leaf).parent_path());
    std::ofstream(dir / leaf, std::ios::binary) << bytes;
  }
  std::string read(const std::string& leaf) const { return test::read_file(path(leaf)); }
};

// A run that must end: talec stuck on a FIFO or a device is killed after 20 s.
inline const test::RunOptions within_20s = [] {
  test::RunOptions options;
  options.timeout_seconds = 20;
  return options;
}();

inline std::string vocabulary_path() {
  return test::source_dir() + "/locales/en/vocabulary.json";
}

// book.json + one source, in `folder` of the scratch.
inline void small_book(const Scratch& s, const std::string& folder = "book",
                       const std::string& source = "@1\nNo Skill: You go on. [S1]\n") {
  s.write(folder + "/book.json",
          R"({"title": "t", "language": "en", "vocabulary": ")" + vocabulary_path() + R"("})");
  s.write(folder + "/a.tales", source);
}

} // namespace reliability
