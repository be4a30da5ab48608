// Paragraph numbers and every paragraph reference.
#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

void check_paragraphs(CheckContext& c) {
  for (std::size_t i = 0; i < c.book.paragraphs.size(); ++i) {
    const Paragraph& p = c.book.paragraphs[i];
    const Paragraph& first = *c.book.paragraph(p.number);
    if (&first != &p)
      c.diagnostics.report(Code::duplicate_paragraph, p.header(), {p.number})
          .note(Code::first_defined, first.header());
    if ((p.kind == ParagraphKind::Treasure || p.kind == ParagraphKind::Place) && !p.name.empty()) {
      const Paragraph* owner =
          p.kind == ParagraphKind::Treasure ? c.book.treasure(p.name) : c.book.place(p.name);
      if (owner != &p)
        c.diagnostics
            .report(Code::duplicate_name, p.header(),
                    {arg::keyword(keyword(p.kind)), p.name.view(), owner->number})
            .note(Code::first_defined, owner->header());
    }
    if (p.fallback) continue; // a translation's: checked in its source book
    for (const ParagraphRef& ref : p.refs)
      c.target(ref);
  }
}

} // namespace talebook
