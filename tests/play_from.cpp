// `talec play --from N` and `talec simulate --from N`: a fragment of a book
// with no card, chart or matrix (tests/data/play/fragment, in English and
// Chinese) played from one of its paragraphs, through the real talec.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct Fragment {
  const char* folder; // tests/data/play/<folder>
  const char* piety;  // the skills of the book's vocabulary that paragraph 1 tests
  const char* wisdom;
  const char* gate;   // paragraph 1's first line
  const char* market; // paragraph 3's
};

const Fragment fragments[] = {
    {"fragment", "Piety", "Wisdom", "The city gate is shut, and no guard answers your call.",
     "The market is closing, but a seller of lamps waves you over."},
    {"fragment_zh", "虔诚", "智慧", "城门紧闭，没有守卫回应你的呼喊。",
     "集市快要收摊了，但一个卖灯的人向你招手。"},
};

fs::path source(const Fragment& f) {
  return fs::path(test::tests_dir()) / "data" / "play" / f.folder;
}

// The number a menu of `out` gives `choice` ("  12. Piety"), as the player types it.
std::string menu_number(const std::string& out, const std::string& choice) {
  std::smatch m;
  const std::regex line("\n  ([0-9]+)\\. " + choice + "\n");
  REQUIRE(std::regex_search(out, m, line));
  return m[1];
}

// A built fragment, and the answers that make a man with the skills paragraph 1 tests.
struct Built {
  test::TempDir dir{"play-from"};
  fs::path tbook = dir / "fragment.tbook";
  std::string character;
  explicit Built(const Fragment& f) {
    test::Run build = test::talec({"build", source(f).string(), "-o", tbook.string()});
    INFO(build.err);
    REQUIRE(build.exit == 0);
    // The skill menu comes after the gender question; the input ends there.
    test::Run menu = test::talec({"play", tbook.string(), "--seed", "1", "--from", "1"},
                                 test::with_input("1\n"));
    REQUIRE(menu.exit == 0);
    const std::string piety = menu_number(menu.out, f.piety),
                      wisdom = menu_number(menu.out, f.wisdom);
    const std::string third =
        piety == "1" || wisdom == "1" ? (piety == "2" || wisdom == "2" ? "3" : "2") : "1";
    character = "1\n" + piety + "\n" + wisdom + "\n" + third + "\n";
  }
  test::Run play(const std::vector<std::string>& options, const std::string& answers) const {
    std::vector<std::string> args = {"play", tbook.string(), "--seed", "7"};
    args.insert(args.end(), options.begin(), options.end());
    return test::talec(args, test::with_input(character + answers));
  }
};

json simulate(const Fragment& f, const std::vector<std::string>& options,
              std::string* err = nullptr) {
  std::vector<std::string> args = {"simulate", source(f).string(), "--runs",
                                   "200",      "--format",         "json"};
  args.insert(args.end(), options.begin(), options.end());
  test::Run r = test::talec(args);
  INFO(r.err);
  REQUIRE(r.exit == 0);
  if (err) *err = r.err;
  return json::parse(r.out);
}

} // namespace

TEST_CASE("play --from: a book with no card is played from the paragraph named", "[play][from]") {
  for (const Fragment& f : fragments) {
    INFO(f.folder);
    Built book(f);
    // Piety (the first skill paragraph 1 offers): S1 and Go to 2, then W+1 and
    // Go to 3, then S1; the game ends after paragraph 3.
    test::Run pious = book.play({"--from", "1"}, "1\n");
    INFO(pious.out);
    CHECK(pious.exit == 0);
    CHECK(pious.err.empty());
    CHECK(pious.out.find("You start at paragraph 1 (--from).\n\n1\n" + std::string(f.gate)) !=
          std::string::npos);
    CHECK(pious.out.find("\n2\n") != std::string::npos);
    CHECK(pious.out.find("\n3\n" + std::string(f.market)) != std::string::npos);
    CHECK(pious.out.find("The encounter from paragraph 1 is over (--from).") != std::string::npos);
    CHECK(std::regex_search(pious.out, std::regex("\n  Story +3\n")));
    CHECK(std::regex_search(pious.out, std::regex("\n  Destiny +1\n")));
    // Wisdom: D1 and Go to 3, past paragraph 2.
    test::Run wise = book.play({"--from", "1"}, "2\n");
    INFO(wise.out);
    CHECK(wise.exit == 0);
    CHECK(wise.out.find("\n2\n") == std::string::npos);
    CHECK(wise.out.find("\n3\n" + std::string(f.market)) != std::string::npos);
    CHECK(std::regex_search(wise.out, std::regex("\n  Destiny +2\n")));
    CHECK(std::regex_search(wise.out, std::regex("\n  Story +2\n")));
    // From paragraph 3 (--from=N too): paragraph 3 alone.
    test::Run market = book.play({"--from=3"}, "");
    CHECK(market.exit == 0);
    CHECK(market.out.find("You start at paragraph 3 (--from).\n\n3\n" + std::string(f.market)) !=
          std::string::npos);
    CHECK(market.out.find(f.gate) == std::string::npos);
    CHECK(std::regex_search(market.out, std::regex("\n  Story +2\n")));
    // Without --from the book cannot be played: turning to a chart (the
    // first choice of a turn), play says what to do.
    test::Run turns = book.play({}, "1\n");
    CHECK(turns.exit == 0);
    CHECK(turns.out.find("This book has no encounter chart (talec play --from N starts at "
                         "paragraph N).") != std::string::npos);
    CHECK(turns.out.find(f.gate) == std::string::npos);
  }
}

TEST_CASE("simulate --from: coverage of what the paragraph named leads to", "[simulate][from]") {
  for (const Fragment& f : fragments) {
    INFO(f.folder);
    json all = simulate(f, {"--from", "1"});
    CHECK(all["from"] == 1);
    CHECK(all["turns"] == 200);
    CHECK(all["coverage"]["paragraphs"] == json({{"total", 3}, {"hit", 3}}));
    CHECK(all["coverage"]["reachable_paragraphs"] == json({{"total", 3}, {"hit", 3}}));
    CHECK(all["coverage"]["sections"] == json({{"total", 5}, {"hit", 5}}));
    // Paragraph 2 leads to 3, never back to 1.
    json two = simulate(f, {"--from", "2"});
    CHECK(two["coverage"]["paragraphs"] == json({{"total", 3}, {"hit", 2}}));
    CHECK(two["coverage"]["reachable_paragraphs"] == json({{"total", 2}, {"hit", 2}}));
    for (const json& p : two["never"]["paragraphs"]) {
      CHECK(p["paragraph"] == 1);
      CHECK(p["reachable"] == false);
    }
    // The text report says where the games start.
    test::Run text = test::talec({"simulate", source(f).string(), "--runs", "20", "--from", "2"});
    CHECK(text.exit == 0);
    CHECK(text.out.find(": 20 runs of one encounter from paragraph 2 (seed 1)\n") !=
          std::string::npos);
    CHECK(text.out.find("reachable read    2 of 2 (100.0%) (what paragraph 2 leads to)\n") !=
          std::string::npos);
    // Without --from no game reads a paragraph, and simulate says why.
    std::string err;
    json none = simulate(f, {}, &err);
    CHECK(none["from"].is_null());
    CHECK(none["coverage"]["paragraphs"]["hit"] == 0);
    CHECK(err.find("note: the book has no encounter chart, so no game reads a paragraph; --from N "
                   "plays each game from paragraph N") != std::string::npos);
  }
}

TEST_CASE("play and simulate --from: a paragraph the book lacks or no number exits 2",
          "[play][simulate][from]") {
  Built book(fragments[0]);
  const std::string folder = source(fragments[0]).string();
  const std::pair<std::vector<std::string>, const char*> bad[] = {
      {{"--from", "9"},
       "'--from': the book has no paragraph 9 (its paragraphs are numbered 1 to 3)"},
      {{"--from", "0"},
       "'--from': the book has no paragraph 0 (its paragraphs are numbered 1 to 3)"},
      {{"--from", "99999999999999999999999"},
       "'--from': no book has a paragraph 99999999999999999999999"},
      {{"--from"}, "'--from' needs a paragraph number\n"},
      {{"--from", "two"}, "'--from' needs a paragraph number, not 'two'"},
      {{"--from=-1"}, "'--from' needs a paragraph number, not '-1'"},
      {{"--from="}, "'--from' needs a paragraph number, not ''"},
  };
  for (const auto& [options, says] : bad) {
    INFO(options[0] << (options.size() > 1 ? " " + options[1] : ""));
    std::vector<std::string> play = {"play", book.tbook.string()},
                             sim = {"simulate", folder, "--runs", "5"};
    play.insert(play.end(), options.begin(), options.end());
    sim.insert(sim.end(), options.begin(), options.end());
    for (const auto& args : {play, sim}) {
      test::Run r = test::talec(args);
      CHECK(r.exit == 2);
      CHECK(r.out.empty());
      CHECK(r.err.find(says) != std::string::npos);
      CHECK(r.err.find("run 'talec " + args[0] + " --help' for usage") != std::string::npos);
    }
  }
  for (const char* command : {"play", "simulate"}) {
    test::Run help = test::talec({command, "--help"});
    CHECK(help.exit == 0);
    CHECK(help.out.find("  --from N ") != std::string::npos);
  }
}

TEST_CASE("play: a wealth heading counts by level, whatever ladder the book's vocabulary has",
          "[play][from]") {
  // A vocabulary with a seventh level (Penniless, between Beggar and Poor),
  // which the rulebook lacks: `Poor or less` is its orders 0-2, and the engine,
  // which plays the rulebook's six levels, meets it for a Beggar or a Poor
  // character and not for a Respectable one (whose level, 2, is Poor's order).
  test::TempDir temp("ladder");
  std::string vocabulary = test::read_file(test::source_dir() + "/locales/en/vocabulary.json");
  const std::string beggar = R"({"id": "beggar", "name": "Beggar"},)";
  const std::size_t at = vocabulary.find(beggar);
  REQUIRE(at != std::string::npos);
  vocabulary.insert(at + beggar.size(), R"({"id": "penniless", "name": "Penniless"},)");
  test::write_file(temp / "vocabulary.json", vocabulary);
  test::write_file(temp / "book.json", R"({"title": "Ladder", "language": "en",
    "vocabulary": "vocabulary.json", "entry_points": ["1"]})");
  test::write_file(temp / "a.tales",
                   "@1\nA beggar holds out his bowl.\n"
                   "Wealth: Poor or less (All mandatory): You share your bread with him. [D1]\n"
                   "No Skill: You walk on. [S1]\n");
  REQUIRE(test::talec({"build", (temp / "book.json").string(), "-o", (temp / "l.tbook").string()})
              .exit == 0);
  for (const auto& [wealth, shares] : {std::pair<const char*, bool>{"Beggar", true},
                                       {"Poor", true},
                                       {"Respectable", false},
                                       {"Rich", false}}) {
    INFO(wealth);
    test::Run play = test::talec({"play", (temp / "l.tbook").string(), "--seed", "1", "--from", "1",
                                  "--start", std::string("wealth=") + wealth},
                                 test::with_input("1\n1\n2\n3\n"));
    INFO(play.out << play.err);
    REQUIRE(play.exit == 0);
    CHECK((play.out.find("You share your bread") != std::string::npos) == shares);
    CHECK((play.out.find("You walk on.") != std::string::npos) == !shares);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
