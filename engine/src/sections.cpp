#include "talebook/engine/sections.hpp"

namespace talebook::engine {

bool meets(const Condition& condition, const Character& character) {
  switch (condition.kind) {
  case ConditionKind::Skill:
    return character.skill(condition.id) != nullptr;
  case ConditionKind::Status:
    return character.has_status(condition.id);
  case ConditionKind::Treasure:
    return condition.paragraph && character.has_treasure(*condition.paragraph);
  case ConditionKind::Female:
    return character.gender == Gender::Female;
  case ConditionKind::Male:
    return character.gender == Gender::Male;
  case ConditionKind::Wealth: // `Wealth: Poor or less`: the levels of the vocabulary's track
    return character.wealth >= condition.roll_low && character.wealth <= condition.roll_high;
  default:
    return false;
  }
}

namespace {

bool has_kind(const Section& section, ConditionKind kind) {
  for (const Condition& c : section.conditions)
    if (c.kind == kind) return true;
  return false;
}

} // namespace

SectionChoice applicable_sections(const std::vector<Section>& sections, const Character& character,
                                  bool ignore_mandatory) {
  SectionChoice mandatory{SectionRule::Mandatory, {}};
  SectionChoice chosen{SectionRule::Chosen, {}};
  SectionChoice roll{SectionRule::Roll, {}};
  SectionChoice fallback{SectionRule::Fallback, {}};
  for (std::size_t i = 0; i < sections.size(); ++i) {
    bool met = false;
    bool met_mandatory = false;
    for (const Condition& c : sections[i].conditions)
      if (meets(c, character)) {
        met = true;
        met_mandatory = met_mandatory || c.mandatory;
      }
    if (met_mandatory && !ignore_mandatory) mandatory.candidates.push_back(i);
    if (met) chosen.candidates.push_back(i);
    if (has_kind(sections[i], ConditionKind::Roll)) roll.candidates.push_back(i);
    if (fallback.candidates.empty() && (has_kind(sections[i], ConditionKind::NoSkill) ||
                                        has_kind(sections[i], ConditionKind::Otherwise)))
      fallback.candidates.push_back(i);
  }
  for (SectionChoice* c : {&mandatory, &chosen, &roll, &fallback})
    if (!c->candidates.empty()) return *c;
  return {};
}

std::vector<std::size_t> sections_for_everyone(const std::vector<Section>& sections) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < sections.size(); ++i)
    if (sections[i].conditions.empty()) out.push_back(i);
  return out;
}

int dice_for_rows(const std::vector<Section>& sections) {
  for (const Section& s : sections)
    for (const Condition& c : s.conditions)
      if (c.kind == ConditionKind::Roll && (c.roll_low > 6 || c.roll_high > 6)) return 2;
  return 1;
}

std::size_t section_for_roll(const std::vector<Section>& sections, int roll) {
  for (std::size_t i = 0; i < sections.size(); ++i)
    for (const Condition& c : sections[i].conditions)
      if (c.kind == ConditionKind::Roll && roll >= c.roll_low &&
          (c.roll_high == 0 || roll <= c.roll_high))
        return i;
  return sections.size();
}

std::string skill_used(const Section& section, const Character& character) {
  std::string one_use;
  for (const Condition& c : section.conditions) {
    if (c.kind != ConditionKind::Skill) continue;
    const HeldSkill* s = character.skill(c.id);
    if (!s) continue;
    if (s->term != Term::OneUse) return std::string(c.id);
    if (one_use.empty()) one_use = c.id;
  }
  return one_use;
}

} // namespace talebook::engine
