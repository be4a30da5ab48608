// The game books' translations through PO files and review: the cards, tiles
// and verdicts of games/morgenland/en and games/shahrazad/zh as units, the
// lossless round trip, a translated text imported, a card renamed with the
// lines that name it, fallback cards written from PO alone, mechanics refused,
// and review marking the blocks and a source change making one stale.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <utility>

#include "tests/paths.hpp"
#include "tests/po_tools.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

// A copy of one game's folder (its source and its translation).
struct GameBooks {
  test::TempDir temp;
  fs::path source, translation;
  GameBooks(const std::string& game, const std::string& language) : temp("po-" + game) {
    fs::copy(fs::path(test::source_dir()) / "games" / game, temp.path / game,
             fs::copy_options::recursive);
    source = temp.path / game;
    translation = source / language;
  }
  // Every .tales file of the translation and its state, by name.
  std::map<std::string, std::string> files() const {
    std::map<std::string, std::string> out;
    for (const auto& f : fs::directory_iterator(translation))
      out[f.path().filename().string()] = slurp(f.path());
    return out;
  }
  std::string po() const { return (temp.path / "game.po").string(); }
  void edit(const fs::path& file, const std::string& from, const std::string& to) const {
    std::string text = slurp(file);
    std::size_t at = text.find(from);
    if (at == std::string::npos) throw std::runtime_error("'" + from + "' is not in the file");
    spit(file, text.replace(at, from.size(), to));
  }
};

const talebook::PoEntry* find(const talebook::PoFile& po, const std::string& context) {
  for (const auto& e : po.entries)
    if (e.context == context) return &e;
  return nullptr;
}

} // namespace

TEST_CASE("a game translation exports its cards tiles and verdicts as units", "[po][games]") {
  GameBooks deck("morgenland", "en");
  REQUIRE(po_test::talec({"po", "export", deck.translation.string(), "-o", deck.po()}) == 0);
  talebook::PoFile po = po_test::read(deck.po());
  CHECK(po.entries.size() == 118); // 59 cards: a name and a text each
  const talebook::PoEntry* name = find(po, "deck 44");
  REQUIRE(name);
  CHECK(name->id == "Sultansturban");
  CHECK(name->str == "Sultan's Turban");
  const talebook::PoEntry* text = find(po, "deck 44 text");
  REQUIRE(text);
  CHECK(text->id.rfind("Elf Ellen Seide", 0) == 0);
  CHECK(text->str.rfind("Eleven ells of silk", 0) == 0);
  for (const auto& e : po.entries) // mechanics are never a unit's text
    CHECK(e.str.find("Scores:") == std::string::npos);

  GameBooks tiles("shahrazad", "zh");
  REQUIRE(po_test::talec({"po", "export", tiles.translation.string(), "-o", tiles.po()}) == 0);
  po = po_test::read(tiles.po());
  CHECK(po.entries.size() == 27); // 22 tiles and 5 verdicts
  const talebook::PoEntry* tile = find(po, "tile 0");
  REQUIRE(tile);
  CHECK(tile->id == "Two Jinn Argue over the Fairer Sleeper");
  CHECK(tile->str == "两位镇尼争论谁的睡颜更美");
  const talebook::PoEntry* verdict = find(po, "verdict 5");
  REQUIRE(verdict);
  CHECK(verdict->id == "The King weeps, laughs, and begs you for one more night.");
  CHECK(verdict->str == "国王又哭又笑，求你再讲一夜。");
}

TEST_CASE("a game translation survives the PO round trip byte for byte", "[po][games]") {
  for (const auto& [game, language] :
       {std::pair<std::string, std::string>{"morgenland", "en"}, {"shahrazad", "zh"}}) {
    GameBooks books(game, language);
    const auto before = books.files();
    REQUIRE(po_test::talec({"po", "export", books.translation.string(), "-o", books.po()}) == 0);
    REQUIRE(po_test::talec({"po", "import", books.po(), books.translation.string()}) == 0);
    CHECK(books.files() == before);
  }
}

TEST_CASE("an imported card text changes exactly that text", "[po][games]") {
  GameBooks books("morgenland", "en");
  const auto before = books.files();
  REQUIRE(po_test::talec({"po", "export", books.translation.string(), "-o", books.po()}) == 0);
  talebook::PoFile po = po_test::read(books.po());
  po_test::entry(po, "deck 44 text").str = "Silk, an emerald, and a head under it.";
  po_test::entry(po, "deck 44 text").flags.clear();
  spit(books.po(), talebook::write_po(po));
  REQUIRE(po_test::talec({"po", "import", books.po(), books.translation.string()}) == 0);
  auto expected = before;
  std::string& treasury = expected["treasury.tales"];
  const std::string old = "Eleven ells of silk, an emerald on top, and underneath it a head every "
                          "Grand Vizier would like to have.";
  REQUIRE(treasury.find(old) != std::string::npos);
  treasury.replace(treasury.find(old), old.size(), "Silk, an emerald, and a head under it.");
  CHECK(books.files() == expected);
}

TEST_CASE("a renamed card is renamed in the lines that name it", "[po][games]") {
  GameBooks books("morgenland", "en");
  REQUIRE(po_test::talec({"po", "export", books.translation.string(), "-o", books.po()}) == 0);
  talebook::PoFile po = po_test::read(books.po());
  for (auto& e : po.entries) {
    e.flags.clear();
    if (e.str == "Guard with Bow") e.str = "Archer of the Watch";
  }
  spit(books.po(), talebook::write_po(po));
  REQUIRE(po_test::talec({"po", "import", books.po(), books.translation.string()}) == 0);
  for (const auto& [name, text] : books.files()) { // comments aside
    CHECK(text.find(": Guard with Bow") == std::string::npos);
    CHECK(text.find(" Guard with Bow (archer)") == std::string::npos);
  }
  CHECK(slurp(books.translation / "night-attack.tales").find("Stopped by: Archer of the Watch") !=
        std::string::npos);
  CHECK(slurp(books.translation / "day.tales").find("Bars: Archer of the Watch") !=
        std::string::npos);
  CHECK(check(books.translation).count("TB0420") == 0);
}

TEST_CASE("a PO file cannot change a card's mechanics", "[po][games]") {
  GameBooks books("morgenland", "en");
  const auto before = books.files();
  REQUIRE(po_test::talec({"po", "export", books.translation.string(), "-o", books.po()}) == 0);
  talebook::PoFile po = po_test::read(books.po());
  // A score is no unit: the only way to write one is a second line in a text.
  po_test::entry(po, "deck 7 text").str += "\nScores: 9/9/9";
  po_test::entry(po, "deck 7 text").flags.clear();
  spit(books.po(), talebook::write_po(po));
  const fs::path log = books.temp.path / "import.log";
  CHECK(po_test::talec({"po", "import", books.po(), books.translation.string()}, log) != 0);
  CHECK(slurp(log).find("TB0056") != std::string::npos);
  CHECK(books.files() == before);
}

TEST_CASE("fallback cards are written from a PO file alone", "[po][games]") {
  GameBooks books("morgenland", "en");
  REQUIRE(po_test::talec({"po", "export", books.translation.string(), "-o", books.po()}) == 0);
  const talebook::PoFile full = po_test::read(books.po());
  const std::string vaguwam = slurp(books.translation / "vaguwam.tales");
  fs::remove(books.translation / "vaguwam.tales");
  fs::remove(books.po()); // not merged with the one written over
  REQUIRE(po_test::talec({"po", "export", books.translation.string(), "-o", books.po()}) == 0);
  talebook::PoFile po = po_test::read(books.po());
  CHECK(po_test::entry(po, "deck 59").str.empty());
  for (auto& e : po.entries) {
    e.flags.clear();
    if (const talebook::PoEntry* was = find(full, e.context)) e.str = was->str;
  }
  spit(books.po(), talebook::write_po(po));
  REQUIRE(po_test::talec({"po", "import", books.po(), books.translation.string()}) == 0);
  // The card as the translation had it, without its comment lines and its gloss.
  CHECK(slurp(books.translation / "vaguwam.tales") == vaguwam.substr(vaguwam.find("@vaguwam")));
  CHECK(check(books.translation).count("TB0422") == 0);
}

TEST_CASE("review marks game blocks and a source change makes one stale", "[po][games][review]") {
  GameBooks books("shahrazad", "zh");
  fs::remove(books.translation / "translation-state.json");
  CHECK(check(books.translation).count("TB0123") == 1);
  REQUIRE(po_test::talec({"review", "--all", books.translation.string()}) == 0);
  const std::string state = slurp(books.translation / "translation-state.json");
  CHECK(state.find("\"tile 0\"") != std::string::npos);
  CHECK(state.find("\"verdict 5\"") != std::string::npos);
  CHECK(check(books.translation).empty());

  books.edit(books.source / "tiles.tales", "Rings Exchanged in the Dark",
             "Rings Exchanged at Night");
  const auto codes = check(books.translation);
  CHECK(codes.count("TB0138") == 1);
  CHECK(codes.size() == 1);
  REQUIRE(po_test::talec({"po", "export", books.translation.string(), "-o", books.po()}) == 0);
  talebook::PoFile po = po_test::read(books.po());
  CHECK(po_test::entry(po, "tile 4").fuzzy());
  CHECK(po_test::entry(po, "tile 4").previous_id == "Rings Exchanged in the Dark");
  CHECK_FALSE(po_test::entry(po, "tile 0").fuzzy());
  REQUIRE(po_test::talec({"review", "--all", books.translation.string()}) == 0);
  CHECK(check(books.translation).empty());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
