// The Chinese sample book (locales/zh) against the English one (book/).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>

#include "compiler/translate/po.hpp"
#include "compiler/translate/stats.hpp"
#include "tests/paths.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

fs::path repository() {
  return fs::path(test::source_dir());
}

int talec(const std::vector<std::string>& arguments) {
  return test::talec(arguments).exit;
}

// What talec prints on stdout (written to `out`).
std::string talec_output(const std::vector<std::string>& arguments, const fs::path& out) {
  test::Run r = test::talec(arguments);
  test::write_file(out, r.out);
  REQUIRE(r.exit == 0);
  return slurp(out);
}

} // namespace

TEST_CASE("the Chinese book checks clean against the English book", "[translation]") {
  talebook::Compilation zh;
  REQUIRE(talebook::compile_book((repository() / "locales" / "zh").string(), zh));
  std::ostringstream shown;
  talebook::render_text(shown, zh.sources, zh.diagnostics.all(), {});
  INFO(shown.str());
  CHECK(zh.diagnostics.errors() == 0);
  CHECK(zh.diagnostics.warnings() == 0);
  CHECK_FALSE(zh.book.paragraphs.empty());
}

TEST_CASE("editing one English paragraph makes exactly its Chinese translation stale",
          "[translation]") {
  fs::path root = scratch("zh-stale");
  fs::remove_all(root);
  fs::create_directories(root / "locales");
  fs::copy(repository() / "book", root / "book", fs::copy_options::recursive);
  fs::copy(repository() / "locales" / "en", root / "locales" / "en", fs::copy_options::recursive);
  fs::copy(repository() / "locales" / "zh", root / "locales" / "zh", fs::copy_options::recursive);
  // The prose of the first award paragraph that has prose gains a word.
  talebook::Compilation en;
  REQUIRE(talebook::compile_book((root / "book").string(), en));
  const talebook::Paragraph* chosen = nullptr;
  for (const auto& p : en.book.paragraphs)
    if (p.kind == talebook::ParagraphKind::Award && p.prose_range().valid() && !p.prose.empty()) {
      chosen = &p;
      break;
    }
  REQUIRE(chosen);
  const auto& file = en.sources.file(chosen->prose_range().file);
  std::string text(file.text());
  std::size_t at = text.find_first_not_of(" \r\n", chosen->prose_range().begin);
  text.insert(at, "Truly, ");
  spit(file.path(), text);

  talebook::Compilation zh;
  REQUIRE(talebook::compile_book((root / "locales" / "zh").string(), zh));
  std::vector<std::string> stale;
  for (const auto& d : zh.diagnostics.all()) {
    CHECK(d.severity != talebook::Severity::Error);
    if (d.code == talebook::Code::stale_paragraph) stale.push_back(d.message);
  }
  CHECK(stale == std::vector<std::string>{"paragraph " + std::to_string(chosen->number) +
                                          " translates an older version of its source paragraph"});
  CHECK(zh.diagnostics.warnings() == 1);

  // The report says the same, and stats, review and po show the report.
  REQUIRE(zh.translation);
  const talebook::TranslationReport& report = *zh.translation;
  CHECK(report.summary.stale == 1);
  CHECK(report.summary.unreviewed == 0);
  CHECK(report.summary.translated == en.book.paragraphs.size());
  for (const auto& p : report.paragraphs)
    CHECK((p.state == talebook::ParagraphState::Stale) == (p.number == chosen->number));
  const std::string zh_path = (root / "locales" / "zh").string();
  auto stats = nlohmann::json::parse(talec_output({"stats", "--json", zh_path}, root / "out"));
  CHECK(stats["translation"]["stale"] == report.summary.stale);
  CHECK(stats["translation"]["unreviewed"] == report.summary.unreviewed);
  CHECK(stats["translation"]["translated"] == report.summary.translated);
  const std::string number = std::to_string(chosen->number);
  const std::string listing = talec_output({"review", zh_path}, root / "out");
  CHECK(listing.rfind("stale: " + number + "\nunreviewed: none\nparagraph " + number +
                          " changed since its review:\n  @" + number + ": {+Truly, +}",
                      0) == 0);
  talebook::PoFile po;
  talebook::PoError error;
  REQUIRE(talebook::read_po(talec_output({"po", "export", zh_path}, root / "out"), po, error));
  std::size_t fuzzy = 0;
  const std::string context = "@" + std::to_string(chosen->number);
  for (const auto& e : po.entries)
    if (e.fuzzy()) {
      ++fuzzy;
      CHECK(e.context == context); // the prose, not the sections: their text is unchanged
      CHECK(e.previous_id.rfind("Truly", 0) != 0);
    }
  CHECK(fuzzy == 1);
  fs::remove_all(root);
}

TEST_CASE("Chinese prose is counted in words, about as many as the English",
          "[stats][translation]") {
  talebook::Compilation en, zh;
  REQUIRE(talebook::compile_book((repository() / "book").string(), en));
  REQUIRE(talebook::compile_book((repository() / "locales" / "zh").string(), zh));
  talebook::BookStats english = talebook::book_stats(en.book),
                      chinese = talebook::book_stats(zh.book);
  CHECK(chinese.paragraphs == english.paragraphs);
  CHECK(chinese.sections == english.sections);
  CHECK(chinese.awards == english.awards);
  // One "word" per line would give a few hundred; real words give thousands.
  std::size_t lines = 0;
  for (const auto& p : zh.book.paragraphs)
    lines += 1 + p.sections.size();
  CHECK(chinese.words > 4 * lines);
  CHECK(chinese.words * 2 > english.words);
  CHECK(chinese.words < english.words * 2);
}

TEST_CASE("the Chinese book round-trips through a PO file", "[po][translation]") {
  fs::path root = scratch("zh-po");
  fs::remove_all(root);
  fs::create_directories(root / "locales");
  fs::copy(repository() / "book", root / "book", fs::copy_options::recursive);
  fs::copy(repository() / "locales" / "en", root / "locales" / "en", fs::copy_options::recursive);
  fs::copy(repository() / "locales" / "zh", root / "locales" / "zh", fs::copy_options::recursive);
  fs::path zh = root / "locales" / "zh", file = root / "zh.po";
  std::vector<std::pair<fs::path, std::string>> before;
  for (const auto& entry : fs::directory_iterator(zh))
    if (entry.path().extension() == ".tales")
      before.emplace_back(entry.path(), slurp(entry.path()));
  REQUIRE(before.size() > 1);

  REQUIRE(talec({"po", "export", zh.string(), "-o", file.string()}) == 0);
  talebook::PoFile po;
  talebook::PoError error;
  REQUIRE(talebook::read_po(slurp(file), po, error));
  CHECK(po.entries.size() > 200);
  std::size_t fuzzy = 0, empty = 0;
  for (const auto& e : po.entries) {
    fuzzy += e.fuzzy();
    empty += e.str.empty();
  }
  CHECK(fuzzy == 0);
  CHECK(empty == 0);
  // gettext is installed by tools/setup.sh: without it, this fails.
  TEST_REQUIRE_TOOL("msgfmt", "gettext");
  CHECK(test::run("msgfmt", {"--check", "--statistics", "-o", "/dev/null", file}).exit == 0);
  REQUIRE(talec({"po", "import", file.string(), zh.string()}) == 0);
  for (const auto& [path, text] : before) {
    INFO(path.string());
    CHECK(slurp(path) == text);
  }
  fs::remove_all(root);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
