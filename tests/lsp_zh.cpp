// The language server on the Chinese translation (locales/zh): a translation's
// files are served with their source book, and positions count UTF-16 units
// (or UTF-8 bytes when the client offers them) on Chinese and emoji lines.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "tests/lsp_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using test::Json;
using test::LspClient;

namespace {

std::string zh_file(const std::string& name) {
  return test::read_file(test::source_dir() + "/locales/zh/" + name);
}

std::pair<std::string, int> where(const Json& location) {
  std::string uri = location.at("uri");
  std::string dir = uri.substr(0, uri.rfind('/'));
  return {dir.substr(dir.rfind('/') + 1) + "/" + uri.substr(uri.rfind('/') + 1),
          location["range"]["start"]["line"].get<int>()};
}

int line_of(const std::string& file, const std::string& needle) {
  return static_cast<int>(test::find_in(zh_file(file), needle).line);
}

Json at_text(const std::string& text, const std::string& file, const std::string& needle,
             bool utf8 = false, std::uint32_t into = 0) {
  test::Found f = test::find_in(text, needle);
  return LspClient::at("locales/zh/" + file, f.line, (utf8 ? f.utf8 : f.utf16) + into);
}

Json at_file(const std::string& file, const std::string& needle, std::uint32_t into = 0) {
  return at_text(zh_file(file), file, needle, false, into);
}

using Place = std::pair<std::string, int>;

} // namespace

TEST_CASE("lsp zh: a translation is served with its source book, clean", "[lsp][zh]") {
  LspClient client;
  client.initialize();
  auto published = client.open("locales/zh/elders.tales");
  REQUIRE(published.count(LspClient::uri("locales/zh/matrices.tales")) == 1);
  for (const auto& [uri, list] : published)
    CHECK(list.empty());
  // Its own files only: the English files are the English book's to publish.
  CHECK(published.count(LspClient::uri("book/matrices.tales")) == 0);
}

TEST_CASE("lsp zh: diagnostics and the quick fix on a Chinese line", "[lsp][zh]") {
  LspClient client;
  client.initialize();
  client.open("locales/zh/elders.tales");
  std::string edited = zh_file("elders.tales");
  edited.replace(edited.find("宫廷礼仪："), std::string("宫廷礼仪").size(), "宫廷礼");
  auto published = client.change("locales/zh/elders.tales", edited);
  Json unknown;
  for (const Json& d : published.at(LspClient::uri("locales/zh/elders.tales")))
    if (d["code"] == "TB0021") unknown = d;
  REQUIRE(unknown.is_object());
  CHECK(unknown["message"].get<std::string>().find("'宫廷礼仪'") != std::string::npos);
  test::Found f = test::find_in(edited, "宫廷礼：");
  CHECK(unknown["range"]["start"] == Json{{"line", f.line}, {"character", f.utf16}});
  CHECK(unknown["range"]["end"] == Json{{"line", f.line}, {"character", f.utf16 + 3}});
  Json actions =
      client.result("textDocument/codeAction",
                    {{"textDocument", {{"uri", LspClient::uri("locales/zh/elders.tales")}}},
                     {"range", unknown["range"]},
                     {"context", {{"diagnostics", Json::array({unknown})}}}});
  REQUIRE(actions.size() == 1);
  const Json& edit = actions[0]["edit"]["changes"][LspClient::uri("locales/zh/elders.tales")][0];
  CHECK(edit["newText"] == "宫廷礼仪");
  CHECK(edit["range"] == unknown["range"]);
  CHECK(actions[0]["title"] == "replace with '宫廷礼仪'");
}

TEST_CASE("lsp zh: messages in the editor's language", "[lsp][zh]") {
  std::string edited = zh_file("elders.tales");
  edited.replace(edited.find("宫廷礼仪："), std::string("宫廷礼仪").size(), "宫廷礼");
  // The editor's locale, a locale with no table (English), and talec lsp --lang over the locale.
  struct Case {
    const char* locale;
    const char* fixed;
    const char* message;
    const char* title;
    const char* hover; // of a matrix cell: its label and a paragraph's kind
  };
  for (const Case& c :
       {Case{"zh-CN", "", "未知的技能“宫廷礼”；你是不是想写“宫廷礼仪”？", "替换为“宫廷礼仪”",
             "单元格 601 通往\n- @600 (奖励段落): 你扑倒在老人脚下"},
        Case{"ar", "", "unknown skill '宫廷礼'; did you mean '宫廷礼仪'?",
             "replace with '宫廷礼仪'",
             "cell 601 leads to\n- @600 (award paragraph): 你扑倒在老人脚下"},
        Case{"en", "zh", "未知的技能“宫廷礼”；你是不是想写“宫廷礼仪”？", "替换为“宫廷礼仪”",
             "单元格 601 通往\n- @600 (奖励段落): 你扑倒在老人脚下"}}) {
    INFO(c.locale << " " << c.fixed);
    LspClient client(c.fixed);
    client.initialize(false, c.locale);
    client.open("locales/zh/elders.tales");
    auto published = client.change("locales/zh/elders.tales", edited);
    Json unknown;
    for (const Json& d : published.at(LspClient::uri("locales/zh/elders.tales")))
      if (d["code"] == "TB0021") unknown = d;
    REQUIRE(unknown.is_object());
    CHECK(unknown["message"] == c.message);
    Json actions =
        client.result("textDocument/codeAction",
                      {{"textDocument", {{"uri", LspClient::uri("locales/zh/elders.tales")}}},
                       {"range", unknown["range"]},
                       {"context", {{"diagnostics", Json::array({unknown})}}}});
    REQUIRE(actions.size() == 1);
    CHECK(actions[0]["title"] == c.title);
    // Hover labels around the book's words follow the same language.
    const std::string hover = client.result(
        "textDocument/hover", at_file("matrices.tales", "601 |"))["contents"]["value"];
    CHECK(hover.find(c.hover) != std::string::npos);
    // And the kinds completion writes beside its items.
    const Json items =
        client.result("textDocument/completion", at_file("elders.tales", "[W+1", 1))["items"];
    std::string skill;
    for (const Json& i : items)
      if (i["label"] == "宫廷礼仪") skill = i["detail"];
    CHECK(skill == (std::string(c.title).rfind("replace", 0) == 0 ? "skill" : "技能"));
  }
}

TEST_CASE("lsp zh: definition, in UTF-16 and in UTF-8, on Chinese and emoji lines", "[lsp][zh]") {
  for (bool utf8 : {false, true}) {
    INFO((utf8 ? "utf-8" : "utf-16"));
    LspClient client;
    CHECK(client.initialize(utf8)["capabilities"]["positionEncoding"] ==
          (utf8 ? "utf-8" : "utf-16"));
    client.open("locales/zh/matrices.tales");
    auto definition = [&](const Json& params) {
      Json r = client.result("textDocument/definition", params);
      return r.is_null() ? Place{"", -1} : where(r);
    };
    std::string matrices = zh_file("matrices.tales");
    CHECK(definition(at_text(matrices, "matrices.tales", "601 |", utf8)) ==
          Place{"zh/elders.tales", line_of("elders.tales", "@601")});
    // The last cell of the line, after six Chinese options' worth of text.
    CHECK(definition(at_text(matrices, "matrices.tales", "534", utf8, 2)) ==
          Place{"zh/wonders.tales", line_of("wonders.tales", "@534")});
    // An emoji (two UTF-16 units, four bytes) before a reference, in an unsaved buffer.
    std::string statuses = zh_file("statuses.tales");
    std::string with_emoji = statuses;
    with_emoji.replace(with_emoji.find("读过"), 0, "😀😀");
    client.open("locales/zh/statuses.tales", with_emoji);
    CHECK(definition(at_text(with_emoji, "statuses.tales", "（635）", utf8, utf8 ? 3 : 1)) ==
          Place{"zh/foes.tales", line_of("foes.tales", "@635")});
    // The reference starts at its full-width bracket.
    CHECK(definition(at_text(with_emoji, "statuses.tales", "（635）", utf8, 0)).second != -1);
    CHECK(definition(at_text(with_emoji, "statuses.tales", "的人都知道", utf8)) == Place{"", -1});
    // A chart entry's letter and being.
    CHECK(
        definition(at_text(zh_file("charts.tales"), "charts.tales", "（H）", utf8, utf8 ? 3 : 1)) ==
        Place{"zh/matrices.tales", line_of("matrices.tales", "@matrix H")});
    CHECK(definition(at_text(zh_file("charts.tales"), "charts.tales", "年老的渔夫", utf8)) ==
          Place{"zh/matrices.tales", line_of("matrices.tales", "年老的：601")});
  }
}

TEST_CASE("lsp zh: references, hover, completion and symbols", "[lsp][zh]") {
  LspClient client;
  client.initialize();
  client.open("locales/zh/elders.tales");
  Json refs = client.result("textDocument/references", at_file("elders.tales", "@601", 1));
  bool cell = false;
  for (const Json& r : refs)
    cell = cell || where(r) == Place{"zh/matrices.tales", line_of("matrices.tales", "年老的：601")};
  CHECK(cell);
  std::string hover =
      client.result("textDocument/hover", at_file("matrices.tales", "601 |"))["contents"]["value"];
  CHECK(hover.find("@600 (award paragraph): 你扑倒在老人脚下") != std::string::npos);
  CHECK(hover.find("@602 (award paragraph): 这位老妇人是个女巫") != std::string::npos);
  hover =
      client.result("textDocument/hover", at_file("elders.tales", "@601", 1))["contents"]["value"];
  CHECK(hover.find("matrix H: 年老的 / 卑躬屈膝 (cell 601)") != std::string::npos);
  // Completion where it is: the headings at a section's line, numbers after 前往.
  auto labels_at = [&](const Json& at) {
    std::set<std::string> labels;
    const Json list = client.result("textDocument/completion", at);
    for (const Json& i : list["items"])
      labels.insert(i["label"].get<std::string>());
    return labels;
  };
  std::set<std::string> labels = labels_at(at_file("elders.tales", "无技能"));
  for (const char* expected : {"宫廷礼仪", "无技能", "富有"})
    CHECK(labels.count(expected) == 1);
  CHECK(labels.count("601") == 0);
  CHECK(labels_at(at_file("elders.tales", "无技能", 1)).count("无技能") == 1);
  client.open("locales/zh/rogues.tales");
  labels = labels_at(at_file("rogues.tales", "前往526", 4));
  CHECK(labels.count("526") == 1);
  CHECK(labels.count("611") == 0);
  Json symbols =
      client.result("textDocument/documentSymbol",
                    {{"textDocument", {{"uri", LspClient::uri("locales/zh/places.tales")}}}});
  REQUIRE(symbols.size() == 1);
  CHECK(symbols[0]["name"] == "@700 place 黄铜城");
  Json found = client.result("workspace/symbol", {{"query", "黄铜"}});
  REQUIRE(found.size() == 2); // the place, and its space on the map
  CHECK(where(found[0]["location"]) == Place{"zh/places.tales", 2});
  CHECK(found[1]["name"] == "@space 黄铜城");
}

TEST_CASE("lsp zh: an unsaved edit of the source book reaches the translation", "[lsp][zh]") {
  LspClient client;
  client.initialize();
  client.open("locales/zh/elders.tales");
  std::string english = test::read_file(test::source_dir() + "/book/elders.tales");
  client.open("book/elders.tales", english);
  english.replace(english.find("@601"), 4, "@699");
  auto published = client.change("book/elders.tales", english);
  // Both books are compiled again: the English one, and the translation against it.
  REQUIRE(published.count(LspClient::uri("locales/zh/elders.tales")) == 1);
  std::vector<std::string> codes;
  for (const Json& d : published.at(LspClient::uri("locales/zh/elders.tales")))
    codes.push_back(d["code"]);
  INFO(published.at(LspClient::uri("locales/zh/elders.tales")).dump());
  CHECK(std::count_if(codes.begin(), codes.end(),
                      [](const std::string& c) { return c.rfind("TB01", 0) == 0; }) >= 1);
  // The charts' cards, in Chinese too.
  Json chart = client.result("textDocument/references", at_file("charts.tales", "@2 chart", 1));
  int cards = 0;
  for (const Json& r : chart)
    cards += where(r).first == "zh/cards.tales";
  CHECK(cards == 4);
}

TEST_CASE("lsp ar: completion in an Arabic book, Arabic digits and all", "[lsp][ar]") {
  LspClient client;
  client.initialize();
  client.open("locales/ar/elders.tales");
  const std::string text = test::read_file(test::source_dir() + "/locales/ar/elders.tales");
  auto labels_at = [&](const std::string& needle, std::uint32_t into) {
    test::Found f = test::find_in(text, needle);
    const Json list =
        client.result("textDocument/completion",
                      LspClient::at("locales/ar/elders.tales", f.line, f.utf16 + into));
    std::set<std::string> labels;
    for (const Json& i : list["items"])
      labels.insert(i["label"].get<std::string>());
    return labels;
  };
  // A section's line of paragraph ٦٠١: the Arabic headings.
  std::set<std::string> headings = labels_at("بلا مهارة: «انهض", 0);
  CHECK(headings.count("بلا مهارة") == 1);
  CHECK(headings.count("601") == 0);
  CHECK(labels_at("بلا مهارة: «انهض", 3) == std::set<std::string>{"بلا مهارة"});
  // In an award group: Arabic statuses and skills.
  CHECK(labels_at("[S1/موقر]", 4).count("موقر") == 1);
  // A number typed in Arabic digits after `اذهب إلى` (Go to), in an unsaved
  // line: the numbers that begin with it, in Arabic digits.
  const std::string edited = text + "بلا مهارة: [اذهب إلى ٦٠";
  client.change("locales/ar/elders.tales", edited);
  test::Found end = test::find_in(edited, "[اذهب إلى ٦٠");
  const Json list =
      client.result("textDocument/completion",
                    LspClient::at("locales/ar/elders.tales", end.line, end.utf16 + 12)); // after ٦٠
  std::set<std::string> numbers;
  for (const Json& i : list["items"])
    numbers.insert(i["label"].get<std::string>());
  CHECK(numbers.count("٦٠١") == 1);
  CHECK(numbers.count("601") == 0);
  CHECK(numbers.count("٥٠١") == 0);
}

// The semantic tokens of a file, decoded: by line and character, the token
// type's name (and "+declaration").
std::map<std::pair<int, int>, std::string> tokens_of(LspClient& client, const std::string& file) {
  const Json legend =
      client.initialize()["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"];
  client.open(file);
  const Json data = client.result("textDocument/semanticTokens/full",
                                  {{"textDocument", {{"uri", LspClient::uri(file)}}}})["data"];
  std::map<std::pair<int, int>, std::string> out;
  int line = 0, character = 0;
  for (std::size_t i = 0; i + 4 < data.size(); i += 5) {
    const int dl = data[i].get<int>(), dc = data[i + 1].get<int>();
    character = dl == 0 ? character + dc : dc;
    line += dl;
    std::string type = legend[data[i + 3].get<std::size_t>()];
    if (data[i + 4].get<int>() & 1) type += "+declaration";
    out[{line, character}] = type;
  }
  return out;
}

TEST_CASE("lsp: semantic tokens by meaning, in English, Chinese and Arabic", "[lsp][zh][ar]") {
  {
    LspClient client;
    const auto tokens = tokens_of(client, "book/matrices.tales");
    const test::Found cell =
        test::find_in(test::read_file(test::source_dir() + "/book/matrices.tales"), "Old: 601");
    CHECK(tokens.at({int(cell.line), int(cell.utf16) + 5}) == "number"); // the cell 601
  }
  {
    LspClient client;
    const auto tokens = tokens_of(client, "locales/zh/elders.tales");
    const std::string text = zh_file("elders.tales");
    const test::Found header = test::find_in(text, "@601");
    CHECK(tokens.at({int(header.line), 0}) == "function+declaration");
    const test::Found skill = test::find_in(text, "宫廷礼仪：");
    CHECK(tokens.at({int(skill.line), int(skill.utf16)}) == "enumMember");
  }
  {
    LspClient client;
    const auto tokens = tokens_of(client, "locales/ar/elders.tales");
    const std::string text = test::read_file(test::source_dir() + "/locales/ar/elders.tales");
    const test::Found header = test::find_in(text, "@٦٠١"); // Arabic digits, a header all the same
    CHECK(tokens.at({int(header.line), 0}) == "function+declaration");
    const test::Found skill = test::find_in(text, "آداب البلاط:");
    CHECK(tokens.at({int(skill.line), int(skill.utf16)}) == "enumMember");
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
