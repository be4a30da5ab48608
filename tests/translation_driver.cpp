// The translation stage of the driver: the source book is compiled once, into
// the translation's SourceSet; cycles of books translating each other are one
// error (TB0128); a chain of translations compares each book with its own
// source; the comparison comes back as a TranslationReport.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <regex>
#include <set>

#include "tests/paths.hpp"
#include "tests/support.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;
using Codes = std::multiset<std::string>;

namespace {

// Sets (or adds) the `translates` entry of a book's manifest.
void translate(const fs::path& book, const std::string& source) {
  auto manifest = nlohmann::json::parse(slurp(book / "book.json"));
  manifest["translates"] = source;
  spit(book / "book.json", manifest.dump(2));
}

// A copy of the Chinese book in `name`, next to the others.
fs::path copy_zh(const RiverBooks& books, const std::string& name) {
  fs::path copy = books.root / name;
  fs::copy(books.zh, copy, fs::copy_options::recursive);
  return copy;
}

int talec_exit(const std::vector<std::string>& arguments) {
  return test::talec(arguments).exit;
}

const talebook::Diagnostic& only(const talebook::Compilation& c, talebook::Code code) {
  const talebook::Diagnostic* found = nullptr;
  for (const auto& d : c.diagnostics.all())
    if (d.code == code) {
      REQUIRE(found == nullptr);
      found = &d;
    }
  REQUIRE(found != nullptr);
  return *found;
}

} // namespace

TEST_CASE("two books translating each other are one error naming both manifests",
          "[translation][driver]") {
  RiverBooks books("cycle-two");
  translate(books.source, "../zh/book.json");
  auto start = std::chrono::steady_clock::now();
  talebook::Compilation c;
  CHECK(check(books.zh, c) == Codes{"TB0128"});
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  const talebook::Diagnostic& d = only(c, talebook::Code::translation_cycle);
  CHECK(d.severity == talebook::Severity::Error);
  CHECK(d.message.find((books.zh / "book.json").string()) != std::string::npos);
  CHECK(d.message.find((books.source / "book.json").string()) != std::string::npos);
  // It points at the "translates" entry of the translation, with a note at the other one.
  CHECK(c.sources.text(d.range).substr(0, 12) == "\"translates\"");
  CHECK(c.sources.file(d.range.file).path() == (books.zh / "book.json").string());
  REQUIRE(d.notes.size() == 1);
  CHECK(c.sources.file(d.notes[0].range.file).path() == (books.source / "book.json").string());
  // Nothing was compared: no source book, no report.
  CHECK(c.source == nullptr);
  CHECK(!c.translation);
  CHECK(talec_exit({"check", books.zh.string()}) == 1);
  CHECK(talec_exit({"check", books.source.string()}) == 1);
}

TEST_CASE("a book that translates itself is one error", "[translation][driver]") {
  RiverBooks books("cycle-self");
  // Another path to the same folder: only the canonical path says it is the same book.
  fs::create_directory_symlink(books.zh, books.root / "alias");
  for (const char* self : {"book.json", ".", "../zh/book.json", "../alias/book.json"}) {
    INFO("translates: " << self);
    translate(books.zh, self);
    talebook::Compilation c;
    CHECK(check(books.zh, c) == Codes{"TB0128"});
    const talebook::Diagnostic& d = only(c, talebook::Code::translation_cycle);
    CHECK(d.notes.empty());
    CHECK(c.sources.file(d.range.file).path() == (books.zh / "book.json").string());
  }
  CHECK(talec_exit({"check", books.zh.string()}) == 1);
}

TEST_CASE("a longer cycle is one error with a note per link", "[translation][driver]") {
  RiverBooks books("cycle-three");
  fs::path third = copy_zh(books, "ko");
  translate(books.source, "../ko/book.json");
  translate(third, "../zh/book.json"); // zh -> source -> ko -> zh
  talebook::Compilation c;
  CHECK(check(books.zh, c) == Codes{"TB0128"});
  const talebook::Diagnostic& d = only(c, talebook::Code::translation_cycle);
  REQUIRE(d.notes.size() == 2);
  CHECK(c.sources.file(d.notes[0].range.file).path() == (books.source / "book.json").string());
  CHECK(c.sources.file(d.notes[1].range.file).path() == (third / "book.json").string());
  // A book whose sources run into a cycle it is not part of reports that cycle once too.
  fs::path outside = copy_zh(books, "fr");
  translate(outside, "../source/book.json");
  translate(third, "../source/book.json"); // source -> ko -> source
  talebook::Compilation f;
  CHECK(check(outside, f) == Codes{"TB0128"});
  CHECK(f.sources.file(only(f, talebook::Code::translation_cycle).range.file).path() ==
        (books.source / "book.json").string());
}

TEST_CASE("a translation of a translation is compared with its own source",
          "[translation][driver]") {
  RiverBooks books("chain");
  fs::path second = copy_zh(books, "zh-hant");
  translate(second, "../zh/book.json"); // zh-hant -> zh -> source
  fs::remove(second / "translation-state.json");
  talebook::Compilation c;
  CHECK(check(second, c) == Codes{"TB0123"}); // the same text, never reviewed against zh
  REQUIRE(c.source);
  CHECK(c.source->book.language == "zh");
  REQUIRE(c.translation);
  CHECK(c.translation->summary.translated == c.source->book.paragraphs.size());
  CHECK(c.translation->summary.mechanics == 0);
  // The source book is compiled as a book: its own translation is not compared.
  CHECK(c.source->diagnostics.all().empty());
}

TEST_CASE("the source book is compiled once, into the translation's sources",
          "[translation][driver]") {
  RiverBooks books("once");
  talebook::Compilation c;
  REQUIRE(check(books.zh, c).empty());
  REQUIRE(c.source);
  // Each file once: the translation's, its manifest, the source book's.
  std::set<std::string> paths;
  for (std::uint32_t id = 1; id <= c.sources.size(); ++id)
    CHECK(paths.insert(c.sources.file(id).path()).second);
  CHECK(c.sources.size() == 3);
  CHECK(c.sources.file(1).path() == books.zh_tales().lexically_normal().string());
  CHECK(c.sources.file(2).path() == (books.zh / "book.json").string());
  CHECK(c.sources.file(3).path() == books.source_tales().lexically_normal().string());
  // Ranges of the source book are ids of that same set.
  for (const talebook::Paragraph& p : c.source->book.paragraphs) {
    CHECK(p.header().file == 3);
    CHECK(c.sources.text(p.header()).substr(0, 1) == "@");
  }
  for (const talebook::Paragraph& p : c.book.paragraphs)
    CHECK(p.header().file == 1);
}

TEST_CASE("the translation report says where each source paragraph stands",
          "[translation][driver]") {
  RiverBooks books("report");
  books.edit(books.source_tales(), "The ferryman hums a song", "The ferryman whistles a song");
  books.edit(books.zh_tales(), "@30 status 迷路\n你找不到路了。你失去下一次移动。\n", "");
  talebook::Compilation c;
  CHECK(check(books.zh, c) == Codes{"TB0102", "TB0103", "TB0121"});
  REQUIRE(c.translation);
  const talebook::TranslationReport& report = *c.translation;
  CHECK(report.state_file.read);
  CHECK(report.summary.source_paragraphs == 11);
  CHECK(report.summary.translated == 10);
  CHECK(report.summary.stale == 1);
  CHECK(report.summary.unreviewed == 0);
  REQUIRE(report.paragraph(10));
  CHECK(report.paragraph(10)->state == talebook::ParagraphState::Stale);
  REQUIRE(report.paragraph(30));
  CHECK(report.paragraph(30)->state == talebook::ParagraphState::Untranslated);
  CHECK(report.paragraph(30)->version.empty());
  CHECK(report.current(1));
  CHECK(!report.current(10));
  CHECK(report.paragraph(99) == nullptr);
  // Without a state file every translated paragraph is unreviewed.
  fs::remove(books.zh / "translation-state.json");
  talebook::Compilation fresh;
  check(books.zh, fresh);
  REQUIRE(fresh.translation);
  CHECK(!fresh.translation->state_file.read);
  CHECK(fresh.translation->summary.unreviewed == 10);
  CHECK(fresh.translation->paragraph(1)->state == talebook::ParagraphState::Unreviewed);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
