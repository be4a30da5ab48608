// Diagnostic carets line up under Chinese text: columns are display columns
// (East Asian wide = 2, grapheme clusters), not bytes or code points.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/text/source.hpp"
#include "compiler/text/text.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

std::string rendered(const talebook::Compilation& c, const fs::path& root) {
  std::ostringstream out;
  talebook::render_text(out, c.sources, c.diagnostics.all(), {});
  std::string text = out.str(), prefix = root.string() + "/";
  for (std::size_t at; (at = text.find(prefix)) != std::string::npos;)
    text.replace(at, prefix.size(), "");
  return text;
}

} // namespace

TEST_CASE("carets line up under Chinese text (golden)", "[text]") {
  RiverBooks books("carets");
  books.edit(books.zh_tales(), "无技能：你饿着肚子。[W-1（最低：贫穷）]",
             "无技能：你饿着肚子。[W-2（最低：贫穷）]");
  talebook::Compilation c;
  REQUIRE(check(books.zh, c) == std::multiset<std::string>{"TB0109"});
  std::string text = rendered(c, books.root);

  // Independently of the golden file: the caret starts under '[' (ten wide
  // characters = 20 columns in) and spans 4 + 7 * 2 + 1 = 19 columns.
  std::istringstream lines(text);
  std::string line, source_line, caret_line;
  while (std::getline(lines, line))
    if (line.find("无技能：你饿着肚子。[W-2") != std::string::npos) {
      source_line = line;
      std::getline(lines, caret_line);
      break;
    }
  REQUIRE_FALSE(caret_line.empty());
  std::size_t bar = caret_line.find('|');
  REQUIRE(bar != std::string::npos);
  CHECK(caret_line.substr(bar + 2) == std::string(20, ' ') + "^" + std::string(18, '~'));

  fs::path golden = fs::path(test::tests_dir()) / "data" / "translation" / "carets.golden";
  if (test::rebasing()) test::rebase(golden, text);
  CHECK(text == slurp(golden));
}

namespace {

// The quoted line and the caret line under it, of the first diagnostic.
std::pair<std::string, std::string> quoted(const std::string& text) {
  std::istringstream lines(text);
  std::string first, source_line, caret_line;
  std::getline(lines, first);
  std::getline(lines, source_line);
  std::getline(lines, caret_line);
  std::size_t bar = source_line.find(" | ");
  REQUIRE(bar != std::string::npos);
  REQUIRE(caret_line.size() > bar + 3);
  return {source_line.substr(bar + 3), caret_line.substr(bar + 3)};
}

} // namespace

TEST_CASE("a long line is quoted as a window around the caret", "[text]") {
  // 5,000 references to a missing paragraph on one 20 KB line: 5,000 errors.
  const std::size_t n = 5000;
  std::string line = "No Skill:";
  for (std::size_t i = 0; i < n; ++i)
    line += " (9)";
  line += " [S1]";
  talebook::Compilation c;
  test::compile(c, "@1\n" + line + "\n");
  REQUIRE(c.diagnostics.all().size() == n);
  std::ostringstream out;
  talebook::render_text(out, c.sources, c.diagnostics.all(), {});
  const std::string text = out.str();
  // Bounded per diagnostic (the whole line each time would be 100 MB).
  CHECK(text.size() < n * 400);
  // The first: the line's start, cut after; one in the middle: cut both sides.
  auto [start, start_caret] = quoted(text);
  CHECK(start.rfind("No Skill: (9) (9)", 0) == 0);
  CHECK(start.size() < 200);
  CHECK(start.substr(start.size() - 3) == "...");
  CHECK(start_caret == std::string(10, ' ') + "^~~");
  std::ostringstream middle;
  talebook::render_text(middle, c.sources, {c.diagnostics.all()[n / 2]}, {});
  auto [cut, cut_caret] = quoted(middle.str());
  CHECK(cut.rfind("...", 0) == 0);
  CHECK(cut.substr(cut.size() - 3) == "...");
  std::size_t caret = cut_caret.find('^');
  REQUIRE(caret != std::string::npos);
  CHECK(cut.substr(caret, 3) == "(9)"); // ASCII: columns are bytes
  CHECK(middle.str().find(":2:" + std::to_string(10 + 4 * (n / 2) + 1) + ": error[TB0011]") !=
        std::string::npos); // the location still counts the whole line
  // A short line is quoted whole, as before.
  talebook::Compilation small;
  test::compile(small, "@1\nNo Skill: (9) [S1]\n");
  std::ostringstream whole;
  talebook::render_text(whole, small.sources, small.diagnostics.all(), {});
  CHECK(quoted(whole.str()) ==
        std::pair<std::string, std::string>{"No Skill: (9) [S1]", std::string(10, ' ') + "^~~"});
}

TEST_CASE("a column is the code points from its line's start, at every byte of a long file",
          "[text]") {
  // Lines of mixed widths (1, 2, 3 and 4 bytes a code point), some longer than
  // the 256 bytes between the position table's counts, some empty, a CRLF.
  std::string text;
  const char* pieces[] = {"a", "é", "渔", "𝄞", "\n", "bb", "\r\n", "夫撒网。", "\n\n"};
  for (std::size_t i = 0; text.size() < 5000; ++i)
    for (std::size_t k = 0; k <= i % 97; ++k)
      text += pieces[(i * 7 + k) % 9];
  talebook::SourceFile file("a.tales", text);
  std::uint32_t line = 1, column = 1;
  for (std::uint32_t offset = 0; offset <= text.size(); ++offset) {
    if (offset == text.size() || (static_cast<unsigned char>(text[offset]) & 0xC0) != 0x80) {
      talebook::LineColumn at = file.position(offset);
      INFO("offset " << offset);
      REQUIRE(at.line == line);
      REQUIRE(at.column == column);
    }
    if (offset == text.size()) break;
    if (text[offset] == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(text[offset]) & 0xC0) != 0x80) {
      ++column;
    }
  }
  CHECK(line > 10);
}

TEST_CASE("a long Chinese line is cut on characters, the caret under its span", "[text]") {
  std::string line = "无技能：";
  for (int i = 0; i < 300; ++i)
    line += "你饿着肚子。";
  line += "(9)";
  for (int i = 0; i < 300; ++i)
    line += "你饿着肚子。";
  line += "[S1]";
  talebook::Compilation c;
  test::compile(c, "@1\n" + line + "\n");
  REQUIRE(c.diagnostics.all().size() == 1);
  std::ostringstream out;
  talebook::render_text(out, c.sources, c.diagnostics.all(), {});
  auto [cut, caret_line] = quoted(out.str());
  CHECK(cut.size() < 600);
  REQUIRE(cut.rfind("...", 0) == 0);
  REQUIRE(cut.substr(cut.size() - 3) == "...");
  std::size_t at = cut.find("(9)");
  REQUIRE(at != std::string::npos);
  // Whole characters only (each 3 bytes after the "..."), two columns each.
  CHECK((at - 3) % 3 == 0);
  CHECK(caret_line == std::string(talebook::text::display_width(cut.substr(0, at)), ' ') + "^~~");
  CHECK(talebook::text::display_width(cut.substr(0, at)) == 3 + 2 * (at - 3) / 3);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
