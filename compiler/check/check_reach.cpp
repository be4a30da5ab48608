// Reachability: what the game can lead to from its entry points (TB0300-TB0304).
//
// A walk of the book's reference graph (compiler/graph/graph_reach.hpp) from its
// rules node: the cards, the paragraphs the rules read on their own (statuses,
// treasures, places, quests) and the manifest's `entry_points` (what the rules
// reach outside the book).
//
// A book with no entry point at all (no card, no manifest entry) is a fragment
// (a test, a chapter being written): nothing is reported. A paragraph that only
// an unreached chart or row leads to is covered by that warning and is not
// reported again.
#include <string>

#include "compiler/check/checks.hpp"
#include "compiler/graph/graph_reach.hpp"

namespace talebook {

void check_reach(CheckContext& c) {
  const Book& book = c.book;
  const BookGraph& graph = c.graph;
  for (const std::string& entry : graph.unknown_entry_points())
    c.diagnostics.report(Code::unknown_entry_point, {}, {entry});
  if (book.entry_points.empty() && book.cards.empty()) return; // a fragment
  enum : std::uint8_t { rules = reach_rules, charts = reach_charts, rows = 3 };
  // What only unreached charts lead to (rows, matrices, paragraphs), then what
  // only unreached rows lead to (paragraphs): covered by their warnings.
  GraphReach reach = reach_in_play(graph, book);
  reach.phase(rows);
  for (std::size_t m = 0; m < book.matrices.size(); ++m)
    for (std::size_t r = 0; r < book.matrices[m].rows.size(); ++r)
      reach.open(graph.row(m, r));
  reach.run();

  for (std::size_t i = 0; i < book.paragraphs.size(); ++i) {
    const Paragraph& p = book.paragraphs[i];
    if (reach.reached(graph.paragraph(i), rules) || book.paragraph(p.number) != &p)
      continue; // a duplicate: TB0010
    if (p.kind == ParagraphKind::Chart)
      c.diagnostics.report(Code::unreached_chart, p.header(), {p.number});
    else if (!reach.reached(graph.paragraph(i), rows))
      c.diagnostics.report(Code::unreached_paragraph, p.header(), {p.number});
  }
  for (std::size_t m = 0; m < book.matrices.size(); ++m) {
    const ReactionMatrix& matrix = book.matrices[m];
    if (book.matrix(matrix.letter) != &matrix) continue; // a duplicate: TB0012
    std::string letter(1, matrix.letter);
    if (!reach.reached(graph.matrix(m), rules)) {
      if (!reach.reached(graph.matrix(m), charts))
        c.diagnostics.report(Code::unreached_matrix, matrix.header, {letter});
      continue;
    }
    for (std::size_t r = 0; r < matrix.rows.size(); ++r)
      if (!reach.reached(graph.row(m, r), charts))
        c.diagnostics.report(Code::unreached_row, matrix.rows[r].range,
                             {matrix.rows[r].adjective, letter});
  }
}

} // namespace talebook
