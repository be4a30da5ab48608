// What the parser builds: the model of paragraphs, sections, awards, charts,
// matrices and cards, read from small books in memory.
#include <catch2/catch.hpp>

#include <algorithm>
#include <tuple>

#include "tests/model_support.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;
using test::paragraph;

namespace {

std::string text_at(const Compilation& c, SourceRange r) {
  return std::string(c.sources.text(r));
}

} // namespace

TEST_CASE("parser: prose, sections, conditions and bracketed awards", "[parser]") {
  Compilation c;
  test::compile(c, "@328\n"
                   "\"A favour, stranger (329).\"\n"
                   "No Skill: You cannot help. [S1]\n"
                   "Courtly Graces: You speak for him. [S1/D1/Trea*/Q:S]\n"
                   "Quick Thinking, Scholarship: A ruse. [S1/D1/Minor Magic/Q:S]\n"
                   "Insane (mandatory), Female: You laugh.\n"
                   "It goes badly. [D-1/Scorned]\n"
                   "@329\nNo Skill: x [S1]\n");
  REQUIRE(c.diagnostics.all().empty());
  const Paragraph& p = paragraph(c, 328);
  CHECK(p.kind == ParagraphKind::Award);
  CHECK(p.prose == "\"A favour, stranger (329).\"");
  CHECK(text_at(c, p.prose_range()) == p.prose);
  REQUIRE(p.refs.size() == 1);
  CHECK(p.refs[0].number == 329);
  REQUIRE(p.sections.size() == 4);
  CHECK(p.sections[0].conditions[0].kind == ConditionKind::NoSkill);
  CHECK(p.sections[0].text == "You cannot help.");
  CHECK(text_at(c, p.sections[0].text_range()) == "You cannot help.");
  const auto& graces = p.sections[1];
  CHECK(graces.conditions[0].kind == ConditionKind::Skill);
  CHECK(graces.conditions[0].id == "courtly_graces");
  REQUIRE(graces.award());
  REQUIRE(graces.awards().size() == 4);
  CHECK(graces.award()->bracketed);
  CHECK(graces.awards()[0].kind == AwardKind::Story);
  CHECK(graces.awards()[0].amount() == 1);
  CHECK(graces.awards()[1].kind == AwardKind::Destiny);
  CHECK(graces.awards()[2].kind == AwardKind::RandomTreasure);
  CHECK(graces.awards()[3].kind == AwardKind::QuestSuccess);
  CHECK(p.sections[2].conditions.size() == 2);
  CHECK(p.sections[2].conditions[1].id == "scholarship");
  CHECK(p.sections[2].awards()[2].kind == AwardKind::Skill);
  CHECK(p.sections[2].awards()[2].id == "minor_magic");
  const auto& insane = p.sections[3];
  CHECK(insane.mandatory());
  CHECK(insane.conditions[0].kind == ConditionKind::Status);
  CHECK(insane.conditions[0].mandatory);
  CHECK(insane.conditions[1].kind == ConditionKind::Female);
  CHECK(insane.text == "You laugh.\nIt goes badly.");
  CHECK(insane.awards()[0].amount() == -1);
  CHECK(insane.awards()[1].id == "scorned");
}

TEST_CASE("parser: bare 1985 awards and case-insensitive headings", "[parser]") {
  Compilation c;
  test::compile(c, "@1\nNO SKILL: The task is beyond you. S1.\n"
                   "STORYTELLING: You tell it well. D2/S1/W + 1 (Max: Poor)/Storytelling\n"
                   "Courtly Graces or Wisdom: You bow.\nD1/Piety\n");
  REQUIRE(c.diagnostics.all().empty());
  const Paragraph& p = paragraph(c, 1);
  REQUIRE(p.sections.size() == 3);
  CHECK(p.sections[0].text == "The task is beyond you.");
  REQUIRE(p.sections[0].award());
  CHECK_FALSE(p.sections[0].award()->bracketed);
  CHECK(p.sections[0].awards()[0].kind == AwardKind::Story);
  const Award& wealth = p.sections[1].awards()[2];
  CHECK(wealth.kind == AwardKind::Wealth);
  CHECK(wealth.amount() == 1);
  CHECK(wealth.limit == WealthLimit::Max);
  CHECK(wealth.limit_id() == "poor");
  CHECK(p.sections[1].awards()[3].id == "storytelling");
  CHECK(p.sections[2].conditions.size() == 2); // joined by "or"
  CHECK(p.sections[2].conditions[1].id == "wisdom");
  CHECK(p.sections[2].awards()[1].id == "piety");
}

TEST_CASE("parser: every award item of the brief", "[parser]") {
  Compilation c;
  test::compile(
      c, "@1\nNo Skill: x [Go to 2/Enter City of Brass/Death/Lose Piety/Lose Lost/Luck (1 use)/"
         "Wisdom (7 or less)/Piety (6 or less)/Lost (1 turn)/Trea* if Merchant/D1 if Quest/"
         "Ionian Gems (20)/Ionian Gems/W-1 (Min: Poor)]\n"
         "@2\nNo Skill: x [S1]\n@20 treasure Ionian Gems\nThey shine.\n@30 place City of "
         "Brass\nBrass.\n");
  // No book gives and takes Piety or `Lost`, or one treasure twice, in one group: the
  // rule lints say so (TB0319, TB0318); the parser reads every item all the same.
  REQUIRE(test::codes(c) == std::vector<std::string>{"TB0319", "TB0319", "TB0318"});
  const auto& a = paragraph(c, 1).sections[0].awards();
  REQUIRE(a.size() == 14);
  CHECK((a[0].kind == AwardKind::GoTo && a[0].paragraph() == 2));
  CHECK((a[1].kind == AwardKind::EnterPlace && a[1].paragraph() == 30));
  CHECK(a[2].kind == AwardKind::Death);
  CHECK((a[3].kind == AwardKind::LoseSkill && a[3].id == "piety"));
  CHECK((a[4].kind == AwardKind::LoseStatus && a[4].id == "lost"));
  CHECK((a[5].kind == AwardKind::Skill && a[5].term == AwardTerm::OneUse));
  CHECK(a[6].term == AwardTerm::SevenOrLess);
  CHECK(a[7].term == AwardTerm::SixOrLess);
  CHECK((a[8].kind == AwardKind::Status && a[8].term == AwardTerm::OneTurn));
  CHECK((a[9].kind == AwardKind::RandomTreasure && a[9].qualifier == AwardQualifier::IfMerchant));
  CHECK((a[10].kind == AwardKind::Destiny && a[10].qualifier == AwardQualifier::IfQuest));
  CHECK((a[11].kind == AwardKind::Treasure && a[11].paragraph() == 20));
  CHECK((a[12].kind == AwardKind::Treasure && a[12].paragraph() == 20)); // linked by name
  CHECK(
      (a[13].kind == AwardKind::Wealth && a[13].amount() == -1 && a[13].limit == WealthLimit::Min));
}

TEST_CASE("parser: prose with a colon stays prose", "[parser]") {
  Compilation c;
  test::compile(
      c, "@1\nThe merchant said: come back tomorrow.\nNote: the well is deep.\nNo Skill: x [S1]\n");
  REQUIRE(c.diagnostics.all().empty());
  const Paragraph& p = paragraph(c, 1);
  CHECK(p.prose == "The merchant said: come back tomorrow.\nNote: the well is deep.");
  CHECK(p.sections.size() == 1);
}

TEST_CASE("parser: an award right after the prose is a section for everyone", "[parser]") {
  Compilation c;
  test::compile(c, "@1\nYou find a purse in the road. [W+1]\n");
  REQUIRE(c.diagnostics.all().empty());
  const Paragraph& p = paragraph(c, 1);
  CHECK(p.prose == "You find a purse in the road.");
  REQUIRE(p.sections.size() == 1);
  CHECK(p.sections[0].conditions.empty());
  CHECK(p.sections[0].awards()[0].kind == AwardKind::Wealth);
}

TEST_CASE("parser: charts, matrices, cards and quests", "[parser]") {
  Compilation c;
  test::compile(c, test::read_file(test::source_dir() + "/tests/golden/ok-sample-shapes.tales"));
  REQUIRE(c.diagnostics.all().empty());
  const ReactionMatrix* g = c.book.matrix('G');
  REQUIRE(g);
  CHECK(g->options.size() == 6);
  CHECK(g->options[0] == "pray");
  REQUIRE(g->rows.size() == 2);
  CHECK(g->rows[0].adjective == "Terrible");
  CHECK(g->rows[0].cells[0].kind == CellKind::Number);
  CHECK(g->rows[0].cells[0].number == 11);
  CHECK(g->rows[0].cells[1].kind == CellKind::Forbidden);
  CHECK(g->rows[0].cells[3].kind == CellKind::NoEncounter);
  CHECK(g->rows[0].cells[4].kind == CellKind::Forbidden); // ASCII '*'
  const Paragraph& chart = paragraph(c, 4);
  REQUIRE(chart.chart);
  REQUIRE(chart.chart->entries.size() == 6);
  CHECK(chart.chart->entries[1].being == "Mild Breeze");
  CHECK(chart.chart->entries[1].adjective == "Mild");
  CHECK(chart.chart->entries[1].matrix == 'G');
  const Paragraph& quest = paragraph(c, 40);
  CHECK(quest.kind == ParagraphKind::Quest);
  CHECK(quest.name == "The Lost Ring");
  REQUIRE(quest.sections.size() == 5);
  CHECK(quest.sections[0].conditions[0].kind == ConditionKind::Spaces);
  CHECK(quest.sections[2].conditions[0].kind == ConditionKind::Roll);
  CHECK(quest.sections[2].conditions[0].roll_low == 1);
  CHECK(quest.sections[2].conditions[0].roll_high() == 3);
  CHECK(quest.sections[4].conditions[0].roll_low == 6);
  CHECK(quest.sections[4].conditions[0].roll_high() == 0); // 6+
  REQUIRE(c.book.cards.size() == 3);
  const Card& sage = c.book.cards[0];
  CHECK((sage.kind == CardKind::Character && sage.name == "Sage" && sage.matrix == 'G'));
  CHECK(sage.decks.size() == 3);
  const Card& mountain = c.book.cards[1];
  REQUIRE(mountain.terrains.size() == 2);
  CHECK(mountain.terrains[0].terrain == "mountain");
  CHECK(mountain.terrains[0].illustrated);
  CHECK_FALSE(mountain.terrains[1].illustrated);
  const Card& city = c.book.cards[2];
  REQUIRE(city.results.size() == 6);
  CHECK(city.results[1].awards.size() == 2);
  CHECK(city.results[1].text == "if any status, otherwise");
  CHECK(city.results[5].refs.size() == 1);
  REQUIRE(city.results[5].matrix_refs.size() == 1);
  CHECK(city.results[5].matrix_refs[0].being == "Mild Wind");
}

TEST_CASE("parser: BOM, CRLF and full-width code characters", "[parser][text]") {
  Compilation c;
  test::compile(c,
                test::read_file(test::source_dir() + "/tests/golden/ok-crlf-bom-fullwidth.tales"));
  REQUIRE(c.diagnostics.all().empty());
  const Paragraph& p = paragraph(c, 1);
  CHECK(p.prose == "The road turns.");
  REQUIRE(p.sections.size() == 1);
  CHECK(p.sections[0].conditions[0].kind == ConditionKind::NoSkill);
  REQUIRE(p.sections[0].award());
  CHECK(p.sections[0].awards()[0].kind == AwardKind::Destiny);
  CHECK(p.sections[0].awards()[0].amount() == 2);
  CHECK(p.sections[0].awards()[1].kind == AwardKind::Story);
  CHECK(c.book.paragraph(2) != nullptr); // ＠２
}

TEST_CASE("parser: invalid UTF-8 is reported at its exact line and column", "[parser][text]") {
  Compilation c;
  test::compile(c, std::string("@1\nNo Skill: ab\xC3\x28 cd [S1]\n"));
  REQUIRE(test::codes(c) == std::vector<std::string>{"TB0001"});
  LineColumn at = c.sources.file(1).position(c.diagnostics.all()[0].range.begin);
  CHECK(at.line == 2);
  CHECK(at.column == 13);
}

TEST_CASE("parser: errors in one paragraph do not hide the next ones", "[parser]") {
  Compilation c;
  test::compile(c, "@1\nNo Skill: x [S1/]\n@2\nNo Skill: y [D1\n@3\nNo Skill: z [Go to 99]\n");
  // `[D1` at the end of its line: a group wrapped over two lines (TB0324).
  CHECK(test::codes(c) == std::vector<std::string>{"TB0003", "TB0324", "TB0011"});
  CHECK(c.book.paragraphs.size() == 3);
}

TEST_CASE("parser: the map's spaces, routes and movement rates", "[parser][map]") {
  Compilation c;
  test::compile(c, "@map\nBeggar: 3/1\nPoor: 3/2\nRespectable: 3/3\nRich: 2/4\n"
                   "Princely: 2/5\nFabulous: 1/6\n"
                   "@space Baghdad (City, start)\nLand: Basra\n"
                   "@space Basra (City, 1)\nSea: Great Sea\n"
                   "@space Great Sea (Sea, wild, 3)\n"
                   "@space City of Brass (Desert, place 700)\nExit: Baghdad\n"
                   "@700 place City of Brass\nNo Skill: Walls. [S1]\n");
  REQUIRE(c.diagnostics.all().empty());
  const WorldMap& map = c.book.map;
  REQUIRE(map.spaces.size() == 4);
  const Space& baghdad = map.spaces[0];
  CHECK((baghdad.name == "Baghdad" && baghdad.terrain == "city" && baghdad.start));
  CHECK((!baghdad.wild && baghdad.black == 0 && baghdad.place.number == 0));
  REQUIRE(baghdad.routes.size() == 1);
  CHECK((baghdad.routes[0].to == "Basra" && baghdad.routes[0].target == 1));
  CHECK(baghdad.routes[0].kind == RouteKind::Land);
  CHECK(map.spaces[1].routes.at(0).kind == RouteKind::Sea);
  const Space& sea = map.spaces[2];
  CHECK((sea.terrain == "sea" && sea.wild && sea.black == 3 && !sea.start));
  const Space& brass = map.spaces[3];
  CHECK(brass.place.number == 700);
  CHECK((brass.routes.at(0).exit && brass.routes.at(0).target == 0));
  REQUIRE(map.rates.size() == 6);
  CHECK((map.rates[1].level == "poor" && map.rates[1].land == 3 && map.rates[1].sea == 2));
  // Every route both ways; the place's exit a land move out and in.
  const std::vector<std::vector<Move>> moves = space_moves(map);
  REQUIRE(moves[0].size() == 2);
  CHECK((moves[0][0].to == 1 && moves[0][1].to == 3));
  CHECK((moves[2].size() == 1 && moves[2][0].kind == RouteKind::Sea));
  CHECK((moves[3].size() == 1 && moves[3][0].kind == RouteKind::Land));
}

namespace {

const std::string rates = "@map\nBeggar: 3/1\nPoor: 3/2\nRespectable: 3/3\nRich: 2/4\n"
                          "Princely: 2/5\nFabulous: 1/6\n";

} // namespace

TEST_CASE("parser: the Merchant Display, its counters and the cities' products",
          "[parser][display]") {
  Compilation c;
  test::compile(c, rates + "@space Baghdad (City, start)\nLand: Basra, Mosul\n"
                           "@space Basra (City, 1)\nSea: Persian Gulf\nProducts: Pearls, Dates\n"
                           "@space Mosul (City)\nProducts: Salt, Hides, Aloe\n"
                           "@space Persian Gulf (Sea)\n"
                           "@display\n"
                           "% the grid\n"
                           "Pearls | .      | Dates  | .     | Silk\n"
                           "\n"
                           ".      | .      | .      | .     | .\n"
                           "Salt   | .      | Aloe   | .     | Hides\n"
                           "Counters: straight 10, diagonal 6, left 4, right 4\n"
                           "Wealth 1: straight 2, left 1\n"
                           "Wealth 2: diagonal 1\n");
  for (const Diagnostic& d : c.diagnostics.all())
    INFO(info(d.code).code << ": " << d.message);
  // Silk is no city's: the only report.
  CHECK(test::codes(c) == std::vector<std::string>{"TB0328"});
  const MerchantDisplay& d = c.book.display;
  REQUIRE(d.headers.size() == 1);
  CHECK((d.row_count == 3 && d.column_count == 5));
  REQUIRE(d.rows.size() == 3);
  CHECK(d.rows[1].boxes.size() == 5);
  CHECK(d.rows[1].boxes[0].product.empty());
  CHECK(text_at(c, d.rows[0].boxes[2].range) == "Dates");
  REQUIRE(d.products.size() == 6);
  std::vector<std::string> names;
  for (const Product& p : d.products)
    names.push_back(p.name);
  CHECK(names == std::vector<std::string>{"Pearls", "Dates", "Silk", "Salt", "Aloe", "Hides"});
  CHECK((d.products[4].row == 2 && d.products[4].column == 2));
  CHECK(text_at(c, d.products[5].range) == "Hides");
  // The counter lines as written, then grouped as the .tbook stores them.
  REQUIRE(d.counters.size() == 3);
  CHECK((d.counters[0].wealth == 0 && d.counters[0].counts.size() == 4));
  CHECK((d.counters[1].wealth == 1 && d.counters[1].marked));
  CHECK((d.counters[0].counts[1].shape == "diagonal" && d.counters[0].counts[1].count == 6));
  const std::vector<CounterGroup> groups = counter_groups(d);
  std::vector<std::tuple<CounterShape, std::uint32_t, std::uint32_t>> got;
  for (const CounterGroup& g : groups)
    got.emplace_back(g.shape, g.count, g.wealth);
  using S = CounterShape;
  CHECK(got ==
        std::vector<std::tuple<CounterShape, std::uint32_t, std::uint32_t>>{{S::Straight, 8, 0},
                                                                            {S::Straight, 2, 1},
                                                                            {S::Diagonal, 5, 0},
                                                                            {S::Diagonal, 1, 2},
                                                                            {S::Left, 3, 0},
                                                                            {S::Left, 1, 1},
                                                                            {S::Right, 4, 0}});
  // Each city's products, resolved to their boxes in the order written.
  const Space& basra = c.book.map.spaces[1];
  REQUIRE(basra.products.size() == 2);
  CHECK((basra.products[0].name == "Pearls" && basra.products[0].product == 0));
  CHECK((basra.products[1].name == "Dates" && basra.products[1].product == 1));
  CHECK(text_at(c, basra.products_line) == "Products: Pearls, Dates");
  const Space& mosul = c.book.map.spaces[2];
  REQUIRE(mosul.products.size() == 3);
  CHECK((mosul.products[1].product == 5 && mosul.products[2].product == 4));
  CHECK(c.book.map.spaces[0].products.empty());
}

TEST_CASE("parser: a Chinese display and products, with the Chinese colon and list marks",
          "[parser][display][text]") {
  Compilation c;
  test::compile(c,
                {{"zh.tales", "@map\n乞丐：3/1\n贫穷：3/2\n体面：3/3\n富有：2/4\n王侯之富：2/5\n"
                              "富可敌国：1/6\n@space 巴格达（城市，start）\nLand：巴士拉\n"
                              "@space 巴士拉（城市，1）\nProducts：珍珠、椰枣\n"
                              "@display\n珍珠 ｜ ． ｜ 椰枣\n"
                              "Counters：straight 3、left 2\nWealth 1：left 1\n"}},
                "zh");
  for (const Diagnostic& d : c.diagnostics.all())
    INFO(info(d.code).code << ": " << d.message);
  CHECK(c.diagnostics.all().empty());
  const MerchantDisplay& d = c.book.display;
  CHECK((d.row_count == 1 && d.column_count == 3));
  REQUIRE(d.products.size() == 2);
  CHECK((d.products[1].name == "椰枣" && d.products[1].column == 2));
  const Space& basra = c.book.map.spaces[1];
  REQUIRE(basra.products.size() == 2);
  CHECK((basra.products[0].product == 0 && basra.products[1].product == 1));
  const std::vector<CounterGroup> groups = counter_groups(d);
  REQUIRE(groups.size() == 3);
  CHECK((groups[1].shape == CounterShape::Left && groups[1].count == 1 && groups[1].wealth == 0));
  CHECK((groups[2].shape == CounterShape::Left && groups[2].count == 1 && groups[2].wealth == 1));
}

TEST_CASE("parser: a display line that is no row, counter or comment is a syntax error",
          "[parser][display]") {
  Compilation c;
  test::compile(c, "@display\nPearls | . |\nCounters: straight\nCounters: straight 2,\n"
                   "Wealth 1: left 1\n");
  std::vector<std::string> codes = test::codes(c);
  CHECK(std::count(codes.begin(), codes.end(), "TB0003") == 3);
  // The lines that failed are left out: no row, one counter line (Wealth 1).
  CHECK(c.book.display.rows.empty());
  CHECK(c.book.display.counters.size() == 1);
  // A product that starts like a counter line is a box; `Wealth 3:` is too much wealth.
  Compilation d;
  test::compile(d, "@display\nWealth 5 | . | Silk\nCounters: straight 2\nWealth 3: straight 1\n");
  CHECK(test::codes(d) == std::vector<std::string>{"TB0060"});
  REQUIRE(d.book.display.products.size() == 2);
  CHECK(d.book.display.products[0].name == "Wealth 5");
  CHECK(d.book.display.counters.size() == 1);
}

TEST_CASE("parser: Chinese text needs no blanks where Chinese has none", "[parser][text]") {
  Compilation c;
  std::vector<std::pair<std::string, std::string>> files = {
      {"zh.tales",
       "@1\n"
       "\xEF\xBC\x85 \xE6\xB3\xA8\xE9\x87\x8A\n"                          // ％ 注释: a comment
       "\xE4\xBD\xA0\xE5\x90\x83\xE4\xBA\x86\xE3\x80\x82S1\xE3\x80\x82\n" // 你吃了。S1。
       "@2\n"
       "\xE6\x97\xA0\xE6\x8A\x80\xE8\x83\xBD\xEF\xBC\x9A"       // 无技能：
       "x[W+1\xE8\x8B\xA5\xE4\xB8\xBA\xE5\x95\x86\xE4\xBA\xBA/" // W+1若为商人
       "\xE5\xA4\xB1\xE5\x8E\xBB\xE5\xB9\xB8\xE8\xBF\x90]\n"}}; // 失去幸运
  test::compile(c, files, "zh");
  for (const Diagnostic& d : c.diagnostics.all())
    INFO(info(d.code).code << ": " << d.message);
  REQUIRE(c.diagnostics.all().empty());
  const Paragraph& one = paragraph(c, 1);
  REQUIRE(one.sections.size() == 1);
  REQUIRE(one.sections[0].award());
  CHECK_FALSE(one.sections[0].award()->bracketed);
  CHECK(one.sections[0].awards()[0].kind == AwardKind::Story);
  const auto& awards = paragraph(c, 2).sections[0].awards();
  REQUIRE(awards.size() == 2);
  CHECK(awards[0].qualifier == AwardQualifier::IfMerchant);
  CHECK((awards[1].kind == AwardKind::LoseSkill && awards[1].id == "luck"));
}

TEST_CASE("parser: text reaches the model in NFC, with a warning where it was not",
          "[parser][text]") {
  Compilation c;
  test::compile(
      c, "@1\nThe cafe\xCC\x81 is closed.\nNo Skill: You leave. [S1]\n"); // e + combining acute
  CHECK(test::codes(c) == std::vector<std::string>{"TB0002"});
  CHECK(paragraph(c, 1).prose == "The caf\xC3\xA9 is closed."); // é, composed
}

TEST_CASE("a paragraph's references are kept in the book's store, and copied into another's",
          "[parser][model]") {
  using talebook::ParagraphRef;
  talebook::Book book;
  std::vector<ParagraphRef> refs = {{134, {1, 2, 7}}, {12, {1, 9, 13}}};
  talebook::Paragraph p;
  p.refs = book.keep_refs(refs);
  REQUIRE(p.refs.size() == 2);
  CHECK(p.refs[0].number == 134);
  CHECK(p.refs.back().range.end == 13);
  refs.clear(); // the store holds its own copy
  CHECK(p.refs[1].number == 12);
  talebook::Book other;
  talebook::Paragraph copy = other.own(p, book); // the copy's references are `other`'s
  CHECK(copy.refs.data() != p.refs.data());
  copy.refs[0].number = 1;
  CHECK(p.refs[0].number == 134);
  std::vector<std::uint32_t> numbers;
  for (const ParagraphRef& r : copy.refs)
    numbers.push_back(r.number);
  CHECK(numbers == std::vector<std::uint32_t>{1, 12});
  talebook::Book moved = std::move(book); // a Book moves: the references stay where they are
  CHECK(p.refs[0].number == 134);
  CHECK(talebook::Slice<ParagraphRef>().empty());
  static_assert(sizeof(talebook::Slice<ParagraphRef>) == 12);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
