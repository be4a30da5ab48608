// Reaction matrices (rows, cells and where a die roll can lead) and encounter charts.
#include <map>

#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"
#include "talebook/format.hpp"

namespace talebook {
namespace {

void check_matrix(CheckContext& c, const ReactionMatrix& m) {
  std::string letter(1, m.letter);
  if (m.options.empty() && !m.options_damaged)
    c.diagnostics.report(Code::matrix_no_options, m.header, {letter});
  std::map<std::string, const MatrixRow*> seen;
  for (const MatrixRow& row : m.rows) {
    auto [it, fresh] = seen.emplace(text::name_key(row.adjective), &row);
    if (!fresh)
      c.diagnostics.report(Code::duplicate_row, row.range, {row.adjective, letter})
          .note(Code::first_defined, it->second->range);
    if (!m.options.empty() && !m.options_damaged && row.cells.size() != m.options.size())
      c.diagnostics.report(Code::row_width, row.range,
                           {row.adjective, row.cells.size(), letter, m.options.size()});
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      const MatrixCell& cell = row.cells[i];
      if (cell.kind != CellKind::Number) continue;
      std::string option = i < m.options.size() ? c.vocabulary.word(VocabKind::Option, m.options[i])
                                                : "#" + std::to_string(i + 1);
      // Rule 11.7: a die roll leads to n-1, n or n+1, so n-1 must be a paragraph.
      if (cell.number < 2) {
        c.diagnostics.report(Code::cell_below_one, cell.range,
                             {cell.number, std::int64_t(cell.number) - 1});
        continue;
      }
      if (cell.number >= tbook::layout::max_paragraph_number) continue; // TB0064 (check_limits)
      for (std::uint32_t n = cell.number - 1; n <= cell.number + 1; ++n) {
        const Paragraph* p = c.book.paragraph(n);
        if (!p)
          c.diagnostics.report(Code::cell_target_missing, cell.range,
                               {option, row.adjective, letter, n});
        else if (p->kind != ParagraphKind::Award)
          c.diagnostics
              .report(Code::cell_target_kind, cell.range,
                      {option, row.adjective, letter, n, arg::keyword(keyword(p->kind))})
              .note(Code::paragraph_defined, p->header(), {n});
      }
    }
  }
}

void check_chart(CheckContext& c, const Paragraph& p) {
  if (!p.chart || p.chart->entries.empty()) {
    c.diagnostics.report(Code::chart_without_entries, p.header());
    return;
  }
  const auto& entries = p.chart->entries;
  if (entries.size() != 6 && entries.size() != 12)
    c.diagnostics.report(Code::chart_size, p.header(), {entries.size()});
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const ChartEntry& e = entries[i];
    if (e.roll != static_cast<int>(i + 1))
      c.diagnostics.report(Code::chart_gap, e.range, {i + 1, e.roll});
  }
}

} // namespace

void check_matrices(CheckContext& c) {
  for (const ReactionMatrix& m : c.book.matrices) {
    const ReactionMatrix* first = c.book.matrix(m.letter);
    if (first != &m)
      c.diagnostics.report(Code::duplicate_matrix, m.header, {std::string(1, m.letter)})
          .note(Code::first_defined, first->header);
    if (!m.fallback) check_matrix(c, m);
  }
  for (const Paragraph& p : c.book.paragraphs)
    if (p.kind == ParagraphKind::Chart && !p.fallback) check_chart(c, p);
}

} // namespace talebook
