// The .tbook emitter and reader on a hand-built book: round trip, determinism,
// the version policy and the C API.
#include <algorithm>
#include <cstring>
#include <functional>
#include <random>

#include <catch2/catch.hpp>

#include "compiler/emit/emit.hpp"
#include "compiler/model/model_json.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "talebook/talebook.h"
#include "tests/paths.hpp"
#include "tests/tbook_fixture.hpp"
#include "tests/tbook_rebuild.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;
using tbook_test::fixture_book;
using tbook_test::fixture_vocabulary;

namespace {

std::string emit_or_fail(const Book& book, const Vocabulary& vocabulary, bool pack = true) {
  std::string bytes, error = emit_tbook(book, vocabulary, bytes, EmitOptions{pack});
  INFO(error);
  REQUIRE(error.empty());
  return bytes;
}

std::unique_ptr<tbook::Book> open_or_fail(const std::string& bytes) {
  std::string error;
  auto book = tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  INFO(error);
  REQUIRE(book);
  return book;
}

} // namespace

TEST_CASE("a hand-built book reads back as the model it came from", "[tbook]") {
  Vocabulary vocabulary = fixture_vocabulary();
  Book book = fixture_book();
  nlohmann::json expected = model_json(book, vocabulary);
  for (bool pack : {true, false}) {
    auto read = open_or_fail(emit_or_fail(book, vocabulary, pack));
    nlohmann::json actual = tbook_json(*read);
    CHECK(actual.dump(1) == expected.dump(1));
    // Not vacuous: the fixture has what the test claims.
    CHECK(actual["paragraphs"].size() == 7);
    CHECK(actual["matrices"].size() == 2);
    CHECK(actual["cards"].size() == 3);
  }
}

TEST_CASE("an unpacked file is read in place, a packed one is smaller", "[tbook]") {
  Vocabulary vocabulary = fixture_vocabulary();
  const std::string plain = emit_or_fail(fixture_book(), vocabulary, false);
  const std::string packed = emit_or_fail(fixture_book(), vocabulary, true);
  CHECK(packed.size() < plain.size());
  std::string error;
  auto book = tbook::Book::open_borrowed(plain.data(), plain.size(), error);
  REQUIRE(book);
  // Zero-copy: the strings point into the caller's bytes.
  std::string_view title = book->title();
  CHECK(title.data() > plain.data());
  CHECK(title.data() < plain.data() + plain.size());
  CHECK(std::string_view(plain.data() + (title.data() - plain.data()), title.size()) == title);
  std::string cut = packed.substr(0, packed.size() - 1);
  CHECK(!tbook::Book::open_memory(cut.data(), cut.size(), error));
  CHECK(error == "bad book file: truncated (" + std::to_string(cut.size()) + " of " +
                     std::to_string(packed.size()) + " bytes)");
}

TEST_CASE("the reader decodes awards, conditions, charts, matrices and cards", "[tbook]") {
  Vocabulary vocabulary = fixture_vocabulary();
  auto b = open_or_fail(emit_or_fail(fixture_book(), vocabulary));
  CHECK(b->title() == "A Small Book of Tales");
  CHECK(b->language() == "en");
  CHECK(b->version().major == 1);

  REQUIRE(b->paragraph_count() == 7);
  CHECK(b->paragraph(0).number == 4); // sorted by number
  CHECK(!b->find_paragraph(5));
  CHECK(!b->find_paragraph(0));
  auto p = b->find_paragraph(328);
  REQUIRE(p);
  CHECK(p->prose == "Your guest's words are kind (134), and an Old Man (H) watches.");
  std::vector<std::uint32_t> refs;
  for (std::uint32_t m : p->matrix_refs)
    refs.push_back(m);
  REQUIRE(refs.size() == 1);
  CHECK(b->matrix_ref(refs[0]).being == "Old Man");
  CHECK(b->matrix_ref(refs[0]).letter == 'H');
  REQUIRE(p->sections.size() == 4);
  tbook::Section s2 = b->section(p->sections[1]);
  CHECK(s2.text == "A prayer opens the door. 门开了。");
  REQUIRE(s2.conditions.size() == 2);
  CHECK(b->condition(s2.conditions[0]).id == "piety");
  CHECK(b->condition(s2.conditions[1]).name == "Magic");
  REQUIRE(s2.awards.size() == 7);
  tbook::Award w = b->award(s2.awards[1]);
  CHECK(w.kind == tbook::AwardKind::Wealth);
  CHECK(w.amount == 1);
  CHECK(w.limit == tbook::WealthLimit::Max);
  CHECK(w.limit_id == "rich");
  CHECK(b->award(s2.awards[2]).term == tbook::AwardTerm::SevenOrLess);
  CHECK(b->award(s2.awards[4]).qualifier == tbook::AwardQualifier::IfMerchant);
  tbook::Award gems = b->award(s2.awards[6]);
  CHECK(gems.kind == tbook::AwardKind::Treasure);
  CHECK(gems.id == "Ionian Gems");
  CHECK(gems.paragraph == 154);
  tbook::Section s1 = b->section(p->sections[0]);
  CHECK(s1.has_award);
  CHECK(!s1.bracketed);
  CHECK(b->section(p->sections[2]).mandatory);
  CHECK(!s1.mandatory);
  CHECK(b->section(p->sections[2]).text.data()[b->section(p->sections[2]).text.size()] == '\0');

  auto h = b->find_matrix('H');
  REQUIRE(h);
  CHECK(h->row_count == 2);
  CHECK(b->matrix_option(*h, 2).id == "flee");
  CHECK(b->matrix_row(*h, 1) == "Wicked");
  CHECK(b->matrix_cell(*h, 0, 0).number == 328);
  CHECK(b->matrix_cell(*h, 0, 1).kind == tbook::CellKind::Forbidden);
  CHECK(b->matrix_cell(*h, 0, 2).kind == tbook::CellKind::NoEncounter);
  CHECK(b->matrix(0).letter == 'G'); // sorted by letter
  CHECK_THROWS_AS(b->matrix_cell(*h, 2, 0), std::out_of_range);

  // Cards: by kind, then name.
  REQUIRE(b->card_count() == 3);
  CHECK(b->card(0).kind == tbook::CardKind::Character);
  tbook::Card city = b->card(2);
  REQUIRE(city.results.size() == 2);
  CHECK(b->city_result(city.results[0]).award_groups.size() == 2);
  CHECK(b->terrain(b->card(1).terrains[0]).illustrated);

  // Whole lists of wealth levels, skills, headings and award words; of the
  // others only what the book uses.
  CHECK(b->find_vocabulary(tbook::VocabKind::Skill, "piety"));
  CHECK(b->find_vocabulary(tbook::VocabKind::Skill, "unused_skill"));
  CHECK(b->find_vocabulary(tbook::VocabKind::Heading, "no_skill"));
  CHECK(b->find_vocabulary(tbook::VocabKind::Award, "go_to"));
  CHECK(b->find_vocabulary(tbook::VocabKind::Wealth, "poor"));
  CHECK(b->find_vocabulary(tbook::VocabKind::Status, "blessed"));
  CHECK(!b->find_vocabulary(tbook::VocabKind::Status, "unused_status"));
}

TEST_CASE("the same book in any order gives the same bytes", "[tbook]") {
  Vocabulary vocabulary = fixture_vocabulary();
  Book book = fixture_book();
  const std::string first = emit_or_fail(book, vocabulary);
  std::mt19937 random(1234);
  for (int i = 0; i < 10; ++i) {
    std::shuffle(book.paragraphs.begin(), book.paragraphs.end(), random);
    std::shuffle(book.matrices.begin(), book.matrices.end(), random);
    std::shuffle(book.cards.begin(), book.cards.end(), random);
    CHECK(emit_or_fail(book, vocabulary) == first);
  }
}

TEST_CASE("the emitter refuses what the format cannot hold", "[tbook]") {
  Vocabulary vocabulary = fixture_vocabulary();
  std::string out = "untouched";
  Book book = fixture_book();
  book.paragraphs[1].sections[0].conditions[0] =
      tbook_test::condition(ConditionKind::Skill, "no_such_skill");
  CHECK(emit_tbook(book, vocabulary, out) == "unknown skill 'no_such_skill'");
  CHECK(out == "untouched");
  book = fixture_book();
  book.paragraphs.push_back(book.paragraphs[0]);
  CHECK(emit_tbook(book, vocabulary, out) == "paragraph 910 is defined twice");
  book = fixture_book();
  book.paragraphs[0].prose = "bad \xff byte";
  CHECK(emit_tbook(book, vocabulary, out).find("invalid UTF-8") == 0);
  book = fixture_book();
  book.matrices[0].rows[0].cells.pop_back();
  CHECK(emit_tbook(book, vocabulary, out).find("has 2 cells for 3 options") != std::string::npos);
  CHECK(out == "untouched");
}

TEST_CASE("the emitter's refusals are coded diagnostics at what it was writing (TB0079)",
          "[tbook]") {
  Vocabulary vocabulary = fixture_vocabulary();
  std::string out;
  struct Case {
    const char* key;
    std::string subject;
    std::function<void(Book&)> damage;
  };
  const Case cases[] = {
      {"unknown_name", "no_such_skill",
       [](Book& b) {
         b.paragraphs[1].sections[0].conditions[0] =
             tbook_test::condition(ConditionKind::Skill, "no_such_skill");
       }},
      {"duplicate_paragraph", "910", [](Book& b) { b.paragraphs.push_back(b.paragraphs[0]); }},
      {"invalid_utf8", "", [](Book& b) { b.paragraphs[0].prose = "bad \xff byte"; }},
      {"matrix_cells", std::string(1, fixture_book().matrices[0].letter),
       [](Book& b) { b.matrices[0].rows[0].cells.pop_back(); }},
      {"language_tag", "a-language-tag-too-long",
       [](Book& b) { b.language = "a-language-tag-too-long"; }}};
  for (const Case& c : cases) {
    CAPTURE(c.key);
    Book book = fixture_book();
    for (Paragraph& p : book.paragraphs)
      p.range = {7, 0, 1};
    for (ReactionMatrix& m : book.matrices)
      m.range = {7, 2, 3};
    c.damage(book);
    Diagnostics diagnostics;
    EmitOptions options;
    options.diagnostics = &diagnostics;
    CHECK(!emit_tbook(book, vocabulary, out, options).empty());
    REQUIRE(diagnostics.all().size() == 1);
    const Diagnostic& d = diagnostics.all()[0];
    CHECK(d.code == Code::emit_refused);
    CHECK(d.severity == Severity::Error);
    REQUIRE(d.args.size() == 2);
    CHECK(d.args[0].kind == Arg::Kind::Keyword);
    CHECK(d.args[0].value == c.key);
    CHECK(d.args[1].to_string() == c.subject);
    CHECK(d.message.find("this is a bug in talec") != std::string::npos);
    CHECK(d.message.find("'other'") == std::string::npos); // each key has its words
    // At the paragraph or matrix it was writing; the book's own fields at none.
    if (std::string(c.key) == "language_tag")
      CHECK(!d.range.valid());
    else
      CHECK(d.range.file == 7);
  }
}

TEST_CASE("the version policy: newer minor read, other major rejected", "[tbook]") {
  const std::string good = emit_or_fail(fixture_book(), fixture_vocabulary(), false);
  using tbook_test::Sections;
  std::string error;

  SECTION("a newer minor with an unknown section and longer records is read") {
    Sections s = tbook_test::split(good);
    s.minor = 8; // newer than this reader's 1.7
    s.sections.push_back({tbook::layout::tag("ZZZZ"), 0, 16, std::string(64, '\x5a')});
    tbook_test::grow_records(s, tbook::layout::tag("PARA"), 8);
    tbook_test::grow_records(s, tbook::layout::tag("AWRD"), 4);
    std::string newer = tbook_test::join(s);
    auto book = tbook::Book::open_memory(newer.data(), newer.size(), error);
    INFO(error);
    REQUIRE(book);
    CHECK(book->version().minor == 8);
    CHECK(tbook_json(*book) == tbook_json(*open_or_fail(good)));
  }
  SECTION("another major version is rejected with its number") {
    Sections s = tbook_test::split(good);
    s.major = 2;
    s.minor = 1;
    std::string other = tbook_test::join(s);
    CHECK(!tbook::Book::open_memory(other.data(), other.size(), error));
    CHECK(error == "bad book file: format version 2.1 is not supported (this reader reads 1.x)");
  }
  SECTION("a 1.0 file is read, without the resolved rows and treasure paragraphs of 1.1") {
    std::string old = tbook_test::as_format_1_0(good);
    auto book = tbook::Book::open_memory(old.data(), old.size(), error);
    INFO(error);
    REQUIRE(book);
    CHECK(book->version().minor == 0);
    auto now = open_or_fail(good);
    REQUIRE(book->chart_entry_count() == now->chart_entry_count());
    REQUIRE(now->chart_entry(0).row == 0u);
    for (std::uint32_t i = 0; i < book->chart_entry_count(); ++i) {
      CHECK(book->chart_entry(i).being == now->chart_entry(i).being);
      CHECK(!book->chart_entry(i).row);
    }
    bool treasure_seen = false;
    for (std::uint32_t i = 0; i < book->condition_count(); ++i) {
      if (book->condition(i).kind != tbook::ConditionKind::Treasure) continue;
      treasure_seen = true;
      CHECK(book->condition(i).name == "IONIAN GEMS");
      CHECK(book->condition(i).paragraph == 0);
      CHECK(now->condition(i).paragraph == 154);
    }
    CHECK(treasure_seen);
    // Everything else reads as in 1.1: the dumps differ only by the new fields.
    nlohmann::json a = tbook_json(*book), b = tbook_json(*now);
    CHECK(a != b);
    for (auto& p : b["paragraphs"]) {
      if (p.contains("chart"))
        for (std::size_t k = 0; k < p["chart"].size(); ++k)
          p["chart"][k].erase("row");
      for (auto& m : p["matrix_refs"])
        m.erase("row");
      for (auto& sec : p["sections"])
        for (auto& c : sec["conditions"])
          c.erase("paragraph");
    }
    for (auto& c : b["cards"])
      if (c.contains("results"))
        for (auto& r : c["results"])
          for (auto& m : r["matrix_refs"])
            m.erase("row");
    CHECK(a == b);
  }
  SECTION("a 1.1 file with records as short as 1.0's is rejected") {
    Sections s = tbook_test::split(good);
    tbook_test::shrink_records(s, tbook::layout::tag("MREF"), 8);
    std::string short_records = tbook_test::join(s);
    CHECK(!tbook::Book::open_memory(short_records.data(), short_records.size(), error));
    CHECK(error == "bad book file: bad record size of section 'matrix references'");
  }
  SECTION("a 1.1 file's 12-byte cards are read, without fallback marks; not in 1.2") {
    Sections s = tbook_test::split(good);
    tbook_test::shrink_records(s, tbook::layout::tag("CARD"), 12);
    std::string short_cards = tbook_test::join(s);
    CHECK(!tbook::Book::open_memory(short_cards.data(), short_cards.size(), error));
    CHECK(error == "bad book file: bad record size of section 'cards'");
    s.minor = 1;
    std::string old = tbook_test::join(s);
    auto book = tbook::Book::open_memory(old.data(), old.size(), error);
    INFO(error);
    REQUIRE(book);
    REQUIRE(book->card_count() > 0);
    CHECK_FALSE(book->card(0).fallback);
    CHECK(tbook_json(*book) == tbook_json(*open_or_fail(good)));
  }
  SECTION("a known section with flags this reader does not know is rejected") {
    Sections s = tbook_test::split(good);
    s.sections[0].flags = 2;
    std::string flagged = tbook_test::join(s);
    CHECK(!tbook::Book::open_memory(flagged.data(), flagged.size(), error));
    CHECK(error == "bad book file: unsupported encoding of section 'strings'");
  }
  SECTION("a missing section is named") {
    Sections s = tbook_test::split(good);
    s.sections.erase(s.sections.begin() + 3);
    std::string missing = tbook_test::join(s);
    CHECK(!tbook::Book::open_memory(missing.data(), missing.size(), error));
    CHECK(error == "bad book file: missing section 'paragraphs'");
  }
}

TEST_CASE("typical damage gets a message that names it", "[tbook]") {
  const std::string good = emit_or_fail(fixture_book(), fixture_vocabulary(), false);
  std::string error;
  auto rejects = [&](const std::string& bytes) {
    auto book = tbook::Book::open_memory(bytes.data(), bytes.size(), error);
    return !book;
  };
  CHECK(rejects(""));
  CHECK(error == "bad book file: not a .tbook file (bad magic)");
  CHECK(rejects("{\"title\": \"a JSON file\"}"));
  CHECK(error == "bad book file: not a .tbook file (bad magic)");

  std::string text_mode = good;
  text_mode.replace(4, 2, "\n"); // CRLF -> LF, as a text-mode copy does
  CHECK(rejects(text_mode));
  CHECK(error == "bad book file: damaged line-ending probe (was it copied in text mode?)");

  std::string swapped = good;
  std::reverse(swapped.begin() + 16, swapped.begin() + 20); // the u32 probe, big-endian
  CHECK(rejects(swapped));
  CHECK(error == "bad book file: byte-order probes do not match (written for another byte order?)");

  // A cut inside the paragraphs section names it.
  tbook_test::Sections s = tbook_test::split(good);
  std::uint32_t para_offset = 0;
  for (std::uint32_t i = 0; i < s.sections.size(); ++i) {
    tbook::layout::SectionEntry e;
    std::memcpy(&e, good.data() + sizeof(tbook::layout::Header) + 24 * i, 24);
    if (e.tag == tbook::layout::tag("PARA")) para_offset = e.offset;
  }
  REQUIRE(para_offset > 0);
  CHECK(rejects(good.substr(0, para_offset + 10)));
  CHECK(error == "bad book file: truncated section 'paragraphs'");

  std::string flipped = good;
  flipped[good.size() - 30] ^= 1;
  CHECK(rejects(flipped));
  CHECK(error == "bad book file: checksum mismatch (the content is damaged)");

  CHECK(rejects(good + "x"));
  CHECK(error == "bad book file: longer than its header says (" + std::to_string(good.size() + 1) +
                     " bytes, header: " + std::to_string(good.size()) + ")");
}

TEST_CASE("the C API reads the same book", "[tbook]") {
  const std::string bytes = emit_or_fail(fixture_book(), fixture_vocabulary());
  talebook_book* book = talebook_open_borrowed(bytes.data(), bytes.size());
  REQUIRE(book);
  CHECK(std::string(talebook_title(book).data) == "A Small Book of Tales");
  talebook_paragraph p;
  REQUIRE(talebook_find_paragraph(book, 328, &p));
  CHECK(p.section_count == 4);
  talebook_section s;
  REQUIRE(talebook_section_at(book, p.first_section + 2, &s));
  CHECK(s.mandatory == 1);
  talebook_award a;
  REQUIRE(talebook_award_at(book, s.first_award + 2, &a));
  CHECK(a.kind == TALEBOOK_AWARD_GO_TO);
  CHECK(a.paragraph == 134);
  CHECK(std::string(talebook_award_kind_name(a.kind)) == "go_to");
  CHECK(!talebook_award_at(book, 100000, &a));
  CHECK(a.kind == 0);
  CHECK(!talebook_find_paragraph(book, 329, &p));
  talebook_matrix m;
  REQUIRE(talebook_find_matrix(book, 'H', &m));
  talebook_cell cell;
  REQUIRE(talebook_matrix_cell(book, m.index, 1, 1, &cell));
  CHECK(cell.kind == TALEBOOK_CELL_NUMBER);
  CHECK(cell.number == 134);
  CHECK(!talebook_matrix_cell(book, m.index, 2, 0, &cell));
  talebook_close(book);

  CHECK(!talebook_open_memory(bytes.data(), 10));
  CHECK(std::string(talebook_last_error()) == "bad book file: truncated header");
  talebook_error_info info;
  talebook_last_error_info(&info);
  CHECK(info.kind == TALEBOOK_ERROR_TRUNCATED_HEADER);
  CHECK(info.layer == TALEBOOK_LAYER_HEADER);
  CHECK(info.record == TALEBOOK_NO_RECORD);
  CHECK(!talebook_open_file("/nonexistent/x.tbook"));
  CHECK(std::string(talebook_last_error()) == "cannot open '/nonexistent/x.tbook'");
}

TEST_CASE("each enum is one list: ids, words and the C API agree", "[tbook]") {
  CHECK(std::string(tbook::name_of(tbook::AwardKind::GoTo)) == "go_to");
  CHECK(std::string(tbook::name_of(tbook::AwardKind(200))).empty()); // a damaged byte
  CHECK(std::string(tbook::words_of(tbook::ParagraphKind::Place)) == "place of power");
  CHECK(std::string(talebook::to_string(talebook::VocabKind::Wealth)) == "wealth level");
  CHECK(std::string(talebook_award_kind_name(TALEBOOK_AWARD_ENTER_PLACE)) == "enter_place");
  CHECK(std::string(talebook_vocab_kind_name(7)).empty());
  // The engine prints a term and a heading with the book's word, found by the
  // enum's id: every locale has a word for each.
  for (const char* locale : {"en", "zh"}) {
    INFO(locale);
    Vocabulary v;
    REQUIRE(v.load_file(test::source_dir() + "/locales/" + locale + "/vocabulary.json").empty());
    // A conditional Master (`Master, 7 or less`) is printed with the words of
    // its two parts.
    for (std::size_t t = 1; t < tbook::Kind<tbook::AwardTerm>::count; ++t) {
      const auto term = tbook::AwardTerm(t);
      const auto condition = tbook::condition_of(term);
      CHECK(v.by_id(VocabKind::Award,
                    tbook::name_of(tbook::at_master(term) ? tbook::AwardTerm::Master : term)));
      if (condition != tbook::AwardTerm::Permanent)
        CHECK(v.by_id(VocabKind::Award, tbook::name_of(condition)));
    }
    for (auto k : {ConditionKind::NoSkill, ConditionKind::Otherwise, ConditionKind::Female,
                   ConditionKind::Male, ConditionKind::Spaces, ConditionKind::Modifiers})
      CHECK(v.by_id(VocabKind::Heading, tbook::name_of(k)));
  }
}

TEST_CASE("format 1.1's rows and treasure paragraphs are checked at open", "[tbook]") {
  const std::string good = emit_or_fail(fixture_book(), fixture_vocabulary(), false);
  std::string error;
  // Sets the u32 at `at` of record `index` of section `tag`, reseals, and opens.
  using tbook::layout::tag;
  auto opens_with = [&](std::uint32_t section, std::uint32_t index, std::size_t at,
                        std::uint32_t value) {
    tbook_test::Sections s = tbook_test::split(good);
    for (tbook_test::RawSection& r : s.sections)
      if (r.tag == section) {
        REQUIRE(std::size_t(index + 1) * r.record_size <= r.data.size());
        std::memcpy(r.data.data() + index * r.record_size + at, &value, 4);
      }
    std::string bytes = tbook_test::join(s);
    return tbook::Book::open_memory(bytes.data(), bytes.size(), error) != nullptr;
  };
  CHECK(opens_with(tag("CHRT"), 0, 12, 1));  // row 1 of H: a row, if not the resolved one
  CHECK(!opens_with(tag("CHRT"), 0, 12, 2)); // H has two rows
  CHECK(error == "bad book file: section 'chart entries' record 0: bad reference");
  CHECK(!opens_with(tag("CHRT"), 0, 12, tbook::layout::none)); // a chart entry always has its row
  CHECK(error == "bad book file: section 'chart entries' record 0: bad reference");
  CHECK(!opens_with(tag("MREF"), 0, 8, 5)); // a bare `(H)` has none, not any number

  // The treasure condition: paragraph 154 (Ionian Gems); 134 is an award paragraph.
  auto book = open_or_fail(good);
  std::uint32_t treasure = book->condition_count();
  for (std::uint32_t i = 0; i < book->condition_count(); ++i)
    if (book->condition(i).kind == ConditionKind::Treasure) treasure = i;
  REQUIRE(treasure < book->condition_count());
  REQUIRE(book->condition(treasure).paragraph == 154);
  CHECK(!opens_with(tag("COND"), treasure, 8, 134));
  CHECK(error == "bad book file: section 'conditions' record " + std::to_string(treasure) +
                     ": bad reference");
  CHECK(!opens_with(tag("COND"), 0, 8, 154)); // a paragraph on a condition of another kind
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
