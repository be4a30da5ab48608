#include "compiler/graph/book_graph.hpp"

#include "compiler/graph/entry_points.hpp"

namespace talebook {

const char* name_of(EdgeKind kind) {
  switch (kind) {
#define X(value, id)                                                                               \
  case EdgeKind::value:                                                                            \
    return id;
    TALEBOOK_EDGE_KINDS(X)
#undef X
  }
  return "";
}

std::uint32_t BookGraph::number(const Book& book, const Edge& e) const {
  if (e.to() == no_node) return e.missing();
  Node n = node(e.to());
  if (n.kind == NodeKind::Paragraph) return book.paragraphs[n.item].number;
  if (n.kind == NodeKind::Cell) return book.matrices[n.item].rows[n.row].cells[n.column].number;
  return 0;
}

NodeId BookGraph::status(std::string_view id) const {
  auto it = statuses_.find(std::string(id));
  return it == statuses_.end() ? no_node : it->second;
}

// Node ids first (the rules, paragraphs, matrices, rows, cells, cards, in that
// order), then each node's edges in id order: the edges of node i are one run.
class GraphBuilder {
public:
  GraphBuilder(BookGraph& g, const Book& book) : g_(g), book_(book) {}

  void build() {
    for (std::size_t i = 0; i < book_.paragraphs.size(); ++i) {
      const Paragraph& p = book_.paragraphs[i];
      if (p.kind == ParagraphKind::Status && book_.paragraph(p.number) == &p)
        g_.statuses_.emplace(std::string(p.name_id().view()),
                             g_.paragraph(i)); // the first keeps it
    }
    g_.matrices_ = static_cast<NodeId>(1 + book_.paragraphs.size());
    for (std::size_t m = 0; m < book_.matrices.size(); ++m)
      others({NodeKind::Matrix, index(m)});
    for (std::size_t m = 0; m < book_.matrices.size(); ++m) {
      g_.rows_.push_back(next());
      for (std::size_t r = 0; r < book_.matrices[m].rows.size(); ++r)
        others({NodeKind::Row, index(m), index(r)});
    }
    cells_ = next();
    for (std::size_t m = 0; m < book_.matrices.size(); ++m)
      for (std::size_t r = 0; r < book_.matrices[m].rows.size(); ++r) {
        const MatrixRow& row = book_.matrices[m].rows[r];
        for (std::size_t c = 0; c < row.cells.size(); ++c)
          if (row.cells[c].kind == CellKind::Number)
            others({NodeKind::Cell, index(m), index(r), index(c)});
      }
    g_.cards_ = next();
    for (std::size_t i = 0; i < book_.cards.size(); ++i)
      others({NodeKind::Card, index(i)});

    // Each node's edges, counted first: the edges are held once, at their size.
    std::size_t total = 1 + book_.paragraphs.size() + g_.others_.size();
    for (bool count : {true, false}) {
      counting_ = count;
      g_.first_.clear();
      g_.first_.reserve(total + 1);
      g_.first_.push_back(0);
      NodeId cell = cells_;
      for (NodeId id = 0; id < total; ++id) {
        edges_of(g_.node(id), cell);
        g_.first_.push_back(static_cast<std::uint32_t>(counting_ ? counted_ : g_.edges_.size()));
      }
      if (counting_) g_.edges_.reserve(counted_);
    }
  }

  // `old`'s graph with the edges of paragraphs [first, first + count) built
  // again from the book (see the BookGraph constructor).
  void rebuild(const BookGraph& old, std::size_t first, std::size_t count) {
    const NodeId from = g_.paragraph(first), to = g_.paragraph(first + count);
    const auto begin = old.edges_.begin();
    g_.edges_.reserve(old.edges_.size());
    g_.edges_.assign(begin, begin + old.first_[from]);
    g_.first_.assign(old.first_.begin(), old.first_.begin() + from + 1);
    for (std::size_t i = first; i < first + count; ++i) {
      paragraph(book_.paragraphs[i]);
      g_.first_.push_back(static_cast<std::uint32_t>(g_.edges_.size()));
    }
    const std::int64_t shift =
        static_cast<std::int64_t>(g_.edges_.size()) - static_cast<std::int64_t>(old.first_[to]);
    g_.edges_.insert(g_.edges_.end(), begin + old.first_[to], old.edges_.end());
    for (std::size_t id = to + 1; id < old.first_.size(); ++id)
      g_.first_.push_back(static_cast<std::uint32_t>(old.first_[id] + shift));
  }

private:
  NodeId next() const { return static_cast<NodeId>(g_.matrices_ + g_.others_.size()); }
  void others(Node n) { g_.others_.push_back(n); }

  void edges_of(const Node& n, NodeId& cell) {
    switch (n.kind) {
    case NodeKind::Rules:
      rules();
      break;
    case NodeKind::Paragraph:
      paragraph(book_.paragraphs[n.item]);
      break;
    case NodeKind::Matrix:
      for (std::size_t r = 0; r < book_.matrices[n.item].rows.size(); ++r)
        edge(g_.row(n.item, r), 0, book_.matrices[n.item].rows[r].range, EdgeKind::Row,
             NodeKind::Row);
      break;
    case NodeKind::Row: {
      const MatrixRow& row = book_.matrices[n.item].rows[n.row];
      for (const MatrixCell& c : row.cells)
        if (c.kind == CellKind::Number)
          edge(cell++, c.number, c.range, EdgeKind::Cell, NodeKind::Cell);
      break;
    }
    case NodeKind::Cell: {
      const MatrixCell& c = book_.matrices[n.item].rows[n.row].cells[n.column];
      if (c.number > 0) to_paragraph(c.number - 1, {}, EdgeKind::Below);
      to_paragraph(c.number, {}, EdgeKind::At);
      if (c.number < UINT32_MAX) to_paragraph(c.number + 1, {}, EdgeKind::Above);
      break;
    }
    case NodeKind::Card:
      card(book_.cards[n.item]);
      break;
    }
  }

  static std::uint32_t index(std::size_t i) { return static_cast<std::uint32_t>(i); }
  // The node of the paragraph the book knows as `number` (the first of a duplicate).
  NodeId paragraph_number(std::uint32_t number) const {
    std::size_t i = book_.symbols.paragraph(number);
    return i == SymbolTable::none ? no_node : g_.paragraph(i);
  }

  void edge(NodeId to, std::uint32_t number, SourceRange range, EdgeKind kind,
            NodeKind target = NodeKind::Paragraph) {
    if (counting_)
      ++counted_;
    else
      g_.edges_.emplace_back(to, number, range, kind, target);
  }
  void to_paragraph(std::uint32_t number, SourceRange range, EdgeKind kind) {
    edge(paragraph_number(number), number, range, kind);
  }
  NodeId matrix_node(char letter) const {
    std::size_t m = book_.symbols.matrix(letter);
    return m == SymbolTable::none ? no_node : g_.matrix(m);
  }
  // A row of matrix `letter` (`kind`), or the matrix itself when no row matched.
  void to_row(char letter, int row, SourceRange range, EdgeKind kind, EdgeKind whole) {
    std::size_t m = book_.symbols.matrix(letter);
    if (m == SymbolTable::none) return edge(no_node, 0, range, whole, NodeKind::Matrix);
    if (row >= 0 && static_cast<std::size_t>(row) < book_.matrices[m].rows.size())
      edge(g_.row(m, static_cast<std::size_t>(row)), 0, range, kind, NodeKind::Row);
    else
      edge(g_.matrix(m), 0, range, whole, NodeKind::Matrix);
  }

  // What the rules read on their own: the cards, the status, treasure, place
  // and quest paragraphs, and the manifest's entry points.
  void rules() {
    for (std::size_t i = 0; i < book_.cards.size(); ++i)
      edge(g_.card(i), 0, {}, EdgeKind::Card, NodeKind::Card);
    for (std::size_t i = 0; i < book_.paragraphs.size(); ++i) {
      const Paragraph& p = book_.paragraphs[i];
      if (book_.paragraph(p.number) != &p) continue; // a duplicate: TB0010
      EdgeKind kind = EdgeKind::Status;
      switch (p.kind) {
      case ParagraphKind::Status:
        break;
      case ParagraphKind::Treasure:
        kind = EdgeKind::Treasure;
        break;
      case ParagraphKind::Place:
        kind = EdgeKind::Place;
        break;
      case ParagraphKind::Quest:
        kind = EdgeKind::Quest;
        break;
      default:
        continue;
      }
      edge(g_.paragraph(i), p.number, {}, kind);
    }
    for (const std::string& entry : book_.entry_points) {
      EntryPoint e = entry_point(book_, entry);
      if (e.kind == EntryPoint::Paragraph && paragraph_number(e.number) != no_node)
        to_paragraph(e.number, {}, EdgeKind::EntryPoint);
      else if (e.kind == EntryPoint::Matrix && matrix_node(e.letter) != no_node)
        to_row(e.letter, e.row, {}, EdgeKind::EntryPoint, EdgeKind::EntryPoint);
      else if (!counting_)
        g_.unknown_entries_.push_back(entry);
    }
  }

  void award(const Award& a) {
    switch (a.kind) {
    case AwardKind::GoTo:
      return to_paragraph(a.paragraph(), a.range, EdgeKind::GoTo);
    case AwardKind::Treasure:
      return to_paragraph(a.paragraph(), a.range, EdgeKind::Treasure);
    case AwardKind::EnterPlace:
      return to_paragraph(a.paragraph(), a.range, EdgeKind::Place);
    case AwardKind::LoseTreasure:
      return to_paragraph(a.paragraph(), a.range, EdgeKind::Lose);
    case AwardKind::Status:
    case AwardKind::LoseStatus: {
      NodeId to = g_.status(a.id.view());
      if (to == no_node) return; // a status with no paragraph: the vocabulary's
      SourceRange name = a.name_range().valid() ? a.name_range() : a.range;
      edge(to, book_.paragraphs[g_.node(to).item].number, name,
           a.kind == AwardKind::Status ? EdgeKind::Status : EdgeKind::Lose);
      return;
    }
    default:
      return;
    }
  }

  void paragraph(const Paragraph& p) {
    for (const ParagraphRef& ref : p.refs)
      to_paragraph(ref.number, ref.range, EdgeKind::Prose);
    for (const MatrixRef& ref : p.matrix_refs)
      to_row(ref.letter, ref.row, ref.range, EdgeKind::Being, EdgeKind::Matrix);
    for (const Section& s : p.sections) {
      for (const Condition& c : s.conditions)
        if (c.kind == ConditionKind::Treasure) {
          to_paragraph(c.paragraph(), c.range, EdgeKind::Test);
        } else if (c.kind == ConditionKind::Status) {
          NodeId to = g_.status(c.id.view());
          if (to != no_node)
            edge(to, book_.paragraphs[g_.node(to).item].number, c.range, EdgeKind::Test);
        }
      if (s.has_award())
        for (const Award& a : s.awards())
          award(a);
    }
    if (p.chart)
      for (const ChartEntry& e : p.chart->entries)
        to_row(e.matrix, e.row, e.range, EdgeKind::Entry, EdgeKind::Entry);
  }

  void card(const Card& card) {
    if (card.kind == CardKind::Character && card.matrix != 0)
      edge(matrix_node(card.matrix), 0, card.header, EdgeKind::CardMatrix, NodeKind::Matrix);
    for (const ParagraphRef& ref : card.decks)
      to_paragraph(ref.number, ref.range, EdgeKind::Deck);
    for (const TerrainEntry& t : card.terrains)
      to_paragraph(t.paragraph.number, t.paragraph.range, EdgeKind::Terrain);
    if (card.quest.number) // a fate card's quest half (rule 22.1)
      to_paragraph(card.quest.number, card.quest.range, EdgeKind::Quest);
    for (const CityResult& r : card.results) {
      for (const ParagraphRef& ref : r.refs)
        to_paragraph(ref.number, ref.range, EdgeKind::City);
      for (const MatrixRef& ref : r.matrix_refs)
        to_row(ref.letter, ref.row, ref.range, EdgeKind::City, EdgeKind::City);
      for (const AwardCode& code : r.awards)
        for (const Award& a : code.awards)
          award(a);
    }
  }

  BookGraph& g_;
  const Book& book_;
  NodeId cells_ = 0;
  bool counting_ = false;
  std::size_t counted_ = 0;
};

BookGraph::BookGraph(const Book& book) {
  GraphBuilder(*this, book).build();
}

BookGraph::BookGraph(const BookGraph& old, const Book& book, std::size_t first, std::size_t count)
    : others_(old.others_), matrices_(old.matrices_), cards_(old.cards_), rows_(old.rows_),
      statuses_(old.statuses_), unknown_entries_(old.unknown_entries_) {
  GraphBuilder(*this, book).rebuild(old, first, count);
}

} // namespace talebook
