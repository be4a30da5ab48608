// The Merchant Display in one layout: its rows of boxes lined up as a
// matrix's cells (each column padded to its widest box, by display width),
// ` | ` between boxes (a full-width `｜` kept as written); its `Counters:` and
// `Wealth 1:` lines tidied as the map's `Land:` lines.
#include <map>

#include "compiler/format/format.hpp"
#include "compiler/format/layout_text.hpp"

namespace talebook::format {

void display_edits(const Book& book, std::uint32_t file, std::string_view text,
                   std::vector<Edit>& out) {
  const MerchantDisplay& display = book.display;
  if (display.fallback) return; // a translation's: its source's lines
  // Each block's rows make one table.
  std::map<std::uint32_t, std::vector<TableLine>> tables; // by the block's `@display` line
  for (const DisplayRow& row : display.rows) {
    if (row.range.file != file || row.boxes.empty()) continue;
    TableLine line;
    line.begin = row.range.begin;
    line.end = row.boxes.back().range.end;
    for (std::size_t i = 0; i < row.boxes.size(); ++i) {
      const SourceRange box = row.boxes[i].range;
      if (i > 0) {
        const std::uint32_t from = row.boxes[i - 1].range.end;
        line.separators.push_back(
            " " + std::string(strip_blanks(text.substr(from, box.begin - from))) + " ");
      }
      line.cells.emplace_back(text.substr(box.begin, box.end - box.begin));
    }
    tables[row.header.begin].push_back(std::move(line));
  }
  for (const auto& [header, lines] : tables)
    align(lines, out);
  for (const CounterLine& line : display.counters)
    if (line.range.file == file) keyed_line(text, line.range.begin, true, out);
}

} // namespace talebook::format
