// The character sheet (the player display): Destiny, Story, wealth, skills at
// Talent or Master, the one status, treasures, gender, opportunities to enter
// places of power.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "talebook/engine/paragraph.hpp"

namespace talebook::engine {

enum class Gender : std::uint8_t { Male, Female };
enum class SkillLevel : std::uint8_t { Talent, Master };

// The wealth track, Beggar (the floor) to Fabulous (needs a treasure), by the
// stable vocabulary ids.
enum Wealth : int { Beggar, Poor, Respectable, Rich, Princely, Fabulous };
inline constexpr int wealth_levels = 6;
const char* wealth_id(int level);
int wealth_level(std::string_view id); // -1 for an unknown id

struct HeldSkill {
  std::string id;
  SkillLevel level = SkillLevel::Talent;
  // The condition of a conditional skill (rule 12.4): OneUse, SevenOrLess,
  // SixOrLess or Companion (never a Master term: the level says that).
  Term term = Term::Permanent;
  std::string companion_of = {}; // Companion: the status it travels with
  // A conditional Master over a Talent of the same skill (rule 12.4: "keep
  // both counters"): when the condition takes the Master, the Talent stays.
  bool talent_beneath = false;
};

struct HeldStatus {
  std::string id;
  Term term = Term::Permanent; // OneTurn, SevenOrLess, SixOrLess (rule 13.3)
  int turn = 0;                // the turn it was received
  // Rule 12.5: the skills lost while it is held ("underneath the status
  // marker"), given back when it goes.
  std::vector<HeldSkill> suspended = {};
};

// A treasure is its paragraph; the name is for printing.
struct HeldTreasure {
  std::string name;
  std::uint32_t paragraph = 0;
};

// A place of power is its paragraph; the name is for printing.
struct Opportunity {
  std::string place;
  std::uint32_t paragraph = 0;
};

struct Character {
  Gender gender = Gender::Male;
  int destiny = 1; // rule 4.1: the Destiny and Story markers start in the "1" box
  int story = 1;
  int wealth = Poor; // rule 4: the Wealth marker starts in the Poor box
  std::vector<HeldSkill> skills;
  std::vector<HeldStatus> statuses; // in the order received; at most one after an award
  std::vector<HeldTreasure> treasures;
  std::vector<Opportunity> opportunities;
  bool dead = false;
  int turn = 1;
  // What another player's skill leaves for this character's next turn (the
  // Chinese rules' player against player); it counts on turn `turn` only.
  struct NextTurn {
    int turn = 0;
    bool no_move = false;   // Scholarship, Storytelling
    int extra_sea = 0;      // Seamanship: sea moves more
    bool two_cards = false; // Wilderness Lore: two encounter cards drawn, one kept
  };
  NextTurn next_turn;
  // next_turn for the turn to come (this character's `turn`), emptied when it
  // was left for a turn gone by.
  NextTurn& coming_turn() {
    if (next_turn.turn != turn) next_turn = NextTurn{turn};
    return next_turn;
  }
  // What is left for the turn under way (nothing, if it was for another).
  NextTurn this_turn() const { return next_turn.turn == turn ? next_turn : NextTurn{}; }

  const HeldSkill* skill(std::string_view id) const;
  HeldSkill* skill(std::string_view id);
  bool has_status(std::string_view id) const;
  bool has_treasure(std::uint32_t paragraph) const;
  bool is_master(std::string_view id) const;
  // Rule 11.5 / 15.2: +1 at 5-8 Destiny, +2 at 9 or more.
  int destiny_bonus() const;
  // Rule 12.3 / 15.2: Master skills need 7 Destiny.
  bool may_master() const { return destiny >= 7; }
};

} // namespace talebook::engine
