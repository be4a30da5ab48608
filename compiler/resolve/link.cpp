// After parsing: fill in what names point to (places and treasures named
// without a number, chart adjectives), so later stages read numbers only.
#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

namespace {

// Text goes into the model in NFC (a non-NFC line is also warned about,
// TB0002), so equal text is equal bytes in the .tbook and in comparisons.
void nfc(std::string& s) {
  if (!text::is_nfc(s)) s = text::to_nfc(s);
}

void normalize(Book& book) {
  for (Paragraph& p : book.paragraphs) {
    nfc(p.name);
    nfc(p.prose);
    for (Section& s : p.sections)
      nfc(s.text);
    if (p.chart)
      for (ChartEntry& e : p.chart->entries)
        nfc(e.being);
  }
  for (ReactionMatrix& m : book.matrices)
    for (MatrixRow& r : m.rows)
      nfc(r.adjective);
  for (Card& card : book.cards) {
    nfc(card.name);
    for (CityResult& r : card.results)
      nfc(r.text);
  }
}

} // namespace

void link_book(Book& book) {
  normalize(book);
  std::unordered_map<std::string, std::uint32_t> treasures, places;
  for (const Paragraph& p : book.paragraphs) {
    if (p.kind == ParagraphKind::Treasure) treasures.emplace(text::name_key(p.name), p.number);
    if (p.kind == ParagraphKind::Place) places.emplace(text::name_key(p.name), p.number);
  }
  auto link = [&](Award& a) {
    const auto& names = a.kind == AwardKind::EnterPlace ? places : treasures;
    if (a.kind != AwardKind::EnterPlace && a.kind != AwardKind::Treasure) return;
    if (a.paragraph != 0) return;
    if (auto it = names.find(text::name_key(a.id)); it != names.end()) a.paragraph = it->second;
  };
  auto row = [&](char letter, std::string_view being) {
    const ReactionMatrix* m = book.matrix(letter);
    const MatrixRow* r = m ? CheckContext::row_of(*m, being) : nullptr;
    return r ? static_cast<int>(r - m->rows.data()) : -1;
  };
  for (Paragraph& p : book.paragraphs) {
    for (Section& s : p.sections) {
      for (Condition& c : s.conditions)
        if (c.kind == ConditionKind::Treasure)
          if (auto it = treasures.find(text::name_key(c.id)); it != treasures.end())
            c.paragraph = it->second;
      if (s.award)
        for (Award& a : s.award->awards)
          link(a);
    }
    for (MatrixRef& ref : p.matrix_refs)
      if (!ref.being.empty()) ref.row = row(ref.letter, ref.being);
    if (p.chart) {
      for (ChartEntry& e : p.chart->entries) {
        e.row = row(e.matrix, e.being);
        if (e.row >= 0) e.adjective = book.matrix(e.matrix)->rows[e.row].adjective;
      }
    }
  }
  for (Card& card : book.cards)
    for (CityResult& r : card.results) {
      for (AwardCode& code : r.awards)
        for (Award& a : code.awards)
          link(a);
      for (MatrixRef& ref : r.matrix_refs)
        ref.row = row(ref.letter, ref.being);
    }
}

} // namespace talebook
