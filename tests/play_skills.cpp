// Conditional skills as rule 12.4 orders them: the conditional Master over a
// Talent ("keep both counters"), companions tied to a status.
#include <catch2/catch.hpp>

#include "play_table.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook_play_table;

Award term_award(AwardKind kind, std::string_view id, Term term) {
  Award a = award(kind, 0, id);
  a.term = term;
  return a;
}

// Plays end_of_turn until the 7-or-less skill's roll takes it (two dice: a
// roll of 7 or less comes soon), checking each turn it survives.
void roll_until_lost(Character& c, ScriptedTable& table, std::string_view id) {
  for (int turn = 0; turn < 200 && c.skill(id) && c.skill(id)->term != Term::Permanent; ++turn) {
    CHECK(c.is_master(id));
    end_of_turn(c, table);
  }
}

TEST_CASE("play: a conditional Master over a Talent falls back to the Talent (rule 12.4)",
          "[play]") {
  ScriptedTable table;
  Character c; // Destiny 1: no Master by rule 12.3
  c.skills.push_back({"luck", SkillLevel::Talent});
  apply_awards(c, {term_award(AwardKind::Skill, "luck", Term::MasterSevenOrLess)}, table);
  REQUIRE(c.is_master("luck"));
  CHECK(c.skill("luck")->term == Term::SevenOrLess);
  CHECK(c.skill("luck")->talent_beneath);
  CHECK(table.said("until you lose it; your Talent stays beneath"));

  roll_until_lost(c, table, "luck");
  REQUIRE(c.skill("luck"));
  CHECK(c.skill("luck")->level == SkillLevel::Talent);
  CHECK(c.skill("luck")->term == Term::Permanent);
  CHECK(table.said("falls back to the Talent beneath it"));
}

TEST_CASE("play: a conditional Master of a new skill is gone with its condition", "[play]") {
  ScriptedTable table;
  Character c;
  apply_awards(c, {term_award(AwardKind::Skill, "piety", Term::MasterSevenOrLess)}, table);
  REQUIRE(c.is_master("piety"));
  CHECK(table.said("You gain the skill Piety (Master, 7 or less)"));
  roll_until_lost(c, table, "piety");
  CHECK_FALSE(c.skill("piety"));

  // 1 use: `Lose` takes the conditional Master and leaves the Talent beneath.
  Character d;
  d.skills.push_back({"piety", SkillLevel::Talent});
  apply_awards(d, {term_award(AwardKind::Skill, "piety", Term::MasterOneUse)}, table);
  CHECK(d.is_master("piety"));
  apply_awards(d, {award(AwardKind::LoseSkill, 0, "piety")}, table);
  REQUIRE(d.skill("piety"));
  CHECK(d.skill("piety")->level == SkillLevel::Talent);
  CHECK(d.skill("piety")->term == Term::Permanent);

  // A Master already: a conditional Master adds nothing.
  Character e;
  e.skills.push_back({"piety", SkillLevel::Master});
  apply_awards(e, {term_award(AwardKind::Skill, "piety", Term::MasterSixOrLess)}, table);
  CHECK(e.skill("piety")->term == Term::Permanent);
  CHECK(table.said("You are a Master of Piety already"));
}

TEST_CASE("play: a companion skill travels with the status and leaves with it", "[play]") {
  ScriptedTable table;
  Character c;
  // The status of the same group: the companion is tied to it, whatever the order.
  apply_awards(c,
               {term_award(AwardKind::Skill, "luck", Term::Companion),
                award(AwardKind::Status, 0, "blessed")},
               table);
  REQUIRE(c.skill("luck"));
  CHECK(c.skill("luck")->term == Term::Companion);
  CHECK(c.skill("luck")->companion_of == "blessed");

  // One status at a time: a new status sends the old one away, and its companion.
  apply_awards(c, {award(AwardKind::Status, 0, "scorned")}, table);
  CHECK_FALSE(c.skill("luck"));
  CHECK(table.said("Your companion leaves with the status Blessed: Luck goes"));

  // Without a status there is no one to travel with.
  Character d;
  apply_awards(d, {term_award(AwardKind::Skill, "luck", Term::Companion)}, table);
  CHECK_FALSE(d.skill("luck"));
  CHECK(table.said("no one to travel with you"));

  // A companion Master over a Talent: the Talent stays when the status goes.
  Character e;
  e.skills.push_back({"piety", SkillLevel::Talent});
  e.statuses.push_back({"diseased", Term::SevenOrLess, 1});
  apply_awards(e, {term_award(AwardKind::Skill, "piety", Term::MasterCompanion)}, table);
  CHECK(e.is_master("piety"));
  apply_awards(e, {award(AwardKind::LoseStatus, 0, "diseased")}, table);
  REQUIRE(e.skill("piety"));
  CHECK(e.skill("piety")->level == SkillLevel::Talent);
  CHECK(e.skill("piety")->term == Term::Permanent);
}

// A table for the Merchant rules (rule 23.8): `if Merchant` counts for a merchant only.
class MerchantTable : public ScriptedTable {
public:
  bool qualifies(Qualifier q) const override {
    return q == Qualifier::IfMerchant ? merchant : q != Qualifier::IfQuest || on_quest;
  }
  bool merchant = false;
  bool on_quest = false;
};

TEST_CASE("play: 'if Merchant' and 'if Quest' count only for a merchant and a player on a quest",
          "[play]") {
  Award profit = award(AwardKind::Wealth, 1);
  profit.qualifier = Qualifier::IfMerchant;
  MerchantTable table;
  Character c;
  apply_awards(c, {profit, award(AwardKind::Story, 1)}, table);
  CHECK(c.wealth == Poor); // not a merchant: the wealth is not given, the Story point is
  CHECK(c.story == 2);
  CHECK(table.said("You are not a merchant: an award 'if Merchant' is not yours (rule 23.8)."));
  table.merchant = true;
  apply_awards(c, {profit}, table);
  CHECK(c.wealth == Respectable);
  ScriptedTable standard; // the Standard game ignores the qualifier (rule 10.2)
  Character d;
  apply_awards(d, {profit}, standard);
  CHECK(d.wealth == Respectable);
  // `if Quest` (rule 22.6): for a player on a quest only.
  Award insight = award(AwardKind::Destiny, 1);
  insight.qualifier = Qualifier::IfQuest;
  Character e;
  apply_awards(e, {insight}, table);
  CHECK(e.destiny == 1);
  CHECK(table.said("You are on no quest: an award 'if Quest' is not yours (rule 22.6)."));
  table.on_quest = true;
  apply_awards(e, {insight}, table);
  CHECK(e.destiny == 2);
}

TEST_CASE("play: the Master and its condition are one term of the award", "[play]") {
  using talebook::tbook::at_master;
  using talebook::tbook::condition_of;
  CHECK(at_master(Term::MasterSevenOrLess));
  CHECK(condition_of(Term::MasterSevenOrLess) == Term::SevenOrLess);
  CHECK(condition_of(Term::Master) == Term::Permanent);
  CHECK_FALSE(at_master(Term::Companion));
  Term t = Term::Permanent;
  CHECK(talebook::tbook::master_term(Term::Companion, t));
  CHECK(t == Term::MasterCompanion);
  CHECK_FALSE(talebook::tbook::master_term(Term::OneTurn, t)); // statuses only
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
