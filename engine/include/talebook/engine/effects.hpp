// What held statuses and treasures do (rules 12.5, 13.4, 14), as their
// paragraphs' `Effects:` declare it: no encounters, a change to the encounter
// roll, options forbidden, skills suspended while the status is held, a die
// that ends the status. The Table gives each paragraph's effects.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "talebook/engine/table.hpp"

namespace talebook::engine {

// The status or treasure (its name) that forbids encounters, if any.
std::optional<std::string> no_encounters_by(const Character& character, Table& table);
// The status or treasure that forbids movement, if any (the map is not
// modelled: the engine says so).
std::optional<std::string> no_movement_by(const Character& character, Table& table);
// The sum of the `encounter roll` effects, and what gives them ("+1 (Blessed)").
int effects_on_encounter_roll(const Character& character, Table& table, std::string& why);
// The status or treasure that forbids matrix option `option_id`, if any.
std::optional<std::string> forbidden_by(const Character& character, Table& table,
                                        std::string_view option_id);
// Rule 12.5: each held status's `suspends` skills go under it while it is held.
void suspend_skills(Character& character, Table& table);
// The end of turn (rule 7.5): a die for each held status that `ends on` a roll.
void roll_status_ends(Character& character, Table& table);

} // namespace talebook::engine
