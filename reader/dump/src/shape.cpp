// The book's JSON shape, one object at a time (talebook/dump/shape.hpp).
#include "talebook/dump/shape.hpp"

namespace talebook::dump {
namespace {

namespace tb = tbook;

std::string text(std::string_view s) {
  return std::string(s);
}
std::string letter(char c) {
  return std::string(1, c);
}

// A translation's record that holds its source's text (format 1.2): "fallback":
// true; absent otherwise.
void mark_fallback(json& j, bool fallback) {
  if (fallback) j["fallback"] = true;
}

void add_row(json& j, std::optional<std::uint32_t> row) {
  if (row) j["row"] = *row;
}

} // namespace

json award(const AwardFields& a) {
  json j = {{"kind", tb::name_of(a.kind)}};
  switch (a.kind) {
  case tb::AwardKind::Destiny:
  case tb::AwardKind::Story:
  case tb::AwardKind::Wealth:
    j["amount"] = a.amount;
    break;
  case tb::AwardKind::Skill:
  case tb::AwardKind::Status:
  case tb::AwardKind::LoseSkill:
  case tb::AwardKind::LoseStatus:
    j["id"] = a.id, j["name"] = a.name;
    break;
  case tb::AwardKind::Treasure:
  case tb::AwardKind::LoseTreasure:
  case tb::AwardKind::EnterPlace:
    j["id"] = a.id, j["name"] = a.name, j["paragraph"] = a.paragraph;
    break;
  case tb::AwardKind::GoTo:
    j["paragraph"] = a.paragraph;
    break;
  case tb::AwardKind::MoveToSpace:
    j["id"] = a.id, j["name"] = a.name, j["space"] = a.space;
    break;
  case tb::AwardKind::MoveToTerrain:
    j["id"] = a.id, j["name"] = a.name;
    break;
  default:
    break;
  }
  if (a.limit != tb::WealthLimit::None) {
    j["limit"] = tb::name_of(a.limit);
    if (a.kind == tb::AwardKind::Wealth) j["limit_id"] = a.limit_id, j["limit_name"] = a.limit_name;
  }
  if (a.term != tb::AwardTerm::Permanent) j["term"] = tb::name_of(a.term);
  if (a.qualifier != tb::AwardQualifier::None) j["qualifier"] = tb::name_of(a.qualifier);
  return j;
}

json award_group(bool bracketed, json awards) {
  return {{"bracketed", bracketed}, {"awards", std::move(awards)}};
}

json condition(tb::ConditionKind kind, bool mandatory, std::string_view id, std::string_view name,
               int roll_low, int roll_high, std::uint32_t paragraph,
               const ModifierFields& modifier) {
  json j = {{"kind", tb::name_of(kind)}, {"mandatory", mandatory}};
  if (kind == tb::ConditionKind::Skill || kind == tb::ConditionKind::Status ||
      kind == tb::ConditionKind::Treasure || kind == tb::ConditionKind::Wealth ||
      kind == tb::ConditionKind::Space)
    j["id"] = text(id), j["name"] = text(name);
  if (kind == tb::ConditionKind::Treasure && paragraph != 0) j["paragraph"] = paragraph;
  if (kind == tb::ConditionKind::Roll || kind == tb::ConditionKind::Wealth)
    j["roll_low"] = roll_low, j["roll_high"] = roll_high;
  if (kind == tb::ConditionKind::Modifier) {
    j["amount"] = modifier.amount, j["words"] = modifier.words;
    if (modifier.target != tb::ConditionKind::NoSkill)
      j["target"] = tb::name_of(modifier.target), j["id"] = text(id), j["name"] = text(name);
  }
  if (kind == tb::ConditionKind::Effect) {
    j["effect"] = tb::name_of(modifier.effect), j["words"] = modifier.words;
    if (modifier.effect == tb::EffectKind::EncounterRoll ||
        modifier.effect == tb::EffectKind::EndsOn)
      j["amount"] = modifier.amount;
    if (modifier.effect == tb::EffectKind::Suspends || modifier.effect == tb::EffectKind::Forbids)
      j["id"] = text(id), j["name"] = text(name);
  }
  return j;
}

json section(json conditions, bool mandatory, std::string_view text_, std::optional<json> award,
             bool fallback) {
  json j = {{"conditions", std::move(conditions)}, {"mandatory", mandatory}, {"text", text(text_)}};
  if (award) j["award"] = std::move(*award);
  mark_fallback(j, fallback);
  return j;
}

json matrix_ref(std::string_view being, char letter_, std::optional<std::uint32_t> row) {
  json j = {{"being", text(being)}, {"letter", letter(letter_)}};
  add_row(j, row);
  return j;
}

json chart_entry(int roll, std::string_view being, std::string_view adjective, char matrix,
                 std::optional<std::uint32_t> row, tb::BeingSex sex) {
  json j = {{"roll", roll},
            {"being", text(being)},
            {"adjective", text(adjective)},
            {"matrix", letter(matrix)}};
  add_row(j, row);
  if (sex != tb::BeingSex::Unstated) j["sex"] = tb::name_of(sex);
  return j;
}

json paragraph(ParagraphFields p) {
  json j = {{"number", p.number},        {"kind", tb::name_of(p.kind)},
            {"name", text(p.name)},      {"name_id", text(p.name_id)},
            {"prose", text(p.prose)},    {"sections", std::move(p.sections)},
            {"refs", std::move(p.refs)}, {"matrix_refs", std::move(p.matrix_refs)}};
  if (p.chart) j["chart"] = std::move(*p.chart);
  mark_fallback(j, p.fallback);
  return j;
}

json matrix_option(std::string_view id, std::string_view name) {
  return {{"id", text(id)}, {"name", text(name)}};
}

json cell(tb::CellKind kind, std::uint32_t number) {
  if (kind == tb::CellKind::Number) return number;
  return tb::name_of(kind);
}

json matrix_row(std::string_view adjective, json cells) {
  return {{"adjective", text(adjective)}, {"cells", std::move(cells)}};
}

json matrix(char letter_, json options, json rows, bool fallback) {
  json j = {
      {"letter", letter(letter_)}, {"options", std::move(options)}, {"rows", std::move(rows)}};
  mark_fallback(j, fallback);
  return j;
}

json terrain(std::string_view id, std::string_view name, std::uint32_t paragraph,
             bool illustrated) {
  return {{"id", text(id)},
          {"name", text(name)},
          {"paragraph", paragraph},
          {"illustrated", illustrated}};
}

json city_result(int roll, std::string_view text_, json award_groups, json refs, json matrix_refs) {
  return {{"roll", roll},
          {"text", text(text_)},
          {"awards", std::move(award_groups)},
          {"refs", std::move(refs)},
          {"matrix_refs", std::move(matrix_refs)}};
}

json card(CardFields c) {
  json j = {{"kind", tb::name_of(c.kind)}, {"name", text(c.name)}};
  if (c.kind == tb::CardKind::Character)
    j["matrix"] = letter(c.matrix), j["decks"] = std::move(c.decks);
  if (c.kind == tb::CardKind::Terrain) j["terrains"] = std::move(c.terrains);
  if (c.kind == tb::CardKind::City || c.kind == tb::CardKind::Special)
    j["results"] = std::move(c.results);
  if (c.quest) j["quest"] = {{"paragraph", c.quest}, {"being", text(c.quest_being)}};
  mark_fallback(j, c.fallback);
  return j;
}

json vocabulary_entry(tb::VocabKind kind, std::string_view id, std::string_view name,
                      std::uint32_t order) {
  return {{"kind", tb::name_of(kind)}, {"id", text(id)}, {"name", text(name)}, {"order", order}};
}

json route(std::string_view to, tb::RouteKind kind) {
  return {{"space", text(to)}, {"kind", tb::name_of(kind)}};
}

json space(SpaceFields s) {
  json j = {{"name", text(s.name)},
            {"terrain", {{"id", text(s.terrain_id)}, {"name", text(s.terrain_name)}}},
            {"black", s.black},
            {"start", s.start},
            {"wild", s.wild},
            {"routes", std::move(s.routes)}};
  if (s.place) j["place"] = s.place;
  if (!s.products.empty()) j["products"] = std::move(s.products);
  mark_fallback(j, s.fallback);
  return j;
}

json movement_rate(std::string_view wealth_id, std::uint32_t land, std::uint32_t sea) {
  return {{"wealth", text(wealth_id)}, {"land", land}, {"sea", sea}};
}

json product(std::string_view name, std::uint32_t row, std::uint32_t column, bool fallback) {
  json j = {{"name", text(name)}, {"row", row}, {"column", column}};
  mark_fallback(j, fallback);
  return j;
}

json counter_group(tb::CounterShape shape, std::uint32_t count, std::uint32_t wealth) {
  return {{"shape", tb::name_of(shape)}, {"count", count}, {"wealth", wealth}};
}

json display(std::uint32_t rows, std::uint32_t columns, json products, json counters) {
  return {{"rows", rows},
          {"columns", columns},
          {"products", std::move(products)},
          {"counters", std::move(counters)}};
}

json deck_card(DeckCardFields c) {
  json j = {{"class", tb::name_of(c.deck_class)},
            {"name", text(c.name)},
            {"text", text(c.text)},
            {"copies", c.copies}};
  if (c.role != tb::CardRole::none) j["role"] = tb::name_of(c.role);
  if (!c.gloss.empty()) j["gloss"] = text(c.gloss);
  if (c.has_scores) j["scores"] = {{"attack", c.attack}, {"defence", c.defence}, {"key", c.key}};
  if (c.effect != tb::CardEffectKind::none)
    j["effect"] = {{"kind", tb::name_of(c.effect)}, {"amount", c.effect_amount}};
  if (!c.stopped_by.empty()) j["stopped_by"] = std::move(c.stopped_by);
  if (!c.bars.empty()) j["bars"] = std::move(c.bars);
  mark_fallback(j, c.fallback);
  return j;
}

json story_tile(std::uint32_t number, tb::TileColour colour, std::string_view title,
                bool fallback) {
  json j = {{"number", number}, {"colour", tb::name_of(colour)}, {"title", text(title)}};
  mark_fallback(j, fallback);
  return j;
}

json verdict(std::uint32_t from, std::uint32_t to, bool open, std::string_view words,
             bool fallback) {
  json j = {{"from", from}, {"words", text(words)}};
  if (open)
    j["open"] = true;
  else
    j["to"] = to;
  mark_fallback(j, fallback);
  return j;
}

json game(tb::GameKind kind, json deck, json tiles, json verdicts) {
  return {{"kind", tb::name_of(kind)},
          {"deck", std::move(deck)},
          {"tiles", std::move(tiles)},
          {"verdicts", std::move(verdicts)}};
}

json book(BookFields b) {
  json j = {{"title", text(b.title)},
            {"language", text(b.language)},
            {"translates", text(b.translates)},
            {"vocabulary", std::move(b.vocabulary)},
            {"paragraphs", std::move(b.paragraphs)},
            {"matrices", std::move(b.matrices)},
            {"cards", std::move(b.cards)}};
  if (!b.spaces.empty() || !b.rates.empty())
    j["map"] = {{"spaces", std::move(b.spaces)}, {"rates", std::move(b.rates)}};
  if (b.display) j["display"] = std::move(*b.display);
  if (b.game) j["game"] = std::move(*b.game);
  return j;
}

} // namespace talebook::dump
