// The books a language server serves: the editor's open buffers (unsaved
// edits count) over the files on disk, and every book compiled from them with
// its index. A file belongs to the book whose book.json is in its folder or
// the nearest folder above; a translation is compiled with its source book.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "compiler/lsp/book_index.hpp"

namespace talebook::lsp {

struct LoadedBook {
  std::string manifest;      // absolute path of its book.json
  std::set<std::string> own; // its own sources (not its source book's), and open files under it
  Compilation compilation;
  std::unique_ptr<BookIndex> index;
  // The file id of a path in compilation.sources, 0 when it is not there.
  std::uint32_t file_id(const std::string& path) const;
};

class Workspace {
public:
  void open(const std::string& path, std::string text);
  void change(const std::string& path, std::string text);
  void close(const std::string& path);
  const std::map<std::string, std::string>& buffers() const { return buffers_; }

  // The book that `path` is a source of (compiled when first asked), or null.
  LoadedBook* book_of(const std::string& path);
  // Compiles again every loaded book that reads `path` (a translation reads
  // its source book's files too); the books compiled.
  std::vector<LoadedBook*> recompile(const std::string& path);
  std::vector<LoadedBook*> books();
  // The book of a book.json (compiled when first asked), or null.
  LoadedBook* book_at(const std::string& manifest);

private:
  std::unique_ptr<LoadedBook> compile(const std::string& manifest);
  std::map<std::string, std::string> buffers_;               // path -> text
  std::map<std::string, std::unique_ptr<LoadedBook>> books_; // manifest -> book
};

// The book.json in the folder of `path` or the nearest folder above; empty when none.
std::string manifest_above(const std::string& path);

} // namespace talebook::lsp
