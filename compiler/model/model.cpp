#include "compiler/model/model.hpp"

namespace talebook {

const char* to_string(ParagraphKind kind) {
  static const char* names[] = {"award paragraph", "encounter chart", "status",
                                "treasure",        "place of power",  "quest"};
  return names[static_cast<int>(kind)];
}

const char* keyword(ParagraphKind kind) {
  static const char* names[] = {"award", "chart", "status", "treasure", "place", "quest"};
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

void Book::index() {
  by_number.clear();
  by_letter.clear();
  for (std::size_t i = 0; i < paragraphs.size(); ++i)
    by_number.emplace(paragraphs[i].number, i);
  for (std::size_t i = 0; i < matrices.size(); ++i)
    by_letter.emplace(matrices[i].letter, i);
}

const Paragraph* Book::paragraph(std::uint32_t number) const {
  auto it = by_number.find(number);
  return it == by_number.end() ? nullptr : &paragraphs[it->second];
}

const ReactionMatrix* Book::matrix(char letter) const {
  auto it = by_letter.find(letter);
  return it == by_letter.end() ? nullptr : &matrices[it->second];
}

} // namespace talebook
