// Which books the paths of `talec check`/`build` name: a source file names the
// book whose book.json is in its folder or the nearest folder above; another
// file a book reads (a vocabulary) names the books below the current folder
// that read it.
#include <algorithm>
#include <filesystem>

#include "compiler/text/files.hpp"
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

// A book folder stands for its book.json.
bool same_book(const std::string& a, const std::string& b) {
  std::error_code ec;
  auto manifest = [&](const std::string& p) {
    return fs::is_directory(p, ec) ? (fs::path(p) / "book.json").string() : p;
  };
  return a == b || talebook::same_file(manifest(a), manifest(b));
}

// A file a book reads besides its manifest and sources: its vocabulary, or a
// translation's translation-state.json (what the pre-commit hook passes).
bool is_read_file(const std::string& path) {
  fs::path p(path);
  return p.extension() == ".json" && p.filename() != "book.json";
}

// The books in the current folder or below (hidden folders skipped) that read
// `file` (as their vocabulary or translation state), as paths the user can read.
std::vector<std::string> books_reading(const std::string& file) {
  std::vector<std::string> out;
  std::error_code ec;
  const auto options = fs::directory_options::skip_permission_denied;
  for (fs::recursive_directory_iterator it(".", options, ec), end; !ec && it != end;
       it.increment(ec)) {
    const fs::path& p = it->path();
    if (it->is_directory(ec) && p.filename().string().rfind('.', 0) == 0) {
      it.disable_recursion_pending();
      continue;
    }
    if (p.filename() != "book.json" || !it->is_regular_file(ec)) continue;
    talebook::Manifest manifest;
    if (!talebook::load_manifest(p.string(), manifest).empty()) continue;
    if (talebook::same_file(manifest.vocabulary, file) ||
        (!manifest.translates.empty() &&
         talebook::same_file((fs::path(manifest.dir) / "translation-state.json").string(), file)))
      out.push_back(p.lexically_normal().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A file named on the command line: false (a usage error) if it is not there.
bool named_file_exists(const std::string& command, const std::string& path) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return true;
  usage_error(command, "no such file '" + path + "'");
  return false;
}

} // namespace

std::string nearest_book() {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (ec) return {};
  for (fs::path dir = cwd;; dir = dir.parent_path()) {
    if (fs::is_regular_file(dir / "book.json", ec))
      return dir == cwd ? "book.json" : (dir.lexically_proximate(cwd) / "book.json").string();
    if (dir == dir.root_path() || !dir.has_parent_path()) return {};
  }
}

std::optional<std::string> default_book(const std::string& command) {
  std::string nearest = nearest_book();
  if (!nearest.empty()) return nearest;
  std::error_code ec;
  if (fs::exists("book", ec)) return "book";
  usage_error(command, "no book here: no book.json in this folder or any folder above it, and no "
                       "'book/'; name a book, or start one with 'talec init'");
  return std::nullopt;
}

bool or_default_book(const std::string& command, std::vector<std::string>& paths) {
  if (!paths.empty()) return true;
  auto book = default_book(command);
  if (book) paths.push_back(*book);
  return book.has_value();
}

bool books_for(const std::string& command, const std::vector<std::string>& paths,
               std::vector<std::string>& books) {
  for (const std::string& path : paths) {
    std::string book = path;
    if (is_source_file(path)) {
      if (!named_file_exists(command, path)) return false;
      book = find_manifest(path);
      if (book.empty()) {
        usage_error(command, "no book.json in the folder of '" + path + "' or any folder above it");
        return false;
      }
      talebook::Manifest manifest;
      if (talebook::load_manifest(book, manifest).empty()) {
        auto files = talebook::source_files(manifest);
        if (std::none_of(files.begin(), files.end(),
                         [&](const std::string& f) { return talebook::same_file(f, path); })) {
          usage_error(command, "'" + path + "' is not a source of the book '" + book +
                                   "' (see its \"sources\")");
          return false;
        }
      }
    }
    std::vector<std::string> named{book};
    if (is_read_file(path)) {
      if (!named_file_exists(command, path)) return false;
      named = books_reading(path);
      if (named.empty()) {
        usage_error(command, "no book in this folder or below reads '" + path + "'");
        return false;
      }
    }
    for (const std::string& b : named) {
      bool seen = std::any_of(books.begin(), books.end(),
                              [&](const std::string& other) { return same_book(other, b); });
      if (!seen) books.push_back(b);
    }
  }
  return true;
}

} // namespace talec
