// `talec fmt`: one canonical layout for `.tales` sources.
//
// The formatter never prints a file again from the model: it reads the ranges
// the parser left in the model and makes a list of edits over the original
// text (award codes, matrix rows, chart entries), applies them back to front,
// then tidies line ends. Prose, wrapping and comments stay byte for byte.
//
// The canonical layout:
// - award codes: no blanks inside a code or around `/` and the brackets
//   (`W + 1 (Max: Poor)` -> `W+1 (Max: Poor)`); one blank before an ASCII `(`
//   and after an ASCII `:`, none around their full-width forms, which are
//   kept as written; one blank before a group that ends its line;
// - matrix and chart columns aligned by display width (CJK counts 2);
// - no blanks at the end of a line, one line ending at the end of the file;
// - with `bracket`, the 1985 bare groups written as bracketed ones.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/driver/book_loader.hpp"

namespace talebook::format {

struct FormatOptions {
  bool bracket = false; // write bare award groups as bracketed ones
};

// Replace source bytes [begin, end) with `text`.
struct Edit {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::string text;
};

// The edits of the award codes, matrices and charts of one file of a parsed,
// resolved book without errors (layout_awards.cpp, layout_tables.cpp).
void award_edits(const Book& book, std::uint32_t file, std::string_view text,
                 const FormatOptions& options, std::vector<Edit>& out);
void table_edits(const Book& book, std::uint32_t file, std::string_view text,
                 std::vector<Edit>& out);
// The map's lines (layout_map.cpp): `@space Name (Terrain, 2, wild)`,
// `Land: A, B`, `Products: A, B`, `Poor: 3/2`, their code punctuation kept as written.
void map_edits(const Book& book, std::uint32_t file, std::string_view text, std::vector<Edit>& out);
// A line `Word: a, b` (`list`) or `Poor: 3 / 2` in its layout (layout_map.cpp):
// the word, its colon (one blank after an ASCII one), the list marks as written.
void keyed_line(std::string_view text, std::uint32_t begin, bool list, std::vector<Edit>& out);
// The Merchant Display (layout_display.cpp): its rows of boxes aligned as a
// matrix's, `Counters: straight 10, diagonal 6` tidied as the map's lines.
void display_edits(const Book& book, std::uint32_t file, std::string_view text,
                   std::vector<Edit>& out);
// The game family's lines (layout_games.cpp): `Scores: 6/2/3`, `Copies: 6`,
// `Stopped by: A, B`, `Bars: A`, `Others: 0, 3, 9`.
void game_edits(const Book& book, std::uint32_t file, std::string_view text,
                std::vector<Edit>& out);

// One line of a table: its cells, and before each cell but the first its
// separator with the blanks it needs at the least (` | `, ` ` after `1.`,
// nothing before `（`).
struct TableLine {
  std::uint32_t begin = 0, end = 0; // the line's text replaced
  std::vector<std::string> cells;
  std::vector<std::string> separators; // separators[i] comes before cells[i + 1]
};
// The lines of one table, each cell's column padded by display width to its
// widest cell (layout_tables.cpp; the last cell of a line is never padded).
void align(const std::vector<TableLine>& lines, std::vector<Edit>& out);

// Applies edits back to front; an edit overlapping a later one is dropped.
std::string apply_edits(std::string_view text, std::vector<Edit> edits);
// No blanks (space, tab) at the end of a line, no blank lines at the end of
// the file, one line ending (the file's own, LF or CRLF) after the last line.
std::string tidy_lines(std::string_view text);

// One file of the book, in its canonical layout.
std::string format_file(const Book& book, const SourceSet& sources, std::uint32_t file,
                        const FormatOptions& options);

struct FormattedFile {
  std::uint32_t file = 0;
  std::string path;
  std::string text; // the canonical layout
  bool changed = false;
};

// Formats `files` of a book read without errors (read_book: `sources` holds
// the book's files only), then compiles the formatted book again and compares
// its model with the original's (with `bracket`, bare and bracketed groups
// compare equal). Empty string on success, else why nothing may be written.
std::string format_book(const CompiledBook& book, const SourceSet& sources,
                        const std::vector<std::uint32_t>& files, const FormatOptions& options,
                        std::vector<FormattedFile>& out);

} // namespace talebook::format
