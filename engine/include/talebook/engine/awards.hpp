// Applying award codes to the character sheet: rules 11.8, 12.3-12.5, 13.1-13.3,
// 14, 15 and 16 of the Standard game. Every change is narrated through the
// Table, so a transcript shows what happened and why.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "talebook/engine/character.hpp"
#include "talebook/engine/paragraph.hpp"
#include "talebook/engine/table.hpp"

namespace talebook::engine {

struct AwardOutcome {
  // `Go to n`: continue at paragraph n, whatever n is (none: the encounter ends).
  std::optional<std::uint32_t> go_to;
  bool death = false; // the character died: the game is over
  bool quit = false;  // the player quit during a choice
};

// Applies an award group in order, then keeps one status (rule 13.2).
AwardOutcome apply_awards(Character& character, const std::vector<Award>& awards, Table& table);

// The single rules, each narrated; apply_awards calls them.
void change_destiny(Character& character, int amount, Table& table);
// Story points are never lost (rule 15.1); false if the player quit a choice.
bool gain_story(Character& character, int amount, Table& table);
// `limit_level` is a wealth level or -1 for none.
void change_wealth(Character& character, int amount, WealthLimit limit, int limit_level,
                   Table& table);
// `tie`: the status a companion skill travels with (rule 12.4).
void gain_skill(Character& character, std::string_view id, Term term, Table& table,
                std::string_view tie = {});
void lose_skill(Character& character, std::string_view id, Table& table);
// A conditional skill whose condition takes it (its roll, its one use, its
// companion's status gone): a conditional Master over a Talent falls back to
// the Talent (rule 12.4), any other is gone.
void drop_conditional_skill(Character& character, std::size_t index, Table& table);
// Removes status `index` and the companion skills that travel with it (rule 12.4).
void remove_status(Character& character, std::size_t index, Table& table);
// True if the status is new (not held already).
bool gain_status(Character& character, std::string_view id, Term term, Table& table);
void lose_status(Character& character, std::string_view id, Table& table);
// Rule 13.2: removes the extra statuses, oldest first.
// Rule 16.3: losing the last treasure at Fabulous drops wealth to Princely.
void lose_treasure(Character& character, const HeldTreasure& treasure, Table& table);
// `Lose any statuses of your choice`: false when the player quits.
bool lose_statuses_of_choice(Character& character, Table& table);
void keep_one_status(Character& character, Table& table);
void gain_treasure(Character& character, const HeldTreasure& treasure, Table& table);
void gain_random_treasure(Character& character, Table& table);
// Rule 7.5 "conditional skills or statuses" and rule 13.3: roll for
// conditional skills and statuses, end '1 turn' statuses, start the next turn.
void end_of_turn(Character& character, Table& table);

// "Luck (1 use)", "Lost (1 turn)"... for printing, with the book's word for the term.
std::string with_term(const Names& names, const std::string& name, Term term);

} // namespace talebook::engine
