// gettext PO files: the entries talebook writes and reads. Only what a PO
// file for a book needs: translator and reference comments, flags, msgctxt,
// msgid and msgstr, and obsolete (`#~`) entries (no plurals).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace talebook {

struct PoEntry {
  std::vector<std::string> comments;   // `# ...` translator comments
  std::vector<std::string> extracted;  // `#. ...` notes for the translator
  std::vector<std::string> references; // `#: file:line`
  std::vector<std::string> flags;      // `#, fuzzy`
  bool has_context = false;
  std::string context;     // msgctxt
  std::string id;          // msgid
  std::string str;         // msgstr
  std::string previous_id; // `#| msgid`: the source text the translation was made for
  bool has_previous_context = false;
  std::string previous_context; // `#| msgctxt`: the context it had then
  std::uint32_t line = 0;       // where the entry starts (reading), 1-based
  std::uint32_t offset = 0;     // its byte offset (reading)
  std::uint32_t str_offset = 0; // the byte offset of its msgstr keyword (reading)
  bool obsolete = false;        // written `#~ msgid ...`: an entry the book no longer has
  bool fuzzy() const;
};

struct PoFile {
  std::vector<std::pair<std::string, std::string>> header; // the msgid "" entry's fields, in order
  std::vector<std::string> header_comments;                // `# ...` lines before the header
  std::vector<PoEntry> entries;                            // every other entry
  std::vector<PoEntry> obsolete; // `#~` entries, kept by a merge, never imported (written last)
  std::string header_field(const std::string& name) const;
};

// A keyword and its string as gettext writes them: escaped (\a \b \f \n \r
// \t \v \\ \"), "\n"-ended pieces on lines of their own, each wrapped to 79
// columns where libunistring's line breaking allows (msgcat's wrapping).
std::string po_quote(std::string_view keyword, std::string_view value);
// The file as msgcat would write it: `msgcat x.po` leaves it byte for byte
// (an entry flagged `no-wrap` is not wrapped; obsolete entries come last).
std::string write_po(const PoFile& file);

struct PoError {
  std::uint32_t line = 0;
  std::uint32_t offset = 0;
  const char* kind = ""; // a stable key (TB0125's): "no_msgstr", "unexpected"...
  std::string subject;   // what it quotes: the unexpected text, the escape
  std::string message;   // in English, for a library's caller
};
// The byte offset in a PO file of the character that gives byte `index` of the
// unescaped string whose keyword (`msgstr`) starts at `keyword`: escapes count
// as one character, continuation lines ("...") are followed; the keyword itself
// when the index is past the string's end.
std::uint32_t po_string_position(std::string_view text, std::uint32_t keyword, std::size_t index);
// Reads a PO file; false and `error` at the first malformed line.
bool read_po(std::string_view text, PoFile& out, PoError& error);

} // namespace talebook
