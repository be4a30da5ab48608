// Book quality: reachability (TB0300-TB0304), the award economy, and where
// the rule lints point. The golden files show each code once; these tests
// check what reaches what, and the numbers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>

#include <nlohmann/json.hpp>

#include "compiler/check/economy.hpp"
#include "compiler/driver/book_loader.hpp"
#include "compiler/graph/book_graph.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

// Matrix H with one row whose cells lead to 10-12, chart 1, and a card.
const std::string start =
    "@matrix H\nOptions: Grovel | Converse\nOld: 11 | NE\n"
    "@1 chart\n1. Old Man (H)\n2. Old Man (H)\n3. Old Man (H)\n"
    "4. Old Man (H)\n5. Old Man (H)\n6. Old Man (H)\n"
    "@card character Fisherman (H): 1, 1, 1\n"
    "@10\nNo Skill: a. [S1]\n@11\nNo Skill: b. [S1]\n@12\nNo Skill: c. [S1]\n";

std::vector<std::string> unreached(const talebook::Compilation& c) {
  std::vector<std::string> out;
  for (const auto& d : c.diagnostics.all()) {
    std::string code = talebook::info(d.code).code;
    if (code >= "TB0300" && code <= "TB0303") out.push_back(code + " " + d.message);
  }
  return out;
}

} // namespace

TEST_CASE("reachability: what each kind of link reaches", "[quality][reach]") {
  talebook::Compilation c;
  test::compile(c, start +
                       // The place (a root) leads on by `(n)`, `Go to`, `Name (L)`...
                       "@30 place City of Brass\nBrass. (13)\n"
                       "@13\nNo Skill: d. [Go to 14]\n"
                       "@14\nAs told in (15).\nNo Skill: e. [Enter City of Brass]\n"
                       "@15\nIt waits by a Fierce Man (G).\nNo Skill: f. [Ionian Gems (40)]\n"
                       "@40 treasure Ionian Gems\nGems.\n"
                       "@matrix G\nOptions: Pray | Wait\nFierce: 21 | NE\nMild: NE | NE\n"
                       "@20\nNo Skill: h. [S1]\n@21\nNo Skill: i. [S1]\n@22\nNo Skill: j. [S1]\n"
                       "@50\nNo Skill: nobody. [Go to 13]\n");
  // 13-15 through the place, 20-22 through row Fierce; 50 and row Mild nothing reaches.
  CHECK(unreached(c) == std::vector<std::string>{
                            "TB0302 no chart, card or paragraph leads to row 'Mild' of reaction "
                            "matrix 'G'",
                            "TB0300 nothing leads to paragraph 50",
                        });
  CHECK(test::codes(c).size() == 2);
}

TEST_CASE("reachability: a book with no card and no entry point is not checked",
          "[quality][reach]") {
  talebook::Compilation c;
  test::compile(c, "@1\nNo Skill: a. [S1]\n@matrix G\nOptions: Pray\nMild: NE\n");
  CHECK(test::codes(c).empty());
}

TEST_CASE("reachability: an unreached chart covers what only it leads to", "[quality][reach]") {
  talebook::Compilation c;
  test::compile(c, start +
                       "@2 chart\n1. Mild Rain (G)\n2. Mild Rain (G)\n3. Mild Rain (G)\n"
                       "4. Mild Rain (G)\n5. Mild Rain (G)\n6. Mild Rain (G)\n"
                       "@matrix G\nOptions: Pray\nMild: 21\n"
                       "@20\nNo Skill: h. [S1]\n@21\nNo Skill: i. [S1]\n@22\nNo Skill: j. [S1]\n");
  CHECK(unreached(c) ==
        std::vector<std::string>{"TB0301 no card or paragraph leads to encounter chart 2"});
}

TEST_CASE("reachability: manifest entry points", "[quality][reach]") {
  talebook::Compilation c;
  c.book.entry_points = {"20", "G"};
  test::compile(c, start +
                       "@20\nNo Skill: a prisoner's tale. [S1]\n"
                       "@matrix G\nOptions: Pray\nMild: 31\nWet: NE\n"
                       "@30\nNo Skill: h. [S1]\n@31\nNo Skill: i. [S1]\n@32\nNo Skill: j. [S1]\n");
  CHECK(test::codes(c).empty());
  talebook::Compilation d;
  d.book.entry_points = {"Mild (G)", "Dry (G)", "21"};
  test::compile(d, start +
                       "@matrix G\nOptions: Pray\nMild: 31\nWet: NE\n"
                       "@30\nNo Skill: h. [S1]\n@31\nNo Skill: i. [S1]\n@32\nNo Skill: j. [S1]\n");
  CHECK(unreached(d) == std::vector<std::string>{"TB0302 no chart, card or paragraph leads to row "
                                                 "'Wet' of reaction matrix 'G'"});
  std::vector<std::string> codes = test::codes(d);
  CHECK(std::count(codes.begin(), codes.end(), "TB0304") == 2); // `Dry (G)` and 21
}

// A long chain of `Go to` and a wide fan of cells: one linear pass, no recursion.
TEST_CASE("reachability: 20,000 paragraphs in a chain", "[quality][reach]") {
  std::string text = start + "@13\nNo Skill: x. [Go to 14]\n";
  for (int n = 14; n < 20000; ++n)
    text += "@" + std::to_string(n) + "\nNo Skill: x. [Go to " + std::to_string(n + 1) + "]\n";
  text += "@20000\nNo Skill: the end. [S1]\n";
  talebook::Compilation c;
  c.book.entry_points = {"13"};
  test::compile(c, text); // no recursion: a 20,000-deep chain cannot overflow the stack
  CHECK(test::codes(c).empty());
}

TEST_CASE("TB0016 on a city card points at the adjective, not at '(H)'", "[quality]") {
  talebook::Compilation c;
  test::compile(c, start + "@card city Basra\n1: [W-1]\n2: [D1]\n3: [S1]\n4: [D2]\n5: [S2]\n"
                           "6: Encounter Thief (1), Fierse Man (H), Encounter Old Man (H)\n");
  REQUIRE(test::codes(c) == std::vector<std::string>{"TB0016"});
  const auto& d = c.diagnostics.all()[0];
  CHECK(c.sources.text(d.range) == "Fierse");
  CHECK(d.message == "'Fierse' is not a row of reaction matrix 'H'");
}

TEST_CASE("award economy: granted, lost and tested", "[quality][economy]") {
  talebook::Compilation c;
  test::compile(c, "@1\nNo Skill: a. [Piety/Blessed/Trea*]\nPiety: b. [Lose Blessed/S1]\n"
                   "Luck: c. [Ionian Gems (40)]\n"
                   "@2\nNo Skill: d. [S1]\nIonian Gems: e. [S1]\nWounded: f. [S1]\n"
                   "@40 treasure Ionian Gems\nGems.\n@41 treasure Ebony Horse\nA horse.\n");
  REQUIRE(c.graph);
  talebook::Economy e = talebook::award_economy(c.book, c.vocabulary, *c.graph);
  auto line = [&](const std::string& kind, const std::string& id) {
    auto it = std::find_if(e.lines.begin(), e.lines.end(), [&](const talebook::EconomyLine& l) {
      return l.kind == kind && l.id == id;
    });
    REQUIRE(it != e.lines.end());
    return *it;
  };
  CHECK(line("skill", "piety").granted == 1);
  CHECK(line("skill", "piety").tested == 1);
  CHECK(std::string(line("skill", "piety").finding()).empty());
  CHECK(std::string(line("skill", "luck").finding()) == "tested_ungranted");
  CHECK(line("status", "blessed").granted == 1);
  CHECK(line("status", "blessed").lost == 1);
  CHECK(std::string(line("status", "blessed").finding()) == "granted_untested");
  CHECK(std::string(line("status", "wounded").finding()) == "tested_ungranted");
  CHECK(line("treasure", "Ionian Gems").granted == 1);
  CHECK(line("treasure", "Ionian Gems").tested == 1);
  CHECK(std::string(line("treasure", "Ebony Horse").finding()) == "unused");
  CHECK(e.random_treasures == 1);
}

// A treasure is a paragraph: its counts are the graph's edges into it. The
// old count looked treasures up by name and never counted `Lose <treasure>`.
TEST_CASE("award economy: a treasure's counts are the graph's edges into it",
          "[quality][economy]") {
  talebook::Compilation c;
  test::compile(c, "@1\nNo Skill: a. [Ionian Gems (40)/S1]\nPiety: b. [Lose Ionian Gems/S1]\n"
                   "Ionian Gems: c. [Lose Ionian Gems/S1]\n"
                   "@40 treasure Ionian Gems\nGems.\n");
  REQUIRE(test::codes(c).empty());
  REQUIRE(c.graph);
  talebook::Economy e = talebook::award_economy(c.book, c.vocabulary, *c.graph);
  const auto gems = std::find_if(e.lines.begin(), e.lines.end(), [](const auto& l) {
    return std::string(l.kind) == "treasure" && l.id == "Ionian Gems";
  });
  REQUIRE(gems != e.lines.end());
  CHECK(gems->granted == 1);
  CHECK(gems->lost == 2); // was 0
  CHECK(gems->tested == 1);
}

// Economy and graph agree on the sample book: each treasure's granted, lost
// and tested are the Treasure, Lose and Test edges into its paragraph, and a
// status with a paragraph is granted as often as a Status edge leads to it.
TEST_CASE("award economy: the sample book's counts are its graph's edges", "[quality][economy]") {
  talebook::Compilation c;
  REQUIRE(talebook::compile_book(test::source_dir() + "/book", c, {}));
  REQUIRE(c.graph);
  const talebook::BookGraph& g = *c.graph;
  std::map<std::string, std::array<std::size_t, 3>> edges; // paragraph name: granted, lost, tested
  std::map<std::string, std::size_t> statuses;             // status id: granted
  for (talebook::NodeId id = 1; id < g.size(); ++id)
    for (const talebook::Edge& e : g.out(id)) {
      if (e.to() == talebook::no_node) continue;
      const talebook::Paragraph& p = c.book.paragraphs[g.node(e.to()).item];
      if (p.kind == talebook::ParagraphKind::Treasure) {
        auto& n = edges[std::string(p.name)];
        n[0] += e.kind == talebook::EdgeKind::Treasure;
        n[1] += e.kind == talebook::EdgeKind::Lose;
        n[2] += e.kind == talebook::EdgeKind::Test;
      }
      if (p.kind == talebook::ParagraphKind::Status && e.kind == talebook::EdgeKind::Status)
        ++statuses[std::string(p.name_id().view())];
    }
  talebook::Economy e = talebook::award_economy(c.book, c.vocabulary, g);
  std::size_t treasures = 0, granted = 0, checked_statuses = 0;
  for (const talebook::EconomyLine& l : e.lines) {
    INFO(l.kind << " " << l.id);
    if (std::string(l.kind) == "treasure") {
      ++treasures;
      granted += l.granted;
      CHECK(edges[l.id] == std::array<std::size_t, 3>{l.granted, l.lost, l.tested});
    }
    if (std::string(l.kind) == "status" && statuses.count(l.id)) {
      ++checked_statuses;
      CHECK(statuses[l.id] == l.granted);
    }
  }
  CHECK(treasures == edges.size());
  CHECK(treasures >= 3);
  CHECK(granted >= 4);
  CHECK(checked_statuses == statuses.size());
  CHECK(checked_statuses >= 3);
}

TEST_CASE("talec stats --economy: a table and JSON of the sample book", "[quality][economy]") {
  test::Run table = test::talec({"stats", "--economy", "book"});
  REQUIRE(table.exit == 0);
  CHECK(table.out.find("kind") == 0);
  CHECK(table.out.find("Ebony Horse") != std::string::npos);
  test::Run json = test::talec({"stats", "--economy", "--json", "book"});
  REQUIRE(json.exit == 0);
  nlohmann::json doc = nlohmann::json::parse(json.out);
  bool horse = false;
  for (const auto& l : doc["economy"])
    if (l["name"] == "Ebony Horse") {
      horse = true;
      CHECK(l["granted"] == 2); // two sections of paragraph 625 sell it
    }
  CHECK(horse);
}

// A cell at the top of the number range (TB0064 says it is too large) still ends
// the reachability pass: n+1 does not wrap around to 0.
TEST_CASE("reachability: a cell at the largest numbers ends", "[quality][reach]") {
  talebook::Compilation c;
  test::compile(c, "@matrix H\nOptions: Grovel | Converse\nOld: 4294967294 | 4294967295\n"
                   "@1 chart\n1. Old Man (H)\n2. Old Man (H)\n3. Old Man (H)\n"
                   "4. Old Man (H)\n5. Old Man (H)\n6. Old Man (H)\n"
                   "@card character Fisherman (H): 1, 1, 1\n");
  std::vector<std::string> codes = test::codes(c);
  CHECK(std::count(codes.begin(), codes.end(), "TB0064") == 2);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
