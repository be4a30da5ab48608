#include "talebook/engine/character.hpp"

#include <algorithm>

namespace talebook::engine {

namespace {
const char* const wealth_ids[wealth_levels] = {"beggar", "poor",     "respectable",
                                               "rich",   "princely", "fabulous"};
} // namespace

const char* wealth_id(int level) {
  return level >= 0 && level < wealth_levels ? wealth_ids[level] : "";
}

int wealth_level(std::string_view id) {
  for (int i = 0; i < wealth_levels; ++i)
    if (id == wealth_ids[i]) return i;
  return -1;
}

const HeldSkill* Character::skill(std::string_view id) const {
  auto it =
      std::find_if(skills.begin(), skills.end(), [&](const HeldSkill& s) { return s.id == id; });
  return it == skills.end() ? nullptr : &*it;
}

HeldSkill* Character::skill(std::string_view id) {
  return const_cast<HeldSkill*>(static_cast<const Character*>(this)->skill(id));
}

bool Character::has_status(std::string_view id) const {
  return std::any_of(statuses.begin(), statuses.end(),
                     [&](const HeldStatus& s) { return s.id == id; });
}

bool Character::has_treasure(std::uint32_t paragraph) const {
  return std::any_of(treasures.begin(), treasures.end(),
                     [&](const HeldTreasure& t) { return t.paragraph == paragraph; });
}

bool Character::is_master(std::string_view id) const {
  const HeldSkill* s = skill(id);
  return s && s->level == SkillLevel::Master;
}

int Character::destiny_bonus() const {
  return destiny >= 9 ? 2 : destiny >= 5 ? 1 : 0;
}

} // namespace talebook::engine
