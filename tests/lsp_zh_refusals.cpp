// The language server's own words in the editor's language: rename refusals,
// the play command's refusals, JSON-RPC errors, document symbols' details and
// a cell's place in a hover, in Chinese for zh-CN, and today's English for en.
#include <catch2/catch.hpp>

#include "tests/lsp_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using test::Json;
using test::LspClient;

namespace {

// The position of `needle` (plus `into` units) in a file of the repository.
Json at(const std::string& relative, const std::string& needle, std::uint32_t into = 0) {
  const test::Found f = test::find_in(test::read_file(test::source_dir() + "/" + relative), needle);
  return LspClient::at(relative, f.line, f.utf16 + into);
}

// A refused request's error message (its code checked).
std::string refused(LspClient& client, const std::string& method, const Json& params, int code) {
  const Json r = client.request(method, params);
  INFO(r.dump());
  REQUIRE(r.contains("error"));
  CHECK(r["error"]["code"] == code);
  return r["error"]["message"];
}

Json play_params(const Json& argument) {
  return {{"command", "talec.playFrom"}, {"arguments", Json::array({argument})}};
}

// What each language says.
struct Words {
  const char* locale;
  const char* through_cell;
  const char* exists;
  const char* translation;
  const char* not_a_number;
  const char* unknown_method;
  const char* missing;
  const char* no_command;
  const char* not_a_choice;
  const char* errors;
  const char* matrix;
  const char* row;
  const char* card;
  const char* hover;
};

const Words english = {
    "en",
    "paragraph 601 is read through matrix cell 601 (600-602): rename the cell, and its three "
    "move together",
    "paragraph 711 exists already",
    "a translation numbers its paragraphs as its source book does: rename in the source book, "
    "and its translations follow",
    "'seven' is no paragraph number",
    "no method 'textDocument/unknownThing'",
    "'paragraph' is missing",
    "no command 'talec.other' (the server runs talec.playFrom)",
    "'answers'[1] is 99, not a choice of \"First skill:\" (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, "
    "13, 14, 15, 16, 17, 18, 19, 20 or 21)",
    "paragraph 601 cannot be played: the book has 1 error (its diagnostics say which), so it "
    "cannot be built",
    "reaction matrix",
    "row",
    "character card",
    "matrix H: Old / Grovel (cell 601)",
};

const Words chinese = {
    "zh-CN",
    "段落 601 经由反应矩阵单元格 601（600-602）读取：请重命名该单元格，它的三个段落会一起移动",
    "段落 711 已经存在",
    "译本的段落编号与源书相同：请在源书中重命名，译本会随之更改",
    "“seven”不是段落编号",
    "没有方法“textDocument/unknownThing”",
    "“paragraph”缺失",
    "没有命令“talec.other”（本服务器运行 talec.playFrom）",
    "“answers”[1] 是 99，不是“First skill:”的选项（1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, "
    "15, 16, 17, 18, 19, 20 或 21）",
    "段落 601 无法游玩：本书有 1 个错误（见其诊断信息），因此无法构建",
    "反应矩阵",
    "行",
    "人物卡片",
    "反应矩阵 H：Old / Grovel（单元格 601）",
};

} // namespace

TEST_CASE("lsp zh: rename refusals in the editor's language, English unchanged",
          "[lsp][zh][rename]") {
  for (const Words& w : {chinese, english}) {
    INFO(w.locale);
    LspClient client;
    client.initialize(false, w.locale);
    for (const char* file : {"book/elders.tales", "book/cards.tales", "locales/zh/cards.tales"})
      client.open(file);
    CHECK(refused(client, "textDocument/prepareRename", at("book/elders.tales", "@601", 1),
                  -32803) == w.through_cell);
    Json taken = at("book/cards.tales", "Old Sailor (710)", 12);
    taken["newName"] = "711";
    CHECK(refused(client, "textDocument/rename", taken, -32803) == w.exists);
    taken["newName"] = "seven";
    CHECK(refused(client, "textDocument/rename", taken, -32803) == w.not_a_number);
    CHECK(refused(client, "textDocument/prepareRename", at("locales/zh/cards.tales", "710", 1),
                  -32803) == w.translation);
  }
}

TEST_CASE("lsp zh: JSON-RPC errors and the play command's refusals in the editor's language",
          "[lsp][zh][play]") {
  for (const Words& w : {chinese, english}) {
    INFO(w.locale);
    LspClient client;
    client.initialize(false, w.locale);
    CHECK(refused(client, "textDocument/unknownThing", Json::object(), -32601) == w.unknown_method);
    client.open("book/elders.tales");
    const std::string uri = LspClient::uri("book/elders.tales");
    CHECK(refused(client, "workspace/executeCommand", play_params({{"uri", uri}}), -32602) ==
          w.missing);
    CHECK(refused(client, "workspace/executeCommand",
                  {{"command", "talec.other"}, {"arguments", Json::array({{{"uri", uri}}})}},
                  -32602) == w.no_command);
    const Json good = {{"uri", uri}, {"paragraph", 601}};
    Json wrong = good;
    wrong["answers"] = {1, 99};
    CHECK(refused(client, "workspace/executeCommand", play_params(wrong), -32602) ==
          w.not_a_choice);
    std::string broken = test::read_file(test::source_dir() + "/book/elders.tales");
    broken.replace(broken.find("Courtly Graces:"), 15, "Courtly Grace:");
    client.change("book/elders.tales", broken);
    CHECK(refused(client, "workspace/executeCommand", play_params(good), -32803) == w.errors);
  }
}

TEST_CASE("lsp zh: before initialize, --lang chooses the errors' language", "[lsp][zh]") {
  LspClient fixed("zh");
  auto out = fixed.send_raw(test::frame("{not json"));
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["message"] == "消息不是 JSON");
  out = fixed.send_raw(test::frame(R"({"jsonrpc":"2.0","id":1,"method":"shutdown"})"));
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["message"] == "请先发送 initialize");
  LspClient plain;
  out = plain.send_raw("Content-Type: x\r\n\r\n");
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["message"] == "a message without a valid Content-Length header");
  out = fixed.send_raw("Content-Type: x\r\n\r\n");
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["message"] == "消息没有有效的 Content-Length 标头");
}

TEST_CASE("lsp zh: document symbols' details and a cell's place in the editor's language",
          "[lsp][zh]") {
  for (const Words& w : {chinese, english}) {
    INFO(w.locale);
    LspClient client;
    client.initialize(false, w.locale);
    client.open("book/matrices.tales");
    const Json symbols =
        client.result("textDocument/documentSymbol",
                      {{"textDocument", {{"uri", LspClient::uri("book/matrices.tales")}}}});
    REQUIRE(symbols.size() == 2);
    CHECK(symbols[1]["name"] == "@matrix H");
    CHECK(symbols[1]["detail"] == w.matrix);
    CHECK(symbols[1]["children"][0]["detail"] == w.row);
    const Json cards =
        client.result("textDocument/documentSymbol",
                      {{"textDocument", {{"uri", LspClient::uri("locales/zh/cards.tales")}}}});
    std::string fisherman;
    for (const Json& card : cards)
      if (card["name"].get<std::string>().rfind("@card 渔夫", 0) == 0) fisherman = card["detail"];
    CHECK(fisherman == w.card);
    const std::string hover = client.result(
        "textDocument/hover", at("book/elders.tales", "@601", 1))["contents"]["value"];
    CHECK(hover.find(w.hover) != std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
