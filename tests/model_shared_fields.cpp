// Fields the model keeps in one place, read by kind: an Award's amount or
// paragraph, a status paragraph's id where only a chart's pointer is otherwise.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "compiler/model/model.hpp"
#include "tests/model_support.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

TEST_CASE("award: one number, an amount or a paragraph by its kind", "[model]") {
  Award a; // a Destiny award until a kind is set
  a.set_amount(-3);
  CHECK(a.amount() == -3);
  CHECK(a.paragraph() == 0);
  a.kind = AwardKind::Story;
  CHECK(a.amount() == -3);
  a.kind = AwardKind::GoTo; // a kind that keeps a paragraph reads no amount
  a.set_paragraph(134);
  CHECK(a.paragraph() == 134);
  CHECK(a.amount() == 0);
  a.set_amount(7); // the same place: a GoTo's number is its paragraph
  CHECK(a.paragraph() == 7);
  CHECK(a.amount() == 0);
  for (AwardKind kind : {AwardKind::Treasure, AwardKind::LoseTreasure, AwardKind::EnterPlace,
                         AwardKind::Skill, AwardKind::Status}) {
    a.kind = kind; // a name's `(154)`, as written before the resolver
    CHECK(a.paragraph() == 7);
    CHECK(a.amount() == 0);
  }
  for (AwardKind kind : {AwardKind::Death, AwardKind::RandomTreasure, AwardKind::QuestSuccess,
                         AwardKind::LoseStatuses}) {
    a.kind = kind; // neither
    CHECK(a.paragraph() == 0);
    CHECK(a.amount() == 0);
  }
  a.kind = AwardKind::Wealth;
  a.set_amount(-2147483647 - 1);
  CHECK(a.amount() == -2147483647 - 1);
  CHECK(a.paragraph() == 0);
}

TEST_CASE("paragraph: its id, when not its name, shares the chart's pointer", "[model]") {
  static const std::string id = "wounded"; // outlives the paragraphs, as the Vocabulary
  Paragraph treasure;
  treasure.kind = ParagraphKind::Treasure;
  treasure.name = "Ionian Gems";
  CHECK(treasure.name_id() == "Ionian Gems"); // a treasure's id is its name
  treasure.set_name_id("Ionian Gems (as written)");
  CHECK(treasure.name_id() == "Ionian Gems (as written)");
  CHECK(treasure.name == "Ionian Gems");

  Paragraph status;
  status.kind = ParagraphKind::Status;
  status.name = "Wounded";
  CHECK(status.name_id() == "Wounded"); // as written until resolved
  status.set_name_id(id);
  CHECK(status.name_id() == "wounded");
  CHECK(status.name_id().data() == id.data()); // a view, not a copy of the text
  CHECK(status.name == "Wounded");
  CHECK_FALSE(status.chart); // the id is no chart

  Paragraph copy = status;
  CHECK(copy.name_id() == "wounded");
  Paragraph moved = std::move(copy);
  CHECK(moved.name_id() == "wounded");
  CHECK(copy.name_id() == "Wounded"); // NOLINT: the moved-from paragraph has no id left
  moved = treasure;
  CHECK(moved.name_id() == "Ionian Gems (as written)");
  CHECK(status.name_id() == "wounded");

  Paragraph chart;
  chart.kind = ParagraphKind::Chart;
  chart.name = "Desert";
  chart.chart.emplace().entries.resize(2);
  CHECK(chart.chart->entries.size() == 2);
  CHECK(chart.chart.other() == nullptr);
  CHECK_THROWS_AS(chart.set_name_id(id), std::logic_error);
  CHECK(chart.chart->entries.size() == 2); // kept
  CHECK(chart.name_id() == "Desert");
}

TEST_CASE("paragraph: a name not in NFC keeps its id as written", "[model][resolve]") {
  Compilation c;
  test::compile(c, "@1\nYou find it. [Cafe\xCC\x81 Gems (154)]\n\n@154 treasure Cafe\xCC\x81 "
                   "Gems\nGems.\n");
  const Paragraph* p = c.book.paragraph(154);
  REQUIRE(p);
  CHECK(p->name == "Caf\xC3\xA9 Gems");       // NFC
  CHECK(p->name_id() == "Cafe\xCC\x81 Gems"); // as written, as the award's id
  CHECK(c.book.paragraph(1)->sections.at(0).awards().at(0).id == p->name_id());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
