// The codec of format 1.3 (zstd): what the emitter compresses, a stock zstd
// reads back exactly as docs/binary-format.md says an engine in another
// language would; the reader refuses a damaged frame; and the files of the
// older packed forms (talebook's own encoding) are refused with what to do.
#include <catch2/catch.hpp>
#include <zstd.h>

#include <cstring>
#include <random>
#include <string>

#include "compiler/driver/book_loader.hpp"
#include "compiler/emit/emit.hpp"
#include "compiler/emit/string_blocks.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "tests/support.hpp"
#include "tests/tbook_reseal.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using namespace talebook::tbook::layout;

std::string words(std::size_t size, unsigned seed) {
  const char* pool[] = {"the ",   "sultan ",  "djinn ", "of ",        "Basra ", "[S1/D1] ",
                        "(134) ", "caravan ", "gold ",  "No Skill: ", "\n@",    "Piety: "};
  std::mt19937 rng(seed);
  std::string out;
  while (out.size() < size)
    out += pool[rng() % std::size(pool)];
  out.resize(size);
  return out;
}

// The reader's decoder (unpack_stream), `dictionary` first.
bool reader_unpacks(const std::string& frame, const std::string& dictionary, std::size_t size,
                    std::string& out) {
  out = dictionary + std::string(size, '\0');
  const bool ok = talebook::tbook::unpack_stream(frame.data(), frame.size(), out.data(), out.size(),
                                                 dictionary.size());
  out.erase(0, dictionary.size());
  return ok;
}

// What an engine does with a stock zstd: the header, the table, then each
// section (decompressed when its flags say section_zstd).
struct File {
  Header header{};
  std::vector<SectionEntry> table;
  const std::string* bytes = nullptr;

  explicit File(const std::string& b) : bytes(&b) {
    REQUIRE(b.size() >= sizeof header);
    std::memcpy(&header, b.data(), sizeof header);
    table.resize(header.section_count);
    std::memcpy(table.data(), b.data() + header.header_size, table.size() * sizeof(SectionEntry));
  }
  const SectionEntry* entry(std::uint32_t tag) const {
    for (const SectionEntry& e : table)
      if (e.tag == tag) return &e;
    return nullptr;
  }
  std::string stored(const SectionEntry& e) const { return bytes->substr(e.offset, e.size); }
  // A section's records, unpacked with stock ZSTD_decompress.
  std::string records(std::uint32_t tag) const {
    const SectionEntry* e = entry(tag);
    REQUIRE(e);
    if (e->flags == 0) return stored(*e);
    REQUIRE(e->flags == section_zstd);
    std::string out(std::size_t(e->count) * e->record_size, '\0');
    const std::string frame = stored(*e);
    const std::size_t n = ZSTD_decompress(out.data(), out.size(), frame.data(), frame.size());
    REQUIRE(!ZSTD_isError(n));
    REQUIRE(n == out.size());
    return out;
  }
  // The string pool, each block unpacked with stock ZSTD_decompress_usingDict.
  std::string pool() const {
    const SectionEntry* blocks = entry(tag_blocks);
    if (!blocks) return records(tag("STRS"));
    const std::string dictionary = stored(*entry(tag_dictionary));
    const std::string data = stored(*entry(tag_block_data));
    ZSTD_DCtx* dctx = ZSTD_createDCtx();
    std::string pool;
    for (std::uint32_t b = 0; b < blocks->count; ++b) {
      StringBlockRecord r;
      std::memcpy(&r, bytes->data() + blocks->offset + b * blocks->record_size, sizeof r);
      REQUIRE(r.pool_offset == pool.size());
      std::string out(r.size, '\0');
      const std::size_t n =
          ZSTD_decompress_usingDict(dctx, out.data(), out.size(), data.data() + r.data_offset,
                                    r.packed_size, dictionary.data(), dictionary.size());
      REQUIRE(!ZSTD_isError(n));
      REQUIRE(n == r.size);
      pool += out;
    }
    ZSTD_freeDCtx(dctx);
    return pool;
  }
};

talebook::Compilation& sample_book() {
  static talebook::Compilation c;
  static const bool loaded = talebook::compile_book(test::source_dir() + "/book", c);
  REQUIRE(loaded);
  return c;
}

std::string emit(const talebook::Compilation& c, bool pack, bool stream) {
  talebook::EmitOptions options;
  options.pack = pack;
  options.stream = stream;
  std::string bytes;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, bytes, options).empty());
  return bytes;
}

} // namespace

TEST_CASE("codec: a zstd frame unpacks to the same bytes, with and without a dictionary",
          "[tbook][pack]") {
  std::mt19937 rng(7);
  std::string noise(70000, '\0');
  for (char& c : noise)
    c = char(rng() & 0xFF);
  const std::string images[] = {std::string("abcabcabc"), std::string(100000, 'x'),
                                words(300000, 1), noise,
                                noise.substr(0, 5000) + words(5000, 2) + noise.substr(0, 5000)};
  const std::string dictionary = talebook::pool_dictionary(words(400000, 9));
  REQUIRE(!dictionary.empty());
  const talebook::BlockPacker with(dictionary), without("");
  for (const std::string& image : images) {
    INFO("image of " << image.size() << " bytes");
    std::string out;
    CHECK(reader_unpacks(talebook::pack_image(image), "", image.size(), out));
    CHECK(out == image);
    CHECK(reader_unpacks(with.pack(image), dictionary, image.size(), out));
    CHECK(out == image);
    CHECK(reader_unpacks(without.pack(image), "", image.size(), out));
    CHECK(out == image);
  }
  // Repeated text shrinks; a dictionary of the same words helps a small block.
  const std::string text = words(500000, 5);
  CHECK(talebook::pack_image(text).size() * 3 < text.size());
  CHECK(talebook::pack_image(std::string(100000, 'x')).size() < 1000);
  const std::string block = words(2000, 6);
  CHECK(with.pack(block).size() < without.pack(block).size());
}

TEST_CASE("codec: the reader refuses a frame that is cut, followed, of the wrong size or "
          "against the wrong dictionary",
          "[tbook][pack]") {
  const std::string image = words(20000, 3);
  const std::string dictionary = talebook::pool_dictionary(words(400000, 9));
  const std::string frame = talebook::BlockPacker(dictionary).pack(image);
  std::string out;
  REQUIRE(reader_unpacks(frame, dictionary, image.size(), out));
  CHECK(!reader_unpacks(frame.substr(0, frame.size() - 1), dictionary, image.size(), out));
  CHECK(!reader_unpacks(frame + std::string(1, '\0'), dictionary, image.size(), out));
  CHECK(!reader_unpacks(frame + frame, dictionary, image.size(), out));
  CHECK(!reader_unpacks(frame, dictionary, image.size() - 1, out));
  CHECK(!reader_unpacks(frame, dictionary, image.size() + 1, out));
  CHECK(!reader_unpacks(frame, "", image.size(), out));
  std::string flipped = frame;
  flipped[1] ^= 0x10; // the magic number
  CHECK(!reader_unpacks(flipped, dictionary, image.size(), out));
}

TEST_CASE("codec: a stock zstd reads the default file as the reader does", "[tbook][pack]") {
  const talebook::Compilation& c = sample_book();
  const std::string packed = emit(c, true, false), unpacked = emit(c, false, false);
  const File p(packed), u(unpacked);
  CHECK(p.header.minor == 7);
  CHECK(p.header.flags == 0);
  // Every record section is one zstd frame of exactly the --unpacked file's bytes
  // (the sample book's are all under 64 KiB; tbook_frames.cpp reads larger ones).
  int compressed = 0;
  for (const SectionEntry& e : u.table) {
    if (e.tag == tag("STRS") || e.tag == tag_sums) continue;
    const SectionEntry* pe = p.entry(e.tag);
    REQUIRE(pe);
    CHECK(pe->flags == section_zstd);
    CHECK(pe->count == e.count);
    compressed += pe->flags == section_zstd;
    CHECK(p.records(e.tag) == u.records(e.tag));
  }
  CHECK(compressed == 27 - 1); // 22 sections, and the Merchant Display's 5 (1.6)
  // The string blocks, each a frame against SDIC, tile the same pool.
  CHECK(p.pool() == u.records(tag("STRS")));
  // And the reader reads both the same: every paragraph's prose.
  std::string error;
  auto a = talebook::tbook::Book::open_memory(packed.data(), packed.size(), error);
  REQUIRE(a);
  auto b = talebook::tbook::Book::open_borrowed(unpacked.data(), unpacked.size(), error);
  REQUIRE(b);
  REQUIRE(a->paragraph_count() == b->paragraph_count());
  for (std::uint32_t i = 0; i < a->paragraph_count(); ++i)
    CHECK(a->paragraph(i).prose == b->paragraph(i).prose);
}

TEST_CASE("codec: --stream is one zstd frame of the image after the table", "[tbook][pack]") {
  const talebook::Compilation& c = sample_book();
  const std::string stream = emit(c, true, true), unpacked = emit(c, false, false);
  const File s(stream);
  CHECK(s.header.flags == header_packed);
  const std::size_t table_end = s.header.header_size + s.table.size() * sizeof(SectionEntry);
  std::string image(std::size_t(s.header.image_size - table_end), '\0');
  const std::size_t n = ZSTD_decompress(image.data(), image.size(), stream.data() + table_end,
                                        stream.size() - table_end);
  REQUIRE(!ZSTD_isError(n));
  CHECK(n == image.size());
  // The image is the --unpacked file but for the header's flags and sizes.
  CHECK(image == unpacked.substr(table_end));
  CHECK(stream.size() * 2 < unpacked.size());
}

TEST_CASE("codec: the packed files of format 1.2 are refused with what to do, its unpacked "
          "file still reads",
          "[tbook][pack]") {
  const std::string dir = test::tests_dir() + "/data/tbook-1.2/";
  const std::string why = "bad book file: format 1.2 packed with an encoding this reader no "
                          "longer reads (since format 1.3 it reads zstd): rebuild the book with "
                          "'talec build'";
  for (const char* name : {"play.tbook", "play-stream.tbook"}) {
    INFO(name);
    const std::string bytes = test::read_file(dir + name);
    REQUIRE(bytes.size() > 1000);
    std::string error;
    CHECK(!talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error));
    CHECK(error == why);
    CHECK(!talebook::tbook::Book::open_mapped(dir + name, error));
    CHECK(error.rfind(why, 0) == 0);
  }
  std::string error;
  auto old = talebook::tbook::Book::open_file(dir + "play-unpacked.tbook", error);
  REQUIRE(old);
  CHECK(old->version().minor == 2);
  CHECK(old->paragraph_count() > 10);
}

TEST_CASE("codec: a section's record count is held against its frame before memory is taken",
          "[tbook][pack]") {
  using talebook::tbook::Book;
  using talebook::tbook::ReadError;
  using talebook::tbook::ReadErrorKind;
  const std::string good = emit(sample_book(), true, false);
  const File f(good);
  std::size_t at = 0;
  for (std::size_t i = 0; i < f.table.size(); ++i)
    if (f.table[i].tag == tag("PARA")) at = f.header.header_size + i * sizeof(SectionEntry);
  REQUIRE(at != 0);
  REQUIRE(f.entry(tag("PARA"))->flags == section_zstd);
  const std::uint32_t count = f.entry(tag("PARA"))->count;
  const std::uint32_t record_size = f.entry(tag("PARA"))->record_size;
  // One more record than the frame holds, and 3 GB of them (the table allows
  // 4 GB: taken before the frame was read, that was an out-of-memory).
  for (const std::uint32_t claimed : {count + 1, std::uint32_t(3'000'000'000ull / record_size)}) {
    CAPTURE(claimed);
    std::string bad = good;
    std::memcpy(bad.data() + at + offsetof(SectionEntry, count), &claimed, 4);
    ReadError error;
    CHECK(!Book::open_memory(bad.data(), bad.size(), error)); // the whole file's checksum
    const std::string sealed = tbook_test::resealed_all(bad);
    CHECK(!Book::open_memory(sealed.data(), sealed.size(), error));
    CHECK(error.kind == ReadErrorKind::BadSectionSize);
    CHECK(error.section == talebook::tbook::layout::SectionId::PARA);
    // Opened lazily, the section is checked when first read.
    test::TempDir dir("section-count");
    test::write_file(dir / "bad.tbook", sealed);
    error = {};
    auto mapped = Book::open_mapped((dir / "bad.tbook").string(), error);
    if (mapped) CHECK(!mapped->verify(error));
    CHECK(error.kind == ReadErrorKind::BadSectionSize);
    CHECK(error.section == talebook::tbook::layout::SectionId::PARA);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
