// Rule 23's trade routes played on the sample book's Merchant Display
// (book/display.tales and the cities' `Products:`): merchants who draw
// counters for wealth and place them, and cash in the routes they complete.
// Games are played through engine::Game by a merchant-minded chooser (it
// plays a merchant, trades whenever it may, and picks the rest at random),
// and every trade question is checked as it is asked.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <regex>
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

std::optional<std::size_t> option(const Game& game, const std::string& words) {
  const auto& options = game.question().options;
  for (std::size_t i = 0; i < options.size(); ++i)
    if (has(options[i], words)) return i;
  return std::nullopt;
}

struct Seen {
  std::map<std::string, int> events;
  std::vector<std::string> broken;
};

// One game: a merchant-minded chooser for `answers` answers at most; stops
// after the first route cashed in when `until_cash_in`.
Game play(const test::BuiltBook& built, std::uint64_t seed, int players, const std::string& variant,
          const std::string& start, int answers, Seen& seen, bool until_cash_in = false) {
  std::string error;
  auto game = Game::begin(*built.book, GameSetup{seed, start, {}, players, variant}, error);
  INFO(error);
  REQUIRE(game);
  std::mt19937 dice(static_cast<std::uint32_t>(seed));
  auto random = [&](std::size_t count) {
    return std::uniform_int_distribution<std::size_t>(0, count - 1)(dice);
  };
  for (int a = 0; a < answers && !game->over(); ++a) {
    const std::string& text = game->question().text;
    const auto& options = game->question().options;
    std::optional<std::size_t> pick;
    if (has(text, "victory formula")) pick = option(*game, "Play a merchant");
    if (!pick) pick = option(*game, "Cash in a trade route");
    if (!pick) pick = option(*game, "Draw trade route counters");
    if (has(text, "Where do you place it")) {
      ++seen.events["a counter placed"];
      for (const std::string& o : options)
        if (!has(o, "Row ") && !has(o, "Wealth side up on"))
          seen.broken.push_back("a placement that is no box: " + o);
    }
    if (has(text, "How many trade route counters")) ++seen.events["counters drawn"];
    if (has(text, "Do you take the wealth or a treasure")) {
      ++seen.events["a treasure offered for a route"];
      if (std::stoi(options.front()) < 3) // 23.4: for three or more levels only
        seen.broken.push_back("a treasure offered for " + options.front());
    }
    for (const std::string& o : options)
      if (has(o, "Wealth side up on")) ++seen.events["a wealth counter laid on a product"];
    if (has(text, "Which route do you cash in")) {
      ++seen.events["a route offered"];
      // A route's value is its arrows and the product boxes between its ends.
      static const std::regex shape(
          R"(: (\d+) wealth levels? \((\d+) arrows?(?:, (\d+) product box(?:es)?)?(?:, \+(\d+) for wealth counters)?\))");
      for (const std::string& o : options) {
        std::smatch m;
        if (o == "Cash in no more") continue;
        if (!std::regex_search(o, m, shape)) {
          seen.broken.push_back("a route without its value: " + o);
          continue;
        }
        const int value = std::stoi(m[1]);
        const int parts = std::stoi(m[2]) + (m[3].matched ? std::stoi(m[3]) : 0) +
                          (m[4].matched ? std::stoi(m[4]) : 0);
        if (value != parts) seen.broken.push_back("a route's value is not its parts: " + o);
      }
      pick = 0;
    }
    if (!pick) pick = random(options.size());
    REQUIRE(game->answer(*pick));
    if (until_cash_in && has(game->transcript(), "You cash in ")) break;
  }
  const std::string& t = game->transcript();
  if (has(t, "You cash in ")) ++seen.events["a route cashed in"];
  if (has(t, "The cup is empty")) ++seen.events["the counters set aside back in the cup"];
  if (has(t, "(a chain continued)")) ++seen.events["a chain continued"];
  return std::move(*game);
}

TEST_CASE("rule 23: merchants place trade route counters and cash in the routes",
          "[engine][merchant]") {
  test::BuiltBook built("book");
  Seen seen;
  for (std::uint64_t seed = 1; seed <= 30; ++seed)
    play(built, seed, 2, "merchant", "wealth=Princely", 600, seen);
  INFO("broken: " << (seen.broken.empty() ? "" : seen.broken.front()));
  CHECK(seen.broken.empty());
  for (const char* event :
       {"counters drawn", "a counter placed", "a chain continued", "a route offered",
        "a route cashed in", "a treasure offered for a route",
        "a wealth counter laid on a product"}) {
    INFO(event);
    CHECK(seen.events.count(event) == 1);
  }
}

TEST_CASE("rule 23 on the Chinese book: its display, its products' names", "[engine][merchant]") {
  test::BuiltBook built("locales/zh");
  Seen seen;
  std::string transcript;
  for (std::uint64_t seed = 1; seed <= 15; ++seed)
    transcript += play(built, seed, 2, "merchant", "wealth=Princely", 600, seen).transcript();
  INFO("broken: " << (seen.broken.empty() ? "" : seen.broken.front()));
  CHECK(seen.broken.empty());
  CHECK(seen.events.count("a counter placed") == 1);
  CHECK(seen.events.count("a route cashed in") == 1);
  CHECK(has(transcript, "珍珠")); // Pearls, as the Chinese display names them
}

TEST_CASE("rule 23: no trade without merchants, nor in a city without an encounter",
          "[engine][merchant]") {
  test::BuiltBook built("book");
  Seen seen;
  Game game = play(built, 3, 2, "", "wealth=Princely", 400, seen);
  CHECK_FALSE(has(game.transcript(), "trade route"));
  CHECK(seen.events.count("counters drawn") == 0);
}

TEST_CASE("rule 29: Solitaire trades by the Merchant rules", "[engine][merchant]") {
  test::BuiltBook built("book");
  Seen seen;
  for (std::uint64_t seed = 1; seed <= 10; ++seed)
    play(built, seed, 1, "solitaire", "wealth=Princely", 300, seen);
  CHECK(seen.events.count("counters drawn") == 1);
}

// A game of two merchants up to the first route cashed in, kept as the
// transcript a human checked: counters drawn for wealth and placed, the
// display drawn after each, and the route's wealth.
TEST_CASE("rule 23: a merchant's game to the first route cashed in", "[engine][merchant]") {
  test::BuiltBook built("book");
  Seen seen;
  Game game = play(built, 4, 2, "merchant", "wealth=Princely", 2000, seen, true);
  const std::string& t = game.transcript();
  REQUIRE(has(t, "You cash in "));
  const std::filesystem::path golden =
      std::filesystem::path(test::source_dir()) / "tests/data/play/trade.golden";
  if (std::getenv("TALEBOOK_REBASE")) {
    test::rebase(golden, t);
    return;
  }
  CHECK(t == test::read_file(golden.string()));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
