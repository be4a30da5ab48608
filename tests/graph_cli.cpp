// `talec graph`: the sample book as DOT (rendered by Graphviz), mermaid and
// JSON, and the part of it that one paragraph reaches.
#include <catch2/catch.hpp>

#include <sstream>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using json = nlohmann::json;

json graph_json(const std::vector<std::string>& options) {
  std::vector<std::string> args = {"graph", "--format", "json"};
  args.insert(args.end(), options.begin(), options.end());
  test::Run r = test::talec(args);
  REQUIRE(r.exit == 0);
  return json::parse(r.out);
}

std::set<std::string> ids(const json& graph) {
  std::set<std::string> out;
  for (const auto& n : graph["nodes"])
    out.insert(n["id"].get<std::string>());
  return out;
}

bool has_edge(const json& graph, const std::string& from, const std::string& to,
              const std::string& kind) {
  for (const auto& e : graph["edges"])
    if (e["from"] == from && e["to"] == to && e["kind"] == kind) return true;
  return false;
}

} // namespace

TEST_CASE("talec graph: the sample book's DOT renders with Graphviz", "[graph]") {
  // graphviz is installed by tools/setup.sh: its absence fails the test.
  TEST_REQUIRE_TOOL("dot", "graphviz");
  test::TempDir temp("graph");
  const std::string base = temp.str() + "/graph";
  for (const char* cluster : {"kind", "file"}) {
    test::Run r = test::talec({"graph", "--cluster", cluster, "book"});
    REQUIRE(r.exit == 0);
    CHECK(r.out.rfind("digraph \"The Sample Book of Tales\" {", 0) == 0);
    std::ofstream(base + ".dot") << r.out;
    test::Run dot = test::run("dot", {"-Tsvg", base + ".dot", "-o", base + ".svg"});
    test::write_file(base + ".err", dot.err);
    REQUIRE(dot.exit == 0);
    const std::string svg = test::read_file(base + ".svg");
    // Nothing on stderr but Graphviz's own spline-router complaint, which some
    // layouts of a valid graph draw from it ("Unable to reclaim box space in
    // spline routing", a long-open dot bug: the edge is still drawn).
    std::istringstream err(test::read_file(base + ".err"));
    for (std::string line; std::getline(err, line);)
      CHECK(line.rfind("Warning: Unable to reclaim box space in spline routing for edge", 0) == 0);
    CHECK(svg.find("<svg") != std::string::npos);
    // Graphviz names each node and edge in a <title>.
    CHECK(svg.find("<title>p601</title>") != std::string::npos);
    CHECK(svg.find("<title>mH_r0_c0&#45;&gt;p600</title>") != std::string::npos);
    if (std::string(cluster) == "file")
      CHECK(svg.find(">book/charts.tales</text>") != std::string::npos);
    else
      CHECK(svg.find(">matrix H</text>") != std::string::npos);
  }
  for (const char* suffix : {".dot", ".svg", ".err"})
    std::remove((base + suffix).c_str());
}

TEST_CASE("talec graph: nodes and edges of the sample book", "[graph]") {
  const json g = graph_json({"book"});
  const std::set<std::string> nodes = ids(g);
  std::set<std::string> kinds;
  for (const auto& n : g["nodes"]) {
    kinds.insert(n["kind"].get<std::string>());
    CHECK(std::regex_match(n["id"].get<std::string>(), std::regex("[A-Za-z0-9_]+")));
    CHECK(n["line"].get<int>() > 0);
  }
  CHECK(kinds == std::set<std::string>{"award", "card", "cell", "chart", "place", "quest", "row",
                                       "status", "treasure"});
  for (const auto& e : g["edges"]) {
    CHECK(nodes.count(e["from"].get<std::string>()));
    CHECK(nodes.count(e["to"].get<std::string>()));
  }
  // book/cards.tales: `@card character Fisherman (H): 1, 4, 3`.
  CHECK(has_edge(g, "card0", "p1", "deck"));
  // book/charts.tales: `1. Old Fisherman (H, Male)`; matrix H's row 0 is `Old`.
  CHECK(has_edge(g, "p1", "mH_r0", "entry"));
  // `Old: 601 | ...`: the Grovel cell leads to 600, 601 and 602.
  CHECK(has_edge(g, "mH_r0", "mH_r0_c0", "cell"));
  CHECK(has_edge(g, "mH_r0_c0", "p600", "n-1"));
  CHECK(has_edge(g, "mH_r0_c0", "p601", "n"));
  CHECK(has_edge(g, "mH_r0_c0", "p602", "n+1"));
  // `[S1/Enter City of Brass]` in paragraph 501.
  bool enter = false;
  for (const auto& e : g["edges"])
    enter = enter || (e["from"] == "p501" && e["kind"] == "enter");
  CHECK(enter);
}

TEST_CASE("talec graph: mermaid declares every node it links", "[graph]") {
  test::Run r = test::talec({"graph", "--format", "mermaid", "book"});
  REQUIRE(r.exit == 0);
  REQUIRE(r.out.rfind("flowchart LR\n", 0) == 0);
  std::set<std::string> declared, linked;
  std::istringstream lines(r.out);
  int subgraphs = 0, ends = 0;
  const std::regex node(R"(^    ([A-Za-z0-9_]+)\["[^"]*"\]$)");
  const std::regex edge(R"(^  ([A-Za-z0-9_]+) -->(\|[^|]+\|)? ([A-Za-z0-9_]+)$)");
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (line.rfind("  subgraph ", 0) == 0) {
      ++subgraphs;
    } else if (line == "  end") {
      ++ends;
    } else if (std::regex_match(line, m, node)) {
      declared.insert(m[1]);
    } else if (std::regex_match(line, m, edge)) {
      linked.insert(m[1]);
      linked.insert(m[3]);
    } else if (line != "flowchart LR") {
      FAIL("not a mermaid line: " << line);
    }
  }
  CHECK(subgraphs == ends);
  CHECK(subgraphs > 5);
  CHECK(declared == ids(graph_json({"book"})));
  for (const std::string& id : linked)
    CHECK(declared.count(id));
  CHECK(r.out.find("  mH_r0_c0 --> p600\n") != std::string::npos);
  CHECK(r.out.find("  p501 -->|enter| ") != std::string::npos);
}

TEST_CASE("talec graph --from N --depth K: what one paragraph reaches", "[graph]") {
  // Chart 1 -> its matrix rows -> their cells -> award paragraphs.
  const json one = graph_json({"--from", "1", "--depth", "1", "book"});
  for (const auto& n : one["nodes"])
    CHECK((n["id"] == "p1" || n["kind"] == "row"));
  for (const auto& e : one["edges"])
    CHECK(e["from"] == "p1");
  CHECK(has_edge(one, "p1", "mH_r0", "entry"));

  const json two = graph_json({"--from", "1", "--depth", "2", "book"});
  CHECK(ids(two).count("mH_r0_c0"));
  CHECK(!ids(two).count("p600"));
  for (const auto& n : two["nodes"])
    CHECK((n["id"] == "p1" || n["kind"] == "row" || n["kind"] == "cell"));

  const json all = graph_json({"--from", "1", "book"});
  CHECK(ids(all).count("p600"));
  CHECK(ids(all).size() > ids(two).size());
  CHECK(ids(all).size() < ids(graph_json({"book"})).size()); // no cards: nothing leads to one
  CHECK(!ids(all).count("card0"));

  const json zero = graph_json({"--from", "601", "--depth", "0", "book"});
  CHECK(ids(zero) == std::set<std::string>{"p601"});
  CHECK(zero["edges"].empty());

  CHECK(test::talec({"graph", "--from", "99999", "book"}).exit == 2);
  CHECK(test::talec({"graph", "--depth", "2", "book"}).exit == 2);
  CHECK(test::talec({"graph", "--format", "svg", "book"}).exit == 2);
  CHECK(test::talec({"graph", "--cluster", "colour", "book"}).exit == 2);
}

TEST_CASE("talec graph --help names every option", "[graph]") {
  test::Run r = test::talec({"graph", "--help"});
  CHECK(r.exit == 0);
  for (const char* option :
       {"--format dot|mermaid|json", "--from N", "--depth K", "--cluster kind|file", "dot -Tsvg"})
    CHECK(r.out.find(option) != std::string::npos);
  CHECK(test::talec({"--help"}).out.find("  graph    ") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
