// Which books the paths of `talec check`/`build` name: a source file names the
// book whose book.json is in its folder or the nearest folder above.
#include <algorithm>
#include <filesystem>

#include "tools/talec/cli.hpp"

namespace talec {
namespace fs = std::filesystem;
namespace {

bool is_source_file(const std::string& path) {
  return fs::path(path).extension() == ".tales";
}

// The nearest book.json at or above the file's folder, as a path the user can
// read (relative to the current folder when it is below it); empty if none.
std::string find_manifest(const std::string& file) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  fs::path dir = fs::absolute(file, ec).lexically_normal().parent_path();
  for (;;) {
    if (fs::is_regular_file(dir / "book.json", ec)) {
      fs::path shown = dir.lexically_proximate(cwd);
      return (shown / "book.json").lexically_normal().string();
    }
    if (dir == dir.root_path() || !dir.has_parent_path()) return {};
    dir = dir.parent_path();
  }
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec);
}

// A book folder stands for its book.json.
bool same_book(const std::string& a, const std::string& b) {
  std::error_code ec;
  auto manifest = [&](const std::string& p) {
    return fs::is_directory(p, ec) ? (fs::path(p) / "book.json").string() : p;
  };
  return a == b || same_file(manifest(a), manifest(b));
}

} // namespace

bool books_for(const std::string& command, const std::vector<std::string>& paths,
               std::vector<std::string>& books) {
  for (const std::string& path : paths) {
    std::string book = path;
    if (is_source_file(path)) {
      std::error_code ec;
      if (!fs::is_regular_file(path, ec)) {
        usage_error(command, "no such file '" + path + "'");
        return false;
      }
      book = find_manifest(path);
      if (book.empty()) {
        usage_error(command, "no book.json in the folder of '" + path + "' or any folder above it");
        return false;
      }
      talebook::Manifest manifest;
      if (talebook::load_manifest(book, manifest).empty()) {
        auto files = talebook::source_files(manifest);
        if (std::none_of(files.begin(), files.end(),
                         [&](const std::string& f) { return same_file(f, path); })) {
          usage_error(command, "'" + path + "' is not a source of the book '" + book +
                                   "' (see its \"sources\")");
          return false;
        }
      }
    }
    bool seen = std::any_of(books.begin(), books.end(),
                            [&](const std::string& b) { return same_book(b, book); });
    if (!seen) books.push_back(book);
  }
  return true;
}

} // namespace talec
