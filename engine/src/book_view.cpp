#include "talebook/engine/book_view.hpp"

#include <algorithm>

#include "talebook/engine/character.hpp"

namespace talebook::engine {

namespace {

std::string str(std::string_view s) {
  return std::string(s);
}

std::string roll_name(int low, int high) {
  if (high == 0) return std::to_string(low) + "+";
  if (high == low) return std::to_string(low);
  return std::to_string(low) + "-" + std::to_string(high);
}

Condition read_condition(const tbook::Book& book, const tbook::Condition& c) {
  Condition out;
  out.kind = c.kind;
  out.id = c.id;
  out.name = str(c.name);
  const tbook::FormatVersion v = book.version();
  if (c.kind == tbook::ConditionKind::Treasure && (v.major > 1 || v.minor >= 1))
    out.paragraph = c.paragraph;
  out.roll_low = c.roll_low;
  out.roll_high = c.roll_high;
  out.mandatory = c.mandatory;
  out.amount = c.amount;
  out.target = c.target;
  out.words = c.words;
  out.effect = c.effect;
  using K = tbook::ConditionKind;
  switch (c.kind) {
  case K::NoSkill:
  case K::Otherwise:
  case K::Female:
  case K::Male:
  case K::Spaces:
  case K::Modifiers:
  case K::Effects:
    // The heading word's vocabulary id is the condition kind's name ("no_skill").
    out.name = vocabulary_word(book, tbook::VocabKind::Heading, tbook::name_of(c.kind));
    break;
  case K::Roll:
    out.name = roll_name(c.roll_low, c.roll_high);
    break;
  case K::Wealth: { // as written: `Wealth: Poor or less`
    auto level = book.find_vocabulary(tbook::VocabKind::Wealth, out.id);
    const int order = level ? int(level->order) : c.roll_low;
    out.name = vocabulary_word(book, tbook::VocabKind::Heading, "wealth") + ": " + str(c.name);
    if (c.roll_low != c.roll_high) {
      std::string more = vocabulary_word(book, tbook::VocabKind::Heading,
                                         order == c.roll_low ? "or_more" : "or_less");
      out.name += (!more.empty() && static_cast<unsigned char>(more[0]) >= 0x80 ? "" : " ") + more;
    }
    // The heading's levels are orders of the book's ladder (its vocabulary);
    // the engine plays the rulebook's: each level of the range counts by its
    // id, and a level the rules lack counts for none (never met, if alone).
    out.roll_low = wealth_levels;
    out.roll_high = -1;
    for (std::uint32_t i = 0; i < book.vocabulary_count(); ++i) {
      const tbook::VocabEntry v = book.vocabulary(i);
      const int rules_level = v.kind == tbook::VocabKind::Wealth ? wealth_level(v.id) : -1;
      const int rung = static_cast<int>(v.order);
      if (rules_level < 0 || rung < c.roll_low || rung > c.roll_high) continue;
      out.roll_low = std::min(out.roll_low, rules_level);
      out.roll_high = std::max(out.roll_high, rules_level);
    }
    break;
  }
  default:
    break;
  }
  return out;
}

} // namespace

std::string vocabulary_word(const tbook::Book& book, tbook::VocabKind kind, const std::string& id) {
  auto entry = book.find_vocabulary(kind, id);
  return entry ? str(entry->name) : id;
}

Paragraph read_paragraph(const tbook::Book& book, const tbook::Paragraph& paragraph) {
  Paragraph out;
  out.number = paragraph.number;
  out.kind = static_cast<ParagraphKind>(paragraph.kind);
  out.name = paragraph.name;
  out.prose = paragraph.prose;
  for (std::uint32_t s : paragraph.sections) {
    const tbook::Section section = book.section(s);
    Section& to = out.sections.emplace_back();
    to.text = section.text;
    for (std::uint32_t c : section.conditions)
      to.conditions.push_back(read_condition(book, book.condition(c)));
    for (std::uint32_t a : section.awards)
      to.awards.push_back(book.award(a));
  }
  return out;
}

std::vector<Award> read_award_group(const tbook::Book& book, std::uint32_t group) {
  std::vector<Award> awards;
  for (std::uint32_t a : book.award_group(group).awards)
    awards.push_back(book.award(a));
  return awards;
}

Names read_names(const tbook::Book& book) {
  Names names;
  for (std::uint32_t i = 0; i < book.vocabulary_count(); ++i) {
    const tbook::VocabEntry v = book.vocabulary(i);
    if (v.kind == tbook::VocabKind::Skill) names.skills[str(v.id)] = str(v.name);
    if (v.kind == tbook::VocabKind::Status) names.statuses[str(v.id)] = str(v.name);
    if (v.kind == tbook::VocabKind::Wealth) names.wealth[str(v.id)] = str(v.name);
    if (v.kind == tbook::VocabKind::Heading || v.kind == tbook::VocabKind::Award)
      names.words[str(v.id)] = str(v.name);
  }
  return names;
}

std::vector<std::string> read_skill_ids(const tbook::Book& book) {
  std::vector<std::string> ids;
  for (std::uint32_t i = 0; i < book.vocabulary_count(); ++i) {
    const tbook::VocabEntry v = book.vocabulary(i);
    if (v.kind == tbook::VocabKind::Skill) ids.push_back(str(v.id));
  }
  return ids;
}

std::vector<HeldTreasure> read_treasures(const tbook::Book& book) {
  std::vector<HeldTreasure> cup;
  for (std::uint32_t i = 0; i < book.paragraph_count(); ++i) {
    const tbook::Paragraph p = book.paragraph(i);
    if (p.kind == tbook::ParagraphKind::Treasure) cup.push_back({str(p.name_id), p.number});
  }
  return cup;
}

} // namespace talebook::engine
