#include "compiler/translate/translation_mechanics.hpp"

#include <algorithm>
#include <vector>

#include "compiler/text/text.hpp"

namespace talebook {
namespace {

std::string join(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const auto& part : parts) {
    if (!out.empty()) out += separator;
    out += part;
  }
  return out;
}

std::string term_word(AwardTerm term) {
  if (term == AwardTerm::Permanent) return "";
  return std::string(" (") + tbook::words_of(term) + ")";
}

std::string signed_amount(std::int32_t amount) {
  return (amount >= 0 ? "+" : "") + std::to_string(amount);
}

} // namespace

const char* kind_word(ParagraphKind kind) {
  return tbook::name_of(kind);
}

Mechanics::Mechanics(const Book& book) : book_(book) {}

// The book's symbol table (compiler/model/symbols.hpp): the book is resolved.
const Paragraph* Mechanics::paragraph(std::uint32_t number) const {
  return book_.paragraph(number);
}

std::string Mechanics::conditions(const Section& section) const {
  return conditions_of(section, false);
}

std::string Mechanics::mechanics(const Section& section) const {
  return conditions_of(section, true);
}

std::string Mechanics::conditions_of(const Section& section, bool derived) const {
  std::vector<std::string> parts;
  for (const Condition& c : section.conditions) {
    if (!derived && (c.kind == ConditionKind::Space || c.kind == ConditionKind::Modifier ||
                     c.kind == ConditionKind::Effect))
      continue; // read from the section's text, which a translation translates
    std::string part;
    switch (c.kind) {
    case ConditionKind::NoSkill:
    case ConditionKind::Otherwise:
    case ConditionKind::Female:
    case ConditionKind::Male:
    case ConditionKind::Spaces:
    case ConditionKind::Modifiers:
    case ConditionKind::Effects:
      part = tbook::name_of(c.kind);
      break;
    case ConditionKind::Skill:
      part = c.id;
      break;
    case ConditionKind::Status:
      part = "status " + std::string(c.id);
      break;
    case ConditionKind::Treasure: {
      std::uint32_t number = c.paragraph();
      part = number ? "treasure " + std::to_string(number) : "treasure '" + std::string(c.id) + "'";
      break;
    }
    case ConditionKind::Wealth: // the levels it covers
      part = "wealth " + std::to_string(c.roll_low) + "-" + std::to_string(c.roll_high());
      break;
    case ConditionKind::Space: // a space's name is the language's: only their number compares
      part = "space";
      break;
    case ConditionKind::Modifier:
      part = "modifier " + signed_amount(c.roll_low) +
             (c.target() == ConditionKind::NoSkill ? "" : " " + std::string(c.id));
      break;
    case ConditionKind::Effect: // what it does, in ids: a translation keeps it
      part = std::string("effect ") + tbook::name_of(c.effect());
      if (c.effect() == EffectKind::EncounterRoll || c.effect() == EffectKind::EndsOn)
        part += " " + signed_amount(c.roll_low);
      if (c.effect() == EffectKind::Suspends || c.effect() == EffectKind::Forbids)
        part += " " + std::string(c.id);
      break;
    case ConditionKind::Roll:
      part = std::to_string(c.roll_low);
      if (c.roll_high() == 0)
        part += "+";
      else if (c.roll_high() != c.roll_low)
        part += "-" + std::to_string(c.roll_high());
      break;
    }
    if (c.mandatory) part += " (mandatory)";
    parts.push_back(std::move(part));
  }
  return join(parts, ", ");
}

std::string Mechanics::item(const Award& a) const {
  std::string out;
  switch (a.kind) {
  case AwardKind::Destiny:
    out = "D" + std::to_string(a.amount());
    break;
  case AwardKind::Story:
    out = "S" + std::to_string(a.amount());
    break;
  case AwardKind::Wealth:
    out = "W" + signed_amount(a.amount());
    if (a.limit == WealthLimit::Max) out += " (max " + std::string(a.limit_id()) + ")";
    if (a.limit == WealthLimit::Min) out += " (min " + std::string(a.limit_id()) + ")";
    break;
  case AwardKind::Skill:
    out = "skill " + std::string(a.id) + term_word(a.term);
    break;
  case AwardKind::Status:
    out = "status " + std::string(a.id) + term_word(a.term);
    break;
  case AwardKind::LoseSkill:
    out = "lose skill " + std::string(a.id);
    break;
  case AwardKind::LoseStatus:
    out = "lose status " + std::string(a.id);
    break;
  case AwardKind::LoseTreasure:
    out = "lose treasure " + std::to_string(a.paragraph());
    break;
  case AwardKind::LoseStatuses:
    out = "lose any statuses";
    break;
  case AwardKind::RandomTreasure:
    out = "Trea*";
    break;
  case AwardKind::Treasure: {
    std::uint32_t number = a.paragraph();
    out = number ? "treasure " + std::to_string(number) : "treasure '" + std::string(a.id) + "'";
    break;
  }
  case AwardKind::QuestSuccess:
    out = "Q:S";
    break;
  case AwardKind::GoTo:
    out = "go to " + std::to_string(a.paragraph());
    break;
  case AwardKind::EnterPlace: {
    std::uint32_t number = a.paragraph(); // resolved: the place's paragraph
    out = number ? "enter " + std::to_string(number) : "enter '" + std::string(a.id) + "'";
    break;
  }
  case AwardKind::Death:
    out = "death";
    break;
  case AwardKind::UseAnySkill:
    out = "use any skill";
    break;
  case AwardKind::MoveToSpace: // the space by its place in the map (a translation names it anew)
    out = "move to space " + std::to_string(a.space());
    break;
  case AwardKind::MoveToTerrain:
    out = "move to " + std::string(a.id);
    break;
  }
  if (a.qualifier == AwardQualifier::IfMerchant) out += " if merchant";
  if (a.qualifier == AwardQualifier::IfQuest) out += " if quest";
  return out;
}

std::string Mechanics::award(const AwardCode& code) const {
  std::vector<std::string> items;
  for (const Award& a : code.awards)
    items.push_back(item(a));
  std::sort(items.begin(), items.end());
  return join(items, "/");
}

std::string Mechanics::award(const std::optional<AwardCode>& code) const {
  return code ? award(*code) : "none";
}

std::string Mechanics::refs(const Paragraph& paragraph) const {
  std::vector<std::uint32_t> numbers;
  for (const ParagraphRef& r : paragraph.refs)
    numbers.push_back(r.number);
  std::sort(numbers.begin(), numbers.end());
  std::vector<std::string> parts;
  for (std::uint32_t n : numbers)
    parts.push_back(std::to_string(n));
  return parts.empty() ? "none" : join(parts, ", ");
}

std::string Mechanics::matrix_refs(const Paragraph& paragraph) const {
  std::vector<std::string> letters;
  for (const MatrixRef& r : paragraph.matrix_refs)
    letters.push_back(std::string(1, r.letter));
  std::sort(letters.begin(), letters.end());
  return letters.empty() ? "none" : join(letters, ", ");
}

std::string Mechanics::chart_entry(const ChartEntry& entry) const {
  // The sex is a fact of the entry (rule 11.6): a translation keeps it.
  std::string note(1, entry.matrix);
  if (entry.sex != BeingSex::Unstated) note += std::string(", ") + tbook::name_of(entry.sex);
  return std::to_string(entry.roll) + ". (" + note + ")";
}

std::string Mechanics::options(const ReactionMatrix& matrix) const {
  return join(matrix.options, " | ");
}

std::string Mechanics::cells(const MatrixRow& row) const {
  std::vector<std::string> parts;
  for (const MatrixCell& cell : row.cells) {
    switch (cell.kind) {
    case CellKind::Number:
      parts.push_back(std::to_string(cell.number));
      break;
    case CellKind::Forbidden:
      parts.push_back("★");
      break;
    case CellKind::NoEncounter:
      parts.push_back("NE");
      break;
    }
  }
  return join(parts, " | ");
}

std::string Mechanics::card(const Card& card) const {
  std::vector<std::string> parts;
  switch (card.kind) {
  case CardKind::Character:
    parts.push_back(std::string("(") + (card.matrix ? card.matrix : '?') + ")");
    for (const ParagraphRef& deck : card.decks)
      parts.push_back(std::to_string(deck.number));
    break;
  case CardKind::Terrain:
    for (const TerrainEntry& t : card.terrains)
      parts.push_back(t.terrain + " " + std::to_string(t.paragraph.number) +
                      (t.illustrated ? "*" : ""));
    break;
  case CardKind::City:
  case CardKind::Special: // results 1 (`You:`) and 2 (`Other:`)
    for (const CityResult& r : card.results) {
      std::vector<std::string> what;
      for (const AwardCode& code : r.awards)
        what.push_back("[" + award(code) + "]");
      std::vector<std::uint32_t> numbers;
      for (const ParagraphRef& ref : r.refs)
        numbers.push_back(ref.number);
      std::sort(numbers.begin(), numbers.end());
      for (std::uint32_t n : numbers)
        what.push_back("(" + std::to_string(n) + ")");
      std::vector<char> letters;
      for (const MatrixRef& m : r.matrix_refs)
        letters.push_back(m.letter);
      std::sort(letters.begin(), letters.end());
      for (char l : letters)
        what.push_back(std::string("(") + l + ")");
      parts.push_back(std::to_string(r.roll) + ": " + join(what, " "));
    }
    if (card.quest.number) // rule 22.1
      parts.push_back("quest (" + std::to_string(card.quest.number) + ")");
    break;
  }
  return join(parts, ", ");
}

} // namespace talebook
