#include "compiler/model/symbols.hpp"

#include <algorithm>

#include "compiler/model/model.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

void SymbolTable::build(const Book& book) {
  *this = SymbolTable{};
  std::uint64_t highest = 0;
  for (const Paragraph& p : book.paragraphs)
    highest = std::max<std::uint64_t>(highest, p.number);
  dense_ = highest <= 4 * std::uint64_t(book.paragraphs.size()) + 1024;
  if (dense_) by_number_.assign(static_cast<std::size_t>(highest) + 1, none);
  for (std::size_t i = 0; i < book.paragraphs.size(); ++i) {
    const Paragraph& p = book.paragraphs[i];
    if (!dense_)
      paragraphs_.emplace(p.number, i);
    else if (by_number_[p.number] == none) // the first with its number
      by_number_[p.number] = i;
    if (p.name.empty()) continue;
    if (p.kind == ParagraphKind::Treasure && treasures_.emplace(text::name_key(p.name), i).second)
      treasure_names_.emplace_back(p.name);
    if (p.kind == ParagraphKind::Place && places_.emplace(text::name_key(p.name), i).second)
      place_names_.emplace_back(p.name);
  }
  for (std::size_t i = 0; i < book.matrices.size(); ++i) {
    const ReactionMatrix& m = book.matrices[i];
    if (!matrices_.emplace(m.letter, i).second) continue;
    auto& rows = rows_[m.letter];
    for (std::size_t r = 0; r < m.rows.size(); ++r)
      if (std::string key = text::name_key(m.rows[r].adjective); !key.empty())
        rows.emplace_back(std::move(key), static_cast<int>(r));
    // Longest first; the first of equal adjectives wins (a duplicate row is an error).
    std::stable_sort(rows.begin(), rows.end(),
                     [](auto& a, auto& b) { return a.first.size() > b.first.size(); });
  }
}

std::size_t SymbolTable::paragraph(std::uint32_t number) const {
  if (dense_) return number < by_number_.size() ? by_number_[number] : none;
  auto it = paragraphs_.find(number);
  return it == paragraphs_.end() ? none : it->second;
}

std::size_t SymbolTable::matrix(char letter) const {
  auto it = matrices_.find(letter);
  return it == matrices_.end() ? none : it->second;
}

std::size_t SymbolTable::treasure(std::string_view name) const {
  auto it = treasures_.find(text::name_key(name));
  return it == treasures_.end() ? none : it->second;
}

std::size_t SymbolTable::place(std::string_view name) const {
  auto it = places_.find(text::name_key(name));
  return it == places_.end() ? none : it->second;
}

int SymbolTable::row(char letter, std::string_view being) const {
  auto it = rows_.find(letter);
  if (it == rows_.end()) return -1;
  std::string key = text::name_key(being);
  for (const auto& [adjective, row] : it->second) {
    if (key.compare(0, adjective.size(), adjective) != 0) continue;
    bool boundary = key.size() == adjective.size() || key[adjective.size()] == ' ' ||
                    static_cast<unsigned char>(adjective.back()) >= 0x80 ||
                    static_cast<unsigned char>(key[adjective.size()]) >= 0x80;
    if (boundary) return row;
  }
  return -1;
}

} // namespace talebook
