// The book as a graph for `talec graph`: paragraphs, charts, matrix rows and
// cells, and cards, with an edge for every way play goes from one to another
// (a card to its chart, a chart line to its matrix row, a row to its cells, a
// cell to n-1, n and n+1, `Go to`, `(n)`, `Enter`, and status, treasure and
// place awards, also on city cards). A view of the book's reference graph
// (compiler/graph/, built once by compile_book): labels, files and lines for
// the nodes that are drawn, each (from, to) once; rendered as Graphviz DOT, a
// mermaid flowchart or JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/graph/book_graph.hpp"
#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

struct ViewNode {
  std::string id;      // "p601", "mH_r0", "mH_r0_c2", "card3": letters, digits, '_'
  std::string kind;    // a paragraph kind ("award", "chart"...), "row", "cell", "card"
  std::string label;   // what a reader sees: "601", "H: Old", "Talk 42", "Old Man"
  std::string cluster; // the matrix of a row or cell ("matrix H"), else the kind
  std::string file;    // the source file it is written in
  std::uint32_t line = 0;
};

struct ViewEdge {
  std::size_t from = 0, to = 0; // indexes into GraphView::nodes
  std::string kind; // "deck", "terrain", "city", "entry", "cell", "n-1", "n", "n+1", "go_to",
                    // "ref", "enter", "treasure", "status", "row"
};

struct GraphView {
  std::vector<ViewNode> nodes;
  std::vector<ViewEdge> edges; // each (from, to) once
};

GraphView graph_view(const Book& book, const SourceSet& sources, const BookGraph& graph);

// The part of the graph reached from paragraph `from` by at most `depth` edges
// (no depth: every node reached). Empty optional: no paragraph `from`.
std::optional<GraphView> view_reached_from(const GraphView& graph, std::uint32_t from,
                                           std::optional<std::uint32_t> depth);

enum class ClusterBy { Kind, File };

std::string view_dot(const GraphView& graph, ClusterBy cluster, const std::string& title);
std::string view_mermaid(const GraphView& graph, ClusterBy cluster);
std::string view_json(const GraphView& graph);

} // namespace talebook
