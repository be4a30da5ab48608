// A small book built by hand for the .tbook tests: every paragraph kind,
// award kind, condition kind, cell kind and card kind at least once.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace tbook_test {

inline talebook::Vocabulary fixture_vocabulary() {
  nlohmann::json j = nlohmann::json::parse(R"({
    "language": "en",
    "skills": [{"id": "piety", "name": "Piety"}, {"id": "magic", "name": "Magic"},
               {"id": "luck", "name": "Luck"}, {"id": "unused_skill", "name": "Unused"}],
    "statuses": [{"id": "blessed", "name": "Blessed"}, {"id": "lost", "name": "Lost"},
                 {"id": "imprisoned", "name": "Imprisoned"}, {"id": "unused_status", "name": "Unused"}],
    "wealth": [{"id": "poor", "name": "Poor"}, {"id": "rich", "name": "Rich"}],
    "headings": [{"id": "no_skill", "name": "No Skill"}],
    "awards": [{"id": "go_to", "name": "Go to"}],
    "options": [{"id": "pray", "name": "Pray"}, {"id": "wait", "name": "Wait"},
                {"id": "flee", "name": "Flee"}],
    "terrains": [{"id": "sea", "name": "Sea"}, {"id": "desert", "name": "Desert"}]
  })");
  talebook::Vocabulary v;
  std::string error = v.load_json(j);
  if (!error.empty()) throw std::runtime_error(error);
  return v;
}

// `id` is a view (the model's ids are): pass text that outlives the book.
inline talebook::Award award(talebook::AwardKind kind, int amount = 0, std::string_view id = {},
                             std::uint32_t paragraph = 0) {
  talebook::Award a;
  a.kind = kind;
  a.id = id;
  if (amount) a.set_amount(amount); // one number: the kind's
  if (paragraph) a.set_paragraph(paragraph);
  return a;
}

inline talebook::Condition condition(talebook::ConditionKind kind, std::string_view id = {},
                                     bool mandatory = false) {
  talebook::Condition c;
  c.kind = kind;
  c.id = id; // a view: callers pass literals
  c.mandatory = mandatory;
  return c;
}

inline talebook::Book fixture_book() {
  using namespace talebook;
  Book b;
  // Conditions and award groups live in the book's stores.
  auto conditions = [&](std::vector<Condition> list) { return b.keep_conditions(list); };
  auto group = [&](std::vector<Award> items, bool bracketed) {
    AwardCode code;
    code.awards = b.keep_awards(items);
    code.bracketed = bracketed;
    return code;
  };
  b.title = "A Small Book of Tales";
  b.language = "en";

  Paragraph quest; // deliberately first: the file sorts paragraphs by number
  quest.number = 910;
  quest.kind = ParagraphKind::Quest;
  quest.name = "The Sultan's Ring";
  quest.prose = "The ring was lost at sea.";
  Section spaces;
  spaces.conditions = conditions({condition(ConditionKind::Spaces)});
  spaces.text = "Basra, Aden";
  Section roll;
  Condition r = condition(ConditionKind::Roll);
  r.roll_low = 6;
  r.set_roll_high(0);
  roll.conditions = conditions({r});
  roll.text = "The djinn yields the ring.";
  roll.set_award(group({award(AwardKind::Story, 2), award(AwardKind::QuestSuccess)}, true));
  quest.sections = b.keep_sections({spaces, roll});
  b.paragraphs.push_back(quest);

  Paragraph p;
  p.number = 328;
  p.prose = "Your guest's words are kind (134), and an Old Man (H) watches.";
  p.refs = b.keep_refs({{134, {}}});
  MatrixRef old_man; // by name: a brace list would fill the fields in their order
  old_man.being = "Old Man";
  old_man.letter = 'H';
  p.matrix_refs = b.keep_matrix_refs({old_man});
  Section s1;
  s1.conditions = conditions({condition(ConditionKind::NoSkill)});
  s1.text = "You part as strangers.";
  s1.set_award(group({award(AwardKind::Story, 1)}, false));
  Section s2;
  s2.conditions = conditions(
      {condition(ConditionKind::Skill, "piety"), condition(ConditionKind::Skill, "magic")});
  s2.text = "A prayer opens the door. 门开了。";
  Award w = award(AwardKind::Wealth, 1);
  w.limit = WealthLimit::Max;
  w.id = "rich"; // its limit_id()
  Award luck = award(AwardKind::Skill, 0, "luck");
  luck.term = AwardTerm::SevenOrLess;
  Award lost = award(AwardKind::Status, 0, "lost");
  lost.term = AwardTerm::OneTurn;
  Award merchant = award(AwardKind::Wealth, -2);
  merchant.qualifier = AwardQualifier::IfMerchant;
  s2.set_award(
      group({award(AwardKind::Destiny, -1), w, luck, lost, merchant,
             award(AwardKind::RandomTreasure), award(AwardKind::Treasure, 0, "Ionian Gems", 154)},
            true));
  Section s3;
  s3.conditions = conditions({condition(ConditionKind::Status, "imprisoned", true)});
  s3.text = "You laugh at the wrong moment.";
  s3.set_award(
      group({award(AwardKind::LoseSkill, 0, "piety"), award(AwardKind::LoseStatus, 0, "imprisoned"),
             award(AwardKind::GoTo, 0, {}, 134)},
            true));
  Section s4;
  s4.conditions = conditions({condition(ConditionKind::Female), condition(ConditionKind::Male),
                              condition(ConditionKind::Treasure, "IONIAN GEMS"),
                              condition(ConditionKind::Otherwise)});
  s4.text = "";
  s4.set_award(group(
      {award(AwardKind::EnterPlace, 0, "City of Brass", 601), award(AwardKind::Death)}, true));
  s4.conditions[2].set_paragraph(154); // resolved, whatever the case of the heading
  p.sections = b.keep_sections({s1, s2, s3, s4});
  b.paragraphs.push_back(p);

  Paragraph gems;
  gems.number = 154;
  gems.kind = ParagraphKind::Treasure;
  gems.name = "Ionian Gems";
  gems.prose = "Gems from the Ionian sea.";
  b.paragraphs.push_back(gems);

  Paragraph blessed;
  blessed.number = 119;
  blessed.kind = ParagraphKind::Status;
  blessed.name = "Blessed";
  blessed.set_name_id("blessed");
  blessed.prose = "Heaven smiles on you.";
  b.paragraphs.push_back(blessed);

  Paragraph brass;
  brass.number = 601;
  brass.kind = ParagraphKind::Place;
  brass.name = "City of Brass";
  b.paragraphs.push_back(brass);

  Paragraph target;
  target.number = 134;
  target.prose = "Kind words.";
  b.paragraphs.push_back(target);

  Paragraph chart;
  chart.number = 4;
  chart.kind = ParagraphKind::Chart;
  chart.prose = "By the shore.";
  chart.chart = EncounterChart{};
  for (int i = 1; i <= 6; ++i)
    chart.chart->entries.push_back(
        {i, i % 2 ? "Old Man" : "Wicked Old Man", "Old", 'H', BeingSex::Unstated, false, 0, {}});
  b.paragraphs.push_back(chart);

  ReactionMatrix h;
  h.letter = 'H';
  h.options = {"pray", "wait", "flee"};
  MatrixRow old;
  old.adjective = "Old";
  old.cells = {
      {CellKind::Number, 328, {}}, {CellKind::Forbidden, 0, {}}, {CellKind::NoEncounter, 0, {}}};
  MatrixRow wicked;
  wicked.adjective = "Wicked";
  wicked.cells = {
      {CellKind::NoEncounter, 0, {}}, {CellKind::Number, 134, {}}, {CellKind::Number, 4, {}}};
  h.rows = {old, wicked};
  ReactionMatrix g = h;
  g.letter = 'G';
  g.rows.pop_back();
  b.matrices = {h, g};

  Card city;
  city.kind = CardKind::City;
  city.name = "Basra";
  CityResult one;
  one.roll = 1;
  one.text = "if any status, otherwise";
  one.awards = {group({award(AwardKind::Destiny, 3)}, true),
                group({award(AwardKind::Destiny, 1)}, true)};
  CityResult six;
  six.roll = 6;
  six.text = "Encounter Jinni (3), Old Sailor (H)";
  six.refs = {{4, {}}};
  MatrixRef sailor;
  sailor.being = "Old Sailor";
  sailor.letter = 'H';
  sailor.row = 0; // resolved: row 0 ("Old") of H
  six.matrix_refs = {sailor};
  city.results = {one, six};
  Card fisherman;
  fisherman.kind = CardKind::Character;
  fisherman.name = "Fisherman";
  fisherman.matrix = 'H';
  fisherman.decks = {{4, {}}, {4, {}}, {4, {}}};
  Card egg;
  egg.kind = CardKind::Terrain;
  egg.name = "Rukh's Egg";
  egg.terrains = {{"sea", {4, {}}, true, {}, {}}, {"desert", {4, {}}, false, {}, {}}};
  b.cards = {city, fisherman, egg};
  return b;
}

} // namespace tbook_test
