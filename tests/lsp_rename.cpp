// Renumbering a paragraph through the language server (textDocument/rename):
// on a copy of the sample book and its Chinese translation, the edits the
// server returns are applied as an editor would, and the result must compile
// as cleanly as before, with the number changed everywhere it was written.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "tests/lsp_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using test::Json;
using test::LspClient;

// The sample book and its translation copied, as they lie in the tree.
struct Copy {
  test::TempDir temp{"lsp-rename"};
  Copy() {
    fs::copy(test::source_dir() + "/book", temp / "book", fs::copy_options::recursive);
    fs::create_directories(temp / "locales");
    for (const char* l : {"en", "zh"})
      fs::copy(test::source_dir() + "/locales/" + l, temp / "locales" / l,
               fs::copy_options::recursive);
  }
  std::string path(const std::string& relative) const { return (temp / relative).string(); }
  std::string uri(const std::string& relative) const {
    return talebook::lsp::uri_of_path(path(relative));
  }
};

Json at(const Copy& copy, const std::string& file, const std::string& needle, std::uint32_t into) {
  const test::Found f = test::find_in(test::read_file(copy.path(file)), needle);
  return {{"textDocument", {{"uri", copy.uri(file)}}},
          {"position", {{"line", f.line}, {"character", f.utf8 + into}}}};
}

// The byte offset of an LSP position in UTF-8 units.
std::size_t offset(const std::string& text, const Json& position) {
  std::size_t at = 0;
  for (int line = position["line"].get<int>(); line > 0; --line)
    at = text.find('\n', at) + 1;
  return at + position["character"].get<std::size_t>();
}

// Applies a WorkspaceEdit's changes to the files; the files changed.
std::size_t apply(const Json& edit) {
  std::size_t files = 0;
  for (const auto& [uri, edits] : edit["changes"].items()) {
    const std::string path = talebook::lsp::path_of_uri(uri);
    std::string text = test::read_file(path);
    // From the last to the first, so that earlier offsets hold.
    for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
      const std::size_t a = offset(text, (*it)["range"]["start"]);
      const std::size_t b = offset(text, (*it)["range"]["end"]);
      text.replace(a, b - a, (*it)["newText"].get<std::string>());
    }
    std::ofstream(path, std::ios::binary) << text;
    ++files;
  }
  return files;
}

std::string check(const Copy& copy, const std::string& book) {
  test::Run r = test::talec({"check", copy.path(book)});
  return r.err.substr(r.err.rfind('\n', r.err.size() - 2) + 1); // "0 errors, 0 warnings..."
}

// Opens `file` of the copy in the client.
void open(LspClient& client, const Copy& copy, const std::string& file) {
  client.notify("textDocument/didOpen", {{"textDocument",
                                          {{"uri", copy.uri(file)},
                                           {"languageId", "tales"},
                                           {"version", 1},
                                           {"text", test::read_file(copy.path(file))}}}});
}

std::string refusal(LspClient& client, const std::string& method, const Json& params) {
  const Json r = client.request(method, params);
  REQUIRE(r.contains("error"));
  CHECK(r["error"]["code"] == -32803);
  return r["error"]["message"];
}

TEST_CASE("lsp rename: a quest's number, in the book and its translation", "[lsp][rename]") {
  Copy copy;
  const std::string before_en = check(copy, "book"), before_zh = check(copy, "locales/zh");
  LspClient client;
  client.initialize(true);
  open(client, copy, "book/cards.tales");
  const Json where = at(copy, "book/cards.tales", "Old Sailor (710)", 12);
  const Json prepared = client.result("textDocument/prepareRename", where);
  CHECK(prepared["placeholder"] == "710");
  Json params = where;
  params["newName"] = "720";
  const Json edit = client.result("textDocument/rename", params);
  CHECK(edit["changes"].contains(copy.uri("book/quests.tales")));
  CHECK(edit["changes"].contains(copy.uri("locales/zh/quests.tales")));
  CHECK(edit["changes"].contains(copy.uri("locales/zh/translation-state.json")));
  apply(edit);
  CHECK(test::read_file(copy.path("book/quests.tales")).find("@720 quest") != std::string::npos);
  CHECK(test::read_file(copy.path("book/cards.tales")).find("Old Sailor (720)") !=
        std::string::npos);
  CHECK(test::read_file(copy.path("locales/zh/translation-state.json")).find("\"720\":") !=
        std::string::npos);
  CHECK(test::read_file(copy.path("book/cards.tales")).find("(710)") == std::string::npos);
  CHECK(check(copy, "book") == before_en);
  CHECK(check(copy, "locales/zh") == before_zh);
}

TEST_CASE("lsp rename: a matrix cell moves its three paragraphs", "[lsp][rename]") {
  Copy copy;
  const std::string before_en = check(copy, "book"), before_zh = check(copy, "locales/zh");
  LspClient client;
  client.initialize(true);
  open(client, copy, "book/matrices.tales");
  Json params = at(copy, "book/matrices.tales", "Old: 601", 5);
  CHECK(client.result("textDocument/prepareRename", params)["placeholder"] == "601");
  params["newName"] = "651";
  apply(client.result("textDocument/rename", params));
  const std::string elders = test::read_file(copy.path("book/elders.tales"));
  for (const char* header : {"@650\n", "@651\n", "@652\n"})
    CHECK(elders.find(header) != std::string::npos);
  CHECK(elders.find("@601\n") == std::string::npos);
  CHECK(test::read_file(copy.path("locales/zh/matrices.tales")).find("651") != std::string::npos);
  CHECK(check(copy, "book") == before_en);
  CHECK(check(copy, "locales/zh") == before_zh);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

TEST_CASE("lsp rename: a treasure's name, at its header and wherever it is awarded",
          "[lsp][rename]") {
  Copy copy;
  const std::string before_en = check(copy, "book"), before_zh = check(copy, "locales/zh");
  LspClient client;
  client.initialize(true);
  open(client, copy, "book/treasures.tales");
  Json params = at(copy, "book/treasures.tales", "Ebony Horse", 3);
  CHECK(client.result("textDocument/prepareRename", params)["placeholder"] == "Ebony Horse");
  params["newName"] = "Horse of Ebony";
  apply(client.result("textDocument/rename", params));
  CHECK(count(test::read_file(copy.path("book/patrons.tales")), "Horse of Ebony (150)") == 2);
  CHECK(test::read_file(copy.path("book/treasures.tales")).find("@150 treasure Horse of Ebony") !=
        std::string::npos);
  CHECK(check(copy, "book") == before_en);
  CHECK(check(copy, "locales/zh") == before_zh); // its names are its own; its review state follows
  // On the number of `Ebony Horse (150)` a rename is a renumbering.
  open(client, copy, "book/patrons.tales");
  CHECK(client.result("textDocument/prepareRename",
                      at(copy, "book/patrons.tales", "Horse of Ebony (150)", 16))["placeholder"] ==
        "150");
}

TEST_CASE("lsp rename: a matrix row's adjective, in the row and every being that meets it",
          "[lsp][rename]") {
  Copy copy;
  const std::string before_en = check(copy, "book");
  LspClient client;
  client.initialize(true);
  open(client, copy, "book/matrices.tales");
  Json params = at(copy, "book/matrices.tales", "Old: 601", 1);
  CHECK(client.result("textDocument/prepareRename", params)["placeholder"] == "Old");
  params["newName"] = "Cunning";
  CHECK(refusal(client, "textDocument/rename", params) == "matrix H has a row 'Cunning' already");
  params["newName"] = "Aged";
  apply(client.result("textDocument/rename", params));
  const std::string charts = test::read_file(copy.path("book/charts.tales"));
  CHECK(charts.find("Aged Fisherman (H, Male)") != std::string::npos);
  CHECK(charts.find("Old Fisherman") == std::string::npos);
  CHECK(test::read_file(copy.path("book/matrices.tales")).find("Aged: 601") != std::string::npos);
  // The Quest card that names a being of the row follows (book/cards.tales: Basra).
  const std::string cards = test::read_file(copy.path("book/cards.tales"));
  CHECK(cards.find("Quest: Aged Sailor (710)") != std::string::npos);
  CHECK(cards.find("Old Sailor (H)") == std::string::npos);
  CHECK(check(copy, "book") == before_en);
}

TEST_CASE("lsp rename: what cannot be renumbered is refused, with the reason", "[lsp][rename]") {
  Copy copy;
  LspClient client;
  client.initialize(true);
  for (const char* file : {"book/elders.tales", "book/cards.tales", "locales/zh/cards.tales"})
    open(client, copy, file);
  CHECK(refusal(client, "textDocument/prepareRename", at(copy, "book/elders.tales", "@601", 1))
            .find("read through matrix cell 601 (600-602)") != std::string::npos);
  Json taken = at(copy, "book/cards.tales", "Old Sailor (710)", 12);
  taken["newName"] = "711";
  CHECK(refusal(client, "textDocument/rename", taken) == "paragraph 711 exists already");
  taken["newName"] = "seven";
  CHECK(refusal(client, "textDocument/rename", taken) == "'seven' is no paragraph number");
  CHECK(refusal(client, "textDocument/prepareRename", at(copy, "locales/zh/cards.tales", "710", 1))
            .find("rename in the source book") != std::string::npos);
  CHECK(refusal(client, "textDocument/prepareRename", at(copy, "book/elders.tales", "The old", 2))
            .find("only a paragraph number") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
