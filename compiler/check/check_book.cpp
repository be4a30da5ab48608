#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

const Paragraph* CheckContext::target(const ParagraphRef& ref) {
  const Paragraph* p = book.paragraph(ref.number);
  if (!p) diagnostics.report(Code::undefined_paragraph, ref.range, {ref.number});
  return p;
}

void check_book(const Book& book, const SourceSet& sources, const Vocabulary& vocabulary,
                Diagnostics& diagnostics, const BookGraph* graph) {
  BookGraph own;
  if (!graph) own = BookGraph(book), graph = &own;
  CheckContext c{book, vocabulary, diagnostics, sources, *graph};
  for (CheckPass pass : check_passes)
    pass(c);
}

} // namespace talebook
