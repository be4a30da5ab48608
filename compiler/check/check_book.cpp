#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

const Paragraph* CheckContext::target(const ParagraphRef& ref) {
  const Paragraph* p = book.paragraph(ref.number);
  if (!p) diagnostics.report(Code::undefined_paragraph, ref.range, {ref.number});
  return p;
}

void check_book(const Book& book, const SourceSet&, const Vocabulary& vocabulary,
                Diagnostics& diagnostics) {
  CheckContext c{book, vocabulary, diagnostics};
  check_paragraphs(c);
  check_matrices(c);
  check_cards(c);
  check_awards(c);
  check_limits(c);
  check_rolls(c);
}

} // namespace talebook
