// The sample book (book/) checks clean and has everything issue #2 asks of it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

namespace {

bool has_award(const Section& s, std::initializer_list<AwardKind> kinds) {
  if (!s.award() || s.awards().size() != kinds.size()) return false;
  std::size_t i = 0;
  for (AwardKind k : kinds)
    if (s.awards()[i++].kind != k) return false;
  return true;
}

} // namespace

TEST_CASE("the sample book checks clean", "[book]") {
  Compilation c;
  REQUIRE(compile_book(test::source_dir() + "/book", c));
  for (const Diagnostic& d : c.diagnostics.all())
    INFO(info(d.code).code << ": " << d.message);
  CHECK(c.diagnostics.all().empty());
}

TEST_CASE("the sample book has the contents the issue asks for", "[book]") {
  Compilation c;
  REQUIRE(compile_book(test::source_dir() + "/book", c));
  std::map<ParagraphKind, int> kinds;
  std::set<std::size_t> chart_sizes;
  bool bracketed = false, bare = false, shape_328 = false;
  for (const Paragraph& p : c.book.paragraphs) {
    ++kinds[p.kind];
    if (p.chart) chart_sizes.insert(p.chart->entries.size());
    for (const Section& s : p.sections)
      if (s.award()) (s.award()->bracketed ? bracketed : bare) = true;
    // The shape of the rulebook's paragraph 328.
    if (p.sections.size() == 3 && !p.sections[0].conditions.empty() &&
        p.sections[0].conditions[0].kind == ConditionKind::NoSkill &&
        p.sections[1].conditions[0].id == "courtly_graces" &&
        p.sections[2].conditions[0].id == "quick_thinking" &&
        has_award(p.sections[0], {AwardKind::Story}) &&
        has_award(p.sections[1], {AwardKind::Story, AwardKind::Destiny, AwardKind::RandomTreasure,
                                  AwardKind::QuestSuccess}) &&
        has_award(p.sections[2], {AwardKind::Story, AwardKind::Destiny, AwardKind::Skill,
                                  AwardKind::QuestSuccess}) &&
        p.sections[2].awards()[2].id == "minor_magic")
      shape_328 = true;
  }
  CHECK(kinds[ParagraphKind::Award] >= 60);
  CHECK(kinds[ParagraphKind::Chart] >= 3);
  CHECK(chart_sizes.count(6) == 1);
  CHECK(chart_sizes.count(12) == 1);
  CHECK(kinds[ParagraphKind::Status] >= 3);
  CHECK(kinds[ParagraphKind::Treasure] >= 3);
  CHECK(kinds[ParagraphKind::Place] >= 1);
  CHECK(kinds[ParagraphKind::Quest] >= 1);
  CHECK(c.book.matrices.size() >= 2);
  std::map<CardKind, int> cards;
  for (const Card& card : c.book.cards)
    ++cards[card.kind];
  CHECK(cards[CardKind::Character] >= 2);
  CHECK(cards[CardKind::Terrain] >= 2);
  CHECK(cards[CardKind::City] >= 2);
  CHECK(cards[CardKind::Special] >= 1);
  // The map (rule 9): a start space, places of power and cities on it, every
  // wealth level's rates.
  CHECK(c.book.map.spaces.size() >= 12);
  CHECK(std::count_if(c.book.map.spaces.begin(), c.book.map.spaces.end(),
                      [](const Space& s) { return s.start; }) == 1);
  CHECK(std::any_of(c.book.map.spaces.begin(), c.book.map.spaces.end(),
                    [](const Space& s) { return s.place.number != 0; }));
  CHECK(c.book.map.rates.size() == 6);
  // The Merchant Display (rule 23): every city but Baghdad has two or three of
  // its products, each product is some city's, and the cup holds about 40
  // counters of every shape, a few with wealth on their back.
  const MerchantDisplay& display = c.book.display;
  CHECK((display.row_count == 5 && display.column_count == 7));
  CHECK(display.products.size() >= 10);
  std::set<std::uint32_t> sold;
  for (const Space& s : c.book.map.spaces) {
    if (s.terrain != "city" || s.start) continue;
    CHECK((s.products.size() >= 2 && s.products.size() <= 3));
    for (const ProductRef& p : s.products)
      sold.insert(p.product);
  }
  CHECK(sold.size() == display.products.size());
  std::uint32_t counters = 0, marked = 0;
  std::set<CounterShape> shapes;
  for (const CounterGroup& g : counter_groups(display)) {
    counters += g.count;
    marked += g.wealth ? g.count : 0;
    shapes.insert(g.shape);
  }
  CHECK((counters >= 30 && counters <= 50));
  CHECK((marked > 0 && marked < counters / 4));
  CHECK(shapes.size() == 4);
  CHECK(bracketed);
  CHECK(bare);
  CHECK(shape_328);
  // A row with the shape of `Terrible 703 ★ 701 699 ★ ★`.
  bool terrible_shape = false;
  for (const ReactionMatrix& m : c.book.matrices)
    for (const MatrixRow& r : m.rows) {
      if (r.cells.size() != 6) continue;
      const auto& x = r.cells;
      terrible_shape |= x[0].kind == CellKind::Number && x[1].kind == CellKind::Forbidden &&
                        x[2].kind == CellKind::Number && x[3].kind == CellKind::Number &&
                        x[4].kind == CellKind::Forbidden && x[5].kind == CellKind::Forbidden &&
                        x[2].number < x[0].number &&
                        x[3].number < x[2].number; // numbers fall left to right
    }
  CHECK(terrible_shape);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
