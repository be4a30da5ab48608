#include "talebook/engine/effects.hpp"

#include <algorithm>
#include <cstdlib>

#include "talebook/engine/awards.hpp"

namespace talebook::engine {

namespace {

// Each held status's and treasure's effects of `kind`, with the holder's name.
template <class F>
void each_effect(const Character& character, Table& table, EffectKind kind, F f) {
  for (const HeldStatus& s : character.statuses)
    for (const Condition& c : table.status_effects(s.id))
      if (c.effect == kind) f(table.names().status(s.id), c);
  for (const HeldTreasure& t : character.treasures)
    for (const Condition& c : table.treasure_effects(t.paragraph))
      if (c.effect == kind) f(t.name, c);
}

std::optional<std::string> first_holder(const Character& character, Table& table, EffectKind kind) {
  std::optional<std::string> who;
  each_effect(character, table, kind, [&](const std::string& name, const Condition&) {
    if (!who) who = name;
  });
  return who;
}

} // namespace

std::optional<std::string> no_encounters_by(const Character& character, Table& table) {
  return first_holder(character, table, EffectKind::NoEncounters);
}

std::optional<std::string> no_movement_by(const Character& character, Table& table) {
  return first_holder(character, table, EffectKind::NoMovement);
}

int effects_on_encounter_roll(const Character& character, Table& table, std::string& why) {
  int sum = 0;
  each_effect(character, table, EffectKind::EncounterRoll,
              [&](const std::string& name, const Condition& c) {
                sum += c.amount;
                why += std::string(c.amount < 0 ? " - " : " + ") +
                       std::to_string(std::abs(c.amount)) + " (" + name + ")";
              });
  return sum;
}

std::optional<std::string> forbidden_by(const Character& character, Table& table,
                                        std::string_view option_id) {
  std::optional<std::string> who;
  each_effect(character, table, EffectKind::Forbids,
              [&](const std::string& name, const Condition& c) {
                if (!who && c.id == option_id) who = name;
              });
  return who;
}

void suspend_skills(Character& character, Table& table) {
  for (HeldStatus& s : character.statuses)
    for (const Condition& c : table.status_effects(s.id)) {
      if (c.effect != EffectKind::Suspends) continue;
      HeldSkill* held = character.skill(c.id);
      if (!held) continue;
      const bool again = std::any_of(s.suspended.begin(), s.suspended.end(),
                                     [&](const HeldSkill& h) { return h.id == c.id; });
      table.say("  " + table.names().status(s.id) + ": you lose " + table.names().skill(c.id) +
                " while you have it (rule 12.5).");
      if (!again) s.suspended.push_back(*held);
      character.skills.erase(character.skills.begin() + (held - character.skills.data()));
    }
}

void roll_status_ends(Character& character, Table& table) {
  for (std::size_t i = 0; i < character.statuses.size();) {
    int ends_on = 0;
    for (const Condition& c : table.status_effects(character.statuses[i].id))
      if (c.effect == EffectKind::EndsOn) ends_on = c.amount;
    if (ends_on == 0) {
      ++i;
      continue;
    }
    const int die = table.dice().roll();
    const std::string name = table.names().status(character.statuses[i].id);
    const bool ends = die >= ends_on;
    table.say("  " + name + ": you roll " + std::to_string(die) + " (" + std::to_string(ends_on) +
              " or more ends it)" + (ends ? " and lose it (rule 13.4)." : " and keep it."));
    if (ends)
      remove_status(character, i, table);
    else
      ++i;
  }
}

} // namespace talebook::engine
