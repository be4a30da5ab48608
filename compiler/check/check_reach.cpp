// Reachability: what the game can lead to from its entry points (TB0300-TB0304).
//
// A walk of the book's reference graph (compiler/graph/) from its rules node:
// the cards, the paragraphs the rules read on their own (statuses, treasures,
// places, quests) and the manifest's `entry_points` (what the rules reach
// outside the book). Every edge that leads (all but a Test or a Lose) is followed
// once; an edge to a matrix that only names it (a card's, a chart line whose
// being no row matched) reaches the matrix and none of its rows. A row reached
// reaches its matrix. One pass over a work list: linear in the size of the book.
//
// A book with no entry point at all (no card, no manifest entry) is a fragment
// (a test, a chapter being written): nothing is reported. A paragraph that only
// an unreached chart or row leads to is covered by that warning and is not
// reported again.
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/check/checks.hpp"

namespace talebook {
namespace {

// The walk, in phases: everything reached from the rules (phase 1), then also
// from the unreached charts (2), then also from every row (3). Each phase
// goes on from the last, so one byte per node says in which phase it was
// first reached and whether its edges were followed.
class Reach {
public:
  explicit Reach(const BookGraph& graph) : graph_(graph), state_(graph.size(), 0) {}

  void phase(std::uint8_t phase) { phase_ = phase; }
  // Reaches `id` and everything it leads to (at the next run()).
  void open(NodeId id) {
    mark(id);
    if (state_[id] & opened) return;
    state_[id] |= opened;
    work_.push_back(id);
  }
  void run() {
    while (!work_.empty()) {
      NodeId id = work_.back();
      work_.pop_back();
      for (const Edge& e : graph_.out(id)) {
        if (!leads(e.kind) || e.to() == no_node) continue;
        if (e.target == NodeKind::Matrix && !opens(e.kind))
          mark(e.to());
        else
          open(e.to());
      }
    }
  }
  // Whether `id` was reached by the end of phase `by`.
  bool reached(NodeId id, std::uint8_t by) const {
    std::uint8_t first = state_[id] & ~opened;
    return first != 0 && first <= by;
  }

private:
  static constexpr std::uint8_t opened = 0x80;
  void mark(NodeId id) {
    if (!(state_[id] & ~opened)) state_[id] |= phase_;
    Node n = graph_.node(id);
    if (n.kind == NodeKind::Row && !(state_[graph_.matrix(n.item)] & ~opened))
      state_[graph_.matrix(n.item)] |= phase_;
  }
  const BookGraph& graph_;
  std::vector<std::uint8_t> state_;
  std::vector<NodeId> work_;
  std::uint8_t phase_ = 1;
};

} // namespace

void check_reach(CheckContext& c) {
  const Book& book = c.book;
  const BookGraph& graph = c.graph;
  for (const std::string& entry : graph.unknown_entry_points())
    c.diagnostics.report(Code::unknown_entry_point, {}, {entry});
  if (book.entry_points.empty() && book.cards.empty()) return; // a fragment
  enum : std::uint8_t { rules = 1, charts = 2, rows = 3 };
  Reach reach(graph);
  reach.open(graph.rules());
  reach.run();
  // What only unreached charts lead to (rows, matrices, paragraphs), then what
  // only unreached rows lead to (paragraphs): covered by their warnings.
  reach.phase(charts);
  for (std::size_t i = 0; i < book.paragraphs.size(); ++i)
    if (book.paragraphs[i].kind == ParagraphKind::Chart &&
        book.paragraph(book.paragraphs[i].number) == &book.paragraphs[i])
      reach.open(graph.paragraph(i));
  reach.run();
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
