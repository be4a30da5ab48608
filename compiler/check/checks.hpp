// The checks of a parsed book, one file per family; check_book runs them all.
#pragma once

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

struct CheckContext {
  const Book& book;
  const Vocabulary& vocabulary;
  Diagnostics& diagnostics;
  // Treasure and place names (text::name_key) -> their paragraph.
  std::unordered_map<std::string, const Paragraph*> treasures, places;
  std::vector<std::string> treasure_names, place_names;
  CheckContext(const Book& b, const Vocabulary& v, Diagnostics& d);
  // The paragraph, or a TB0011 report and nullptr.
  const Paragraph* target(const ParagraphRef& ref);
  // The matrix row whose adjective starts `being` (word boundary, or any
  // boundary for text without blanks such as Chinese).
  const MatrixRow* row_for(const ReactionMatrix& matrix, std::string_view being) const {
    return row_of(matrix, being);
  }
  static const MatrixRow* row_of(const ReactionMatrix& matrix, std::string_view being);
  // Sets `adjective` to the row's adjective when one starts `being`.
  static void adjective_of(const ReactionMatrix& matrix, std::string_view being,
                           std::string& adjective) {
    if (const MatrixRow* row = row_of(matrix, being)) adjective = row->adjective;
  }
  // Checks a `Being (L)` reference: the letter, and with `need_row` the adjective.
  void matrix_ref(char letter, std::string_view being, SourceRange where, bool need_row);
};

void check_paragraphs(CheckContext& c); // numbers, references, names
void check_matrices(CheckContext& c);   // matrices, charts
void check_cards(CheckContext& c);
void check_awards(CheckContext& c); // award sense, sections
void check_limits(CheckContext& c); // what the .tbook format can hold
void link_book(Book& book);         // names -> numbers, before the checks

// Every cross-reference and sense check of the book.
void check_book(const Book& book, const SourceSet& sources, const Vocabulary& vocabulary,
                Diagnostics& diagnostics);

} // namespace talebook
