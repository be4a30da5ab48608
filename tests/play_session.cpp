// `talec play` end to end: build the test book with `talec build`, play
// scripted games with fixed seeds, compare with golden transcripts.
// TALEBOOK_REBASE=1 rewrites the golden files instead (docs/play.md).
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/paths.hpp"
#include "tests/support.hpp"
#include "tests/tbook_rebuild.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

const fs::path data_dir = fs::path(test::tests_dir()) / "data" / "play";

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

struct Run {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs `talec <args>` with stdin from `input` (a file, or /dev/null).
Run talec(const std::vector<std::string>& args, const fs::path& /*dir*/,
          const fs::path& input = "/dev/null") {
  test::RunOptions options;
  if (input != "/dev/null") options.input = read_text(input);
  const test::Run r = test::talec(args, options);
  Run run;
  run.status = r.exit;
  run.out = r.out;
  run.err = r.err;
  return run;
}

// A temporary folder with a book (the test book by default) built into it.
struct BuiltBook {
  fs::path dir;
  fs::path tbook;
  explicit BuiltBook(const fs::path& source = data_dir / "book",
                     const std::vector<std::string>& options = {}) {
    dir = fs::temp_directory_path() / ("talebook-play-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    tbook = dir / "road.tbook";
    std::vector<std::string> args = {"build", source, "-o", tbook};
    args.insert(args.end(), options.begin(), options.end());
    Run build = talec({args}, dir);
    INFO(build.err);
    REQUIRE(build.status == 0);
    REQUIRE(fs::exists(tbook));
  }
  ~BuiltBook() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
};

} // namespace

TEST_CASE("play: scripted games match their golden transcripts", "[play]") {
  struct Game {
    const char* name; // tests/data/play/<name>.in is played with --seed <seed>
    const char* seed;
    fs::path book;
    const char* shows;             // a line the game must reach, whatever the golden file says
    const char* start = nullptr;   // talec play --start: the situation the game starts from
    const char* players = nullptr; // talec play --players: the Standard game to a winner
    const char* variant = nullptr; // talec play --variant
  };
  const fs::path sample_en = fs::path(test::tests_dir()) / ".." / "book";
  const fs::path sample_zh = fs::path(test::tests_dir()) / ".." / "locales" / "zh";
  const Game games[] = {
      {"road", "15", data_dir / "book", "You gain the treasure"},
      {"fierce", "11", data_dir / "book", "Reaction matrix H, row Fierce"},
      // The Chinese book: a city card's `年老的水手（H）` reaches its row of matrix H
      // (the adjective is followed by no blank, and the engine matches no names).
      // Started in 巴士拉 (Basra) on the map: its city card is the one to play.
      {"zh_city", "15", fs::path(test::tests_dir()) / ".." / "locales" / "zh",
       "  2. 年老的水手 (H)\n  q. Quit\n> 2\nReaction matrix H, row 年老的:", "space=巴士拉"},
      // A heading `COPPER LAMP:` meets the treasure gained as `[Copper Lamp]`.
      {"lamp", "7", data_dir / "treasure", "\nCOPPER LAMP: The lamp flickers"},
      // An award in the prose (a section for everyone) is applied; the chart menu
      // lists charts 3 and 8 by their numbers, and a position number is refused.
      {"purse", "7", data_dir / "rules", "You find a purse in the road.\n[W+1/S1]\n"},
      // Rows `2-7:` / `8+:` roll two dice, and `8+` happens.
      {"wager", "2", data_dir / "rules", " (two dice: a row goes past 6).\n8+: The dice fall high"},
      // The sample books, English and Chinese: a mandatory wealth heading with a `6 or less`
      // status and a roll on the quest table; a Master award; a `7 or less` status.
      {"sample_flee", "11", sample_en, "\nWealth: Poor or less (mandatory): You have nothing"},
      {"sample_master", "12", sample_en, "You gain the skill Wilderness Lore at Master."},
      {"sample_attack", "11", sample_en, "You gain the status Wounded (7 or less)."},
      // A modifier tied to a skill you have applies; one you judge applies as often as you say.
      // Started in Basra, one of quest 710's spaces (rule 22.3: the roll is made there).
      {"sample_quest", "3", sample_en, "(+1 if you have Seamanship) = 6.\n6+: The Sea King",
       "space=Basra"},
      {"zh_flee", "11", sample_zh, "\n财富: 贫穷或更低 (强制): 你身上没有值得追赶的东西"},
      {"zh_master", "12", sample_zh, "You gain the skill 自然知识 at Master."},
      {"zh_attack", "11", sample_zh, "You gain the status 受伤 (7或更低)."},
      // Started Wounded: grovelling reaches 627, whose heading `Wounded (7 or less):` applies.
      // (The .tbook keeps no term on a heading's status: the engine prints `Wounded:`.)
      {"sample_wounded", "11", sample_en, "\nWounded: The fierce one sees your bandages",
       "status=wounded"},
      {"zh_wounded", "11", sample_zh, "\n受伤: 对方看见你身上的绷带", "status=受伤"},
      // Started Wounded: grovelling reaches 629, and the player loses the status.
      {"sample_mercy", "35", sample_en,
       "  1. Lose Wounded\n  2. Keep the rest\n  q. Quit\n> 1\n"
       "  You lose the status Wounded.",
       "status=Wounded"},
      {"zh_mercy", "35", sample_zh,
       "  1. Lose 受伤\n  2. Keep the rest\n  q. Quit\n> 1\n"
       "  You lose the status 受伤.",
       "status=wounded"},
      // Started Fabulous with the Seal: attacking reaches 632, which takes the Seal away,
      // and Fabulous wealth needs a treasure (rule 16.3).
      {"sample_seal", "35", sample_en, "You lose the treasure Seal of Sulayman.\n  Without",
       "wealth=Fabulous,treasure=Seal of Sulayman"},
      // Rule 10.3: a book of three city cards; the third drawn is a third fate card.
      {"fate", "1", data_dir / "fate",
       "(rule 10.3). Discard:\n  1. Damascus\n  2. Cairo\n  3. Basra\n  q. Quit\n> 3\n"
       "You discard Basra."},
      {"zh_fate", "1", data_dir / "fate_zh",
       "(rule 10.3). Discard:\n  1. 开罗\n  2. 巴士拉\n  3. 大马士革\n  q. Quit\n> 3\n"
       "You discard 大马士革."},
      {"zh_seal", "35", sample_zh, "You lose the treasure 苏莱曼之印.\n  Without",
       "wealth=富可敌国,treasure=苏莱曼之印"},
      // Three players (rules 4-6): the dice choose who goes first; player 2
      // stays in Baghdad, where every character starts (4.1), with Destiny
      // and Story 12 (the formula asks 10 and 10); the others take one last
      // turn away from it (player 3 gives player 2 a wealth level first,
      // 16.4: a Poor player given one stays Poor), and player 2 wins.
      {"players", "5", sample_en,
       "You give a wealth level to Player 2: you are Beggar, Player 2 stays Poor (rule 16.4).",
       "destiny=12,story=12", "3"},
      {"zh_players", "5", sample_zh, "Player 2 wins the game (rule 5).", "destiny=12,story=12",
       "3"},
      // The Storytelling game (rules 17-19): the teller proposes, the others vote.
      {"storytelling", "5", sample_en,
       "the story is Outstanding (rule 18).\nPlayer 2's experience award:\n  Story +1",
       "destiny=9,story=9", "3", "storytelling"},
      // The Merchant rules (rule 23): player 1 plays a merchant, stays in
      // Baghdad with Fabulous wealth, and wins after player 2's last turn.
      {"merchant", "5", sample_en, "Player 1 wins the game (rule 5).",
       "wealth=Fabulous,treasure=Seal of Sulayman", "2", "merchant"},
      // The quest rules (rule 22) on the map: player 1 undertakes quests,
      // draws Basra's Quest card, goes to Basra and extends the quest with
      // Samarkand's, goes to Mosul (one of its spaces) and fulfils it on the
      // table (+1 for the additional card), then fulfils Basra's in Basra,
      // walks back to Baghdad and wins after player 2's last turn (22.5).
      {"quest", "4", sample_en, "Player 1 wins the game (rule 5).", nullptr, "2", "quest"},
      // Special cards (rule 10.2): player 1 keeps one and plays it on player 2,
      // in Baghdad with him: its `You:` line is his, its `Other:` line player
      // 2's; player 2 then holds one in Basra, alone, and cannot play it.
      {"special", "2", data_dir / "special",
       "You play the Special card The Cut Purse on Player 2's character (rule 10.2).\n"
       "You: The pickpocket you paid brings you your rival's purse. (awards: [W+1])\n"
       "  Wealth +1: Poor -> Respectable.\nPlayer 2: Your rival finds his belt cut",
       nullptr, "2"},
      // Rule 22.4: player 1 on quests meets his Quest card's being (every
      // encounter of tests/data/play/extend is the Old Sailor), no Q:S comes,
      // and he extends the quest with another card.
      {"extend", "2", data_dir / "extend",
       "(rule 22.4: you met Old Sailor)\n  3. End your turn\n  q. Quit\n> 2\n"
       "The deck is used up: you shuffle the discards, and the 3rd deck begins (rule 10.4).\n"
       "You draw the fate card Mosul and turn it upside down: your Quest card (on top of 1 "
       "earlier, rule 22.4) bids you find Old Hermit (rule 22.1).",
       nullptr, "2", "quest"},
      // The Chinese rules' player against player (003): in Baghdad together,
      // each uses a skill on the other at the end of a turn for D4; Quick
      // Thinking and Luck roll 4+ to avoid it; Weapon Use avoided by Weapon
      // Use (D4 paid) is a duel of two dice each, the lower wounded.
      {"pvp", "2", sample_en,
       "Player 1 pays to avoid it:\n  Destiny -4: 9 -> 5.\n  Your encounter rolls now add 1 "
       "(rule 15.2).\n  Below 7 Destiny points you can no longer gain Master skills (rule "
       "15.2).\nA duel: you roll 6, Player 1 4.\nPlayer 1:\n  You gain the status Wounded.",
       "destiny=12", "2", "zh"},
      // The same in Chinese: a tied duel is rolled again, and a loss by 5 or
      // more cripples.
      {"zh_pvp", "3", sample_zh,
       "A duel: you roll 5, Player 1 5: a tie, again.\nA duel: you roll 5, Player 1 11.\nYou:\n"
       "  You gain the status 残疾.",
       "destiny=12", "2", "zh"},
      // The Solitaire game (rules 27-29): two cards drawn, one kept; two quests
      // fulfilled with the formula and Fabulous wealth win.
      {"solitaire", "3", data_dir / "solitaire", "two quests fulfilled: you win (rule 28).",
       "destiny=12,story=12,wealth=Fabulous,treasure=Copper Lamp", nullptr, "solitaire"},
  };
  const bool rebase = std::getenv("TALEBOOK_REBASE") != nullptr;
  for (const auto& [name, seed, source, shows, start, players, variant] : games) {
    INFO("game " << name);
    BuiltBook book(source);
    const fs::path input = data_dir / (std::string(name) + ".in");
    const fs::path golden = data_dir / (std::string(name) + ".golden");
    std::vector<std::string> args = {"play", book.tbook, "--seed", seed};
    if (start) args.insert(args.end(), {"--start", start});
    if (players) args.insert(args.end(), {"--players", players});
    if (variant) args.insert(args.end(), {"--variant", variant});
    Run run = talec({args}, book.dir, input);
    INFO(run.err);
    CHECK(run.status == 0);
    CHECK(run.err.empty());
    CHECK(run.out.find(shows) != std::string::npos);
    if (rebase) {
      test::rebase(golden, run.out);
      continue;
    }
    REQUIRE(fs::exists(golden));
    CHECK(run.out == read_text(golden));
  }
}

TEST_CASE("play: a seed replays a game, another seed plays another", "[play]") {
  BuiltBook book;
  // Forty turns at the chart, always the first open option, then quit.
  const fs::path input = book.dir / "many.in";
  std::string answers = "1\n1\n2\n3\n";
  for (int i = 0; i < 40; ++i)
    answers += "2\n1\n1\n1\n1\n";
  write_text(input, answers + "q\n");
  Run a = talec({"play", book.tbook, "--seed", "123"}, book.dir, input);
  Run b = talec({"play", book.tbook, "--seed=123"}, book.dir, input);
  Run c = talec({"play", book.tbook, "--seed", "124"}, book.dir, input);
  CHECK(a.status == 0);
  CHECK(a.out == b.out);
  CHECK(a.out != c.out);
  CHECK(a.out.find("(seed 123)") != std::string::npos);
}

TEST_CASE("play: quitting and the end of input end the game cleanly", "[play]") {
  BuiltBook book;
  const fs::path quit = book.dir / "quit.in";
  write_text(quit, "2\nq\n");
  Run q = talec({"play", book.tbook, "--seed", "1"}, book.dir, quit);
  CHECK(q.status == 0);
  CHECK(q.out.find("You close the book.") != std::string::npos);

  Run eof = talec({"play", book.tbook, "--seed", "1"}, book.dir);
  CHECK(eof.status == 0);
  CHECK(eof.out.find("The input ended") != std::string::npos);

  // A wrong answer is asked again, not taken.
  const fs::path wrong = book.dir / "wrong.in";
  write_text(wrong, "7\nfemale\n2\nq\n");
  Run w = talec({"play", book.tbook, "--seed", "1"}, book.dir, wrong);
  CHECK(w.status == 0);
  CHECK(w.out.find("Please answer with a number from 1 to 2") != std::string::npos);
  CHECK(w.out.find("> 2\n") != std::string::npos);
}

TEST_CASE("play: usage errors exit 2, a damaged book exits 1", "[play]") {
  BuiltBook book;
  Run help = talec({"play", "--help"}, book.dir);
  CHECK(help.status == 0);
  CHECK(help.out.find("usage: talec play FILE.tbook [--seed S] [--players N] [--variant V]") !=
        std::string::npos);

  CHECK(talec({"play"}, book.dir).status == 2);
  CHECK(talec({"play", book.tbook, "--seed"}, book.dir).status == 2);
  CHECK(talec({"play", book.tbook, "--seed", "seven"}, book.dir).status == 2);
  CHECK(talec({"play", book.tbook, "--wild"}, book.dir).status == 2);
  CHECK(talec({"play", book.tbook, book.tbook}, book.dir).status == 2);
  CHECK(talec({"play", book.dir / "missing.tbook"}, book.dir).status == 2);
  for (const char* players : {"0", "7", "three"})
    CHECK(talec({"play", book.tbook, "--players", players}, book.dir).status == 2);
  Run both = talec({"play", book.tbook, "--players", "2", "--from", "1"}, book.dir);
  CHECK(both.status == 2);
  CHECK(both.err.find("'--players' and '--from': one at a time") != std::string::npos);
  Run alone = talec({"play", book.tbook, "--variant", "storytelling"}, book.dir);
  CHECK(alone.status == 2);
  CHECK(alone.err.find("needs '--players 2' or more") != std::string::npos);
  Run solitaire = talec({"play", book.tbook, "--players", "2", "--variant", "solitaire"}, book.dir);
  CHECK(solitaire.status == 2);
  CHECK(solitaire.err.find("'--variant solitaire' is for one player") != std::string::npos);
  Run chess = talec({"play", book.tbook, "--variant", "chess"}, book.dir);
  CHECK(chess.status == 2);
  CHECK(chess.err.find(
            "'--variant' is storytelling, solitaire, zh, merchant, quest, skills, statuses or "
            "interactive (or "
            "several, joined by commas), not 'chess'") != std::string::npos);
  // Several variants at once: each is checked, and two rules for skills on
  // other players do not go together.
  Run skills = talec({"play", book.tbook, "--players", "1", "--variant", "quest,skills"}, book.dir);
  CHECK(skills.status == 2);
  CHECK(skills.err.find("'--variant skills' needs '--players 2' or more") != std::string::npos);
  Run two = talec({"play", book.tbook, "--players", "2", "--variant", "zh,skills"}, book.dir);
  CHECK(two.status == 2);
  CHECK(two.err.find("the Chinese rules and rule 26 both use skills on other players: one only") !=
        std::string::npos);
  Run mixed = talec({"play", book.tbook, "--seed", "1", "--players", "2", "--variant",
                     "quest,merchant,skills,statuses"},
                    book.dir);
  CHECK(mixed.status == 0);
  CHECK(mixed.err.empty());

  std::string bytes = read_text(book.tbook);
  REQUIRE(bytes.size() > 100);
  const fs::path damaged = book.dir / "damaged.tbook";
  write_text(damaged, bytes.substr(0, bytes.size() / 2));
  Run bad = talec({"play", damaged, "--seed", "1"}, book.dir);
  CHECK(bad.status == 1);
  CHECK(bad.err.find("error[TB0078]: ") != std::string::npos);
  CHECK(bad.out.empty());
}

TEST_CASE("play: a format 1.0 book is refused with a message that says what to do", "[play]") {
  BuiltBook book(data_dir / "book", {"--unpacked"});
  const fs::path old = book.dir / "old.tbook";
  write_text(old, tbook_test::as_format_1_0(read_text(book.tbook)));
  Run dump = talec({"dump", old}, book.dir);
  CHECK(dump.status == 0); // the reader reads it
  CHECK(dump.out.find("\"format\": \"1.0\"") != std::string::npos);
  Run run = talec({"play", old, "--seed", "1"}, book.dir);
  CHECK(run.status == 1);
  CHECK(run.out.empty());
  CHECK(run.err.find("is format 1.0, which lacks resolved matrix rows and treasure paragraphs; "
                     "rebuild it with talec build") != std::string::npos);
  CHECK(talec({"play", book.tbook, "--seed", "1"}, book.dir).status == 0);
}

TEST_CASE("play: the chart menu lists charts by their numbers, gaps and all", "[play]") {
  BuiltBook book(data_dir / "rules");
  const fs::path input = book.dir / "charts.in";
  // A man with three skills, then the chart menu: `1` is a position, not a chart.
  write_text(input, "1\n9\n12\n13\n1\n1\n8\nq\n");
  Run run = talec({"play", book.tbook, "--seed", "3"}, book.dir, input);
  CHECK(run.status == 0);
  CHECK(run.out.find("Which encounter chart (its paragraph number)?\n"
                     "  3. A dusty road where travellers drop things.\n"
                     "  8. A tea-house where an old man plays dice with anyone.\n") !=
        std::string::npos);
  CHECK(run.out.find("> 1\nPlease answer with one of the numbers shown, or q to quit.\n> 8\n") !=
        std::string::npos);
  CHECK(run.out.find("Encounter chart 8: A tea-house") != std::string::npos);
  CHECK(run.out.find("Destiny 1, Story 1, Wealth Poor.") != std::string::npos);
}

TEST_CASE("play: the deck marker advances when the deck is used up (rule 10.4)", "[play]") {
  BuiltBook book;
  // A man with three skills, then always the first choice: draw a card, every turn.
  const fs::path input = book.dir / "deck.in";
  std::string answers = "1\n1\n2\n3\n";
  for (int i = 0; i < 60; ++i)
    answers += "1\n";
  write_text(input, answers + "q\n");
  Run run = talec({"play", book.tbook, "--seed", "5"}, book.dir, input);
  CHECK(run.status == 0);
  const std::string second = "the 2nd deck begins (rule 10.4).";
  const std::string third = "the 3rd deck begins (rule 10.4).";
  const auto at_second = run.out.find(second);
  const auto at_third = run.out.find(third);
  REQUIRE(at_second != std::string::npos);
  REQUIRE(at_third != std::string::npos);
  CHECK(at_second < at_third);
  CHECK(run.out.find(third, at_third + 1) == std::string::npos); // no 4th deck
  // The Lamp-Seller card's decks are 2, 1, 2: the marker picks the number.
  const std::string lamp_seller =
      "You draw Lamp-Seller (H): the deck marker sends you to paragraph ";
  const auto first_deck = run.out.find(lamp_seller);
  REQUIRE(first_deck < at_second);
  CHECK(run.out.compare(first_deck + lamp_seller.size(), 1, "2") == 0);
  const auto second_deck = run.out.find(lamp_seller, at_second);
  REQUIRE(second_deck < at_third);
  CHECK(run.out.compare(second_deck + lamp_seller.size(), 1, "1") == 0);
  // A fate card kept (rule 10.1) is not shuffled back into the deck.
  const std::string fate = "You draw the fate card Baghdad";
  const auto kept = run.out.find(fate);
  REQUIRE(kept != std::string::npos);
  CHECK(run.out.find(fate, kept + 1) == std::string::npos);
}

TEST_CASE("play: --start states a situation the book knows, or exits 2", "[play]") {
  BuiltBook book(fs::path(test::tests_dir()) / ".." / "book");
  auto play = [&](const std::string& start) {
    return talec({"play", book.tbook, "--seed", "1", "--start", start}, book.dir);
  };
  Run good = play("destiny=7, story=4, wealth=rich, status=Pursued, treasure=151, treasure=152");
  INFO(good.err);
  CHECK(good.status == 0);
  CHECK(good.err.empty());
  // The input ends before the character is made: nothing is stated yet.
  CHECK(good.out.find("stated situation") == std::string::npos);

  const std::pair<const char*, const char*> bad[] = {
      {"status", "is not key=value"},
      {"luck=1", "unknown key 'luck'"},
      {"destiny=-1", "destiny '-1' is not a number"},
      {"wealth=Golden", "wealth 'Golden' is not a wealth level"},
      {"status=Sleepy", "status 'Sleepy' is not a status"},
      {"status=wounded,status=pursued", "one status at most (rule 13.2)"},
      {"treasure=Flying Carpet", "treasure 'Flying Carpet' is not a treasure"},
      {"wealth=fabulous", "Fabulous wealth needs a treasure"},
      {"", "is not key=value"},
  };
  for (const auto& [start, says] : bad) {
    INFO("--start '" << start << "'");
    Run run = play(start);
    CHECK(run.status == 2);
    CHECK(run.err.find(says) != std::string::npos);
    CHECK(run.out.empty());
  }
  CHECK(talec({"play", book.tbook, "--start"}, book.dir).status == 2);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
