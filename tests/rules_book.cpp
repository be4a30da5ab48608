// The rules of the Book of Tales as the compiler reads them (sections 8-16,
// 22-23): wealth headings, conditional statuses, Master awards, treasure and
// status loss, parenthesised options, quests and roll tables.
#include <catch2/catch.hpp>

#include <optional>

#include <talebook/reader.hpp>

#include "compiler/emit/emit.hpp"
#include "compiler/resolve/printed_results.hpp"
#include "tests/model_support.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;
using test::paragraph;

TEST_CASE("rules: wealth headings in English and Chinese", "[rules]") {
  Compilation en;
  test::compile(en, "@1\nYou meet a beggar.\nNo Skill: Nothing. [S1]\n"
                    "Wealth: Poor or less (All mandatory): You share his bread. [D1]\n"
                    "Wealth: Rich or more: You give him a coin. [D2]\n"
                    "Respectable: He asks you for a loan. [W-1]\n");
  CHECK(test::codes(en).empty());
  const Paragraph& p = paragraph(en, 1);
  REQUIRE(p.sections.size() == 4);
  const Condition& poor = p.sections[1].conditions.at(0);
  CHECK(poor.kind == ConditionKind::Wealth);
  CHECK(poor.id == "poor");
  CHECK(poor.mandatory);
  CHECK(poor.roll_low == 0);
  CHECK(poor.roll_high() == 1); // Beggar 0, Poor 1 (rule 16's six levels)
  const Condition& rich = p.sections[2].conditions.at(0);
  CHECK(rich.roll_low == 3);
  CHECK(rich.roll_high() == 5);
  CHECK_FALSE(rich.mandatory);
  const Condition& respectable = p.sections[3].conditions.at(0);
  CHECK(respectable.kind == ConditionKind::Wealth);
  CHECK(respectable.roll_low == 2);
  CHECK(respectable.roll_high() == 2);

  Compilation zh;
  test::compile(zh,
                {{"a.tales", "@1\n你遇见一个乞丐。\n无技能：无事发生。[S1]\n"
                             "财富：贫穷或更低（全部强制）：你分了他一块饼。[D1]\n"}},
                "zh");
  CHECK(test::codes(zh).empty());
  const Condition& zh_poor = paragraph(zh, 1).sections.at(1).conditions.at(0);
  CHECK(zh_poor.kind == ConditionKind::Wealth);
  CHECK(zh_poor.roll_high() == 1);
  CHECK(zh_poor.mandatory);

  Compilation bad;
  test::compile(bad, "@1\nYou meet a beggar.\nNo Skill: Nothing. [S1]\n"
                     "Wealth: Lordly or less: You share his bread. [D1]\n");
  CHECK(test::codes(bad) == std::vector<std::string>{"TB0024"});

  Compilation prose; // words after `Wealth:` that are no level: prose with two colons
  test::compile(prose, "@1\nWealth: it was all gone by morning: every coin of it. [S1]\n");
  CHECK(test::codes(prose).empty());
  CHECK(paragraph(prose, 1).sections.at(0).conditions.empty());
}

TEST_CASE("rules: conditional statuses and Master awards", "[rules]") {
  Compilation c;
  test::compile(c,
                "@1\nThe fight.\nNo Skill: You bleed. [Wounded (7 or less)/Diseased (6 or less)]\n"
                "Wounded (7 or less): Your wound opens. [Wisdom (Master)]\n");
  CHECK(test::codes(c).empty());
  const Paragraph& p = paragraph(c, 1);
  const auto& awards = p.sections.at(0).awards();
  REQUIRE(awards.size() == 2);
  CHECK(awards[0].kind == AwardKind::Status);
  CHECK(awards[0].term == AwardTerm::SevenOrLess);
  CHECK(awards[1].term == AwardTerm::SixOrLess);
  const Section& wounded = p.sections.at(1);
  REQUIRE(wounded.conditions.size() == 1);
  CHECK(wounded.conditions[0].kind == ConditionKind::Status);
  CHECK(wounded.conditions[0].id == "wounded");
  CHECK(wounded.awards().at(0).kind == AwardKind::Skill);
  CHECK(wounded.awards().at(0).term == AwardTerm::Master);

  Compilation wrong; // statuses are never `1 use`, nor Master (rule 13.3)
  test::compile(wrong, "@1\nThe fight.\nNo Skill: x [Wounded (1 use)/Blessed (Master)]\n");
  CHECK(test::codes(wrong) == std::vector<std::string>{"TB0006", "TB0006"});
}

TEST_CASE("rules: conditional Master skills and companions as the rulebook prints them",
          "[rules]") {
  // Rule 12.4: `Wisdom (Master) (7 or less)` and `Wisdom (Master, 7 or less)`
  // are one term, a Master while the condition holds; `(companion)` ties a
  // skill to a status. Chinese: full-width parentheses and commas.
  Compilation c;
  test::compile(c, "@1\nA sage.\nNo Skill: He teaches you. [Wisdom (Master) (7 or less)/"
                   "Piety (Master, 6 or less)/Luck (1 use, Master)]\n"
                   "Piety: A wife. [Married/Seamanship (companion)/Magic (Master, companion)]\n");
  CHECK(test::codes(c).empty());
  const auto& sage = paragraph(c, 1).sections.at(0).awards();
  REQUIRE(sage.size() == 3);
  CHECK(sage[0].term == AwardTerm::MasterSevenOrLess);
  CHECK(sage[1].term == AwardTerm::MasterSixOrLess);
  CHECK(sage[2].term == AwardTerm::MasterOneUse);
  const auto& wife = paragraph(c, 1).sections.at(1).awards();
  REQUIRE(wife.size() == 3);
  CHECK(wife[1].term == AwardTerm::Companion);
  CHECK(wife[2].term == AwardTerm::MasterCompanion);

  Compilation zh;
  test::compile(zh,
                {{"a.tales", "@1\n一位智者。\n无技能：他教你。[智慧（精通，7或更低）/"
                             "虔诚（精通）（6或更低）/水手（同伴）]\n"}},
                "zh");
  CHECK(test::codes(zh).empty());
  const auto& zh_awards = paragraph(zh, 1).sections.at(0).awards();
  REQUIRE(zh_awards.size() == 3);
  CHECK(zh_awards[0].term == AwardTerm::MasterSevenOrLess);
  CHECK(zh_awards[1].term == AwardTerm::MasterSixOrLess);
  CHECK(zh_awards[2].term == AwardTerm::Companion);

  // Not a pair of the rules: two conditions, a Master `1 turn` (statuses
  // only), a companion status, a Master of a status: TB0006 at the argument.
  Compilation wrong;
  test::compile(wrong,
                "@1\nA sage.\nNo Skill: x [Piety (7 or less, 6 or less)/"
                "Wisdom (Master, 1 turn)/Married (companion)/Wounded (Master, 7 or less)]\n");
  CHECK(test::codes(wrong) == std::vector<std::string>{"TB0006", "TB0006", "TB0006", "TB0006"});
}

TEST_CASE("rules: losing a treasure and any statuses", "[rules]") {
  Compilation c;
  test::compile(c, "@1\nA thief.\nNo Skill: He takes it. [Lose Ebony Horse/Lose any statuses of "
                   "your choice]\n@150 treasure Ebony Horse\nIt flies.\n");
  CHECK(test::codes(c).empty());
  const auto& awards = paragraph(c, 1).sections.at(0).awards();
  REQUIRE(awards.size() == 2);
  CHECK(awards[0].kind == AwardKind::LoseTreasure);
  CHECK(awards[0].paragraph() == 150);
  CHECK(awards[1].kind == AwardKind::LoseStatuses);

  Compilation zh;
  test::compile(zh,
                {{"a.tales", "@1\n窃贼。\n无技能：他拿走了。[失去乌木马/失去任意状态]\n"
                             "@150 treasure 乌木马\n它会飞。\n"}},
                "zh");
  CHECK(test::codes(zh).empty());
  const auto& zh_awards = paragraph(zh, 1).sections.at(0).awards();
  REQUIRE(zh_awards.size() == 2);
  CHECK(zh_awards[0].kind == AwardKind::LoseTreasure);
  CHECK(zh_awards[1].kind == AwardKind::LoseStatuses);

  Compilation unknown;
  test::compile(unknown, "@1\nA thief.\nNo Skill: He takes it. [Lose Ebony Hors]\n"
                         "@150 treasure Ebony Horse\nIt flies.\n");
  CHECK(test::codes(unknown) == std::vector<std::string>{"TB0023"});
}

TEST_CASE("rules: parenthesised options and one error for one bad option", "[rules]") {
  Compilation c;
  test::compile(c, "@matrix D\nOptions: Punish | Buy(slave) | Hire\nMad: NE | NE | NE\n"
                   "Old: NE | ★ | NE\n");
  CHECK(test::codes(c).empty());
  const ReactionMatrix& m = c.book.matrices.at(0);
  CHECK(m.options == std::vector<std::string>{"punish", "buy", "hire"});
  CHECK(m.option_notes.at(1) == "slave");

  Compilation unknown; // an unknown option: one error, the rows keep their width
  test::compile(unknown, "@matrix D\nOptions: Punish | Purchase(slave) | Hire\n"
                         "Mad: NE | NE | NE\nOld: NE | ★ | NE\n");
  CHECK(test::codes(unknown) == std::vector<std::string>{"TB0027"});

  Compilation broken; // an options line that cannot be read: one syntax error, no row widths
  test::compile(broken, "@matrix D\nOptions: Punish | | Hire\nMad: NE | NE | NE\n"
                        "Old: NE | ★ | NE\nSly: NE | ★ | NE\n");
  CHECK(test::codes(broken) == std::vector<std::string>{"TB0003"});
}

TEST_CASE("rules: quests have spaces, modifiers and a table that covers the die", "[rules]") {
  Compilation c;
  test::compile(c, "@40 quest The Lost Ring\nThe ring is near the sea.\n"
                   "Spaces: Basra, Aden\n"
                   "Modifiers: +1 for each additional quest card; +2 if you have Seamanship; "
                   "-1 if you are Lost\n"
                   "1-2: Nothing. [D-1]\n3-5: A clue. [S1]\n6+: The ring! [S2/Q:S]\n");
  CHECK(test::codes(c).empty());
  const Paragraph& p = paragraph(c, 40);
  const auto& spaces = p.sections.at(0).conditions;
  REQUIRE(spaces.size() == 3);
  CHECK(spaces[0].kind == ConditionKind::Spaces);
  CHECK(spaces[1].kind == ConditionKind::Space);
  CHECK(spaces[1].id == "Basra");
  CHECK(spaces[2].id == "Aden");
  const auto& modifiers = p.sections.at(1).conditions;
  REQUIRE(modifiers.size() == 4);
  CHECK(modifiers[1].roll_low == 1);
  CHECK(modifiers[1].target() == ConditionKind::NoSkill);
  CHECK(modifiers[2].roll_low == 2);
  CHECK(modifiers[2].target() == ConditionKind::Skill);
  CHECK(modifiers[2].id == "seamanship");
  CHECK(modifiers[3].roll_low == -1);
  CHECK(modifiers[3].target() == ConditionKind::Status);
  CHECK(modifiers[3].id == "lost");

  Compilation zh;
  test::compile(zh,
                {{"a.tales", "@40 quest 丢失的戒指\n戒指在海边。\n地点：巴士拉、亚丁\n"
                             "修正：每多一张任务卡+1；若你有水手技能+1；若你迷路-1\n"
                             "1-2：一无所获。[D-1]\n3-5：线索。[S1]\n6+：戒指！[S2/Q:S]\n"}},
                "zh");
  CHECK(test::codes(zh).empty());
  const Paragraph& q = paragraph(zh, 40);
  CHECK(q.sections.at(0).conditions.size() == 3);
  const auto& zh_modifiers = q.sections.at(1).conditions;
  REQUIRE(zh_modifiers.size() == 4);
  CHECK(zh_modifiers[2].id == "seamanship");
  CHECK(zh_modifiers[3].id == "lost");
  CHECK(zh_modifiers[3].roll_low == -1);

  Compilation gaps;
  test::compile(gaps, "@40 quest The Lost Ring\nThe ring.\n1-2: Nothing. [D-1]\n"
                      "4-5: A clue. [S1]\n5-6: The ring! [S2/Q:S]\n");
  CHECK(test::codes(gaps) == std::vector<std::string>{"TB0203", "TB0200", "TB0201"});

  Compilation two_dice; // 2-12 without gaps; a first row below 2 is allowed
  test::compile(two_dice, "@12\nA wager.\n1-7: You lose. [W-1]\n8+: You win. [W+1]\n");
  CHECK(test::codes(two_dice).empty());
  Compilation short_table;
  test::compile(short_table, "@12\nA wager.\n2-7: You lose. [W-1]\n8-11: You win. [W+1]\n");
  CHECK(test::codes(short_table) == std::vector<std::string>{"TB0200"});
}

TEST_CASE("rules: the rulebook's printed forms read with its meaning", "[rules]") {
  // Rule 26.3 prints `Love-struck` and `Lovestruck` for the status Love Struck.
  for (const char* written : {"Lovestruck", "Love-struck", "love-struck", "Love Struck"}) {
    INFO(written);
    Compilation c;
    test::compile(c, std::string("@1\nYou meet a dancer.\nNo Skill: You swoon. [S1/") + written +
                         "]\n");
    CHECK(test::codes(c).empty());
    const auto& awards = paragraph(c, 1).sections.at(0).awards();
    REQUIRE(awards.size() == 2);
    CHECK(awards[1].kind == AwardKind::Status);
    CHECK(awards[1].id == "love_struck");
  }
  // Rule 22.4 prints a blank after the sign: `+ 1 to the die roll for each
  // additional Quest card`; `- 2` reads as -2. A modifier with no number
  // still has no amount (TB0204).
  Compilation quest;
  test::compile(quest, "@40 quest The Lost Ring\nThe ring is near the sea.\nSpaces: Basra\n"
                       "Modifiers: + 1 to the die roll for each additional Quest card; - 2 if "
                       "you are Lost\n1-3: Nothing. [D-1]\n4-6: The ring! [Q:S]\n");
  CHECK(test::codes(quest).empty());
  const auto& modifiers = paragraph(quest, 40).sections.at(1).conditions;
  REQUIRE(modifiers.size() == 3);
  CHECK(modifiers[1].roll_low == 1);
  CHECK(modifiers[2].roll_low == -2);
  CHECK(modifiers[2].id == "lost");
  // Rule 10.2's card abbreviations in an award group: `2 D pts.`, `1 S pt.`.
  Compilation points;
  test::compile(points, "@1\nA well.\nNo Skill: You drink. [2 D pts./1 S pt./W+1]\n"
                        "Piety: You pray. [3 S pts. if Merchant]\n");
  CHECK(test::codes(points).empty());
  const auto& drink = paragraph(points, 1).sections.at(0).awards();
  REQUIRE(drink.size() == 3);
  CHECK(drink[0].kind == AwardKind::Destiny);
  CHECK(drink[0].amount() == 2);
  CHECK(drink[1].kind == AwardKind::Story);
  CHECK(drink[1].amount() == 1);
  const auto& pray = paragraph(points, 1).sections.at(1).awards();
  REQUIRE(pray.size() == 1);
  CHECK(pray[0].amount() == 3);
  CHECK(pray[0].qualifier == AwardQualifier::IfMerchant);
  Compilation none;
  test::compile(none, "@40 quest The Lost Ring\nThe ring.\nSpaces: Basra\n"
                      "Modifiers: a little more for each card\n1-6: Nothing. [D-1]\n");
  CHECK(test::codes(none) == std::vector<std::string>{"TB0204"});
}

TEST_CASE("rules: a city card's result printed in words reads as the groups it means (TB0048)",
          "[rules]") {
  Vocabulary en;
  REQUIRE(en.load_file(test::source_dir() + "/locales/en/vocabulary.json").empty());
  const std::pair<const char*, const char*> meant[] = {
      {"Lose 3 Wealth", "[W-3]"},
      {"Gain 1 Wealth level.", "[W+1]"},
      {"Gain 3 D pts. if any status, otherwise gain 1 D pt.", "[D3] if any status, otherwise [D1]"},
      {"score 2 D pts. if Merchant", "[D2 if Merchant]"},
      {"Gain 2 S pts.", "[S2]"},
      {"Lose 1 D pt.", "[D-1]"},
      {"Become LOST", "[Lost]"},
      {"Gain ACTING & DISGUISE", "[Acting & Disguise]"},
      {"Lose piety", "[Lose Piety]"},
      {"become lovestruck", "[Love Struck]"},
  };
  for (const auto& [words, code] : meant) {
    INFO(words);
    auto printed = talebook::resolve::printed_result(en, words);
    REQUIRE(printed);
    CHECK(printed->code == code);
  }
  // The items themselves, resolved, and the words left outside the groups.
  auto two =
      talebook::resolve::printed_result(en, "Gain 3 D pts. if any status, otherwise gain 1 D pt.");
  REQUIRE(two);
  REQUIRE(two->groups.size() == 2);
  CHECK(two->groups[0].kind == AwardKind::Destiny);
  CHECK(two->groups[0].amount() == 3);
  CHECK(two->groups[1].amount() == 1);
  CHECK(two->rest == "if any status, otherwise");
  auto lost = talebook::resolve::printed_result(en, "Become LOST");
  REQUIRE(lost);
  CHECK(lost->groups.at(0).kind == AwardKind::Status);
  CHECK(lost->groups.at(0).id == "lost");
  CHECK(lost->rest.empty());
  auto merchant = talebook::resolve::printed_result(en, "score 2 D pts. if Merchant");
  REQUIRE(merchant);
  CHECK(merchant->groups.at(0).qualifier == AwardQualifier::IfMerchant);
  for (const char* words : {"Lose 1 S pt.", "Gain a camel", "Become a vizier's friend",
                            "The bazaar is shut.", "Gain 3 D pts., otherwise nothing"}) {
    INFO(words);
    CHECK_FALSE(talebook::resolve::printed_result(en, words));
  }
  // In a book: words of the rulebook's forms give their groups (TB0048, the
  // groups as the fix); other words alone give nothing (TB0047); a result
  // with a group, an encounter or a matrix row is not said; warnings.
  Compilation c;
  test::compile(c, "@3\nA jinni.\nNo Skill: You flee. [S1]\n@matrix H\nOptions: Talk\nOld: 3\n"
                   "@card city Mosul\n1: Lose 3 Wealth\n2: [D2] if any status, otherwise [S1]\n"
                   "3: Encounter Jinni (3)\n4: Encounter Old Sailor (H)\n5: Nothing at all\n"
                   "6: Become LOST\n");
  std::vector<std::string> found;
  for (const Diagnostic& d : c.diagnostics.all())
    if (d.code == Code::city_result_words || d.code == Code::city_result_read) {
      CHECK(d.severity == Severity::Warning);
      found.push_back(d.message + "|" + d.suggestion);
    }
  CHECK(found == std::vector<std::string>{
                     "city card 'Mosul', result 1: its words are read as the rulebook means "
                     "them; write the award groups|[W-3]",
                     "city card 'Mosul', result 5: its words give nothing; an award is written "
                     "as an award group|",
                     "city card 'Mosul', result 6: its words are read as the rulebook means "
                     "them; write the award groups|[Lost]"});
  const Card& mosul = c.book.cards.at(0);
  REQUIRE(mosul.results.at(0).awards.size() == 1);
  CHECK(mosul.results[0].awards[0].awards.at(0).kind == AwardKind::Wealth);
  CHECK(mosul.results[0].awards[0].awards.at(0).amount() == -3);
  CHECK(mosul.results[0].text.empty());
  CHECK(mosul.results.at(4).awards.empty());
  REQUIRE(mosul.results.at(5).awards.size() == 1);
  CHECK(mosul.results[5].awards[0].awards.at(0).id == "lost");
  // In the .tbook, where an engine reads them: result 1 is the group W-3.
  Compilation clean;
  test::compile(clean, "@card city Mosul\n1: Lose 3 Wealth\n2: [D1]\n3: [D1]\n4: [D1]\n"
                       "5: [D1]\n6: [D1]\n");
  std::string bytes;
  REQUIRE(emit_tbook(clean.book, clean.vocabulary, bytes, {}).empty());
  std::string error;
  auto book = tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  REQUIRE(book);
  const tbook::CityResult first = book->city_result(book->card(0).results.first);
  REQUIRE(first.award_groups.count == 1);
  const tbook::AwardGroup group = book->award_group(first.award_groups.first);
  REQUIRE(group.awards.count == 1);
  CHECK(book->award(group.awards.first).kind == tbook::AwardKind::Wealth);
  CHECK(book->award(group.awards.first).amount == -3);
  CHECK(first.text.empty());
}

TEST_CASE("rules: 003's Chinese forms: Lose D1 and a skill at Talent", "[rules][zh]") {
  // `失去D1` (lose D1) is D-1, as `Lose D1` in English; a skill `（天赋）` is
  // received at Talent, as any skill is (rule 12.3). A status at Talent and a
  // lost Story point are still reported.
  Compilation zh;
  test::compile(
      zh, {{"a.tales", "@1\n一座庙。\n无技能：你走了。[失去D1/失去Ｗ２/讲故事（天赋）]\n"}}, "zh");
  CHECK(test::codes(zh).empty());
  const auto& awards = paragraph(zh, 1).sections.at(0).awards();
  REQUIRE(awards.size() == 3);
  CHECK(awards[0].kind == AwardKind::Destiny);
  CHECK(awards[0].amount() == -1);
  CHECK(awards[1].kind == AwardKind::Wealth);
  CHECK(awards[1].amount() == -2);
  CHECK(awards[2].kind == AwardKind::Skill);
  CHECK(awards[2].id == "storytelling");
  CHECK(awards[2].term == AwardTerm::Permanent);
  Compilation en;
  test::compile(en, "@1\nA shrine.\nNo Skill: You go. [Lose D1/Storytelling (Talent)]\n");
  CHECK(test::codes(en).empty());
  REQUIRE(paragraph(en, 1).sections.at(0).awards().size() == 2);
  CHECK(paragraph(en, 1).sections.at(0).awards()[0].amount() == -1);
  Compilation bad;
  test::compile(bad, {{"a.tales", "@1\n一座庙。\n无技能：你走了。[受伤（天赋）/失去S1]\n"}}, "zh");
  CHECK(test::codes(bad) == std::vector<std::string>{"TB0006", "TB0032"});
}

TEST_CASE("rules: the .tbook carries the new kinds and the reader gives them back", "[rules]") {
  Compilation c;
  test::compile(c, "@1\nA beggar.\nNo Skill: x [S1/Lose Ebony Horse/Lose any statuses of your "
                   "choice/Wisdom (Master)/Wounded (7 or less)/Piety (Master, 7 or less)/"
                   "Luck (companion)]\n"
                   "Wealth: Poor or less (All mandatory): y [D1]\n"
                   "@150 treasure Ebony Horse\nIt flies.\n"
                   "@40 quest The Lost Ring\nThe ring.\nSpaces: Basra, Aden\n"
                   "Modifiers: +2 if you have Seamanship; -1 if you are Lost; +1 per card\n"
                   "1-2: Nothing. [D-1]\n3+: The ring! [S2/Q:S]\n");
  REQUIRE(test::codes(c).empty());
  std::string bytes;
  REQUIRE(emit_tbook(c.book, c.vocabulary, bytes, {}).empty());
  std::string error;
  auto book = tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  REQUIRE(book);
  CHECK(book->version().major == 1);
  CHECK(book->version().minor == 7);

  auto p = book->find_paragraph(1);
  REQUIRE(p);
  tbook::Section none = book->section(p->sections.first);
  std::vector<tbook::Award> awards;
  for (std::uint32_t i : none.awards)
    awards.push_back(book->award(i));
  REQUIRE(awards.size() == 7);
  CHECK(awards[1].kind == tbook::AwardKind::LoseTreasure);
  CHECK(awards[1].paragraph == 150);
  CHECK(awards[1].name == "Ebony Horse");
  CHECK(awards[2].kind == tbook::AwardKind::LoseStatuses);
  CHECK(awards[3].term == tbook::AwardTerm::Master);
  CHECK(awards[3].id == "wisdom");
  CHECK(awards[4].term == tbook::AwardTerm::SevenOrLess);
  CHECK(awards[5].term == tbook::AwardTerm::MasterSevenOrLess); // 1.5
  CHECK(awards[6].term == tbook::AwardTerm::Companion);
  tbook::Condition wealth = book->condition(book->section(p->sections.first + 1).conditions.first);
  CHECK(wealth.kind == tbook::ConditionKind::Wealth);
  CHECK(wealth.id == "poor");
  CHECK(wealth.mandatory);
  CHECK(wealth.roll_low == 0);
  CHECK(wealth.roll_high == 1);

  auto q = book->find_paragraph(40);
  REQUIRE(q);
  std::vector<tbook::Condition> spaces, modifiers;
  for (std::uint32_t i : book->section(q->sections.first).conditions)
    spaces.push_back(book->condition(i));
  for (std::uint32_t i : book->section(q->sections.first + 1).conditions)
    modifiers.push_back(book->condition(i));
  REQUIRE(spaces.size() == 3);
  CHECK(spaces[2].kind == tbook::ConditionKind::Space);
  CHECK(spaces[2].name == "Aden");
  REQUIRE(modifiers.size() == 4);
  CHECK(modifiers[1].amount == 2);
  CHECK(modifiers[1].target == tbook::ConditionKind::Skill);
  CHECK(modifiers[1].id == "seamanship");
  CHECK(modifiers[2].amount == -1);
  CHECK(modifiers[2].target == tbook::ConditionKind::Status);
  CHECK(modifiers[2].name == "Lost");
  CHECK(modifiers[3].amount == 1);
  CHECK(modifiers[3].target == tbook::ConditionKind::NoSkill);
  CHECK(modifiers[3].words == "+1 per card");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
