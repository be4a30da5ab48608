// The string blocks as the emitter makes them (1.3: zstd frames against a
// trained dictionary): the same bytes on
// any number of threads, every block unpacks to its strings, and the emitter's
// self-check (each block unpacked where it was packed, then the reader's checks
// with the pool it packed) catches a packer bug and a damaged block.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <random>
#include <unistd.h>

#include "compiler/driver/book_loader.hpp"
#include "compiler/emit/emit.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "tests/support.hpp"
#include "tests/tbook_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using namespace talebook::tbook::layout;

// A pool of `n` strings of a few words each (some repeated, as prose is).
std::string pool_of(std::size_t n, unsigned seed) {
  const char* words[] = {
      "the ",     "sultan ", "djinn ",     "of ",     "Basra ",  "[S1/D1] ", "(134) ",
      "caravan ", "gold ",   "No Skill: ", "Piety: ", "a lamp ", "东方 "};
  std::mt19937 rng(seed);
  std::string pool;
  for (std::size_t i = 0; i < n; ++i) {
    std::string s;
    for (std::size_t k = 0, len = 2 + rng() % 120; k < len; ++k)
      s += words[rng() % std::size(words)];
    std::uint32_t size = std::uint32_t(s.size());
    pool.append(reinterpret_cast<const char*>(&size), 4);
    pool += s;
    pool.append(4 - s.size() % 4, '\0');
  }
  return pool;
}

StringBlockRecord block_at(const talebook::StringBlocks& b, std::size_t i) {
  StringBlockRecord r;
  std::memcpy(&r, b.blocks.data() + i * sizeof r, sizeof r);
  return r;
}

std::string fixture_file(talebook::EmitOptions options, std::string& error) {
  std::string bytes;
  error = talebook::emit_tbook(tbook_test::fixture_book(), tbook_test::fixture_vocabulary(), bytes,
                               options);
  return bytes;
}

} // namespace

TEST_CASE("string blocks: the same bytes on any number of threads", "[tbook][pack]") {
  const std::string pool = pool_of(3000, 11); // about 1 MB: a dictionary and ~60 blocks
  const talebook::StringBlocks one = talebook::pack_strings(pool, {1, {}});
  REQUIRE(one.error.empty());
  REQUIRE(one.blocks.size() / sizeof(StringBlockRecord) > 20);
  // A zstd dictionary (ZDICT's magic) trained on 256 KiB of the pool.
  REQUIRE(one.dictionary.size() > 1024);
  CHECK(one.dictionary.size() <= talebook::dictionary_capacity);
  CHECK(one.dictionary.compare(0, 4, "\x37\xA4\x30\xEC") == 0);
  for (unsigned jobs : {2u, 3u, 8u, 0u}) {
    INFO(jobs << " threads");
    const talebook::StringBlocks many = talebook::pack_strings(pool, {jobs, {}});
    CHECK(many.error.empty());
    CHECK(many.dictionary == one.dictionary);
    CHECK(many.blocks == one.blocks);
    CHECK(many.data == one.data);
  }
  // Every block, unpacked after the dictionary, gives its part of the pool.
  CHECK(one.data.size() * 3 < pool.size());
  for (std::size_t i = 0; i < one.blocks.size() / sizeof(StringBlockRecord); ++i) {
    StringBlockRecord r = block_at(one, i);
    std::string out = one.dictionary + std::string(r.size, '\0');
    REQUIRE(talebook::tbook::unpack_stream(one.data.data() + r.data_offset, r.packed_size,
                                           out.data(), out.size(), one.dictionary.size()));
    CHECK(out.substr(one.dictionary.size()) == pool.substr(r.pool_offset, r.size));
  }
}

TEST_CASE("emit: the self-check catches a block that does not unpack to its strings",
          "[tbook][pack]") {
  std::string error;
  talebook::EmitOptions options;
  REQUIRE(!fixture_file(options, error).empty());
  REQUIRE(error.empty());
  // A packer bug: one bit of the packed block changed before its sum is taken.
  options.damage_block = [](std::string& packed, std::size_t) { packed[packed.size() / 2] ^= 4; };
  CHECK(fixture_file(options, error).empty());
  CHECK(error == "internal error: string block 0 does not unpack to its strings");
}

TEST_CASE("emit: the self-check catches a damaged block behind a good checksum", "[tbook][pack]") {
  std::string error;
  talebook::EmitOptions options;
  // An assembly bug: a byte of SDAT changed after the block's sum was taken,
  // the header's checksum made right again.
  options.damage_file = [](std::string& file) {
    Header h;
    std::memcpy(&h, file.data(), sizeof h);
    for (std::uint32_t i = 0; i < h.section_count; ++i) {
      SectionEntry e;
      std::memcpy(&e, file.data() + h.header_size + i * sizeof e, sizeof e);
      if (e.tag == tag_block_data) file[e.offset + e.size / 2] ^= 1;
    }
    std::memset(file.data() + checksum_offset, 0, 8);
    std::uint64_t sum =
        fnv1a(fnv_offset, reinterpret_cast<const unsigned char*>(file.data()), file.size());
    std::memcpy(file.data() + checksum_offset, &sum, 8);
  };
  talebook::Diagnostics diagnostics;
  options.diagnostics = &diagnostics;
  CHECK(fixture_file(options, error).empty());
  CHECK(error == "internal error: bad book file: checksum mismatch in string block 0");
  // The same, as a coded diagnostic (TB0079) with the reader's check by name.
  REQUIRE(diagnostics.all().size() == 1);
  const talebook::Diagnostic& d = diagnostics.all()[0];
  CHECK(d.code == talebook::Code::emit_refused);
  REQUIRE(d.args.size() == 2);
  CHECK(d.args[0].value == "self_check");
  CHECK(d.args[1].value == "block_checksum");
  CHECK(d.message.find("fails the reader's check 'block_checksum'") != std::string::npos);
}

TEST_CASE("emit: the sample book's file is the same on any number of threads", "[tbook][pack]") {
  talebook::Compilation c;
  REQUIRE(talebook::compile_book(test::source_dir() + "/book", c));
  std::string one, many;
  talebook::EmitOptions options;
  options.jobs = 1;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, one, options).empty());
  options.jobs = 4;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, many, options).empty());
  CHECK(one == many);
}

namespace {

namespace fs = std::filesystem;

// A book of `n` paragraphs of made-up prose: ~400 bytes each.
talebook::Compilation& many_blocks_book(std::size_t n) {
  static talebook::Compilation c;
  if (!c.book.paragraphs.empty()) return c;
  REQUIRE(c.vocabulary.load_file(test::source_dir() + "/locales/en/vocabulary.json").empty());
  c.book.language = "en";
  const char* words[] = {"sultan", "djinn", "of",   "Basra", "caravan", "gold",
                         "lamp",   "the",   "ship", "night", "desert",  "well"};
  std::mt19937 rng(7);
  std::string text;
  for (std::size_t p = 1; p <= n; ++p) {
    text += "@" + std::to_string(p) + "\nThe";
    for (int w = 0; w < 50; ++w)
      text += std::string(" ") + words[rng() % std::size(words)];
    text += " (" + std::to_string(p % n + 1) + ").\nNo Skill: You go on with the " +
            words[rng() % std::size(words)] + ". [S1]\n\n";
  }
  c.sources.add("many.tales", text);
  talebook::compile_loaded(c);
  return c;
}

std::string section_of(const std::string& file, std::uint32_t tag) {
  Header h;
  std::memcpy(&h, file.data(), sizeof h);
  for (std::uint32_t i = 0; i < h.section_count; ++i) {
    SectionEntry e;
    std::memcpy(&e, file.data() + h.header_size + i * sizeof e, sizeof e);
    if (e.tag == tag) return file.substr(e.offset, e.size);
  }
  return {};
}

} // namespace

TEST_CASE("emit: blocks packed while the records are written: the same bytes on any number "
          "of threads, a dictionary from the paragraphs",
          "[tbook][pack]") {
  talebook::Compilation& c = many_blocks_book(800); // ~330 KB of strings: ~20 blocks
  REQUIRE(c.diagnostics.errors() == 0);
  std::string one;
  talebook::EmitOptions options;
  options.jobs = 1;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, one, options).empty());
  REQUIRE(section_of(one, tag_blocks).size() / sizeof(StringBlockRecord) > 10);
  for (unsigned jobs : {2u, 3u, 0u}) {
    INFO(jobs << " threads");
    std::string many;
    options.jobs = jobs;
    REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, many, options).empty());
    CHECK(many == one);
  }
  // The dictionary is trained on the paragraphs (ZDICT's format, at most
  // 64 KiB), and the blocks are smaller with it than without.
  const std::string dictionary = section_of(one, tag_dictionary);
  CHECK(dictionary.size() > 1024);
  CHECK(dictionary.size() <= talebook::dictionary_capacity);
  CHECK(dictionary.compare(0, 4, "\x37\xA4\x30\xEC") == 0);
  {
    const std::string data = section_of(one, tag_block_data);
    const talebook::BlockPacker plain("");
    const std::string records = section_of(one, tag_blocks);
    std::size_t without = 0;
    std::string block;
    for (std::size_t at = 0; at < records.size(); at += sizeof(StringBlockRecord)) {
      StringBlockRecord r;
      std::memcpy(&r, records.data() + at, sizeof r);
      block = dictionary + std::string(r.size, '\0');
      REQUIRE(talebook::tbook::unpack_stream(data.data() + r.data_offset, r.packed_size,
                                             block.data(), block.size(), dictionary.size()));
      without += plain.pack(std::string_view(block).substr(dictionary.size())).size();
    }
    CHECK(data.size() < without);
  }
  // The reader unpacks every block (open_memory checks the whole file) and
  // reads the book as it was compiled.
  std::string error;
  auto book = talebook::tbook::Book::open_memory(one.data(), one.size(), error);
  REQUIRE(book);
  for (std::uint32_t n : {1u, 400u, 800u}) {
    auto p = book->find_paragraph(n);
    REQUIRE(p);
    CHECK(p->prose == c.book.paragraphs[n - 1].prose);
  }
}

TEST_CASE("emit: the file is written while it is checked, and only a checked file is kept",
          "[tbook][pack]") {
  talebook::Compilation& c = many_blocks_book(800);
  const fs::path dir =
      fs::temp_directory_path() / ("talebook_emitfile_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "book.tbook").string();
  for (bool pack : {true, false}) {
    INFO("pack " << pack);
    for (unsigned jobs : {1u, 2u}) {
      talebook::AtomicFile file;
      REQUIRE(file.open(path).empty());
      std::string bytes, expected;
      talebook::EmitOptions options;
      options.pack = pack;
      options.jobs = jobs;
      REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, expected, options).empty());
      options.file = &file;
      REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, bytes, options).empty());
      CHECK(bytes.empty()); // the bytes went to the file only
      REQUIRE(file.commit().empty());
      CHECK(test::read_file(path) == expected); // with its checksum, written last
      std::string error;
      CHECK(talebook::tbook::Book::open_memory(expected.data(), expected.size(), error));
    }
  }
  fs::remove(path);
  // A file the reader refuses is removed, and nothing is left under its name.
  talebook::AtomicFile file;
  REQUIRE(file.open(path).empty());
  std::string bytes;
  talebook::EmitOptions options;
  options.file = &file;
  options.damage_file = [](std::string& f) { f[f.size() / 2] ^= 1; };
  CHECK(!talebook::emit_tbook(c.book, c.vocabulary, bytes, options).empty());
  CHECK(!fs::exists(path));
  CHECK(fs::is_empty(dir));
  fs::remove_all(dir);
}

TEST_CASE("emit: a worker's exception reaches the caller, on any number of threads",
          "[tbook][pack]") {
  talebook::Compilation& c = many_blocks_book(800);
  for (unsigned jobs : {1u, 2u, 4u}) {
    INFO(jobs << " threads");
    std::string bytes;
    talebook::EmitOptions options;
    options.jobs = jobs;
    options.damage_block = [](std::string&, std::size_t b) {
      if (b == 3) throw std::runtime_error("block 3");
    };
    CHECK_THROWS_WITH(talebook::emit_tbook(c.book, c.vocabulary, bytes, options), "block 3");
    CHECK(bytes.empty());
  }
}

TEST_CASE("reader: check_written checks a file given in parts, with its pool a block at a time",
          "[tbook][pack]") {
  talebook::Compilation& c = many_blocks_book(800);
  std::string file;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, file, {}).empty());
  // The pool, unpacked from the blocks as a writer would hold it.
  const std::string dictionary = section_of(file, tag_dictionary),
                    records = section_of(file, tag_blocks), data = section_of(file, tag_block_data);
  std::string pool;
  for (std::size_t at = 0; at < records.size(); at += sizeof(StringBlockRecord)) {
    StringBlockRecord r;
    std::memcpy(&r, records.data() + at, sizeof r);
    std::string block = dictionary + std::string(r.size, '\0');
    REQUIRE(talebook::tbook::unpack_stream(data.data() + r.data_offset, r.packed_size, block.data(),
                                           block.size(), dictionary.size()));
    pool += block.substr(dictionary.size());
  }
  Header h;
  std::memcpy(&h, file.data(), sizeof h);
  std::vector<SectionEntry> table(h.section_count);
  std::memcpy(table.data(), file.data() + h.header_size, table.size() * sizeof(SectionEntry));
  std::string copy = file, their_pool = pool; // what the parts give
  talebook::tbook::Book::WrittenFile parts;
  parts.head =
      std::string_view(copy).substr(0, h.header_size + table.size() * sizeof(SectionEntry));
  parts.size = copy.size();
  parts.section = [&](std::uint32_t i) -> const void* { return copy.data() + table[i].offset; };
  parts.read = [&](std::uint64_t at, std::uint64_t n, std::string& to) { to.append(copy, at, n); };
  parts.pool = [&](std::uint64_t at, std::uint64_t n, std::string& to) {
    to.append(their_pool, at, n);
  };
  std::string error;
  CHECK(talebook::tbook::Book::check_written(parts, error));
  CHECK(error.empty());
  auto offset_of = [&](std::uint32_t tag) {
    for (const SectionEntry& e : table)
      if (e.tag == tag) return std::size_t(e.offset);
    return std::size_t(0);
  };
  // A record changed behind its section's sum.
  copy[offset_of(tag("PARA")) + 5] ^= 1;
  CHECK(!talebook::tbook::Book::check_written(parts, error));
  CHECK(error == "bad book file: checksum mismatch in section 'paragraphs'");
  // A packed block's byte, read through `read`.
  copy = file;
  copy[offset_of(tag_block_data) + 3] ^= 1;
  CHECK(!talebook::tbook::Book::check_written(parts, error));
  CHECK(error == "bad book file: checksum mismatch in string block 0");
  // The pool's strings: a size that runs past its block, and bad UTF-8.
  copy = file;
  their_pool[3] = char(0x7F);
  CHECK(!talebook::tbook::Book::check_written(parts, error));
  CHECK(error == "bad book file: truncated string at 0");
  their_pool = pool;
  their_pool[pool.find("sultan") + 1] = char(0xFF);
  CHECK(!talebook::tbook::Book::check_written(parts, error));
  CHECK(error.find("bad book file: invalid UTF-8 in string at ") == 0);
  // A short pool, and a head without its table.
  their_pool = pool.substr(0, 8);
  CHECK(!talebook::tbook::Book::check_written(parts, error));
  CHECK(error == "bad book file: bad size of string block 0");
  their_pool = pool;
  parts.head = parts.head.substr(0, h.header_size + 24);
  CHECK(!talebook::tbook::Book::check_written(parts, error));
  CHECK(error == "bad book file: truncated section table");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
