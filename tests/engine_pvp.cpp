// The Chinese rules' player against player (003, `--variant zh` with two
// players or more): each skill of their list used on another player in the
// same space, its price, the defences and the marks it leaves on the other's
// next turn. Games are played through engine::Game, answered by the words of
// the options, on the sample book (both characters start in Baghdad).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <talebook/engine/game.hpp>

#include "tests/built_book.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using talebook::engine::Game;
using talebook::engine::GameSetup;

namespace {

struct Player {
  const char* sex; // "A man" or "A woman"
  std::vector<const char*> skills;
};

// The option of the question that contains `words`, if any.
std::optional<std::size_t> option(const Game& game, const std::string& words) {
  const auto& options = game.question().options;
  for (std::size_t i = 0; i < options.size(); ++i)
    if (options[i].find(words) != std::string::npos) return i;
  return std::nullopt;
}

// Answers with the option that contains `words`; fails the test without one.
void pick(Game& game, const std::string& words) {
  REQUIRE_FALSE(game.over());
  INFO("question: " << game.question().text << "; wanted: " << words);
  const std::optional<std::size_t> i = option(game, words);
  REQUIRE(i);
  REQUIRE(game.answer(*i));
}

// A game of the Chinese rules (or `variant`) for `players`, Destiny 12 each
// (or `start`), the characters made as they say (the formula: the first
// offered).
Game begin(const test::BuiltBook& built, std::uint64_t seed, const Player& one, const Player& two,
           const char* start = "destiny=12,story=3");
Game begin(const test::BuiltBook& built, std::uint64_t seed, const std::vector<Player>& players,
           const char* start = "destiny=12,story=3", const char* variant = "zh") {
  std::string error;
  auto game = Game::begin(
      *built.book, GameSetup{seed, start, {}, static_cast<int>(players.size()), variant}, error);
  INFO(error);
  REQUIRE(game);
  for (const Player* p = players.data(); p != players.data() + players.size(); ++p) {
    pick(*game, p->sex);
    for (const char* skill : p->skills) {
      const auto& options = game->question().options;
      const auto it = std::find(options.begin(), options.end(), skill);
      REQUIRE(it != options.end());
      REQUIRE(game->answer(static_cast<std::size_t>(it - options.begin())));
    }
    REQUIRE(game->question().text.find("victory formula") != std::string::npos);
    REQUIRE(game->answer(0));
  }
  return std::move(*game);
}

Game begin(const test::BuiltBook& built, std::uint64_t seed, const Player& one, const Player& two,
           const char* start) {
  return begin(built, seed, std::vector<Player>{one, two}, start);
}

// Plays on (a card each turn, the first option at every other question, no
// skill used on anyone, the turn ended when it may be) until a question that
// contains `text`, or an option that does; false if the game ends first.
bool play_until(Game& game, const std::string& text, int most = 400) {
  for (int i = 0; i < most && !game.over(); ++i) {
    const auto& q = game.question();
    if (q.text.find(text) != std::string::npos || option(game, text)) return true;
    std::optional<std::size_t> a;
    if (q.text.find("what do you do?") != std::string::npos) a = option(game, "End your turn");
    if (q.text == "What do you do?") a = option(game, "Draw a card");
    REQUIRE(game.answer(a.value_or(0)));
  }
  return false;
}

// What the game said since `from` (a length of its transcript).
std::string since(const Game& game, std::size_t from) {
  return game.transcript().substr(from);
}

// Plays on as play_until does until the game has said `text` after `from` (a
// length of its transcript), then to its next question; false if the game
// ends first.
bool play_until_said(Game& game, const std::string& text, std::size_t from, int most = 400) {
  for (int i = 0; i < most && !game.over(); ++i) {
    if (game.transcript().find(text, from) != std::string::npos) return true;
    const auto& q = game.question();
    std::optional<std::size_t> a;
    if (q.text.find("what do you do?") != std::string::npos) a = option(game, "End your turn");
    if (q.text == "What do you do?") a = option(game, "Draw a card");
    REQUIRE(game.answer(a.value_or(0)));
  }
  return false;
}

// The first player to reach the Cards and Dice part of a turn with a skill
// to use uses `skill` (the option that starts so) on the other: the other's
// name ("Player 2").
std::string use(Game& game, const std::string& skill) {
  REQUIRE(play_until(game, "Use a skill on a player in your space ("));
  pick(game, "Use a skill on a player");
  pick(game, skill);
  if (game.question().text == "On whose character?") REQUIRE(game.answer(0));
  const std::string& said = game.transcript();
  const std::size_t at = said.rfind(" on Player ");
  REQUIRE(at != std::string::npos);
  return said.substr(at + 4, 8);
}

} // namespace

// The skills of the rules' list that a player of these tests may start
// with and never use on another: Wisdom, Evaluation, Luck, Quick Thinking.

TEST_CASE("pvp: a skill is used for D4 at Talent, and one without the skill cannot avoid it",
          "[engine][pvp]") {
  test::BuiltBook built("book");
  Game game = begin(built, 3, {"A man", {"Weapon Use", "Wisdom", "Evaluation"}},
                    {"A man", {"Wisdom", "Evaluation", "Quick Thinking"}});
  const std::size_t from = game.transcript().size();
  CHECK(use(game, "Weapon Use (D4)") == "Player 2");
  const std::string said = since(game, from);
  CHECK(said.find("You use Weapon Use on Player 2's character (the Chinese rules):\n"
                  "  Destiny -4: ") != std::string::npos);
  // Quick Thinking: a roll; taken, the status comes.
  pick(game, "Take it");
  CHECK(since(game, from).find("Player 2:\n  You gain the status Wounded.") != std::string::npos);
  // One skill a turn: the menu does not offer it again.
  CHECK_FALSE(option(game, "Use a skill on a player"));

  // Seamanship is used only on a coast or at sea: in Baghdad player 2 has
  // nothing to use, nor any defence.
  Game bare = begin(built, 3, {"A man", {"Weapon Use", "Wisdom", "Evaluation"}},
                    {"A man", {"Wisdom", "Evaluation", "Seamanship"}});
  const std::size_t start = bare.transcript().size();
  REQUIRE(use(bare, "Weapon Use (D4)") == "Player 2");
  CHECK(since(bare, start)
            .find("Player 2 has neither Weapon Use nor Luck nor Quick Thinking "
                  "and cannot avoid it.\nPlayer 2:\n  You gain the status "
                  "Wounded.") != std::string::npos);
}

TEST_CASE("pvp: avoided by paying with the same skill, and Weapon Use then duels, two dice each",
          "[engine][pvp]") {
  test::BuiltBook built("book");
  for (std::uint64_t seed : {3u, 4u, 5u}) {
    INFO("seed " << seed);
    Game game = begin(built, seed, {"A man", {"Weapon Use", "Wisdom", "Evaluation"}},
                      {"A man", {"Weapon Use", "Wisdom", "Evaluation"}});
    const std::string other = use(game, "Weapon Use (D4)");
    const std::size_t from = game.transcript().size();
    pick(game, "Pay D4 to avoid it (you have Weapon Use)");
    const std::string said = since(game, from);
    CHECK(said.find(other + " pays to avoid it:\n  Destiny -4: ") != std::string::npos);
    // The lower roll is wounded, or crippled if the other beat it by 5 or more.
    const std::size_t duel = said.rfind("A duel: you roll ");
    REQUIRE(duel != std::string::npos);
    int mine = 0, theirs = 0;
    REQUIRE(std::sscanf(said.c_str() + duel, "A duel: you roll %d, Player %*d %d.", &mine,
                        &theirs) == 2);
    REQUIRE(mine != theirs);
    const std::string status = std::abs(mine - theirs) >= 5 ? "Crippled" : "Wounded";
    CHECK(said.find((mine < theirs ? std::string("You") : other) + ":\n  You gain the status " +
                    status + ".") != std::string::npos);
  }
}

TEST_CASE("pvp: Luck or Quick Thinking avoids a skill on 4 or more", "[engine][pvp]") {
  test::BuiltBook built("book");
  int avoided = 0, taken = 0;
  for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u}) {
    INFO("seed " << seed);
    Game game = begin(built, seed, {"A man", {"Storytelling", "Wisdom", "Evaluation"}},
                      {"A man", {"Luck", "Wisdom", "Evaluation"}});
    REQUIRE(use(game, "Storytelling (D4)") == "Player 2");
    const std::size_t from = game.transcript().size();
    pick(game, "Roll a die: 4 or more avoids it (Luck)");
    const std::string all = since(game, from);
    REQUIRE(all.find("Player 2 rolls ") != std::string::npos);
    const std::string said = all.substr(all.find("Player 2 rolls "));
    const int roll = said[15] - '0';
    CHECK(said.find(roll >= 4 ? ": avoided." : ": not avoided.") != std::string::npos);
    if (roll >= 4) {
      ++avoided;
      continue;
    }
    ++taken;
    // Not avoided, Storytelling gives the other S1 and keeps them still next turn.
    CHECK(said.find("Player 2:\n  Story +1: 3 -> 4.\n  Player 2 may not move next turn") !=
          std::string::npos);
    REQUIRE(play_until_said(game, "-- Player 2", from));
    CHECK(game.transcript().rfind("You may not move this turn: another player's skill keeps you "
                                  "(the Chinese rules).") > game.transcript().rfind("-- Player 2"));
    CHECK_FALSE(option(game, "Move (rule 9"));
  }
  CHECK(avoided > 0);
  CHECK(taken > 0);
}

TEST_CASE("pvp: Magic avoided by Magic turns back, Stealth avoided by Stealth imprisons",
          "[engine][pvp]") {
  test::BuiltBook built("book");
  {
    Game game = begin(built, 3, {"A man", {"Magic", "Wisdom", "Evaluation"}},
                      {"A man", {"Magic", "Wisdom", "Evaluation"}});
    const std::string other = use(game, "Magic (D4)");
    pick(game, "Drive " + other + " insane");
    const std::size_t from = game.transcript().size();
    pick(game, "Pay D4 to avoid it (you have Magic)");
    CHECK(since(game, from)
              .find("The spell turns back on you (the Chinese rules).\nYou:\n  You "
                    "gain the status Insane.") != std::string::npos);
  }
  {
    Game game = begin(built, 3, {"A man", {"Stealth & Stealing", "Wisdom", "Evaluation"}},
                      {"A man", {"Stealth & Stealing", "Wisdom", "Evaluation"}});
    use(game, "Stealth & Stealing (D4)");
    pick(game, "A wealth level");
    const std::size_t from = game.transcript().size();
    pick(game, "Pay D4 to avoid it");
    CHECK(since(game, from)
              .find("You are caught (the Chinese rules).\nYou:\n  You gain the "
                    "status Imprisoned.") != std::string::npos);
  }
  {
    // Not avoided: the wealth level goes from the other to the thief.
    Game game = begin(built, 3, {"A man", {"Stealth & Stealing", "Wisdom", "Evaluation"}},
                      {"A man", {"Wisdom", "Evaluation", "Luck"}}, "destiny=12,wealth=Rich");
    REQUIRE(use(game, "Stealth & Stealing (D4)") == "Player 2");
    pick(game, "A wealth level");
    const std::size_t from = game.transcript().size();
    pick(game, "Take it");
    CHECK(since(game, from)
              .find("Player 2 gives a wealth level to you:\n  Wealth -1: Rich -> "
                    "Respectable.\n  Wealth +1: Rich -> Princely.") != std::string::npos);
  }
}

TEST_CASE("pvp: Appearance by sex, Seduction on the other sex only", "[engine][pvp]") {
  test::BuiltBook built("book");
  {
    Game game = begin(built, 3, {"A man", {"Appearance", "Seduction", "Wisdom"}},
                      {"A man", {"Wisdom", "Evaluation", "Luck"}});
    REQUIRE(play_until(game, "Use a skill on a player"));
    pick(game, "Use a skill on a player");
    CHECK(option(game, "Appearance (D4)"));
    CHECK_FALSE(option(game, "Seduction")); // two men
    pick(game, "Appearance (D4)");
    const std::size_t from = game.transcript().size();
    pick(game, "Take it");
    CHECK(since(game, from).find("Player 2:\n  You gain the status Envious.") != std::string::npos);
  }
  {
    Game game = begin(built, 3, {"A man", {"Appearance", "Seduction", "Wisdom"}},
                      {"A woman", {"Wisdom", "Evaluation", "Quick Thinking"}});
    REQUIRE(use(game, "Seduction (D4)") == "Player 2");
    pick(game, "Make Player 2 love-struck");
    const std::size_t from = game.transcript().size();
    pick(game, "Take it");
    CHECK(since(game, from).find("Player 2:\n  You gain the status Love Struck.") !=
          std::string::npos);
  }
}

TEST_CASE("pvp: Master costs D2, to use and to avoid", "[engine][pvp]") {
  test::BuiltBook built("book");
  Game game = begin(built, 3, {"A man", {"Piety", "Wisdom", "Luck"}},
                    {"A man", {"Piety", "Wisdom", "Evaluation"}}, "destiny=12,master=piety");
  const std::size_t from = game.transcript().size();
  const std::string other = use(game, "Piety (D2)");
  pick(game, "Send " + other + " on pilgrimage");
  pick(game, "Pay D2 to avoid it (you have Piety)");
  const std::string said = since(game, from);
  CHECK(said.find("on " + other + "'s character (the Chinese rules):\n  Destiny -2: ") !=
        std::string::npos);
  CHECK(said.find(other + " pays to avoid it:\n  Destiny -2: ") != std::string::npos);
}

TEST_CASE("pvp: help bought with wealth: Scholarship, Wilderness Lore, Piety's blessing",
          "[engine][pvp]") {
  test::BuiltBook built("book");
  {
    Game game = begin(built, 3, {"A man", {"Scholarship", "Weapon Use", "Wisdom"}},
                      {"A man", {"Evaluation", "Luck", "Quick Thinking"}});
    const std::size_t from = game.transcript().size();
    REQUIRE(use(game, "Scholarship (D4)") == "Player 2");
    pick(game, "Give a wealth level");
    pick(game, "Weapon Use");
    const std::string said = since(game, from);
    CHECK(said.find("Player 2 gives a wealth level to you:") != std::string::npos);
    CHECK(said.find("Player 2:\n  You gain the skill Weapon Use") != std::string::npos);
    CHECK(said.find("Player 2 may not move next turn (the Chinese rules).") != std::string::npos);
  }
  {
    // Three players: two draw two cards anyway (rule 10.1).
    Game game = begin(built, 3,
                      {{"A man", {"Wilderness Lore", "Wisdom", "Evaluation"}},
                       {"A man", {"Evaluation", "Luck", "Wisdom"}},
                       {"A man", {"Evaluation", "Luck", "Wisdom"}}});
    const std::size_t from = game.transcript().size();
    const std::string other = use(game, "Wilderness Lore (D4)");
    pick(game, "Give a wealth level");
    // Neither Lost nor Pursued: the two cards are what the other buys.
    CHECK(since(game, from).find(other + " draws two cards next turn and keeps one") !=
          std::string::npos);
    REQUIRE(play_until_said(game, "-- " + other, from));
    REQUIRE(play_until(game, "You draw two cards and keep one"));
    CHECK(game.question().text ==
          "You draw two cards and keep one (the Chinese rules: Wilderness Lore):");
  }
  {
    Game game = begin(built, 3, {"A man", {"Piety", "Wisdom", "Evaluation"}},
                      {"A man", {"Evaluation", "Luck", "Wisdom"}});
    const std::size_t from = game.transcript().size();
    REQUIRE(use(game, "Piety (D4)") == "Player 2");
    pick(game, "Bless Player 2 and gain D3");
    CHECK(
        since(game, from).find("Player 2:\n  You gain the status Blessed.\nYou:\n  Destiny +3: ") !=
        std::string::npos);
  }
}

TEST_CASE("pvp: Endurance buys a move at once, and the user may follow", "[engine][pvp]") {
  test::BuiltBook built("book");
  Game game = begin(built, 3, {"A man", {"Enduring Hardship", "Wisdom", "Evaluation"}},
                    {"A man", {"Evaluation", "Luck", "Wisdom"}});
  REQUIRE(use(game, "Enduring Hardship (D4)") == "Player 2");
  pick(game, "Give a wealth level");
  CHECK(game.transcript().rfind("Player 2 moves (no encounter):") != std::string::npos);
  REQUIRE(game.question().text.find("Where do you move") == 0);
  REQUIRE(game.answer(1)); // the first space away from Baghdad
  REQUIRE(game.question().text.find("Do you follow Player 2 to ") == 0);
  const std::string to = game.question().text.substr(26, game.question().text.find(" (the") - 26);
  pick(game, "Follow");
  CHECK(game.transcript().rfind("You move to " + to + ".") != std::string::npos);
}

TEST_CASE("pvp: nothing is offered that cannot act, nor without the Destiny to pay",
          "[engine][pvp]") {
  test::BuiltBook built("book");
  // Beggars with no treasure: nothing to steal, nothing to buy help with;
  // Seamanship only on a coast or at sea (Baghdad is a city).
  Game game = begin(built, 3, {"A man", {"Stealth & Stealing", "Scholarship", "Seamanship"}},
                    {"A man", {"Evaluation", "Luck", "Wisdom"}}, "destiny=12,wealth=Beggar");
  REQUIRE(play_until(game, "Cards and dice"));
  CHECK_FALSE(option(game, "Use a skill on a player"));
  // Destiny 3 pays for nothing at Talent.
  Game poor = begin(built, 3, {"A man", {"Weapon Use", "Wisdom", "Evaluation"}},
                    {"A man", {"Evaluation", "Luck", "Wisdom"}}, "destiny=3");
  REQUIRE(play_until(poor, "Cards and dice"));
  CHECK_FALSE(option(poor, "Use a skill on a player"));
}

TEST_CASE("pvp: the Chinese rules with players, the solo game with one", "[engine][pvp]") {
  test::BuiltBook built("book");
  std::string error;
  CHECK(Game::begin(*built.book, GameSetup{1, {}, {}, 3, "zh"}, error));
  auto solo = Game::begin(*built.book, GameSetup{1, {}, {}, 1, "zh"}, error);
  REQUIRE(solo);
  CHECK_FALSE(Game::begin(*built.book, GameSetup{1, {}, {}, 0, "zh"}, error));
  CHECK(error.find("the Chinese rules need players") == 0);
  CHECK_FALSE(Game::begin(*built.book, GameSetup{1, {}, {}, 2, "solitaire"}, error));
}

// Rule 26 (the Adventure rules, `--variant skills`): the rulebook's own table.

TEST_CASE("rule 26: a skill costs 5 at Talent, and only the same skill avoids it",
          "[engine][pvp]") {
  test::BuiltBook built("book");
  Game game = begin(built, 3,
                    {{"A man", {"Weapon Use", "Wisdom", "Evaluation"}},
                     {"A man", {"Weapon Use", "Quick Thinking", "Seamanship"}}},
                    "destiny=12,story=3", "skills");
  const std::size_t from = game.transcript().size();
  const std::string other = use(game, "Weapon Use (D5)");
  // No roll for Quick Thinking (a Chinese rule); paid for, avoided: no duel.
  CHECK_FALSE(option(game, "Roll a die"));
  pick(game, "Pay D5 to avoid it (you have Weapon Use)");
  const std::string said = since(game, from);
  CHECK(said.find("'s character (rule 26):\n  Destiny -5: 12 -> 7.") != std::string::npos);
  CHECK(said.find(other + " pays to avoid it:\n  Destiny -5: 12 -> 7.") != std::string::npos);
  CHECK(said.find("A duel") == std::string::npos);
  CHECK(said.find("Wounded") == std::string::npos);
}

TEST_CASE("rule 26: Luck rolls against the other for a wealth level, and rule 16.4 holds",
          "[engine][pvp]") {
  test::BuiltBook built("book");
  int taken = 0, missed = 0;
  for (std::uint64_t seed : {1u, 2u, 3u, 4u, 5u, 6u}) {
    INFO("seed " << seed);
    Game game = begin(built, seed,
                      {{"A man", {"Luck", "Wisdom", "Evaluation"}},
                       {"A man", {"Wisdom", "Evaluation", "Seamanship"}}},
                      "destiny=12,wealth=Rich", "skills");
    const std::size_t from = game.transcript().size();
    REQUIRE(use(game, "Luck (D5)") == "Player 2");
    const std::string said = since(game, from);
    const std::size_t at = said.find("You roll ", said.find("You use Luck"));
    REQUIRE(at != std::string::npos);
    int mine = 0, theirs = 0;
    REQUIRE(std::sscanf(said.c_str() + at, "You roll %d, Player 2 %d", &mine, &theirs) == 2);
    if (mine < theirs) {
      ++missed;
      CHECK(said.find(": no effect.") != std::string::npos);
      continue;
    }
    ++taken;
    // Player 2 was Rich before giving; you rise only to a level below that.
    const std::size_t gift = said.find("Player 2 gives a wealth level to you:\n  Wealth -1: ");
    REQUIRE(gift != std::string::npos);
    const bool rich = said.find("Wealth +1: Respectable -> Rich.", gift) != std::string::npos ||
                      said.find("you stays Rich (rule 16.4).", gift) != std::string::npos ||
                      said.find("you stays Princely (rule 16.4).", gift) != std::string::npos;
    CHECK(rich);
  }
  CHECK(taken + missed == 6);
}

TEST_CASE("rule 26: Minor Magic, Piety's Destiny and Major Magic's any status", "[engine][pvp]") {
  test::BuiltBook built("book");
  {
    Game game = begin(built, 3,
                      {{"A man", {"Minor Magic", "Wisdom", "Evaluation"}},
                       {"A man", {"Wisdom", "Evaluation", "Seamanship"}}},
                      "destiny=12", "skills");
    REQUIRE(use(game, "Minor Magic (D5)") == "Player 2");
    const std::size_t from = game.transcript().size();
    pick(game, "Put Player 2 under a geas");
    CHECK(since(game, from).find("Player 2:\n  You gain the status Under Geas.") !=
          std::string::npos);
  }
  {
    Game game = begin(built, 3,
                      {{"A man", {"Piety", "Wisdom", "Evaluation"}},
                       {"A man", {"Wisdom", "Evaluation", "Seamanship"}}},
                      "destiny=12", "skills");
    REQUIRE(use(game, "Piety (D5)") == "Player 2");
    const std::size_t from = game.transcript().size();
    pick(game, "Give Player 2 a Destiny point and take three");
    CHECK(since(game, from).find("Player 2:\n  Destiny +1: 12 -> 13.") != std::string::npos);
    CHECK(since(game, from).find("You:\n  Destiny +3: 7 -> 10.") != std::string::npos);
  }
  {
    Game game = begin(built, 3,
                      {{"A man", {"Wisdom", "Evaluation", "Luck"}},
                       {"A man", {"Wisdom", "Evaluation", "Seamanship"}}},
                      "destiny=12,master=major_magic", "skills");
    const std::string other = use(game, "Major Magic (D2)");
    const std::size_t from = game.transcript().size();
    CHECK(game.question().options.size() > 20); // every status of the book
    CHECK(option(game, "Sultan"));
    pick(game, "Outlaw");
    pick(game, "Take it"); // both hold Major Magic (the start is everyone's)
    CHECK(since(game, from).find(other + ":\n  You gain the status Outlaw.") != std::string::npos);
  }
}

TEST_CASE("rule 10.2: the Special card to use any skill, discarded without rule 26",
          "[engine][pvp]") {
  test::BuiltBook built("tests/data/play/adventure");
  const std::vector<Player> three = {{"A man", {"Wisdom", "Evaluation", "Luck"}},
                                     {"A man", {"Wisdom", "Evaluation", "Luck"}},
                                     {"A man", {"Wisdom", "Evaluation", "Luck"}}};
  {
    // The Standard game: drawn, it is discarded and another card drawn.
    std::string error;
    auto game = Game::begin(*built.book, GameSetup{1, {}, {}, 3, {}}, error);
    REQUIRE(game);
    const std::string said = "The Open Hand: it is for the Adventure rules' rule 26 only; you "
                             "discard it and draw again (rule 10.2).\nYou draw the fate card The "
                             "Cut Purse";
    for (int i = 0; i < 300 && !game->over() && game->transcript().find(said) == std::string::npos;
         ++i) {
      const auto& q = game->question().text;
      REQUIRE(game->answer(q == "Second skill:" ? 1 : q == "Third skill:" ? 2 : 0));
    }
    CHECK(game->transcript().find(said) != std::string::npos);
    CHECK(game->transcript().find("You play the Special card The Open Hand") == std::string::npos);
  }
  {
    // Rule 26: kept, and played on another player: any skill, held or not, for no Destiny.
    Game game = begin(built, 1, three, "destiny=12", "skills");
    REQUIRE(play_until(game, "Play a Special card (rule 10.2)"));
    pick(game, "Play a Special card");
    if (option(game, "The Open Hand")) pick(game, "The Open Hand");
    if (game.question().text.find("On whose character") == 0) REQUIRE(game.answer(0));
    if (game.question().text.find("Which skill do you use on ") != 0) {
      // The card in hand was The Cut Purse: play on to The Open Hand.
      REQUIRE(play_until(game, "Which skill do you use on "));
    }
    CHECK(game.question().text.find("(the Special card: any skill, no Destiny)?") !=
          std::string::npos);
    CHECK(option(game, "Weapon Use")); // held by no one
    const std::size_t from = game.transcript().size();
    pick(game, "Weapon Use");
    const std::string said = since(game, from);
    CHECK(said.find("'s character (rule 26):\n") != std::string::npos);
    CHECK(said.find("Destiny -") == std::string::npos);
    // A status the book never names prints as its vocabulary id.
    CHECK(said.find("does not have Weapon Use and cannot avoid it.") != std::string::npos);
    CHECK(said.find("You gain the status wounded.") != std::string::npos);
  }
}

TEST_CASE("rule 25: without a status limit statuses are kept together", "[engine][pvp]") {
  test::BuiltBook built("book");
  // Player 1 is Wounded from the start, and Appearance gives him Envious
  // (two men): both are kept. Luck is no defence in rule 26.
  Game game = begin(built, 3,
                    {{"A man", {"Wisdom", "Evaluation", "Luck"}},
                     {"A man", {"Appearance", "Wisdom", "Evaluation"}}},
                    "destiny=12,status=wounded", "skills,statuses");
  const std::size_t from = game.transcript().size();
  REQUIRE(use(game, "Appearance (D5)") == "Player 1");
  const std::string said = since(game, from);
  CHECK(said.find("Player 1:\n  You gain the status Envious.") != std::string::npos);
  CHECK(said.find("One status at a time") == std::string::npos);
  REQUIRE(play_until_said(game, "-- Player 1", from));
  const std::string next = since(game, game.transcript().rfind("-- Player 1"));
  CHECK(next.find("Your status: Wounded.\nYour status: Envious.\n") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
