#include "compiler/graph/graph_reach.hpp"

namespace talebook {

void GraphReach::open(NodeId id) {
  mark(id);
  if (state_[id] & opened) return;
  state_[id] |= opened;
  work_.push_back(id);
}

void GraphReach::run() {
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

void GraphReach::mark(NodeId id) {
  if (!(state_[id] & ~opened)) state_[id] |= phase_;
  Node n = graph_.node(id);
  if (n.kind == NodeKind::Row && !(state_[graph_.matrix(n.item)] & ~opened))
    state_[graph_.matrix(n.item)] |= phase_;
}

GraphReach reach_in_play(const BookGraph& graph, const Book& book) {
  GraphReach reach(graph);
  reach.open(graph.rules());
  reach.run();
  reach.phase(reach_charts);
  for (std::size_t i = 0; i < book.paragraphs.size(); ++i)
    if (book.paragraphs[i].kind == ParagraphKind::Chart &&
        book.paragraph(book.paragraphs[i].number) == &book.paragraphs[i])
      reach.open(graph.paragraph(i));
  reach.run();
  return reach;
}

GraphReach reach_from(const BookGraph& graph, const Book& book, std::uint32_t number) {
  GraphReach reach(graph);
  std::vector<std::size_t> treasures;
  for (std::size_t i = 0; i < book.paragraphs.size(); ++i) {
    if (book.paragraph(book.paragraphs[i].number) != &book.paragraphs[i]) continue; // TB0010
    if (book.paragraphs[i].number == number) reach.open(graph.paragraph(i));
    if (book.paragraphs[i].kind == ParagraphKind::Treasure) treasures.push_back(i);
  }
  reach.run();
  for (std::size_t i = 0; i < book.paragraphs.size(); ++i) {
    if (!reach.reached(graph.paragraph(i))) continue;
    for (const Section& s : book.paragraphs[i].sections)
      if (s.has_award())
        for (const Award& a : s.awards())
          if (a.kind == AwardKind::RandomTreasure) {
            for (std::size_t t : treasures)
              reach.open(graph.paragraph(t));
            reach.run();
            return reach;
          }
  }
  return reach;
}

} // namespace talebook
