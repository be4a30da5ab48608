// The engine follows `Go to n` for every n: no number of the book means
// "none" (a Go to 0 was once dropped as "no Go to"). Since 0 is no paragraph
// number (TB0069, and the reader refuses a file that holds one), the books are
// made by hand, through the emitter, with a Go to that leads to a paragraph the
// book has or lacks; an award to 0 is tested below the reader.
#include <catch2/catch.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <talebook/engine/awards.hpp>
#include <talebook/engine/session.hpp>
#include <talebook/reader.hpp>

#include "compiler/emit/emit.hpp"
#include "tests/tbook_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using talebook::engine::DeadEnd;

// A chart (4) whose every line meets an Old Man of matrix H; his one reaction
// leads to 10, 11 or 12, each of which says `[Go to <target>]` in its prose.
// `present`: the book has paragraph `target`. Empty bytes and `error` set when
// the emitter refuses the book.
std::string go_to_book(std::uint32_t target, bool present, std::string& error) {
  using namespace talebook;
  using tbook_test::award;
  Book b;
  b.title = "Go to";
  b.language = "en";
  Paragraph chart;
  chart.number = 4;
  chart.kind = ParagraphKind::Chart;
  chart.prose = "A road.";
  chart.chart = EncounterChart{};
  for (int i = 1; i <= 6; ++i)
    chart.chart->entries.push_back({i, "Old Man", "Old", 'H', BeingSex::Unstated, false, 0, {}});
  b.paragraphs.push_back(chart);
  for (std::uint32_t n : {10u, 11u, 12u}) {
    Paragraph p;
    p.number = n;
    p.prose = "A door opens onto nothing.";
    Award go = award(AwardKind::GoTo);
    go.set_paragraph(target);
    AwardCode code;
    code.awards = b.keep_awards({go});
    code.bracketed = true;
    Section everyone; // the prose's own award: no heading
    everyone.set_award(code);
    p.sections = b.keep_sections({everyone});
    b.paragraphs.push_back(p);
  }
  if (present) {
    Paragraph p;
    p.number = target;
    p.prose = "The tale before the first.";
    b.paragraphs.push_back(p);
  }
  ReactionMatrix h;
  h.letter = 'H';
  h.options = {"pray"};
  MatrixRow old;
  old.adjective = "Old";
  old.cells = {{CellKind::Number, 11, {}}};
  h.rows = {old};
  b.matrices = {h};
  std::string bytes;
  error = emit_tbook(b, tbook_test::fixture_vocabulary(), bytes);
  return error.empty() ? bytes : std::string();
}

std::string go_to_book(std::uint32_t target, bool present) {
  std::string error;
  std::string bytes = go_to_book(target, present, error);
  INFO(error);
  REQUIRE(error.empty());
  return bytes;
}

struct Watcher : talebook::engine::PlayObserver {
  std::vector<std::uint32_t> read;
  std::vector<std::pair<DeadEnd, std::optional<std::uint32_t>>> dead_ends;
  void paragraph(std::uint32_t number) override { read.push_back(number); }
  void dead_end(DeadEnd kind, std::optional<std::uint32_t> where, char) override {
    dead_ends.emplace_back(kind, where);
  }
};

// A man with the first three skills turns to chart 4 and prays.
std::string play(const std::string& bytes, Watcher& watcher) {
  std::string error;
  auto book = talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  INFO(error);
  REQUIRE(book);
  std::istringstream in("1\n1\n2\n3\n1\n4\n1\n");
  std::ostringstream out;
  talebook::engine::Session session(*book, in, out, 7, true);
  session.observe(&watcher);
  session.run();
  return out.str();
}

} // namespace

TEST_CASE("engine: a Go to 0 is an award like any other", "[play][engine]") {
  talebook::engine::Character c;
  talebook::engine::Award go;
  go.kind = talebook::engine::AwardKind::GoTo;
  go.paragraph = 0;
  struct Quiet : talebook::engine::Table {
    talebook::engine::Dice dice_{1};
    talebook::engine::Names names_;
    talebook::engine::Dice& dice() override { return dice_; }
    const talebook::engine::Names& names() const override { return names_; }
    void say(const std::string&) override {}
    int ask(const std::string&, const std::vector<std::string>&) override { return -1; }
    std::vector<talebook::engine::HeldTreasure> treasure_cup() const override { return {}; }
    std::vector<std::string> skill_ids() const override { return {}; }
  } table;
  const talebook::engine::AwardOutcome outcome = talebook::engine::apply_awards(c, {go}, table);
  REQUIRE(outcome.go_to.has_value());
  CHECK(*outcome.go_to == 0);
  CHECK_FALSE(talebook::engine::apply_awards(c, {}, table).go_to.has_value());
}

TEST_CASE("engine: play follows a Go to to the paragraph it names", "[play][engine]") {
  Watcher watcher;
  const std::string out = play(go_to_book(1, true), watcher);
  INFO(out);
  CHECK(out.find("A door opens onto nothing.\n[Go to 1]\nGo to 1.\n\n1\nThe tale before the "
                 "first.\n") != std::string::npos);
  REQUIRE(watcher.read.size() >= 3);
  CHECK(watcher.read.back() == 1); // chart 4, the award paragraph, then 1
  CHECK(watcher.dead_ends.empty());
}

TEST_CASE("engine: a Go to a paragraph the book lacks is a dead end at its number",
          "[play][engine]") {
  Watcher watcher;
  const std::string out = play(go_to_book(1, false), watcher);
  INFO(out);
  CHECK(out.find("Go to 1.\nParagraph 1 is not in this book.\n") != std::string::npos);
  REQUIRE(watcher.dead_ends.size() == 1);
  CHECK(watcher.dead_ends[0].first == DeadEnd::MissingParagraph);
  REQUIRE(watcher.dead_ends[0].second.has_value());
  CHECK(*watcher.dead_ends[0].second == 1);
}

TEST_CASE("engine: no .tbook holds a paragraph 0 or a Go to 0", "[play][engine]") {
  for (bool present : {false, true}) {
    std::string error;
    CHECK(go_to_book(0, present, error).empty());
    INFO(error);
    CHECK(error.find(present ? "'paragraphs' record 0: bad number"
                             : "'awards' record 0: bad reference") != std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
