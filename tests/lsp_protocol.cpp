// The language server's protocol: framing, JSON-RPC errors (never a crash),
// the life cycle, and positions in UTF-16 and UTF-8.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "tests/lsp_fixture.hpp"
#include "tests/paths.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using talebook::lsp::Encoding;
using talebook::lsp::Position;
using test::Json;
using test::LspClient;

TEST_CASE("lsp: positions count UTF-16 units or UTF-8 bytes", "[lsp]") {
  // 'a', an emoji (4 bytes, 2 units), a Chinese character (3 bytes, 1 unit), 'b'.
  const std::string text = "first\na\xF0\x9F\x98\x80\xE4\xB8\xAD"
                           "b\nlast";
  std::uint32_t b = static_cast<std::uint32_t>(text.find('b'));
  Position p16 = talebook::lsp::position_of(text, b, Encoding::Utf16);
  CHECK(p16.line == 1);
  CHECK(p16.character == 4);
  Position p8 = talebook::lsp::position_of(text, b, Encoding::Utf8);
  CHECK(p8.character == 8);
  CHECK(talebook::lsp::offset_of(text, p16, Encoding::Utf16) == b);
  CHECK(talebook::lsp::offset_of(text, p8, Encoding::Utf8) == b);
  // Past the line's end: its end; past the last line: the text's end.
  CHECK(talebook::lsp::offset_of(text, {1, 99}, Encoding::Utf16) == text.find("\nlast"));
  CHECK(talebook::lsp::offset_of(text, {9, 0}, Encoding::Utf16) == text.size());
  // Inside a surrogate pair: the emoji's start.
  CHECK(talebook::lsp::offset_of(text, {1, 2}, Encoding::Utf16) == 6 + 1);
  CHECK(talebook::lsp::path_of_uri("file:///tmp/a%20b/%E4%B8%AD.tales") == "/tmp/a b/中.tales");
  CHECK(talebook::lsp::uri_of_path("/tmp/a b/中.tales") == "file:///tmp/a%20b/%E4%B8%AD.tales");
  CHECK(talebook::lsp::path_of_uri("https://example.org/x").empty());
}

TEST_CASE("lsp: a lone CR ends a line, as LF and CRLF do", "[lsp]") {
  // LSP's three line ends, as talec reads them (SourceFile): lines 0 to 3.
  const std::string text = "one\rtwo\r\nthree\nfour";
  const std::uint32_t four = static_cast<std::uint32_t>(text.find("four"));
  Position p = talebook::lsp::position_of(text, four, Encoding::Utf16);
  CHECK(p.line == 3);
  CHECK(p.character == 0);
  CHECK(talebook::lsp::position_of(text, 5, Encoding::Utf16).line == 1);
  CHECK(talebook::lsp::offset_of(text, {1, 1}, Encoding::Utf16) == 5);
  CHECK(talebook::lsp::offset_of(text, {3, 2}, Encoding::Utf16) == four + 2);
  // Past a line's end: before its CR (of a lone CR or of a CRLF).
  CHECK(talebook::lsp::offset_of(text, {0, 9}, Encoding::Utf16) == 3);
  CHECK(talebook::lsp::offset_of(text, {1, 9}, Encoding::Utf16) == 7);
}

TEST_CASE("lsp: bad messages get JSON-RPC errors and the server goes on", "[lsp]") {
  LspClient client;
  // Not JSON at all.
  auto out = client.send_raw(test::frame("{not json"));
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["code"] == -32700);
  CHECK(out[0]["id"].is_null());
  // No Content-Length, then a good message: one error, then the answer.
  out = client.send_raw("Content-Type: x\r\n\r\n" +
                        test::frame(R"({"jsonrpc":"2.0","id":1,"method":"shutdown"})"));
  REQUIRE(out.size() == 2);
  CHECK(out[0]["error"]["code"] == -32700);
  CHECK(out[1]["error"]["code"] == -32002); // not initialized yet
  // Not a JSON-RPC request: an array, a wrong version, a method that is a number.
  for (const char* body : {"[1,2]", R"({"jsonrpc":"1.0","id":2,"method":"x"})",
                           R"({"jsonrpc":"2.0","id":3,"method":7})"}) {
    out = client.send_raw(test::frame(body));
    REQUIRE(out.size() == 1);
    CHECK(out[0]["error"]["code"] == -32600);
  }
  client.initialize();
  Json r = client.request("textDocument/unknownThing", Json::object());
  CHECK(r["error"]["code"] == -32601);
  // An unknown notification gets no answer.
  CHECK(client.notify("$/cancelRequest", {{"id", 1}}).empty());
  // Wrong parameters: an error, not a crash.
  r = client.request("textDocument/definition", {{"textDocument", 5}});
  CHECK(r["error"]["code"] == -32602);
  r = client.request("textDocument/hover",
                     {{"textDocument", {{"uri", LspClient::uri("book/elders.tales")}}},
                      {"position", {{"line", "one"}, {"character", 0}}}});
  CHECK(r["error"]["code"] == -32602);
  // A file of no book, or no file URI: empty answers.
  CHECK(client.result("textDocument/definition", LspClient::at("tests/main.cpp", 0, 0)).is_null());
  r = client.result("textDocument/definition", {{"textDocument", {{"uri", "untitled:1"}}},
                                                {"position", {{"line", 0}, {"character", 0}}}});
  CHECK(r.is_null());
  // JSON nested a million deep: an error, not a stack overflow.
  out = client.send_raw(test::frame(std::string(1000000, '[')));
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["code"] == -32700);
  // A body cut short by the end of the stream is one parse error.
  out = client.send_raw("Content-Length: 100\r\n\r\n{\"jsonrpc\"");
  REQUIRE(out.size() == 1);
  CHECK(out[0]["error"]["code"] == -32700);
  // Still serving.
  CHECK(client.result("workspace/symbol", {{"query", "nothing"}}).empty());
}

TEST_CASE("lsp: a book that cannot be read shows why on its open files", "[lsp]") {
  namespace fs = std::filesystem;
  test::TempDir temp("lsp");
  fs::path dir = temp.path;
  std::ofstream(dir / "book.json") << R"({"title": "no language", "vocabulary": "v.json"})";
  std::ofstream(dir / "a.tales") << "@1\nNo Skill: x [S1]\n";
  LspClient client;
  client.initialize();
  std::string uri = talebook::lsp::uri_of_path((dir / "a.tales").string());
  auto published = LspClient::diagnostics(
      client.notify("textDocument/didOpen",
                    {{"textDocument",
                      {{"uri", uri}, {"languageId", "tales"}, {"version", 1}, {"text", "@1\n"}}}}));
  fs::remove_all(dir);
  REQUIRE(published.count(uri) == 1);
  REQUIRE(published[uri].size() == 1);
  CHECK(published[uri][0]["code"] == "TB0073");
  CHECK(published[uri][0]["range"]["start"]["line"] == 0);
}

TEST_CASE("lsp: shutdown and exit", "[lsp]") {
  LspClient clean;
  clean.initialize();
  CHECK(clean.result("shutdown", nullptr).is_null());
  CHECK(clean.request("textDocument/hover",
                      LspClient::at("book/elders.tales", 0, 0))["error"]["code"] == -32600);
  clean.notify("exit", nullptr);
  CHECK(clean.server.exited());
  CHECK(clean.last_exit == 0);
  LspClient abrupt;
  abrupt.initialize();
  abrupt.notify("exit", nullptr);
  CHECK(abrupt.last_exit == 1);
  // Through talec itself: stdin of framed messages, exit code 0.
  std::string input =
      test::frame(
          R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})") +
      test::frame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})") +
      test::frame(R"({"jsonrpc":"2.0","method":"exit"})");
  test::Run run = test::talec({"lsp"}, test::with_input(input));
  CHECK(run.exit == 0);
  auto messages = test::unframe(run.out);
  REQUIRE(messages.size() == 2);
  CHECK(messages[0]["result"]["serverInfo"]["name"] == "talec");
  CHECK(messages[1]["result"].is_null());
}

TEST_CASE("lsp: changes sent at once are checked once with the last text", "[lsp]") {
  // Through talec, whose stdin holds every message at once: the opened file
  // and its five changes are checked once, when the hover asks.
  const std::string uri = LspClient::uri("book/elders.tales");
  const std::string elders = test::read_file(test::source_dir() + "/book/elders.tales");
  auto misspelt = [&](const std::string& skill) {
    std::string text = elders;
    return text.replace(text.find("Courtly Graces:"), 15, skill + ":");
  };
  auto message = [](const Json& m) { return test::frame(m.dump()); };
  std::string input =
      message({{"jsonrpc", "2.0"},
               {"id", 1},
               {"method", "initialize"},
               {"params", {{"capabilities", Json::object()}, {"locale", "en"}}}}) +
      message({{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", Json::object()}}) +
      message({{"jsonrpc", "2.0"},
               {"method", "textDocument/didOpen"},
               {"params",
                {{"textDocument",
                  {{"uri", uri}, {"languageId", "tales"}, {"version", 1}, {"text", elders}}}}}});
  for (int version = 2; version <= 6; ++version)
    input +=
        message({{"jsonrpc", "2.0"},
                 {"method", "textDocument/didChange"},
                 {"params",
                  {{"textDocument", {{"uri", uri}, {"version", version}}},
                   {"contentChanges",
                    {{{"text", misspelt(version < 6 ? "Courtly Grace" : "Courtly Gracies")}}}}}}});
  input += message({{"jsonrpc", "2.0"},
                    {"id", 2},
                    {"method", "textDocument/hover"},
                    {"params", LspClient::at("book/elders.tales", 0, 1)}}) +
           message({{"jsonrpc", "2.0"}, {"id", 3}, {"method", "shutdown"}}) +
           message({{"jsonrpc", "2.0"}, {"method", "exit"}});
  test::Run run = test::talec({"lsp"}, test::with_input(input));
  CHECK(run.exit == 0);
  std::vector<Json> lists;
  bool answered_after = false;
  for (const Json& m : test::unframe(run.out)) {
    if (m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
      lists.push_back(m["params"]);
    if (m.value("id", 0) == 2) answered_after = !lists.empty();
  }
  REQUIRE(lists.size() == 1);
  CHECK(answered_after); // the hover's answer comes after the diagnostics of every edit
  CHECK(lists[0]["version"] == 6);
  REQUIRE(lists[0]["diagnostics"].size() == 1);
  CHECK(lists[0]["diagnostics"][0]["message"] ==
        "unknown skill 'Courtly Gracies'; did you mean 'Courtly Graces'?");
}

TEST_CASE("lsp: a re-check of the sample book after an edit", "[lsp]") {
  for (const char* file : {"book/elders.tales", "locales/zh/elders.tales"}) {
    LspClient client;
    client.initialize();
    client.open(file);
    std::string text = test::read_file(test::source_dir() + "/" + file);
    std::vector<double> ms;
    for (int i = 0; i < 11; ++i) {
      text += "\n% edit " + std::to_string(i) + "\n";
      auto start = std::chrono::steady_clock::now();
      auto published = client.change(file, text);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
      // The edited file's list only: the others' did not change, and are not sent again.
      REQUIRE(published.size() == 1);
      CHECK(published.count(LspClient::uri(file)) == 1);
    }
    std::sort(ms.begin(), ms.end());
    // A figure, not a deadline (docs/editor.md gives those of an optimized build).
    WARN(file << ": didChange to the last publishDiagnostics, median of 11: " << ms[5] << " ms");
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
