// talec graph: the book's paragraphs, charts, matrix rows and cells as a graph.
#include <iostream>

#include "compiler/graph/graph_view.hpp"
#include "compiler/translate/translation.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec graph [options] [BOOK]

Prints the book as a directed graph: a node for every paragraph (award,
chart, status, treasure, place, quest), matrix row, numbered matrix cell and
card; an edge for every way play goes on: a card to its charts (deck markers,
terrains, city results), a chart line to its matrix row, a row to its cells,
a cell to paragraphs n-1, n and n+1, and a paragraph to its 'Go to', '(n)',
'Enter', treasure and status awards and 'Name (L)' rows. BOOK is a book
folder, its book.json or one of its source files (default: the nearest book.json
upward from the current folder, else book/).

  talec graph book | dot -Tsvg -o book.svg

options:
  --format dot|mermaid|json  Graphviz DOT (default), a mermaid flowchart, or
                             JSON ({"nodes": [...], "edges": [...]}, each node
                             with its kind, label, cluster, file and line)
  --from N                   only what paragraph N leads to
  --depth K                  with --from: at most K edges from paragraph N
  --cluster kind|file        group the nodes by kind (default; a matrix's rows
                             and cells together) or by source file
  --allow-errors             exit 0 on a book with errors (drawn as far as
                             it resolved, with a warning)
  -j, --jobs N               threads that read, parse and check the book
                             (default 0: one per core, one under 64 KiB)
  -h, --help                 show this help

exit codes: 0 printed, 1 the book has errors (still drawn as far as it
resolved), 2 usage or I/O failure (no paragraph N, the book cannot be read).
)";

} // namespace

int cmd_graph(const Args& args) {
  std::string format = "dot", cluster = "kind";
  std::uint64_t from = 0, depth = 0;
  bool has_from = false, has_depth = false, allow_errors = false;
  std::vector<std::string> paths;
  talebook::CompileOptions compile;
  ArgScanner scan(args, "graph", help);
  for (std::string a; scan.next(a);) {
    if (scan.jobs(a, compile.jobs)) continue;
    if (scan.flag(a, "--allow-errors")) {
      allow_errors = true;
      continue;
    }
    if (scan.value(a, {"--format"}, format) || scan.value(a, {"--cluster"}, cluster)) continue;
    if (scan.number(a, {"--from"}, from, UINT32_MAX)) {
      has_from = true;
    } else if (scan.number(a, {"--depth"}, depth, UINT32_MAX)) {
      has_depth = true;
    } else if (scan.positional(a)) {
      paths.push_back(a);
    }
  }
  if (scan.done) return *scan.done;
  if (format != "dot" && format != "mermaid" && format != "json")
    return usage_error("graph", "'--format' is dot, mermaid or json, not '" + format + "'");
  if (cluster != "kind" && cluster != "file")
    return usage_error("graph", "'--cluster' is kind or file, not '" + cluster + "'");
  if (has_depth && !has_from) return usage_error("graph", "'--depth' needs '--from N'");
  if (paths.size() > 1) return usage_error("graph", "one book at a time");
  std::vector<std::string> books;
  if (!or_default_book("graph", paths) || !books_for("graph", paths, books)) return exit_usage;

  auto owned = make_unfreed<talebook::Compilation>();
  talebook::Compilation& book = *owned;
  if (!talebook::compile_book(books[0], book, compile)) {
    print_diagnostics(book, {});
    return exit_usage;
  }
  const int exit = book_errors_exit("graph", book, books[0], allow_errors, "graph");
  talebook::GraphView graph =
      talebook::graph_view(book.book, book.sources, talebook::book_graph(book));
  if (has_from) {
    auto part =
        talebook::view_reached_from(graph, static_cast<std::uint32_t>(from),
                                    has_depth ? std::optional<std::uint32_t>(depth) : std::nullopt);
    if (!part) return usage_error("graph", "the book has no paragraph " + std::to_string(from));
    graph = std::move(*part);
  }
  const talebook::ClusterBy by =
      cluster == "file" ? talebook::ClusterBy::File : talebook::ClusterBy::Kind;
  if (format == "dot")
    std::cout << talebook::view_dot(graph, by, book.book.title);
  else if (format == "mermaid")
    std::cout << talebook::view_mermaid(graph, by);
  else
    std::cout << talebook::view_json(graph);
  return exit;
}

} // namespace talec
