// The reference engine's game rules (engine/), without a book: award
// application, wealth limits, the one-status rule, section choice and dice.
#include <catch2/catch.hpp>

#include <deque>
#include <set>

#include "play_table.hpp"
#include "talebook/engine/awards.hpp"
#include "talebook/engine/encounter.hpp"
#include "talebook/engine/sections.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook::engine;

using namespace talebook_play_table;

TEST_CASE("play: dice are reproducible and fair enough", "[play]") {
  Dice a(42), b(42), c(43);
  std::vector<int> ra, rb, rc;
  int counts[7] = {};
  for (int i = 0; i < 6000; ++i) {
    ra.push_back(a.roll());
    rb.push_back(b.roll());
    rc.push_back(c.roll());
    ++counts[ra.back()];
  }
  CHECK(ra == rb);
  CHECK(ra != rc);
  for (int face = 1; face <= 6; ++face) {
    CHECK(counts[face] > 850);
    CHECK(counts[face] < 1150);
  }
  // splitmix64's published first output for seed 0.
  Dice zero(0);
  CHECK(zero.next() == 0xe220a8397b1dcdafULL);
}

TEST_CASE("play: wealth never leaves Beggar..Fabulous and honours Max/Min", "[play]") {
  ScriptedTable table;
  Character c;
  CHECK(c.wealth == Poor);

  SECTION("W+1 (Max: X) never raises above X, and never lowers") {
    apply_awards(c, {wealth(2, WealthLimit::Max, "respectable")}, table);
    CHECK(c.wealth == Respectable);
    c.wealth = Rich;
    apply_awards(c, {wealth(1, WealthLimit::Max, "poor")}, table);
    CHECK(c.wealth == Rich);
    CHECK(table.said("you stay Rich"));
  }
  SECTION("W-1 (Min: X) never lowers below X, and never raises") {
    c.wealth = Rich;
    apply_awards(c, {wealth(-3, WealthLimit::Min, "respectable")}, table);
    CHECK(c.wealth == Respectable);
    c.wealth = Beggar;
    apply_awards(c, {wealth(-1, WealthLimit::Min, "poor")}, table);
    CHECK(c.wealth == Beggar);
  }
  SECTION("a Beggar loses nothing") {
    c.wealth = Beggar;
    apply_awards(c, {wealth(-2)}, table);
    CHECK(c.wealth == Beggar);
    CHECK(table.said("never falls below"));
  }
  SECTION("Fabulous needs a treasure") {
    c.wealth = Rich;
    apply_awards(c, {wealth(5)}, table);
    CHECK(c.wealth == Princely);
    CHECK(table.said("needs a treasure"));
    c.treasures.push_back({"Ionian Gems", 154});
    apply_awards(c, {wealth(5)}, table);
    CHECK(c.wealth == Fabulous);
  }
  SECTION("an unknown limit level is no limit") {
    apply_awards(c, {wealth(1, WealthLimit::Max, "no_such_level")}, table);
    CHECK(c.wealth == Respectable);
  }
}

TEST_CASE("play: skills rise to Master only with 7 Destiny and fall back", "[play]") {
  ScriptedTable table;
  Character c;
  apply_awards(c, {award(AwardKind::Skill, 0, "piety")}, table);
  REQUIRE(c.skill("piety"));
  CHECK(c.skill("piety")->level == SkillLevel::Talent);

  c.destiny = 6;
  apply_awards(c, {award(AwardKind::Skill, 0, "piety")}, table);
  CHECK(c.skill("piety")->level == SkillLevel::Talent);

  apply_awards(c, {award(AwardKind::Destiny, 1), award(AwardKind::Skill, 0, "piety")}, table);
  CHECK(c.destiny == 7);
  CHECK(c.skill("piety")->level == SkillLevel::Master);

  apply_awards(c, {award(AwardKind::LoseSkill, 0, "piety")}, table);
  REQUIRE(c.skill("piety"));
  CHECK(c.skill("piety")->level == SkillLevel::Talent);
  apply_awards(c, {award(AwardKind::LoseSkill, 0, "piety")}, table);
  CHECK_FALSE(c.skill("piety"));

  // Rule 12.4: a conditional award of a skill held already adds nothing.
  Award luck = award(AwardKind::Skill, 0, "luck");
  luck.term = Term::OneUse;
  apply_awards(c, {luck}, table);
  REQUIRE(c.skill("luck"));
  CHECK(c.skill("luck")->term == Term::OneUse);
  luck.term = Term::SevenOrLess;
  apply_awards(c, {luck}, table);
  CHECK(c.skill("luck")->term == Term::OneUse);
}

TEST_CASE("play: at most one status, the extra removed in the order received", "[play]") {
  ScriptedTable table;
  Character c;
  apply_awards(c, {award(AwardKind::Status, 0, "blessed")}, table);
  CHECK(table.read == std::vector<std::string>{"blessed"});
  apply_awards(c, {award(AwardKind::Status, 0, "scorned"), award(AwardKind::Status, 0, "diseased")},
               table);
  REQUIRE(c.statuses.size() == 1);
  CHECK(c.statuses[0].id == "diseased");
  CHECK(table.said("Blessed is removed"));
  CHECK(table.said("Scorned is removed"));
  // Only the status kept is read aloud.
  CHECK(table.read == std::vector<std::string>{"blessed", "diseased"});

  // A status held already is not received again, nor read again.
  apply_awards(c, {award(AwardKind::Status, 0, "diseased")}, table);
  CHECK(table.said("You are Diseased already"));
  CHECK(table.read.size() == 2);

  apply_awards(c, {award(AwardKind::LoseStatus, 0, "diseased")}, table);
  CHECK(c.statuses.empty());
}

TEST_CASE("play: Destiny floors at 0 and sets the encounter bonus", "[play]") {
  ScriptedTable table;
  Character c;
  apply_awards(c, {award(AwardKind::Destiny, -2)}, table);
  CHECK(c.destiny == 0);
  CHECK(c.destiny_bonus() == 0);
  apply_awards(c, {award(AwardKind::Destiny, 5)}, table);
  CHECK(c.destiny_bonus() == 1);
  apply_awards(c, {award(AwardKind::Destiny, 4)}, table);
  CHECK(c.destiny_bonus() == 2);
  CHECK(encounter_roll(3, c, Space{true, 1, false, std::nullopt}) == 3 + 2 + 2 + 1);
  c.destiny = 8;
  CHECK(encounter_roll(3, c, Space{}) == 4);
}

TEST_CASE("play: Story thresholds at 5, 7 and 9", "[play]") {
  ScriptedTable table;
  Character c;
  c.wealth = Beggar;
  REQUIRE(c.story == 1); // rule 4.1
  apply_awards(c, {award(AwardKind::Story, 4)}, table);
  REQUIRE(c.skill("storytelling"));
  CHECK(c.wealth == Beggar);
  apply_awards(c, {award(AwardKind::Story, 2)}, table);
  CHECK(c.wealth == Poor);
  // The 9-point choice: the skills not held, then raises when Destiny allows.
  c.destiny = 7;
  table.answers = {2};
  apply_awards(c, {award(AwardKind::Story, 3)}, table);
  CHECK(table.asked_options == std::vector<std::string>{"Take Luck (Talent)", "Take Piety (Talent)",
                                                        "Raise Storytelling to Master"});
  CHECK(c.is_master("storytelling"));
  CHECK(c.story == 10);
  // Story points are never lost; thresholds fire once.
  apply_awards(c, {award(AwardKind::Story, -1), award(AwardKind::Story, 1)}, table);
  CHECK(c.story == 11);
  CHECK(table.questions.size() == 1);
}

TEST_CASE("play: quitting at the 9 Story choice stops the award group", "[play]") {
  ScriptedTable table;
  Character c;
  c.story = 8;
  AwardOutcome out =
      apply_awards(c, {award(AwardKind::Story, 1), award(AwardKind::Destiny, 1)}, table);
  CHECK(out.quit);
  CHECK(c.destiny == 1); // the D1 after the quit is not applied
}

TEST_CASE("play: treasures, Go to, Death and places", "[play]") {
  ScriptedTable table;
  table.cup = {{"Ionian Gems", 154}, {"Brass Lamp", 160}};
  Character c;
  Award gems = award(AwardKind::Treasure, 0, "Ionian Gems");
  gems.paragraph = 154;
  apply_awards(c, {gems, gems}, table);
  CHECK(c.treasures.size() == 1);
  // Trea* draws only what is left in the cup, then nothing.
  apply_awards(c, {award(AwardKind::RandomTreasure)}, table);
  REQUIRE(c.treasures.size() == 2);
  CHECK(c.treasures[1].name == "Brass Lamp");
  apply_awards(c, {award(AwardKind::RandomTreasure)}, table);
  CHECK(c.treasures.size() == 2);
  CHECK(table.read == std::vector<std::string>{"Ionian Gems", "Brass Lamp"});

  // Rule 11.8: a treasure another player holds is not gained, nor drawn from the cup.
  ScriptedTable others;
  others.cup = {{"Ionian Gems", 154}, {"Brass Lamp", 160}};
  others.held_by_others[154] = "Player 2";
  Character d;
  apply_awards(d, {gems}, others);
  CHECK(d.treasures.empty());
  CHECK(others.said("Player 2 holds Ionian Gems: you are out of luck (rule 11.8)."));
  apply_awards(d, {award(AwardKind::RandomTreasure), award(AwardKind::RandomTreasure)}, others);
  REQUIRE(d.treasures.size() == 1);
  CHECK(d.treasures[0].paragraph == 160);
  CHECK(others.said("Trea*: no treasure is left in the cup."));

  Award go = award(AwardKind::GoTo);
  go.paragraph = 134;
  Award enter = award(AwardKind::EnterPlace, 0, "City of Brass");
  enter.paragraph = 601;
  AwardOutcome out = apply_awards(c, {enter, go, award(AwardKind::Destiny, 1)}, table);
  CHECK(out.go_to == 134);
  CHECK(c.destiny == 2); // the group goes on after `Go to` (1 at the start, rule 4.1)
  REQUIRE(c.opportunities.size() == 1);
  CHECK(c.opportunities[0].paragraph == 601);

  out = apply_awards(c, {award(AwardKind::Death), award(AwardKind::Destiny, 1)}, table);
  CHECK(out.death);
  CHECK(c.dead);
  CHECK(c.destiny == 2); // nothing after Death
}

TEST_CASE("play: end of turn rolls for conditional skills and ends 1-turn statuses", "[play]") {
  ScriptedTable table;
  Character c;
  c.statuses.push_back({"blessed", Term::OneTurn, 1});
  end_of_turn(c, table); // received this turn: kept
  CHECK(c.statuses.size() == 1);
  CHECK(c.turn == 2);
  end_of_turn(c, table); // the end of the next turn
  CHECK(c.statuses.empty());

  // A 7-or-less skill is lost on a roll of 7 or less: over many turns both happen.
  std::set<bool> outcomes;
  for (int i = 0; i < 40; ++i) {
    Character d;
    d.skills.push_back({"luck", SkillLevel::Talent, Term::SevenOrLess});
    d.skills.push_back({"piety", SkillLevel::Talent, Term::Permanent});
    end_of_turn(d, table);
    CHECK(d.skill("piety"));
    outcomes.insert(d.skill("luck") != nullptr);
  }
  CHECK(outcomes.size() == 2);
}

TEST_CASE("play: the section that applies (rule 12.1)", "[play]") {
  std::vector<Section> sections(5);
  sections[0].conditions = {condition(ConditionKind::NoSkill)};
  sections[1].conditions = {condition(ConditionKind::Skill, "piety"),
                            condition(ConditionKind::Skill, "luck")};
  sections[2].conditions = {condition(ConditionKind::Status, "scorned", true)};
  sections[3].conditions = {condition(ConditionKind::Female)};
  // A treasure heading is its paragraph, whatever its case: the compiler resolved it.
  sections[4].conditions = {condition(ConditionKind::Treasure, "BRASS LAMP")};
  sections[4].conditions[0].paragraph = 160;
  Character c;

  SectionChoice none = applicable_sections(sections, c);
  CHECK(none.rule == SectionRule::Fallback);
  CHECK(none.candidates == std::vector<std::size_t>{0});

  c.skills.push_back({"luck", SkillLevel::Talent, Term::OneUse});
  c.gender = Gender::Female;
  SectionChoice chosen = applicable_sections(sections, c);
  CHECK(chosen.rule == SectionRule::Chosen);
  CHECK(chosen.candidates == std::vector<std::size_t>{1, 3});
  CHECK(skill_used(sections[1], c) == "luck");
  c.skills.push_back({"piety", SkillLevel::Talent, Term::Permanent});
  CHECK(skill_used(sections[1], c) == "piety"); // a permanent skill before a 1-use one

  c.treasures.push_back({"Copper Lamp", 161}); // another treasure: not met
  CHECK(applicable_sections(sections, c).candidates == std::vector<std::size_t>{1, 3});
  c.treasures.push_back({"Brass Lamp", 160});
  CHECK(applicable_sections(sections, c).candidates == std::vector<std::size_t>{1, 3, 4});

  c.statuses.push_back({"scorned", Term::Permanent, 1});
  SectionChoice mandatory = applicable_sections(sections, c);
  CHECK(mandatory.rule == SectionRule::Mandatory);
  CHECK(mandatory.candidates == std::vector<std::size_t>{2});
  // Rule 29: Solitaire's Master may ignore it, and chooses among all it meets.
  SectionChoice ignored = applicable_sections(sections, c, true);
  CHECK(ignored.rule == SectionRule::Chosen);
  CHECK(ignored.candidates == std::vector<std::size_t>{1, 2, 3, 4});
}

TEST_CASE("play: dice-test sections", "[play]") {
  std::vector<Section> sections(4);
  sections[0].conditions = {condition(ConditionKind::Skill, "piety")};
  sections[1].conditions = {roll(1, 3)};
  sections[2].conditions = {roll(4, 4)};
  sections[3].conditions = {roll(5, 0)};
  Character c;
  SectionChoice choice = applicable_sections(sections, c);
  CHECK(choice.rule == SectionRule::Roll);
  CHECK(section_for_roll(sections, 1) == 1);
  CHECK(section_for_roll(sections, 3) == 1);
  CHECK(section_for_roll(sections, 4) == 2);
  CHECK(section_for_roll(sections, 6) == 3);
  CHECK(section_for_roll(sections, 9) == 3);
  c.skills.push_back({"piety"});
  CHECK(applicable_sections(sections, c).rule == SectionRule::Chosen);
  CHECK(applicable_sections({}, c).rule == SectionRule::None);
}

TEST_CASE("play: Q:S and qualifiers (rules 10.2, 22.6, 23.8)", "[play]") {
  ScriptedTable table;
  Character c;
  Award merchant = award(AwardKind::Destiny, 2);
  merchant.qualifier = Qualifier::IfMerchant;
  Award quest = award(AwardKind::Story, 1);
  quest.qualifier = Qualifier::IfQuest;
  const AwardOutcome out =
      apply_awards(c, {merchant, quest, award(AwardKind::QuestSuccess)}, table);
  CHECK_FALSE(out.death);
  CHECK_FALSE(out.go_to.has_value()); // no Go to (0 would be one)
  CHECK(c.destiny == 3);              // `if Merchant` ignored: the award applies
  CHECK(c.story == 2);                // `if Quest` likewise
  CHECK(table.said("Q:S: a quest success (rule 22.3; outside a quest roll it counts only"));
}

TEST_CASE("play: a character starts as rule 4.1 says", "[play]") {
  const Character c;
  CHECK(c.destiny == 1);
  CHECK(c.story == 1);
  CHECK(c.wealth == Poor);
  CHECK(c.destiny_bonus() == 0);
  CHECK(c.skills.empty());
  CHECK(c.statuses.empty());
  CHECK(c.treasures.empty());
}

TEST_CASE("play: an award in the prose is a section for everyone", "[play]") {
  std::vector<Section> sections(3);
  sections[0].awards = {award(AwardKind::Wealth, 1), award(AwardKind::Story, 1)};
  sections[1].conditions = {condition(ConditionKind::NoSkill)};
  sections[2].conditions = {condition(ConditionKind::Skill, "piety")};
  CHECK(sections_for_everyone(sections) == std::vector<std::size_t>{0});
  // The section for everyone never takes the place of the rule 12.1 choice.
  Character c;
  CHECK(applicable_sections(sections, c).candidates == std::vector<std::size_t>{1});
  c.skills.push_back({"piety"});
  CHECK(applicable_sections(sections, c).candidates == std::vector<std::size_t>{2});
  // A paragraph with only the prose award: nothing else applies.
  sections.resize(1);
  CHECK(applicable_sections(sections, c).rule == SectionRule::None);
  CHECK(sections_for_everyone(sections) == std::vector<std::size_t>{0});
}

TEST_CASE("play: a dice test rolls two dice when a row goes past 6", "[play]") {
  std::vector<Section> one(3);
  one[0].conditions = {roll(1, 2)};
  one[1].conditions = {roll(3, 5)};
  one[2].conditions = {roll(6, 0)};
  CHECK(dice_for_rows(one) == 1);
  std::vector<Section> two(2);
  two[0].conditions = {roll(2, 7)};
  two[1].conditions = {roll(8, 0)};
  CHECK(dice_for_rows(two) == 2);
  CHECK(section_for_roll(two, 7) == 0);
  CHECK(section_for_roll(two, 8) == 1);
  CHECK(section_for_roll(two, 12) == 1);
  two[0].conditions = {roll(1, 6)}; // `1-6` / `7-12`: the high row alone says two dice
  two[1].conditions = {roll(7, 12)};
  CHECK(dice_for_rows(two) == 2);
  CHECK(dice_for_rows({}) == 1);
}

TEST_CASE("play: chart lines and award paragraphs (rules 11.5, 11.7, 12.2)", "[play]") {
  CHECK(chart_line(1, 12) == 0);
  CHECK(chart_line(14, 12) == 11);
  CHECK(chart_line(9, 6) == 5);
  CHECK(award_paragraph(728, 1) == 727);
  CHECK(award_paragraph(728, 2) == 727);
  CHECK(award_paragraph(728, 3) == 728);
  CHECK(award_paragraph(728, 4) == 728);
  CHECK(award_paragraph(728, 5) == 729);
  CHECK(award_paragraph(728, 6) == 729);

  Paragraph p727, p729;
  p727.number = 727;
  p727.sections.resize(1);
  p727.sections[0].conditions = {condition(ConditionKind::Skill, "minor_magic")};
  p729.number = 729;
  p729.sections.resize(1);
  p729.sections[0].conditions = {condition(ConditionKind::Skill, "piety")};
  auto lookup = [&](std::uint32_t n) -> const Paragraph* {
    return n == 727 ? &p727 : n == 729 ? &p729 : nullptr;
  };
  Character c;
  c.skills.push_back({"minor_magic", SkillLevel::Talent});
  c.skills.push_back({"piety", SkillLevel::Master});
  std::vector<MasterChoice> choices = master_choices(728, c, lookup);
  REQUIRE(choices.size() == 1);
  CHECK(choices[0].paragraph == 729);
  CHECK(choices[0].skill == "piety");
  c.skill("minor_magic")->level = SkillLevel::Master;
  CHECK(master_choices(728, c, lookup).size() == 2);
}

TEST_CASE("play: Master awards give the Master level at once (rule 12.4)", "[play]") {
  ScriptedTable table;
  Character c; // Destiny 1: a plain award could not make a Master
  Award master = award(AwardKind::Skill, 0, "luck");
  master.term = Term::Master;
  apply_awards(c, {master}, table);
  REQUIRE(c.skill("luck"));
  CHECK(c.skill("luck")->level == SkillLevel::Master);
  CHECK(table.said("You gain the skill Luck at Master."));
  c.skills.push_back({"piety", SkillLevel::Talent, Term::Permanent});
  master.id = "piety";
  apply_awards(c, {master}, table);
  CHECK(c.skill("piety")->level == SkillLevel::Master);
  apply_awards(c, {master}, table);
  CHECK(table.said("You are a Master of Piety already."));
}

TEST_CASE("play: losing the last treasure takes Fabulous to Princely (rule 16.3)", "[play]") {
  ScriptedTable table;
  Character c;
  c.treasures = {{"Lamp", 150}, {"Ring", 151}};
  c.wealth = Fabulous;
  Award lose = award(AwardKind::LoseTreasure, 0, "Lamp");
  lose.paragraph = 150;
  apply_awards(c, {lose}, table);
  CHECK(c.treasures.size() == 1);
  CHECK(c.wealth == Fabulous); // another treasure is left
  apply_awards(c, {lose}, table);
  CHECK(table.said("Lose Lamp: you do not own it."));
  lose.paragraph = 151;
  lose.id = "Ring";
  apply_awards(c, {lose}, table);
  CHECK(c.treasures.empty());
  CHECK(c.wealth == Princely);
}

TEST_CASE("play: lose any statuses of your choice", "[play]") {
  ScriptedTable table;
  Character c;
  apply_awards(c, {award(AwardKind::LoseStatuses)}, table);
  CHECK(table.said("You have no status to lose."));
  c.statuses = {{"scorned", Term::Permanent, 1}};
  table.answers = {1}; // keep it
  apply_awards(c, {award(AwardKind::LoseStatuses)}, table);
  CHECK(c.has_status("scorned"));
  table.answers = {0}; // lose it
  apply_awards(c, {award(AwardKind::LoseStatuses)}, table);
  CHECK(c.statuses.empty());
  CHECK(table.questions.back() == "Lose any statuses of your choice:");
  // Quitting at the question stops the group.
  c.statuses = {{"scorned", Term::Permanent, 1}};
  CHECK(apply_awards(c, {award(AwardKind::LoseStatuses), award(AwardKind::Story, 1)}, table).quit);
}

TEST_CASE("play: wealth headings are met within their levels", "[play]") {
  Condition poor_or_less = condition(ConditionKind::Wealth, "poor");
  poor_or_less.roll_low = Beggar;
  poor_or_less.roll_high = Poor;
  poor_or_less.mandatory = true;
  Character c;
  CHECK(meets(poor_or_less, c)); // Poor at the start
  c.wealth = Respectable;
  CHECK_FALSE(meets(poor_or_less, c));
  c.wealth = Beggar;
  CHECK(meets(poor_or_less, c));
  Section wealthy, fallback;
  wealthy.conditions = {poor_or_less};
  fallback.conditions = {condition(ConditionKind::NoSkill)};
  SectionChoice choice = applicable_sections({fallback, wealthy}, c);
  CHECK(choice.rule == SectionRule::Mandatory);
  CHECK(choice.candidates == std::vector<std::size_t>{1});
  c.wealth = Rich;
  CHECK(applicable_sections({fallback, wealthy}, c).rule == SectionRule::Fallback);
}

TEST_CASE("play: conditional statuses are rolled for with two dice (rule 13.3)", "[play]") {
  ScriptedTable table(3);
  Character c;
  Award wounded = award(AwardKind::Status, 0, "diseased");
  wounded.term = Term::SixOrLess;
  apply_awards(c, {wounded}, table);
  CHECK(table.said("You gain the status Diseased (six_or_less)."));
  bool lost = false;
  for (int turn = 0; turn < 40 && !lost; ++turn) {
    end_of_turn(c, table);
    lost = c.statuses.empty();
  }
  CHECK(lost);
  CHECK(table.said("and lose it (rule 13.3)."));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
