// Vocabularies by language: <folder>/<language>/vocabulary.json.
#include "compiler/driver/installed_vocabularies.hpp"

#include <algorithm>
#include <filesystem>

namespace talebook {

namespace fs = std::filesystem;

namespace {

std::vector<std::string>& folders() {
  static std::vector<std::string> list;
  return list;
}

bool tag_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

} // namespace

void set_vocabulary_folders(std::vector<std::string> list) {
  folders() = std::move(list);
}

const std::vector<std::string>& vocabulary_folders() {
  return folders();
}

bool names_language(std::string_view value) {
  return !value.empty() && value.size() <= 35 && value.front() != '-' &&
         std::all_of(value.begin(), value.end(), tag_char);
}

std::string installed_vocabulary(std::string_view language) {
  if (!names_language(language)) return {};
  std::error_code ec;
  for (const std::string& folder : folders()) {
    fs::path file = fs::path(folder) / std::string(language) / "vocabulary.json";
    if (fs::is_regular_file(file, ec)) return file.lexically_normal().string();
  }
  return {};
}

std::vector<std::string> installed_languages() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const std::string& folder : folders())
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      std::string name = it->path().filename().string();
      if (names_language(name) && fs::is_regular_file(it->path() / "vocabulary.json", ec))
        out.push_back(name);
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace talebook
