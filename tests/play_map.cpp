// The map (rule 9) in the engine, on the sample books (book/map.tales and
// locales/zh/map.tales): the move by the wealth's land and sea rates (9.1,
// 16.1), a place of power entered with an opportunity and left the next turn
// (9.2), the terrain card read by the space's terrain (11.2), the encounter
// roll by the space (11.5), wealth given in one space (16.4); and the map as
// the reader and the C API give it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <talebook/engine/game.hpp>
#include <talebook/reader.hpp>

#include "talebook/talebook.h"
#include "tests/built_book.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using talebook::engine::Game;
using talebook::engine::GameSetup;

using Built = test::BuiltBook;

// The option of the current question that starts with `prefix`, if any.
std::optional<std::size_t> option(const Game& game, const std::string& prefix) {
  const auto& options = game.question().options;
  for (std::size_t i = 0; i < options.size(); ++i)
    if (options[i].rfind(prefix, 0) == 0) return i;
  return std::nullopt;
}
bool has(const Game& game, const std::string& prefix) {
  return option(game, prefix).has_value();
}
void pick(Game& game, const std::string& prefix) {
  INFO(game.question().text);
  const std::optional<std::size_t> i = option(game, prefix);
  REQUIRE(i);
  REQUIRE(game.answer(*i));
}
// A man with the first three skills; then the turn's first question.
std::optional<Game> begin(const Built& b, const std::string& start, int players = 0,
                          std::uint64_t seed = 3) {
  std::string error;
  auto game = Game::begin(*b.book, GameSetup{seed, start, {}, players, {}}, error);
  INFO(error);
  REQUIRE(game);
  for (int i = 0; i < 40 && !game->over(); ++i) {
    const std::string& q = game->question().text;
    if (q.rfind("What do you do?", 0) == 0) break;
    std::size_t a = 0;
    if (q.find("victory formula") != std::string::npos) a = 10; // Destiny 10, Story 10
    if (q == "Second skill:") a = 1;
    if (q == "Third skill:") a = 2;
    REQUIRE(game->answer(a));
  }
  return game;
}
// The spaces the move question offers (their names, before " (").
std::vector<std::string> destinations(const Game& game) {
  std::vector<std::string> out;
  for (const std::string& o : game.question().options)
    out.push_back(o.substr(0, o.find(" (")));
  return out;
}
bool offers(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

TEST_CASE("map: a move goes as far as the wealth's land and sea rates (rules 9.1, 16.1)",
          "[play][map]") {
  Built b("book");
  // A Beggar moves 3 by land and 1 by sea: 5 spaces at most... but never past either.
  auto poor = begin(b, "wealth=Beggar");
  REQUIRE(poor->question().text == "What do you do?");
  pick(*poor, "Move (rule 9; you are in Baghdad (City))");
  CHECK(poor->question().text == "Where do you move (rule 9.1: at most 3 by land, 1 by sea)?");
  std::vector<std::string> to = destinations(*poor);
  CHECK(to.front() == "Stay in Baghdad");
  CHECK(offers(to, "Empty Quarter"));       // two land moves
  CHECK(offers(to, "Persian Gulf"));        // one land move, one sea move
  CHECK(offers(to, "Samarkand"));           // three land moves
  CHECK_FALSE(offers(to, "Arabian Sea"));   // a second sea move
  CHECK_FALSE(offers(to, "Mount Qaf"));     // four land moves
  CHECK_FALSE(offers(to, "City of Brass")); // a place of power, without an opportunity
  CHECK_FALSE(offers(to, "Baghdad"));
  pick(*poor, "Empty Quarter");
  CHECK(poor->transcript().find("You move to Empty Quarter (Desert, black 2, Wild Area).") !=
        std::string::npos);
  // Once a turn: the menu offers no second move, and the sheet says where.
  CHECK_FALSE(has(*poor, "Move"));
  pick(*poor, "Read your character sheet");
  CHECK(poor->transcript().find("  Space      Empty Quarter (Desert, black 2, Wild Area)") !=
        std::string::npos);
  // Fabulous (a treasure): 1 by land, 6 by sea, 6 spaces in all.
  auto rich = begin(b, "wealth=Fabulous,treasure=Seal of Sulayman");
  pick(*rich, "Move");
  CHECK(rich->question().text == "Where do you move (rule 9.1: at most 1 by land, 6 by sea)?");
  to = destinations(*rich);
  CHECK(offers(to, "Arabian Sea"));        // Basra by land, then by sea
  CHECK(offers(to, "Sea of Darkness"));    // three sea moves
  CHECK(offers(to, "Island of the Apes")); // four
  CHECK_FALSE(offers(to, "Damascus"));     // two land moves
  CHECK_FALSE(offers(to, "Empty Quarter"));
}

TEST_CASE("map: a place of power is entered with an opportunity and left the next turn (9.2)",
          "[play][map]") {
  for (const char* folder : {"book", "locales/zh"}) {
    INFO(folder);
    Built b(folder);
    const bool zh = std::string(folder) == "locales/zh";
    const std::string desert = zh ? "叙利亚沙漠" : "Syrian Desert";
    const std::string brass = zh ? "黄铜城" : "City of Brass";
    auto without = begin(b, "space=" + desert);
    pick(*without, "Move");
    CHECK_FALSE(offers(destinations(*without), brass));

    auto game = begin(b, "space=" + desert + ",enter=700");
    CHECK_FALSE(has(*game, "Enter")); // on the map a place is entered by moving to it
    pick(*game, "Move");
    REQUIRE(offers(destinations(*game), brass));
    pick(*game, brass);
    const std::string& said = game->transcript();
    CHECK(said.find("You enter " + brass + " (rule 11.3).") != std::string::npos);
    CHECK(said.find("\n700 ") != std::string::npos);
    // The place was the turn's encounter: no card drawn (10.1). Next turn it must be left.
    for (int i = 0; i < 20 && !has(*game, "Move (rule 9.2: you must leave " + brass + ")"); ++i)
      REQUIRE(game->answer(option(*game, "End your turn").value_or(0)));
    REQUIRE(has(*game, "Move (rule 9.2: you must leave " + brass + ")"));
    CHECK_FALSE(has(*game, "Draw a card"));
    pick(*game, "Move (rule 9.2");
    const std::vector<std::string> out = destinations(*game);
    CHECK(out.front() == desert); // no "Stay", the exit first
    CHECK_FALSE(offers(out, brass));
    CHECK((said.find("You draw") == std::string::npos ||
           said.rfind("You draw") < said.find("\n700 ")));
  }
}

TEST_CASE("map: a character kept in a place of power draws no card there (rules 7.4, 10.1)",
          "[play][map]") {
  Built b("tests/data/play/special"); // Crippled: `no movement`
  auto game = begin(b, "space=City of Brass,status=crippled");
  CHECK(game->transcript().find("No card is drawn in a place of power (rules 7.4, 10.1)") !=
        std::string::npos);
  CHECK_FALSE(has(*game, "Draw a card"));
  CHECK_FALSE(has(*game, "Move"));
  pick(*game, "End your turn");
  CHECK(game->transcript().find("== Turn 2 ==") != std::string::npos);
  // Free to move, the character leaves first (9.2).
  auto free = begin(b, "space=City of Brass");
  CHECK(has(*free, "Move (rule 9.2: you must leave City of Brass)"));
  CHECK_FALSE(has(*free, "Draw a card"));
}

TEST_CASE("map: a status that forbids encounters does not forbid the move (rules 7.3, 13.4)",
          "[play][map]") {
  Built b("tests/data/play/special"); // Under Geas: `no encounters`
  for (int players : {0, 2}) {
    INFO(players);
    auto game = begin(b, "status=under_geas", players);
    CHECK_FALSE(has(*game, "Draw a card"));
    pick(*game, "Move (rule 9; you are in Baghdad (City))");
    pick(*game, "Basra");
    CHECK(game->transcript().find("You move to Basra (City, black 1).") != std::string::npos);
    CHECK_FALSE(has(*game, "Move"));
    CHECK(has(*game, "End your turn"));
  }
}

TEST_CASE("map: the terrain card reads the space's terrain, the roll the space's numbers",
          "[play][map]") {
  Built b("book");
  // On the Sea of Darkness (Sea, black 3, Wild Area), turns of card draws
  // until a terrain card: its Sea chart, without a question.
  bool terrain = false;
  for (std::uint64_t seed = 1; seed < 40 && !terrain; ++seed) {
    auto game = begin(b, "space=Sea of Darkness", 0, seed);
    pick(*game, "Draw a card");
    const std::string& said = game->transcript();
    if (said.find("You draw the terrain card") == std::string::npos) continue;
    terrain = true;
    CHECK(said.find("Your space, Sea of Darkness, is Sea: paragraph 1 (rule 11.2).") !=
          std::string::npos);
    CHECK(said.find("What is the terrain of your space") == std::string::npos);
    CHECK(said.find(" + 2 (Wild Area) + 3 (space) = ") != std::string::npos);
  }
  CHECK(terrain);
}

TEST_CASE("map: a wealth level is given to a player in your space (rule 16.4)", "[play][map]") {
  Built b("book");
  // Two Rich players in Baghdad: the first gives, goes down to Respectable,
  // and the other stays Rich (his new level would not be higher than his old).
  auto game = begin(b, "wealth=Rich", 2);
  pick(*game, "Give a wealth level to a player in your space (rule 16.4)");
  CHECK(game->transcript().find(": you are Respectable, Player ") != std::string::npos);
  CHECK(game->transcript().find(" stays Rich (rule 16.4).") != std::string::npos);
  // The other player's turn: Rich gives to the Respectable one.
  for (int i = 0; i < 40 && game->transcript().find("rises to") == std::string::npos; ++i) {
    if (has(*game, "Give a wealth level") &&
        game->transcript().rfind("-- Player ") > game->transcript().rfind("You give"))
      pick(*game, "Give a wealth level");
    else if (has(*game, "End your turn"))
      pick(*game, "End your turn");
    else if (has(*game, "Draw a card"))
      pick(*game, "Draw a card");
    else
      REQUIRE(game->answer(0));
  }
  // Rich gives to Respectable: down to Respectable, and the other rises to Rich.
  CHECK(game->transcript().find(": you are Respectable, Player ") != std::string::npos);
  CHECK(game->transcript().find(" rises to Rich (rule 16.4).") != std::string::npos);
}

TEST_CASE("map: a gift of wealth ends a status that says so (rule 16.4)", "[play][map]") {
  Built b("tests/data/play/special"); // Envious: `ends by giving wealth`
  auto game = begin(b, "status=envious,wealth=Rich", 2);
  pick(*game, "Give a wealth level to a player in your space (rule 16.4)");
  const std::string& said = game->transcript();
  CHECK(said.find(" stays Rich (rule 16.4).\n  Your gift ends the status Envious (rule 16.4).") !=
        std::string::npos);
  pick(*game, "Read your character sheet");
  CHECK(said.rfind("  Status     none") > said.find("Your gift ends"));
}

TEST_CASE("map: an award moves the character at once, to a space or a terrain (rule 9.3)",
          "[play][map]") {
  Built built("tests/data/play/moves");
  std::string error;
  // A man with three skills, then the first option at every question.
  auto next = [](Game& game) {
    const std::string& q = game.question().text;
    REQUIRE(game.answer(q == "Second skill:" ? 1 : q == "Third skill:" ? 2 : 0));
  };
  {
    // `Free move to Coast`: any Coast space but your own, the player's choice.
    auto game = Game::begin(*built.book, GameSetup{1, {}, 600, 0, {}}, error);
    REQUIRE(game);
    for (int i = 0; i < 10 && game->question().text.find("rule 9.3") == std::string::npos; ++i)
      next(*game);
    CHECK(game->question().text == "  Move to Coast: to which space (rule 9.3)?");
    CHECK(game->question().options ==
          std::vector<std::string>{"Basra (Coast, black 1)", "Suhar (Coast, black 2)"});
    REQUIRE(game->answer(1));
    CHECK(game->transcript().find("  Move to Coast: you move to Suhar (Coast, black 2) (rule 9.3: "
                                  "no second encounter).") != std::string::npos);
    CHECK(game->transcript().find("  Space      Suhar (Coast, black 2)") != std::string::npos);
  }
  {
    // `Transport to Sarandib`: that space, though no route of the wealth's reaches it.
    auto game = Game::begin(*built.book, GameSetup{1, {}, 601, 0, {}}, error);
    REQUIRE(game);
    for (int i = 0; i < 10 && !game->over(); ++i)
      next(*game);
    CHECK(game->over());
    CHECK(game->transcript().find("  Move to Sarandib: you move to Sarandib (Island, black 2)") !=
          std::string::npos);
    CHECK(game->transcript().find("  Space      Sarandib (Island, black 2)") != std::string::npos);
  }
  // The .tbook keeps both: the space by its index, the terrain by its vocabulary id.
  bool space = false, terrain = false;
  for (std::uint32_t i = 0; i < built.book->award_count(); ++i) {
    const talebook::tbook::Award a = built.book->award(i);
    if (a.kind == talebook::tbook::AwardKind::MoveToSpace)
      space = a.name == "Sarandib" && built.book->space(a.space).name == "Sarandib";
    if (a.kind == talebook::tbook::AwardKind::MoveToTerrain)
      terrain = a.id == "coast" && a.name == "Coast";
  }
  CHECK(space);
  CHECK(terrain);
}

TEST_CASE("map: the reader and the C API give the spaces, routes and rates", "[play][map][c]") {
  Built b("book");
  const talebook::tbook::Book& book = *b.book;
  REQUIRE(book.space_count() == 24);
  const std::optional<std::uint32_t> start = book.start_space();
  REQUIRE(start);
  const talebook::tbook::Space baghdad = book.space(*start);
  CHECK(baghdad.name == "Baghdad");
  CHECK(baghdad.terrain_id == "city");
  CHECK(baghdad.routes.count == 4);
  std::vector<std::string> out;
  for (std::uint32_t r : baghdad.routes) {
    const talebook::tbook::Route route = book.route(r);
    CHECK(route.kind == talebook::tbook::RouteKind::Land);
    out.push_back(std::string(book.space(route.space).name));
  }
  CHECK(out == std::vector<std::string>{"Mosul", "Basra", "Syrian Desert", "Zagros Mountains"});
  const talebook::tbook::Space brass = book.space(*book.find_space("City of Brass"));
  CHECK(brass.place == 700u);
  REQUIRE(brass.routes.count == 1);
  CHECK(book.space(book.route(brass.routes.first).space).name == "Syrian Desert");
  const talebook::tbook::Space dark = book.space(*book.find_space("Sea of Darkness"));
  CHECK((dark.black == 3 && dark.wild && !dark.start && !dark.place));
  CHECK(book.movement_rate("poor")->land == 3);
  CHECK(book.movement_rate("fabulous")->sea == 6);
  CHECK_FALSE(book.movement_rate("nowhere"));

  talebook_book* c = talebook_open_file(b.tbook.string().c_str());
  REQUIRE(c);
  CHECK(talebook_space_count(c) == 24);
  talebook_space s{};
  REQUIRE(talebook_space_at(c, *start, &s));
  CHECK(std::string(s.name.data, s.name.size) == "Baghdad");
  CHECK(s.start == 1);
  CHECK(s.route_count == 4);
  talebook_route r{};
  REQUIRE(talebook_route_at(c, s.first_route, &r));
  CHECK(r.kind == TALEBOOK_ROUTE_LAND);
  uint32_t land = 0, sea = 0;
  REQUIRE(talebook_movement_rate(c, "beggar", &land, &sea));
  CHECK((land == 3 && sea == 1));
  CHECK_FALSE(talebook_movement_rate(c, "nowhere", &land, &sea));
  CHECK_FALSE(talebook_space_at(c, 24, &s));
  talebook_close(c);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
