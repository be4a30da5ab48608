// Rule 24, Interactive Card Play (`--variant interactive`): hands of five
// cards for the others (24.1), an Encounter card asked of another player
// instead of a draw (24.2), a fate card given back (24.3), a Quest card asked
// the same way (24.4). Played through engine::Game on the sample book with a
// fuller deck (tests/data/play/interactive/deck.tales: twenty cards, so that
// three hands of five leave a deck), by random answers checked as each
// question comes, and by one scripted game kept as a golden transcript.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <talebook/engine/game.hpp>

#include "tests/built_book.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using talebook::engine::Game;
using talebook::engine::GameSetup;

bool has(const std::string& text, const std::string& words) {
  return text.find(words) != std::string::npos;
}

bool starts(const std::string& text, const std::string& words) {
  return text.compare(0, words.size(), words) == 0;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

// How often each rule-24 event happened over the games, and what broke.
struct Seen {
  std::map<std::string, int> events;
  std::vector<std::string> broken;
  void broke(const std::string& what) { broken.push_back(what); }
};

// Checks the question rule 24 asks, as it is asked.
void check_question(const Game& game, int players, Seen& seen) {
  const std::string& text = game.question().text;
  const std::vector<std::string>& options = game.question().options;
  if (has(text, "which Encounter card do you give")) {
    ++seen.events["giver chooses an encounter card"];
    for (const std::string& o : options)
      if (starts(o, "the fate card")) seen.broke("a fate card offered as an encounter: " + o);
  } else if (starts(text, "Which fate card do you give")) {
    ++seen.events["receiver chooses a fate card"];
    for (const std::string& o : options)
      if (!starts(o, "the fate card")) seen.broke("not a fate card given back: " + o);
  } else if (has(text, "which Quest card do you give")) {
    ++seen.events["giver chooses a quest card"];
    for (const std::string& o : options)
      if (!starts(o, "the fate card")) seen.broke("not a fate card as a Quest card: " + o);
  } else if (starts(text, "Whom do you ask")) {
    if (options.size() > static_cast<std::size_t>(players - 1))
      seen.broke("more players to ask than the others");
  } else if (starts(text, "You draw two cards") &&
             !has(game.transcript(), "is dead and out of the game")) { // the last one left draws
    seen.broke("two cards drawn from the deck: " + text);
  } else if (has(text, "you may keep only two fate cards (rules 10.3, 24.3)")) {
    ++seen.events["a given fate card over the two kept"];
  }
}

// Checks a whole game's transcript.
void check_transcript(const std::string& transcript, Seen& seen) {
  const std::vector<std::string> all = lines(transcript);
  const bool someone_died = has(transcript, "is dead and out of the game");
  bool refused = false; // since a giver without an Encounter card, this turn
  for (const std::string& line : all) {
    // A city card played after (10.2) has encounters of its own.
    if (starts(line, "-- Player") || starts(line, "Cards and dice")) refused = false;
    if (has(line, "has no Encounter card, discards the hand and draws 5 new cards")) {
      ++seen.events["a giver without an encounter card draws a new hand"];
      refused = true;
    }
    if (refused && (starts(line, "Encounter chart") || starts(line, "You give Player")))
      seen.broke("an encounter or a fate card after a refusal: " + line);
    if (!someone_died &&
        (starts(line, "You draw the terrain card") || has(line, "): the deck marker sends you")))
      seen.broke("an encounter card drawn from the deck: " + line);
    if (starts(line, "You have no fate card to give"))
      ++seen.events["a receiver without a fate card draws a new hand"];
    if (starts(line, "You give Player") && has(line, "to keep face up (rule 24.3)"))
      ++seen.events["a fate card given back"];
    if (has(line, "gives you the fate card") && has(line, "your Quest card"))
      ++seen.events["a quest card given"];
    if (has(line, "has no Quest card, discards the hand"))
      ++seen.events["a giver without a quest card draws a new hand"];
    if (starts(line, "Your hand, to give to the others (rule 24): ")) {
      const std::string cards = line.substr(line.find(": ") + 2);
      const std::size_t count =
          cards == "no cards."
              ? 0
              : 1 + static_cast<std::size_t>(std::count(cards.begin(), cards.end(), ','));
      if (count > 5) seen.broke("a hand of more than five cards: " + line);
    }
  }
}

// `games` random games of `players` with `variant`, each at most `answers` answers.
Seen play_random(const test::BuiltBook& built, int players, const std::string& variant, int games,
                 int answers) {
  Seen seen;
  std::mt19937 pick(24);
  for (int g = 0; g < games; ++g) {
    std::string error;
    auto game = Game::begin(
        *built.book, GameSetup{static_cast<std::uint64_t>(100 + g), "", {}, players, variant},
        error);
    INFO(error);
    REQUIRE(game);
    for (int a = 0; a < answers && !game->over(); ++a) {
      check_question(*game, players, seen);
      const std::size_t count = game->question().options.size();
      REQUIRE(game->answer(std::uniform_int_distribution<std::size_t>(0, count - 1)(pick)));
    }
    if (has(game->transcript(), "Each player is dealt 5 cards")) ++seen.events["hands dealt"];
    check_transcript(game->transcript(), seen);
  }
  return seen;
}

TEST_CASE("rule 24: encounter cards are asked of other players' hands and fate cards given back",
          "[engine][interactive]") {
  test::BuiltBook built("book", {"tests/data/play/interactive"});
  const Seen seen = play_random(built, 3, "interactive", 40, 400);
  INFO("broken: " << (seen.broken.empty() ? "" : seen.broken.front()));
  CHECK(seen.broken.empty());
  for (const char* event :
       {"hands dealt", "giver chooses an encounter card", "receiver chooses a fate card",
        "a fate card given back", "a giver without an encounter card draws a new hand",
        "a receiver without a fate card draws a new hand", "a given fate card over the two kept"}) {
    INFO(event);
    CHECK(seen.events.count(event) == 1);
  }
}

TEST_CASE("rule 24.4: a quester asks another player for a Quest card", "[engine][interactive]") {
  test::BuiltBook built("book", {"tests/data/play/interactive"});
  const Seen seen = play_random(built, 2, "interactive,quest", 40, 300);
  INFO("broken: " << (seen.broken.empty() ? "" : seen.broken.front()));
  CHECK(seen.broken.empty());
  CHECK(seen.events.count("a quest card given") == 1);
  CHECK(seen.events.count("a giver without a quest card draws a new hand") == 1);
}

TEST_CASE("rule 24: the sample book's eight cards, too few for three hands, still play",
          "[engine][interactive]") {
  test::BuiltBook built("book");
  const Seen seen = play_random(built, 3, "interactive,quest", 10, 300);
  INFO("broken: " << (seen.broken.empty() ? "" : seen.broken.front()));
  CHECK(seen.broken.empty());
}

TEST_CASE("rule 24 needs two players and does not mix with the Chinese rules",
          "[engine][interactive]") {
  test::BuiltBook built("book");
  std::string error;
  CHECK_FALSE(Game::begin(*built.book, GameSetup{1, "", {}, 1, "interactive"}, error));
  CHECK(error == "rule 24 (Interactive Card Play) needs two players or more");
  CHECK_FALSE(Game::begin(*built.book, GameSetup{1, "", {}, 3, "interactive,zh"}, error));
  CHECK(has(error, "one only"));
  CHECK(Game::begin(*built.book, GameSetup{1, "", {}, 2, "interactive,quest,skills"}, error));
}

// A scripted game of three players, kept as the transcript a human checked:
// each asks another for an Encounter card, the giver chooses, a fate card
// comes back, and a received Special card is played on its giver.
TEST_CASE("rule 24: a scripted game of three players", "[engine][interactive]") {
  test::BuiltBook built("book", {"tests/data/play/interactive"});
  std::string error;
  auto game = Game::begin(*built.book, GameSetup{5, "", {}, 3, "interactive"}, error);
  REQUIRE(game);
  // Each player: a man, three skills, the first formula; then the first option, 40 times.
  std::vector<std::size_t> answers;
  for (std::vector<std::size_t> skills :
       {std::vector<std::size_t>{0, 8, 18}, {2, 13, 16}, {4, 11, 19}}) {
    answers.push_back(0);
    answers.insert(answers.end(), skills.begin(), skills.end());
    answers.push_back(0);
  }
  answers.insert(answers.end(), 40, 0);
  for (std::size_t a : answers)
    if (!game->over()) REQUIRE(game->answer(a));
  const std::string& t = game->transcript();
  CHECK(has(t, "Player 2, which Encounter card do you give Player 1 (rule 24.2)?"));
  CHECK(has(t, "You give Player 2 the fate card The Cut Purse, to keep face up (rule 24.3)."));
  CHECK(has(t, "You play the Special card The Cut Purse on Player 1's character (rule 10.2)."));
  const std::filesystem::path golden =
      std::filesystem::path(test::source_dir()) / "tests/data/play/interactive.golden";
  if (std::getenv("TALEBOOK_REBASE")) {
    test::rebase(golden, t);
    return;
  }
  CHECK(t == test::read_file(golden.string()));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
