// The language server's "play from here": a code lens on each paragraph
// header that `talec play --from N` plays, and the command it runs
// (talec.playFrom), whose transcript is the one the real talec prints for the
// same seed, situation and answers; on the editor's unsaved text, in English
// and Chinese (nothing is written to the book's files).
#include <catch2/catch.hpp>

#include <regex>
#include <vector>

#include "tests/lsp_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using test::Json;
using test::LspClient;

namespace {

std::string source_file(const std::string& relative) {
  return test::read_file(test::source_dir() + "/" + relative);
}

// The paragraph numbers of a file's headers (`@601`, `@120 status Lost`), in order.
std::vector<std::uint32_t> headers_of(const std::string& text) {
  std::vector<std::uint32_t> numbers;
  const std::regex header("(^|\n)@([0-9]+)[ \r\n]");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), header);
       it != std::sregex_iterator(); ++it)
    numbers.push_back(static_cast<std::uint32_t>(std::stoul((*it)[2])));
  return numbers;
}

std::vector<std::uint32_t> lens_numbers(const Json& lenses) {
  std::vector<std::uint32_t> numbers;
  for (const Json& lens : lenses)
    numbers.push_back(lens["command"]["arguments"][0]["paragraph"].get<std::uint32_t>());
  return numbers;
}

Json lenses(LspClient& client, const std::string& relative) {
  return client.result("textDocument/codeLens",
                       {{"textDocument", {{"uri", LspClient::uri(relative)}}}});
}

Json play_params(const Json& argument) {
  return {{"command", "talec.playFrom"}, {"arguments", Json::array({argument})}};
}

Json play(LspClient& client, const Json& argument) {
  return client.result("workspace/executeCommand", play_params(argument));
}

// A refused command: its error (code and message).
Json refused(LspClient& client, const Json& params) {
  Json r = client.request("workspace/executeCommand", params);
  INFO(r.dump());
  REQUIRE(r.contains("error"));
  return r["error"];
}

// A book of the source tree built by the real talec.
struct Tbook {
  test::TempDir dir{"play-lens"};
  std::string path = (dir / "book.tbook").string();
  explicit Tbook(const std::string& folder) {
    test::Run build = test::talec({"build", test::source_dir() + "/" + folder, "-o", path});
    INFO(build.err);
    REQUIRE(build.exit == 0);
  }
  // `talec play --seed S --from N [--start LIST]` answered with `answers`, one a line.
  test::Run play(std::uint64_t seed, std::uint32_t from, const std::string& situation,
                 const Json& answers) const {
    std::vector<std::string> args = {
        "play", path, "--seed", std::to_string(seed), "--from", std::to_string(from)};
    if (!situation.empty()) args.insert(args.end(), {"--start", situation});
    std::string input;
    for (const Json& a : answers)
      input += std::to_string(a.get<std::uint32_t>()) + "\n";
    return test::talec(args, test::with_input(input));
  }
};

// The command's transcript is talec play's, for the answers the server gave.
void same_as_talec(LspClient& client, const Tbook& tbook, const Json& argument) {
  INFO(argument.dump());
  const Json result = play(client, argument);
  REQUIRE(result["transcript"].is_string());
  REQUIRE(result["answers"].is_array());
  const test::Run cli = tbook.play(argument.value("seed", std::uint64_t(1)), argument["paragraph"],
                                   argument.value("situation", ""), result["answers"]);
  INFO(cli.err);
  CHECK(cli.exit == 0);
  CHECK(cli.out == result["transcript"].get<std::string>());
  CHECK(result["transcript"].get<std::string>().find("You start at paragraph " +
                                                     argument["paragraph"].dump() + " (--from).") !=
        std::string::npos);
}

} // namespace

TEST_CASE("lsp play lens: a lens on each paragraph header that play --from plays", "[lsp][play]") {
  LspClient client;
  const Json caps = client.initialize()["capabilities"];
  CHECK(caps["codeLensProvider"] == Json{{"resolveProvider", false}});
  CHECK(caps["executeCommandProvider"]["commands"] == Json::array({"talec.playFrom"}));
  client.open("book/elders.tales");

  const std::string elders = source_file("book/elders.tales");
  const Json got = lenses(client, "book/elders.tales");
  CHECK(lens_numbers(got) ==
        std::vector<std::uint32_t>{600, 601, 602, 603, 604, 605, 606, 607, 608});
  for (const Json& lens : got) {
    const std::uint32_t n = lens["command"]["arguments"][0]["paragraph"];
    INFO(n);
    const std::uint32_t line = test::find_in(elders, "@" + std::to_string(n) + "\n").line;
    CHECK(lens["range"]["start"] == Json{{"line", line}, {"character", 0}});
    CHECK(lens["range"]["end"]["line"] == line);
    CHECK(lens["command"]["title"] == "▶ play from here");
    CHECK(lens["command"]["command"] == "talec.playFrom");
    CHECK(lens["command"]["arguments"] ==
          Json::array({Json{{"uri", LspClient::uri("book/elders.tales")},
                            {"paragraph", n},
                            {"seed", 1},
                            {"situation", ""}}}));
  }
  // Every kind of paragraph is played from (a chart is rolled on, a status
  // read aloud), and nothing else: no matrix, card, map or display.
  for (const char* file : {"book/charts.tales", "book/statuses.tales", "book/treasures.tales",
                           "book/places.tales", "book/quests.tales", "book/wonders.tales"}) {
    INFO(file);
    const std::vector<std::uint32_t> numbers = lens_numbers(lenses(client, file));
    CHECK(!numbers.empty());
    CHECK(numbers == headers_of(source_file(file)));
  }
  for (const char* file :
       {"book/matrices.tales", "book/cards.tales", "book/map.tales", "book/display.tales"})
    CHECK(lenses(client, file).empty());

  // A paragraph added in the buffer has its lens before it is saved.
  client.change("book/elders.tales", elders + "\n@609\nA new old one.\nNo Skill: You nod. [S1]\n");
  CHECK(lens_numbers(lenses(client, "book/elders.tales")).back() == 609);
}

TEST_CASE("lsp play lens: the command plays what talec play --from plays", "[lsp][play]") {
  Tbook tbook("book");
  LspClient client;
  client.initialize();
  client.open("book/elders.tales");
  // A lens's own command, as the editor runs it: the default seed and character.
  const Json lens = lenses(client, "book/elders.tales")[1]["command"];
  const Json result = client.result(
      "workspace/executeCommand", {{"command", lens["command"]}, {"arguments", lens["arguments"]}});
  const std::string transcript = result["transcript"];
  CHECK(transcript.find("You start at paragraph 601 (--from).\n\n601\nThe old one laughs at your "
                        "groveling.\n") != std::string::npos);
  CHECK(transcript.find("The encounter from paragraph 601 is over (--from).") != std::string::npos);
  // The default character: a man with the first three skills, each question's first choice.
  CHECK(result["answers"] == Json::array({1, 1, 2, 3}));
  same_as_talec(client, tbook, lens["arguments"][0]);

  const std::string elders = LspClient::uri("book/elders.tales");
  // A chart: rolled on, then the reaction matrix's first choice.
  same_as_talec(client, tbook, {{"uri", elders}, {"paragraph", 1}, {"seed", 1}});
  same_as_talec(client, tbook, {{"uri", elders}, {"paragraph", 2}, {"seed", 42}});
  // The answers given first: a woman with Wisdom (21), then the first choices;
  // paragraph 604 offers No Skill or Wisdom.
  const Json wise = {
      {"uri", elders}, {"paragraph", 604}, {"seed", 7}, {"answers", {2, 21, 1, 2, 2}}};
  same_as_talec(client, tbook, wise);
  const Json answered = play(client, wise);
  CHECK(std::string(answered["transcript"]).find("Wisdom: You see the lesson in his tale") !=
        std::string::npos);
  // A stated situation (talec play --start), in another file of the book.
  same_as_talec(client, tbook,
                {{"uri", LspClient::uri("book/foes.tales")},
                 {"paragraph", 627},
                 {"seed", 3},
                 {"situation", "status=wounded,wealth=Rich"}});
  const Json wounded = play(client, {{"uri", elders},
                                     {"paragraph", 627},
                                     {"situation", "status=wounded"},
                                     {"answers", {2, 1, 2, 3}}});
  CHECK(std::string(wounded["transcript"]).find("Wounded: The fierce one sees your bandages") !=
        std::string::npos);
}

TEST_CASE("lsp play lens: an unsaved edit is what plays", "[lsp][play]") {
  LspClient client;
  client.initialize();
  client.open("book/elders.tales");
  std::string edited = source_file("book/elders.tales");
  const std::string old_words = "The old one laughs at your groveling.";
  edited.replace(edited.find(old_words), old_words.size(), "The old one weeps at your kindness.");
  client.change("book/elders.tales", edited);
  const Json argument = {
      {"uri", LspClient::uri("book/elders.tales")}, {"paragraph", 601}, {"seed", 1}};
  const std::string transcript = play(client, argument)["transcript"];
  CHECK(transcript.find("601\nThe old one weeps at your kindness.\n") != std::string::npos);
  CHECK(transcript.find(old_words) == std::string::npos);
  // Saved or not, the file on disk is untouched.
  CHECK(source_file("book/elders.tales").find(old_words) != std::string::npos);
}

TEST_CASE("lsp play lens: a bad argument gets -32602 and what cannot be played says why",
          "[lsp][play]") {
  LspClient client;
  client.initialize();
  client.open("book/elders.tales");
  const std::string uri = LspClient::uri("book/elders.tales");
  const Json good = {{"uri", uri}, {"paragraph", 601}};
  auto with = [&](const char* key, const Json& value) {
    Json a = good;
    a[key] = value;
    return play_params(a);
  };
  const std::pair<Json, const char*> bad[] = {
      {{{"command", "talec.playFrom"}}, "'arguments' is missing"},
      {{{"command", "talec.playFrom"}, {"arguments", good}}, "'arguments' must hold one object"},
      {{{"command", "talec.playFrom"}, {"arguments", Json::array()}},
       "'arguments' must hold one object"},
      {{{"command", "talec.playFrom"}, {"arguments", Json::array({601})}},
       "'arguments' must hold one object"},
      {{{"command", "talec.other"}, {"arguments", Json::array({good})}},
       "no command 'talec.other' (the server runs talec.playFrom)"},
      {{{"arguments", Json::array({good})}}, "'command' is missing"},
      {play_params({{"paragraph", 601}}), "'uri' is missing"},
      {play_params({{"uri", 601}, {"paragraph", 601}}), "'uri' must be a string"},
      {play_params({{"uri", uri}}), "'paragraph' is missing"},
      {with("paragraph", "601"), "'paragraph' must be an integer"},
      {with("paragraph", -1), "'paragraph' must be an integer"},
      {with("paragraph", 6.5), "'paragraph' must be an integer"},
      {with("seed", -1), "'seed' must be an integer"},
      {with("seed", 1.5), "'seed' must be an integer"},
      {with("situation", 7), "'situation' must be a string"},
      {with("situation", "colour=blue"), "'situation': "},
      {with("answers", 1), "'answers' must be an array of numbers"},
      {with("answers", Json::array({"one"})), "'answers' must be an array of numbers"},
      {with("answers", Json::array({-1})), "'answers' must be an array of numbers"},
      {with("answers", {1, 99}),
       "'answers'[1] is 99, not a choice of \"First skill:\" (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "
       "11, 12, 13, 14, 15, 16, 17, 18, 19, 20 or 21)"},
      {play_params({{"uri", "file:///nowhere/at/all.tales"}, {"paragraph", 601}}),
       "'uri' is no file of a book"},
      {play_params({{"uri", "http://example.com/a.tales"}, {"paragraph", 601}}),
       "'uri' names no file"},
  };
  for (const auto& [params, says] : bad) {
    INFO(params.dump());
    const Json error = refused(client, params);
    CHECK(error["code"] == -32602);
    CHECK(error["message"].get<std::string>().find(says) != std::string::npos);
  }
  // A paragraph the book lacks: refused with talec play --from's words.
  Json missing = refused(client, with("paragraph", 9999));
  CHECK(missing["code"] == -32803);
  CHECK(missing["message"] ==
        "the book has no paragraph 9999 (its paragraphs are numbered 1 to 711)");
  // A book with errors cannot be built, so nothing of it is played.
  std::string broken = source_file("book/elders.tales");
  broken.replace(broken.find("Courtly Graces:"), 15, "Courtly Grace:");
  client.change("book/elders.tales", broken);
  Json errors = refused(client, play_params(good));
  CHECK(errors["code"] == -32803);
  CHECK(errors["message"] == "paragraph 601 cannot be played: the book has 1 error (its "
                             "diagnostics say which), so it cannot be built");
  // Its lenses stay where they were, and play again once it is mended.
  CHECK(lens_numbers(lenses(client, "book/elders.tales")).size() == 9);
  client.change("book/elders.tales", source_file("book/elders.tales"));
  CHECK(play(client, good)["transcript"].get<std::string>().find("601\nThe old one laughs") !=
        std::string::npos);
}

TEST_CASE("lsp play lens zh: the Chinese book's lenses and its transcript", "[lsp][zh][play]") {
  Tbook tbook("locales/zh");
  const std::string elders = source_file("locales/zh/elders.tales");
  for (const char* locale : {"zh", "en"}) {
    INFO(locale);
    LspClient client;
    client.initialize(false, locale);
    client.open("locales/zh/elders.tales");
    const Json got = lenses(client, "locales/zh/elders.tales");
    CHECK(lens_numbers(got) == headers_of(elders));
    REQUIRE(got.size() == 9);
    // The title in the editor's language.
    CHECK(got[1]["command"]["title"] ==
          (std::string(locale) == "zh" ? "▶ 从这里开始玩" : "▶ play from here"));
    CHECK(got[1]["range"]["start"]["line"] == test::find_in(elders, "@601\n").line);
    const Json argument = got[1]["command"]["arguments"][0];
    same_as_talec(client, tbook, argument);
    const std::string transcript = play(client, argument)["transcript"];
    CHECK(transcript.find("601\n老人对你的卑躬屈膝哈哈大笑。\n") != std::string::npos);
    // An unsaved Chinese edit plays too.
    std::string edited = elders;
    const std::string laughs = "老人对你的卑躬屈膝哈哈大笑。";
    edited.replace(edited.find(laughs), laughs.size(), "老人看着你，默默地流下了眼泪。");
    client.change("locales/zh/elders.tales", edited);
    const std::string after = play(client, argument)["transcript"];
    CHECK(after.find("601\n老人看着你，默默地流下了眼泪。\n") != std::string::npos);
    CHECK(after.find(laughs) == std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
