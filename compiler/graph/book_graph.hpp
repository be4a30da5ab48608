// The book's reference graph: what leads where, built once from the resolved
// book (after resolve, before the checks) and read by reachability, `talec
// graph`, the language server, the economy and simulate's coverage.
//
// Its nodes are the rules (the game itself: what it reads on its own), the
// paragraphs, the matrices, their rows and numbered cells, and the cards. Its
// edges are typed (EdgeKind) and carry where they are written (ranges only:
// the graph holds no pointer into the book, which may move). Built in one
// pass over the book: linear in its size. Node ids are indexes, never a number
// of the book: an edge to a paragraph the book does not have keeps the number
// written and leads to no node.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

using NodeId = std::uint32_t;
inline constexpr NodeId no_node = UINT32_MAX; // an index past every node

enum class NodeKind : std::uint8_t { Rules, Paragraph, Matrix, Row, Cell, Card };

#define TALEBOOK_EDGE_KINDS(X)                                                                     \
  X(GoTo, "go_to")    /* [Go to 134] */                                                            \
  X(Prose, "ref")     /* (134) in prose or a section's text */                                     \
  X(Being, "row")     /* `Old Man (H)`: the row of the being */                                    \
  X(Matrix, "matrix") /* `(H)`, a being no row matched: the whole matrix */                        \
  X(Entry, "entry")   /* a chart's line: its row (the matrix when no row matched) */               \
  X(Row, "rows")      /* a matrix: each of its rows */                                             \
  X(Cell, "cell")     /* a row: each of its numbered cells */                                      \
  X(Below, "n-1")     /* a cell: paragraph n-1, n, n+1 (rule 9.3) */                               \
  X(At, "n")                                                                                       \
  X(Above, "n+1")                                                                                  \
  X(Treasure, "treasure") /* a treasure award; the rules: a treasure paragraph */                  \
  X(Place, "enter")       /* [Enter City of Brass]; the rules: a place paragraph */                \
  X(Status, "status")     /* a status award; the rules: a status paragraph */                      \
  X(Quest, "quest")       /* the rules, a city card's quest half: a quest paragraph (rule 22) */   \
  X(Deck, "deck")         /* a character card: its decks' paragraphs */                            \
  X(Terrain, "terrain")   /* a terrain card: its terrains' paragraphs */                           \
  X(City, "city")         /* a city card's results: a paragraph, a row or a matrix */              \
  X(CardMatrix, "card_matrix") /* a character card: its matrix */                                  \
  X(Card, "card")              /* the rules: each card */                                          \
  X(EntryPoint, "entry_point") /* the rules: the manifest's entry_points */                        \
  X(Test, "test")              /* a heading's condition: the status or treasure it tests */        \
  X(Lose, "lose")              /* Lose Beloved, Lose Ionian Gems: the status or treasure */

enum class EdgeKind : std::uint8_t {
#define X(value, id) value,
  TALEBOOK_EDGE_KINDS(X)
#undef X
};

// The stable id of an edge kind ("go_to", "n+1"): `talec graph`'s JSON.
const char* name_of(EdgeKind kind);

// Whether play goes along the edge: every kind but Test and Lose (they name
// a paragraph without going there).
inline bool leads(EdgeKind kind) {
  return kind != EdgeKind::Test && kind != EdgeKind::Lose;
}
// Whether an edge to a matrix reaches its rows (`(H)` in prose, a manifest's
// `H`), or only names the matrix (a card's, a chart line or a city result
// whose being no row matched).
inline bool opens(EdgeKind kind) {
  return kind == EdgeKind::Matrix || kind == EdgeKind::EntryPoint;
}

// 16 bytes: a large book has a few edges per paragraph, held beside the model.
class Edge {
public:
  Edge() = default;
  Edge(NodeId to, std::uint32_t number, SourceRange range, EdgeKind kind, NodeKind target)
      : value_(to == no_node ? number : to), file_(range.file), begin_(range.begin),
        length_(static_cast<std::uint16_t>(range.end - range.begin < far ? range.end - range.begin
                                                                         : far)),
        kind(kind), target(target), resolved_(to != no_node) {}

  // The node it leads to; no_node when the book has no such paragraph (or matrix).
  NodeId to() const { return resolved_ ? value_ : no_node; }
  // An edge to no node: the paragraph number written (BookGraph::number for any edge).
  std::uint32_t missing() const { return resolved_ ? 0 : value_; }
  // Where the reference is written (invalid: the rules, a cell's n±1); a
  // reference past 64 KiB long keeps its first 64 KiB.
  SourceRange range() const { return {file_, begin_, begin_ + length_}; }

private:
  static constexpr std::uint32_t far = 0xFFFF;
  std::uint32_t value_ = 0; // the node, or the number written when none
  std::uint32_t file_ = 0, begin_ = 0;
  std::uint16_t length_ = 0;

public:
  EdgeKind kind = EdgeKind::GoTo;
  NodeKind target : 7 = NodeKind::Paragraph; // what it names, also when to() is no_node

private:
  bool resolved_ : 1 = false;
};
static_assert(sizeof(Edge) <= 16);

struct Node {
  NodeKind kind = NodeKind::Rules;
  std::uint32_t item = 0;   // index in book.paragraphs, book.matrices (Row, Cell too), book.cards
  std::uint32_t row = 0;    // Row, Cell: the row's index in its matrix
  std::uint32_t column = 0; // Cell: the cell's index in its row
};

class BookGraph {
public:
  BookGraph() = default;
  explicit BookGraph(const Book& book);
  // The graph of `book` after its paragraphs [first, first + count) were
  // parsed anew with the same numbers, kinds and names as in the book `old`
  // was built from (an edit inside them: compiler/driver/incremental.hpp):
  // `old` with only their edges built again. Every other edge stays right,
  // since what it leads to is found by number, kind and name.
  BookGraph(const BookGraph& old, const Book& book, std::size_t first, std::size_t count);

  std::size_t size() const { return first_.empty() ? 0 : first_.size() - 1; }
  Node node(NodeId id) const {
    if (id == 0) return {};
    if (id < matrices_) return {NodeKind::Paragraph, id - 1};
    return others_[id - matrices_];
  }
  std::span<const Edge> out(NodeId id) const {
    return {edges_.data() + first_[id], edges_.data() + first_[id + 1]};
  }
  std::size_t edge_count() const { return edges_.size(); }
  // The paragraph number an edge names (written or resolved), a cell's number; 0 for the others.
  std::uint32_t number(const Book& book, const Edge& e) const;

  NodeId rules() const { return 0; }
  NodeId paragraph(std::size_t index) const { return static_cast<NodeId>(1 + index); }
  NodeId matrix(std::size_t index) const { return static_cast<NodeId>(matrices_ + index); }
  NodeId row(std::size_t matrix, std::size_t row) const {
    return static_cast<NodeId>(rows_[matrix] + row);
  }
  NodeId card(std::size_t index) const { return static_cast<NodeId>(cards_ + index); }
  // The node of a status's paragraph (the first with that vocabulary id), no_node when none.
  NodeId status(std::string_view id) const;

  // The manifest's entry points that name nothing of the book (TB0304).
  const std::vector<std::string>& unknown_entry_points() const { return unknown_entries_; }

private:
  friend class GraphBuilder;
  std::vector<Node> others_;         // the nodes after the paragraphs (matrices_ on)
  std::vector<std::uint32_t> first_; // edges of node i: [first_[i], first_[i + 1])
  std::vector<Edge> edges_;
  NodeId matrices_ = 0, cards_ = 0;
  std::vector<NodeId> rows_; // the first row node of each matrix
  std::unordered_map<std::string, NodeId> statuses_;
  std::vector<std::string> unknown_entries_;
};

} // namespace talebook
