// Receiving and losing skills (rules 12.3-12.5): Talent and Master, the
// conditional skills (`1 use`, `7 or less`, `6 or less`, companions) and the
// conditional Master over a Talent ("keep both counters").
#include "talebook/engine/awards.hpp"

namespace talebook::engine {

namespace {

// `Wisdom (Master)`: the award gives the Master level for good (rule 12.4).
void gain_master(Character& character, HeldSkill* held, std::string_view id, Table& table) {
  const std::string name = table.names().skill(id);
  if (!held) {
    character.skills.push_back({std::string(id), SkillLevel::Master});
    table.say("  You gain the skill " + name + " at Master.");
  } else if (held->level == SkillLevel::Master && held->term == Term::Permanent) {
    table.say("  You are a Master of " + name + " already.");
  } else {
    *held = {std::string(id), SkillLevel::Master, Term::Permanent, {}, false};
    table.say("  " + name + " rises to Master: the award gives that level (rule 12.4).");
  }
}

// `Wisdom (Master, 7 or less)`: a Master for as long as the condition holds.
void gain_conditional_master(Character& character, HeldSkill* held, std::string_view id, Term term,
                             std::string_view tie, Table& table) {
  const Names& names = table.names();
  const std::string name = names.skill(id);
  const std::string written = with_term(names, name, term);
  HeldSkill counter{std::string(id), SkillLevel::Master, tbook::condition_of(term),
                    std::string(tie), false};
  if (!held) {
    character.skills.push_back(counter);
    table.say("  You gain the skill " + written + ": a Master while you keep it (rule 12.4).");
  } else if (held->level == SkillLevel::Master) {
    table.say("  You are a Master of " + name + " already: " + written + " adds nothing.");
  } else if (held->term == Term::Permanent) {
    counter.talent_beneath = true;
    *held = counter;
    table.say("  " + written + ": you are a Master of " + name +
              " until you lose it; your Talent stays beneath (rule 12.4).");
  } else {
    *held = counter; // over a conditional Talent: the Master's condition holds the skill now
    table.say("  " + written + " takes the place of your conditional " + name + " (rule 12.4).");
  }
}

} // namespace

void gain_skill(Character& character, std::string_view id, Term term, Table& table,
                std::string_view tie) {
  const std::string name = table.names().skill(id);
  HeldSkill* held = character.skill(id);
  const Term condition = tbook::condition_of(term);
  if (tbook::at_master(term)) {
    if (condition == Term::Permanent)
      gain_master(character, held, id, table);
    else
      gain_conditional_master(character, held, id, term, tie, table);
    return;
  }
  if (!held) {
    character.skills.push_back(
        {std::string(id), SkillLevel::Talent, term, std::string(tie), false});
    table.say("  You gain the skill " + with_term(table.names(), name, term) + " at Talent.");
  } else if (term != Term::Permanent) {
    table.say("  You have " + name + " already: a conditional " + name +
              " adds nothing (rule 12.4).");
  } else if (held->talent_beneath ||
             (held->term != Term::Permanent && held->level == SkillLevel::Master)) {
    // A conditional Master: the award is the Talent beneath it, or a Master for good at 7 Destiny.
    if (character.may_master()) {
      *held = {std::string(id), SkillLevel::Master, Term::Permanent, {}, false};
      table.say("  " + name + " rises to Master for good (rule 12.3).");
    } else if (!held->talent_beneath) {
      held->talent_beneath = true;
      table.say("  " + name + " is yours at Talent beneath your conditional Master (rule 12.4).");
    } else {
      table.say("  You have " + name + " already; a Master needs 7 Destiny points (rule 12.3).");
    }
  } else if (held->term != Term::Permanent) {
    held->term = Term::Permanent;
    held->companion_of.clear();
    table.say("  Your " + name + " is no longer conditional: it is yours to keep.");
  } else if (held->level == SkillLevel::Master) {
    table.say("  You are a Master of " + name + " already: nothing more to gain (rule 12.3).");
  } else if (character.may_master()) {
    held->level = SkillLevel::Master;
    table.say("  " + name + " rises to Master (rule 12.3).");
  } else {
    table.say("  You have " + name + " already; a Master needs 7 Destiny points (rule 12.3).");
  }
}

void drop_conditional_skill(Character& character, std::size_t index, Table& table) {
  HeldSkill& s = character.skills[index];
  const std::string name = table.names().skill(s.id);
  if (s.talent_beneath) {
    s = {s.id, SkillLevel::Talent, Term::Permanent, {}, false};
    table.say("  " + name + " falls back to the Talent beneath it (rule 12.4).");
    return;
  }
  character.skills.erase(character.skills.begin() + static_cast<std::ptrdiff_t>(index));
}

void lose_skill(Character& character, std::string_view id, Table& table) {
  const std::string name = table.names().skill(id);
  HeldSkill* held = character.skill(id);
  if (!held) {
    table.say("  Lose " + name + ": you have no such skill.");
  } else if (held->talent_beneath) {
    table.say("  Lose " + name + ": your conditional Master goes (rule 12.5).");
    drop_conditional_skill(character, static_cast<std::size_t>(held - character.skills.data()),
                           table);
  } else if (held->level == SkillLevel::Master) {
    held->level = SkillLevel::Talent;
    table.say("  Lose " + name + ": your Master skill falls back to Talent (rule 12.5).");
  } else {
    character.skills.erase(character.skills.begin() + (held - character.skills.data()));
    table.say("  You lose the skill " + name + ".");
  }
}

void remove_status(Character& character, std::size_t index, Table& table) {
  const std::string id = character.statuses[index].id;
  const std::vector<HeldSkill> suspended = character.statuses[index].suspended;
  character.statuses.erase(character.statuses.begin() + static_cast<std::ptrdiff_t>(index));
  for (const HeldSkill& s : suspended) { // rule 12.5: given back with the status gone
    table.say("  Without " + table.names().status(id) + " you regain " + table.names().skill(s.id) +
              " (rule 12.5).");
    if (HeldSkill* held = character.skill(s.id)) {
      if (s.level == SkillLevel::Master) held->level = SkillLevel::Master;
    } else {
      character.skills.push_back(s);
    }
  }
  for (std::size_t i = character.skills.size(); i-- > 0;) {
    const HeldSkill& s = character.skills[i];
    if (s.term != Term::Companion || s.companion_of != id) continue;
    table.say("  Your companion leaves with the status " + table.names().status(id) + ": " +
              table.names().skill(s.id) + " goes (rule 12.4).");
    drop_conditional_skill(character, i, table);
  }
}

} // namespace talebook::engine
