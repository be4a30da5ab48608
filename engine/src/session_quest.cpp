// Rule 22.3: a roll on a quest table, at one of the quest's spaces, with the
// modifiers its paragraph lists; `Q:S` in the row fulfils the quest.
#include "talebook/engine/session.hpp"

#include <algorithm>
#include <cstdlib>

#include "talebook/engine/sections.hpp"

namespace talebook::engine {

std::vector<std::uint32_t> Session::quest_paragraphs() const {
  if (questers_) { // rule 22.2: the quest of your last Quest card; none for the others
    const std::optional<std::uint32_t> q = quester() ? current_quest() : std::nullopt;
    return q ? quests_here({*q}) : std::vector<std::uint32_t>{};
  }
  std::vector<std::uint32_t> quests;
  for (std::uint32_t i = 0; i < book_.paragraph_count(); ++i) {
    const tbook::Paragraph p = book_.paragraph(i);
    if (p.kind == tbook::ParagraphKind::Quest &&
        std::find(quests_fulfilled_.begin(), quests_fulfilled_.end(), p.number) ==
            quests_fulfilled_.end())
      quests.push_back(p.number);
  }
  return quests_here(quests);
}

// Rule 22.3: on the map, a quest is rolled for in one of its spaces only.
std::vector<std::uint32_t> Session::quests_here(std::vector<std::uint32_t> quests) const {
  if (!space_.at) return quests;
  const std::string_view here = book_.space(*space_.at).name;
  quests.erase(std::remove_if(quests.begin(), quests.end(),
                              [&](std::uint32_t number) {
                                const auto p = book_.find_paragraph(number);
                                if (!p) return true;
                                for (std::uint32_t s : p->sections)
                                  for (std::uint32_t c : book_.section(s).conditions) {
                                    const tbook::Condition cond = book_.condition(c);
                                    if (cond.kind == tbook::ConditionKind::Space && cond.id == here)
                                      return false;
                                  }
                                return true;
                              }),
               quests.end());
  return quests;
}

bool Session::roll_quest() {
  const std::vector<std::uint32_t> quests = quest_paragraphs();
  std::size_t which = 0;
  if (quests.size() > 1) {
    std::vector<std::string> options;
    for (std::uint32_t n : quests)
      options.push_back(std::to_string(n) + " " + std::string(paragraph(n)->name));
    int pick = console_.choose("Which quest are you on (rule 22.2)?", options);
    if (pick < 0) return false;
    which = static_cast<std::size_t>(pick);
  }
  const Paragraph* p = paragraph(quests[which]);
  observer().paragraph(p->number);
  console_.blank();
  say(std::to_string(p->number) + " " + std::string(p->name));
  if (!p->prose.empty()) say(std::string(p->prose));
  // The spaces: on the map, the one you stand in (quest_paragraphs offers
  // only the quests of your space); else it trusts you to stand in the one you name.
  std::vector<std::string> spaces;
  std::vector<const Condition*> modifiers;
  for (const Section& s : p->sections)
    for (const Condition& c : s.conditions) {
      if (c.kind == ConditionKind::Space) spaces.emplace_back(c.id);
      if (c.kind == ConditionKind::Modifier) modifiers.push_back(&c);
    }
  if (space_.at) {
    say("You stand in " + std::string(book_.space(*space_.at).name) +
        ", one of the quest's spaces.");
  } else if (!spaces.empty()) {
    int at = console_.choose("Which of the quest's spaces do you stand in (rule 22.3)?", spaces);
    if (at < 0) return false;
    say("You stand in " + spaces[static_cast<std::size_t>(at)] + ".");
  }
  if (quester()) { // rule 22.4: in one of its spaces, you may extend it instead of rolling
    int roll_or_extend =
        console_.choose("Roll on the quest table, or extend your quest (rule 22.4)?",
                        {"Roll the die", "Extend your quest: draw another Quest card"});
    if (roll_or_extend < 0) return false;
    if (roll_or_extend == 1) return draw_quest_card();
  }
  const int die = dice_.roll();
  int roll = die;
  std::string line = "You roll " + std::to_string(die);
  for (const Condition* m : modifiers) {
    int times = 0;
    if (m->target == ConditionKind::Skill) {
      times = character_.skill(m->id) ? 1 : 0;
    } else if (m->target == ConditionKind::Status) {
      times = character_.has_status(m->id) ? 1 : 0;
    } else { // words the engine cannot judge ("for each additional quest card"): you say
      const std::string held = // rule 22.4: the cards of the quest, for "each additional card"
          quester() ? " (you hold " + std::to_string(quest_cards_.size() - 1) + " additional " +
                          (quest_cards_.size() == 2 ? "Quest card)" : "Quest cards)")
                    : "";
      int pick =
          console_.choose("How many times does \"" + std::string(m->words) + "\" apply?" + held,
                          {"0", "1", "2", "3"});
      if (pick < 0) return false;
      times = pick;
    }
    if (times == 0) continue;
    roll += m->amount * times;
    line += std::string(m->amount >= 0 ? " + " : " - ") + std::to_string(std::abs(m->amount)) +
            (times > 1 ? " x " + std::to_string(times) : "") + " (" + std::string(m->words) + ")";
  }
  if (roll != die) line += " = " + std::to_string(roll);
  // A roll past the table's ends reads its first or last row, as a chart does (rule 11.5).
  int lowest = 0, highest = 0;
  bool open = false;
  for (const Section& s : p->sections)
    for (const Condition& c : s.conditions)
      if (c.kind == ConditionKind::Roll) {
        lowest = lowest == 0 ? c.roll_low : std::min(lowest, c.roll_low);
        highest = std::max(highest, std::max(c.roll_low, c.roll_high));
        open = open || c.roll_high == 0;
      }
  int looked_up = roll;
  if (lowest > 0 && roll < lowest) looked_up = lowest;
  if (!open && highest > 0 && roll > highest) looked_up = highest;
  std::size_t index = section_for_roll(p->sections, looked_up);
  say(line + "." +
      (looked_up != roll ? " The table reads it as " + std::to_string(looked_up) + "." : ""));
  if (index >= p->sections.size()) {
    say("No row of the quest table covers it.");
    return true;
  }
  met_being_.clear(); // the table's Q:S is counted below, not as an encounter's
  const AwardOutcome outcome = apply_section(*p, index);
  if (outcome.quit) quit_ = true;
  if (outcome.quit || outcome.death) return false;
  const auto& awards = p->sections[index].awards;
  if (std::any_of(awards.begin(), awards.end(),
                  [](const Award& a) { return a.kind == AwardKind::QuestSuccess; })) {
    quest_fulfilled(p->number);
  } else {
    say("The quest is not fulfilled this time (rule 22.3).");
  }
  if (outcome.go_to) {
    say("Go to " + std::to_string(*outcome.go_to) + ".");
    return award_paragraph(*outcome.go_to);
  }
  return true;
}

} // namespace talebook::engine
