// talec build's emitter consumes the book (emit_tbook(Book&&)): the same bytes
// as the const form, the stores freed chunk by chunk as the paragraphs are
// written (ModelRelease), the book empty afterwards. Under ASan a chunk freed
// too early is a use after free.
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "compiler/driver/book_loader.hpp"
#include "compiler/emit/emit.hpp"
#include "compiler/emit/model_release.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

using test::TempDir;

// A book of `paragraphs` award paragraphs in `files` files: in number order
// (file k holds a run of numbers), or interleaved (paragraph n in file n %
// files). Its cards file comes first on disk: the city card's award items sit
// in the award store among the paragraphs'.
void write_book(const fs::path& dir, int paragraphs, int files, bool interleaved) {
  std::ofstream(dir / "book.json")
      << "{\"title\": \"Consumed\", \"language\": \"en\", \"vocabulary\": \"" << test::source_dir()
      << "/locales/en/vocabulary.json\", \"sources\": [\"*.tales\"], "
      << "\"entry_points\": [1]}\n";
  std::ofstream(dir / "a_cards.tales") << "@card city Basra\n1: [W-1]\n2: [D2]\n3: [S1]\n"
                                       << "4: [Pursued]\n5: [Piety]\n6: [D1/S1]\n\n";
  std::vector<std::ofstream> out;
  for (int k = 0; k < files; ++k)
    out.emplace_back(dir / ("p" + std::to_string(k) + ".tales"));
  const int run = (paragraphs + files - 1) / files;
  for (int n = 1; n <= paragraphs; ++n) {
    std::ofstream& f = out[std::size_t(interleaved ? n % files : (n - 1) / run)];
    f << "@" << n << "\nThe caravan of paragraph " << n << " goes on";
    if (n < paragraphs) f << " (" << n + 1 << ")";
    f << ".\nNo Skill: The road winds on. [S1]\n"
      << "Quick Thinking: A market, the gold of " << n << ". [W+1 (Max: Poor)]\n";
    if (n % 3 == 0) f << "Weapon Use or Wisdom: The night is old. [D-1/Pursued]\n";
    f << "\n";
  }
}

void compile(const std::string& path, talebook::Compilation& c, unsigned jobs) {
  talebook::CompileOptions options;
  options.jobs = jobs;
  REQUIRE(talebook::compile_book(path, c, options));
  INFO(path);
  REQUIRE(c.diagnostics.errors() == 0);
}

bool empty(const talebook::Book& book) {
  return book.paragraphs.empty() && book.cards.empty() && book.matrices.empty() &&
         book.rejected_awards.empty() && book.modifier_words.empty() &&
         book.section_store.chunk_count() == 0 && book.condition_store.chunk_count() == 0 &&
         book.award_store.chunk_count() == 0 && book.ref_store.chunk_count() == 0 &&
         book.matrix_ref_store.chunk_count() == 0 && book.paragraph(1) == nullptr;
}

// The const form's bytes, then the consuming form's (the book emptied).
void require_same_bytes(talebook::Compilation& c, const talebook::EmitOptions& options) {
  std::string kept, consumed;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, kept, options).empty());
  REQUIRE(!empty(c.book));
  REQUIRE(talebook::emit_tbook(std::move(c.book), c.vocabulary, consumed, options).empty());
  CHECK(consumed == kept);
  CHECK(empty(c.book));
}

} // namespace

TEST_CASE("emit_tbook(Book&&) writes the const form's bytes: sample book and translation",
          "[tbook][emit]") {
  const std::string path =
      GENERATE(test::source_dir() + "/book", test::source_dir() + "/locales/zh");
  talebook::Compilation c;
  compile(path, c, 1);
  talebook::EmitOptions options;
  options.pack = GENERATE(true, false);
  require_same_bytes(c, options);
}

TEST_CASE("emit_tbook(Book&&) writes the const form's bytes: files in order or interleaved",
          "[tbook][emit]") {
  const bool interleaved = GENERATE(false, true);
  const unsigned jobs = GENERATE(1u, 4u);
  INFO("interleaved " << interleaved << ", jobs " << jobs);
  TempDir dir("consume");
  write_book(dir.path, 600, 4, interleaved);
  talebook::Compilation c;
  compile(dir.path.string(), c, jobs);
  REQUIRE(c.book.cards.size() == 1);
  require_same_bytes(c, {});
}

TEST_CASE("emit_tbook(Book&&) leaves the book empty when the emitter fails", "[tbook][emit]") {
  TempDir dir("consume-fail");
  write_book(dir.path, 100, 2, false);
  talebook::Compilation c;
  compile(dir.path.string(), c, 1);
  talebook::EmitOptions options;
  options.max_file_size = 64; // nothing fits: TB0068
  std::string bytes;
  CHECK(talebook::emit_tbook(std::move(c.book), c.vocabulary, bytes, options).find("TB0068") !=
        std::string::npos);
  CHECK(bytes.empty());
  CHECK(empty(c.book));
}

TEST_CASE("ModelRelease frees a chunk after its last paragraph, and keeps the cards'",
          "[tbook][emit]") {
  TempDir dir("release");
  write_book(dir.path, 600, 3, false);
  talebook::Compilation c;
  compile(dir.path.string(), c, 1);
  talebook::Book& book = c.book;
  const talebook::AwardCode& city = book.cards.at(0).results.at(5).awards.at(0);
  REQUIRE(city.awards.size() == 2);
  const int destiny = city.awards[0].amount(); // D1
  const std::size_t chunks = book.section_store.chunk_count();
  REQUIRE(chunks > 4); // 600 paragraphs: several chunks of sections
  talebook::ParagraphOrder order(book.paragraphs);
  talebook::ModelRelease release(book, order);
  release.written(order.size() / 2);
  const std::size_t half = release.freed();
  CHECK(half > 0); // the first half's chunks are gone
  std::size_t freed = 0;
  for (std::size_t i = 0; i < chunks; ++i)
    freed += book.section_store.chunk(i).empty();
  CHECK(freed > 0);
  CHECK(freed < chunks); // the second half's are not
  // The paragraphs after the half still read (ASan: none of theirs is freed).
  int sections = 0;
  for (std::size_t i = order.size() / 2 + 1; i < order.size(); ++i)
    for (const talebook::Section& s : order[i].sections)
      sections += int(s.conditions.size() + s.awards().size() > 0);
  CHECK(sections > 0);
  for (std::size_t i = order.size() / 2 + 1; i < order.size(); ++i)
    release.written(i);
  CHECK(release.freed() > half);
  CHECK(book.section_store.chunk(chunks - 1).empty());
  // The city card's award items are kept to the end.
  CHECK(city.awards[0].amount() == destiny);
  CHECK(city.awards[1].kind == talebook::AwardKind::Story);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
