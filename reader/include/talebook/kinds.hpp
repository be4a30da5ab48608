// The enums of a book, each listed once (kinds.def), shared by the compiler's
// model, the .tbook reader and the engine (C++17, standard library only); the
// C API's enums (talebook.h) are made from the same lists.
#pragma once

#include <cstddef>
#include <cstdint>

#include "talebook/kinds.def"

namespace talebook::tbook {

// What the lists give for each enum: Kind<E>::count, ::ids and ::words.
template <class E> struct Kind;

#define TALEBOOK_KIND_VALUE(value, c_name, id, words) value,
#define TALEBOOK_KIND_ID(value, c_name, id, words) id,
#define TALEBOOK_KIND_WORDS(value, c_name, id, words) words,
#define TALEBOOK_DEFINE_KIND(Enum, LIST)                                                           \
  enum class Enum : std::uint8_t { LIST(TALEBOOK_KIND_VALUE) };                                    \
  template <> struct Kind<Enum> {                                                                  \
    static constexpr const char* ids[] = {LIST(TALEBOOK_KIND_ID)};                                 \
    static constexpr const char* words[] = {LIST(TALEBOOK_KIND_WORDS)};                            \
    static constexpr std::size_t count = sizeof(ids) / sizeof(ids[0]);                             \
  };

TALEBOOK_DEFINE_KIND(ParagraphKind, TALEBOOK_PARAGRAPH_KINDS)
TALEBOOK_DEFINE_KIND(AwardKind, TALEBOOK_AWARD_KINDS)
TALEBOOK_DEFINE_KIND(WealthLimit, TALEBOOK_WEALTH_LIMITS)
TALEBOOK_DEFINE_KIND(AwardTerm, TALEBOOK_AWARD_TERMS)
TALEBOOK_DEFINE_KIND(AwardQualifier, TALEBOOK_AWARD_QUALIFIERS)
TALEBOOK_DEFINE_KIND(ConditionKind, TALEBOOK_CONDITION_KINDS)
TALEBOOK_DEFINE_KIND(BeingSex, TALEBOOK_BEING_SEXES)
TALEBOOK_DEFINE_KIND(EffectKind, TALEBOOK_EFFECT_KINDS)
TALEBOOK_DEFINE_KIND(RouteKind, TALEBOOK_ROUTE_KINDS)
TALEBOOK_DEFINE_KIND(CellKind, TALEBOOK_CELL_KINDS)
TALEBOOK_DEFINE_KIND(CardKind, TALEBOOK_CARD_KINDS)
TALEBOOK_DEFINE_KIND(VocabKind, TALEBOOK_VOCAB_KINDS)
TALEBOOK_DEFINE_KIND(CounterShape, TALEBOOK_COUNTER_SHAPES)
TALEBOOK_DEFINE_KIND(GameKind, TALEBOOK_GAME_KINDS)
TALEBOOK_DEFINE_KIND(DeckClass, TALEBOOK_DECK_CLASSES)
TALEBOOK_DEFINE_KIND(CardRole, TALEBOOK_CARD_ROLES)
TALEBOOK_DEFINE_KIND(CardEffectKind, TALEBOOK_CARD_EFFECT_KINDS)
TALEBOOK_DEFINE_KIND(TileColour, TALEBOOK_TILE_COLOURS)

#undef TALEBOOK_DEFINE_KIND
#undef TALEBOOK_KIND_WORDS
#undef TALEBOOK_KIND_ID
#undef TALEBOOK_KIND_VALUE

// Is `value` (a byte read from a file) one of E's values?
template <class E> constexpr bool is_kind(std::uint32_t value) {
  return value < Kind<E>::count;
}

// The stable lowercase id ("award", "go_to", "one_use"), or "" for a value
// outside the list.
template <class E> constexpr const char* name_of(E value) {
  return is_kind<E>(std::uint32_t(value)) ? Kind<E>::ids[std::size_t(value)] : "";
}

// The English words of a compiler message ("place of power", "wealth level").
template <class E> constexpr const char* words_of(E value) {
  return is_kind<E>(std::uint32_t(value)) ? Kind<E>::words[std::size_t(value)] : "";
}

// An award term is a condition (permanent, 1 use, 7 or less, 6 or less, 1
// turn, companion) and, for a skill, whether it gives the Master level
// (rule 12.4): `Wisdom (Master, 7 or less)` is master_seven_or_less, a
// Master for as long as the condition holds. Each condition a skill may take
// and its term at the Master level (`1 turn` is a status's only):
inline constexpr AwardTerm master_terms[][2] = {
    {AwardTerm::Permanent, AwardTerm::Master},
    {AwardTerm::OneUse, AwardTerm::MasterOneUse},
    {AwardTerm::SevenOrLess, AwardTerm::MasterSevenOrLess},
    {AwardTerm::SixOrLess, AwardTerm::MasterSixOrLess},
    {AwardTerm::Companion, AwardTerm::MasterCompanion},
};

constexpr bool at_master(AwardTerm t) {
  for (const auto& pair : master_terms)
    if (pair[1] == t) return true;
  return false;
}

// The condition alone: master_seven_or_less is seven_or_less, master permanent.
constexpr AwardTerm condition_of(AwardTerm t) {
  for (const auto& pair : master_terms)
    if (pair[1] == t) return pair[0];
  return t;
}

// The term of a condition (or of a Master term) at the Master level; false
// for `1 turn`.
constexpr bool master_term(AwardTerm condition, AwardTerm& out) {
  for (const auto& pair : master_terms)
    if (pair[0] == condition || pair[1] == condition) {
      out = pair[1];
      return true;
    }
  return false;
}

} // namespace talebook::tbook
