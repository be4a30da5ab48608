#include "talebook/engine/awards.hpp"

#include "talebook/engine/effects.hpp"

#include <algorithm>

namespace talebook::engine {

namespace {

std::string signed_number(int n) {
  return (n >= 0 ? "+" : "") + std::to_string(n);
}

int roll_limit(Term term) {
  return term == Term::SevenOrLess ? 7 : 6;
}

bool rolled_for(Term term) {
  return term == Term::SevenOrLess || term == Term::SixOrLess;
}

void take_new_skill(Character& character, Table& table, bool& quit) {
  std::vector<std::string> options;
  std::vector<std::string> ids;
  for (const std::string& id : table.skill_ids())
    if (!character.skill(id)) {
      options.push_back("Take " + table.names().skill(id) + " (Talent)");
      ids.push_back(id);
    }
  std::vector<std::string> raise;
  if (character.may_master())
    for (const HeldSkill& s : character.skills)
      if (s.level == SkillLevel::Talent && s.term == Term::Permanent) {
        options.push_back("Raise " + table.names().skill(s.id) + " to Master");
        raise.push_back(s.id);
      }
  if (options.empty()) {
    table.say("  You have every skill at its height already.");
    return;
  }
  int pick = table.ask("With 9 Story points you may take a new skill (rule 15.1):", options);
  if (pick < 0) {
    quit = true;
    return;
  }
  if (static_cast<std::size_t>(pick) < ids.size()) {
    gain_skill(character, ids[pick], Term::Permanent, table);
  } else {
    HeldSkill* s = character.skill(raise[pick - ids.size()]);
    s->level = SkillLevel::Master;
    table.say("  " + table.names().skill(s->id) + " rises to Master.");
  }
}

} // namespace

std::string with_term(const Names& names, const std::string& name, Term term) {
  if (term == Term::Permanent) return name;
  const Term condition = tbook::condition_of(term);
  if (tbook::at_master(term) && condition != Term::Permanent) // `Wisdom (Master, 7 or less)`
    return name + " (" + names.word(tbook::name_of(Term::Master)) + ", " +
           names.word(tbook::name_of(condition)) + ")";
  return name + " (" + names.word(tbook::name_of(term)) + ")";
}

void change_destiny(Character& character, int amount, Table& table) {
  const int before = character.destiny;
  const int bonus = character.destiny_bonus();
  const bool master = character.may_master();
  character.destiny = std::max(0, before + amount);
  std::string line = "  Destiny " + signed_number(amount) + ": " + std::to_string(before) + " -> " +
                     std::to_string(character.destiny) + ".";
  if (amount < 0 && before + amount < 0) line += " (Destiny never falls below 0.)";
  table.say(line);
  if (character.destiny_bonus() != bonus)
    table.say("  Your encounter rolls now add " + std::to_string(character.destiny_bonus()) +
              " (rule 15.2).");
  if (character.may_master() != master)
    table.say(
        character.may_master()
            ? "  With 7 Destiny points you may now become a Master of your skills (rule 15.2)."
            : "  Below 7 Destiny points you can no longer gain Master skills (rule 15.2).");
}

bool gain_story(Character& character, int amount, Table& table) {
  if (amount <= 0) {
    table.say("  Story points are never lost (rule 15.1).");
    return true;
  }
  const int before = character.story;
  character.story += amount;
  table.say("  Story " + signed_number(amount) + ": " + std::to_string(before) + " -> " +
            std::to_string(character.story) + ".");
  auto reached = [&](int points) { return before < points && character.story >= points; };
  if (reached(5)) {
    table.say("  With 5 Story points you gain Storytelling (rule 15.1).");
    gain_skill(character, "storytelling", Term::Permanent, table);
  }
  if (reached(7)) {
    if (character.wealth < Respectable) {
      table.say("  With 7 Story points you gain a wealth level (rule 15.1).");
      change_wealth(character, 1, WealthLimit::None, -1, table);
    } else {
      table.say("  7 Story points give a wealth level only below " +
                table.names().wealth_level(Respectable) + " (rule 15.1).");
    }
  }
  if (reached(9)) {
    bool quit = false;
    take_new_skill(character, table, quit);
    if (quit) return false;
  }
  return true;
}

void change_wealth(Character& character, int amount, WealthLimit limit, int limit_level,
                   Table& table) {
  const Names& names = table.names();
  const int before = character.wealth;
  int after = before + amount;
  std::string what = "  Wealth " + signed_number(amount);
  if (limit != WealthLimit::None && limit_level >= 0) {
    what += std::string(limit == WealthLimit::Max ? " (Max: " : " (Min: ") +
            names.wealth_level(limit_level) + ")";
    // A limit never moves wealth the other way: W+1 (Max: Poor) leaves a Rich
    // character Rich, W-1 (Min: Poor) leaves a Beggar a Beggar.
    if (limit == WealthLimit::Max && after > limit_level) after = std::max(before, limit_level);
    if (limit == WealthLimit::Min && after < limit_level) after = std::min(before, limit_level);
  }
  std::string note;
  if (after < Beggar) {
    after = Beggar;
    note = " (Wealth never falls below " + names.wealth_level(Beggar) + ", rule 16.3.)";
  }
  if (after > Fabulous) {
    after = Fabulous;
    note = " (Wealth never rises above " + names.wealth_level(Fabulous) + ", rule 16.2.)";
  }
  if (after == Fabulous && character.treasures.empty()) {
    after = Princely;
    note = " (" + names.wealth_level(Fabulous) + " wealth needs a treasure, rule 16.2.)";
  }
  character.wealth = after;
  if (after == before)
    table.say(what + ": you stay " + names.wealth_level(after) + "." + note);
  else
    table.say(what + ": " + names.wealth_level(before) + " -> " + names.wealth_level(after) + "." +
              note);
}

bool gain_status(Character& character, std::string_view id, Term term, Table& table) {
  const std::string name = table.names().status(id);
  for (HeldStatus& s : character.statuses)
    if (s.id == id) {
      if (term == Term::Permanent) s.term = Term::Permanent;
      table.say("  You are " + name + " already.");
      return false;
    }
  character.statuses.push_back({std::string(id), term, character.turn});
  table.say("  You gain the status " + with_term(table.names(), name, term) + ".");
  return true;
}

void lose_status(Character& character, std::string_view id, Table& table) {
  const std::string name = table.names().status(id);
  auto it = std::find_if(character.statuses.begin(), character.statuses.end(),
                         [&](const HeldStatus& s) { return s.id == id; });
  if (it == character.statuses.end()) {
    table.say("  Lose " + name + ": you do not have that status.");
    return;
  }
  table.say("  You lose the status " + name + ".");
  remove_status(character, static_cast<std::size_t>(it - character.statuses.begin()), table);
}

void lose_treasure(Character& character, const HeldTreasure& treasure, Table& table) {
  auto it = std::find_if(character.treasures.begin(), character.treasures.end(),
                         [&](const HeldTreasure& t) { return t.paragraph == treasure.paragraph; });
  if (it == character.treasures.end()) {
    table.say("  Lose " + treasure.name + ": you do not own it.");
    return;
  }
  character.treasures.erase(it);
  table.say("  You lose the treasure " + treasure.name + ".");
  if (character.wealth == Fabulous && character.treasures.empty()) {
    character.wealth = Princely;
    table.say("  Without a treasure your wealth drops to " + table.names().wealth_level(Princely) +
              " (rule 16.3).");
  }
}

bool lose_statuses_of_choice(Character& character, Table& table) {
  if (character.statuses.empty()) {
    table.say("  You have no status to lose.");
    return true;
  }
  while (!character.statuses.empty()) {
    std::vector<std::string> options;
    for (const HeldStatus& s : character.statuses)
      options.push_back("Lose " + with_term(table.names(), table.names().status(s.id), s.term));
    options.push_back("Keep the rest");
    int pick = table.ask("Lose any statuses of your choice:", options);
    if (pick < 0) return false;
    if (static_cast<std::size_t>(pick) == character.statuses.size()) break;
    lose_status(character, character.statuses[static_cast<std::size_t>(pick)].id, table);
  }
  return true;
}

void keep_one_status(Character& character, Table& table) {
  if (!table.status_limit()) return; // rule 25: no status limit
  while (character.statuses.size() > 1) {
    table.say("  One status at a time (rule 13.2): " +
              table.names().status(character.statuses.front().id) + " is removed.");
    remove_status(character, 0, table);
  }
}

void gain_treasure(Character& character, const HeldTreasure& treasure, Table& table) {
  if (character.has_treasure(treasure.paragraph)) {
    table.say("  You own " + treasure.name + " already.");
    return;
  }
  if (const std::optional<std::string> holder = table.holder_of(treasure.paragraph)) {
    table.say("  " + *holder + " holds " + treasure.name + ": you are out of luck (rule 11.8).");
    return;
  }
  character.treasures.push_back(treasure);
  table.say("  You gain the treasure " + treasure.name + " (" + std::to_string(treasure.paragraph) +
            ").");
  table.read_treasure(treasure);
}

void gain_random_treasure(Character& character, Table& table) {
  std::vector<HeldTreasure> cup;
  for (const HeldTreasure& t : table.treasure_cup()) // the counters no one holds
    if (!character.has_treasure(t.paragraph) && !table.holder_of(t.paragraph)) cup.push_back(t);
  if (cup.empty()) {
    table.say("  Trea*: no treasure is left in the cup.");
    return;
  }
  table.say("  Trea*: you draw a treasure at random.");
  gain_treasure(character, cup[table.dice().below(static_cast<int>(cup.size()))], table);
}

AwardOutcome apply_awards(Character& character, const std::vector<Award>& awards, Table& table) {
  AwardOutcome outcome;
  std::vector<std::string> received; // statuses received by this group
  std::vector<const Award*> companions;
  for (const Award& a : awards) {
    if (!table.qualifies(a.qualifier)) { // rule 23.8: `if Merchant` is not ignored
      table.say(std::string("  ") +
                (a.qualifier == Qualifier::IfMerchant
                     ? "You are not a merchant: an award 'if Merchant' is not yours (rule 23.8)."
                     : "You are on no quest: an award 'if Quest' is not yours (rule 22.6)."));
      continue;
    }
    switch (a.kind) {
    case AwardKind::Destiny:
      change_destiny(character, a.amount, table);
      break;
    case AwardKind::Story:
      if (!gain_story(character, a.amount, table)) {
        outcome.quit = true;
        return outcome;
      }
      break;
    case AwardKind::Wealth:
      change_wealth(character, a.amount, a.limit, wealth_level(a.limit_id), table);
      break;
    case AwardKind::Skill:
      if (tbook::condition_of(a.term) == Term::Companion)
        companions.push_back(&a); // tied to the status the group leaves (below)
      else
        gain_skill(character, a.id, a.term, table);
      break;
    case AwardKind::Status:
      if (gain_status(character, a.id, a.term, table)) received.push_back(std::string(a.id));
      break;
    case AwardKind::LoseSkill:
      lose_skill(character, a.id, table);
      break;
    case AwardKind::LoseStatus:
      lose_status(character, a.id, table);
      break;
    case AwardKind::RandomTreasure:
      gain_random_treasure(character, table);
      break;
    case AwardKind::Treasure:
      gain_treasure(character, {std::string(a.id), a.paragraph}, table);
      break;
    case AwardKind::LoseTreasure:
      lose_treasure(character, {std::string(a.id), a.paragraph}, table);
      break;
    case AwardKind::UseAnySkill: // a Special card's: its play uses it (session_special.cpp)
      break;
    case AwardKind::MoveToSpace: // rule 9.3: a free move, or a magic transport
    case AwardKind::MoveToTerrain:
      if (!table.move_by_award(a)) {
        outcome.quit = true;
        return outcome;
      }
      break;
    case AwardKind::LoseStatuses:
      keep_one_status(character, table); // the statuses received so far in this group
      if (!lose_statuses_of_choice(character, table)) {
        outcome.quit = true;
        return outcome;
      }
      break;
    case AwardKind::QuestSuccess:
      table.say("  Q:S: a quest success (rule 22.3; outside a quest roll it counts only with the "
                "Adventure rules).");
      break;
    case AwardKind::GoTo:
      outcome.go_to = a.paragraph;
      break;
    case AwardKind::EnterPlace: {
      bool known = std::any_of(character.opportunities.begin(), character.opportunities.end(),
                               [&](const Opportunity& o) { return o.paragraph == a.paragraph; });
      if (!known) character.opportunities.push_back({std::string(a.id), a.paragraph});
      table.say("  You have an opportunity to enter " + std::string(a.id) + " (" +
                std::to_string(a.paragraph) + ").");
      break;
    }
    case AwardKind::Death:
      character.dead = true;
      outcome.death = true;
      table.say("  Death: your tale ends here.");
      return outcome;
    }
  }
  keep_one_status(character, table);
  // Rule 12.4: a companion travels with a status, the one the group leaves
  // (the newest, without a status limit: rule 25).
  for (const Award* a : companions) {
    if (character.statuses.empty())
      table.say("  " + with_term(table.names(), table.names().skill(a->id), a->term) +
                ": without a status there is no one to travel with you; nothing is gained "
                "(rule 12.4).");
    else
      gain_skill(character, a->id, a->term, table, character.statuses.back().id);
  }
  for (const HeldStatus& s : std::vector<HeldStatus>(character.statuses))
    if (std::find(received.begin(), received.end(), s.id) != received.end())
      table.read_status(s.id);
  suspend_skills(character, table); // rule 12.5, for a status received or a skill gained under one
  return outcome;
}

void end_of_turn(Character& character, Table& table) {
  const Names& names = table.names();
  for (std::size_t i = 0; i < character.skills.size();) {
    const HeldSkill& s = character.skills[i];
    if (!rolled_for(s.term)) {
      ++i;
      continue;
    }
    const int roll = table.dice().roll() + table.dice().roll();
    const std::string name = with_term(names, names.skill(s.id), s.term);
    if (roll <= roll_limit(s.term)) {
      table.say("  " + name + ": you roll " + std::to_string(roll) + " and lose it (rule 12.4).");
      const bool stays = s.talent_beneath; // the Talent beneath stays at its index
      drop_conditional_skill(character, i, table);
      if (stays) ++i;
    } else {
      table.say("  " + name + ": you roll " + std::to_string(roll) + " and keep it.");
      ++i;
    }
  }
  for (std::size_t i = 0; i < character.statuses.size();) {
    const HeldStatus& s = character.statuses[i];
    const std::string name = with_term(names, names.status(s.id), s.term);
    bool lost = false;
    if (s.term == Term::OneTurn && s.turn < character.turn) {
      table.say("  " + name + " ends (rule 13.3).");
      lost = true;
    } else if (rolled_for(s.term)) {
      const int roll = table.dice().roll() + table.dice().roll();
      lost = roll <= roll_limit(s.term);
      table.say("  " + name + ": you roll " + std::to_string(roll) +
                (lost ? " and lose it (rule 13.3)." : " and keep it."));
    }
    if (lost)
      remove_status(character, i, table);
    else
      ++i;
  }
  roll_status_ends(character, table); // rule 13.4: a status whose paragraph says a die ends it
  ++character.turn;
}

} // namespace talebook::engine
