// The model's compact records (compiler/model/model.hpp): an Award's name and
// argument as offsets in its item, a Section's ranges in one file and its
// award group held in place.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "compiler/parse/parser.hpp"
#include "tests/model_support.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

namespace {

Award item_at(std::uint32_t begin, std::uint32_t end) {
  Award a;
  a.range = {3, begin, end};
  return a;
}

} // namespace

TEST_CASE("award: name and argument ranges as offsets in the item, up to 64 KiB", "[model]") {
  Award a = item_at(1000, 1020);
  CHECK_FALSE(a.name_range().valid()); // none written
  CHECK_FALSE(a.argument_range().valid());
  a.set_name_range({3, 1005, 1012});
  a.set_argument_range({3, 1013, 1020});
  CHECK(a.name_range().begin == 1005);
  CHECK(a.name_range().end == 1012);
  CHECK(a.name_range().file == 3);
  CHECK(a.argument_range().begin == 1013);
  CHECK(a.argument_range().end == 1020);
  a.set_argument_range({});
  CHECK_FALSE(a.argument_range().valid());
  a.set_name_range({3, 1000, 1000}); // empty, at the item's start
  CHECK(a.name_range().valid());
  CHECK(a.name_range().begin == 1000);
  CHECK(a.name_range().end == 1000);

  // The last offset and size that fit; one more reads as the whole item.
  Award big = item_at(10, 10 + 200000);
  big.set_name_range({3, 10 + 0xFFFE, 10 + 0xFFFE + 0xFFFF});
  CHECK(big.name_range().begin == 10 + 0xFFFE);
  CHECK(big.name_range().end == 10 + 0xFFFE + 0xFFFF);
  big.set_name_range({3, 10 + 0xFFFF, 10 + 0xFFFF + 1});
  CHECK(big.name_range().begin == 10);
  CHECK(big.name_range().end == 10 + 200000);
  big.set_argument_range({3, 20, 20 + 0x10000});
  CHECK(big.argument_range().begin == 10);
  CHECK(big.argument_range().end == 10 + 200000);
}

TEST_CASE("award: a wealth award's level is its id", "[model]") {
  Award w;
  w.kind = AwardKind::Wealth;
  w.limit = WealthLimit::Min;
  w.id = "poor";
  CHECK(w.limit_id() == "poor");
  CHECK(w.limit == WealthLimit::Min);
  Award skill;
  skill.kind = AwardKind::Skill;
  skill.id = "piety";
  CHECK(skill.limit_id().empty());
  // The packed enums keep every value of their lists.
  skill.qualifier = AwardQualifier::IfQuest;
  skill.name = AwardName::Enter;
  CHECK(skill.qualifier == AwardQualifier::IfQuest);
  CHECK(skill.name == AwardName::Enter);
  CHECK(skill.limit == WealthLimit::None);
}

TEST_CASE("section: its ranges lie in one file, each valid or not", "[model]") {
  Section s;
  CHECK_FALSE(s.range().valid());
  CHECK_FALSE(s.heading().valid());
  s.set_range({7, 100, 180});
  s.set_heading({7, 100, 110});
  CHECK(s.range().file == 7);
  CHECK(s.range().end == 180);
  CHECK(s.heading().end == 110);
  CHECK_FALSE(s.text_range().valid());
  s.set_text_range({7, 111, 150});
  CHECK(s.text_range().begin == 111);
  CHECK_THROWS_AS(s.set_text_range({8, 111, 150}), std::logic_error);
  s.set_heading({}); // an implicit section: no heading
  CHECK_FALSE(s.heading().valid());
  CHECK(s.range().valid());
  // With no other valid range, a range may move to another file.
  Section t;
  t.set_range({1, 0, 5});
  t.set_range({2, 0, 5});
  CHECK(t.range().file == 2);
  // File ids are kept in 24 bits.
  CHECK_NOTHROW(t.set_range({0xFFFFFF, 0, 5}));
  CHECK_THROWS_AS(Section().set_range({0x1000000, 0, 5}), std::length_error);
  // The flags beside the file id do not disturb it.
  s.tentative = true;
  s.fallback = true;
  CHECK(s.range().file == 7);
  CHECK(s.tentative);
}

TEST_CASE("section: the award group is held in place", "[model]") {
  Book book;
  Section s;
  s.set_range({4, 0, 40});
  CHECK_FALSE(s.award());
  CHECK(s.awards().empty());
  Award d2;
  d2.set_amount(2);
  AwardCode code{book.keep_awards({d2}), {4, 30, 34}, false};
  s.set_award(code);
  REQUIRE(s.award());
  CHECK(s.award()->range.begin == 30);
  CHECK_FALSE(s.award()->bracketed);
  REQUIRE(s.awards().size() == 1);
  CHECK(s.awards()[0].amount() == 2);
  s.set_award({}); // a line that could not be read: an empty group with no range
  REQUIRE(s.has_award());
  CHECK_FALSE(s.award()->range.valid());
  CHECK(s.award()->bracketed);
  CHECK(s.range().valid());
  s.clear_award();
  CHECK_FALSE(s.has_award());
}

TEST_CASE("award: a name beyond 64 KiB of its item is reported at the item", "[model]") {
  Compilation c;
  REQUIRE(c.vocabulary.load_file(test::source_dir() + "/locales/en/vocabulary.json").empty());
  std::string name(70000, 'x');
  c.sources.add("a.tales", "@1\nNo Skill: You rest. [S1/Lose " + name + "]\n");
  parse_tales(1, c.sources, c.vocabulary, c.book, c.diagnostics);
  REQUIRE(c.book.paragraphs.size() == 1);
  const Award& lose = c.book.paragraphs[0].sections.at(0).awards().at(1);
  CHECK(lose.name == AwardName::Lose);
  CHECK(lose.id.size() == name.size());
  // The name's own range (5 bytes in, 70,000 long) does not fit: the item's.
  CHECK(lose.name_range().begin == lose.range.begin);
  CHECK(lose.name_range().end == lose.range.end);
  CHECK(c.sources.text(lose.range).substr(0, 5) == "Lose ");
}

TEST_CASE("section: a heading starts its section", "[model]") {
  Section s;
  s.set_heading({4, 200, 212}); // the parser: the heading first, then the range from it
  CHECK(s.heading().begin == 200);
  CHECK(s.heading().end == 212);
  CHECK_FALSE(s.range().valid());
  s.set_range({4, 200, 212});
  s.set_range({4, 200, 380}); // the section's text extends it; the heading stays
  CHECK(s.range().end == 380);
  CHECK(s.heading().begin == 200);
  CHECK(s.heading().end == 212);
  CHECK_THROWS_AS(s.set_range({4, 190, 380}), std::logic_error);
  CHECK_THROWS_AS(s.set_heading({4, 201, 212}), std::logic_error);
  CHECK(s.heading().begin == 200);
  // With no heading (an implicit section) the range may start anywhere.
  Section implicit;
  implicit.set_range({4, 50, 60});
  implicit.set_range({4, 40, 60});
  CHECK(implicit.range().begin == 40);
  CHECK_FALSE(implicit.heading().valid());
}

TEST_CASE("paragraph: its name as offsets in the header, up to 64 KiB", "[model]") {
  Paragraph p;
  p.set_header({3, 1000, 1000 + 70'000});
  p.set_name_range({3, 1000 + 65'535, 1000 + 65'540});
  CHECK(p.name_range().begin == 1000 + 65'535);
  CHECK(p.name_range().end == 1000 + 65'540);
  p.set_name_range({3, 1000 + 65'536, 1000 + 65'540}); // too far: the header
  CHECK(p.name_range().begin == p.header().begin);
  CHECK(p.name_range().end == p.header().end);
  p.set_name_range({3, 1004, 1004 + 65'536}); // too long: the header
  CHECK(p.name_range().end == p.header().end);
  p.set_name_range({3, 1004, 1010}); // and back
  CHECK(p.name_range().begin == 1004);
  CHECK(p.name_range().end == 1010);
}

TEST_CASE("paragraph: its chart is its own, copied and moved", "[model]") {
  Paragraph p;
  CHECK_FALSE(p.chart);
  p.chart.emplace().entries.resize(6);
  Paragraph copy = p;
  REQUIRE(copy.chart);
  CHECK(&*copy.chart != &*p.chart);
  CHECK(copy.chart->entries.size() == 6);
  copy.chart->entries.resize(12);
  CHECK(p.chart->entries.size() == 6);
  Paragraph moved = std::move(copy);
  REQUIRE(moved.chart);
  CHECK(moved.chart->entries.size() == 12);
  CHECK_FALSE(copy.chart); // NOLINT: the moved-from paragraph has none
  moved.chart = p.chart;   // a copy again, and the old one freed
  CHECK(moved.chart->entries.size() == 6);
  moved.chart.reset();
  CHECK_FALSE(moved.chart);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
