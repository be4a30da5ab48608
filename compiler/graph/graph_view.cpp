#include "compiler/graph/graph_view.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace talebook {
namespace {

using talebook::CardKind;
using talebook::EdgeKind;
using talebook::ParagraphKind;

std::string paragraph_id(std::uint32_t number) {
  return "p" + std::to_string(number);
}

std::string row_id(char letter, std::size_t row) {
  return std::string("m") + letter + "_r" + std::to_string(row);
}

// The book's reference graph (compiler/graph/, built once by compile_book)
// as nodes with labels and files, and the edges play goes along, each (from,
// to) once: the first kind stands.
class View {
public:
  View(const talebook::Book& book, const talebook::SourceSet& sources,
       const talebook::BookGraph& graph)
      : book_(book), sources_(sources), g_(graph), view_(graph.size(), none) {}

  GraphView build() {
    const talebook::Book& book = book_;
    for (std::size_t i = 0; i < book.paragraphs.size(); ++i)
      add_paragraph(i);
    for (std::size_t m = 0; m < book.matrices.size(); ++m)
      add_matrix(m);
    for (std::size_t i = 0; i < book.cards.size(); ++i)
      add_card(i);
    for (std::size_t i = 0; i < book.paragraphs.size(); ++i) {
      // A chart's lines, its awards, its `(n)`, its `Name (L)` rows, in that order.
      talebook::NodeId from = g_.paragraph(i);
      edges(from, {EdgeKind::Entry});
      edges(from, {EdgeKind::GoTo, EdgeKind::Place, EdgeKind::Treasure, EdgeKind::Status});
      edges(from, {EdgeKind::Prose});
      edges(from, {EdgeKind::Being});
    }
    return std::move(graph_);
  }

private:
  static constexpr std::size_t none = SIZE_MAX;

  void add(talebook::NodeId node, std::string id, std::string kind, std::string label,
           std::string cluster, talebook::SourceRange range) {
    ViewNode n{std::move(id), std::move(kind), std::move(label), std::move(cluster), {}, 0};
    if (range.valid()) {
      const talebook::SourceFile& file = sources_.file(range.file);
      n.file = file.path();
      n.line = file.position(range.begin).line;
    }
    view_[node] = graph_.nodes.size();
    graph_.nodes.push_back(std::move(n));
  }

  // The edges of `from` whose kind is one of `kinds`, in their order.
  void edges(talebook::NodeId from, std::initializer_list<EdgeKind> kinds) {
    if (view_[from] == none) return; // a duplicate number: only the first one's edges
    for (const talebook::Edge& e : g_.out(from))
      if (std::find(kinds.begin(), kinds.end(), e.kind) != kinds.end()) edge(from, e);
  }
  void edge(talebook::NodeId from, const talebook::Edge& e) {
    if (e.to() == talebook::no_node || view_[e.to()] == none) return;
    if (e.target == talebook::NodeKind::Matrix) return; // no node for a whole matrix
    if (!seen_.insert({view_[from], view_[e.to()]}).second) return;
    graph_.edges.push_back({view_[from], view_[e.to()], talebook::name_of(e.kind)});
  }

  void add_paragraph(std::size_t i) {
    const talebook::Paragraph& p = book_.paragraphs[i];
    if (book_.paragraph(p.number) != &p) return; // a duplicate number: the first one stands
    std::string kind = talebook::keyword(p.kind);
    std::string label = std::to_string(p.number);
    if (!p.name.empty()) (label += " ") += p.name;
    if (p.kind != ParagraphKind::Award) label += " (" + kind + ")";
    add(g_.paragraph(i), paragraph_id(p.number), kind, label, kind, p.header());
  }

  void add_matrix(std::size_t index) {
    const talebook::ReactionMatrix& m = book_.matrices[index];
    if (book_.matrix(m.letter) != &m) return; // a second matrix with this letter
    const std::string cluster = std::string("matrix ") + m.letter;
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
      const talebook::MatrixRow& row = m.rows[r];
      const std::string id = row_id(m.letter, r);
      talebook::NodeId node = g_.row(index, r);
      add(node, id, "row", std::string(1, m.letter) + ": " + row.adjective, cluster, row.range);
      for (const talebook::Edge& e : g_.out(node)) { // its cells
        const talebook::Node cell = g_.node(e.to());
        std::size_t k = cell.column;
        std::string option = k < m.option_ranges.size()
                                 ? std::string(sources_.text(m.option_ranges[k]))
                                 : "option " + std::to_string(k + 1);
        add(e.to(), id + "_c" + std::to_string(k), "cell",
            option + " " + std::to_string(g_.number(book_, e)), cluster, e.range());
        edge(node, e);
        edges(e.to(), {EdgeKind::Below, EdgeKind::At, EdgeKind::Above});
      }
    }
  }

  void add_card(std::size_t i) {
    const talebook::Card& card = book_.cards[i];
    std::string label = card.name;
    if (card.kind == CardKind::Character) label += std::string(" (") + card.matrix + ")";
    add(g_.card(i), "card" + std::to_string(i), "card", label, "card", card.header);
    edges(g_.card(i), {EdgeKind::Deck, EdgeKind::Terrain, EdgeKind::City, EdgeKind::GoTo,
                       EdgeKind::Place, EdgeKind::Treasure, EdgeKind::Status});
  }

  const talebook::Book& book_;
  const talebook::SourceSet& sources_;
  const talebook::BookGraph& g_;
  std::vector<std::size_t> view_; // the view's node of each graph node, none when it has none
  GraphView graph_;
  std::set<std::pair<std::size_t, std::size_t>> seen_;
};

} // namespace

GraphView graph_view(const Book& book, const SourceSet& sources, const BookGraph& graph) {
  return View(book, sources, graph).build();
}

std::optional<GraphView> view_reached_from(const GraphView& graph, std::uint32_t from,
                                           std::optional<std::uint32_t> depth) {
  const std::string start = paragraph_id(from);
  std::vector<std::vector<std::size_t>> out(graph.nodes.size());
  std::optional<std::size_t> first;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i)
    if (graph.nodes[i].id == start) first = i;
  if (!first) return std::nullopt;
  for (const ViewEdge& e : graph.edges)
    out[e.from].push_back(e.to);
  // Breadth first: a node's distance is its fewest edges from the start.
  std::vector<std::int64_t> distance(graph.nodes.size(), -1);
  std::deque<std::size_t> queue{*first};
  distance[*first] = 0;
  while (!queue.empty()) {
    std::size_t n = queue.front();
    queue.pop_front();
    if (depth && distance[n] >= static_cast<std::int64_t>(*depth)) continue;
    for (std::size_t m : out[n])
      if (distance[m] < 0) {
        distance[m] = distance[n] + 1;
        queue.push_back(m);
      }
  }
  GraphView part;
  std::vector<std::size_t> renumber(graph.nodes.size());
  for (std::size_t i = 0; i < graph.nodes.size(); ++i)
    if (distance[i] >= 0) {
      renumber[i] = part.nodes.size();
      part.nodes.push_back(graph.nodes[i]);
    }
  for (const ViewEdge& e : graph.edges)
    if (distance[e.from] >= 0 && distance[e.to] >= 0 &&
        (!depth || distance[e.from] < static_cast<std::int64_t>(*depth)))
      part.edges.push_back({renumber[e.from], renumber[e.to], e.kind});
  return part;
}

} // namespace talebook
