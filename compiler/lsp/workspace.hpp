// The books a language server serves: the editor's open buffers (unsaved
// edits count) over the files on disk, and every book compiled from them with
// its index. A file belongs to the book whose book.json is in its folder or
// the nearest folder above; a translation is compiled with its source book.
#pragma once

#include <atomic>
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
  // The file id of a path in compilation.sources, 0 when it is not there.
  std::uint32_t file_id(const std::string& path) const;
  // What every number and name of the book points to (built on first use,
  // after each change: 0.2 s at 100,000 paragraphs): for references,
  // definitions and renames.
  const BookIndex& index();
  // The same for what is written in one file (built on first use, a few
  // milliseconds for a file of 1,000 paragraphs): for what is at a place,
  // hints, links and semantic tokens.
  const BookIndex& index(std::uint32_t file);
  // Forgets the indexes (the book changed).
  void changed();

private:
  std::unique_ptr<BookIndex> index_;
  std::map<std::uint32_t, std::unique_ptr<BookIndex>> file_index_;
};

class Workspace {
public:
  void open(const std::string& path, std::string text);
  void change(const std::string& path, std::string text);
  void close(const std::string& path);
  const std::map<std::string, std::string>& buffers() const { return buffers_; }

  // The book that `path` is a source of (compiled when first asked), or null.
  LoadedBook* book_of(const std::string& path);
  // What recompile leaves to its caller (the server compiles those books on
  // threads of their own: background.hpp): `busy` books, being compiled
  // already, are not checked in place; the books to compile whole (by their
  // book.json) are put in `compile` instead of compiled, and kept as they were.
  struct Deferral {
    std::set<std::string> busy;
    std::set<std::string> compile;
  };
  // Checks again every loaded book that reads `path` (a translation reads
  // its source book's files too), with the file's open or saved text: an edit
  // that the rest of the book does not read re-checks that file alone
  // (compiler/driver/incremental.hpp), any other compiles the book again
  // (or defers it, given `deferral`); the books checked. A book that holds
  // the file's text already is not checked again (a file opened as it is
  // saved), but is among them.
  std::vector<LoadedBook*> recompile(const std::string& path, Deferral* deferral = nullptr);
  // A book compiled from `buffers` alone (what a thread of its own may do);
  // `cancel` stops it (Compilation::cancelled).
  static std::unique_ptr<LoadedBook> compile(const std::string& manifest,
                                             const std::map<std::string, std::string>& buffers,
                                             const std::atomic<bool>* cancel = nullptr);
  // A book compiled elsewhere (whole, not cancelled) takes the place of the
  // one of its book.json.
  LoadedBook* install(std::unique_ptr<LoadedBook> book);
  // Whether the book of a book.json is loaded.
  bool loaded(const std::string& manifest) const { return books_.count(manifest) != 0; }
  // Books compiled whole, and those re-checked one file at a time (for tests
  // and the benchmark's understanding; never for an answer).
  struct Counts {
    std::size_t compiled = 0, rechecked = 0;
  };
  const Counts& counts() const { return counts_; }
  std::vector<LoadedBook*> books();
  // The book of a book.json (compiled when first asked), or null.
  LoadedBook* book_at(const std::string& manifest);

private:
  std::unique_ptr<LoadedBook> compile_now(const std::string& manifest);
  std::map<std::string, std::string> buffers_;               // path -> text
  std::map<std::string, std::unique_ptr<LoadedBook>> books_; // manifest -> book
  Counts counts_;
};

// The book.json in the folder of `path` or the nearest folder above; empty when none.
std::string manifest_above(const std::string& path);

} // namespace talebook::lsp
