// Partial translations: what a translation lacks falls back to its source's
// (compiler/translate/fallback.hpp), one warning each, marked in the .tbook.
// The sample translation (locales/zh) is copied to a temporary folder; each
// test removes something and compiles it in process.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "compiler/emit/emit.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/talebook.h"
#include "tests/paths.hpp"
#include "tests/support.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;
using talebook::Code;
using talebook::Compilation;
using talebook::Severity;

// locales/zh in a temporary folder, translating the project's book/.
struct ZhCopy {
  test::TempDir temp;
  fs::path root;
  std::map<fs::path, std::string> original; // each .tales file as it was

  explicit ZhCopy(const std::string& name) : temp(name) {
    root = temp.path;
    fs::copy(fs::path(test::source_dir()) / "locales" / "zh", root);
    auto manifest = nlohmann::json::parse(translation_test::slurp(root / "book.json"));
    manifest["translates"] = (fs::path(test::source_dir()) / "book" / "book.json").string();
    translation_test::spit(root / "book.json", manifest.dump(2));
    for (const auto& entry : fs::directory_iterator(root))
      if (entry.path().extension() == ".tales")
        original[entry.path()] = translation_test::slurp(entry.path());
  }
  ZhCopy(const ZhCopy&) = delete;
  ZhCopy& operator=(const ZhCopy&) = delete;

  bool compile(Compilation& c, const talebook::CompileOptions& options = {}) const {
    return talebook::compile_book(root.string(), c, options);
  }
  // Writes `file` without the bytes of `range` (a range of the compiled copy).
  void cut(const Compilation& c, talebook::SourceRange range) const {
    fs::path file = c.sources.file(range.file).path();
    std::string text = original.at(file);
    translation_test::spit(file, text.erase(range.begin, range.end - range.begin));
  }
  void restore() const {
    for (const auto& [file, text] : original)
      translation_test::spit(file, text);
  }
};

std::vector<const talebook::Diagnostic*> with_severity(const Compilation& c, Severity severity) {
  std::vector<const talebook::Diagnostic*> out;
  for (const talebook::Diagnostic& d : c.diagnostics.all())
    if (d.severity == severity) out.push_back(&d);
  return out;
}

std::vector<std::int64_t> numbers(const talebook::Diagnostic& d) {
  std::vector<std::int64_t> out;
  for (const talebook::Arg& a : d.args)
    if (a.kind == talebook::Arg::Kind::Number) out.push_back(a.number);
  return out;
}

// The built book, opened by the reader.
std::unique_ptr<talebook::tbook::Book> build(const Compilation& c) {
  std::string bytes;
  std::string error = talebook::emit_tbook(c.book, c.vocabulary, bytes);
  INFO(error);
  REQUIRE(error.empty());
  auto book = talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  REQUIRE(book);
  return book;
}

std::size_t fallback_paragraphs(const talebook::tbook::Book& book) {
  std::size_t n = 0;
  for (std::uint32_t i = 0; i < book.paragraph_count(); ++i)
    n += book.paragraph(i).fallback;
  return n;
}

} // namespace

TEST_CASE("the sample translation is complete: nothing falls back", "[translation][fallback]") {
  ZhCopy zh("fallback-none");
  Compilation c;
  REQUIRE(zh.compile(c));
  CHECK(c.diagnostics.all().empty());
  CHECK(c.translation->summary.fallback_paragraphs == 0);
  auto book = build(c);
  CHECK(fallback_paragraphs(*book) == 0);
  CHECK(book->version().minor == 7);
}

// The Done-when of issue 8: removing any one paragraph of locales/zh leaves
// check at exit 0 with one warning naming it, and the built book shows it.
TEST_CASE("any one paragraph removed from the translation falls back to the source's",
          "[translation][fallback]") {
  ZhCopy zh("fallback-each");
  Compilation whole;
  REQUIRE(zh.compile(whole));
  REQUIRE(whole.diagnostics.all().empty());
  std::size_t tried = 0;
  for (const talebook::Paragraph& p : whole.book.paragraphs) {
    INFO("paragraph " << p.number << " removed");
    zh.cut(whole, p.range);
    Compilation c;
    REQUIRE(zh.compile(c));
    zh.restore();
    CHECK(c.diagnostics.errors() == 0);
    auto warnings = with_severity(c, Severity::Warning);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0]->code == Code::untranslated_paragraph);
    CHECK(numbers(*warnings[0]) == std::vector<std::int64_t>{p.number});
    CHECK(c.translation->summary.fallback_paragraphs == 1);
    CHECK(c.translation->summary.translated + 1 == c.translation->summary.source_paragraphs);
    auto book = build(c);
    auto fallback = book->find_paragraph(p.number);
    REQUIRE(fallback);
    CHECK(fallback->is_fallback());
    CHECK(fallback_paragraphs(*book) == 1);
    for (std::uint32_t s : fallback->sections)
      CHECK(book->section(s).fallback);
    // What `talec dump --paragraph N` prints.
    CHECK(talebook::tbook_paragraph_json(*book, *fallback).value("fallback", false));
    // The source's text, not the translation's.
    const talebook::Paragraph* source = c.source->book.paragraph(p.number);
    REQUIRE(source);
    CHECK(fallback->prose == source->prose);
    ++tried;
  }
  CHECK(tried == whole.book.paragraphs.size());
  CHECK(tried > 50);
}

TEST_CASE("a section removed from a translated paragraph falls back", "[translation][fallback]") {
  ZhCopy zh("fallback-section");
  Compilation whole;
  REQUIRE(zh.compile(whole));
  std::size_t tried = 0;
  for (const talebook::Paragraph& p : whole.book.paragraphs) {
    if (p.sections.size() < 2 || tried == 5) continue;
    for (std::size_t i : {std::size_t(0), p.sections.size() - 1}) {
      INFO("section " << i + 1 << " of paragraph " << p.number << " removed");
      zh.cut(whole, p.sections[i].range());
      Compilation c;
      REQUIRE(zh.compile(c));
      zh.restore();
      CHECK(c.diagnostics.errors() == 0);
      auto warnings = with_severity(c, Severity::Warning);
      REQUIRE(warnings.size() == 1);
      CHECK(warnings[0]->code == Code::untranslated_section);
      CHECK(numbers(*warnings[0]) == std::vector<std::int64_t>{std::int64_t(i + 1), p.number});
      CHECK(c.translation->summary.fallback_sections == 1);
      auto book = build(c);
      auto paragraph = book->find_paragraph(p.number);
      REQUIRE(paragraph);
      CHECK_FALSE(paragraph->fallback);
      REQUIRE(paragraph->sections.size() == p.sections.size());
      for (std::uint32_t k = 0; k < paragraph->sections.size(); ++k)
        CHECK(book->section(paragraph->sections[k]).fallback == (k == i));
    }
    ++tried;
  }
  CHECK(tried == 5);
}

TEST_CASE("a reaction matrix or a card removed from the translation falls back",
          "[translation][fallback]") {
  ZhCopy zh("fallback-matrix");
  Compilation whole;
  REQUIRE(zh.compile(whole));
  REQUIRE(whole.book.matrices.size() >= 2);
  for (const talebook::ReactionMatrix& m : whole.book.matrices) {
    INFO("matrix " << m.letter << " removed");
    zh.cut(whole, m.range);
    Compilation c;
    REQUIRE(zh.compile(c));
    zh.restore();
    CHECK(c.diagnostics.errors() == 0);
    auto warnings = with_severity(c, Severity::Warning);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0]->code == Code::missing_matrix);
    auto book = build(c); // every chart entry has its row (the emitter requires it)
    auto matrix = book->find_matrix(m.letter);
    REQUIRE(matrix);
    CHECK(matrix->is_fallback());
    CHECK(talebook::tbook_json(*book).dump().find("\"fallback\":true") != std::string::npos);
  }
  const talebook::Card& last = whole.book.cards.back();
  zh.cut(whole, last.range);
  Compilation c;
  REQUIRE(zh.compile(c));
  zh.restore();
  CHECK(c.diagnostics.errors() == 0);
  auto warnings = with_severity(c, Severity::Warning);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0]->code == Code::untranslated_card);
  auto book = build(c);
  std::size_t fallback_cards = 0;
  for (std::uint32_t i = 0; i < book->card_count(); ++i)
    fallback_cards += book->card(i).is_fallback();
  CHECK(fallback_cards == 1);
}

TEST_CASE("a translation without a Merchant Display trades on its source's",
          "[translation][fallback][display]") {
  ZhCopy zh("fallback-display");
  fs::remove(zh.root / "display.tales");
  {
    Compilation c;
    REQUIRE(zh.compile(c));
    CHECK(test::codes(c) == std::vector<std::string>{"TB0133"});
    REQUIRE(c.diagnostics.all().size() == 1);
    CHECK(c.diagnostics.all()[0].args.at(0).value == "display");
    CHECK(c.book.display.fallback);
    auto book = build(c);
    CHECK((book->display_rows() == 5 && book->display_columns() == 7));
    REQUIRE(book->product_count() == 12);
    CHECK(book->counter_group_count() > 0);
    // The translation's cities name every product, by their places in their
    // source cities' lines: the source's grid with the translation's names.
    for (std::uint32_t i = 0; i < book->product_count(); ++i)
      CHECK_FALSE(book->product(i).fallback);
    CHECK(book->product(0).name == "珍珠");
    const talebook::tbook::Space basra = book->space(*book->find_space("巴士拉"));
    REQUIRE(basra.products.size() == 2);
    CHECK(book->product(book->space_product(basra.products.first)).name == "珍珠");
  }
  // Without a map of its own either, the products keep their source names.
  fs::remove(zh.root / "map.tales");
  {
    Compilation c;
    REQUIRE(zh.compile(c));
    std::vector<std::string> codes = test::codes(c);
    CHECK(std::count(codes.begin(), codes.end(), "TB0133") == 2); // the map and the display
    for (const char* code : {"TB0135", "TB0137", "TB0228", "TB0232", "TB0238", "TB0327"})
      CHECK(std::count(codes.begin(), codes.end(), code) == 0);
    auto book = build(c);
    REQUIRE(book->product_count() == 12);
    CHECK(book->product(0).name == "Pearls");
    CHECK(book->product(0).fallback);
    const talebook::tbook::Space aden = book->space(*book->find_space("Aden"));
    REQUIRE(aden.products.size() == 3);
    CHECK(book->product(book->space_product(aden.products.first)).name == "Incense");
  }
  zh.restore(); // display.tales and map.tales too
}

TEST_CASE("a translation keeps its source's display and its cities' products",
          "[translation][display]") {
  ZhCopy zh("display-differs");
  const fs::path display = zh.root / "display.tales", map = zh.root / "map.tales";
  auto edit = [](const fs::path& file, const std::string& from, const std::string& to) {
    std::string text = translation_test::slurp(file);
    REQUIRE(text.find(from) != std::string::npos);
    translation_test::spit(file, text.replace(text.find(from), from.size(), to));
  };
  {
    Compilation c;
    REQUIRE(zh.compile(c));
    CHECK(c.diagnostics.all().empty()); // the sample translation matches its source
  }
  // Products are matched by place, in any order a city lists them.
  edit(map, "Products：珍珠、椰枣", "Products：椰枣、珍珠");
  {
    Compilation c;
    REQUIRE(zh.compile(c));
    CHECK(c.diagnostics.all().empty());
  }
  edit(map, "Products：椰枣、珍珠", "Products：椰枣、丝绸"); // Pearls are Aden's too
  {
    Compilation c;
    REQUIRE(zh.compile(c));
    CHECK(test::codes(c) == std::vector<std::string>{"TB0135"});
  }
  zh.restore();
  // Another counter, or a product in another box: the display differs.
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"Counters：straight 14", "Counters：straight 13"},
           {"Wealth 2：straight 1、right 1", "Wealth 2：straight 1、left 1"},
           {"马匹 | . | 地毯", ".    | 马匹 | 地毯"}}) {
    INFO(to);
    edit(display, from, to);
    Compilation c;
    REQUIRE(zh.compile(c));
    std::vector<std::string> codes = test::codes(c);
    CHECK(std::count(codes.begin(), codes.end(), "TB0137") == 1);
    zh.restore();
  }
}

TEST_CASE("a translation that must be complete refuses fallbacks", "[translation][fallback]") {
  ZhCopy zh("fallback-complete");
  Compilation whole;
  REQUIRE(zh.compile(whole));
  zh.cut(whole, whole.book.paragraphs.front().range);
  SECTION("--require-complete") {
    Compilation c;
    REQUIRE(zh.compile(c, {true}));
    auto errors = with_severity(c, Severity::Error);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0]->code == Code::untranslated_paragraph);
    REQUIRE(errors[0]->notes.size() == 1);
    CHECK(errors[0]->notes[0].code == Code::translation_must_be_complete);
    CHECK_FALSE(errors[0]->notes[0].range.valid());
  }
  SECTION("\"require_complete\": true in the translation's book.json") {
    auto manifest = nlohmann::json::parse(translation_test::slurp(zh.root / "book.json"));
    manifest["require_complete"] = true;
    translation_test::spit(zh.root / "book.json", manifest.dump(2));
    Compilation c;
    REQUIRE(zh.compile(c));
    auto errors = with_severity(c, Severity::Error);
    REQUIRE(errors.size() == 1);
    REQUIRE(errors[0]->notes.size() == 1);
    CHECK(errors[0]->notes[0].range.valid()); // at the manifest's entry
  }
  SECTION("\"require_complete\" must be a boolean") {
    auto manifest = nlohmann::json::parse(translation_test::slurp(zh.root / "book.json"));
    manifest["require_complete"] = "yes";
    translation_test::spit(zh.root / "book.json", manifest.dump(2));
    Compilation c;
    CHECK_FALSE(zh.compile(c));
  }
}

// The reference engine plays a fallback paragraph's text: the game of
// tests/data/play/zh_city.in reaches paragraph 601, which the translation lacks.
TEST_CASE("talec play plays the source's text of a fallback paragraph", "[translation][fallback]") {
  ZhCopy zh("fallback-play");
  Compilation whole;
  REQUIRE(zh.compile(whole));
  const talebook::Paragraph* p601 = whole.book.paragraph(601);
  REQUIRE(p601);
  zh.cut(whole, p601->range);
  const fs::path tbook = zh.root / "partial.tbook";
  test::Run build = test::talec({"build", zh.root.string(), "-o", tbook.string()});
  INFO(build.err);
  REQUIRE(build.exit == 0);
  CHECK(build.err.find("warning[TB0102]: paragraph 601 is not translated") != std::string::npos);
  // For a release: nothing is written, the fallback is an error.
  const fs::path release = zh.root / "release.tbook";
  test::Run refused =
      test::talec({"build", "--require-complete", zh.root.string(), "-o", release.string()});
  CHECK(refused.exit == 1);
  CHECK(refused.err.find("error[TB0102]: paragraph 601 is not translated") != std::string::npos);
  CHECK_FALSE(fs::exists(release));
  CHECK(test::talec({"check", "--require-complete", zh.root.string()}).exit == 1);
  test::Run dump = test::talec({"dump", tbook.string(), "--paragraph", "601"});
  CHECK(dump.out.find("\"fallback\": true") != std::string::npos);
  test::Run stats = test::talec({"stats", "--json", zh.root.string()});
  REQUIRE(stats.exit == 0);
  nlohmann::json j = nlohmann::json::parse(stats.out);
  const std::size_t all = whole.book.paragraphs.size();
  CHECK(j["paragraphs"] == all - 1); // the translation's own
  CHECK(j["translation"]["source_paragraphs"] == all);
  CHECK(j["translation"]["translated"] == all - 1);
  CHECK(j["translation"]["fallback_paragraphs"] == 1);
  CHECK(j["translation"]["fallback_percent"] == 100 / all);
  CHECK(j["translation"]["coverage_percent"] == (all - 1) * 100 / all);
  // The C API says so too.
  std::string bytes = translation_test::slurp(tbook);
  talebook_book* c_book = talebook_open_memory(bytes.data(), bytes.size());
  REQUIRE(c_book);
  talebook_paragraph p{}, q{};
  CHECK(talebook_find_paragraph(c_book, 601, &p));
  CHECK(p.fallback == 1);
  CHECK(talebook_find_paragraph(c_book, 602, &q));
  CHECK(q.fallback == 0);
  talebook_close(c_book);
  const std::string input = test::tests_dir() + std::string("/data/play/zh_city.in");
  const fs::path out = zh.root / "play.out";
  test::Run play =
      test::talec({"play", tbook, "--seed", "15", "--start", "space=巴士拉"}, // as zh_city
                  test::with_input(test::read_file(input)));
  test::write_file(out, play.err + play.out);
  CHECK(play.exit == 0);
  CHECK(translation_test::slurp(out).find(
            "paragraph 601 (rule 11.7).\n\n601\nThe old one laughs at your groveling.\n") !=
        std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
