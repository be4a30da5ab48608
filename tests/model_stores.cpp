// The Book's stores (compiler/model/store.hpp): sections' conditions and award
// groups kept in chunks that never move, heading names by section, TextRef.
#include <catch2/catch.hpp>

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "compiler/model/model.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

namespace {

Condition skill(std::string_view id) {
  Condition c;
  c.kind = ConditionKind::Skill;
  c.id = id;
  return c;
}

// One paragraph with one section: `count` conditions and a group of one Story award.
Book part_with(std::uint32_t number, std::size_t count, std::string_view id) {
  Book part;
  Paragraph p;
  p.number = number;
  Section s;
  s.conditions = part.keep_conditions(std::vector<Condition>(count, skill(id)));
  Award story;
  story.kind = AwardKind::Story;
  story.set_amount(static_cast<std::int32_t>(number));
  AwardCode code;
  code.awards = part.keep_awards({story});
  s.set_award(code);
  p.sections = part.keep_sections({s});
  part.paragraphs.push_back(p);
  return part;
}

} // namespace

TEST_CASE("stores: conditions and award groups stay put when books move and merge", "[model]") {
  std::vector<Book> parts;
  // Many small lists fill several chunks; a long one takes a chunk of its own.
  for (std::uint32_t n = 1; n <= 200; ++n)
    parts.push_back(part_with(n, n % 3 + 1, n % 2 ? "piety" : "luck"));
  parts.push_back(part_with(201, 1000, "magic"));
  Book book;
  for (Book& part : parts)
    book.append(std::move(part));
  Book moved = std::move(book);
  REQUIRE(moved.paragraphs.size() == 201);
  for (const Paragraph& p : moved.paragraphs) {
    const Section& s = p.sections.at(0);
    std::size_t count = p.number == 201 ? 1000 : p.number % 3 + 1;
    REQUIRE(s.conditions.size() == count);
    std::string_view id = p.number == 201 ? "magic" : p.number % 2 ? "piety" : "luck";
    for (const Condition& c : s.conditions)
      CHECK(c.id == id);
    REQUIRE(s.award());
    REQUIRE(s.awards().size() == 1);
    CHECK(s.awards().front().amount() == static_cast<std::int32_t>(p.number));
  }
}

TEST_CASE("stores: a section copied into another book owns its lists", "[model]") {
  Book source = part_with(7, 2, "piety");
  Book translation;
  Section copy = translation.own(source.paragraphs[0].sections[0], source);
  source.paragraphs[0].sections[0].conditions[0].id = "luck"; // the source's, not the copy's
  source.paragraphs[0].sections[0].award()->awards[0].set_amount(99);
  REQUIRE(copy.conditions.size() == 2);
  CHECK(copy.conditions[0].id == "piety");
  REQUIRE(copy.award());
  CHECK(copy.awards().data() != source.paragraphs[0].sections[0].awards().data());
  CHECK(copy.awards()[0].amount() == 7);
}

TEST_CASE("stores: a slice reads like a vector and only shrinks", "[model]") {
  Book book;
  Slice<Condition> list = book.keep_conditions({skill("a"), skill("b"), skill("c")});
  CHECK(list.size() == 3);
  CHECK(list.front().id == "a");
  CHECK(list.back().id == "c");
  CHECK_THROWS_AS(list.at(3), std::out_of_range);
  list.truncate(5); // never grows
  CHECK(list.size() == 3);
  list.truncate(1);
  CHECK(list.size() == 1);
  CHECK(list.back().id == "a");
  CHECK(Slice<Condition>().empty());
  CHECK(book.keep_conditions({}).empty());
}

TEST_CASE("TextRef: a view in 12 bytes that compares as one", "[model]") {
  static_assert(sizeof(TextRef) == 12);
  std::string owner = "courtly_graces";
  TextRef t = owner;
  CHECK(t == "courtly_graces");
  CHECK(t == owner);
  CHECK(owner == t);
  CHECK(t == std::string_view("courtly_graces"));
  CHECK(t == TextRef(owner));
  CHECK(t != "courtly");
  CHECK(t.size() == owner.size());
  CHECK(t.data() == owner.data());
  CHECK(std::string(t) == owner);
  TextRef none;
  CHECK(none.empty());
  CHECK(std::string_view(none) == "");
  CHECK(none.view().data() != nullptr); // never a null pointer to memcmp
  CHECK(TextRef("a") < TextRef("b"));
}

TEST_CASE("stores: a slice loses an item in place", "[model]") {
  Book book;
  Slice<Condition> list = book.keep_conditions({skill("a"), skill("b"), skill("c"), skill("d")});
  const Condition* first = list.data();
  list.erase(1);
  REQUIRE(list.size() == 3);
  CHECK(list.data() == first); // nothing moved to a new place
  CHECK(list[0].id == "a");
  CHECK(list[1].id == "c");
  CHECK(list[2].id == "d");
  list.erase(2);
  list.erase(0);
  REQUIRE(list.size() == 1);
  CHECK(list[0].id == "c");
}

TEST_CASE("conditions: the number beside roll_low is the kind's own", "[model]") {
  Condition c;
  c.kind = ConditionKind::Treasure;
  c.set_paragraph(154);
  CHECK(c.paragraph() == 154);
  CHECK(c.roll_high() == 0); // a treasure has no rolls: the emitter must not read 154
  CHECK(c.words_index() == 0);
  c.kind = ConditionKind::Roll;
  c.set_roll_high(12);
  CHECK(c.roll_high() == 12);
  CHECK(c.paragraph() == 0);
  c.kind = ConditionKind::Wealth;
  CHECK(c.roll_high() == 12);
  c.kind = ConditionKind::Skill;
  CHECK(c.roll_high() == 0);
  CHECK(c.paragraph() == 0);
}

TEST_CASE("conditions: a modifier's words are its book's, and a copy's the other's", "[model]") {
  Book source = part_with(7, 1, "piety");
  Condition modifier;
  modifier.kind = ConditionKind::Modifier;
  modifier.roll_low = -1;
  std::string words = "-1 if Wounded";
  source.set_words(modifier, words);
  Condition plain = skill("piety");
  source.paragraphs[0].sections[0].conditions = source.keep_conditions({plain, modifier});
  words = "overwritten"; // the book keeps its own copy
  const Section& s = source.paragraphs[0].sections[0];
  CHECK(source.words(s.conditions[1]) == "-1 if Wounded");
  CHECK(source.words(s.conditions[0]).empty()); // only a modifier has words

  Book translation;
  Condition earlier;
  earlier.kind = ConditionKind::Modifier;
  translation.set_words(earlier, "+1 per card"); // the copy's index differs from the source's
  Section copy = translation.own(s, source);
  REQUIRE(copy.conditions.size() == 2);
  CHECK(copy.conditions[1].words_index() != s.conditions[1].words_index());
  CHECK(translation.words(copy.conditions[1]) == "-1 if Wounded");
  CHECK(copy.conditions[1].roll_low == -1);
}

TEST_CASE("paragraphs: the ranges share the header's file", "[model]") {
  Paragraph p;
  CHECK_FALSE(p.header().valid());
  p.set_header({3, 100, 120});
  p.range.end = 400; // the paragraph's text extends it; the header stays
  CHECK(p.header().file == 3);
  CHECK(p.header().begin == 100);
  CHECK(p.header().end == 120);
  CHECK(p.range.begin == 100);
  CHECK_FALSE(p.name_range().valid());
  CHECK_FALSE(p.prose_range().valid());
  p.set_name_range({3, 105, 110});
  p.set_prose_range({3, 121, 300});
  CHECK(p.name_range().file == 3);
  CHECK(p.name_range().begin == 105);
  CHECK(p.name_range().end == 110);
  CHECK(p.prose_range().begin == 121);
  CHECK(p.prose_range().end == 300);
  p.set_name_range({});
  CHECK_FALSE(p.name_range().valid());
  CHECK(p.prose_range().valid());
}

TEST_CASE("stores: a moved-from store never writes into the chunk it gave away", "[model]") {
  Store<int> given;
  Slice<int> kept = given.keep(std::vector<int>{1, 2, 3});
  Store<int> taker = std::move(given);
  Slice<int> after_move = given.keep(std::vector<int>{40, 41}); // NOLINT: reused on purpose
  Slice<int> taker_more = taker.keep(std::vector<int>{7, 8});
  CHECK(after_move.data() != taker_more.data());
  CHECK(after_move[0] == 40);
  CHECK(taker_more[0] == 7);
  CHECK(kept[2] == 3);
  Store<int> assigned;
  assigned.keep(std::vector<int>{9});
  assigned = std::move(taker);
  Slice<int> again = taker.keep(std::vector<int>{50}); // NOLINT: reused on purpose
  Slice<int> assigned_more = assigned.keep(std::vector<int>{60});
  CHECK(again.data() != assigned_more.data());
  CHECK(again[0] == 50);
  CHECK(assigned_more[0] == 60);
  // A TextStore (a Store of chars) moves the same way.
  TextStore texts;
  std::string_view first = texts.keep("lamp");
  TextStore other = std::move(texts);
  std::string_view mine = texts.keep("ring"); // NOLINT: reused on purpose
  std::string_view theirs = other.keep("gems");
  CHECK(first == "lamp");
  CHECK(mine == "ring");
  CHECK(theirs == "gems");
}

TEST_CASE("stores: chunks are listed, and a freed chunk is empty and never written again",
          "[model]") {
  Store<int, 16> store;
  CHECK(store.chunk_count() == 0);
  Slice<int> a = store.keep(std::vector<int>{1, 2, 3});
  Slice<int> b = store.keep(std::vector<int>{4, 5});
  Slice<int> run = store.keep(std::vector<int>(12, 7)); // too long for the room left: its own chunk
  REQUIRE(store.chunk_count() == 2);
  auto holds = [](std::span<const int> chunk, const Slice<int>& s) {
    return !chunk.empty() && std::less_equal<const int*>()(chunk.data(), s.data()) &&
           std::less_equal<const int*>()(s.data() + s.size(), chunk.data() + chunk.size());
  };
  CHECK(store.chunk(0).size() == 16);
  CHECK(holds(store.chunk(0), a));
  CHECK(holds(store.chunk(0), b));
  CHECK(store.chunk(1).size() == 12);
  CHECK(holds(store.chunk(1), run));
  store.free_chunk(1);
  CHECK(store.chunk(1).empty());
  CHECK(a[2] == 3);    // the other chunk is untouched
  store.free_chunk(0); // the current chunk: new items go to a new one
  CHECK(store.chunk(0).empty());
  Slice<int> after = store.keep(std::vector<int>{8, 9});
  CHECK(store.chunk_count() == 3);
  CHECK(holds(store.chunk(2), after));
  CHECK(after[1] == 9);
  Store<int, 16> taker;
  taker.adopt(std::move(store)); // a freed chunk moves as an empty one
  CHECK(taker.chunk_count() == 3);
  CHECK(taker.chunk(0).empty());
  CHECK(holds(taker.chunk(2), after));
}

TEST_CASE("stores: a long text joined line by line is copied a few times, not once a line",
          "[model]") {
  // The parser joins a section's lines one by one (an award group between
  // them); other texts are kept in between. Each join used to copy the whole
  // text into a chunk of its own: memory with the square of the lines.
  Store<char, 64 * 1024> chars;
  std::string expected = "Prose.";
  char* first = chars.allocate_run(expected.size());
  std::copy(expected.begin(), expected.end(), first);
  std::string_view text(first, expected.size());
  for (int line = 0; line < 5000; ++line) {
    const std::string piece = "\nGo on, line " + std::to_string(line) + ".";
    if (char* at = chars.extend(text.data() + text.size(), piece.size())) {
      std::copy(piece.begin(), piece.end(), at);
      text = {text.data(), text.size() + piece.size()};
    } else {
      char* moved = chars.allocate_run(text.size() + piece.size());
      std::copy(text.begin(), text.end(), moved);
      std::copy(piece.begin(), piece.end(), moved + text.size());
      text = {moved, text.size() + piece.size()};
    }
    expected += piece;
    chars.allocate(3); // another text kept between two lines
  }
  CHECK(text == expected);
  std::size_t bytes = 0;
  for (std::size_t i = 0; i < chars.chunk_count(); ++i)
    bytes += chars.chunk(i).size();
  CHECK(bytes < 5 * expected.size()); // a copy a line was about 2,000 times the text
}

TEST_CASE("TextStore: join keeps the text whole across runs and kept texts between", "[model]") {
  TextStore texts;
  std::string_view text = texts.keep("Prose.");
  std::string expected = "Prose.";
  for (int line = 0; line < 5000; ++line) {
    const std::string piece = "Line " + std::to_string(line) + ": 渔夫撒网。";
    text = texts.join(text, '\n', piece);
    expected += "\n" + piece;
    CHECK(texts.keep("kept between") == "kept between");
  }
  CHECK(text == expected);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
