// Award items: the names the parser left as written become skills, statuses,
// treasures and places; wealth limits become levels of the vocabulary.
#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

bool skill_term(AwardTerm t) {
  return t != AwardTerm::OneTurn;
}

// Rule 13.3: statuses may be `1 turn`, `7 or less` or `6 or less`, never `1 use`.
bool status_term(AwardTerm t) {
  return t == AwardTerm::OneTurn || t == AwardTerm::SevenOrLess || t == AwardTerm::SixOrLess;
}

// An argument the item cannot take (`Piety (1 turn)`, `Lose Piety (3)`).
void bad_argument(Resolver& r, const Award& a) {
  r.diagnostics.report(Code::bad_award_item, a.argument_range(),
                       {std::string(r.sources.text(a.argument_range()))});
}

// `(Talent)` after a skill (`讲故事（天赋）`, Storytelling (Talent)): the level a
// skill is received at anyway (rule 12.3), said outright.
bool talent_argument(const Resolver& r, const Award& a) {
  const VocabEntry* talent = r.vocabulary.by_id(VocabKind::Award, "talent");
  return talent && a.argument_range().valid() &&
         text::name_key(r.sources.text(a.argument_range())) == text::name_key(talent->name);
}

// `Lose D1`, `失去D1` (003's Chinese): the code with its sign turned, as the
// rulebook's `Lose 3 D pts.` is D-3. The letter and the number as written,
// blanks and full-width forms allowed; false when the name is none.
bool lost_points(Award& a) {
  const std::string code = text::fold_width(a.id.view());
  if (code.size() < 2 || (code[0] != 'D' && code[0] != 'S' && code[0] != 'W')) return false;
  std::size_t i = 1;
  while (i < code.size() && code[i] == ' ')
    ++i;
  if (i == code.size() || code.find_first_not_of("0123456789", i) != std::string::npos ||
      code.size() - i > 4)
    return false;
  a.kind = code[0] == 'D'   ? AwardKind::Destiny
           : code[0] == 'S' ? AwardKind::Story
                            : AwardKind::Wealth;
  a.set_amount(-std::stoi(code.substr(i)));
  a.id = TextRef();
  a.name = AwardName::None;
  return true;
}

// False when the name is unknown (reported): the item is dropped.
bool resolve_gain(Resolver& r, Award& a) {
  const Vocabulary& v = r.vocabulary;
  const std::string key = text::name_key(a.id);
  if (const VocabEntry* skill = v.find_key(VocabKind::Skill, key)) {
    a.kind = AwardKind::Skill;
    a.id = skill->id;
    if (a.argument_range().valid() && (a.term == AwardTerm::Permanent || !skill_term(a.term)) &&
        !talent_argument(r, a))
      bad_argument(r, a);
    if (!skill_term(a.term)) a.term = AwardTerm::Permanent;
    a.set_paragraph(0);
    return true;
  }
  if (const VocabEntry* status = v.find_key(VocabKind::Status, key)) {
    a.kind = AwardKind::Status;
    a.id = status->id;
    if (a.argument_range().valid() && (a.paragraph() || !status_term(a.term))) bad_argument(r, a);
    if (!status_term(a.term)) a.term = AwardTerm::Permanent;
    a.set_paragraph(0);
    return true;
  }
  const Paragraph* treasure = r.book.treasure(a.id);
  if (a.paragraph()) { // `Name (154)`: a treasure by its number, checked by check_awards
    a.kind = AwardKind::Treasure;
    if (!treasure) {
      r.unknown(Code::unknown_treasure, a.range, a.id, r.book.symbols.treasure_names());
    }
    return true;
  }
  if (treasure) {
    a.kind = AwardKind::Treasure;
    a.set_paragraph(treasure->number);
    if (a.argument_range().valid()) bad_argument(r, a);
    a.term = AwardTerm::Permanent;
    return true;
  }
  r.unknown_name(a.name_range(), a.id, Code::unknown_award,
                 {{Code::unknown_skill, v.names(VocabKind::Skill)},
                  {Code::unknown_status, v.names(VocabKind::Status)},
                  {Code::unknown_treasure, r.book.symbols.treasure_names()},
                  {Code::unknown_award, v.names(VocabKind::Award)}});
  return false;
}

bool resolve_lose(Resolver& r, Award& a) {
  const Vocabulary& v = r.vocabulary;
  if (a.argument_range().valid()) bad_argument(r, a);
  if (lost_points(a)) return true;
  a.term = AwardTerm::Permanent;
  a.set_paragraph(0);
  const std::string key = text::name_key(a.id);
  if (const VocabEntry* skill = v.find_key(VocabKind::Skill, key)) {
    a.kind = AwardKind::LoseSkill;
    a.id = skill->id;
    return true;
  }
  if (const VocabEntry* status = v.find_key(VocabKind::Status, key)) {
    a.kind = AwardKind::LoseStatus;
    a.id = status->id;
    return true;
  }
  if (const Paragraph* treasure = r.book.treasure(a.id)) { // rule 16.3
    a.kind = AwardKind::LoseTreasure;
    a.set_paragraph(treasure->number);
    return true;
  }
  r.unknown_name(a.name_range(), a.id, Code::unknown_award,
                 {{Code::unknown_skill, v.names(VocabKind::Skill)},
                  {Code::unknown_status, v.names(VocabKind::Status)},
                  {Code::unknown_treasure, r.book.symbols.treasure_names()}});
  return false;
}

// `Move to Basra`, `Move to Coast` (rule 9.3): a space of the book's map, or
// a terrain (the character moves to a space of it, the player's choice).
bool resolve_move(Resolver& r, Award& a) {
  const std::string key = text::name_key(a.id);
  const std::vector<Space>& spaces = r.book.map.spaces;
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < spaces.size(); ++i) {
    if (text::name_key(spaces[i].name) == key) {
      a.kind = AwardKind::MoveToSpace;
      a.set_space(i);
      return true;
    }
    names.push_back(spaces[i].name);
  }
  if (const VocabEntry* terrain = r.vocabulary.find_key(VocabKind::Terrain, key)) {
    a.kind = AwardKind::MoveToTerrain;
    a.id = terrain->id;
    return true;
  }
  r.unknown_name(a.name_range(), a.id, Code::unknown_destination,
                 {{Code::unknown_space, names},
                  {Code::unknown_terrain, r.vocabulary.names(VocabKind::Terrain)}});
  return false;
}

bool resolve_item(Resolver& r, Award& a) {
  if (a.kind == AwardKind::Wealth && !a.limit_id().empty()) {
    if (const VocabEntry* level = r.vocabulary.find(VocabKind::Wealth, a.limit_id()))
      a.id = level->id; // limit_id()
    else
      r.unknown(Code::unknown_wealth, a.name_range(), a.limit_id(),
                r.vocabulary.names(VocabKind::Wealth));
  }
  switch (a.name) {
  case AwardName::None:
    return true;
  case AwardName::Gain:
    return resolve_gain(r, a);
  case AwardName::Lose:
    return resolve_lose(r, a);
  case AwardName::Move:
    return resolve_move(r, a);
  case AwardName::Enter:
    if (const Paragraph* place = r.book.place(a.id))
      a.set_paragraph(place->number);
    else
      r.unknown(Code::unknown_place, a.name_range(), a.id, r.book.symbols.place_names());
    return true;
  }
  return true;
}

} // namespace

void resolve_awards(Resolver& r, AwardCode& code) {
  // An item whose name is unknown (reported) leaves the group.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < code.awards.size(); ++i)
    if (resolve_item(r, code.awards[i])) {
      if (kept != i) code.awards[kept] = std::move(code.awards[i]);
      ++kept;
    }
  code.awards.truncate(kept);
}

} // namespace talebook::resolve
