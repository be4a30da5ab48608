// What the game can lead to: a walk of the book's reference graph (book_graph.hpp)
// from the nodes opened, in phases. Read by reachability (check_reach.cpp) and
// simulate's coverage (what play could have read), so both say the same.
//
// Every edge that leads (all but a Test or a Lose) is followed once; an edge to
// a matrix that only names it (a card's, a chart line whose being no row
// matched) reaches the matrix and none of its rows. A row reached reaches its
// matrix. One pass over a work list: linear in the size of the book.
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/graph/book_graph.hpp"

namespace talebook {

// The walk, in phases: each phase goes on from the last, so one byte per node
// says in which phase it was first reached and whether its edges were followed.
class GraphReach {
public:
  explicit GraphReach(const BookGraph& graph) : graph_(graph), state_(graph.size(), 0) {}

  // The phase (1 to 127) of what open() and run() reach from now on.
  void phase(std::uint8_t phase) { phase_ = phase; }
  // Reaches `id` and everything it leads to (at the next run()).
  void open(NodeId id);
  void run();
  // Whether `id` was reached by the end of phase `by`.
  bool reached(NodeId id, std::uint8_t by = 1) const {
    std::uint8_t first = state_[id] & ~opened;
    return first != 0 && first <= by;
  }

private:
  static constexpr std::uint8_t opened = 0x80;
  void mark(NodeId id);
  const BookGraph& graph_;
  std::vector<std::uint8_t> state_;
  std::vector<NodeId> work_;
  std::uint8_t phase_ = 1;
};

// Everything the rules lead to (phase 1), then also what every encounter
// chart leads to (phase 2: the board's spaces turn to charts the book's links
// need not name, so play can reach each of them). Phase 2 is what play can reach.
enum : std::uint8_t { reach_rules = 1, reach_charts = 2 };
GraphReach reach_in_play(const BookGraph& graph, const Book& book);
// What one paragraph leads to (phase 1; `talec simulate --from`): the walk
// from paragraph `number`, and every treasure paragraph when what it reaches
// awards a random treasure (Trea*, an edge of the rules, not of the paragraph).
GraphReach reach_from(const BookGraph& graph, const Book& book, std::uint32_t number);

} // namespace talebook
