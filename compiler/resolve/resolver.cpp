// The resolve stage's driver and its shared reports.
#include <algorithm>
#include <span>

#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace resolve {

Diagnostic& Resolver::unknown(Code code, SourceRange where, std::string_view written,
                              const std::vector<std::string>& candidates) {
  return diagnostics.report_unknown(code, where, written, candidates);
}

void Resolver::unknown_name(SourceRange where, std::string_view written, Code fallback,
                            const std::vector<NameGroup>& groups) {
  std::vector<std::string> all;
  for (const NameGroup& g : groups)
    all.insert(all.end(), g.names.begin(), g.names.end());
  std::optional<std::string> best = Diagnostics::did_you_mean(written, all);
  Code code = fallback;
  if (best)
    for (const NameGroup& g : groups)
      if (std::find(g.names.begin(), g.names.end(), *best) != g.names.end()) {
        code = g.code;
        break;
      }
  Diagnostic& d = diagnostics.report(code, where, {std::string(written)});
  if (best) d.suggestion = *best;
}

std::vector<Resolver::NameGroup> Resolver::condition_groups() const {
  std::vector<std::string> headings;
  for (auto& e : vocabulary.entries(VocabKind::Heading))
    if (e.id != "or" && e.id != "mandatory" && e.id != "all_mandatory" && e.id != "wealth" &&
        e.id != "or_less" && e.id != "or_more")
      headings.push_back(e.name);
  return {{Code::unknown_skill, vocabulary.names(VocabKind::Skill)},
          {Code::unknown_status, vocabulary.names(VocabKind::Status)},
          {Code::unknown_treasure, book.symbols.treasure_names()},
          {Code::unknown_condition, headings}};
}

namespace {

// Text goes into the model in NFC (a non-NFC line is also warned about,
// TB0002), so equal text is equal bytes in the .tbook and in comparisons.
void nfc(std::string& s) {
  if (!text::is_nfc(s)) s = text::to_nfc(s);
}
void nfc(Book& book, std::string_view& s) {
  if (!text::is_nfc(s)) s = book.keep(text::to_nfc(s));
}
void nfc(Book& book, TextRef& s) {
  if (!text::is_nfc(s)) s = book.keep(text::to_nfc(s));
}

void normalize(Book& book, Paragraph& p) {
  TextRef written = p.name;
  nfc(book, p.name);
  // The id keeps the name as written (a chart's pointer is its chart's).
  if (p.name.data() != written.data() && p.kind != ParagraphKind::Chart) p.set_name_id(written);
  nfc(book, p.prose);
  for (Section& s : p.sections)
    nfc(book, s.text);
  if (p.chart)
    for (ChartEntry& e : p.chart->entries)
      nfc(book, e.being);
}

void normalize(Book& book) {
  for (Paragraph& p : book.paragraphs)
    normalize(book, p);
  for (ReactionMatrix& m : book.matrices)
    for (MatrixRow& r : m.rows)
      nfc(r.adjective);
  for (Card& card : book.cards) {
    nfc(card.name);
    for (CityResult& r : card.results)
      nfc(book, r.text);
  }
  for (Space& space : book.map.spaces) {
    nfc(space.name);
    for (Route& route : space.routes)
      nfc(book, route.to);
    for (ProductRef& product : space.products)
      nfc(book, product.name);
  }
  for (DisplayRow& row : book.display.rows)
    for (DisplayBox& box : row.boxes)
      nfc(book, box.product);
}

// A status paragraph is about a status of the vocabulary.
void resolve_status_name(Resolver& r, Paragraph& p) {
  if (p.kind != ParagraphKind::Status || p.name.empty()) return;
  if (const VocabEntry* status = r.vocabulary.find(VocabKind::Status, p.name))
    p.set_name_id(status->id);
  else
    r.unknown(Code::unknown_status, p.name_range(), p.name, r.vocabulary.names(VocabKind::Status));
}

// What resolve_book does for each paragraph before the matrices.
void resolve_paragraph(Resolver& r, Paragraph& p) {
  resolve_status_name(r, p);
  resolve_sections(r, p);
  resolve_quest(r, p);
  resolve_effects(r, p);
}

// Where the parser's second award groups start (Resolver::rejected).
void find_rejected(Resolver& r) {
  for (const AwardCode& code : r.book.rejected_awards)
    r.rejected.emplace_back(code.range.file, code.range.begin);
  std::sort(r.rejected.begin(), r.rejected.end());
}

} // namespace
} // namespace resolve

void resolve_book(Book& book, const SourceSet& sources, const Vocabulary& vocabulary,
                  Diagnostics& diagnostics) {
  resolve::Resolver r{book, sources, vocabulary, diagnostics, {}, {}};
  resolve::normalize(book);
  book.index();
  resolve::find_rejected(r);
  for (Paragraph& p : book.paragraphs)
    if (!p.fallback) resolve::resolve_paragraph(r, p); // a fallback: resolved in its source book
  resolve::resolve_matrices(r);
  resolve::resolve_cards(r);
  resolve::resolve_map(r);
  resolve::resolve_display(r); // after the map: its spaces' terrains
  resolve::resolve_games(r);
  for (AwardCode& code : book.rejected_awards)
    resolve::resolve_awards(r, code);
}

void normalize_paragraphs(Book& book, std::size_t first, std::size_t count) {
  for (std::size_t i = first; i < first + count; ++i)
    resolve::normalize(book, book.paragraphs[i]);
}

void resolve_paragraphs(Book& book, std::size_t first, std::size_t count, const SourceSet& sources,
                        const Vocabulary& vocabulary, Diagnostics& diagnostics) {
  resolve::Resolver r{book, sources, vocabulary, diagnostics, {}, {}};
  resolve::find_rejected(r);
  std::span<Paragraph> some(book.paragraphs.data() + first, count);
  for (Paragraph& p : some)
    if (!p.fallback) resolve::resolve_paragraph(r, p);
  for (Paragraph& p : some)
    if (!p.fallback) resolve::resolve_matrix_refs(r, p);
}

} // namespace talebook
