#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

CheckContext::CheckContext(const Book& b, const Vocabulary& v, Diagnostics& d)
    : book(b), vocabulary(v), diagnostics(d) {
  for (const Paragraph& p : book.paragraphs) {
    if (p.kind == ParagraphKind::Treasure && !p.name.empty() &&
        treasures.emplace(text::name_key(p.name), &p).second)
      treasure_names.push_back(p.name);
    if (p.kind == ParagraphKind::Place && !p.name.empty() &&
        places.emplace(text::name_key(p.name), &p).second)
      place_names.push_back(p.name);
  }
}

const Paragraph* CheckContext::target(const ParagraphRef& ref) {
  const Paragraph* p = book.paragraph(ref.number);
  if (!p) diagnostics.report(Code::undefined_paragraph, ref.range, {ref.number});
  return p;
}

const MatrixRow* CheckContext::row_of(const ReactionMatrix& matrix, std::string_view being) {
  std::string key = text::name_key(being);
  const MatrixRow* best = nullptr;
  std::size_t best_size = 0;
  for (const MatrixRow& row : matrix.rows) {
    std::string adjective = text::name_key(row.adjective);
    if (adjective.empty() || key.compare(0, adjective.size(), adjective) != 0) continue;
    bool boundary = key.size() == adjective.size() || key[adjective.size()] == ' ' ||
                    static_cast<unsigned char>(adjective.back()) >= 0x80 ||
                    static_cast<unsigned char>(key[adjective.size()]) >= 0x80;
    if (boundary && adjective.size() > best_size) {
      best = &row;
      best_size = adjective.size();
    }
  }
  return best;
}

void CheckContext::matrix_ref(char letter, std::string_view being, SourceRange where,
                              bool need_row) {
  const ReactionMatrix* m = book.matrix(letter);
  if (!m) {
    diagnostics.report(Code::unknown_matrix, where, {std::string(1, letter)});
    return;
  }
  if (!need_row || row_for(*m, being)) return;
  std::string first = std::string(being.substr(0, being.find(' ')));
  Diagnostic& d =
      diagnostics.report(Code::adjective_not_row, where, {first, std::string(1, letter)});
  std::vector<std::string> rows;
  for (const MatrixRow& r : m->rows)
    rows.push_back(r.adjective);
  if (auto best = text::closest(first, rows)) d.suggestion = *best;
  d.note(Code::matrix_defined, m->header, {std::string(1, letter)});
}

void check_book(const Book& book, const SourceSet&, const Vocabulary& vocabulary,
                Diagnostics& diagnostics) {
  CheckContext c(book, vocabulary, diagnostics);
  check_paragraphs(c);
  check_matrices(c);
  check_cards(c);
  check_awards(c);
}

} // namespace talebook
