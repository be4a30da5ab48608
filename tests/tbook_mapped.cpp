// Format 1.2: the default .tbook packs its strings in blocks, and
// Book::open_mapped reads a file in place, checking each section and each
// string block when it is first read (docs/binary-format.md, "String blocks
// and sums (1.2)"). The time of open + fetch is measured by tools/bench, not
// here.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <future>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compiler/driver/book_loader.hpp"
#include "compiler/emit/emit.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "talebook/talebook.h"
#include "tests/reliability_support.hpp"
#include "tests/tbook_rebuild.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using namespace talebook::tbook;
using reliability::Scratch;

std::string sample_tbook(bool pack) {
  talebook::Compilation c;
  REQUIRE(talebook::compile_book(test::source_dir() + "/book", c));
  std::string bytes;
  talebook::EmitOptions options;
  options.pack = pack;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, bytes, options).empty());
  return bytes;
}

const layout::SectionEntry* find(const std::string& file, std::uint32_t tag) {
  layout::Header h;
  std::memcpy(&h, file.data(), sizeof h);
  for (std::uint32_t i = 0; i < h.section_count; ++i) {
    auto* e = reinterpret_cast<const layout::SectionEntry*>(file.data() + h.header_size + 24 * i);
    if (e->tag == tag) return e;
  }
  return nullptr;
}

std::string json_of(const Book& book) {
  return talebook::tbook_json(book).dump();
}

} // namespace

TEST_CASE("the default .tbook packs its strings in blocks and reads as the unpacked one",
          "[tbook]") {
  const std::string blocked = sample_tbook(true), plain = sample_tbook(false);
  CHECK(find(blocked, layout::tag("STRS")) == nullptr);
  REQUIRE(find(blocked, layout::tag_blocks) != nullptr);
  CHECK(find(blocked, layout::tag_blocks)->count >= 1);
  CHECK(find(plain, layout::tag("STRS")) != nullptr);
  CHECK(find(plain, layout::tag_blocks) == nullptr);
  // Its strings take about a third of their unpacked size, its records the same
  // (a small book is mostly records: at 100,000 paragraphs the file is about
  // half the sources, docs/performance.md).
  CHECK(blocked.size() * 10 < plain.size() * 7);
  std::string error;
  auto a = Book::open_memory(blocked.data(), blocked.size(), error);
  REQUIRE(a);
  auto b = Book::open_memory(plain.data(), plain.size(), error);
  REQUIRE(b);
  CHECK(a->version().minor == layout::version_minor);
  CHECK(json_of(*a) == json_of(*b));
}

TEST_CASE("open_mapped reads a book in place as open_file does", "[tbook]") {
  Scratch s("mapped");
  const bool pack = GENERATE(true, false);
  INFO((pack ? "blocked" : "unpacked"));
  const std::string bytes = sample_tbook(pack);
  s.write("b.tbook", bytes);
  std::string error;
  auto whole = Book::open_file(s.path("b.tbook"), error);
  REQUIRE(whole);
  auto mapped = Book::open_mapped(s.path("b.tbook"), error);
  REQUIRE(mapped);
  CHECK(error.empty());
  // One paragraph first (only what it needs is unpacked), then everything.
  auto p = mapped->find_paragraph(whole->paragraph(whole->paragraph_count() - 1).number);
  REQUIRE(p);
  CHECK(p->prose == whole->paragraph(whole->paragraph_count() - 1).prose);
  CHECK(json_of(*mapped) == json_of(*whole));
  CHECK(mapped->verify(error));
  CHECK(error.empty());
  CHECK(!Book::open_mapped(s.path("missing.tbook"), error));
  CHECK(error.rfind("cannot open", 0) == 0);
}

TEST_CASE("open_mapped checks a section when first read, verify checks all", "[tbook]") {
  Scratch s("lazy");
  std::string bytes = sample_tbook(true);
  const layout::SectionEntry awards = *find(bytes, layout::tag("AWRD"));
  bytes[awards.offset + awards.size / 2] ^= 0x20;
  s.write("b.tbook", bytes);
  std::string error;
  CHECK(!Book::open_file(s.path("b.tbook"), error)); // the whole-file checksum
  CHECK(error.find("checksum mismatch") != std::string::npos);
  auto book = Book::open_mapped(s.path("b.tbook"), error);
  REQUIRE(book); // the header and the table are intact
  // Paragraphs, sections and their strings do not read the awards.
  CHECK(book->paragraph_count() > 0);
  CHECK(!book->paragraph(0).prose.empty());
  CHECK(book->section(0).conditions.count < 100);
  try {
    book->award(0);
    FAIL("a damaged section was read");
  } catch (const BadBookError& e) {
    CHECK(std::string(e.what()) == "bad book file: checksum mismatch in section 'awards'");
  }
  CHECK_THROWS_AS(book->award(1), BadBookError); // and every time after
  CHECK(!book->verify(error));
  CHECK(error.find("checksum mismatch") != std::string::npos);
}

TEST_CASE("open_mapped unpacks a string block when first read and checks it", "[tbook]") {
  Scratch s("block");
  std::string bytes = sample_tbook(true);
  const layout::SectionEntry data = *find(bytes, layout::tag_block_data);
  const layout::SectionEntry blocks = *find(bytes, layout::tag_blocks);
  REQUIRE(blocks.count >= 2); // the sample's pool is cut into several blocks
  layout::StringBlockRecord last;
  std::memcpy(&last, bytes.data() + blocks.offset + 24 * (blocks.count - 1), 24);
  bytes[data.offset + last.data_offset + last.packed_size / 2] ^= 0x01;
  s.write("b.tbook", bytes);
  std::string error;
  auto book = Book::open_mapped(s.path("b.tbook"), error);
  REQUIRE(book);
  CHECK(!book->title().empty()); // in the first block
  // Some string lies in the damaged last block: reading all of them meets it.
  std::string what;
  try {
    json_of(*book);
  } catch (const BadBookError& e) {
    what = e.what();
  }
  CHECK(what ==
        "bad book file: checksum mismatch in string block " + std::to_string(blocks.count - 1));
}

TEST_CASE("open_mapped meets every single-byte change of a small book, or reads it unchanged",
          "[tbook]") {
  Scratch s("bytes");
  const std::string good = sample_tbook(true);
  std::string error;
  auto original = Book::open_memory(good.data(), good.size(), error);
  REQUIRE(original);
  const std::string expected = json_of(*original);
  std::size_t refused = 0, thrown = 0, same = 0;
  // Every 53rd byte keeps the test short; the whole-file checksum's own test
  // (tbook_damage.cpp) changes every byte.
  for (std::size_t i = 0; i < good.size(); i += 53) {
    std::string bad = good;
    bad[i] = char(bad[i] ^ 0xFF);
    s.write("b.tbook", bad);
    talebook::tbook::ReadError read_error;
    auto book = Book::open_mapped(s.path("b.tbook"), read_error);
    if (!book) {
      CHECK(read_error.bad_file());
      ++refused;
      continue;
    }
    try {
      std::string json = json_of(*book);
      // Unread bytes (the header's checksum and reserved fields, padding):
      // the content is unchanged, and verify sees the change.
      CHECK(json == expected);
      ++same;
    } catch (const BadBookError&) {
      ++thrown;
    }
    CHECK(!book->verify(error));
  }
  INFO(refused << " refused, " << thrown << " thrown, " << same << " read unchanged");
  CHECK(refused > 0);
  CHECK(thrown > refused);
  CHECK(same < 5);
}

TEST_CASE("the C API's talebook_open_mapped reads in place and reports damage", "[tbook]") {
  Scratch s("c_mapped");
  std::string bytes = sample_tbook(true);
  s.write("good.tbook", bytes);
  talebook_book* good = talebook_open_mapped(s.path("good.tbook").c_str());
  REQUIRE(good);
  std::string error;
  auto whole = Book::open_file(s.path("good.tbook"), error);
  REQUIRE(whole);
  talebook_paragraph p;
  REQUIRE(talebook_find_paragraph(good, whole->paragraph(3).number, &p) == 1);
  CHECK(std::string(p.prose.data, p.prose.size) == whole->paragraph(3).prose);
  CHECK(talebook_verify(good) == 1);
  talebook_close(good);
  // A damaged awards section: the header and table open, the award fails when read.
  const layout::SectionEntry awards = *find(bytes, layout::tag("AWRD"));
  bytes[awards.offset + awards.size / 2] ^= 0x20;
  s.write("bad.tbook", bytes);
  talebook_book* bad = talebook_open_mapped(s.path("bad.tbook").c_str());
  REQUIRE(bad);
  REQUIRE(talebook_paragraph_at(bad, 0, &p) == 1);
  talebook_award a;
  CHECK(talebook_award_at(bad, 0, &a) == 0);
  CHECK(std::string(talebook_last_error()) ==
        "bad book file: checksum mismatch in section 'awards'");
  talebook_error_info info;
  talebook_last_error_info(&info);
  CHECK(info.kind == TALEBOOK_ERROR_SECTION_CHECKSUM);
  CHECK(info.layer == TALEBOOK_LAYER_SUMS);
  CHECK(std::string(talebook_section_name(info.section)) == "awards");
  CHECK(std::string(talebook_error_kind_name(info.kind)) == "section_checksum");
  CHECK(talebook_verify(bad) == 0);
  CHECK(std::string(talebook_last_error()).find("checksum mismatch") != std::string::npos);
  talebook_close(bad);
  CHECK(talebook_open_mapped(s.path("missing.tbook").c_str()) == nullptr);
  CHECK(!std::string(talebook_last_error()).empty());
  talebook_last_error_info(&info);
  CHECK(info.kind == TALEBOOK_ERROR_CANNOT_OPEN);
  CHECK(info.layer == TALEBOOK_LAYER_IO);
  CHECK(info.section == TALEBOOK_NO_SECTION);
}

TEST_CASE("open_mapped refuses a FIFO at once, never waiting for a writer", "[tbook]") {
  Scratch s("fifo");
  const std::string fifo = s.path("book.tbook");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto opened = std::async(std::launch::async, [&] {
    ReadError error;
    const bool book = Book::open_mapped(fifo, error) != nullptr;
    talebook_book* c = talebook_open_mapped(fifo.c_str());
    talebook_close(c);
    return std::pair{book || c, error.kind};
  });
  const bool done = opened.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
  if (!done) // it waits for a writer: give it one, so that the test ends
    for (int i = 0; i < 2; ++i)
      ::close(::open(fifo.c_str(), O_WRONLY));
  REQUIRE(done);
  const auto [opened_any, kind] = opened.get();
  CHECK_FALSE(opened_any);
  CHECK(kind == ReadErrorKind::NotRegularFile);
}

TEST_CASE("a header changed under a mapped book is refused, never read past its field", "[tbook]") {
  Scratch s("changed");
  s.write("book.tbook", sample_tbook(true));
  ReadError error;
  auto book = Book::open_mapped(s.path("book.tbook"), error);
  REQUIRE(book);
  {
    // The same file (the mapping sees it): a language of 16 bytes and no end.
    std::fstream f(s.path("book.tbook"), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(offsetof(layout::Header, language));
    f << std::string(sizeof(layout::Header::language), 'x');
  }
  // The book's record (read first here) names another language than the
  // header now does.
  try {
    (void)book->title();
    FAIL("read as if unchanged");
  } catch (const BadBookError& e) {
    CHECK(e.error().kind == ReadErrorKind::LanguageMismatch);
  }
  CHECK_FALSE(book->verify(error));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
