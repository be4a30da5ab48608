#include "compiler/model/model.hpp"

#include <iterator>

namespace talebook {

namespace {

template <class T> void move_to_end(std::vector<T>& to, std::vector<T>& from) {
  if (to.empty() && to.capacity() < from.size()) {
    to = std::move(from); // the first part, nothing reserved: no element moves
  } else {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
  }
  from = std::vector<T>(); // its memory too
}

} // namespace

void Book::append(Book&& part) {
  move_to_end(paragraphs, part.paragraphs);
  move_to_end(matrices, part.matrices);
  move_to_end(cards, part.cards);
  move_to_end(rejected_awards, part.rejected_awards);
}

bool Section::mandatory() const {
  for (const Condition& c : conditions)
    if (c.mandatory) return true;
  return false;
}

} // namespace talebook
