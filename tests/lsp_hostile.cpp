// The language server against hostile input (issue 22): parameters of the
// wrong type or range are InvalidParams, never an unchecked conversion; a URI
// longer than any path names no file; a header line with no end is not kept.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "compiler/lsp/params.hpp"
#include "tests/lsp_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using test::Json;
using test::LspClient;

// A request whose body is written as is (numbers such as 1e30 stay doubles).
Json raw_request(LspClient& client, int id, const std::string& method, const std::string& params) {
  const std::string body = R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"method":")" +
                           method + R"(","params":)" + params + "}";
  for (const Json& m : client.send_raw(test::frame(body)))
    if (m.contains("id") && m["id"] == id) return m;
  FAIL("no response to " << body);
  return {};
}

TEST_CASE("lsp: a position of the wrong type or range is InvalidParams in every request", "[lsp]") {
  LspClient client;
  client.initialize();
  client.open("book/elders.tales");
  const std::string doc = R"({"uri":")" + LspClient::uri("book/elders.tales") + R"("})";
  int id = 100;
  for (const char* bad :
       {"1e30", "-1", "2.5", "4294967296", "2147483648", R"("3")", "null", "true", "[0]"}) {
    INFO(bad);
    const std::string at = std::string(R"({"line":)") + bad + R"(,"character":0})";
    const std::string other = std::string(R"({"line":0,"character":)") + bad + "}";
    for (const char* method : {"textDocument/hover", "textDocument/definition",
                               "textDocument/references", "textDocument/completion"})
      for (const std::string& position : {at, other}) {
        INFO(method << " " << position);
        const Json r = raw_request(
            client, ++id, method, R"({"textDocument":)" + doc + R"(,"position":)" + position + "}");
        REQUIRE(r.contains("error"));
        CHECK(r["error"]["code"] == talebook::lsp::rpc::invalid_params);
        const std::string message = r["error"]["message"];
        CHECK((message.find("'line'") != std::string::npos ||
               message.find("'character'") != std::string::npos));
      }
    const Json r = raw_request(client, ++id, "textDocument/codeAction",
                               R"({"textDocument":)" + doc + R"(,"range":{"start":)" + at +
                                   R"(,"end":)" + other + R"(},"context":{"diagnostics":[]}})");
    CHECK(r["error"]["code"] == talebook::lsp::rpc::invalid_params);
  }
  // The largest uinteger is a position (past the end: the end of the text).
  Json r = raw_request(client, ++id, "textDocument/hover",
                       R"({"textDocument":)" + doc +
                           R"(,"position":{"line":2147483647,"character":2147483647}})");
  CHECK(r.contains("result"));
  // A change with a bad range changes nothing; the server goes on.
  CHECK(
      client
          .send_raw(test::frame(
              R"({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":)" +
              doc +
              R"(,"contentChanges":[{"range":{"start":{"line":1e308,"character":0},"end":{"line":0,"character":0}},"text":"x"}]}})"))
          .empty());
  CHECK(client
            .result("textDocument/documentSymbol",
                    {{"textDocument", {{"uri", LspClient::uri("book/elders.tales")}}}})
            .size() > 0);
  // Other members of the wrong type.
  r = raw_request(client, ++id, "workspace/symbol", R"({"query":["well"]})");
  CHECK(r["error"]["code"] == talebook::lsp::rpc::invalid_params);
  r = raw_request(
      client, ++id, "textDocument/references",
      R"({"textDocument":)" + doc +
          R"(,"position":{"line":0,"character":0},"context":{"includeDeclaration":"yes"}})");
  CHECK(r["error"]["code"] == talebook::lsp::rpc::invalid_params);
  r = raw_request(client, ++id, "textDocument/hover", "[1,2,3]");
  CHECK(r["error"]["code"] == talebook::lsp::rpc::invalid_params);
  r = raw_request(client, ++id, "textDocument/hover", R"({"textDocument":{"uri":7}})");
  CHECK(r["error"]["code"] == talebook::lsp::rpc::invalid_params);
}

TEST_CASE("lsp: a URI longer than any path names no file, and is answered", "[lsp]") {
  using talebook::lsp::path_of_uri;
  const std::string parts = [] {
    std::string s;
    for (int i = 0; i < 20000; ++i)
      s += "a/";
    return s;
  }();
  CHECK(path_of_uri("file:///" + parts + "x.tales").empty());
  CHECK(path_of_uri("file:///" + std::string(1 << 20, 'b')).empty());
  // %-encoded: 3 bytes a byte of the path; 4095 bytes is the longest path.
  CHECK(path_of_uri("file:///" + std::string(4094, 'c')) == "/" + std::string(4094, 'c'));
  CHECK(path_of_uri("file:///" + std::string(4095, 'c')).empty());
  std::string encoded;
  for (int i = 0; i < 1365; ++i)
    encoded += "%41";
  CHECK(path_of_uri("file:///" + encoded) == "/" + std::string(1365, 'A'));

  LspClient client;
  client.initialize();
  for (const std::string& uri :
       {"file:///" + parts + "x.tales", "file:///" + std::string(1 << 20, 'b')}) {
    client.notify(
        "textDocument/didOpen",
        {{"textDocument",
          {{"uri", uri}, {"languageId", "tales"}, {"version", 1}, {"text", "@1\nA road.\n"}}}});
    CHECK(client
              .result("textDocument/hover", {{"textDocument", {{"uri", uri}}},
                                             {"position", {{"line", 0}, {"character", 0}}}})
              .is_null());
  }
  CHECK(client.result("workspace/symbol", {{"query", "nothing"}}).empty());
}

TEST_CASE("lsp: a header line with no end is refused without being kept", "[lsp]") {
  const std::string good = R"({"jsonrpc":"2.0","id":1,"method":"shutdown"})";
  std::istringstream in(std::string(1 << 20, 'a') + "\r\n\r\n" + test::frame(good));
  std::string body, error;
  REQUIRE(talebook::lsp::read_message(in, body, error));
  CHECK(error == "header_too_long");
  CHECK(body.empty());
  REQUIRE(talebook::lsp::read_message(in, body, error));
  CHECK(error.empty());
  CHECK(body == good);
  CHECK_FALSE(talebook::lsp::read_message(in, body, error));
  // A header line of 4096 bytes with its CR is still read (and ignored).
  std::istringstream exact("X-Long: " + std::string(4087, 'x') + "\r\n" + test::frame(good));
  REQUIRE(talebook::lsp::read_message(exact, body, error));
  CHECK(error.empty());
  CHECK(body == good);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
