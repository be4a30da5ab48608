// The engine as a library: a Game is a value that asks questions and takes
// answers (talebook/engine/game.hpp), saved and restored as text, and its C
// API (talebook/engine.h). Its transcript is the one `talec play` prints for
// the same seed and answers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <talebook/engine.h>
#include <talebook/engine/game.hpp>
#include <talebook/reader.hpp>

#include "tests/built_book.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using talebook::engine::Game;
using talebook::engine::GameSetup;

namespace {

using Built = test::BuiltBook;

// The answers a player typed, from the transcript's `> ` lines.
std::string typed(const std::string& transcript) {
  std::istringstream lines(transcript);
  std::string out;
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("> ", 0) == 0) out += line.substr(2) + "\n";
  return out;
}

// Plays `game` with answers from a fixed rule, `count` of them at most.
void play(Game& game, std::uint64_t salt, int count) {
  for (int step = 0; step < count && !game.over(); ++step) {
    const std::size_t options = game.question().options.size();
    REQUIRE(options > 0);
    REQUIRE(game.question().numbers.size() == options);
    // Each option stands in the transcript after the number a player types
    // (after the question, or before it for the skills listed once).
    for (std::size_t i = 0; i < options; ++i)
      CHECK(game.transcript().rfind("  " + std::to_string(game.question().numbers[i]) + ". " +
                                    game.question().options[i] + "\n") != std::string::npos);
    REQUIRE(game.answer((step * 7 + salt) % options));
  }
}

} // namespace

TEST_CASE("game: the same seed and answers give talec play's transcript", "[engine][game]") {
  for (const char* folder : {"book", "locales/zh"}) {
    Built built(folder);
    for (std::uint64_t seed : {1u, 7u, 42u}) {
      INFO(folder << ", seed " << seed);
      std::string error;
      auto game = Game::begin(*built.book, GameSetup{seed, {}, {}, 0, {}}, error);
      REQUIRE(game);
      play(*game, seed, 40);
      REQUIRE(game->answers().size() >= 5);
      // talec play given what the game's player typed prints the same, then
      // waits for the next answer where the game asks its question.
      test::Run run = test::talec({"play", built.tbook.string(), "--seed", std::to_string(seed)},
                                  test::with_input(typed(game->transcript())));
      REQUIRE(run.exit == 0);
      CHECK(run.out.substr(0, game->transcript().size()) == game->transcript());
      if (!game->over()) {
        CHECK(run.out.substr(game->transcript().size(), 2) == "> ");
        CHECK(game->transcript().find(game->question().text + "\n") != std::string::npos);
        CHECK(game->transcript().find(std::string("1. ") + game->question().options[0]) !=
              std::string::npos);
      }
    }
  }
}

TEST_CASE("game: saved as text and restored, it goes on as before", "[engine][game]") {
  Built built("book");
  std::string error;
  auto game = Game::begin(*built.book, GameSetup{11, "wealth=Rich", {}, 0, {}}, error);
  REQUIRE(game);
  play(*game, 3, 12);
  REQUIRE_FALSE(game->over());
  CHECK(game->transcript().find("You start from the stated situation") != std::string::npos);
  const std::string saved = game->save();
  CHECK(saved.rfind("talebook game 1\nbook The Sample Book of Tales\nlanguage en\nseed 11\n"
                    "start wealth=Rich\nanswers ",
                    0) == 0);
  auto restored = Game::restore(*built.book, saved, error);
  INFO(error);
  REQUIRE(restored);
  CHECK(restored->transcript() == game->transcript());
  CHECK(restored->question().text == game->question().text);
  CHECK(restored->question().options == game->question().options);
  CHECK(restored->answers() == game->answers());
  // Both go on alike: the game is its seed and answers.
  play(*game, 5, 6);
  play(*restored, 5, 6);
  CHECK(restored->transcript() == game->transcript());
  CHECK(restored->save() == game->save());
}

TEST_CASE("game: an answer plays on from the turn kept, as a replay from the start does",
          "[engine][game]") {
  // A Game keeps the game as each turn begins and plays an answer on from
  // there; restore() plays every answer from the seed. Both must say the same
  // at every answer, over whole games of players and of one character.
  for (const char* folder : {"book", "locales/zh"}) {
    Built built(folder);
    for (int players : {0, 3}) {
      INFO(folder << ", " << players << " players");
      std::string error;
      auto game = Game::begin(*built.book, GameSetup{23, {}, {}, players, {}}, error);
      REQUIRE(game);
      std::size_t turns_checked = 0;
      for (int step = 0; step < 600 && !game->over(); ++step) {
        REQUIRE(game->answer((static_cast<std::size_t>(step) * 5 + 1) %
                             game->question().options.size()));
        if (step % 97 != 0 && !game->over()) continue;
        auto again = Game::restore(*built.book, game->save(), error);
        REQUIRE(again);
        CHECK(again->transcript() == game->transcript());
        CHECK(again->over() == game->over());
        if (!game->over()) CHECK(again->question().options == game->question().options);
        ++turns_checked;
      }
      CHECK(turns_checked >= 4);
      CHECK(game->transcript().find("== Turn 20 ==") != std::string::npos);
    }
  }
}

TEST_CASE("game: a copy of a game is a game of its own", "[engine][game]") {
  Built built("book");
  std::string error;
  auto game = Game::begin(*built.book, GameSetup{4, {}, {}, 2, {}}, error);
  REQUIRE(game);
  play(*game, 1, 60);
  REQUIRE_FALSE(game->over());
  Game copy = *game;
  const std::string before = game->transcript();
  // The copy goes another way; the original is where it was, and goes on as
  // a game restored from its save does.
  play(copy, 2, 30);
  CHECK(game->transcript() == before);
  CHECK(copy.transcript() != before);
  auto restored = Game::restore(*built.book, game->save(), error);
  REQUIRE(restored);
  play(*game, 3, 30);
  play(*restored, 3, 30);
  CHECK(game->transcript() == restored->transcript());
}

TEST_CASE("game: the end of input ends the game as talec play's does, and is saved",
          "[engine][game]") {
  Built built("book");
  std::string error;
  auto game = Game::begin(*built.book, GameSetup{8, {}, {}, 0, {}}, error);
  REQUIRE(game);
  play(*game, 1, 10);
  const std::size_t said = game->transcript().size();
  game->end_input();
  CHECK(game->over());
  CHECK(game->transcript().substr(said, 17) == "> \n(end of input)");
  CHECK(game->transcript().find("The input ended; the game stops here.", said) !=
        std::string::npos);
  CHECK(game->save().find(" end\n") != std::string::npos);
  auto restored = Game::restore(*built.book, game->save(), error);
  REQUIRE(restored);
  CHECK(restored->over());
  CHECK(restored->transcript() == game->transcript());
}

TEST_CASE("game: an answer must be an option, and quit ends the game with the sheet",
          "[engine][game]") {
  Built built("book");
  std::string error;
  auto game = Game::begin(*built.book, GameSetup{}, error);
  REQUIRE(game);
  REQUIRE_FALSE(game->over());
  CHECK(game->question().text == "Who is your character (rule 4.2)?");
  CHECK(game->question().options == std::vector<std::string>{"A man", "A woman"});
  const std::string before = game->transcript();
  CHECK_FALSE(game->answer(2)); // no third option: nothing changes
  CHECK(game->transcript() == before);
  CHECK(game->answers().empty());
  REQUIRE(game->answer(1));
  CHECK(game->question().text == "First skill:");
  CHECK(game->transcript().find("> 2\n") != std::string::npos);
  for (std::size_t skill : {0, 1, 2})
    REQUIRE(game->answer(skill));
  REQUIRE(game->question().text == "What do you do?");
  REQUIRE(game->question().options.at(1) == "Turn to an encounter chart");
  REQUIRE(game->answer(1));
  CHECK(game->question().text == "Which encounter chart (its paragraph number)?");
  CHECK(game->question().numbers == std::vector<std::uint32_t>{1, 2, 3, 4}); // their paragraphs
  game->quit();
  CHECK(game->over());
  CHECK_FALSE(game->answer(0));
  CHECK(game->transcript().find("> q\n\nYou close the book.") != std::string::npos);
  CHECK(game->transcript().find("Gender     female") != std::string::npos);
  CHECK(game->save().find("answers 2 1 2 3 2 q\n") != std::string::npos);
  auto again = Game::restore(*built.book, game->save(), error);
  REQUIRE(again);
  CHECK(again->over());
  CHECK(again->transcript() == game->transcript());
}

TEST_CASE("game: a setup or a saved game that does not fit the book is refused", "[engine][game]") {
  Built built("book");
  std::string error;
  CHECK_FALSE(Game::begin(*built.book, GameSetup{1, "status=nonsense", {}, 0, {}}, error));
  CHECK(error.find("nonsense") != std::string::npos);
  CHECK_FALSE(Game::begin(*built.book, GameSetup{1, {}, 99999, 0, {}}, error));
  CHECK(error.find("99999") != std::string::npos);
  const std::pair<const char*, const char*> bad[] = {
      {"a saved game", "not a saved game"},
      {"talebook game 1\nbook Another Book\nseed 1\n", "saved over the book 'Another Book'"},
      {"talebook game 1\nlanguage zh\nseed 1\n", "in 'zh'"},
      {"talebook game 1\nanswers 1\n", "no seed"},
      {"talebook game 1\nseed x\n", "line 2: the seed is not a number"},
      {"talebook game 1\nseed 1\nanswers 1 0\n", "'0' is not an answer"},
      {"talebook game 1\nseed 1\nanswers 3\n", "do not fit"},     // two options only
      {"talebook game 1\nseed 1\nanswers 1 q 1\n", "do not fit"}, // past the end
      {"talebook game 1\nseed 1\nturn 3\n", "unknown line 'turn'"},
  };
  for (const auto& [text, why] : bad) {
    INFO(text);
    error.clear();
    CHECK_FALSE(Game::restore(*built.book, text, error));
    CHECK(error.find(why) != std::string::npos);
  }
}

TEST_CASE("game: the C API plays, saves and restores a game", "[engine][game][c]") {
  Built built("book");
  talebook_book* book = talebook_open_file(built.tbook.string().c_str());
  REQUIRE(book);
  talebook_game* game = talebook_game_begin(book, 7, nullptr, 0);
  REQUIRE(game);
  CHECK(std::string(talebook_game_question(game).data) == "Who is your character (rule 4.2)?");
  REQUIRE(talebook_game_option_count(game) == 2);
  CHECK(std::string(talebook_game_option(game, 1).data) == "A woman");
  CHECK(std::string(talebook_game_option(game, 2).data).empty());
  CHECK(talebook_game_option_number(game, 1) == 2);
  CHECK(talebook_game_option_number(game, 2) == 0);
  CHECK(talebook_game_answer(game, 5) == 0);
  CHECK(std::string(talebook_game_last_error()) == "no such option");
  for (size_t step = 0; step < 8 && !talebook_game_over(game); ++step)
    REQUIRE(talebook_game_answer(game, step % talebook_game_option_count(game)) == 1);
  const std::string saved = talebook_game_save(game).data;
  talebook_game* restored = talebook_game_restore(book, saved.c_str());
  REQUIRE(restored);
  CHECK(std::string(talebook_game_transcript(restored).data) ==
        std::string(talebook_game_transcript(game).data));
  talebook_game_quit(game);
  CHECK(talebook_game_over(game) == 1);
  CHECK(talebook_game_option_count(game) == 0);
  CHECK(talebook_game_restore(book, "talebook game 1\n") == nullptr);
  CHECK(std::string(talebook_game_last_error()) == "saved game: no seed");
  CHECK(talebook_game_begin(nullptr, 1, nullptr, 0) == nullptr);
  // Any setup: players and a variant.
  talebook_game_setup setup = {5, "destiny=12,story=12", 0, 3, nullptr};
  talebook_game* three = talebook_game_begin_with(book, &setup);
  REQUIRE(three);
  CHECK(std::string(talebook_game_save(three).data).find("\nplayers 3\n") != std::string::npos);
  talebook_game_free(three);
  setup.variant = "solitaire";
  CHECK(talebook_game_begin_with(book, &setup) == nullptr);
  CHECK(std::string(talebook_game_last_error()) == "the solitaire game is for one player");
  setup.players = 1;
  talebook_game* alone = talebook_game_begin_with(book, &setup);
  REQUIRE(alone);
  CHECK(std::string(talebook_game_save(alone).data).find("\nvariant solitaire\n") !=
        std::string::npos);
  talebook_game_free(alone);
  CHECK(talebook_game_begin(book, 1, "wealth=Nowhere", 0) == nullptr);
  talebook_game_free(restored);
  talebook_game_free(game);
  talebook_game_free(nullptr);
  talebook_close(book);
}

namespace {

// On the map every character starts in Baghdad (rule 4.1): player `walker`
// (every player, for 0) stays there, the others move as far as they can
// (the last destination offered). Each draws a card every turn; every other
// question takes its first option (the first three skills), the victory
// formula Destiny 10 and Story 10. In a book without a map, the walker says
// he stands in Baghdad.
std::size_t towards_baghdad(const Game& game, int walker) {
  const talebook::engine::Question& q = game.question();
  const std::string& said = game.transcript();
  const std::size_t at = said.rfind("-- Player ");
  const int player = at == std::string::npos ? 0 : said[at + 10] - '0';
  auto first = [&](const std::string& prefix) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < q.options.size(); ++i)
      if (q.options[i].rfind(prefix, 0) == 0) return i;
    return std::nullopt;
  };
  const bool walks = player == walker || walker == 0;
  if (q.text == "What do you do?") {
    if (walks)
      if (auto where = first("Say where you stand (now: a")) return *where;
    const std::size_t moved = said.rfind("Where do you move");
    if (!walks && (moved == std::string::npos || moved < at))
      if (auto move = first("Move (rule 9")) return *move; // once a turn
    if (auto draw = first("Draw a card")) return *draw;
  }
  if (q.text.rfind("Where do you move", 0) == 0) return walks ? 0 : q.options.size() - 1;
  if (q.text == "Cards and dice (rule 7.5): what do you do?") return *first("End your turn");
  if (q.text == "Second skill:") return 1;
  if (q.text == "Third skill:") return 2;
  if (q.text == "Are you in Baghdad?") return 1;
  if (q.text.find("your victory formula (rule 4.3)") != std::string::npos) return 10;
  return 0;
}

void play_to_the_end(Game& game, int walker) {
  for (int step = 0; step < 5000 && !game.over(); ++step)
    REQUIRE(game.answer(towards_baghdad(game, walker)));
  REQUIRE(game.over());
}

} // namespace

TEST_CASE("game: three players play the Standard game to a winner", "[engine][game][players]") {
  for (const char* folder : {"book", "locales/zh"}) {
    INFO(folder);
    Built built(folder);
    std::string error;
    // Player 2 is in Baghdad with Destiny and Story at least 10 each: the
    // others take one last turn, and player 2 wins (rules 5 and 6).
    auto game = Game::begin(*built.book, GameSetup{5, "destiny=12,story=12", {}, 3, {}}, error);
    INFO(error);
    REQUIRE(game);
    play_to_the_end(*game, 2);
    const std::string& said = game->transcript();
    INFO(said.substr(said.size() > 3000 ? said.size() - 3000 : 0));
    CHECK(said.find("Who goes first (rule 4.1): Player 1 ") != std::string::npos);
    CHECK(said.find("Player 2 is in Baghdad with the victory formula fulfilled: each other "
                    "player has one last turn (rules 5 and 6).") != std::string::npos);
    CHECK(said.find("Player 2 wins the game (rule 5).") != std::string::npos);
    CHECK(said.find("Player 2, to win Destiny 10 and Story 10, in Baghdad:") != std::string::npos);
    CHECK(said.find("Player 1, to win Destiny 10 and Story 10:") != std::string::npos);
    // Saved and restored, the game ends the same.
    auto again = Game::restore(*built.book, game->save(), error);
    REQUIRE(again);
    CHECK(again->transcript() == said);
    CHECK(game->save().find("\nplayers 3\n") != std::string::npos);
  }
}

TEST_CASE("game: every player in Baghdad with the formula at the last turn wins",
          "[engine][game][players]") {
  Built built("book");
  std::string error;
  auto game = Game::begin(*built.book, GameSetup{9, "destiny=12,story=12", {}, 3, {}}, error);
  REQUIRE(game);
  play_to_the_end(*game, 0); // all three walk to Baghdad on their first turn
  CHECK(game->transcript().find("Player 1 and Player 2 and Player 3 win the game (rule 5).") !=
        std::string::npos);
  // One player and a formula not met: the game goes on (a quit ends it here).
  auto alone = Game::begin(*built.book, GameSetup{9, {}, {}, 1, {}}, error);
  REQUIRE(alone);
  for (int step = 0; step < 40 && !alone->over(); ++step)
    REQUIRE(alone->answer(towards_baghdad(*alone, 1)));
  CHECK_FALSE(alone->over());
  CHECK(alone->transcript().find("Move (rule 9; you are in Baghdad (City))") != std::string::npos);
  CHECK(alone->transcript().find("wins the game") == std::string::npos);
  CHECK_FALSE(Game::begin(*built.book, GameSetup{1, {}, {}, 7, {}}, error));
  CHECK(error == "a game has 1 to 6 players");
}

TEST_CASE("game: the Storytelling game asks the teller and the voters", "[engine][game][players]") {
  Built built("book");
  std::string error;
  CHECK_FALSE(Game::begin(*built.book, GameSetup{5, {}, {}, 1, "storytelling"}, error));
  CHECK(error == "the Storytelling game needs two players or more");
  for (const auto& [vote, verdict] :
       {std::pair<std::size_t, const char*>{2, "Outstanding"}, {0, "Unremarkable"}}) {
    INFO(verdict);
    auto game =
        Game::begin(*built.book, GameSetup{5, "destiny=3,story=3", {}, 3, "storytelling"}, error);
    REQUIRE(game);
    CHECK(game->save().find("\nvariant storytelling\n") != std::string::npos);
    auto voted = [&] { return game->transcript().find("The vote: ") != std::string::npos; };
    for (int step = 0; step < 400 && !game->over() && !voted(); ++step) {
      const std::string q = game->question().text;
      std::size_t pick = towards_baghdad(*game, 0);
      if (q.find("do you tell the story of this encounter (rule 18)?") != std::string::npos)
        pick = 0;
      if (q == "Your experience award (rule 18)?") pick = 1;        // a Story point
      if (q == "Your excellence award (rule 18)?") pick = 2;        // another Destiny point
      if (q.rfind("Your best supporting player", 0) == 0) pick = 0; // the next player
      if (q.find(", how was the story (rule 18)?") != std::string::npos) pick = vote;
      REQUIRE(game->answer(pick));
    }
    const std::string& said = game->transcript();
    INFO(said.substr(said.size() > 2500 ? said.size() - 2500 : 0));
    REQUIRE(said.find("The vote: ") != std::string::npos);
    CHECK(said.find(std::string("the story is ") + verdict + " (rule 18).") != std::string::npos);
    const bool rewarded = vote != 0;
    CHECK((said.find("the best supporting player, receives it too:") != std::string::npos) ==
          rewarded);
  }
}

namespace {

// A solitaire player: draws, keeps the first card, rolls on a quest table when
// asked, or never (`quests` false).
std::size_t solo(const Game& game, bool quests) {
  const talebook::engine::Question& q = game.question();
  auto first = [&](const std::string& prefix) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < q.options.size(); ++i)
      if (q.options[i].rfind(prefix, 0) == 0) return i;
    return std::nullopt;
  };
  if (q.text == "What do you do?") return first("Draw a card").value_or(0);
  if (q.text == "Cards and dice (rule 7.5): what do you do?")
    return quests && first("Roll on a quest table") ? *first("Roll on a quest table")
                                                    : *first("End your turn");
  if (q.text == "Second skill:") return 1;
  if (q.text == "Third skill:") return 2;
  if (q.text.find("your victory formula (rule 4.3)") != std::string::npos) return 10;
  return 0;
}

} // namespace

// tests/data/play/mandatory: every encounter reads `Wisdom (mandatory)`
// beside `Luck`. A character with both must take the mandatory section,
// except in Solitaire with a Master skill (rule 29), where it is one choice.
TEST_CASE("game: Solitaire's Master may ignore a mandatory heading (rule 29)", "[engine][game]") {
  Built built("tests/data/play/mandatory");
  struct Case {
    const char* variant;
    const char* start;
    bool chosen; // the headings offered, not the mandatory one applied
  };
  for (const Case& c : {Case{"solitaire", "master=Wisdom", true}, Case{"solitaire", "", false},
                        Case{"", "master=Wisdom", false}}) {
    INFO(c.variant << " " << c.start);
    std::string error;
    auto game = Game::begin(*built.book, GameSetup{2, c.start, {}, 1, c.variant}, error);
    INFO(error);
    REQUIRE(game);
    // A man with Luck, Wisdom and Piety, the first formula, then the first
    // option (a card, Converse, a roll) until a section is applied.
    const std::vector<std::string> skills = {"Luck", "Wisdom", "Piety"};
    std::size_t skill = 0;
    while (!game->over() && game->transcript().find("as a wise one must") == std::string::npos &&
           game->question().text != "Which of your skills do you use (rule 12.1)?") {
      std::size_t pick = 0;
      if (game->question().text.find(" skill:") != std::string::npos) {
        const auto& o = game->question().options;
        pick = static_cast<std::size_t>(std::find(o.begin(), o.end(), skills[skill++]) - o.begin());
      }
      REQUIRE(game->answer(pick));
    }
    REQUIRE_FALSE(game->over());
    if (c.chosen) {
      CHECK(game->question().options == std::vector<std::string>{"Wisdom (mandatory)", "Luck"});
      REQUIRE(game->answer(1));
      CHECK(game->transcript().find("Luck: ") != std::string::npos);
    } else {
      CHECK(game->transcript().find("Wisdom (mandatory): ") != std::string::npos);
    }
  }
}

TEST_CASE("game: the Solitaire game is won with the formula, Fabulous wealth and two quests",
          "[engine][game]") {
  Built built("tests/data/play/solitaire");
  std::string error;
  for (const char* variant : {"solitaire", "zh"}) {
    INFO(variant);
    const std::string rule =
        std::string(variant) == "zh" ? "the Chinese rules' solo variant" : "rule 28";
    auto won = Game::begin(
        *built.book,
        GameSetup{3, "destiny=12,story=12,wealth=Fabulous,treasure=Copper Lamp", {}, 1, variant},
        error);
    INFO(error);
    REQUIRE(won);
    for (int step = 0; step < 200 && !won->over(); ++step)
      REQUIRE(won->answer(solo(*won, true)));
    const std::string& said = won->transcript();
    INFO(said.substr(said.size() > 2500 ? said.size() - 2500 : 0));
    CHECK(said.find("You draw two cards and keep one (rule 29):") != std::string::npos);
    CHECK(said.find("You have fulfilled the quest (rule 22.3): 2 quests so far.") !=
          std::string::npos);
    CHECK(said.find("You have fulfilled your formula, have Fabulous wealth and two quests "
                    "fulfilled: you win (" +
                    rule + ").") != std::string::npos);
    // Without a quest the deck runs out: the 3rd deck used up, the game is lost.
    auto lost = Game::begin(*built.book, GameSetup{3, {}, {}, 1, variant}, error);
    REQUIRE(lost);
    for (int step = 0; step < 400 && !lost->over(); ++step)
      REQUIRE(lost->answer(solo(*lost, false)));
    CHECK(lost->transcript().find("The 3rd deck is used up (" + rule + ").") != std::string::npos);
    CHECK(lost->transcript().find("The deck is finished before your three goals are met: you "
                                  "lose (" +
                                  rule + ").") != std::string::npos);
  }
  CHECK_FALSE(Game::begin(*built.book, GameSetup{3, {}, {}, 2, "solitaire"}, error));
  CHECK(error == "the solitaire game is for one player");
  CHECK_FALSE(Game::begin(*built.book, GameSetup{3, {}, {}, 1, "chess"}, error));
  CHECK(error == "unknown variant 'chess' (storytelling, solitaire, zh, merchant, quest, skills, "
                 "statuses or interactive)");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
