#include "tools/talec/book_graph.hpp"

#include <deque>
#include <map>
#include <set>

namespace talec {
namespace {

using talebook::AwardKind;
using talebook::CardKind;
using talebook::CellKind;
using talebook::ParagraphKind;

std::string paragraph_id(std::uint32_t number) {
  return "p" + std::to_string(number);
}

std::string row_id(char letter, std::size_t row) {
  return std::string("m") + letter + "_r" + std::to_string(row);
}

class Builder {
public:
  explicit Builder(const talebook::Compilation& c) : c_(c) {}

  BookGraph build() {
    for (const auto& p : c_.book.paragraphs)
      add_paragraph(p);
    for (const auto& m : c_.book.matrices)
      add_matrix(m);
    for (std::size_t i = 0; i < c_.book.cards.size(); ++i)
      add_card(i, c_.book.cards[i]);
    for (const auto& p : c_.book.paragraphs)
      paragraph_edges(p);
    return std::move(graph_);
  }

private:
  std::optional<std::size_t> node(const std::string& id) const {
    auto it = index_.find(id);
    if (it == index_.end()) return std::nullopt;
    return it->second;
  }

  std::optional<std::size_t> add(const std::string& id, std::string kind, std::string label,
                                 std::string cluster, talebook::SourceRange range) {
    if (index_.count(id)) return std::nullopt; // a duplicate number: the first one stands
    GraphNode n{id, std::move(kind), std::move(label), std::move(cluster), {}, 0};
    if (range.valid()) {
      const talebook::SourceFile& file = c_.sources.file(range.file);
      n.file = file.path();
      n.line = file.position(range.begin).line;
    }
    index_[id] = graph_.nodes.size();
    graph_.nodes.push_back(std::move(n));
    return graph_.nodes.size() - 1;
  }

  void edge(std::optional<std::size_t> from, const std::string& to, const char* kind) {
    auto target = node(to);
    if (!from || !target || !seen_.insert({*from, *target}).second) return;
    graph_.edges.push_back({*from, *target, kind});
  }

  void add_paragraph(const talebook::Paragraph& p) {
    std::string kind = talebook::keyword(p.kind);
    std::string label = std::to_string(p.number);
    if (!p.name.empty()) (label += " ") += p.name;
    if (p.kind != ParagraphKind::Award) label += " (" + kind + ")";
    if (add(paragraph_id(p.number), kind, label, kind, p.header())) owners_.insert(&p);
    if (p.kind == ParagraphKind::Status) statuses_.emplace(p.name_id(), p.number); // the first
  }

  void add_matrix(const talebook::ReactionMatrix& m) {
    const std::string cluster = std::string("matrix ") + m.letter;
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
      const talebook::MatrixRow& row = m.rows[r];
      const std::string id = row_id(m.letter, r);
      auto from =
          add(id, "row", std::string(1, m.letter) + ": " + row.adjective, cluster, row.range);
      if (!from) continue; // a second matrix with this letter
      for (std::size_t k = 0; k < row.cells.size(); ++k) {
        const talebook::MatrixCell& cell = row.cells[k];
        if (cell.kind != CellKind::Number) continue;
        std::string option = k < m.option_ranges.size()
                                 ? std::string(c_.sources.text(m.option_ranges[k]))
                                 : "option " + std::to_string(k + 1);
        const std::string cell_id = id + "_c" + std::to_string(k);
        auto c =
            add(cell_id, "cell", option + " " + std::to_string(cell.number), cluster, cell.range);
        edge(from, cell_id, "cell");
        if (cell.number > 1) edge(c, paragraph_id(cell.number - 1), "n-1");
        edge(c, paragraph_id(cell.number), "n");
        edge(c, paragraph_id(cell.number + 1), "n+1");
      }
    }
  }

  void matrix_ref(std::optional<std::size_t> from, const talebook::MatrixRef& ref,
                  const char* kind) {
    if (ref.row >= 0) edge(from, row_id(ref.letter, static_cast<std::size_t>(ref.row)), kind);
  }

  void add_card(std::size_t i, const talebook::Card& card) {
    std::string label = card.name;
    if (card.kind == CardKind::Character) label += std::string(" (") + card.matrix + ")";
    auto from = add("card" + std::to_string(i), "card", label, "card", card.header);
    for (const auto& deck : card.decks)
      edge(from, paragraph_id(deck.number), "deck");
    for (const auto& terrain : card.terrains)
      edge(from, paragraph_id(terrain.paragraph.number), "terrain");
    for (const auto& result : card.results) {
      for (const auto& ref : result.refs)
        edge(from, paragraph_id(ref.number), "city");
      for (const auto& ref : result.matrix_refs)
        matrix_ref(from, ref, "city");
    }
  }

  void paragraph_edges(const talebook::Paragraph& p) {
    if (!owners_.count(&p)) return; // a duplicate number: only the first one's edges
    auto from = node(paragraph_id(p.number));
    if (p.chart)
      for (const auto& entry : p.chart->entries)
        if (entry.row >= 0)
          edge(from, row_id(entry.matrix, static_cast<std::size_t>(entry.row)), "entry");
    for (const auto& section : p.sections) {
      if (!section.has_award()) continue;
      for (const auto& award : section.awards())
        award_edge(from, award);
    }
    for (const auto& ref : p.refs)
      edge(from, paragraph_id(ref.number), "ref");
    for (const auto& ref : p.matrix_refs)
      matrix_ref(from, ref, "row");
  }

  void award_edge(std::optional<std::size_t> from, const talebook::Award& award) {
    switch (award.kind) {
    case AwardKind::GoTo:
      edge(from, paragraph_id(award.paragraph()), "go_to");
      break;
    case AwardKind::EnterPlace:
      edge(from, paragraph_id(award.paragraph()), "enter");
      break;
    case AwardKind::Treasure:
      edge(from, paragraph_id(award.paragraph()), "treasure");
      break;
    case AwardKind::Status: {
      auto it = statuses_.find(std::string(award.id));
      if (it != statuses_.end()) edge(from, paragraph_id(it->second), "status");
      break;
    }
    default:
      break;
    }
  }

  const talebook::Compilation& c_;
  BookGraph graph_;
  std::map<std::string, std::size_t> index_;
  std::set<std::pair<std::size_t, std::size_t>> seen_;
  std::map<std::string, std::uint32_t> statuses_; // status id -> its paragraph
  std::set<const talebook::Paragraph*> owners_;   // the paragraphs that have a node
};

} // namespace

BookGraph book_graph(const talebook::Compilation& compilation) {
  return Builder(compilation).build();
}

std::optional<BookGraph> reached_from(const BookGraph& graph, std::uint32_t from,
                                      std::optional<std::uint32_t> depth) {
  const std::string start = paragraph_id(from);
  std::vector<std::vector<std::size_t>> out(graph.nodes.size());
  std::optional<std::size_t> first;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i)
    if (graph.nodes[i].id == start) first = i;
  if (!first) return std::nullopt;
  for (const GraphEdge& e : graph.edges)
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
  BookGraph part;
  std::vector<std::size_t> renumber(graph.nodes.size());
  for (std::size_t i = 0; i < graph.nodes.size(); ++i)
    if (distance[i] >= 0) {
      renumber[i] = part.nodes.size();
      part.nodes.push_back(graph.nodes[i]);
    }
  for (const GraphEdge& e : graph.edges)
    if (distance[e.from] >= 0 && distance[e.to] >= 0 &&
        (!depth || distance[e.from] < static_cast<std::int64_t>(*depth)))
      part.edges.push_back({renumber[e.from], renumber[e.to], e.kind});
  return part;
}

} // namespace talec
