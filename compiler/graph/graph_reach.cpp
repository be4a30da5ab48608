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

} // namespace talebook
