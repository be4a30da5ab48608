// The includes of a library's folder, for the layout tests of the libraries
// beside the reader (layout_engine.cpp, layout_dump.cpp).
#pragma once

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "tests/support.hpp"

namespace test {

struct Include {
  std::filesystem::path file; // the including file
  std::string name;           // as written between the brackets or quotes
  bool angle = false;         // <name> rather than "name"
};

// Every #include of the .cpp and .hpp files below `folder`; `files` counts the files read.
inline std::vector<Include> includes_below(const std::filesystem::path& folder,
                                           std::size_t& files) {
  const std::regex include("#\\s*include\\s*([<\"])([^>\"]+)[>\"]");
  std::vector<Include> out;
  files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    ++files;
    const std::string text = read_file(entry.path().string());
    for (std::sregex_iterator it(text.begin(), text.end(), include), end; it != end; ++it)
      out.push_back({entry.path(), (*it)[2], (*it)[1] == "<"});
  }
  return out;
}

} // namespace test
