// `talec simulate`: random play-throughs of the reference engine, their
// report (text, JSON), LCOV rendered by genhtml, and determinism per seed.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

json simulate(const std::vector<std::string>& options) {
  std::vector<std::string> args = {"simulate", "--format", "json"};
  args.insert(args.end(), options.begin(), options.end());
  test::Run r = test::talec(args);
  INFO(r.err);
  REQUIRE(r.exit == 0);
  return json::parse(r.out);
}

// A folder of its own under the system's temporary folder, removed at the end.
struct Scratch {
  test::TempDir temp;
  fs::path dir;
  explicit Scratch(const std::string& name) : temp(name), dir(temp.path) {}
};

} // namespace

TEST_CASE("talec simulate: the same seed gives the same report", "[simulate]") {
  const std::string a =
      test::talec({"simulate", "--runs", "300", "--seed", "7", "--format", "json", "book"}).out;
  const std::string b =
      test::talec({"simulate", "--runs", "300", "--seed", "7", "--format", "json", "book"}).out;
  const std::string c =
      test::talec({"simulate", "--runs", "300", "--seed", "8", "--format", "json", "book"}).out;
  REQUIRE(!a.empty());
  CHECK(a == b);
  CHECK(a != c);
  const json j = json::parse(a);
  CHECK(j["runs"] == 300);
  CHECK(j["seed"] == 7);
  CHECK(j["turns"].get<int>() > 300);
  // --turns bounds each game.
  const json short_games = simulate({"--runs", "300", "--seed", "7", "--turns", "1", "book"});
  CHECK(short_games["turns"].get<int>() <= 300);
  CHECK(short_games["coverage"]["paragraphs"]["hit"] < j["coverage"]["paragraphs"]["hit"]);
}

TEST_CASE("talec simulate --players: the Standard game's turns, every player's", "[simulate]") {
  const json solo = simulate({"--runs", "100", "--seed", "3", "book"});
  const json three = simulate({"--runs", "100", "--seed", "3", "--players", "3", "book"});
  CHECK(solo["players"] == 0);
  CHECK(three["players"] == 3);
  // Three characters take turns: more turns than one character's games.
  CHECK(three["turns"].get<int>() > solo["turns"].get<int>());
  CHECK(three["coverage"]["paragraphs"]["hit"].get<int>() > 50);
  test::Run text = test::talec({"simulate", "--runs", "20", "--players", "3", "book"});
  CHECK(text.out.find("20 runs of at most 20 turns of 3 players (seed 1)") != std::string::npos);
  for (const char* bad : {"0", "7"})
    CHECK(test::talec({"simulate", "--players", bad, "book"}).exit == 2);
  CHECK(test::talec({"simulate", "--players", "2", "--from", "601", "book"}).exit == 2);
}

TEST_CASE("talec simulate: the spaces of the map the turns ended on (rule 9)", "[simulate][map]") {
  // One turn a run: the characters get no farther than the start's wealth
  // takes them, and the far spaces are named, with their lines.
  const json one = simulate({"--runs", "50", "--seed", "2", "--turns", "1", "book"});
  CHECK(one["coverage"]["spaces"]["total"] == 24);
  const int near = one["coverage"]["spaces"]["hit"].get<int>();
  CHECK(near >= 2);
  CHECK(near < 24);
  bool dark = false;
  for (const json& s : one["never_hit"]["spaces"])
    dark = dark || (s["space"] == "Island of the Apes" &&
                    s["file"].get<std::string>().find("map.tales") != std::string::npos);
  CHECK(dark); // four sea moves from Baghdad
  for (const json& s : one["hit"]["spaces"])
    CHECK(s["hits"].get<int>() > 0);
  // Longer games reach every space; the text says so.
  const json many = simulate({"--runs", "500", "--seed", "2", "book"});
  CHECK(many["coverage"]["spaces"]["hit"].get<int>() > near);
  test::Run text = test::talec({"simulate", "--runs", "50", "--seed", "2", "--turns", "1", "book"});
  CHECK(text.out.find("spaces stood on   " + std::to_string(near) + " of 24") != std::string::npos);
  CHECK(text.out.find("spaces never stood on:\n") != std::string::npos);
  CHECK(text.out.find("  Island of the Apes (map.tales:") != std::string::npos);
}

TEST_CASE("talec simulate: every award paragraph of the sample book is reached or named",
          "[simulate]") {
  const json j = simulate({"--runs", "1000", "--seed", "1", "book"});
  // The award paragraphs, as talec graph lists them.
  test::Run graph = test::talec({"graph", "--format", "json", "book"});
  REQUIRE(graph.exit == 0);
  std::set<std::uint32_t> awards;
  const json nodes = json::parse(graph.out)["nodes"];
  for (const auto& n : nodes)
    if (n["kind"] == "award") awards.insert(std::stoul(n["id"].get<std::string>().substr(1)));
  REQUIRE(awards.size() > 50);
  std::set<std::uint32_t> hit, never;
  for (const auto& p : j["hit"]["paragraphs"]) {
    CHECK(p["hits"].get<int>() > 0);
    if (p["kind"] == "award") hit.insert(p["paragraph"].get<std::uint32_t>());
  }
  for (const auto& p : j["never_hit"]["paragraphs"]) {
    CHECK(p["hits"] == 0);
    if (p["kind"] == "award") never.insert(p["paragraph"].get<std::uint32_t>());
  }
  std::set<std::uint32_t> named = hit;
  named.insert(never.begin(), never.end());
  CHECK(named == awards);
  CHECK(hit.size() + never.size() == awards.size());
  CHECK(j["coverage"]["award_paragraphs"]["total"] == awards.size());
  CHECK(j["coverage"]["award_paragraphs"]["hit"] == hit.size());
  // Random play reaches almost all of it; the text report names what it did not.
  CHECK(hit.size() * 10 >= awards.size() * 9);
  test::Run text = test::talec({"simulate", "--runs", "1000", "--seed", "1", "book"});
  REQUIRE(text.exit == 0);
  for (std::uint32_t n : never)
    CHECK(text.out.find("\n  " + std::to_string(n) + " award (") != std::string::npos);
  CHECK(text.out.find("award paragraphs " + std::to_string(hit.size()) + " of " +
                      std::to_string(awards.size())) != std::string::npos);
}

// Play and the book's reference graph agree: every paragraph a simulation
// reads is one the graph's walk (from the rules and the charts) reaches, and
// what the graph reaches is what reachability (TB0300) does not report.
TEST_CASE("talec simulate: what play reads, the graph reaches", "[simulate][graph]") {
  const json j = simulate({"--runs", "1000", "--seed", "1", "book"});
  std::size_t hit = 0, reachable = 0, total = 0;
  for (const auto& p : j["hit"]["paragraphs"]) {
    INFO(p["paragraph"]);
    CHECK(p["reachable"] == true);
    ++hit, ++reachable, ++total;
  }
  for (const auto& p : j["never_hit"]["paragraphs"]) {
    reachable += p["reachable"] == true;
    ++total;
  }
  REQUIRE(hit > 50);
  CHECK(j["coverage"]["reachable_paragraphs"]["hit"] == hit);
  CHECK(j["coverage"]["reachable_paragraphs"]["total"] == reachable);
  CHECK(reachable == total); // nothing in the sample book is unreached (check is silent)
  // A book with a card: 50 is what check calls unreached (TB0300), and what
  // simulate calls unreachable; 10-12 are reachable and read.
  Scratch scratch("talebook_unreached");
  std::ofstream(scratch.dir / "book.json")
      << R"({"title": "Unreached", "language": "en", "vocabulary": ")" << test::source_dir()
      << R"(/locales/en/vocabulary.json", "sources": ["*.tales"]})";
  std::ofstream(scratch.dir / "road.tales")
      << "@matrix H\nOptions: Grovel | Converse\nOld: 11 | NE\n@1 chart\n1. Old Man (H)\n"
         "2. Old Man (H)\n3. Old Man (H)\n4. Old Man (H)\n5. Old Man (H)\n6. Old Man (H)\n"
         "@card character Fisherman (H): 1, 1, 1\n@10\nNo Skill: a. [S1]\n"
         "@11\nNo Skill: b. [S1]\n@12\nNo Skill: c. [S1]\n@50\nNo Skill: d. [Go to 12]\n";
  const std::string book = scratch.dir.string();
  test::Run check = test::talec({"check", book});
  REQUIRE(check.exit == 0);
  CHECK(check.err.find("warning[TB0300]: nothing leads to paragraph 50") != std::string::npos);
  const json u = simulate({"--runs", "100", "--seed", "5", book});
  REQUIRE(u["never_hit"]["paragraphs"].size() == 1);
  CHECK(u["never_hit"]["paragraphs"][0]["paragraph"] == 50);
  CHECK(u["never_hit"]["paragraphs"][0]["reachable"] == false);
  CHECK(u["coverage"]["reachable_paragraphs"] == json({{"total", 4}, {"hit", 4}}));
}

TEST_CASE("talec simulate --coverage: LCOV on the .tales lines, rendered by genhtml",
          "[simulate]") {
  // lcov is installed by tools/setup.sh: its absence fails the test.
  TEST_REQUIRE_TOOL("genhtml", "lcov");
  Scratch scratch("talebook_lcov");
  const fs::path info = scratch.dir / "book.info";
  test::Run r = test::talec({"simulate", "--runs", "500", "--seed", "3", "--format", "json",
                             "--coverage", info.string(), "book"});
  REQUIRE(r.exit == 0);
  const json j = json::parse(r.out);
  const std::string lcov = test::read_file(info.string());
  const std::string elders =
      fs::weakly_canonical(fs::path(test::source_dir()) / "book" / "elders.tales").string();
  REQUIRE(lcov.find("SF:" + elders + "\n") != std::string::npos);
  // Paragraph 601's header line counts its reads.
  std::istringstream lines(test::read_file(elders));
  int number = 0, header = 0;
  for (std::string line; std::getline(lines, line) && !header;)
    if (++number && line == "@601") header = number;
  REQUIRE(header > 0);
  json p601;
  for (const char* group : {"hit", "never_hit"})
    for (const auto& p : j[group]["paragraphs"])
      if (p["paragraph"] == 601) p601 = p;
  REQUIRE(p601["line"] == header);
  CHECK(lcov.find("DA:" + std::to_string(header) + "," + std::to_string(p601["hits"].get<int>()) +
                  "\n") != std::string::npos);
  CHECK(lcov.find("FNDA:" + std::to_string(p601["hits"].get<int>()) + ",paragraph_601\n") !=
        std::string::npos);
  CHECK(lcov.find("BRDA:") != std::string::npos); // matrix cells are branches of their rows
  const fs::path html = scratch.dir / "html";
  test::Run genhtml =
      test::run("genhtml", {"--quiet", "--branch-coverage", "-o", html.string(), info.string()});
  test::write_file(scratch.dir / "genhtml.log", genhtml.out + genhtml.err);
  REQUIRE(genhtml.exit == 0);
  CHECK(fs::exists(html / "index.html"));
  bool page = false;
  for (const auto& entry : fs::recursive_directory_iterator(html))
    page = page || entry.path().filename() == "elders.tales.gcov.html";
  CHECK(page);
}

TEST_CASE("talec simulate: dead ends and what is never reached, named with their lines",
          "[simulate]") {
  Scratch scratch("talebook_dead_end");
  std::ofstream(scratch.dir / "book.json")
      << R"({"title": "Dead End", "language": "en", "vocabulary": ")" << test::source_dir()
      << R"(/locales/en/vocabulary.json", "sources": ["*.tales"]})";
  std::ofstream(scratch.dir / "road.tales") << "@1 chart\nA test road.\n"
                                               "1. Old Man (H)\n2. Old Man (H)\n3. Old Man (H)\n"
                                               "4. Old Man (H)\n5. Old Man (H)\n6. Old Man (H)\n"
                                               "\n@matrix H\nOptions: Grovel | Converse\n"
                                               "Old: 11 | NE\n"
                                               "\n@10\nYou wait.\nNo Skill: Nothing. [S1]\n"
                                               "\n@11\nPiety: You pray. [D1]\n"
                                               "\n@12\nYou leave. [S1]\n"
                                               "\n@20\nNothing leads here. [S1]\n";
  const std::string book = scratch.dir.string();
  REQUIRE(test::talec({"check", book}).exit == 0);
  const json j = simulate({"--runs", "100", "--seed", "5", book});
  bool dead_end = false;
  for (const auto& d : j["dead_ends"])
    dead_end = dead_end || (d["kind"] == "no_section" && d["paragraph"] == 11 && d["times"] > 0);
  CHECK(dead_end);
  REQUIRE(j["never_hit"]["paragraphs"].size() == 1);
  CHECK(j["never_hit"]["paragraphs"][0]["paragraph"] == 20);
  CHECK(j["never_hit"]["paragraphs"][0]["line"] == 24);
  // The graph says what play could reach: the chart's paragraphs (10-12 by
  // the cell's n-1, n, n+1), not 20; play read all of those, none other.
  CHECK(j["never_hit"]["paragraphs"][0]["reachable"] == false);
  for (const auto& p : j["hit"]["paragraphs"])
    CHECK(p["reachable"] == true);
  CHECK(j["coverage"]["reachable_paragraphs"] == json({{"total", 4}, {"hit", 4}}));
  test::Run text = test::talec({"simulate", "--runs", "100", "--seed", "5", book});
  CHECK(text.out.find("  no_section at 11 (road.tales:18): ") != std::string::npos);
  CHECK(text.out.find("  20 award (road.tales:24)\n") != std::string::npos);
  CHECK(text.out.find("\nreachable read    4 of 4 (100.0%)") != std::string::npos);
  // A book with errors is not played.
  std::ofstream(scratch.dir / "road.tales", std::ios::app) << "\n@30\n[Go to 999]\n";
  CHECK(test::talec({"simulate", "--runs", "10", book}).exit == 1);
  CHECK(test::talec({"simulate", "--runs", "x", "book"}).exit == 2);
  CHECK(test::talec({"simulate", "--format", "xml", "book"}).exit == 2);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
