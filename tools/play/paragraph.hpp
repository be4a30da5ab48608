// The engine's view of what it reads from a .tbook: award paragraphs, their
// sections and award codes. Plain structs, filled from the reader by
// book_view.cpp, so that the rules can be written and tested without a book.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace talebook::play {

enum class AwardKind : std::uint8_t {
  Destiny,        // D2, D-1            amount
  Story,          // S1                 amount
  Wealth,         // W+1 (Max: Poor)    amount, limit, limit_id
  Skill,          // Piety, Luck (1 use)   id, term
  Status,         // Lost (1 turn)      id, term
  LoseSkill,      // Lose Piety         id
  LoseStatus,     // Lose Imprisoned    id
  RandomTreasure, // Trea*
  Treasure,       // Ionian Gems (154)  id = name, paragraph
  QuestSuccess,   // Q:S
  GoTo,           // Go to 134          paragraph
  EnterPlace,     // Enter City of Brass   id = place, paragraph
  Death,          // Death
};

enum class WealthLimit : std::uint8_t { None, Max, Min };
// Conditional skills (rule 12.4) and statuses (rule 13.3).
enum class Term : std::uint8_t { Permanent, OneUse, SevenOrLess, SixOrLess, OneTurn };
enum class Qualifier : std::uint8_t { None, IfMerchant, IfQuest };

struct Award {
  AwardKind kind = AwardKind::Destiny;
  int amount = 0;
  std::string id; // skill or status id, treasure or place name
  WealthLimit limit = WealthLimit::None;
  std::string limit_id; // wealth level id of Max/Min
  Term term = Term::Permanent;
  Qualifier qualifier = Qualifier::None;
  std::uint32_t paragraph = 0; // GoTo, Treasure, EnterPlace
};

enum class ConditionKind : std::uint8_t {
  NoSkill,
  Otherwise,
  Female,
  Male,
  Skill,
  Status,
  Treasure,
  Roll,
  Spaces,
  Modifiers,
};

struct Condition {
  ConditionKind kind = ConditionKind::NoSkill;
  std::string id;   // skill/status id, treasure name
  std::string name; // as the book prints it ("Courtly Graces", "No Skill", "1-3")
  int roll_low = 0;
  int roll_high = 0; // 0: "and up"
  bool mandatory = false;
};

struct Section {
  std::vector<Condition> conditions;
  std::string text;
  std::vector<Award> awards;
};

enum class ParagraphKind : std::uint8_t { Award, Chart, Status, Treasure, Place, Quest };

struct Paragraph {
  std::uint32_t number = 0;
  ParagraphKind kind = ParagraphKind::Award;
  std::string name; // status, treasure, place or quest name
  std::string prose;
  std::vector<Section> sections;
};

} // namespace talebook::play
