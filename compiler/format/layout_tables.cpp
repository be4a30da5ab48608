// Matrix and chart columns aligned by display width (compiler/text: grapheme
// clusters, East Asian wide characters count 2), so `可怕的：` lines up with
// `Options:` and `12. 可怕的风暴（G）` with `1. 年老的渔夫（H）`.
#include <algorithm>

#include "compiler/format/format.hpp"
#include "compiler/format/layout_text.hpp"
#include "compiler/text/text.hpp"

namespace talebook::format {
namespace {

std::size_t width(std::string_view s) {
  return text::display_width(s);
}

} // namespace

// A line is written cell0 [pad] sep0 cell1 [pad] sep1 cell2...; column c
// starts where every line's cell c-1 and separator fit. The last cell is
// never padded.
void align(const std::vector<TableLine>& lines, std::vector<Edit>& out) {
  std::size_t columns = 0;
  for (const TableLine& l : lines)
    columns = std::max(columns, l.cells.size());
  std::vector<std::size_t> start(columns, 0);
  for (std::size_t c = 1; c < columns; ++c)
    for (const TableLine& l : lines)
      if (c < l.cells.size())
        start[c] =
            std::max(start[c], start[c - 1] + width(l.cells[c - 1]) + width(l.separators[c - 1]));
  for (const TableLine& l : lines) {
    std::string s;
    std::size_t at = 0;
    for (std::size_t c = 0; c < l.cells.size(); ++c) {
      if (c > 0) {
        // Pad before the separator, so separators line up as cells do.
        std::size_t sep = width(l.separators[c - 1]);
        while (at + sep < start[c])
          s += ' ', ++at;
        s += l.separators[c - 1];
        at += sep;
      }
      s += l.cells[c];
      at += width(l.cells[c]);
    }
    out.push_back({l.begin, l.end, s});
  }
}

namespace {

std::uint32_t line_start(std::string_view text, std::uint32_t at) {
  while (at > 0 && text[at - 1] != '\n')
    --at;
  return at;
}

// `Terrible :` -> `Terrible:`: the label as written without blanks before its
// colon; the separator after it is a blank after an ASCII colon.
void label(std::string_view text, std::uint32_t begin, std::uint32_t end, TableLine& line) {
  std::string_view l = strip_blanks(text.substr(begin, end - begin));
  std::size_t colon = l.empty() ? 0 : l.size() - 1; // the label's last character
  while (colon > 0 && (static_cast<unsigned char>(l[colon]) & 0xC0) == 0x80)
    --colon;
  std::string_view c = l.substr(colon);
  line.cells.push_back(std::string(strip_blanks(l.substr(0, colon))) + std::string(c));
  line.separators.push_back(is_ascii_char(c) ? " " : "");
}

void matrix_edits(const ReactionMatrix& m, std::string_view text, std::vector<Edit>& out) {
  std::vector<TableLine> lines;
  auto cells = [&](TableLine& line, const std::vector<SourceRange>& ranges) {
    for (std::size_t i = 0; i < ranges.size(); ++i) {
      if (i == 0) {
        label(text, line.begin, ranges[0].begin, line);
      } else {
        std::uint32_t from = ranges[i - 1].end, to = ranges[i].begin;
        line.separators.push_back(" " + std::string(strip_blanks(text.substr(from, to - from))) +
                                  " ");
      }
      line.cells.emplace_back(text.substr(ranges[i].begin, ranges[i].end - ranges[i].begin));
    }
    line.end = ranges.back().end;
    lines.push_back(std::move(line));
  };
  if (!m.option_ranges.empty()) {
    TableLine options;
    options.begin = line_start(text, m.option_ranges[0].begin);
    cells(options, m.option_ranges);
  }
  for (const MatrixRow& r : m.rows) {
    if (r.cells.empty()) continue;
    std::vector<SourceRange> ranges;
    for (const MatrixCell& cell : r.cells)
      ranges.push_back(cell.range);
    TableLine row;
    row.begin = r.range.begin;
    cells(row, ranges);
  }
  align(lines, out);
}

// `1. Old Fisherman (H)`: the roll with its mark, the being, `(H)`.
void chart_edits(const EncounterChart& chart, std::string_view text, std::vector<Edit>& out) {
  std::vector<TableLine> lines;
  for (const ChartEntry& e : chart.entries) {
    std::string_view l = text.substr(e.range.begin, e.range.end - e.range.begin);
    std::size_t at = skip_blanks(l, 0), roll = at;
    while (digit_at(l, at))
      at += char_size(l[at]);
    std::size_t mark = at; // `.`, `,`, `。`, `．` or `、`: one character
    at += char_size(l[at]);
    std::string_view head = l.substr(roll, at - roll);
    // `(H)` or `(H, Female)` at the end: from the last open paren, ASCII or
    // full-width (a being's name has none: the grammar stops it there).
    std::size_t end = l.size();
    while (std::size_t n = blank_before(l, end))
      end -= n;
    std::size_t open = l.rfind('(', end), wide = l.rfind("\xEF\xBC\x88", end);
    if (open == std::string_view::npos || (wide != std::string_view::npos && wide > open))
      open = wide;
    if (open == std::string_view::npos || open < at) continue; // the grammar gives every entry one
    std::string_view paren = l.substr(open, end - open);
    TableLine line;
    line.begin = e.range.begin;
    line.end = e.range.end;
    line.cells = {std::string(head), std::string(strip_blanks(l.substr(at, open - at))),
                  std::string(paren)};
    std::string_view mark_char = l.substr(mark, at - mark);
    line.separators = {is_ascii_char(mark_char) ? " " : "", l[open] == '(' ? " " : ""};
    lines.push_back(std::move(line));
  }
  align(lines, out);
}

} // namespace

void table_edits(const Book& book, std::uint32_t file, std::string_view text,
                 std::vector<Edit>& out) {
  for (const ReactionMatrix& m : book.matrices)
    if (m.range.file == file) matrix_edits(m, text, out);
  for (const Paragraph& p : book.paragraphs)
    if (p.chart && p.range.file == file && !p.chart->entries.empty())
      chart_edits(*p.chart, text, out);
}

} // namespace talebook::format
