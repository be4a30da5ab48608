// Every book `talec check` accepts, `talec build` writes: the sample books, and
// generated books that sit exactly at each limit of the .tbook format (they
// check clean and build) and just past it (the check reports the limit's code,
// and the emitter, asked anyway, refuses: the limit is real).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

#include <nlohmann/json.hpp>

#include "compiler/check/checks.hpp"
#include "compiler/emit/emit.hpp"
#include "talebook/format.hpp"
#include "talebook/records.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using talebook::max_counters;
using talebook::tbook::layout::max_paragraph_number;

struct Outcome {
  std::vector<std::string> codes; // errors only
  std::string build_error;        // what emit_tbook said ("" = written)
};

// `talec check` then, whatever it said, what `talec build` would write.
Outcome check_and_build(const std::string& text, const std::string& language = "en",
                        bool pack = true) {
  talebook::Compilation c;
  std::string error = c.vocabulary.load_file(test::source_dir() + "/locales/en/vocabulary.json");
  REQUIRE(error.empty());
  c.book.language = language;
  c.sources.add("limits.tales", text);
  talebook::compile_loaded(c);
  Outcome out;
  for (const talebook::Diagnostic& d : c.diagnostics.all())
    if (d.severity == talebook::Severity::Error) out.codes.push_back(talebook::info(d.code).code);
  std::string bytes;
  talebook::EmitOptions options;
  options.pack = pack;
  out.build_error = talebook::emit_tbook(c.book, c.vocabulary, bytes, options);
  if (out.build_error.empty()) CHECK(!bytes.empty());
  return out;
}

// At the limit: no error, and the book is written.
void at_limit(const std::string& text, const std::string& language = "en", bool pack = true) {
  Outcome o = check_and_build(text, language, pack);
  CHECK(o.codes.empty());
  CHECK(o.build_error.empty());
}

// Past it: the code (and no other error) from the check. `emitter_refuses`: the
// model still holds the value, and the emitter cannot write it either.
void past_limit(const std::string& text, const std::string& code, bool emitter_refuses,
                const std::string& language = "en") {
  Outcome o = check_and_build(text, language);
  CHECK(o.codes == std::vector<std::string>{code});
  if (emitter_refuses) CHECK(!o.build_error.empty());
}

std::string repeat(const std::string& piece, std::size_t n, const std::string& separator = "",
                   std::size_t per_line = 0) {
  std::string out;
  out.reserve(n * (piece.size() + separator.size() + 1));
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += per_line && i % per_line == 0 ? "\n" : separator;
    out += piece;
  }
  return out;
}

const std::string chart = "@4 chart\n1. Old Man (G)\n2. Old Man (G)\n3. Old Man (G)\n"
                          "4. Old Man (G)\n5. Old Man (G)\n6. Old Man (G)\n";
const std::string matrix = "@matrix G\nOptions: Pray | Wait\nOld: 11 | ★\n";
const std::string matrix_targets = "@10\nNo Skill: x [S1]\n@11\nNo Skill: x [S1]\n"
                                   "@12\nNo Skill: x [S1]\n";

constexpr std::size_t u16 = 65535;

} // namespace

TEST_CASE("the sample books check clean and build", "[limits][tbook]") {
  for (std::string book : {"/book", "/locales/zh"}) {
    INFO(book);
    talebook::Compilation c;
    REQUIRE(talebook::compile_book(test::source_dir() + book, c));
    CHECK(c.diagnostics.errors() == 0);
    std::string bytes;
    CHECK(talebook::emit_tbook(c.book, c.vocabulary, bytes).empty());
  }
}

TEST_CASE("paragraph numbers: the largest a .tbook holds, and never saturated", "[limits]") {
  std::string max = std::to_string(max_paragraph_number);
  at_limit("@" + max + "\nNo Skill: x [S1]\n");
  past_limit("@" + std::to_string(max_paragraph_number + 1u) + "\nNo Skill: x [S1]\n", "TB0061",
             true);
  past_limit("@4294967295\nNo Skill: x [S1]\n", "TB0061", true);
  // Past 32 bits: reported at the number, each once, never "duplicate paragraph 4294967295".
  Outcome o = check_and_build("@99999999998\nNo Skill: x [S1]\n@99999999999\nNo Skill: y [S1]\n"
                              "@4294967296\nNo Skill: z [S1]\n");
  CHECK(o.codes == std::vector<std::string>{"TB0060", "TB0060", "TB0060"});
  // References, card numbers and award numbers past 32 bits.
  past_limit("@1\nNo Skill: x (4294967296) [S1]\n", "TB0060", false);
  past_limit("@1\nNo Skill: x [Go to 99999999999]\n", "TB0060", false);
  past_limit("@1\nNo Skill: x [Ring (99999999999)]\n@20 treasure Ring\nA ring.\n", "TB0060", false);
  past_limit(chart + matrix + matrix_targets + "@card character Sage (G): 4, 4, 4294967296\n",
             "TB0060", false);
  past_limit(chart + matrix + matrix_targets + "@card terrain Hills: Mountain 4294967296\n",
             "TB0060", false);
}

TEST_CASE("award paragraphs fit the i32 of an award record", "[limits]") {
  std::string at = "2147483647", past = "2147483648";
  at_limit("@1\nNo Skill: x [Go to " + at + "]\n@" + at + "\nNo Skill: y [S1]\n");
  past_limit("@1\nNo Skill: x [Go to " + past + "]\n@" + past + "\nNo Skill: y [S1]\n", "TB0062",
             true);
  past_limit("@1\nNo Skill: x [Ring]\n@" + past + " treasure Ring\nA ring.\n", "TB0062", true);
  past_limit("@1\nNo Skill: x [Enter Far City]\n@" + past + " place Far City\nFar.\n", "TB0062",
             true);
}

TEST_CASE("award amounts fit an i32, either sign", "[limits]") {
  at_limit("@1\nNo Skill: x [D2147483647/W-2147483647/S2147483647]\n");
  past_limit("@1\nNo Skill: x [D2147483648]\n", "TB0060", false);
  past_limit("@1\nNo Skill: x [D-2147483648]\n", "TB0060", false);
  past_limit("@1\nNo Skill: x [W+4294967296]\n", "TB0060", false);
  Outcome o = check_and_build("@1\nNo Skill: x [D99999999999999999999]\n");
  CHECK(o.codes == std::vector<std::string>{"TB0060"});
}

TEST_CASE("matrix cells: n-1 at least 1, n+1 at most the largest paragraph", "[limits]") {
  std::string max = std::to_string(max_paragraph_number);
  std::string top = "@" + std::to_string(max_paragraph_number - 2) + "\nNo Skill: x [S1]\n@" +
                    std::to_string(max_paragraph_number - 1) + "\nNo Skill: x [S1]\n@" + max +
                    "\nNo Skill: x [S1]\n";
  auto book = [&](const std::string& cell) {
    return "@matrix G\nOptions: Pray | Wait\nOld: " + cell + " | ★\n" + top +
           "@1\nNo Skill: x [S1]\n@2\nNo Skill: x [S1]\n@3\nNo Skill: x [S1]\n";
  };
  at_limit(book("2"));
  at_limit(book(std::to_string(max_paragraph_number - 1)));
  past_limit(book("1"), "TB0063", false);
  past_limit(book("0"), "TB0063", false);
  past_limit(book(max), "TB0064", false); // n+1 is past the format (n itself is writable)
  past_limit(book(std::to_string(max_paragraph_number + 1u)), "TB0064", true);
  // Once looped forever (n <= cell + 1 in 32 bits).
  auto start = std::chrono::steady_clock::now();
  past_limit(book("4294967294"), "TB0064", true);
  past_limit(book("4294967295"), "TB0064", true);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  past_limit(book("4294967296"), "TB0060", false);
}

TEST_CASE("rolls fit a u8", "[limits]") {
  at_limit("@40 quest Q\nSomewhere.\nSpaces: Basra\n1-254: Nothing. [D-1]\n255: Found. [S2/Q:S]\n");
  at_limit("@40 quest Q\nSomewhere.\nSpaces: Basra\n1-254: No. [D-1]\n255+: Found. [S2/Q:S]\n");
  past_limit("@40 quest Q\nSomewhere.\nSpaces: Basra\n1-256: Nothing. [D-1]\n", "TB0065", true);
  past_limit("@40 quest Q\nSomewhere.\nSpaces: Basra\n1-255: No. [D-1]\n256+: Found. [S2/Q:S]\n",
             "TB0065", true);
  past_limit("@40 quest Q\nSomewhere.\nSpaces: Basra\n2147483648: Found. [S2/Q:S]\n", "TB0060",
             false);
  past_limit("@40 quest Q\nSomewhere.\nSpaces: Basra\n1-2147483648: Found. [S2/Q:S]\n", "TB0060",
             false);
  // A line that only starts with a number is prose: its number is no roll.
  at_limit("@1\n99999999999 grains of sand. [S1]\n");
  std::string entries = chart.substr(0, chart.find("6."));
  past_limit(entries + "99999999999. Old Man (G)\n" + matrix + matrix_targets, "TB0060", false);
}

TEST_CASE("the language tag fits the header's 16 bytes", "[limits]") {
  const std::string book = "@1\nNo Skill: x [S1]\n";
  at_limit(book, "en-x-fifteen-by");
  past_limit(book, "TB0067", true, "en-x-sixteen-byt");
  past_limit(book, "TB0067", true, std::string("en\0x", 4));
}

// Every field of records.def with a limit, walked: a book with the run (or the
// value) exactly at the field's limit checks clean and builds; one past it is
// the limit's code at `talec check`, in the source (TB0066 naming the field's
// key). The limit is the field's width unless the game's rules bound it lower
// (a chart's entries, a card's decks and results, a chart's or city's roll).
// A limited field with no book here fails the test: a new field needs one.
namespace {

struct Limited {
  std::function<std::string(std::uint64_t)> book;
  std::string code;        // one past the limit
  std::uint64_t limit = 0; // 0: the field's width
  std::string vocabulary;  // when the run is the vocabulary's list of that name
  Limited(std::function<std::string(std::uint64_t)> b, std::string c, std::uint64_t l = 0,
          std::string v = "")
      : book(std::move(b)), code(std::move(c)), limit(l), vocabulary(std::move(v)) {}
};

std::string numbered(const std::string& stem, std::uint64_t i) {
  std::string name = stem;
  for (std::uint64_t k = i; k > 0 || name.size() == stem.size(); k /= 26)
    name += char('a' + k % 26);
  return name;
}

std::string city(const std::string& first) {
  return chart + matrix + matrix_targets + "@card city Basra\n1: " + first +
         "\n2: [D1]\n3: [D1]\n4: [D1]\n5: [D1]\n6: [D1]\n";
}

std::string chart_of(std::uint64_t n) {
  std::string out = "@4 chart\n";
  for (std::uint64_t i = 1; i <= n; ++i)
    out += std::to_string(i) + ". Old Man (G)\n";
  return out + matrix + matrix_targets;
}

const std::string quest_head = "@40 quest Q\nSomewhere.\nSpaces: Basra\n";

// A map of one space, with a black number and the Beggar's rates.
std::string map_of(std::uint64_t black, std::uint64_t land, std::uint64_t sea) {
  return "@map\nBeggar: " + std::to_string(land) + "/" + std::to_string(sea) +
         "\nPoor: 1/1\nRespectable: 1/1\nRich: 1/1\nPrincely: 1/1\nFabulous: 1/1\n"
         "@space Baghdad (City, start, " +
         std::to_string(black) + ")\n";
}

// By "TAG.field": the books of the runs (or values) that field holds.
std::map<std::string, std::vector<Limited>> limited_fields() {
  const std::string max = std::to_string(max_paragraph_number);
  const std::string past = std::to_string(max_paragraph_number + 1u);
  return {
      {"VOCB.order",
       {{[](std::uint64_t) { return std::string("@1\nNo Skill: x [S1]\n"); }, "TB0066", 0,
         "skills"}}},
      {"PARA.number",
       {{[=](std::uint64_t n) { return "@" + (n ? past : max) + "\nNo Skill: x [S1]\n"; }, "TB0061",
         1}}},
      {"PARA.section_count",
       {{[](std::uint64_t n) { return "@1\n" + repeat("Piety: x [S1]", n, "\n") + "\n"; },
         "TB0066"}}},
      {"PARA.ref_count",
       {{[](std::uint64_t n) { return "@1\n" + repeat("(1)", n, "", 256) + "\n[S1]\n"; },
         "TB0066"}}},
      {"PARA.matrix_ref_count",
       {{[](std::uint64_t n) {
           return matrix + matrix_targets + "@1\n" + repeat("Old (G)", n, " ", 64) + "\n[S1]\n";
         },
         "TB0066"}}},
      {"PARA.chart_entry_count", {{chart_of, "TB0014", 12}}},
      {"SECT.condition_count",
       {{[](std::uint64_t n) { return "@1\n" + repeat("Piety", n, ", ") + ": x [S1]\n"; },
         "TB0066"}}},
      {"COND.roll_low",
       {{[](std::uint64_t n) { return quest_head + "1-" + std::to_string(n) + ": No. [D-1]\n"; },
         "TB0065"}}},
      {"COND.roll_high",
       {{[](std::uint64_t n) {
           return quest_head + "1-" + std::to_string(n - 1) + ": No. [D-1]\n" + std::to_string(n) +
                  "+: Found. [S2/Q:S]\n";
         },
         "TB0065"}}},
      {"AGRP.award_count",
       {{[](std::uint64_t n) { return "@1\nNo Skill: x [" + repeat("D1", n, "/") + "]\n"; },
         "TB0066"}}},
      {"AWRD.value",
       {{[](std::uint64_t n) {
           const std::string to = std::to_string(n);
           return "@1\nNo Skill: x [Go to " + to + "]\n@" + to + "\nNo Skill: y [S1]\n";
         },
         "TB0062"}}},
      {"CHRT.roll", {{chart_of, "TB0014", 12}}},
      {"MATX.option_count",
       {{[](std::uint64_t n) {
           return "@matrix G\nOptions: " + repeat("Pray", n, " | ") +
                  "\nOld: " + repeat("NE", n, " | ") + "\n";
         },
         "TB0066"}}},
      {"MATX.row_count",
       {{[](std::uint64_t n) {
           std::string rows;
           for (std::uint64_t i = 0; i < n; ++i)
             rows += numbered("R", i) + ": NE\n";
           return "@matrix G\nOptions: Pray\n" + rows;
         },
         "TB0066"}}},
      {"CARD.count",
       {{[](std::uint64_t n) {
           return chart + matrix + matrix_targets +
                  "@card terrain Hills: " + repeat("Mountain 4", n, ", ") + "\n";
         },
         "TB0066"},
        {[](std::uint64_t n) {
           return chart + matrix + matrix_targets +
                  "@card character Sage (G): " + repeat("4", n, ", ") + "\n";
         },
         "TB0039", 3},
        {[](std::uint64_t n) {
           std::string results;
           for (std::uint64_t i = 1; i <= n; ++i)
             results += std::to_string(i) + ": [D1]\n";
           return chart + matrix + matrix_targets + "@card city Basra\n" + results;
         },
         "TB0037", 6}}},
      {"TERR.paragraph",
       {{[=](std::uint64_t n) {
           const std::string at = n ? past : max;
           return "@" + max +
                  " chart\n1. Old Man (G)\n2. Old Man (G)\n"
                  "3. Old Man (G)\n4. Old Man (G)\n5. Old Man (G)\n"
                  "6. Old Man (G)\n" +
                  matrix + matrix_targets + "@card terrain Hills: Mountain " + at + "\n";
         },
         "TB0011", 1}}},
      {"CRES.roll",
       {{[](std::uint64_t n) {
           std::string results;
           for (std::uint64_t i = 1; i <= n; ++i)
             results += std::to_string(i) + ": [D1]\n";
           return chart + matrix + matrix_targets + "@card city Basra\n" + results;
         },
         "TB0037", 6}}},
      {"CRES.group_count", {{[](std::uint64_t n) { return city(repeat("[D1]", n)); }, "TB0066"}}},
      {"CRES.ref_count", {{[](std::uint64_t n) { return city(repeat("(4)", n)); }, "TB0066"}}},
      // CRES.matrix_ref_count: a city result is one line, and reading one line
      // of 65,536 references is slow; the test after this one makes the run
      // in the model instead.
      {"CRES.matrix_ref_count", {}},
      // The map: the parser holds black numbers to 9 and rates to 99 (TB0060);
      // SPAC.route_count, as CRES.matrix_ref_count, in the model (below).
      {"SPAC.black", {{[](std::uint64_t n) { return map_of(n, 1, 1); }, "TB0060", 9}}},
      {"SPAC.route_count", {}},
      {"MOVE.land", {{[](std::uint64_t n) { return map_of(0, n, 1); }, "TB0060", 99}}},
      {"MOVE.sea", {{[](std::uint64_t n) { return map_of(0, 1, n); }, "TB0060", 99}}},
      // The Merchant Display: its grid's rows and columns; the counters of a
      // shape, which the parser holds to 999 (TB0060), and the wealth on their
      // back to 2; a city's products, 2 or 3 by the rules (TB0232).
      {"DISP.rows",
       {{[](std::uint64_t n) {
           return "@display\n" + repeat(".", n, "\n") + "\nCounters: straight 1\n";
         },
         "TB0066"}}},
      {"DISP.columns",
       {{[](std::uint64_t n) {
           return "@display\n" + repeat(".", n, " | ") + "\nCounters: straight 1\n";
         },
         "TB0066"}}},
      {"CNTR.count",
       {{[](std::uint64_t n) {
           return "@display\nPearls\nCounters: straight " + std::to_string(n) + "\n";
         },
         "TB0060", max_counters}}},
      {"CNTR.wealth",
       {{[](std::uint64_t n) {
           return "@display\nPearls\nCounters: straight 2\nWealth " + std::to_string(n) +
                  ": straight 1\n";
         },
         "TB0060", 2}}},
      {"MRKT.product_count",
       {{[](std::uint64_t n) {
           return map_of(0, 1, 1) + "Land: Basra\n@space Basra (City)\nProducts: Pearls" +
                  std::string(n > 1 ? ", Dates" : "") + (n > 2 ? ", Silk" : "") +
                  (n > 3 ? ", Salt" : "") + "\n@display\nPearls | Dates | Silk | Salt\n" +
                  "Counters: straight 1\n";
         },
         "TB0232", 3}}},
      // The game family (1.7): their books are a manifest's ("game"), which
      // this test's one-source books are not; tests/emit_games.cpp holds the
      // emitter to each of these (a Key of 7, 100 copies, 65,536 names, a tile
      // or verdict out of its place) and the reader to the rest.
      {"DECK.attack", {}},
      {"DECK.defence", {}},
      {"DECK.key", {}},
      {"DECK.effect_amount", {}},
      {"DECK.copies", {}},
      {"DECK.stopped_by_count", {}},
      {"DECK.bars_count", {}},
      {"TILE.number", {}},
      {"VERD.from", {}},
      {"VERD.to", {}},
  };
}

bool limited(talebook::tbook::layout::FieldRole role) {
  using R = talebook::tbook::layout::FieldRole;
  return role == R::count || role == R::order || role == R::roll || role == R::number ||
         role == R::value;
}

// A vocabulary whose `list` has n entries (the English one, grown). The
// entries are written as text: building 65,536 JSON objects to dump them took
// most of this test's time.
std::string grown_vocabulary(const std::string& list, std::uint64_t n, const test::TempDir& dir) {
  static const nlohmann::json english =
      nlohmann::json::parse(test::read_file(test::source_dir() + "/locales/en/vocabulary.json"));
  const nlohmann::json& given = english.at(list);
  std::string entries = "[";
  for (std::uint64_t i = 0; i < n; ++i) {
    if (i) entries += ",";
    if (i < given.size())
      entries += given[i].dump();
    else
      entries += R"({"id":")" + numbered("x_", i) + R"(","name":")" + numbered("X ", i) + R"("})";
  }
  entries += "]";
  nlohmann::json v = english;
  const std::string hole = "grown list";
  v[list] = hole;
  std::string text = v.dump();
  text.replace(text.find("\"" + hole + "\""), hole.size() + 2, entries);
  const std::string path = (dir / "vocabulary.json").string();
  test::write_file(path, text);
  return path;
}

// Check, then (when `build`) build, unpacked: packing 65,535 copies of one
// record is slow, and changes no limit but the image size. The errors, and
// what was built.
struct Verdict {
  std::vector<const talebook::Diagnostic*> errors;
  std::string build_error;
  talebook::Compilation c;
};
void judge(Verdict& v, const std::string& text, const std::string& vocabulary, bool build) {
  REQUIRE(v.c.vocabulary.load_file(vocabulary).empty());
  v.c.book.language = "en";
  v.c.sources.add("limits.tales", text);
  talebook::compile_loaded(v.c);
  for (const talebook::Diagnostic& d : v.c.diagnostics.all())
    if (d.severity == talebook::Severity::Error) v.errors.push_back(&d);
  if (!build) return;
  std::string bytes;
  talebook::EmitOptions options;
  options.pack = false;
  v.build_error = talebook::emit_tbook(v.c.book, v.c.vocabulary, bytes, options);
}

} // namespace

TEST_CASE("every limited field of records.def: at its limit a book builds, one past check says "
          "so where",
          "[limits][schema]") {
  using namespace talebook::tbook::layout;
  const auto books = limited_fields();
  std::size_t walked = 0;
  for (const RecordInfo& record : record_schema())
    for (const FieldInfo& field : record.fields) {
      if (!limited(field.role)) continue;
      const std::string key = std::string(record.tag) + "." + field.name;
      INFO(key << " (" << name_of(field.role) << ")");
      auto found = books.find(key);
      REQUIRE(found != books.end()); // a limited field needs a book in this test
      ++walked;
      for (const Limited& l : found->second) {
        std::uint64_t limit = l.limit ? l.limit : field.max();
        if (field.role == FieldRole::order) ++limit; // positions 0 to max: max + 1 entries
        INFO("limit " << limit << ", past it " << l.code);
        test::TempDir dir("limits");
        const std::string vocabulary = l.vocabulary.empty()
                                           ? test::source_dir() + "/locales/en/vocabulary.json"
                                           : grown_vocabulary(l.vocabulary, limit, dir);
        // PARA.number, TERR.paragraph: the book generator takes 0 for "at", 1 for "past".
        const bool flag_book = field.role == FieldRole::number;
        {
          Verdict at;
          judge(at, l.book(flag_book ? 0 : limit), vocabulary, true);
          for (const talebook::Diagnostic* d : at.errors)
            UNSCOPED_INFO(talebook::info(d->code).code << " " << d->message);
          CHECK(at.errors.empty());
          CHECK(at.build_error.empty());
        }
        const std::string past_vocabulary =
            l.vocabulary.empty() ? vocabulary : grown_vocabulary(l.vocabulary, limit + 1, dir);
        Verdict past;
        judge(past, l.book(flag_book ? 1 : limit + 1), past_vocabulary, false);
        REQUIRE(!past.errors.empty());
        const talebook::Diagnostic& d = *past.errors.front();
        CHECK(std::string(talebook::info(d.code).code) == l.code);
        for (const talebook::Diagnostic* e : past.errors)
          CHECK(e->code == d.code); // that code alone
        if (l.code == "TB0066") {
          // The field's key, as the message's first argument.
          const std::string words = l.vocabulary.empty() ? field.arg : "vocabulary_" + l.vocabulary;
          CHECK(d.args.at(0).value == words);
        }
        // In the source (the vocabulary's lists are in its JSON file, not a source).
        if (l.vocabulary.empty()) CHECK(d.range.end > d.range.begin);
      }
    }
  CHECK(walked == books.size()); // and no book for a field records.def does not limit
}

// A model grown past what a source reads quickly: at the limit `check` and
// `build` accept it; one past it, one TB0066 and no file.
void judge_in_model(talebook::Compilation& c, bool at_limit) {
  talebook::Diagnostics again;
  talebook::check_book(c.book, c.sources, c.vocabulary, again);
  std::string bytes, error = talebook::emit_tbook(c.book, c.vocabulary, bytes);
  if (at_limit) {
    CHECK(again.errors() == 0);
    CHECK(error.empty());
  } else {
    REQUIRE(again.errors() == 1);
    CHECK(again.all().at(0).code == talebook::Code::count_limit);
    CHECK(!error.empty());
  }
}

TEST_CASE("matrix references in a city result at 65535 build, at 65536 are TB0066",
          "[limits][schema]") {
  // A city result is one line, and reading one line of 65,536 references is
  // slow: the run is made in the model.
  for (std::size_t n : {u16, u16 + 1}) {
    talebook::Compilation c;
    test::compile(c, chart + matrix + matrix_targets +
                         "@card city Basra\n1: Old (G)\n2: [D1]\n3: [D1]\n4: [D1]\n"
                         "5: [D1]\n6: [D1]\n");
    REQUIRE(c.diagnostics.errors() == 0);
    talebook::CityResult& result = c.book.cards.at(0).results.at(0);
    result.matrix_refs.resize(n, result.matrix_refs.at(0));
    judge_in_model(c, n == u16);
  }
}

TEST_CASE("a space with 65535 moves out builds, with 65536 is TB0066", "[limits][schema]") {
  // 65,536 spaces in a source are slow to read: the run is made in the model.
  for (std::size_t n : {u16, u16 + 1}) {
    talebook::Compilation c;
    test::compile(c, "@map\nBeggar: 1/1\nPoor: 1/1\nRespectable: 1/1\nRich: 1/1\n"
                     "Princely: 1/1\nFabulous: 1/1\n@space Baghdad (City, start)\n");
    REQUIRE(c.diagnostics.errors() == 0);
    std::vector<talebook::Space>& spaces = c.book.map.spaces;
    const talebook::Space other = spaces.at(0); // before its routes grow
    for (std::size_t i = 1; i <= n; ++i) {
      talebook::Space s = other;
      s.start = false;
      s.name = numbered("S", i);
      spaces.push_back(s);
      talebook::Route r;
      r.to = "-";
      r.target = static_cast<std::uint32_t>(i);
      spaces.at(0).routes.push_back(r);
    }
    judge_in_model(c, n == u16);
  }
}

// The commands themselves: same verdict, same code, and build writes only what check accepts.
TEST_CASE("talec check and talec build agree on a book at and past a limit", "[limits][cli]") {
  std::string dir = "/tmp/talebook_limits_" + std::to_string(::getpid());
  std::string output = dir + "/out.tbook";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/book.json") << R"({"title": "limits", "language": "en", "vocabulary": ")"
                                    << test::source_dir() << R"(/locales/en/vocabulary.json"})";
  for (const auto& [number, fits] :
       {std::pair{max_paragraph_number, true}, std::pair{max_paragraph_number + 1, false}}) {
    INFO("paragraph " << number);
    std::ofstream(dir + "/book.tales") << "@" << number << "\nNo Skill: x [S1]\n";
    std::filesystem::remove(output);
    test::Run check = test::talec({"check", "--color", "never", dir});
    test::Run build = test::talec({"build", "--color", "never", dir, "-o", output});
    CHECK(check.exit == (fits ? 0 : 1));
    CHECK(build.exit == check.exit);
    CHECK(std::filesystem::exists(output) == fits);
    if (!fits) {
      CHECK(check.err.find("book.tales:1:1: error[TB0061]") != std::string::npos);
      CHECK(build.err.find("error[TB0061]") != std::string::npos);
    }
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("the size of the file: TB0068 from a bound at check time, and from the emitter",
          "[limits][tbook]") {
  for (std::string book : {"/book", "/locales/zh"}) {
    INFO(book);
    talebook::Compilation c;
    REQUIRE(talebook::compile_book(test::source_dir() + book, c));
    const std::uint64_t bound = talebook::tbook_size_bound(c.book, c.vocabulary);
    // A bound: every form of the file is within it.
    for (int form = 0; form < 3; ++form) {
      talebook::EmitOptions options;
      options.pack = form != 1;
      options.stream = form == 2;
      std::string bytes;
      REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, bytes, options).empty());
      CHECK(bytes.size() <= bound);
      if (!options.pack) CHECK(bound < 3 * bytes.size()); // and not a wild one
    }
    talebook::Diagnostics at, past;
    talebook::check_file_size(c.book, c.vocabulary, at, bound);
    CHECK(at.all().empty());
    talebook::check_file_size(c.book, c.vocabulary, past, bound - 1);
    REQUIRE(past.all().size() == 1);
    CHECK(std::string(talebook::info(past.all()[0].code).code) == "TB0068");
    // The emitter, asked to write a file larger than its limit, reports the same code.
    talebook::Diagnostics emitted;
    talebook::EmitOptions options;
    options.max_file_size = 4096;
    options.diagnostics = &emitted;
    std::string bytes;
    std::string error = talebook::emit_tbook(c.book, c.vocabulary, bytes, options);
    CHECK(error.find("(TB0068)") != std::string::npos);
    CHECK(bytes.empty());
    REQUIRE(emitted.all().size() == 1);
    CHECK(std::string(talebook::info(emitted.all()[0].code).code) == "TB0068");
  }
  CHECK(talebook::tbook_file_limit() == talebook::tbook::layout::max_file_size);
}

// A quest's modifier is a signed byte in a .tbook: -128 to 127 build; one past
// either end is TB0077 at the check, at the modifier (and the emitter refuses).
TEST_CASE("a modifier at its limits builds, one past is TB0077 at check", "[tbook][limits]") {
  auto quest = [](const std::string& amount) {
    return "@40 quest The Lost Ring\nThe ring is near the sea.\nSpaces: Basra, Aden\n"
           "Modifiers: " +
           amount +
           " if you have Seamanship\n1-5: Nothing. [D-1]\n6+: The ring! [S2/Q:S]\n"
           "@1\nNo Skill: You set out. [Go to 40]\n";
  };
  at_limit(quest("+127"));
  at_limit(quest("-128"));
  past_limit(quest("+128"), "TB0077", true);
  past_limit(quest("-129"), "TB0077", true);
  past_limit(quest("+200"), "TB0077", true);
}

// 0 is not a paragraph: a paragraph headed @0 and any reference to 0 are
// TB0069 at the number; 1 builds.
TEST_CASE("paragraph 0 is TB0069 at check, as a header and as a reference", "[tbook][limits]") {
  at_limit("@1 treasure Ionian Gems\nBlue stones.\n@2\nNo Skill: You find them. [Ionian Gems]\n"
           "Piety: You go on. [Go to 1]\n");
  past_limit("@0 treasure Ionian Gems\nBlue stones.\n@2\nNo Skill: You find them. [Ionian Gems]\n",
             "TB0069", true);
  past_limit(
      "@0 place City of Brass\nBrass walls.\n@2\nNo Skill: You go in. [Enter City of Brass]\n",
      "TB0069", true);
  Outcome go_to = check_and_build("@2\nNo Skill: You go on. [Go to 0]\n");
  CHECK(std::count(go_to.codes.begin(), go_to.codes.end(), "TB0069") == 1);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
