// What a .tbook carries, in file order (compiler/model/file_order.hpp).
#include "compiler/model/file_order.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_set>

namespace talebook {
namespace {

// Lists an engine needs whole: the ordered wealth scale (W+1 (Max: Rich)), the
// skills a player may choose (rule 4.4, rule 15.1), and the heading and award
// words it prints in the book's language (No Skill, mandatory, Lose, Go to...).
bool whole_list(VocabKind kind) {
  return kind == VocabKind::Wealth || kind == VocabKind::Skill || kind == VocabKind::Heading ||
         kind == VocabKind::Award;
}

// The ids used, by kind (views into the book).
using Used = std::vector<std::unordered_set<std::string_view>>;

void use(Used& used, VocabKind kind, std::string_view id) {
  used[std::size_t(kind)].insert(id);
}

void use_awards(Used& used, const AwardCode& code) {
  for (const Award& a : code.awards) {
    if (a.kind == AwardKind::Skill || a.kind == AwardKind::LoseSkill)
      use(used, VocabKind::Skill, a.id);
    if (a.kind == AwardKind::Status || a.kind == AwardKind::LoseStatus)
      use(used, VocabKind::Status, a.id);
  }
}

} // namespace

std::vector<std::pair<VocabKind, const VocabEntry*>>
tbook_vocabulary(const Book& book, const Vocabulary& vocabulary) {
  Used used(vocab_kind_count);
  for (const Paragraph& p : book.paragraphs) {
    if (p.kind == ParagraphKind::Status) use(used, VocabKind::Status, p.name_id());
    for (const Section& s : p.sections) {
      for (const Condition& c : s.conditions) {
        if (c.kind == ConditionKind::Skill) use(used, VocabKind::Skill, c.id);
        if (c.kind == ConditionKind::Status) use(used, VocabKind::Status, c.id);
        if (c.kind == ConditionKind::Modifier && c.target() == ConditionKind::Skill)
          use(used, VocabKind::Skill, c.id);
        if (c.kind == ConditionKind::Modifier && c.target() == ConditionKind::Status)
          use(used, VocabKind::Status, c.id);
        if (c.kind == ConditionKind::Effect && c.effect() == EffectKind::Suspends)
          use(used, VocabKind::Skill, c.id);
        if (c.kind == ConditionKind::Effect && c.effect() == EffectKind::Forbids)
          use(used, VocabKind::Option, c.id);
      }
      if (std::optional<AwardCode> award = s.award()) use_awards(used, *award);
    }
  }
  for (const ReactionMatrix& m : book.matrices)
    for (const std::string& option : m.options)
      use(used, VocabKind::Option, option);
  for (const Card& c : book.cards) {
    for (const TerrainEntry& t : c.terrains)
      use(used, VocabKind::Terrain, t.terrain);
    for (const CityResult& r : c.results)
      for (const AwardCode& code : r.awards)
        use_awards(used, code);
  }
  for (const Space& space : book.map.spaces)
    use(used, VocabKind::Terrain, space.terrain);
  std::vector<std::pair<VocabKind, const VocabEntry*>> out;
  for (int k = 0; k < vocab_kind_count; ++k)
    for (const VocabEntry& e : vocabulary.entries(VocabKind(k)))
      if (whole_list(VocabKind(k)) || used[std::size_t(k)].count(e.id))
        out.emplace_back(VocabKind(k), &e);
  return out;
}

std::vector<const Card*> tbook_cards(const Book& book) {
  std::vector<const Card*> cards;
  for (const Card& c : book.cards)
    cards.push_back(&c);
  std::stable_sort(cards.begin(), cards.end(), [](const Card* a, const Card* b) {
    return a->kind != b->kind ? a->kind < b->kind : a->name < b->name;
  });
  return cards;
}

} // namespace talebook
