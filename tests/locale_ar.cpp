// A language is data: the Arabic vocabulary (locales/ar) gives the grammar its
// code punctuation (`،` `؛` `؟`) and digits (`٠`–`٩`), and the sample's
// partial Arabic translation reads as its source reads.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "compiler/translate/translation.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using talebook::Compilation;

std::string conditions(const talebook::Section& s) {
  std::string out;
  for (const auto& c : s.conditions)
    out += (out.empty() ? "" : ",") + std::string(c.id);
  return out;
}

} // namespace

TEST_CASE("arabic: the vocabulary's comma separates conditions, in Arabic books only",
          "[languages][grammar]") {
  Compilation ar;
  test::compile(
      ar, {{"ar.tales", "@1\nنص.\nالعلم، الحكمة: تقرأ اللوح. [S1]\nبلا مهارة: لا شيء. [S1]\n"}},
      "ar");
  REQUIRE(test::codes(ar).empty());
  const talebook::Paragraph& p = ar.book.paragraphs.front();
  REQUIRE(p.sections.size() == 2);
  CHECK(conditions(p.sections[0]) == "scholarship,wisdom");
  // In an English book the Arabic comma is no code: `Piety، Wisdom` is one
  // (unknown) name, never two conditions.
  Compilation en;
  test::compile(en, "@1\nText.\nPiety، Wisdom: x [S1]\nNo Skill: y [S1]\n");
  bool two_conditions = false;
  for (const auto& paragraph : en.book.paragraphs)
    for (const auto& s : paragraph.sections)
      two_conditions = two_conditions || s.conditions.size() == 2;
  CHECK_FALSE(two_conditions);
}

TEST_CASE("arabic: Arabic-Indic digits wherever ASCII digits are, the Arabic list marks",
          "[languages][grammar]") {
  Compilation ar;
  test::compile(ar,
                {{"ar.tales", "@١٢\nترى بابا (١٣)؟ S١.\n"
                              "بلا مهارة: تمضي. [S٢/D١/W+١ (الأقصى: غني)]\n"
                              "@١٣\nنص.\nبلا مهارة: لا شيء. [S1]\n"}},
                "ar");
  REQUIRE(test::codes(ar).empty());
  REQUIRE(ar.book.paragraphs.size() == 2);
  CHECK(ar.book.paragraphs[0].number == 12);
  CHECK(ar.book.paragraphs[1].number == 13);
  // The same text read as English: `١٢` is no number, so there is no paragraph 12.
  Compilation en;
  test::compile(en, "@١٢\ntext\n");
  CHECK_FALSE(test::codes(en).empty());
}

TEST_CASE("arabic: carets and JSON columns on a right-to-left line are logical",
          "[languages][text]") {
  // The reference `(٩٩٩)` stands after 12 characters of Arabic (logical order).
  std::string line = "بلا مهارة: تمضي (٩٩٩).";
  Compilation c;
  test::compile(c, {{"ar.tales", "@1\nنص.\n" + line + " [S1]\n"}}, "ar");
  REQUIRE(test::codes(c) == std::vector<std::string>{"TB0011"});
  auto doc = nlohmann::json::parse(talebook::render_json(c.sources, c.diagnostics.all()));
  const auto& d = doc["diagnostics"][0];
  CHECK(d["line"] == 3);
  CHECK(d["column"] == 17);     // 16 code points before `(`
  CHECK(d["end_column"] == 22); // `(٩٩٩)` is 5 code points
  std::ostringstream out;
  talebook::render_text(out, c.sources, c.diagnostics.all(), {});
  std::istringstream lines(out.str());
  std::string text, caret;
  while (std::getline(lines, text))
    if (text.find(line) != std::string::npos) {
      std::getline(lines, caret);
      break;
    }
  REQUIRE_FALSE(caret.empty());
  CHECK(caret.substr(caret.find('|') + 2) == std::string(16, ' ') + "^~~~~");
}

TEST_CASE("arabic: the partial translation's own paragraphs read as their sources",
          "[languages][translation]") {
  Compilation c;
  talebook::compile_book(test::source_dir() + "/locales/ar/book.json", c);
  std::set<int> translated;
  for (const auto& p : c.book.paragraphs)
    if (c.sources.file(p.prose_range().file).path().find("locales/ar") != std::string::npos)
      translated.insert(static_cast<int>(p.number));
  CHECK(translated.size() >= 12);
  CHECK(translated.count(600) == 1);
  CHECK(translated.count(700) == 1);
  // No error and no warning stands in a translated file: every paragraph there
  // has its source's mechanics. What is not translated falls back to the source.
  CHECK(c.diagnostics.errors() == 0);
  for (const auto& d : c.diagnostics.all()) {
    if (!d.range.valid()) continue;
    std::string path = c.sources.file(d.range.file).path();
    INFO(talebook::info(d.code).code << " " << path);
    CHECK(
        (path.find("locales/ar") == std::string::npos || path.find(".tales") == std::string::npos));
  }
}

TEST_CASE("arabic: talec check exits 0, build writes a book that play runs", "[languages][cli]") {
  test::TempDir temp("ar");
  std::string tbook = temp.str() + "/ar.tbook";
  test::Run check = test::talec({"check", "locales/ar"});
  CHECK(check.exit == 0);
  test::Run build = test::talec({"build", "locales/ar", "-o", tbook});
  REQUIRE(build.exit == 0);
  // A scripted game: a man, three skills, then 1, 2, 3... to every question.
  std::string answers = "1\n1\n2\n3\n";
  for (int i = 0; i < 100; ++i)
    answers += "1\n2\n3\n";
  test::Run play = test::talec({"play", tbook, "--seed", "1"}, test::with_input(answers));
  std::string transcript = play.err + play.out;
  CHECK(play.exit < 128); // not a signal
  CHECK(play.exit == 0);
  CHECK(transcript.find("كتاب الحكايات (نموذج)") != std::string::npos);
  // The game reaches the translated paragraphs of the old ones (matrix H):
  // "الشيخ", the old man, is a word of their Arabic prose only.
  CHECK(transcript.find("الشيخ") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
