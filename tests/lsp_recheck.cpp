// The language server's workspace re-checks one file when the rest of the
// book reads nothing of it that changed (compiler/driver/incremental.hpp),
// and compiles the book again when it does: which path each kind of edit
// takes, and that both give compile_book's diagnostics (tests/lsp_incremental.cpp
// compares them after random edits).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "compiler/lsp/workspace.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using talebook::lsp::LoadedBook;
using talebook::lsp::Workspace;

std::string path_of(const std::string& relative) {
  return test::source_dir() + "/" + relative;
}

// "TB0021 elders.tales:1234" for each diagnostic: what the two paths must agree on.
std::vector<std::string> listed(const talebook::Compilation& c) {
  std::vector<std::string> out;
  for (const talebook::Diagnostic& d : c.diagnostics.all()) {
    std::string where = d.range.valid() ? std::string(c.sources.file(d.range.file).path()) : "";
    out.push_back(std::to_string(static_cast<int>(d.code)) + " " + where + ":" +
                  std::to_string(d.range.begin) + "-" + std::to_string(d.range.end));
  }
  return out;
}

struct Edited {
  Workspace workspace;
  std::string path;
  std::string text;
  explicit Edited(const std::string& relative)
      : path(path_of(relative)), text(test::read_file(path_of(relative))) {
    workspace.open(path, text);
    REQUIRE(workspace.book_of(path) != nullptr);
  }
  // Replaces the first `from` by `to`, checks again; the book.
  LoadedBook& change(const std::string& from, const std::string& to) {
    std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    workspace.change(path, text);
    std::vector<LoadedBook*> books = workspace.recompile(path);
    REQUIRE(books.size() == 1);
    talebook::Compilation fresh;
    talebook::compile_book_over(books[0]->manifest, workspace.buffers(), fresh);
    CHECK(listed(books[0]->compilation) == listed(fresh));
    return *books[0];
  }
};

TEST_CASE("lsp: an edit inside paragraphs re-checks one file", "[lsp]") {
  Edited e("book/elders.tales");
  CHECK(e.workspace.counts().compiled == 1);
  e.change("Courtly Graces:", "Courtly Grace:"); // prose and an award heading
  LoadedBook& book = e.change("\n@601", "\n@601\nA new line of prose, (9999) and all.");
  CHECK(e.workspace.counts().rechecked == 2);
  CHECK(e.workspace.counts().compiled == 1);
  bool unknown_skill = false, no_paragraph = false;
  for (const talebook::Diagnostic& d : book.compilation.diagnostics.all()) {
    unknown_skill = unknown_skill || d.code == talebook::Code::unknown_skill;
    no_paragraph = no_paragraph || d.code == talebook::Code::undefined_paragraph;
  }
  CHECK(unknown_skill);
  CHECK(no_paragraph);
  // The same text again: nothing to check.
  e.workspace.change(e.path, e.text);
  CHECK(e.workspace.recompile(e.path).size() == 1);
  CHECK(e.workspace.counts().rechecked == 2);
}

TEST_CASE("lsp: a renumbering re-checks one file and what reads the number", "[lsp]") {
  Edited e("book/elders.tales");
  // Matrix H's cell that reads @601 is wrong now, in matrices.tales.
  LoadedBook& book = e.change("@601", "@699");
  CHECK(e.workspace.counts().rechecked == 1);
  bool cell = false;
  for (const talebook::Diagnostic& d : book.compilation.diagnostics.all())
    cell = cell || (d.range.valid() && book.compilation.sources.file(d.range.file).path() ==
                                           path_of("book/matrices.tales"));
  CHECK(cell);
  e.change("@699", "@601");
  CHECK(e.workspace.counts().rechecked == 2);
  CHECK(e.workspace.counts().compiled == 1);
}

TEST_CASE("lsp: an edit the rest of the book reads compiles it again", "[lsp]") {
  SECTION("a treasure renumbered: awards elsewhere hold its number") {
    Edited e("book/treasures.tales");
    e.change("@150 treasure", "@159 treasure");
    CHECK(e.workspace.counts().rechecked == 0);
    CHECK(e.workspace.counts().compiled == 2);
  }
  SECTION("a treasure renamed") {
    Edited e("book/treasures.tales");
    e.change("Ebony Horse", "Ivory Horse");
    CHECK(e.workspace.counts().compiled == 2);
  }
  SECTION("a new paragraph") {
    Edited e("book/elders.tales");
    e.text += "\n@698\nA paragraph more.\n";
    e.change("@698", "@697");
    CHECK(e.workspace.counts().rechecked == 0);
  }
  SECTION("a matrix") {
    Edited e("book/matrices.tales");
    e.change("\n", "\n\n");
    CHECK(e.workspace.counts().compiled == 2);
  }
  SECTION("a translation") {
    Edited e("locales/zh/elders.tales");
    e.change("\n", "\n\n");
    CHECK(e.workspace.counts().rechecked == 0);
    CHECK(e.workspace.counts().compiled == 2);
  }
}

TEST_CASE("lsp: a new file not saved yet is a file of its book", "[lsp]") {
  Workspace workspace;
  const std::string path = path_of("book/not_saved_yet.tales");
  std::string text = "@980\nA new tale, not saved.\nNo Skill: x [Go to 981]\n";
  workspace.open(path, text);
  LoadedBook* book = workspace.book_of(path);
  REQUIRE(book != nullptr);
  auto undefined_here = [&](const LoadedBook& b) {
    for (const talebook::Diagnostic& d : b.compilation.diagnostics.all())
      if (d.code == talebook::Code::undefined_paragraph && d.range.valid() &&
          b.compilation.sources.file(d.range.file).path() == path)
        return true;
    return false;
  };
  CHECK(undefined_here(*book));
  text += "\n@981\nAnd its second paragraph.\n";
  workspace.change(path, text);
  std::vector<LoadedBook*> books = workspace.recompile(path);
  REQUIRE(books.size() == 1);
  CHECK_FALSE(undefined_here(*books[0]));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
