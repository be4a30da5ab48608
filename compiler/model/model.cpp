#include "compiler/model/model.hpp"

namespace talebook {

const char* to_string(ParagraphKind kind) {
  static const char* names[] = {"award paragraph", "encounter chart", "status",
                                "treasure",        "place of power",  "quest"};
  return names[static_cast<int>(kind)];
}

const char* to_string(AwardKind kind) {
  static const char* names[] = {"destiny",  "story",         "wealth",      "skill",
                                "status",   "lose_skill",    "lose_status", "random_treasure",
                                "treasure", "quest_success", "go_to",       "enter_place",
                                "death"};
  return names[static_cast<int>(kind)];
}

const char* to_string(AwardTerm term) {
  static const char* names[] = {"permanent", "one_use", "seven_or_less", "six_or_less", "one_turn"};
  return names[static_cast<int>(term)];
}

const char* to_string(ConditionKind kind) {
  static const char* names[] = {"no_skill", "otherwise", "female", "male",   "skill",
                                "status",   "treasure",  "roll",   "spaces", "modifiers"};
  return names[static_cast<int>(kind)];
}

const char* to_string(CardKind kind) {
  static const char* names[] = {"character", "terrain", "city"};
  return names[static_cast<int>(kind)];
}

bool Section::mandatory() const {
  for (const Condition& c : conditions)
    if (c.mandatory) return true;
  return false;
}

} // namespace talebook
