// Line ends never change a book: every source of the sample book and of its
// Chinese and Arabic translations, written with LF, CRLF, lone CR or a mix of
// the three, compiles to the same model, the same diagnostics (at the same
// lines and columns) and the same .tbook bytes. Built in memory (the sources
// are given to the loader as an overlay), so the test spawns no talec.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "compiler/emit/emit.hpp"
#include "compiler/model/model_json.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

enum class Ends { lf, crlf, cr, mixed };

// `text` (its lines ended any way) with every line ended the `ends` way; a
// mix cycles LF, CR, CRLF from line to line (never a CR before an empty line
// ended by LF: that "\r\n" is one CRLF line end, in any editor).
std::string with_ends(std::string_view text, Ends ends) {
  static const char* const cycle[] = {"\n", "\r", "\r\n"};
  std::string out;
  std::size_t line = 0;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find_first_of("\r\n", at);
    std::string_view content = text.substr(at, end - at);
    out.append(content);
    if (end == std::string_view::npos) break;
    at = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
    switch (ends) {
    case Ends::lf:
      out += '\n';
      break;
    case Ends::crlf:
      out += "\r\n";
      break;
    case Ends::cr:
      out += '\r';
      break;
    case Ends::mixed:
      out += cycle[line % 3];
      break;
    }
    ++line;
  }
  return out;
}

struct Result {
  nlohmann::json model;
  std::vector<std::string> diagnostics; // "path:line:col: TBxxxx message"
  std::string tbook;
};

// Compiles `book` with each of its `.tales` files (and those of its source
// book) as `overlay` has them.
Result compile(const std::string& book, const std::map<std::string, std::string>& overlay) {
  talebook::Compilation c;
  c.sources.set_overlay(&overlay);
  REQUIRE(talebook::compile_book(book, c));
  Result r;
  r.model = talebook::model_json(c.book, c.vocabulary);
  for (const talebook::Diagnostic& d : c.diagnostics.all()) {
    const talebook::SourceFile& f = c.sources.file(d.range.file);
    talebook::LineColumn at = f.position(d.range.begin);
    r.diagnostics.push_back(f.path() + ":" + std::to_string(at.line) + ":" +
                            std::to_string(at.column) + ": " + talebook::info(d.code).code + " " +
                            d.message + " | " + std::string(f.line_text(d.range.begin)));
  }
  if (c.diagnostics.errors() == 0)
    REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, r.tbook).empty());
  return r;
}

// The `.tales` files a compilation of `book` reads (the book's and its
// source book's), by the path the loader reads them by.
std::map<std::string, std::string> tales_files(const std::string& book) {
  talebook::Compilation c;
  REQUIRE(talebook::compile_book(book, c));
  std::map<std::string, std::string> files;
  for (std::uint32_t id = 1; id <= c.sources.size(); ++id) {
    const talebook::SourceFile& f = c.sources.file(id);
    if (f.path().size() > 6 && f.path().compare(f.path().size() - 6, 6, ".tales") == 0)
      files[f.path()] = std::string(f.text());
  }
  return files;
}

} // namespace

TEST_CASE("every sample book reads alike with LF, CRLF, CR and mixed line ends", "[text]") {
  for (const char* book : {"book", "locales/zh", "locales/ar"}) {
    INFO("book " << book);
    const std::string path = test::source_dir() + "/" + book;
    const std::map<std::string, std::string> files = tales_files(path);
    REQUIRE(files.size() >= 3);
    auto overlay = [&](Ends ends) {
      std::map<std::string, std::string> out;
      for (const auto& [name, text] : files)
        out[name] = with_ends(text, ends);
      return out;
    };
    const Result lf = compile(path, overlay(Ends::lf));
    CHECK(lf.model["paragraphs"].size() > 20);
    for (Ends ends : {Ends::crlf, Ends::cr, Ends::mixed}) {
      INFO("line ends " << int(ends));
      const auto texts = overlay(ends);
      REQUIRE(texts.begin()->second != overlay(Ends::lf).begin()->second);
      const Result other = compile(path, texts);
      CHECK(other.model == lf.model);
      CHECK(other.diagnostics == lf.diagnostics);
      CHECK(other.tbook == lf.tbook);
    }
  }
}

TEST_CASE("a CR file whose first line is a comment keeps its paragraphs", "[text]") {
  // The case: quests.tales with lone CR ends became one comment line.
  const std::string path = test::source_dir() + "/book";
  std::map<std::string, std::string> overlay;
  for (const auto& [name, text] : tales_files(path))
    if (name.size() > 13 && name.compare(name.size() - 13, 13, "/quests.tales") == 0)
      overlay[name] = with_ends(text, Ends::cr);
  REQUIRE(overlay.size() == 1);
  const std::string quests = overlay.begin()->first;
  REQUIRE(overlay[quests].rfind('%', 0) == 0);
  REQUIRE(overlay[quests].find('\n') == std::string::npos);
  const Result cr = compile(path, overlay);
  const Result lf = compile(path, {});
  CHECK(cr.diagnostics.empty());
  CHECK(cr.model == lf.model);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
