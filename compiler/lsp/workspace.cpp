#include "compiler/lsp/workspace.hpp"

#include <filesystem>

#include "compiler/driver/incremental.hpp"

namespace talebook::lsp {

namespace fs = std::filesystem;

std::string manifest_above(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec).lexically_normal();
  for (fs::path dir = p.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::is_regular_file(dir / "book.json", ec)) return (dir / "book.json").string();
    if (dir == dir.root_path()) break;
  }
  return {};
}

std::uint32_t LoadedBook::file_id(const std::string& path) const {
  const SourceSet& sources = compilation.sources;
  for (std::uint32_t id = 1; id <= sources.size(); ++id)
    if (sources.file(id).path() == path) return id;
  return 0;
}

const BookIndex& LoadedBook::index() {
  if (!index_)
    index_ =
        std::make_unique<BookIndex>(compilation.book, compilation.sources, book_graph(compilation));
  return *index_;
}

const BookIndex& LoadedBook::index(std::uint32_t file) {
  if (index_) return *index_;
  std::unique_ptr<BookIndex>& one = file_index_[file];
  if (!one)
    one = std::make_unique<BookIndex>(compilation.book, compilation.sources,
                                      book_graph(compilation), file);
  return *one;
}

void LoadedBook::changed() {
  index_.reset();
  file_index_.clear();
}

void Workspace::open(const std::string& path, std::string text) {
  buffers_[path] = std::move(text);
}

void Workspace::change(const std::string& path, std::string text) {
  buffers_[path] = std::move(text);
}

void Workspace::close(const std::string& path) {
  buffers_.erase(path);
}

std::unique_ptr<LoadedBook> Workspace::compile(const std::string& manifest,
                                               const std::map<std::string, std::string>& buffers,
                                               const std::atomic<bool>* cancel) {
  auto book = std::make_unique<LoadedBook>();
  book->manifest = manifest;
  CompileOptions options;
  options.incremental = true;
  options.cancel = cancel;
  compile_book_over(manifest, buffers, book->compilation, options);
  if (book->compilation.cancelled) return book;
  for (const std::string& file : source_files(book->compilation.manifest))
    book->own.insert(file);
  // An open file under the manifest that the book does not read (a manifest
  // that cannot be read reads none) still shows the book-wide findings.
  for (const auto& [path, text] : buffers)
    if (!book->own.count(path) && manifest_above(path) == manifest) book->own.insert(path);
  return book;
}

std::unique_ptr<LoadedBook> Workspace::compile_now(const std::string& manifest) {
  ++counts_.compiled;
  return compile(manifest, buffers_);
}

LoadedBook* Workspace::install(std::unique_ptr<LoadedBook> book) {
  ++counts_.compiled;
  std::unique_ptr<LoadedBook>& place = books_[book->manifest];
  place = std::move(book);
  return place.get();
}

LoadedBook* Workspace::book_of(const std::string& path) {
  std::string manifest = manifest_above(path);
  if (manifest.empty()) return nullptr;
  auto it = books_.find(manifest);
  if (it == books_.end()) it = books_.emplace(manifest, compile_now(manifest)).first;
  return it->second->own.count(path) ? it->second.get() : nullptr;
}

std::vector<LoadedBook*> Workspace::recompile(const std::string& path, Deferral* deferral) {
  std::vector<LoadedBook*> done;
  for (auto& [manifest, book] : books_) {
    std::uint32_t id = book->file_id(path);
    if (!book->own.count(path) && id == 0) continue;
    if (deferral && deferral->busy.count(manifest)) {
      deferral->compile.insert(manifest);
      continue;
    }
    done.push_back(book.get());
    auto open = buffers_.find(path);
    std::string text;
    if (open != buffers_.end())
      text = open->second;
    else if (id == 0 || !book->compilation.sources.read(path, text).empty())
      id = 0; // no text to check it with: compiled anew
    if (id != 0) {
      read_lone_cr_as_lf(text);
      if (text == book->compilation.sources.file(id).text()) continue;
      book->changed();
      if (recheck_file(book->compilation, id, std::move(text))) {
        ++counts_.rechecked;
        continue;
      }
    }
    if (deferral) {
      deferral->compile.insert(manifest);
      done.pop_back();
      continue;
    }
    book = compile_now(manifest);
    done.back() = book.get();
  }
  if (done.empty() && deferral) {
    if (!deferral->compile.empty()) return done;
    // A book not loaded yet: compiled whole, later.
    std::string manifest = manifest_above(path);
    if (!manifest.empty() && !loaded(manifest)) {
      deferral->compile.insert(manifest);
      return done;
    }
  }
  if (done.empty())
    if (LoadedBook* book = book_of(path)) done.push_back(book);
  return done;
}

LoadedBook* Workspace::book_at(const std::string& manifest) {
  auto it = books_.find(manifest);
  if (it == books_.end()) it = books_.emplace(manifest, compile_now(manifest)).first;
  return it->second.get();
}

std::vector<LoadedBook*> Workspace::books() {
  std::vector<LoadedBook*> all;
  for (auto& entry : books_)
    all.push_back(entry.second.get());
  return all;
}

} // namespace talebook::lsp
