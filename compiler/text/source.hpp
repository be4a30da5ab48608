// Source files and places in them.
//
// A SourceRange is two byte offsets into one file of a SourceSet. Lines and
// columns are computed only when a diagnostic needs them (lazy tracking), from
// a line-start table built on first use, and a table of code points counted
// every 256 bytes, so a column costs at most 256 bytes of counting however
// long its line (a line of 50,000 diagnostics was quadratic).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace talebook {

struct SourceRange {
  std::uint32_t file = 0; // index in the SourceSet; 0 = no file
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool valid() const { return file != 0; }
};

// Lines end with LF, CRLF or a lone CR (a file saved with old Mac line ends,
// or one a tool mixed): each lone CR becomes an LF, in place, so that every
// byte offset (and so every line and column) stays the file's own. A
// SourceFile holds its text so made.
void read_lone_cr_as_lf(std::string& text);

struct LineColumn {
  std::uint32_t line = 1;   // 1-based
  std::uint32_t column = 1; // 1-based, in Unicode code points
};

// A file's text; its lone CRs are line ends (read_lone_cr_as_lf).
class SourceFile {
public:
  SourceFile(std::string path, std::string text);
  const std::string& path() const { return path_; }
  std::string_view text() const { return text_; }
  // Line and column of a byte offset (column counts code points).
  LineColumn position(std::uint32_t offset) const;
  // The text of the line holding `offset`, without its line ending.
  std::string_view line_text(std::uint32_t offset) const;
  std::uint32_t line_start(std::uint32_t offset) const;

private:
  void index_lines() const;
  std::uint32_t code_points_before(std::uint32_t offset) const;
  std::string path_;
  std::string text_;
  // Built once, on first use, by whichever thread asks first.
  mutable std::once_flag indexed_;
  mutable std::vector<std::uint32_t> line_starts_;
  // code_points_[k]: the code points of the first k * 256 bytes.
  mutable std::vector<std::uint32_t> code_points_;
};

// All files of one compilation; file ids start at 1.
class SourceSet {
public:
  // Reads a file; returns 0 and sets `error` when it cannot be read. A path of
  // the overlay is read from it instead (an editor's unsaved buffers).
  std::uint32_t load(const std::string& path, std::string& error);
  // What load reads for `path` (the overlay's text or the file's), without
  // adding it: an empty string on success, else the error. Safe to call from
  // several threads while nothing is added.
  std::string read(const std::string& path, std::string& text) const;
  // Texts that stand for files of the same path; the caller keeps the map alive.
  void set_overlay(const std::map<std::string, std::string>* overlay) { overlay_ = overlay; }
  const std::map<std::string, std::string>* overlay() const { return overlay_; }
  std::uint32_t add(std::string path, std::string text);
  // A new text for file `id` (an editor's change): every view into its old
  // text dangles, so whatever held one must be gone or made anew.
  void replace(std::uint32_t id, std::string text);
  const SourceFile& file(std::uint32_t id) const { return *files_.at(id - 1); }
  std::size_t size() const { return files_.size(); }
  std::string_view text(SourceRange range) const;

private:
  std::vector<std::unique_ptr<SourceFile>> files_;
  const std::map<std::string, std::string>* overlay_ = nullptr;
};

} // namespace talebook
