// The map's lines in one layout: `@space Name (Terrain, 2, wild)`, `Land: A, B`,
// `Products: Pearls, Dates`, `Poor: 3/2`. Blanks are made one where the ASCII punctuation wants
// them (after `,` and `:`, before `(`) and none elsewhere; full-width punctuation
// (`（`, `，`, `、`, `：`) is kept as written, with no blanks beside it.
#include <array>

#include "compiler/format/format.hpp"
#include "compiler/format/layout_text.hpp"

namespace talebook::format {
namespace {

constexpr std::array<std::string_view, 2> opens = {"(", "\xEF\xBC\x88"};
constexpr std::array<std::string_view, 2> closes = {")", "\xEF\xBC\x89"};
constexpr std::array<std::string_view, 3> lists = {",", "\xEF\xBC\x8C", "\xE3\x80\x81"};

// `s` split at each list mark; each piece stripped, joined with the mark as
// written (`, ` for ASCII).
std::string relist(std::string_view s) {
  std::string out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t mark = find_char(s, at, lists);
    out += strip_blanks(s.substr(at, mark == std::string_view::npos ? s.npos : mark - at));
    if (mark == std::string_view::npos) return out;
    const std::string_view m = char_in(s, mark, lists);
    out += m == "," ? ", " : std::string(m);
    at = mark + m.size();
  }
}

// The line [begin, end) of `text` without its line ending.
std::string_view line_at(std::string_view text, std::uint32_t begin, std::uint32_t& end) {
  std::size_t e = text.find('\n', begin);
  if (e == std::string_view::npos) e = text.size();
  if (e > begin && text[e - 1] == '\r') --e;
  end = static_cast<std::uint32_t>(e);
  return text.substr(begin, e - begin);
}

void edit(std::uint32_t begin, std::uint32_t end, std::string_view was, std::string now,
          std::vector<Edit>& out) {
  if (now != was) out.push_back({begin, end, std::move(now)});
}

// `@space Name (a, b)`: the name, then the attributes between the parentheses.
void header(std::string_view text, std::uint32_t begin, std::vector<Edit>& out) {
  std::uint32_t end = 0;
  const std::string_view line = line_at(text, begin, end);
  const std::size_t open = find_char(line, 0, opens);
  std::size_t close = std::string_view::npos;
  for (std::size_t i = open; open != line.npos && i < line.size(); i += char_size(line[i]))
    if (!char_in(line, i, closes).empty()) close = i;
  if (open == line.npos || close == line.npos) return;
  const std::size_t keyword = line.find("space");
  if (keyword == line.npos || keyword > open) return;
  const std::string_view o = char_in(line, open, opens), c = char_in(line, close, closes);
  const std::string_view name = strip_blanks(line.substr(keyword + 5, open - keyword - 5));
  std::string now = std::string(line.substr(0, keyword + 5)) + " " + std::string(name) +
                    (o == "(" ? " " : "") + std::string(o) +
                    relist(line.substr(open + o.size(), close - open - o.size())) + std::string(c);
  edit(begin, end, line, std::move(now), out);
}

} // namespace

// `Land: A, B` or `Poor: 3/2`: a word, its colon, the rest.
void keyed_line(std::string_view text, std::uint32_t begin, bool list, std::vector<Edit>& out) {
  std::uint32_t end = 0;
  const std::string_view line = line_at(text, begin, end);
  const std::size_t colon = find_char(line, 0, colons);
  if (colon == line.npos) return;
  const std::string_view c = char_in(line, colon, colons);
  const std::string_view rest = line.substr(colon + c.size());
  std::string value;
  if (list) {
    value = relist(rest);
  } else { // `3 / 2` -> `3/2`
    for (char ch : strip_blanks(rest))
      if (ch != ' ' && ch != '\t') value += ch;
  }
  std::string now = std::string(strip_blanks(line.substr(0, colon))) + std::string(c) +
                    (c == ":" ? " " : "") + value;
  edit(begin, end, line, std::move(now), out);
}

void map_edits(const Book& book, std::uint32_t file, std::string_view text,
               std::vector<Edit>& out) {
  for (const Space& s : book.map.spaces) {
    if (s.fallback || s.header.file != file) continue;
    header(text, s.header.begin, out);
    std::uint32_t last = UINT32_MAX;
    for (const Route& r : s.routes) { // each line once (its first space's range)
      std::uint32_t line = r.range.begin;
      while (line > 0 && text[line - 1] != '\n')
        --line;
      if (line != last) keyed_line(text, line, true, out);
      last = line;
    }
    if (s.products_line.valid()) keyed_line(text, s.products_line.begin, true, out);
  }
  for (const MovementRate& r : book.map.rates)
    if (r.range.file == file) keyed_line(text, r.range.begin, false, out);
}

} // namespace talebook::format
