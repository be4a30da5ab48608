// The paragraphs in the order the emitter writes them: by number, those of one
// number in source order (a stable sort). The book's own vector when it is in
// that order already (most books: no copy, 8 bytes a paragraph less at the
// emitter's peak), else pointers into it, sorted.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "compiler/model/paragraph.hpp"

namespace talebook {

class ParagraphOrder {
public:
  explicit ParagraphOrder(const std::vector<Paragraph>& paragraphs) : all_(paragraphs) {
    auto by_number = [](const Paragraph& a, const Paragraph& b) { return a.number < b.number; };
    if (std::is_sorted(all_.begin(), all_.end(), by_number)) return;
    sorted_.reserve(all_.size());
    for (const Paragraph& p : all_)
      sorted_.push_back(&p);
    std::stable_sort(sorted_.begin(), sorted_.end(),
                     [](const Paragraph* a, const Paragraph* b) { return a->number < b->number; });
  }
  std::size_t size() const { return all_.size(); }
  const Paragraph& operator[](std::size_t i) const {
    return sorted_.empty() ? all_[i] : *sorted_[i];
  }

private:
  const std::vector<Paragraph>& all_;
  std::vector<const Paragraph*> sorted_; // empty: all_ is in order
};

} // namespace talebook
