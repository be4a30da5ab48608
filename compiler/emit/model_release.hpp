// The model freed as it is written (talec build, emit_tbook(Book&&)): once a
// paragraph's records are made, its sections, conditions, award items and
// references in the Book's stores are never read again. Before the first
// paragraph is written, each chunk of those stores gets its last user in the
// emitter's order; after paragraph i, the chunks whose last user is i are
// freed. A chunk that a card, a rejected award group or nothing at all uses is
// kept (the Book frees it when it is cleared). The text the string pool views
// (the Book's TextStore, the modifiers' words, the sources) is never freed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "compiler/emit/paragraph_order.hpp"
#include "compiler/model/model.hpp"

namespace talebook {

class ModelRelease {
public:
  // The plan for `book`, whose paragraphs are written in `order`.
  ModelRelease(Book& book, const ParagraphOrder& order);
  // Paragraph order[i] is written: frees the chunks it was the last to use,
  // and gives freed memory back to the system once a few MB are free.
  void written(std::size_t i);
  // Gives what is free back to the system now (malloc_trim, where there is one).
  void trim();
  // The bytes freed so far (the chunks' items).
  std::size_t freed() const { return freed_; }

private:
  enum Kind : std::uint8_t { sections, conditions, awards, refs, matrix_refs, kinds };
  // A chunk to free: after paragraph `last`, chunk `chunk` of store `kind`.
  struct Release {
    std::uint32_t last;
    Kind kind;
    std::uint32_t chunk;
  };
  void free(const Release& r);

  Book& book_;
  std::vector<Release> plan_; // by `last`
  std::size_t next_ = 0;      // the next of plan_ to free
  std::size_t freed_ = 0, untrimmed_ = 0;
};

} // namespace talebook
