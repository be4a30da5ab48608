// The book's reference graph (compiler/graph/): every edge kind on a small
// book, and the sample book's edges counted by kind.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <tuple>

#include "compiler/graph/book_graph.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

namespace {

// "p3", "mH", "mH_r0", "mH_r0_c1", "card0", "rules", or "-7" for a number the book lacks.
std::string name(const Compilation& c, const Edge& e) {
  if (e.to() == no_node)
    return e.target == NodeKind::Paragraph ? "-" + std::to_string(e.missing()) : "-";
  const Node n = c.graph->node(e.to());
  std::string m =
      n.kind == NodeKind::Rules || n.kind == NodeKind::Paragraph || n.kind == NodeKind::Card
          ? ""
          : std::string("m") + c.book.matrices[n.item].letter;
  switch (n.kind) {
  case NodeKind::Rules:
    return "rules";
  case NodeKind::Paragraph:
    return "p" + std::to_string(c.book.paragraphs[n.item].number);
  case NodeKind::Matrix:
    return m;
  case NodeKind::Row:
    return m + "_r" + std::to_string(n.row);
  case NodeKind::Cell:
    return m + "_r" + std::to_string(n.row) + "_c" + std::to_string(n.column);
  case NodeKind::Card:
    return "card" + std::to_string(n.item);
  }
  return "?";
}

// (kind, target) of every edge out of `node`.
std::multiset<std::pair<std::string, std::string>> out(const Compilation& c, NodeId node) {
  std::multiset<std::pair<std::string, std::string>> edges;
  for (const Edge& e : c.graph->out(node))
    edges.insert({name_of(e.kind), name(c, e)});
  return edges;
}

using Edges = std::multiset<std::pair<std::string, std::string>>;

} // namespace

TEST_CASE("graph: every edge kind of a small book, typed", "[graph]") {
  Compilation c;
  test::compile(c, R"(@matrix H
Options: Talk | Flee
Old: 11 | NE
Young: ★ | 21

@1 chart
Along the road.
1. Old Man (H)
2. Nobody (H)

@10
You meet an Old Man (H) and see (20). Someone (H) waves.
Beloved: He smiles. [Go to 21]
Ionian Gems: They glow. [Lose Ionian Gems]
No Skill: You go on. [Enter City of Brass/Ionian Gems/Beloved (1 turn)/Go to 7]

@11
Nothing more. [D1]

@12
Still nothing. [S1]

@20
A quiet road. [Lose Beloved]

@21
An end. [D1]

@22
Another end. [D1]

@30 status Beloved
You are loved.

@40 treasure Ionian Gems
Gems of Ionia.

@50 place City of Brass
A city.

@60 quest The Lost Pearl
Spaces: Sea
1-6: You find it. [Q:S]

@card character Fisherman (H): 1
@card terrain Whirlpool: Sea 1*
@card city Basra
1: [Ionian Gems]
2: Encounter Jinni (10), Old Sailor (H)
)");
  // The book is whole, but for the Go to 7 and the reaches nobody makes.
  INFO(test::codes(c).size());
  const BookGraph& g = *c.graph;
  REQUIRE(g.size() == 1 + 11 + 1 + 2 + 2 + 3);
  auto p = [&](std::uint32_t number) {
    for (std::size_t i = 0; i < c.book.paragraphs.size(); ++i)
      if (c.book.paragraphs[i].number == number) return g.paragraph(i);
    FAIL("no paragraph " << number);
    return no_node;
  };
  // The rules: the cards, the paragraphs they read on their own.
  CHECK(out(c, g.rules()) == Edges{{"card", "card0"},
                                   {"card", "card1"},
                                   {"card", "card2"},
                                   {"status", "p30"},
                                   {"treasure", "p40"},
                                   {"enter", "p50"},
                                   {"quest", "p60"}});
  // A chart's lines: a row; a being no row matched: the matrix, named.
  CHECK(out(c, p(1)) == Edges{{"entry", "mH_r0"}, {"entry", "mH"}});
  CHECK(out(c, p(10)) == Edges{{"ref", "p20"},
                               {"row", "mH_r0"},
                               {"matrix", "mH"},
                               {"test", "p30"}, // the heading tests Beloved
                               {"go_to", "p21"},
                               {"test", "p40"}, // the heading tests Ionian Gems
                               {"lose", "p40"}, // Lose Ionian Gems
                               {"enter", "p50"},
                               {"treasure", "p40"},
                               {"status", "p30"},
                               {"go_to", "-7"}}); // kept, to no node
  CHECK(out(c, p(20)) == Edges{{"lose", "p30"}});
  CHECK(out(c, p(21)).empty());
  // A matrix leads to its rows, a row to its numbered cells, a cell to n-1, n, n+1.
  CHECK(out(c, g.matrix(0)) == Edges{{"rows", "mH_r0"}, {"rows", "mH_r1"}});
  CHECK(out(c, g.row(0, 0)) == Edges{{"cell", "mH_r0_c0"}});
  CHECK(out(c, g.row(0, 1)) == Edges{{"cell", "mH_r1_c1"}});
  CHECK(out(c, g.out(g.row(0, 0))[0].to()) == Edges{{"n-1", "p10"}, {"n", "p11"}, {"n+1", "p12"}});
  CHECK(out(c, g.out(g.row(0, 1))[0].to()) == Edges{{"n-1", "p20"}, {"n", "p21"}, {"n+1", "p22"}});
  // Cards: a character's decks and matrix, a terrain's paragraphs, a city's results.
  CHECK(out(c, g.card(0)) == Edges{{"card_matrix", "mH"}, {"deck", "p1"}});
  CHECK(out(c, g.card(1)) == Edges{{"terrain", "p1"}});
  CHECK(out(c, g.card(2)) == Edges{{"treasure", "p40"}, {"city", "p10"}, {"city", "mH_r0"}});
  // Where each is written.
  for (const Edge& e : g.out(p(10)))
    if (e.kind == EdgeKind::GoTo && e.to() == no_node)
      CHECK(std::string(c.sources.text(e.range())) == "Go to 7");
  CHECK(g.status("beloved") == p(30));
  CHECK(g.status("lost") == no_node);
  CHECK(g.unknown_entry_points().empty());
}

TEST_CASE("graph: paragraph 0 is a number like any other", "[graph]") {
  // 0 is not a paragraph (a check error), but the graph treats it as written:
  // no edge is dropped or invented for it.
  Compilation c;
  test::compile(c, "@1\nGo on. [Go to 0]\n\n@2\nOr (0). [D1]\n");
  std::size_t to_zero = 0;
  for (NodeId id = 0; id < c.graph->size(); ++id)
    for (const Edge& e : c.graph->out(id))
      if (e.target == NodeKind::Paragraph && c.graph->number(c.book, e) == 0) {
        ++to_zero;
        CHECK(e.to() == no_node);
      }
  CHECK(to_zero == 2);
}

TEST_CASE("graph: the sample book's edges by kind", "[graph]") {
  Compilation c;
  REQUIRE(compile_book(test::source_dir() + "/book", c));
  std::map<std::string, std::size_t> kinds;
  std::size_t dangling = 0;
  for (NodeId id = 0; id < c.graph->size(); ++id)
    for (const Edge& e : c.graph->out(id)) {
      ++kinds[name_of(e.kind)];
      if (e.to() == no_node && e.target == NodeKind::Paragraph) ++dangling;
    }
  CHECK(dangling == 0); // the sample book checks clean
  CHECK(c.graph->size() == 1 + c.book.paragraphs.size() + c.book.matrices.size() + kinds["rows"] +
                               kinds["cell"] + c.book.cards.size());
  CHECK(kinds["card"] == c.book.cards.size());
  // Each numbered cell leads to n-1, n and n+1 (the sample numbers no cell 1).
  CHECK(kinds["n-1"] == kinds["cell"]);
  CHECK(kinds["n"] == kinds["cell"]);
  CHECK(kinds["n+1"] == kinds["cell"]);
  CHECK(kinds["rows"] == 8); // G and H, four rows each
  for (const char* kind : {"go_to", "ref", "row", "entry", "treasure", "enter", "status", "quest",
                           "deck", "terrain", "city", "card_matrix"})
    CHECK(kinds[kind] > 0);
  // What the command draws is what the graph holds: no paragraph without its node.
  std::set<std::uint32_t> numbers;
  for (const Paragraph& p : c.book.paragraphs)
    numbers.insert(p.number);
  CHECK(numbers.size() == c.book.paragraphs.size());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
