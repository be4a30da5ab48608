// The engine's view of an award paragraph: its sections, their heading
// conditions and award codes, as the rules read them. Built from the reader's
// records by book_view.hpp (an award is the reader's own record; the strings
// are views into the book and live as long as the tbook::Book); plain structs,
// so that the rules can be written and tested without a book.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "talebook/reader.hpp"

namespace talebook::engine {

// The kinds are the reader's own (the engine reads nothing else).
using AwardKind = tbook::AwardKind;
using WealthLimit = tbook::WealthLimit;
using Term = tbook::AwardTerm; // conditional skills (rule 12.4) and statuses (rule 13.3)
using Qualifier = tbook::AwardQualifier;

// An award: the reader's record itself.
using Award = tbook::Award;

using ConditionKind = tbook::ConditionKind;
using EffectKind = tbook::EffectKind;

struct Condition {
  ConditionKind kind = ConditionKind::NoSkill;
  std::string_view id; // skill/status id, treasure name as written
  // Treasure: the treasure's paragraph (what is compared); none in a format 1.0
  // book, which does not carry it (the reader gives 0 there).
  std::optional<std::uint32_t> paragraph;
  // The heading as the transcript prints it ("Courtly Graces", "No Skill", "1-3",
  // "Wealth: Poor or less"): composed by the engine from the book's words.
  std::string name;
  int roll_low = 0;
  int roll_high = 0; // 0: "and up"; Wealth: roll_low..roll_high are wealth levels
  bool mandatory = false;
  int amount = 0;                                // Modifier: the amount added to the roll
  ConditionKind target = ConditionKind::NoSkill; // Modifier: Skill or Status (id), or none
  std::string_view words;                        // Modifier, Effect: as written
  // Effect (a status's or treasure's `Effects:`): what it does; `amount` its
  // number, `id` the skill it suspends or the option it forbids.
  tbook::EffectKind effect = tbook::EffectKind::NoEncounters;
};

struct Section {
  std::vector<Condition> conditions;
  std::string_view text;
  std::vector<Award> awards;
};

using ParagraphKind = tbook::ParagraphKind;

struct Paragraph {
  std::uint32_t number = 0;
  ParagraphKind kind = ParagraphKind::Award;
  std::string_view name; // status, treasure, place or quest name
  std::string_view prose;
  std::vector<Section> sections;
};

} // namespace talebook::engine
