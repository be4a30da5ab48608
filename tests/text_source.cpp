// Source text through the parser: UTF-8 validation and NFC, with places.
#include <catch2/catch.hpp>

#include "compiler/driver/book_loader.hpp"
#include "tests/paths.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

talebook::Compilation compiled(const fs::path& dir, const std::string& tales) {
  fs::remove_all(dir);
  fs::create_directories(dir);
  nlohmann::json manifest = {
      {"title", "text"},
      {"language", "zh"},
      {"vocabulary",
       (fs::path(test::source_dir()) / "locales" / "zh" / "vocabulary.json").string()},
      {"sources", {"*.tales"}}};
  spit(dir / "book.json", manifest.dump());
  spit(dir / "a.tales", tales);
  talebook::Compilation c;
  talebook::compile_book(dir.string(), c);
  return c;
}

} // namespace

TEST_CASE("invalid UTF-8 is an error at its byte, after Chinese text", "[text]") {
  fs::path dir = scratch("utf8");
  auto c = compiled(dir, "@12\n渔夫撒网\xE6\xB8。\n无技能：他回家了。[S1]\n");
  const talebook::Diagnostic* found = nullptr;
  for (const auto& d : c.diagnostics.all())
    if (d.code == talebook::Code::invalid_utf8) found = &d;
  REQUIRE(found);
  auto at = c.sources.file(found->range.file).position(found->range.begin);
  CHECK(at.line == 2);
  CHECK(at.column == 5); // four Chinese characters, then the broken sequence
  fs::remove_all(dir);
}

TEST_CASE("text not in NFC is a warning, and names still match", "[text]") {
  fs::path dir = scratch("nfc");
  // "Cafe" + combining acute: the decomposed form of "Café".
  auto c = compiled(dir, "@12\n他在Cafe\xCC\x81里坐着。\n无技能：他回家了。[S1]\n");
  std::size_t not_nfc = 0;
  for (const auto& d : c.diagnostics.all())
    if (d.code == talebook::Code::not_nfc) {
      ++not_nfc;
      CHECK(c.sources.file(d.range.file).position(d.range.begin).line == 2);
    }
  CHECK(not_nfc == 1);
  CHECK(c.diagnostics.errors() == 0);
  fs::remove_all(dir);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
