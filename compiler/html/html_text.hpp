// HTML from the book's text: escaping, and a stretch of a source file with
// marks laid over it (links over references, award labels over award groups).
// Every text of the book reaches a page through these functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace talebook::html {

// `text` with & < > " ' as character references: safe in content and in a
// quoted attribute.
std::string escape(std::string_view text);
// Whether `language` (BCP 47) is written right to left, by its primary subtag
// (Arabic, Hebrew, Persian, Urdu, Kurdish, Pashto, Sindhi, Uyghur, Yiddish...).
bool right_to_left(std::string_view language);

// What to lay over [begin, end) of a file's text: `open` and `close` around
// its escaped text, or, with `replace`, `open` in its place (HTML, already
// escaped).
struct Mark {
  std::uint32_t begin = 0, end = 0;
  std::string open, close;
  bool replace = false;
};

// The escaped text of `file_text` from `begin` to `end`, the marks laid over
// it. A mark that starts inside an earlier one (or reaches past `end`) is left
// out: add the marks that must win first. Comment lines (`%`) are left out,
// trailing blank lines too.
std::string marked_html(std::string_view file_text, std::uint32_t begin, std::uint32_t end,
                        std::vector<Mark> marks);

} // namespace talebook::html
