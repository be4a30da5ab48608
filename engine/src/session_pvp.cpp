// Skills used on other players: the Chinese rules' player against player
// (003, "PVP变体", `--variant zh` with two players or more) and the
// rulebook's Adventure rule 26 (`--variant skills`). At the end of your turn
// you may use one of your skills on one other player in your space, paying
// Destiny: D4 at Talent in the Chinese rules, 5 in rule 26, 2 at Master. A
// player attacked with a skill they hold may pay the same to avoid it; in the
// Chinese rules Luck or Quick Thinking avoids it on a die roll of 4 or more
// (+1 with both). Only the skills each rules list may be used, each with the
// effect they give it (the tables below). No wealth is given below Beggar,
// none taken from a Beggar.
#include <algorithm>
#include <cstdlib>

#include "talebook/engine/awards.hpp"
#include "talebook/engine/session.hpp"

namespace talebook::engine {

namespace {

// A skill the rules let a player use on another, and the vocabulary ids that
// are that skill (the 1985 and 2009 names).
struct PvpSkill {
  PvpUse use;
  std::vector<std::string_view> ids;
};

const std::vector<PvpSkill>& pvp_skills(bool adventure) {
  static const std::vector<PvpSkill> chinese = {
      {PvpUse::Acting, {"acting_disguise"}},
      {PvpUse::Appearance, {"appearance"}},
      {PvpUse::Bargaining, {"bargaining", "bargaining_evaluation"}},
      {PvpUse::Beguiling, {"beguiling"}},
      {PvpUse::Courtly, {"courtly_graces"}},
      {PvpUse::Endurance, {"enduring_hardship"}},
      {PvpUse::Magic, {"magic", "minor_magic", "major_magic"}},
      {PvpUse::Piety, {"piety"}},
      {PvpUse::Scholarship, {"scholarship"}},
      {PvpUse::Seamanship, {"seamanship"}},
      {PvpUse::Seduction, {"seduction"}},
      {PvpUse::Stealth, {"stealth_stealing"}},
      {PvpUse::Storytelling, {"storytelling"}},
      {PvpUse::WeaponUse, {"weapon_use"}},
      {PvpUse::Wilderness, {"wilderness_lore"}},
  };
  // Rule 26.3 (the 1985 skills).
  static const std::vector<PvpSkill> adventure_rules = {
      {PvpUse::Acting, {"acting_disguise"}},
      {PvpUse::Appearance, {"appearance"}},
      {PvpUse::Bargaining, {"bargaining", "bargaining_evaluation"}},
      {PvpUse::Beguiling, {"beguiling"}},
      {PvpUse::Luck, {"luck"}},
      {PvpUse::MajorMagic, {"major_magic"}},
      {PvpUse::MinorMagic, {"minor_magic"}},
      {PvpUse::Piety, {"piety"}},
      {PvpUse::Seduction, {"seduction"}},
      {PvpUse::Stealth, {"stealth_stealing"}},
      {PvpUse::Storytelling, {"storytelling"}},
      {PvpUse::WeaponUse, {"weapon_use"}},
  };
  return adventure ? adventure_rules : chinese;
}

// The skill of the character that is `use`, if any.
const HeldSkill* held(const Character& c, PvpUse use, bool adventure) {
  for (const PvpSkill& p : pvp_skills(adventure))
    if (p.use == use)
      for (std::string_view id : p.ids)
        if (const HeldSkill* s = c.skill(id)) return s;
  return nullptr;
}

// What using (or avoiding) a skill costs: 2 at Master; at Talent D4 in the
// Chinese rules, 5 in rule 26.
int cost(const Character& c, const HeldSkill& s, bool adventure) {
  return c.is_master(s.id) ? 2 : adventure ? 5 : 4;
}

bool opposite(const Character& a, const Character& b) {
  return a.gender != b.gender;
}

// Whether `them` has something to give: a wealth level above Beggar or a treasure.
bool may_pay(const Character& them) {
  return them.wealth > Beggar || !them.treasures.empty();
}

// Whether `use` can do anything to `them`, used by `you` (a skill with
// nothing to act on is not offered: its Destiny would be spent for nothing).
bool pvp_possible(PvpUse use, const Character& you, const Character& them) {
  switch (use) {
  case PvpUse::Bargaining: // you give a wealth level
    return you.wealth > Beggar;
  case PvpUse::Seduction: // the other sex only
    return opposite(you, them);
  case PvpUse::Stealth:
    return may_pay(them);
  case PvpUse::Luck: // a wealth level taken, if the dice say so
    return them.wealth > Beggar;
  case PvpUse::Seamanship: // they pay you wealth levels
    return them.wealth > Beggar;
  case PvpUse::Endurance: // they pay you for what they get
  case PvpUse::Wilderness:
    return may_pay(them);
  case PvpUse::Scholarship:
    return may_pay(them) && std::any_of(you.skills.begin(), you.skills.end(),
                                        [&](const HeldSkill& s) { return !them.skill(s.id); });
  default: // a status or Story points: always something
    return true;
  }
}

} // namespace

std::vector<Session::PvpChoice> Session::pvp_choices() const {
  std::vector<PvpChoice> out;
  if (!pvp_ || pvp_used_) return out;
  const std::vector<std::size_t> targets = special_targets();
  const bool coast = space_.at && (book_.space(*space_.at).terrain_id == "coast" ||
                                   book_.space(*space_.at).terrain_id == "sea");
  for (const PvpSkill& p : pvp_skills(adventure())) {
    const HeldSkill* s = held(character_, p.use, adventure());
    if (!s || character_.destiny < cost(character_, *s, adventure())) continue;
    if (p.use == PvpUse::Seamanship && !coast) continue; // on a coast or at sea only
    for (std::size_t t : targets)
      if (pvp_possible(p.use, character_, players_[t].character)) out.push_back({p.use, t});
  }
  return out;
}

bool Session::use_skill_on_player() {
  const std::vector<PvpChoice> choices = pvp_choices();
  if (choices.empty()) return true;
  // The skill, then the player (those it may be used on).
  std::vector<PvpUse> uses;
  std::vector<std::string> options;
  for (const PvpChoice& c : choices)
    if (std::find(uses.begin(), uses.end(), c.use) == uses.end()) {
      uses.push_back(c.use);
      const HeldSkill& s = *held(character_, c.use, adventure());
      options.push_back(names_.skill(s.id) + " (D" +
                        std::to_string(cost(character_, s, adventure())) + ")");
    }
  int pick =
      console_.choose("Which skill do you use on another player (" + pvp_rules() + ")?", options);
  if (pick < 0) return false;
  const PvpUse use = uses[static_cast<std::size_t>(pick)];
  std::vector<std::size_t> targets;
  options.clear();
  for (const PvpChoice& c : choices)
    if (c.use == use) {
      targets.push_back(c.target);
      options.push_back(player_name(players_[c.target]));
    }
  int whom = targets.size() == 1 ? 0 : console_.choose("On whose character?", options);
  if (whom < 0) return false;
  Player& other = players_[targets[static_cast<std::size_t>(whom)]];
  const HeldSkill& skill = *held(character_, use, adventure());
  const std::string name = names_.skill(skill.id);
  pvp_used_ = true;
  say("You use " + name + " on " + player_name(other) + "'s character (" + pvp_rules() + "):");
  change_destiny(character_, -cost(character_, skill, adventure()), *this);
  return pvp_effect(use, other, name);
}

bool Session::use_any_skill_on(Player& other) {
  // Rule 10.2's Special card: any skill of rule 26.3, held or not, for no Destiny.
  std::vector<PvpUse> uses;
  std::vector<std::string> options;
  for (const PvpSkill& p : pvp_skills(adventure()))
    if (pvp_possible(p.use, character_, other.character)) {
      uses.push_back(p.use);
      options.push_back(names_.skill(std::string(p.ids.front())));
    }
  if (uses.empty()) {
    say("No skill can do anything to " + player_name(other) + " now.");
    return true;
  }
  const int pick = console_.choose("Which skill do you use on " + player_name(other) +
                                       " (the Special card: any skill, no Destiny)?",
                                   options);
  if (pick < 0) return false;
  const PvpUse use = uses[static_cast<std::size_t>(pick)];
  say("You use " + options[static_cast<std::size_t>(pick)] + " on " + player_name(other) +
      "'s character (" + pvp_rules() + "):");
  return pvp_effect(use, other, options[static_cast<std::size_t>(pick)]);
}

bool Session::pvp_avoids(PvpUse use, Player& other, const std::string& skill, bool& paid) {
  paid = false;
  Character& them = other.character;
  const HeldSkill* same = held(them, use, adventure());
  // The Chinese rules' exception: Luck or Quick Thinking rolls to avoid.
  const bool lucky = !adventure() && them.skill("luck") != nullptr;
  const bool quick = !adventure() && them.skill("quick_thinking") != nullptr;
  std::vector<std::string> options;
  enum Way { Pay, Roll, Take };
  std::vector<Way> ways;
  if (same && them.destiny >= cost(them, *same, adventure())) {
    options.push_back("Pay D" + std::to_string(cost(them, *same, adventure())) +
                      " to avoid it (you have " + names_.skill(same->id) + ")");
    ways.push_back(Pay);
  }
  if (lucky || quick) {
    options.push_back(std::string("Roll a die: 4 or more avoids it (") +
                      (lucky && quick ? "Luck and Quick Thinking, +1"
                       : lucky        ? "Luck"
                                      : "Quick Thinking") +
                      ")");
    ways.push_back(Roll);
  }
  if (ways.empty()) {
    say(player_name(other) +
        (same ? " cannot pay D" + std::to_string(cost(them, *same, adventure())) + " to avoid it."
         : adventure() ? " does not have " + skill + " and cannot avoid it."
                       : " has neither " + skill +
                             " nor Luck nor Quick Thinking and cannot avoid "
                             "it."));
    return false;
  }
  options.push_back("Take it");
  ways.push_back(Take);
  const int pick = console_.choose(player_name(other) + ", do you avoid " + skill + "?", options);
  if (pick < 0) {
    quit_ = true;
    return false;
  }
  switch (ways[static_cast<std::size_t>(pick)]) {
  case Pay:
    say(player_name(other) + " pays to avoid it:");
    change_destiny(them, -cost(them, *same, adventure()), *this);
    paid = true;
    return true;
  case Roll: {
    const int roll = dice_.roll();
    const int total = roll + (lucky && quick ? 1 : 0);
    say(player_name(other) + " rolls " + std::to_string(roll) +
        (lucky && quick ? " + 1 = " + std::to_string(total) : "") +
        (total >= 4 ? ": avoided." : ": not avoided."));
    return total >= 4;
  }
  case Take:
    break;
  }
  return false;
}

bool Session::pvp_status(Character& whose, const std::string& who, std::string_view id) {
  say(who + ":");
  gain_status(whose, id, Term::Permanent, *this);
  keep_one_status(whose, *this);
  return true;
}

bool Session::pvp_level(Character& from, const std::string& giver, Character& to,
                        const std::string& receiver) {
  if (from.wealth <= Beggar) {
    say(giver + " is a " + names_.wealth_level(Beggar) + " and has no wealth to give.");
    return false;
  }
  say(giver + " gives a wealth level to " + receiver + ":");
  const int before = from.wealth;
  change_wealth(from, -1, WealthLimit::None, -1, *this);
  // Rule 26 says "but see rule 16.4": one rises only to a level the giver had.
  if (adventure() && to.wealth >= before) {
    say("  " + receiver + " stays " + names_.wealth_level(to.wealth) + " (rule 16.4).");
    return true;
  }
  change_wealth(to, 1, WealthLimit::None, -1, *this);
  return true;
}

void Session::pvp_treasure(Character& from, const std::string& giver, Character& to,
                           std::size_t index) {
  const HeldTreasure treasure = from.treasures[index];
  say(giver + ":");
  lose_treasure(from, treasure, *this);
  say("You:");
  gain_treasure(to, treasure, *this);
}

int Session::pvp_pick_treasure(const Character& whose, const std::string& question) {
  std::vector<std::string> options;
  for (const HeldTreasure& t : whose.treasures)
    options.push_back(t.name);
  return options.size() == 1 ? 0 : console_.choose(question, options);
}

// The help a player may buy from the skill's user with a wealth level or a
// treasure: -1 quit, 0 nothing given, 1 given.
int Session::pvp_payment(Player& other, const std::string& what) {
  Character& them = other.character;
  std::vector<std::string> options;
  if (them.wealth > Beggar) options.push_back("Give a wealth level");
  for (const HeldTreasure& t : them.treasures)
    options.push_back("Give the treasure " + t.name);
  options.push_back("Give nothing");
  const int pick = console_.choose(player_name(other) +
                                       ", do you give a wealth level or a "
                                       "treasure " +
                                       what + "?",
                                   options);
  if (pick < 0) {
    quit_ = true;
    return -1;
  }
  std::size_t k = static_cast<std::size_t>(pick);
  if (k + 1 == options.size()) {
    say(player_name(other) + " gives nothing.");
    return 0;
  }
  if (them.wealth > Beggar) {
    if (k == 0) return pvp_level(them, player_name(other), character_, "you") ? 1 : 0;
    --k;
  }
  pvp_treasure(them, player_name(other), character_, k);
  return 1;
}

} // namespace talebook::engine
