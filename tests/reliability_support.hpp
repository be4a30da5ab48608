// A scratch folder with a small book for the reliability tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support.hpp"

namespace reliability {

namespace fs = std::filesystem;

// A fresh folder under /tmp, removed with the object.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name) {
    dir = fs::temp_directory_path() / ("talebook_rel_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string path(const std::string& leaf) const { return (dir / leaf).string(); }
  void write(const std::string& leaf, const std::string& bytes) const {
    fs::create_directories((dir / leaf).parent_path());
    std::ofstream(dir / leaf, std::ios::binary) << bytes;
  }
  std::string read(const std::string& leaf) const { return test::read_file(path(leaf)); }
};

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
