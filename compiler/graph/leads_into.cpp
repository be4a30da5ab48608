// The graph turned round for the paragraphs (compiler/graph/leads_into.hpp).
#include "compiler/graph/leads_into.hpp"

namespace talebook {

LeadsInto::LeadsInto(const BookGraph& graph, std::size_t paragraphs) {
  std::vector<std::uint32_t> count(paragraphs + 1, 0);
  std::vector<NodeId> last(paragraphs, no_node);
  // Each edge that leads to a paragraph, its source once per paragraph (the
  // edges of a node are consecutive, so the last source seen is enough).
  auto each = [&](auto&& visit) {
    for (NodeId from = 0; from < graph.size(); ++from)
      for (const Edge& e : graph.out(from)) {
        const NodeId to = e.to();
        if (!leads(e.kind) || to == no_node || graph.node(to).kind != NodeKind::Paragraph) continue;
        const std::size_t i = graph.node(to).item;
        if (i >= paragraphs || last[i] == from) continue;
        last[i] = from;
        visit(i, from);
      }
  };
  each([&](std::size_t i, NodeId) { ++count[i + 1]; });
  for (std::size_t i = 0; i < paragraphs; ++i)
    count[i + 1] += count[i];
  first_ = count;
  into_.resize(count[paragraphs]);
  std::fill(last.begin(), last.end(), no_node);
  each([&](std::size_t i, NodeId from) { into_[count[i]++] = from; });
}

} // namespace talebook
