// `talec graph` output: Graphviz DOT, a mermaid flowchart, JSON.
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "compiler/graph/graph_view.hpp"

namespace talebook {
namespace {

// The clusters in order of their first node, each with its nodes.
std::vector<std::pair<std::string, std::vector<std::size_t>>> clusters(const GraphView& graph,
                                                                       ClusterBy by) {
  std::vector<std::pair<std::string, std::vector<std::size_t>>> out;
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const ViewNode& n = graph.nodes[i];
    std::string key = by == ClusterBy::Kind ? n.cluster : (n.file.empty() ? "(no file)" : n.file);
    auto [it, added] = index.emplace(key, out.size());
    if (added) out.push_back({key, {}});
    out[it->second].second.push_back(i);
  }
  return out;
}

std::string dot_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + "\"";
}

const char* dot_shape(const std::string& kind) {
  if (kind == "chart") return "folder";
  if (kind == "row") return "box3d";
  if (kind == "cell") return "ellipse";
  if (kind == "card") return "note";
  if (kind == "status") return "octagon";
  if (kind == "treasure") return "diamond";
  if (kind == "place") return "house";
  if (kind == "quest") return "hexagon";
  return "box";
}

// Edges of the cells and rows speak for themselves; the others are labelled.
bool labelled(const std::string& kind) {
  return kind != "n-1" && kind != "n" && kind != "n+1" && kind != "cell";
}

std::string edge_words(std::string kind) {
  for (char& c : kind)
    if (c == '_') c = ' ';
  return kind;
}

std::string mermaid_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"')
      out += "#quot;";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

} // namespace

std::string view_dot(const GraphView& graph, ClusterBy by, const std::string& title) {
  std::ostringstream out;
  out << "digraph " << dot_string(title) << " {\n"
      << "  graph [rankdir=LR, fontname=\"sans-serif\", label=" << dot_string(title)
      << ", labelloc=t];\n"
      << "  node [fontname=\"sans-serif\", fontsize=10, shape=box];\n"
      << "  edge [fontname=\"sans-serif\", fontsize=8];\n";
  const auto groups = clusters(graph, by);
  for (std::size_t k = 0; k < groups.size(); ++k) {
    out << "  subgraph cluster_" << k << " {\n    label=" << dot_string(groups[k].first) << ";\n";
    for (std::size_t i : groups[k].second) {
      const ViewNode& n = graph.nodes[i];
      out << "    " << n.id << " [label=" << dot_string(n.label) << ", shape=" << dot_shape(n.kind);
      if (!n.file.empty()) out << ", tooltip=" << dot_string(n.file + ":" + std::to_string(n.line));
      out << "];\n";
    }
    out << "  }\n";
  }
  for (const ViewEdge& e : graph.edges) {
    out << "  " << graph.nodes[e.from].id << " -> " << graph.nodes[e.to].id;
    if (labelled(e.kind)) out << " [label=" << dot_string(edge_words(e.kind)) << "]";
    out << ";\n";
  }
  out << "}\n";
  return out.str();
}

std::string view_mermaid(const GraphView& graph, ClusterBy by) {
  std::ostringstream out;
  out << "flowchart LR\n";
  const auto groups = clusters(graph, by);
  for (std::size_t k = 0; k < groups.size(); ++k) {
    out << "  subgraph cluster_" << k << "[\"" << mermaid_text(groups[k].first) << "\"]\n";
    for (std::size_t i : groups[k].second) {
      const ViewNode& n = graph.nodes[i];
      out << "    " << n.id << "[\"" << mermaid_text(n.label) << "\"]\n";
    }
    out << "  end\n";
  }
  for (const ViewEdge& e : graph.edges) {
    out << "  " << graph.nodes[e.from].id << " -->";
    if (labelled(e.kind)) out << "|" << mermaid_text(edge_words(e.kind)) << "|";
    out << " " << graph.nodes[e.to].id << "\n";
  }
  return out.str();
}

std::string view_json(const GraphView& graph) {
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  for (const ViewNode& n : graph.nodes) {
    nlohmann::ordered_json j;
    j["id"] = n.id;
    j["kind"] = n.kind;
    j["label"] = n.label;
    j["cluster"] = n.cluster;
    j["file"] = n.file;
    j["line"] = n.line;
    nodes.push_back(std::move(j));
  }
  nlohmann::ordered_json edges = nlohmann::ordered_json::array();
  for (const ViewEdge& e : graph.edges)
    edges.push_back(
        {{"from", graph.nodes[e.from].id}, {"to", graph.nodes[e.to].id}, {"kind", e.kind}});
  nlohmann::ordered_json j;
  j["nodes"] = std::move(nodes);
  j["edges"] = std::move(edges);
  return j.dump(2) + "\n";
}

} // namespace talebook
