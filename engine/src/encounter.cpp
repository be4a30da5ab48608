#include "talebook/engine/encounter.hpp"

#include <algorithm>

namespace talebook::engine {

int encounter_roll(int die, const Character& character, const Space& space) {
  return die + character.destiny_bonus() + (space.wild ? 2 : 0) + space.number;
}

std::size_t chart_line(int modified_roll, std::size_t lines) {
  if (lines == 0) return 0;
  const auto roll = static_cast<std::size_t>(std::max(modified_roll, 1));
  return std::min(roll, lines) - 1;
}

std::uint32_t award_paragraph(std::uint32_t option_number, int die) {
  if (die <= 2) return option_number - 1;
  if (die <= 4) return option_number;
  return option_number + 1;
}

std::vector<MasterChoice> master_choices(std::uint32_t option_number, const Character& character,
                                         const ParagraphLookup& lookup) {
  std::vector<MasterChoice> choices;
  for (std::uint32_t n = option_number - 1; n <= option_number + 1; ++n) {
    const Paragraph* p = lookup(n);
    if (!p) continue;
    bool found = false;
    for (const Section& s : p->sections) {
      for (const Condition& c : s.conditions)
        if (c.kind == ConditionKind::Skill && character.is_master(c.id)) {
          choices.push_back({n, std::string(c.id)});
          found = true;
          break;
        }
      if (found) break;
    }
  }
  return choices;
}

} // namespace talebook::engine
