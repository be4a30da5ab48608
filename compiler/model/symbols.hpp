// The book's one symbol table: every number and name a reference can point to.
//
// Built once by the resolver (compiler/resolve/) after every file is parsed;
// the checks, the emitter and the translation comparison look things up here
// and nowhere else. Names are keyed by text::name_key (NFKC case folding), the
// one folding rule of every language.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace talebook {

struct Book;

// Lookups answer an index into the book's paragraphs or matrices, or `none`
// (indexes, not pointers: a copied book keeps a valid table); Book turns them
// into pointers.
class SymbolTable {
public:
  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  void build(const Book& book);

  // The first paragraph with this number.
  std::size_t paragraph(std::uint32_t number) const;
  // The first matrix with this letter.
  std::size_t matrix(char letter) const;
  // The first treasure (place) paragraph with this name.
  std::size_t treasure(std::string_view name) const;
  std::size_t place(std::string_view name) const;
  // The row of matrix `letter` whose adjective starts `being` (the longest
  // that ends at a word boundary, or at any boundary for text without blanks
  // such as Chinese), or -1.
  int row(char letter, std::string_view being) const;

  // Names as first written, for "did you mean".
  const std::vector<std::string>& treasure_names() const { return treasure_names_; }
  const std::vector<std::string>& place_names() const { return place_names_; }

private:
  // Number -> index: a vector indexed by number when the numbers are dense
  // (every book the rules describe), else a hash map.
  bool dense_ = true;
  std::vector<std::size_t> by_number_;
  std::unordered_map<std::uint32_t, std::size_t> paragraphs_;
  std::map<char, std::size_t> matrices_; // letter -> index
  std::unordered_map<std::string, std::size_t> treasures_, places_;
  std::vector<std::string> treasure_names_, place_names_;
  // Per matrix letter: (name_key of the adjective, row index), longest first.
  std::map<char, std::vector<std::pair<std::string, int>>> rows_;
};

} // namespace talebook
