// What held statuses and treasures do, as their paragraphs' `Effects:` say
// (rules 12.5, 13.4, 14): the rules without a book (a table that declares the
// effects), the compiler's reading in English and Chinese, and talec play on
// the sample books.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>

#include <talebook/reader.hpp>

#include "compiler/emit/emit.hpp"
#include "play_table.hpp"
#include "talebook/engine/effects.hpp"
#include "tests/model_support.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace talebook_play_table;
using talebook::engine::Condition;
using talebook::engine::EffectKind;

Condition effect(EffectKind kind, int amount = 0, std::string_view id = {}) {
  Condition c;
  c.kind = talebook::engine::ConditionKind::Effect;
  c.effect = kind;
  c.amount = amount;
  c.id = id;
  return c;
}

// A table whose statuses do what the test says.
class EffectsTable : public ScriptedTable {
public:
  using ScriptedTable::ScriptedTable;
  std::vector<Condition> status_effects(std::string_view id) override {
    auto it = effects.find(std::string(id));
    return it == effects.end() ? std::vector<Condition>{} : it->second;
  }
  std::map<std::string, std::vector<Condition>> effects;
};

TEST_CASE("play: a status suspends skills while held and gives them back (rule 12.5)", "[play]") {
  EffectsTable table;
  table.effects["scorned"] = {effect(EffectKind::Suspends, 0, "luck")};
  Character c;
  c.skills.push_back({"luck", SkillLevel::Master});
  c.skills.push_back({"piety", SkillLevel::Talent});
  apply_awards(c, {award(AwardKind::Status, 0, "scorned")}, table);
  CHECK_FALSE(c.skill("luck"));
  CHECK(c.skill("piety"));
  REQUIRE(c.statuses.size() == 1);
  REQUIRE(c.statuses[0].suspended.size() == 1);
  CHECK(table.said("Scorned: you lose Luck while you have it (rule 12.5)."));
  // The status goes (here: replaced by another, rule 13.2): Luck comes back at Master.
  apply_awards(c, {award(AwardKind::Status, 0, "blessed")}, table);
  REQUIRE(c.skill("luck"));
  CHECK(c.is_master("luck"));
  CHECK(table.said("Without Scorned you regain Luck (rule 12.5)."));
}

TEST_CASE("play: a die at the end of the turn ends a status that says so (rule 13.4)", "[play]") {
  EffectsTable table(11);
  table.effects["blessed"] = {effect(EffectKind::EndsOn, 5)};
  std::set<bool> outcomes;
  for (int i = 0; i < 40; ++i) {
    Character c;
    c.statuses.push_back({"blessed", Term::Permanent, 1});
    end_of_turn(c, table);
    outcomes.insert(c.statuses.empty());
  }
  CHECK(outcomes.size() == 2); // a 5 or 6 ends it, a 1 to 4 keeps it: both happen
  CHECK(table.said("(5 or more ends it) and lose it (rule 13.4)."));
  CHECK(table.said("(5 or more ends it) and keep it."));
}

TEST_CASE("play: encounters, options and the roll under a status's effects", "[play]") {
  EffectsTable table;
  table.effects["blessed"] = {effect(EffectKind::EncounterRoll, 1),
                              effect(EffectKind::Forbids, 0, "attack")};
  table.effects["scorned"] = {effect(EffectKind::NoEncounters), effect(EffectKind::NoMovement)};
  Character c;
  std::string why;
  CHECK(talebook::engine::effects_on_encounter_roll(c, table, why) == 0);
  CHECK_FALSE(talebook::engine::forbidden_by(c, table, "attack"));
  CHECK_FALSE(talebook::engine::no_encounters_by(c, table));
  c.statuses.push_back({"blessed", Term::Permanent, 1});
  CHECK(talebook::engine::effects_on_encounter_roll(c, table, why) == 1);
  CHECK(why == " + 1 (Blessed)");
  CHECK(talebook::engine::forbidden_by(c, table, "attack") ==
        std::optional<std::string>("Blessed"));
  CHECK_FALSE(talebook::engine::forbidden_by(c, table, "grovel"));
  c.statuses = {{"scorned", Term::Permanent, 1}};
  CHECK(talebook::engine::no_encounters_by(c, table) == std::optional<std::string>("Scorned"));
  CHECK(talebook::engine::no_movement_by(c, table) == std::optional<std::string>("Scorned"));
}

TEST_CASE("effects: the compiler reads them in English and Chinese, and the .tbook keeps them",
          "[rules]") {
  using talebook::Compilation;
  for (const auto& [lang, text] :
       {std::pair{"en",
                  "@121 status Imprisoned\nA cell.\nEffects: no encounters; no movement; "
                  "ends on 6; suspends Weapon Use; encounter roll -1; forbids Attack, Court\n"},
        std::pair{"zh", "@121 status 被囚禁\n牢房。\n效果：无遭遇；不能移动；结束于6；暂失武艺；"
                        "遭遇掷骰-1；禁止攻击、求爱\n"}}) {
    INFO(lang);
    Compilation c;
    test::compile(c, {{"a.tales", text}}, lang);
    REQUIRE(test::codes(c).empty());
    std::string bytes;
    REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, bytes, {}).empty());
    std::string error;
    auto book = talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
    REQUIRE(book);
    auto p = book->find_paragraph(121);
    REQUIRE(p);
    std::vector<talebook::tbook::Condition> effects;
    for (std::uint32_t i : book->section(p->sections.first).conditions)
      if (book->condition(i).kind == talebook::tbook::ConditionKind::Effect)
        effects.push_back(book->condition(i));
    REQUIRE(effects.size() == 7);
    CHECK(effects[0].effect == EffectKind::NoEncounters);
    CHECK(effects[1].effect == EffectKind::NoMovement);
    CHECK(effects[2].effect == EffectKind::EndsOn);
    CHECK(effects[2].amount == 6);
    CHECK(effects[3].effect == EffectKind::Suspends);
    CHECK(effects[3].id == "weapon_use");
    CHECK(effects[4].amount == -1);
    CHECK(effects[5].id == "attack");
    CHECK(effects[6].id == "court");
  }
}

TEST_CASE("play: the sample books' Imprisoned and Blessed do what their paragraphs say", "[play]") {
  for (const char* folder : {"book", "locales/zh"}) {
    INFO(folder);
    test::TempDir dir{"play-effects"};
    const fs::path tbook = dir / "sample.tbook";
    REQUIRE(test::talec({"build", (fs::path(test::tests_dir()) / ".." / folder).string(), "-o",
                         tbook.string()})
                .exit == 0);
    // Imprisoned: no encounter, no moving, Weapon Use (the 19th skill) lost while held, a die.
    test::Run jail =
        test::talec({"play", tbook.string(), "--seed", "4", "--start", "status=imprisoned"},
                    test::with_input("1\n19\n1\n2\n1\n"));
    REQUIRE(jail.exit == 0);
    CHECK(jail.out.find("No encounter this turn: ") != std::string::npos);
    CHECK(jail.out.find("You may not move this turn: ") != std::string::npos);
    CHECK(jail.out.find("Draw a card") == std::string::npos);
    CHECK(jail.out.find("lost while held: ") != std::string::npos);
    CHECK(jail.out.find("(6 or more ends it)") == std::string::npos); // input ends in turn 1
    // Blessed, on chart 2: +1 to the encounter roll (3 + 1 = 4, the Fierce
    // Bedouin), and the Attack option of the row is not offered.
    test::Run blessed =
        test::talec({"play", tbook.string(), "--seed", "5", "--start", "status=blessed"},
                    test::with_input("1\n1\n2\n3\n2\n2\n1\n"));
    REQUIRE(blessed.exit == 0);
    CHECK(blessed.out.find("You roll 3 + 1 (") != std::string::npos);
    CHECK(blessed.out.find(") = 4: 4. ") != std::string::npos);
    CHECK(blessed.out.find(" forbids it (rule 13.4).") != std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
