#include "compiler/graph/entry_points.hpp"

#include "compiler/text/text.hpp"

namespace talebook {
namespace {

bool is_number(const std::string& s) {
  if (s.empty() || s.size() > 10) return false;
  for (char ch : s)
    if (ch < '0' || ch > '9') return false;
  return std::stoull(s) <= UINT32_MAX;
}

bool is_letter(char ch) {
  return ch >= 'A' && ch <= 'Z';
}

} // namespace

EntryPoint entry_point(const Book& book, const std::string& entry) {
  EntryPoint e;
  if (is_number(entry)) {
    e.kind = EntryPoint::Paragraph;
    e.number = static_cast<std::uint32_t>(std::stoul(entry));
    return e;
  }
  if (entry.size() == 1 && is_letter(entry[0])) {
    if (book.matrix(entry[0])) e.kind = EntryPoint::Matrix, e.letter = entry[0];
    return e;
  }
  std::size_t n = entry.size();
  if (n >= 4 && entry[n - 1] == ')' && entry[n - 3] == '(' && is_letter(entry[n - 2])) {
    char letter = entry[n - 2];
    std::string being = text::trim(std::string_view(entry).substr(0, n - 3));
    int row = being.empty() ? -1 : book.symbols.row(letter, being);
    if (!book.matrix(letter) || (!being.empty() && row < 0)) return e;
    e.kind = EntryPoint::Matrix, e.letter = letter, e.row = row;
  }
  return e;
}

} // namespace talebook
