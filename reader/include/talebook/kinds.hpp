// The enums of a book, each listed once, shared by the compiler's model, the
// .tbook reader and the engine (C++17, standard library only).
//
// Each list is X(Value, "id", "words"): the enumerator, its stable lowercase id
// (what `talec dump` writes, the C API's *_name functions return, and, for
// condition kinds and award terms, the vocabulary id of the book's word), and
// the English words a compiler message uses. The position in the list is the
// value stored in a .tbook: append only, never reorder, within format 1.x.
#pragma once

#include <cstddef>
#include <cstdint>

// clang-format off
#define TALEBOOK_PARAGRAPH_KINDS(X)                                                                \
  X(Award, "award", "award paragraph")                                                             \
  X(Chart, "chart", "encounter chart")                                                             \
  X(Status, "status", "status")                                                                    \
  X(Treasure, "treasure", "treasure")                                                              \
  X(Place, "place", "place of power")                                                              \
  X(Quest, "quest", "quest")

#define TALEBOOK_AWARD_KINDS(X)                                                                    \
  X(Destiny, "destiny", "destiny")                /* D2, D-1: amount */                            \
  X(Story, "story", "story")                      /* S1: amount (never negative) */                \
  X(Wealth, "wealth", "wealth")                   /* W+1 (Max: Poor): amount, limit */             \
  X(Skill, "skill", "skill")                      /* Piety (1 use): id, term */                    \
  X(Status, "status", "status")                   /* Imprisoned (1 turn): id, term */              \
  X(LoseSkill, "lose_skill", "lose skill")        /* Lose Piety: id */                             \
  X(LoseStatus, "lose_status", "lose status")     /* Lose Imprisoned: id */                        \
  X(RandomTreasure, "random_treasure", "random treasure") /* Trea* */                              \
  X(Treasure, "treasure", "treasure")             /* Ionian Gems (154): name, paragraph */         \
  X(QuestSuccess, "quest_success", "quest success") /* Q:S */                                      \
  X(GoTo, "go_to", "go to")                       /* Go to 134: paragraph */                       \
  X(EnterPlace, "enter_place", "enter place")     /* Enter City of Brass: name, paragraph */       \
  X(Death, "death", "death")                                                                       \
  X(LoseTreasure, "lose_treasure", "lose treasure") /* 1.2: Lose Ionian Gems: name, paragraph */   \
  X(LoseStatuses, "lose_statuses", "lose any statuses") /* 1.2: Lose any statuses of your choice */

#define TALEBOOK_WEALTH_LIMITS(X)                                                                  \
  X(None, "none", "none")                                                                          \
  X(Max, "max", "max")                                                                             \
  X(Min, "min", "min")

// Conditional skills (rule 12.4) and statuses (rule 13.3).
#define TALEBOOK_AWARD_TERMS(X)                                                                    \
  X(Permanent, "permanent", "permanent")                                                           \
  X(OneUse, "one_use", "1 use")                                                                    \
  X(SevenOrLess, "seven_or_less", "7 or less")                                                     \
  X(SixOrLess, "six_or_less", "6 or less")                                                         \
  X(OneTurn, "one_turn", "1 turn")                                                                 \
  X(Master, "master", "Master") /* 1.2: a skill received at Master level (rule 12.4) */

// Adventure-rule qualifiers: `if Merchant`, `if Quest`.
#define TALEBOOK_AWARD_QUALIFIERS(X)                                                               \
  X(None, "none", "none")                                                                          \
  X(IfMerchant, "if_merchant", "if Merchant")                                                      \
  X(IfQuest, "if_quest", "if Quest")

#define TALEBOOK_CONDITION_KINDS(X)                                                                \
  X(NoSkill, "no_skill", "No Skill")                                                               \
  X(Otherwise, "otherwise", "Otherwise")                                                           \
  X(Female, "female", "Female")                                                                    \
  X(Male, "male", "Male")                                                                          \
  X(Skill, "skill", "skill")          /* a skill: its vocabulary id */                             \
  X(Status, "status", "status")       /* a status: its vocabulary id */                            \
  X(Treasure, "treasure", "treasure") /* a treasure: its paragraph */                              \
  X(Roll, "roll", "roll")             /* quest tables and dice tests: low..high */                 \
  X(Spaces, "spaces", "Spaces")       /* a quest's list of spaces */                               \
  X(Modifiers, "modifiers", "Modifiers") /* a quest's roll modifiers */                            \
  X(Wealth, "wealth", "wealth")       /* 1.2: a wealth level, roll_low..roll_high its orders */      \
  X(Space, "space", "space")          /* 1.2: one space of a quest's Spaces */                       \
  X(Modifier, "modifier", "modifier") /* 1.2: one of a quest's Modifiers */

#define TALEBOOK_CELL_KINDS(X)                                                                     \
  X(Number, "number", "number")                                                                    \
  X(Forbidden, "forbidden", "forbidden")                                                           \
  X(NoEncounter, "no_encounter", "no encounter")

#define TALEBOOK_CARD_KINDS(X)                                                                     \
  X(Character, "character", "character")                                                           \
  X(Terrain, "terrain", "terrain")                                                                 \
  X(City, "city", "city")

#define TALEBOOK_VOCAB_KINDS(X)                                                                    \
  X(Skill, "skill", "skill")                                                                       \
  X(Status, "status", "status")                                                                    \
  X(Wealth, "wealth", "wealth level")                                                              \
  X(Heading, "heading", "heading")                                                                 \
  X(Award, "award", "award")                                                                       \
  X(Option, "option", "option")                                                                    \
  X(Terrain, "terrain", "terrain")
// clang-format on

namespace talebook::tbook {

// What the lists give for each enum: Kind<E>::count, ::ids and ::words.
template <class E> struct Kind;

#define TALEBOOK_KIND_VALUE(value, id, words) value,
#define TALEBOOK_KIND_ID(value, id, words) id,
#define TALEBOOK_KIND_WORDS(value, id, words) words,
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
TALEBOOK_DEFINE_KIND(CellKind, TALEBOOK_CELL_KINDS)
TALEBOOK_DEFINE_KIND(CardKind, TALEBOOK_CARD_KINDS)
TALEBOOK_DEFINE_KIND(VocabKind, TALEBOOK_VOCAB_KINDS)

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

} // namespace talebook::tbook
