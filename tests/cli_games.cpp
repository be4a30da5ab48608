// The game family's sample games (games/, docs/games.md) through talec: each
// book and its translation checks clean and builds; talec play plays each
// game at the terminal and talec simulate plays it many times, both the same
// for the same seed; a translation, which keeps every number, plays the same
// games as its source.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using json = nlohmann::json;

const std::vector<std::string> game_books = {"games/morgenland", "games/morgenland/en",
                                             "games/shahrazad", "games/shahrazad/zh"};

// `talec build BOOK` into `temp`; the .tbook's path.
std::string built(const std::string& book, const test::TempDir& temp) {
  std::string name = book;
  for (char& c : name)
    if (c == '/') c = '-';
  const std::string out = (temp / (name + ".tbook")).string();
  const test::Run r = test::talec({"build", book, "-o", out});
  INFO(r.err);
  REQUIRE(r.exit == 0);
  return out;
}

// `count` answers of "1": the first option of every question.
std::string ones(int count) {
  std::string out;
  for (int i = 0; i < count; ++i)
    out += "1\n";
  return out;
}

json simulate(const std::string& book, const std::vector<std::string>& options) {
  std::vector<std::string> args = {"simulate", book, "--format", "json"};
  args.insert(args.end(), options.begin(), options.end());
  const test::Run r = test::talec(args);
  INFO(r.err);
  REQUIRE(r.exit == 0);
  return json::parse(r.out);
}

} // namespace

TEST_CASE("games: each sample game and its translation checks clean", "[games]") {
  for (const std::string& book : game_books) {
    const test::Run r = test::talec({"check", book});
    INFO(book << "\n" << r.out << r.err);
    CHECK(r.exit == 0);
    CHECK(r.out.find("warning") == std::string::npos);
    CHECK(r.out.find("error") == std::string::npos);
  }
}

TEST_CASE("games: talec play plays Shahrazad to the King's verdict, the same per seed", "[games]") {
  test::TempDir temp("games-play");
  const std::string en = built("games/shahrazad", temp);
  const std::string zh = built("games/shahrazad/zh", temp);
  const test::Run a = test::talec({"play", en, "--seed", "5"}, test::with_input(ones(200)));
  const test::Run b = test::talec({"play", en, "--seed", "5"}, test::with_input(ones(200)));
  const test::Run c = test::talec({"play", en, "--seed", "6"}, test::with_input(ones(200)));
  INFO(a.out << a.err);
  REQUIRE(a.exit == 0);
  CHECK(a.out == b.out);
  CHECK(a.out != c.out);
  CHECK(a.out.find("Shahrazad: 22 story tiles, 1 player, seed 5") == 0);
  CHECK(a.out.find("Which move?") != std::string::npos);
  CHECK(a.out.find("Round 1 is scored:") != std::string::npos);
  // The game ends: round one scored nothing, or a verdict of the tile set's own.
  const bool angry = a.out.find("the King is angry") != std::string::npos;
  const bool verdict = a.out.find("The King's verdict: The King") != std::string::npos;
  CHECK(angry != verdict);
  // Two players take turns at one terminal.
  const test::Run two =
      test::talec({"play", en, "--seed", "5", "--players", "2"}, test::with_input(ones(200)));
  CHECK(two.exit == 0);
  CHECK(two.out.find("Player 2's hand:") != std::string::npos);
  // The Chinese tile set: the same tiles by number and colour, its own titles.
  const test::Run z = test::talec({"play", zh, "--seed", "5"}, test::with_input(ones(200)));
  CHECK(z.exit == 0);
  CHECK(z.out.find("Shahrazad: 22 story tiles, 1 player, seed 5") == 0);
  CHECK(z.out != a.out);
  // Usage: Shahrazad is for one or two; the Book of Tales' options are refused.
  const test::Run three = test::talec({"play", en, "--players", "3"});
  CHECK(three.exit == 2);
  CHECK(three.err.find("one or two players") != std::string::npos);
  const test::Run from = test::talec({"play", en, "--from", "10"});
  CHECK(from.exit == 2);
  CHECK(from.err.find("game of the family") != std::string::npos);
}

TEST_CASE("games: talec play plays the Morgenland deck for two to five, the same per seed",
          "[games]") {
  test::TempDir temp("games-morgenland");
  const std::string de = built("games/morgenland", temp);
  const std::string input = ones(400);
  const test::Run a =
      test::talec({"play", de, "--seed", "9", "--players", "3"}, test::with_input(input));
  const test::Run b =
      test::talec({"play", de, "--seed", "9", "--players", "3"}, test::with_input(input));
  INFO(a.out.substr(0, 3000) << a.err);
  REQUIRE(a.exit == 0);
  CHECK(a.out == b.out);
  CHECK(a.out.find("Da geht was ab im Morgenland: 3 players, seed 9") == 0);
  CHECK(a.out.find("Player 3's Treasury:") != std::string::npos);
  CHECK(a.out.find("Player 1's hand:") != std::string::npos);
  const test::Run one = test::talec({"play", de, "--players", "1"});
  CHECK(one.exit == 2);
  // The English deck: the same game, its own names.
  const std::string en = built("games/morgenland/en", temp);
  const test::Run e =
      test::talec({"play", en, "--seed", "9", "--players", "3"}, test::with_input(input));
  CHECK(e.exit == 0);
  CHECK(e.out.find("Da geht was ab im Morgenland: 3 players, seed 9") == 0);
  CHECK(e.out != a.out);
}

TEST_CASE("games: talec html refuses a game book with the reason", "[games]") {
  test::TempDir temp("games-html");
  const test::Run r = test::talec({"html", "games/shahrazad", "-o", (temp / "site").string()});
  CHECK(r.exit == 2);
  CHECK(r.err.find("is a game of the family") != std::string::npos);
}

TEST_CASE("games: talec simulate reports Shahrazad's verdicts and a translation plays the same",
          "[games]") {
  json en = simulate("games/shahrazad", {"--runs", "40", "--seed", "3", "--players", "2"});
  CHECK(en["game"] == "shahrazad");
  CHECK(en["runs"] == 40);
  CHECK(en["round_two"].get<int>() + en["angry_king"].get<int>() == 40);
  int counted = 0;
  REQUIRE(en["verdicts"].size() == 5);
  for (const json& row : en["verdicts"])
    counted += row["games"].get<int>();
  CHECK(counted == en["round_two"].get<int>());
  CHECK(en == simulate("games/shahrazad", {"--runs", "40", "--seed", "3", "--players", "2"}));
  // The zh tile set keeps every number and colour: the same games, its own words.
  json zh = simulate("games/shahrazad/zh", {"--runs", "40", "--seed", "3", "--players", "2"});
  CHECK(zh["verdicts"][0]["words"] != en["verdicts"][0]["words"]);
  for (json* j : std::vector<json*>{&en, &zh})
    for (json& row : (*j)["verdicts"])
      row.erase("words");
  CHECK(zh == en);
}

TEST_CASE("games: talec simulate reports the Morgenland deck's winners and its translation's",
          "[games]") {
  const json de = simulate("games/morgenland", {"--runs", "12", "--seed", "1", "--players", "3"});
  CHECK(de["game"] == "morgenland");
  int ended = de["draws"].get<int>();
  for (const json& w : de["wins"])
    ended += w.get<int>();
  CHECK(ended == 12);
  CHECK(de["mean_turns"].get<double>() > 0);
  CHECK(de == simulate("games/morgenland", {"--runs", "12", "--seed", "1", "--players", "3"}));
  // The English deck: the same cards in the same order, so the same games.
  json en = simulate("games/morgenland/en", {"--runs", "12", "--seed", "1", "--players", "3"});
  en.erase("never_played");
  json source = de;
  source.erase("never_played");
  CHECK(en == source);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
