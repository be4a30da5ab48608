// The language server on the English sample book: each request with framed
// messages, as an editor sends them (nothing is written to disk).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "tests/lsp_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using test::Json;
using test::LspClient;

namespace {

std::string book_file(const std::string& name) {
  return test::read_file(test::source_dir() + "/book/" + name);
}

// The location's file name and 0-based line.
std::pair<std::string, int> where(const Json& location) {
  std::string uri = location.at("uri");
  return {uri.substr(uri.rfind('/') + 1), location["range"]["start"]["line"].get<int>()};
}

int line_of(const std::string& file, const std::string& needle) {
  return static_cast<int>(test::find_in(book_file(file), needle).line);
}

Json at_text(const std::string& file, const std::string& needle, std::uint32_t into = 0) {
  test::Found f = test::find_in(book_file(file), needle);
  return LspClient::at("book/" + file, f.line, f.utf16 + into);
}

} // namespace

TEST_CASE("lsp: initialize negotiates the position encoding", "[lsp]") {
  LspClient utf16;
  Json r = utf16.initialize();
  CHECK(r["capabilities"]["positionEncoding"] == "utf-16");
  CHECK(r["capabilities"]["definitionProvider"] == true);
  CHECK(r["capabilities"]["textDocumentSync"]["change"] == 1);
  LspClient utf8;
  CHECK(utf8.initialize(true)["capabilities"]["positionEncoding"] == "utf-8");
}

TEST_CASE("lsp: diagnostics on open and on every change, from the buffers", "[lsp]") {
  LspClient client;
  client.initialize();
  auto published = client.open("book/elders.tales");
  // The whole book is published, clean.
  REQUIRE(published.count(LspClient::uri("book/matrices.tales")) == 1);
  for (const auto& [uri, list] : published)
    CHECK(list.empty());

  std::string elders = book_file("elders.tales");
  std::string edited = elders;
  edited.replace(edited.find("Courtly Graces:"), 15, "Courtly Grace:");
  edited += "\n@600\nA second one.\nNo Skill: x [S1]\n";
  published = client.change("book/elders.tales", edited);
  const Json& list = published.at(LspClient::uri("book/elders.tales"));
  Json unknown, duplicate;
  for (const Json& d : list) {
    if (d["code"] == "TB0021") unknown = d;
    if (d["code"] == "TB0010") duplicate = d;
  }
  REQUIRE(unknown.is_object());
  CHECK(unknown["severity"] == 1);
  CHECK(unknown["source"] == "talec");
  CHECK(unknown["message"] == "unknown skill 'Courtly Grace'; did you mean 'Courtly Graces'?");
  test::Found f = test::find_in(edited, "Courtly Grace:");
  CHECK(unknown["range"]["start"] == Json{{"line", f.line}, {"character", f.utf16}});
  CHECK(unknown["range"]["end"] == Json{{"line", f.line}, {"character", f.utf16 + 13}});
  // A note becomes related information pointing at the first @600.
  REQUIRE(duplicate.is_object());
  REQUIRE(duplicate["relatedInformation"].size() == 1);
  CHECK(where(duplicate["relatedInformation"][0]["location"]) ==
        std::pair<std::string, int>("elders.tales", line_of("elders.tales", "@600")));

  // The did-you-mean is a quick fix.
  Json actions = client.result("textDocument/codeAction",
                               {{"textDocument", {{"uri", LspClient::uri("book/elders.tales")}}},
                                {"range", unknown["range"]},
                                {"context", {{"diagnostics", Json::array({unknown})}}}});
  REQUIRE(actions.size() == 1);
  CHECK(actions[0]["kind"] == "quickfix");
  const Json& edit = actions[0]["edit"]["changes"][LspClient::uri("book/elders.tales")][0];
  CHECK(edit["newText"] == "Courtly Graces");
  CHECK(edit["range"] == unknown["range"]);

  // An unsaved edit of one file reaches the others: without @601, the cell of
  // matrix H that leads to it is an error in matrices.tales.
  std::string without = elders;
  without.replace(without.find("@601"), 4, "@699");
  published = client.change("book/elders.tales", without);
  bool cell = false;
  for (const Json& d : published.at(LspClient::uri("book/matrices.tales")))
    cell = cell || d["code"] == "TB0019";
  CHECK(cell);
  // Closing the buffer goes back to the file on disk: clean again.
  published = LspClient::diagnostics(client.notify(
      "textDocument/didClose", {{"textDocument", {{"uri", LspClient::uri("book/elders.tales")}}}}));
  CHECK(published.at(LspClient::uri("book/matrices.tales")).empty());
}

TEST_CASE("lsp: go to definition", "[lsp]") {
  LspClient client;
  client.initialize();
  client.open("book/matrices.tales");
  using Place = std::pair<std::string, int>;
  auto definition = [&](const Json& params) {
    Json r = client.result("textDocument/definition", params);
    return r.is_null() ? Place{"", -1} : where(r);
  };
  // A matrix cell -> its paragraph.
  CHECK(definition(at_text("matrices.tales", "601 |")) ==
        Place{"elders.tales", line_of("elders.tales", "@601")});
  // A paragraph number in prose.
  CHECK(definition(at_text("statuses.tales", "(635)", 1)) ==
        Place{"foes.tales", line_of("foes.tales", "@635")});
  // A chart entry: its letter -> the matrix, its being -> the row.
  CHECK(definition(at_text("charts.tales", "Old Fisherman (H, Male)", 15)) ==
        Place{"matrices.tales", line_of("matrices.tales", "@matrix H")});
  CHECK(definition(at_text("charts.tales", "Old Fisherman (H, Male)", 2)) ==
        Place{"matrices.tales", line_of("matrices.tales", "Old: 601")});
  // `Name (L)` in a city card.
  CHECK(definition(at_text("cards.tales", "Old Sailor (H)", 1)) ==
        Place{"matrices.tales", line_of("matrices.tales", "Old: 601")});
  // A card's deck -> the chart.
  CHECK(definition(at_text("cards.tales", "Dervish (H): 2", 13)) ==
        Place{"charts.tales", line_of("charts.tales", "@2 chart")});
  // A fate card's quest half -> the quest paragraph (rule 22.1).
  CHECK(definition(at_text("cards.tales", "Quest: Old Sailor (710)", 20)) ==
        Place{"quests.tales", line_of("quests.tales", "@710")});
  // Status, treasure and place names -> their paragraph.
  CHECK(definition(at_text("foes.tales", "[Lost]", 2)) ==
        Place{"statuses.tales", line_of("statuses.tales", "@120")});
  CHECK(definition(at_text("foes.tales", "Seal of Sulayman:", 3)) ==
        Place{"treasures.tales", line_of("treasures.tales", "@151")});
  CHECK(definition(at_text("elders.tales", "Enter City of Brass", 8)) ==
        Place{"places.tales", line_of("places.tales", "@700")});
  // A route -> the space it leads to; a space's place of power -> its paragraph.
  CHECK(definition(at_text("map.tales", "Land: Mosul, Basra", 14)) ==
        Place{"map.tales", line_of("map.tales", "@space Basra (City, 1)")});
  CHECK(definition(at_text("map.tales", "place 700", 7)) ==
        Place{"places.tales", line_of("places.tales", "@700")});
  Json space =
      client.result("textDocument/hover", at_text("map.tales", "Zanzibar, Sea of Darkness", 12));
  CHECK(space["contents"]["value"] ==
        "**Sea of Darkness** (space of the map: Sea, black 3, Wild Area)");
  // Plain prose goes nowhere.
  CHECK(definition(at_text("elders.tales", "You throw yourself")) == Place{"", -1});
}

TEST_CASE("lsp: a city's product goes to its box of the Merchant Display", "[lsp][display]") {
  LspClient client;
  client.initialize();
  client.open("book/map.tales");
  Json r = client.result("textDocument/definition",
                         at_text("map.tales", "Products: Silk, Paper, Horses", 16));
  REQUIRE_FALSE(r.is_null());
  CHECK(where(r) == std::pair<std::string, int>{"display.tales",
                                                line_of("display.tales", "Dates  | . | Silk")});
  Json hover = client.result("textDocument/hover",
                             at_text("map.tales", "Products: Silk, Paper, Horses", 10));
  CHECK(hover["contents"]["value"] == "**Silk** (product of the Merchant Display: row 3, column "
                                      "3); sold in Isfahan, Samarkand");
  // Its references: the box and every city that lists it.
  Json params = at_text("display.tales", "Silk    | .", 1);
  params["context"] = {{"includeDeclaration", true}};
  Json refs = client.result("textDocument/references", params);
  CHECK(refs.size() == 3);
}

TEST_CASE("lsp: references, with every cell that reaches the paragraph and every card", "[lsp]") {
  LspClient client;
  client.initialize();
  client.open("book/elders.tales");
  Json params = at_text("elders.tales", "@601", 1);
  params["context"] = {{"includeDeclaration", false}};
  Json refs = client.result("textDocument/references", params);
  // Cell 601 leads to 600, 601 and 602: it reaches @601, and so does no other cell.
  std::vector<std::pair<std::string, int>> found;
  for (const Json& r : refs)
    found.push_back(where(r));
  CHECK(std::count(found.begin(), found.end(),
                   std::pair<std::string, int>("matrices.tales",
                                               line_of("matrices.tales", "Old: 601"))) == 1);
  // @600 is reached by the same cell.
  Json before = client.result("textDocument/references", at_text("elders.tales", "@600", 1));
  CHECK(before.size() >= 1);
  // Chart 2 is on the Dervish's card, two terrain cards and the city card of Samarkand.
  Json chart = client.result("textDocument/references", at_text("charts.tales", "@2 chart", 1));
  int cards = 0;
  for (const Json& r : chart)
    cards += where(r).first == "cards.tales";
  CHECK(cards == 4);
  // A matrix letter: the charts, cards and city cards that name matrix H.
  Json matrix = client.result("textDocument/references", at_text("matrices.tales", "@matrix H", 8));
  CHECK(matrix.size() >= 20);
}

TEST_CASE("lsp: hover shows a paragraph's kind, first line and what leads to it", "[lsp]") {
  LspClient client;
  client.initialize();
  client.open("book/elders.tales");
  Json header = client.result("textDocument/hover", at_text("elders.tales", "@601", 2));
  std::string text = header["contents"]["value"];
  CHECK(text.find("(award paragraph)") != std::string::npos);
  CHECK(text.find("The old one laughs at your groveling.") != std::string::npos);
  CHECK(text.find("matrix H: Old / Grovel (cell 601)") != std::string::npos);
  Json cell = client.result("textDocument/hover", at_text("matrices.tales", "601 |"));
  text = cell["contents"]["value"];
  CHECK(text.find("cell 601 leads to") != std::string::npos);
  CHECK(text.find("@600 (award paragraph): You throw yourself") != std::string::npos);
  CHECK(text.find("@601 (award paragraph): The old one laughs") != std::string::npos);
  CHECK(text.find("@602 (award paragraph): The old woman is a witch") != std::string::npos);
  Json status = client.result("textDocument/hover", at_text("statuses.tales", "@120", 1));
  CHECK(status["contents"]["value"].get<std::string>().find("@120 status Lost") !=
        std::string::npos);
}

// The labels of a completion list, and whether it was cut.
std::set<std::string> labels_of(const Json& list) {
  std::set<std::string> labels;
  for (const Json& i : list["items"])
    labels.insert(i["label"].get<std::string>());
  return labels;
}

TEST_CASE("lsp: completion knows where it is", "[lsp]") {
  LspClient client;
  client.initialize();
  client.open("book/elders.tales");
  client.open("book/rogues.tales");
  client.open("book/matrices.tales");
  SECTION("at the start of a section's line: the headings, not paragraph numbers") {
    Json list = client.result("textDocument/completion", at_text("elders.tales", "No Skill"));
    CHECK(list["isIncomplete"] == false);
    const std::set<std::string> labels = labels_of(list);
    for (const char* expected : {"No Skill", "Courtly Graces", "Imprisoned", "Rich"})
      CHECK(labels.count(expected) == 1);
    CHECK(labels.count("601") == 0);
    CHECK(labels.count("Grovel") == 0);
  }
  SECTION("a heading filtered by what is typed, replacing it whole") {
    Json list = client.result("textDocument/completion", at_text("elders.tales", "No Skill", 4));
    CHECK(labels_of(list) == std::set<std::string>{"No Skill"});
    const Json& edit = list["items"][0]["textEdit"];
    CHECK(edit["newText"] == "No Skill");
    CHECK(edit["range"]["end"]["character"].get<int>() -
              edit["range"]["start"]["character"].get<int>() ==
          4);
  }
  SECTION("after Go to: paragraph numbers with their first words") {
    Json list = client.result("textDocument/completion", at_text("rogues.tales", "Go to 526", 8));
    const std::set<std::string> labels = labels_of(list);
    CHECK(labels.count("526") == 1);
    CHECK(labels.count("52") == 0);
    for (const std::string& l : labels)
      CHECK(l.rfind("52", 0) == 0);
    bool words = false;
    for (const Json& i : list["items"])
      words =
          words || (i["label"] == "526" && i["detail"].get<std::string>().rfind("@526: ", 0) == 0);
    CHECK(words);
  }
  SECTION("in a matrix cell: paragraph numbers") {
    Json list = client.result("textDocument/completion", at_text("matrices.tales", "Old: 601", 5));
    const std::set<std::string> labels = labels_of(list);
    CHECK(labels.count("601") == 1);
    CHECK(labels.count("No Skill") == 0);
  }
  SECTION("inside an award group: what an award may give") {
    Json list = client.result("textDocument/completion", at_text("rogues.tales", "[Go to 526]", 1));
    const std::set<std::string> labels = labels_of(list);
    for (const char* expected : {"Go to", "Imprisoned", "Courtly Graces"})
      CHECK(labels.count(expected) == 1);
    CHECK(labels.count("No Skill") == 0);
  }
  SECTION("in prose: nothing") {
    Json list = client.result("textDocument/completion", at_text("rogues.tales", "You follow", 4));
    CHECK(list["items"].empty());
  }
}

TEST_CASE("lsp: inlay hints and links where a number leads to a paragraph", "[lsp]") {
  LspClient client;
  client.initialize();
  client.open("book/matrices.tales");
  client.open("book/rogues.tales");
  const Json whole = {{"start", {{"line", 0}, {"character", 0}}},
                      {"end", {{"line", 9999}, {"character", 0}}}};
  auto hints = [&](const std::string& file) {
    return client.result(
        "textDocument/inlayHint",
        {{"textDocument", {{"uri", LspClient::uri("book/" + file)}}}, {"range", whole}});
  };
  // After the cell 601 of row Old: the first words of paragraph 601.
  const test::Found cell = test::find_in(book_file("matrices.tales"), "Old: 601");
  bool after_cell = false;
  for (const Json& h : hints("matrices.tales"))
    after_cell =
        after_cell || (h["position"] == Json{{"line", cell.line}, {"character", cell.utf16 + 8}} &&
                       h["label"] == "The old one laughs at your groveling.");
  CHECK(after_cell);
  // After `Go to 526`, and never after a paragraph's own header.
  const std::string rogues = book_file("rogues.tales");
  const test::Found go = test::find_in(rogues, "Go to 526");
  const test::Found header = test::find_in(rogues, "@611");
  bool after_go = false, on_header = false;
  for (const Json& h : hints("rogues.tales")) {
    after_go = after_go || h["position"] == Json{{"line", go.line}, {"character", go.utf16 + 9}};
    on_header = on_header || h["position"]["line"] == header.line;
    CHECK(h["label"].get<std::string>().size() <= 43); // 40 bytes and an ellipsis
  }
  CHECK(after_go);
  CHECK_FALSE(on_header);
  // The number `526` links to its header.
  const Json links =
      client.result("textDocument/documentLink",
                    {{"textDocument", {{"uri", LspClient::uri("book/rogues.tales")}}}});
  bool linked = false;
  for (const Json& l : links)
    linked =
        linked ||
        (l["range"]["start"] == Json{{"line", go.line}, {"character", go.utf16 + 6}} &&
         l["target"].get<std::string>().find("#L") != std::string::npos && l["tooltip"] == "@526");
  CHECK(linked);
}

TEST_CASE("lsp: document and workspace symbols", "[lsp]") {
  LspClient client;
  client.initialize();
  client.open("book/matrices.tales");
  Json symbols =
      client.result("textDocument/documentSymbol",
                    {{"textDocument", {{"uri", LspClient::uri("book/matrices.tales")}}}});
  REQUIRE(symbols.size() == 2);
  CHECK(symbols[1]["name"] == "@matrix H");
  CHECK(symbols[1]["children"].size() == 4);
  CHECK(symbols[1]["children"][0]["name"] == "Old");
  Json cards = client.result("textDocument/documentSymbol",
                             {{"textDocument", {{"uri", LspClient::uri("book/cards.tales")}}}});
  REQUIRE(cards.size() == 8);
  CHECK(cards[4]["name"] == "@card Basra");
  CHECK(cards[6]["detail"] == "Special card");
  Json map = client.result("textDocument/documentSymbol",
                           {{"textDocument", {{"uri", LspClient::uri("book/map.tales")}}}});
  REQUIRE(map.size() == 25); // @map and 24 spaces
  CHECK(map[0]["name"] == "@map");
  CHECK(map[1]["name"] == "@space Baghdad");
  Json charts = client.result("textDocument/documentSymbol",
                              {{"textDocument", {{"uri", LspClient::uri("book/charts.tales")}}}});
  CHECK(charts[0]["name"] == "@1 chart");
  Json found = client.result("workspace/symbol", {{"query", "brass"}});
  REQUIRE(found.size() == 2); // the place, and its space on the map
  CHECK(found[0]["name"] == "@700 place City of Brass");
  CHECK(found[1]["name"] == "@space City of Brass");
  CHECK(where(found[0]["location"]) == std::pair<std::string, int>("places.tales", 2));
}

TEST_CASE("lsp: a city result in the rulebook's words gets its award group as a quick fix",
          "[lsp]") {
  LspClient client;
  client.initialize();
  client.open("book/cards.tales");
  std::string cards = book_file("cards.tales");
  const std::string written = "1: [W-1]\n2: [D2] if any status";
  REQUIRE(cards.find(written) != std::string::npos);
  std::string edited = cards;
  edited.replace(edited.find(written), written.size(), "1: Lose 3 Wealth\n2: [D2] if any status");
  auto published = client.change("book/cards.tales", edited);
  Json words;
  for (const Json& d : published.at(LspClient::uri("book/cards.tales")))
    if (d["code"] == "TB0048") words = d;
  REQUIRE(words.is_object());
  CHECK(words["severity"] == 2);
  Json actions = client.result("textDocument/codeAction",
                               {{"textDocument", {{"uri", LspClient::uri("book/cards.tales")}}},
                                {"range", words["range"]},
                                {"context", {{"diagnostics", Json::array({words})}}}});
  REQUIRE(actions.size() == 1);
  const Json& edit = actions[0]["edit"]["changes"][LspClient::uri("book/cards.tales")][0];
  CHECK(edit["newText"] == "[W-3]");
  // The fix replaces the words and keeps the result's number: `1: [W-3]`.
  test::Found f = test::find_in(edited, "Lose 3 Wealth");
  CHECK(edit["range"]["start"] == Json{{"line", f.line}, {"character", f.utf16}});
  CHECK(edit["range"]["end"] == Json{{"line", f.line}, {"character", f.utf16 + 13}});
  std::string fixed = edited;
  fixed.replace(fixed.find("Lose 3 Wealth"), 13, "[W-3]");
  published = client.change("book/cards.tales", fixed);
  CHECK(published.at(LspClient::uri("book/cards.tales")).empty());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
