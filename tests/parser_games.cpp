// The game family's source format (docs/games.md): a small deck and a small
// tile set parse to the expected model; seeded faults are reported with
// their code and place.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

// A game book in a temporary folder: its manifest and one source file.
struct GameBook {
  test::TempDir dir{"game-book"};
  talebook::Compilation c;
  GameBook(const std::string& manifest_keys, const std::string& tales) {
    const std::string vocabulary = test::source_dir() + "/locales/en/vocabulary.json";
    test::write_file(dir / "book.json",
                     "{\"title\": \"t\", \"language\": \"en\", \"vocabulary\": \"" + vocabulary +
                         "\", " + manifest_keys + "}\n");
    test::write_file(dir / "game.tales", tales);
    talebook::compile_book(dir.str(), c);
  }
  // "TB0404 game.tales:2:1" for each diagnostic.
  std::vector<std::string> found() const {
    std::vector<std::string> out;
    for (const talebook::Diagnostic& d : c.diagnostics.all()) {
      auto [line, column] = c.sources.file(d.range.file).position(d.range.begin);
      out.push_back(std::string(talebook::info(d.code).code) + " " +
                    fs::path(c.sources.file(d.range.file).path()).filename().string() + ":" +
                    std::to_string(line) + ":" + std::to_string(column));
    }
    return out;
  }
};

const char* deck = R"(@night attack Fliegender Löwe [Flying Lion] (flying)
Scores: 6/2/3
Text: Er trägt seinen Reiter über die Zinnen.
Stopped by: Wache mit Bogen

@night defence Wache mit Bogen [Guard with Bow] (archer)
Copies: 3
Scores: 1/5/2
Text: Sein Pfeil findet den Löwen.

@treasury treasure Wein [Wine] (cursed)
Text: Wer ihn raubt, schläft.
Effect: skip

@day Hinrichtung [Execution] (bars)
Text: Auf dem Platz wird gerichtet.
Bars: Fliegender Löwe
)";

TEST_CASE("a small deck parses to its cards", "[games]") {
  GameBook b(
      R"("game": "morgenland", "deck": {"attack": 1, "defence": 3, "treasure": 1, "day": 1}, "named": ["Wein"])",
      deck);
  INFO(b.found().size());
  CHECK(b.found().empty());
  const auto& game = b.c.book.game;
  CHECK(game.game == talebook::GameKind::morgenland);
  REQUIRE(game.deck.size() == 4);
  const talebook::DeckCard& lion = game.deck[0];
  CHECK(lion.deck_class == talebook::DeckClass::attack);
  CHECK(lion.role == talebook::CardRole::flying);
  CHECK(lion.name == "Fliegender Löwe");
  CHECK(lion.gloss == "Flying Lion");
  CHECK((lion.attack == 6 && lion.defence == 2 && lion.key == 3 && lion.has_scores));
  REQUIRE(lion.stopped_by.size() == 1);
  CHECK(lion.stopped_by[0].card == 1);
  CHECK(game.deck[1].copies == 3);
  CHECK(game.deck[2].effect.kind == talebook::CardEffectKind::skip);
  CHECK(game.deck[3].role == talebook::CardRole::bars);
  REQUIRE(game.deck[3].bars.size() == 1);
  CHECK(game.deck[3].bars[0].card == 0);
}

TEST_CASE("a small tile set parses to its tiles and verdicts", "[games]") {
  GameBook b(R"("game": "shahrazad", "tiles": {"red": 2, "blue": 1, "black": 0, "yellow": 0})",
             "@tile 0 red The Fisherman's First Cast\nOthers: 1\n\n"
             "@tile 1 red The Second Cast\nOthers: 0\n\n"
             "@tile 2 blue The Porter\nOthers:\n\n"
             "@verdicts\n0-9: The King yawns.\n10+: The King smiles.\n");
  CHECK(b.found().empty());
  const auto& game = b.c.book.game;
  REQUIRE(game.tiles.size() == 3);
  CHECK(game.tiles[0].title == "The Fisherman's First Cast");
  CHECK(game.tiles[2].colour == talebook::TileColour::blue);
  CHECK(game.tiles[1].others == std::vector<std::uint32_t>{0});
  REQUIRE(game.verdicts.size() == 2);
  CHECK((game.verdicts[0].from == 0 && game.verdicts[0].to == 9 && !game.verdicts[0].open));
  CHECK((game.verdicts[1].from == 10 && game.verdicts[1].open));
  CHECK(game.verdicts[1].words == "The King smiles.");
}

TEST_CASE("seeded faults of a deck are reported at their place", "[games]") {
  GameBook b(R"("game": "morgenland", "named": ["Hinrichtung"])",
             "@night attack Dieb [Thief]\nText: Leise.\n\n"                     // 1: no scores
             "@night attack Riese [Giant]\nScores: 9/9/7\nText: Gross.\n\n"     // 4: key 7
             "@day Sturm [Storm]\nText: Nichts.\nBars: Dib\n\n"                 // 8: no role, Bars
             "@night attack Dieb [Thief]\nScores: 1/1/1\nText: Noch einer.\n"); // 12: twice
  std::vector<std::string> found = b.found();
  auto has = [&](const std::string& what) {
    INFO(what);
    return std::find(found.begin(), found.end(), what) != found.end();
  };
  CHECK(has("TB0403 game.tales:1:1"));
  CHECK(has("TB0404 game.tales:5:1"));
  CHECK(has("TB0409 game.tales:8:1"));
  CHECK(has("TB0408 game.tales:10:1"));
  CHECK(has("TB0407 game.tales:12:15"));
  CHECK(std::count_if(found.begin(), found.end(), [](const std::string& s) {
          return s.rfind("TB0405 book.json", 0) == 0;
        }) == 1);
}

TEST_CASE("seeded faults of a tile set are reported at their place", "[games]") {
  GameBook b(R"("game": "shahrazad")",
             "@tile 0 red A\nOthers: 1, 2\n\n"           // 1: others disagree
             "@tile 1 red B\nOthers: 0\n\n"              // 4
             "@tile 1 blue C\nOthers:\n\n"               // 7: twice
             "@verdicts\n0-9: a\n11-19: b\n20-25: c\n"); // 11: gap, no open end
  std::vector<std::string> found = b.found();
  auto has = [&](const std::string& what) {
    INFO(what);
    return std::find(found.begin(), found.end(), what) != found.end();
  };
  CHECK(has("TB0415 game.tales:2:1"));
  CHECK(has("TB0413 game.tales:7:7"));
  CHECK(has("TB0416 game.tales:12:1"));
  CHECK(has("TB0418 game.tales:13:1"));
}

TEST_CASE("game blocks in a Book of Tales are misplaced", "[games]") {
  talebook::Compilation c;
  test::compile(c, "@1\nA merchant greets you.\n\n@tile 0 red A\nOthers:\n");
  CHECK(test::codes(c) == std::vector<std::string>{"TB0400"});
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
