// Stable lowercase names of the reader's enums (talec dump, the C API).
#include <iterator>

#include "talebook/reader.hpp"
#include "talebook/talebook.h"

namespace talebook::tbook {
namespace {

const char* const paragraph_kinds[] = {"award", "chart", "status", "treasure", "place", "quest"};
const char* const award_kinds[] = {"destiny",  "story",         "wealth",      "skill",
                                   "status",   "lose_skill",    "lose_status", "random_treasure",
                                   "treasure", "quest_success", "go_to",       "enter_place",
                                   "death"};
const char* const limits[] = {"none", "max", "min"};
const char* const terms[] = {"permanent", "one_use", "seven_or_less", "six_or_less", "one_turn"};
const char* const qualifiers[] = {"none", "if_merchant", "if_quest"};
const char* const condition_kinds[] = {"no_skill", "otherwise", "female", "male",   "skill",
                                       "status",   "treasure",  "roll",   "spaces", "modifiers"};
const char* const cell_kinds[] = {"number", "forbidden", "no_encounter"};
const char* const card_kinds[] = {"character", "terrain", "city"};
const char* const vocab_kinds[] = {"skill", "status", "wealth", "heading",
                                   "award", "option", "terrain"};

template <std::size_t N> const char* pick(const char* const (&names)[N], long long value) {
  return value >= 0 && std::size_t(value) < N ? names[value] : "";
}

} // namespace

const char* name_of(ParagraphKind kind) {
  return pick(paragraph_kinds, int(kind));
}
const char* name_of(AwardKind kind) {
  return pick(award_kinds, int(kind));
}
const char* name_of(WealthLimit limit) {
  return pick(limits, int(limit));
}
const char* name_of(AwardTerm term) {
  return pick(terms, int(term));
}
const char* name_of(AwardQualifier qualifier) {
  return pick(qualifiers, int(qualifier));
}
const char* name_of(ConditionKind kind) {
  return pick(condition_kinds, int(kind));
}
const char* name_of(CellKind kind) {
  return pick(cell_kinds, int(kind));
}
const char* name_of(CardKind kind) {
  return pick(card_kinds, int(kind));
}
const char* name_of(VocabKind kind) {
  return pick(vocab_kinds, int(kind));
}

} // namespace talebook::tbook

using namespace talebook::tbook;

extern "C" {
const char* talebook_paragraph_kind_name(int32_t kind) {
  return pick(paragraph_kinds, kind);
}
const char* talebook_award_kind_name(int32_t kind) {
  return pick(award_kinds, kind);
}
const char* talebook_condition_kind_name(int32_t kind) {
  return pick(condition_kinds, kind);
}
const char* talebook_card_kind_name(int32_t kind) {
  return pick(card_kinds, kind);
}
const char* talebook_vocab_kind_name(int32_t kind) {
  return pick(vocab_kinds, kind);
}
}
