#include "compiler/model/model.hpp"

namespace talebook {

bool Section::mandatory() const {
  for (const Condition& c : conditions)
    if (c.mandatory) return true;
  return false;
}

void Book::index() {
  by_number.clear();
  by_letter.clear();
  for (std::size_t i = 0; i < paragraphs.size(); ++i)
    by_number.emplace(paragraphs[i].number, i);
  for (std::size_t i = 0; i < matrices.size(); ++i)
    by_letter.emplace(matrices[i].letter, i);
}

const Paragraph* Book::paragraph(std::uint32_t number) const {
  auto it = by_number.find(number);
  return it == by_number.end() ? nullptr : &paragraphs[it->second];
}

const ReactionMatrix* Book::matrix(char letter) const {
  auto it = by_letter.find(letter);
  return it == by_letter.end() ? nullptr : &matrices[it->second];
}

} // namespace talebook
