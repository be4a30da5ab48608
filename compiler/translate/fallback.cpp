#include "compiler/translate/fallback.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "compiler/text/text.hpp"
#include "compiler/translate/translation_mechanics.hpp"

namespace talebook {
namespace {

// The source's treasure and place numbers of an award group, in order, by
// what the translation writes for them: Gain items that are no skill or
// status, Enter items.
void award_names(const AwardCode& t, const AwardCode& s, const Vocabulary& vocabulary,
                 std::map<std::uint32_t, std::string>& names) {
  std::vector<const Award*> gains, enters;
  for (const Award& a : t.awards) {
    if (a.name == AwardName::Enter) enters.push_back(&a);
    if (a.name == AwardName::Gain && !vocabulary.find(VocabKind::Skill, a.id) &&
        !vocabulary.find(VocabKind::Status, a.id))
      gains.push_back(&a);
  }
  std::size_t gain = 0, enter = 0;
  for (const Award& a : s.awards) {
    if (a.kind == AwardKind::Treasure && gain < gains.size())
      names.emplace(a.paragraph(), gains[gain++]->id);
    if (a.kind == AwardKind::EnterPlace && enter < enters.size())
      names.emplace(a.paragraph(), enters[enter++]->id);
  }
}

// The names the (unresolved) translation gives to the source's treasures and
// places: paired by place with the source's resolved award items and heading
// conditions, paragraph by paragraph, section by section.
std::map<std::uint32_t, std::string> translated_names(const Book& source, const Book& translation,
                                                      const Vocabulary& vocabulary) {
  std::map<std::uint32_t, std::string> names;
  for (const Paragraph& t : translation.paragraphs) {
    const Paragraph* s = source.paragraph(t.number);
    if (!s || s->sections.size() != t.sections.size()) continue;
    for (std::size_t i = 0; i < t.sections.size(); ++i) {
      const Section& ts = t.sections[i];
      const Section& ss = s->sections[i];
      if (ts.has_award() && ss.has_award())
        award_names(*ts.award(), *ss.award(), vocabulary, names);
      std::size_t k = 0;
      for (const Condition& name : ts.conditions) {
        if (name.written != Condition::Written::name) continue;
        const std::string key = text::name_key(name.id);
        if (vocabulary.find_key(VocabKind::Skill, key) ||
            vocabulary.find_key(VocabKind::Status, key))
          continue; // the translation's word for a skill or status, not a treasure's name
        while (k < ss.conditions.size() && ss.conditions[k].kind != ConditionKind::Treasure)
          ++k;
        if (k == ss.conditions.size()) break;
        names.emplace(ss.conditions[k++].paragraph(), std::string(name.id));
      }
    }
  }
  return names;
}

// The copy's references, conditions and award groups are kept in `to`'s stores.
Paragraph fallback_copy(const Paragraph& p, const Book& from, Book& to) {
  Paragraph copy = to.own(p, from);
  copy.fallback = true;
  for (Section& s : copy.sections)
    s.fallback = true;
  return copy;
}

bool inside(SourceRange r, SourceRange outer) {
  return r.file == outer.file && r.begin >= outer.begin && r.end <= outer.end;
}

// The source sections of `s` that `t`'s sections are, in order (same
// conditions); empty when they are not a subsequence of them.
std::vector<std::size_t> matched_sections(const Mechanics& sm, const Paragraph& s,
                                          const Mechanics& tm, const Paragraph& t) {
  std::vector<std::size_t> matched;
  std::size_t j = 0;
  for (const Section& section : t.sections) {
    std::string conditions = tm.conditions(section);
    while (j < s.sections.size() && sm.conditions(s.sections[j]) != conditions)
      ++j;
    if (j == s.sections.size()) return {};
    matched.push_back(j++);
  }
  return matched;
}

void add_sections(const Mechanics& sm, const Paragraph& s, const Book& from, const Mechanics& tm,
                  Paragraph& t, Book& to) {
  std::vector<std::size_t> matched = matched_sections(sm, s, tm, t);
  if (matched.size() != t.sections.size()) return;
  std::vector<Section> merged;
  std::vector<ParagraphRef> refs(t.refs.begin(), t.refs.end());
  std::vector<MatrixRef> matrix_refs(t.matrix_refs.begin(), t.matrix_refs.end());
  std::size_t next = 0;
  for (std::size_t j = 0; j < s.sections.size(); ++j) {
    if (next < matched.size() && matched[next] == j) {
      merged.push_back(std::move(t.sections[next++]));
      continue;
    }
    Section copy = to.own(s.sections[j], from);
    copy.fallback = true;
    merged.push_back(std::move(copy));
    for (const ParagraphRef& ref : s.refs)
      if (inside(ref.range, s.sections[j].range())) refs.push_back(ref);
    for (const MatrixRef& ref : s.matrix_refs)
      if (inside(ref.range, s.sections[j].range())) matrix_refs.push_back(ref);
  }
  t.sections = to.keep_sections(merged);
  if (refs.size() != t.refs.size()) t.refs = to.keep_refs(refs);
  if (matrix_refs.size() != t.matrix_refs.size()) t.matrix_refs = to.keep_matrix_refs(matrix_refs);
}

bool fallback_matrix(const Book& book, char letter) {
  const ReactionMatrix* m = book.matrix(letter);
  return m && m->fallback;
}

// `Name (L)` references paired by place, where L is a fallback matrix.
template <class List> void fallback_rows(const Book& book, const List& s, List& t) {
  if (s.size() != t.size()) return;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i].row < 0 && t[i].letter == s[i].letter && fallback_matrix(book, t[i].letter))
      t[i].row = s[i].row;
}

// Beings of a translated paragraph that name a fallback matrix: the source's
// rows cannot match them, so they take their source being's row.
void fallback_rows(const Book& book, const Paragraph& s, Paragraph& t) {
  if (s.chart && t.chart && s.chart->entries.size() == t.chart->entries.size())
    for (std::size_t i = 0; i < t.chart->entries.size(); ++i) {
      ChartEntry& e = t.chart->entries[i];
      const ChartEntry& from = s.chart->entries[i];
      if (e.row < 0 && e.matrix == from.matrix && fallback_matrix(book, e.matrix)) {
        e.row = from.row;
        e.adjective = from.adjective;
      }
    }
  fallback_rows(book, s.matrix_refs, t.matrix_refs);
}

// The same for the encounters of city cards, paired by their order among
// the cards of their kind, then by result.
void fallback_card_rows(const Book& source, Book& translation) {
  std::map<CardKind, std::vector<const Card*>> by_kind;
  for (const Card& c : source.cards)
    by_kind[c.kind].push_back(&c);
  std::map<CardKind, std::size_t> seen;
  for (Card& t : translation.cards) {
    std::size_t i = seen[t.kind]++;
    if (t.fallback || i >= by_kind[t.kind].size()) continue;
    const Card& s = *by_kind[t.kind][i];
    if (s.results.size() != t.results.size()) continue;
    for (std::size_t r = 0; r < t.results.size(); ++r)
      fallback_rows(translation, s.results[r].matrix_refs, t.results[r].matrix_refs);
  }
}

// A game's blocks (docs/games.md): the deck's cards by their order (the
// translation lacks the last ones), tiles by number, the verdict table whole.
void add_game_fallbacks(const Book& source, Book& translation) {
  GameContent& game = translation.game;
  for (std::size_t i = game.deck.size(); i < source.game.deck.size(); ++i) {
    game.deck.push_back(source.game.deck[i]);
    game.deck.back().fallback = true;
  }
  std::set<std::uint32_t> numbers;
  for (const StoryTileEntry& t : game.tiles)
    numbers.insert(t.number);
  for (const StoryTileEntry& t : source.game.tiles)
    if (!numbers.count(t.number)) {
      game.tiles.push_back(t);
      game.tiles.back().fallback = true;
    }
  if (game.verdict_headers.empty() && !source.game.verdict_headers.empty()) {
    game.verdict_headers = source.game.verdict_headers;
    game.verdicts = source.game.verdicts;
    for (Verdict& v : game.verdicts)
      v.fallback = true;
    game.verdicts_fallback = true;
  }
}

} // namespace

void add_fallbacks(const Book& source, Book& translation, const Vocabulary& vocabulary) {
  std::set<std::uint32_t> numbers;
  for (const Paragraph& p : translation.paragraphs)
    numbers.insert(p.number);
  std::map<std::uint32_t, std::string> names = translated_names(source, translation, vocabulary);
  for (const Paragraph& s : source.paragraphs) {
    if (numbers.count(s.number)) continue;
    Paragraph copy = fallback_copy(s, source, translation);
    auto name = names.find(s.number);
    if (name != names.end() &&
        (s.kind == ParagraphKind::Treasure || s.kind == ParagraphKind::Place))
      copy.name = translation.keep(name->second);
    translation.paragraphs.push_back(std::move(copy));
  }
  std::set<char> letters;
  for (const ReactionMatrix& m : translation.matrices)
    letters.insert(m.letter);
  for (const ReactionMatrix& m : source.matrices)
    if (!letters.count(m.letter)) {
      translation.matrices.push_back(m);
      translation.matrices.back().fallback = true;
    }
  // A translation without a map plays on its source's (rule 9: the map is
  // the same in every language).
  if (translation.map.empty() && !source.map.empty()) {
    translation.map = source.map;
    translation.map.fallback = true;
    for (Space& space : translation.map.spaces)
      space.fallback = true;
  }
  // A translation without a Merchant Display trades on its source's (rule 23:
  // the display is the same in every language); a product the translation's
  // cities name, by their place in their source city's `Products:` line, takes
  // the translation's name when they all name it alike (the others keep the
  // source's: fallback, and a city that names them otherwise is TB0228).
  if (translation.display.empty() && !source.display.empty()) {
    MerchantDisplay& display = translation.display;
    display = source.display;
    display.fallback = true;
    for (Product& p : display.products)
      p.fallback = true;
    std::map<std::uint32_t, std::set<std::string_view>> names; // by product
    const auto& ts = translation.map.spaces;
    const auto& ss = source.map.spaces;
    for (std::size_t i = 0; i < std::min(ts.size(), ss.size()); ++i)
      for (std::size_t k = 0; k < std::min(ts[i].products.size(), ss[i].products.size()); ++k)
        if (!ts[i].fallback && ss[i].products[k].product < display.products.size())
          names[ss[i].products[k].product].insert(ts[i].products[k].name);
    for (const auto& [at, written] : names)
      if (written.size() == 1) {
        display.products[at].name = std::string(*written.begin());
        display.products[at].fallback = false;
      }
  }
  add_game_fallbacks(source, translation);
  // Cards are matched by their order among the cards of their kind: the
  // translation lacks the last ones.
  std::map<CardKind, std::size_t> count;
  for (const Card& c : translation.cards)
    ++count[c.kind];
  std::map<CardKind, std::size_t> seen;
  for (const Card& c : source.cards)
    if (++seen[c.kind] > count[c.kind]) {
      translation.cards.push_back(c);
      translation.cards.back().fallback = true;
      for (CityResult& r : translation.cards.back().results)
        for (AwardCode& code : r.awards)
          code = translation.own(code);
    }
}

void add_fallback_sections(const Book& source, Book& translation) {
  Mechanics sm(source), tm(translation);
  for (Paragraph& t : translation.paragraphs) {
    const Paragraph* s = source.paragraph(t.number);
    if (t.fallback || !s || s->kind != t.kind) continue;
    if (t.sections.size() < s->sections.size()) add_sections(sm, *s, source, tm, t, translation);
    fallback_rows(translation, *s, t);
  }
  fallback_card_rows(source, translation);
}

} // namespace talebook
