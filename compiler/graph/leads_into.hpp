// The book's graph turned round for its paragraphs: for each paragraph, the
// nodes whose edges lead to it (every edge but a Test or a Lose, book_graph.hpp),
// each node once, in node order. Built once in two passes over the edges:
// what the site's "leads here" lists show (compiler/html/site_book.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "compiler/graph/book_graph.hpp"

namespace talebook {

class LeadsInto {
public:
  // `paragraphs`: the book's paragraph count (Book::paragraphs).
  LeadsInto(const BookGraph& graph, std::size_t paragraphs);
  // The nodes that lead to paragraph `index` (of Book::paragraphs); none for
  // an index out of range.
  std::span<const NodeId> into(std::size_t index) const {
    if (index + 1 >= first_.size()) return {};
    return {into_.data() + first_[index], into_.data() + first_[index + 1]};
  }

private:
  std::vector<std::uint32_t> first_; // paragraph i: into_[first_[i] .. first_[i + 1])
  std::vector<NodeId> into_;
};

} // namespace talebook
