// The on-disk layout of a .tbook file (format 1.7), shared by the emitter
// (compiler/emit.cpp) and the reader. docs/binary-format.md explains it; engines
// use reader.hpp or talebook.h and never need this header.
//
// Every integer is little-endian; every record is a fixed size, a multiple of 4,
// and starts 4-aligned (sections start 8-aligned), so a reader may point into a
// read-only mapping. A string is a u32 offset into the string pool, where it is
// stored as `u32 size, bytes, NUL, zero padding to 4`. The default form of
// talec build stores each record section as one zstd frame (1.3), or as
// frames of about 64 KiB behind a frame table when it is larger (1.4), and the
// strings in zstd blocks (SDIC, SBLK, SDAT); a --stream file stores
// everything after the section table as one zstd frame, and the table's
// offsets are into the unpacked image.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "talebook/format_version.h"
#include "talebook/records.def"

namespace talebook::tbook::layout {

inline constexpr char magic[8] = {'\x89', 'T', 'B', 'K', '\r', '\n', '\x1a', '\n'};
inline constexpr std::uint16_t version_major = TALEBOOK_FORMAT_VERSION_MAJOR;
inline constexpr std::uint16_t version_minor = TALEBOOK_FORMAT_VERSION_MINOR;
inline constexpr std::uint32_t probe_u32 = 0x01020304u;
inline constexpr std::uint64_t probe_u64 = 0x0102030405060708ull;
inline constexpr double probe_double = -1234.5678;
inline constexpr std::uint32_t none = 0xFFFFFFFFu;           // "no index" (an absent award group)
inline constexpr std::uint32_t cell_forbidden = 0xFFFFFFFFu; // ★
inline constexpr std::uint32_t cell_no_encounter = 0xFFFFFFFEu; // NE
inline constexpr std::uint32_t max_paragraph_number = 0xFFFFFFF0u;
// Paragraphs are numbered from 1: 0 is never a paragraph (nor a Go to's target).
inline constexpr std::uint32_t min_paragraph_number = 1;
inline constexpr std::uint64_t checksum_offset = 40; // of Header::checksum
inline constexpr std::uint32_t section_align = 8;

// 1.2: the `flags` of a paragraph, section, matrix or card record. A
// translation's record that holds its source book's text, because the
// translation lacks it (docs/binary-format.md, "Fallbacks"). Older files: 0.
inline constexpr std::uint8_t record_fallback = 1;
// A 1.1 card record (1.2 added CardRecord::flags, 1.5 the quest half).
inline constexpr std::uint32_t card_record_size_1_1 = 12;
inline constexpr std::uint32_t card_record_size_1_2 = 16;

struct Header {                // at offset 0, 88 bytes in format 1.0
  char magic[8];               // "\x89TBK\r\n\x1a\n"
  std::uint16_t major;         // 1
  std::uint16_t minor;         // 0
  std::uint32_t header_size;   // 88; the section table follows at this offset
  std::uint32_t probe32;       // probe_u32
  std::uint32_t section_count; // entries of the section table
  std::uint64_t probe64;       // probe_u64
  std::uint64_t file_size;     // the whole file
  std::uint64_t checksum;      // FNV-1a 64 of the file, this field read as zero
  double probe_float;          // probe_double
  char language[16];           // BCP 47 tag, NUL-padded (at most 15 bytes)
  std::uint32_t flags;         // header_packed, or 0
  std::uint32_t reserved;      // 0
  std::uint64_t image_size;    // bytes of the unpacked image (= file_size when not packed)
};
static_assert(sizeof(Header) == 88);

// Header::flags: everything after the section table is one zstd frame (1.3;
// before, talebook's own packing, no longer read); the table's offsets are
// into the unpacked image: the file as it would be without packing.
inline constexpr std::uint32_t header_packed = 1;
inline constexpr std::uint64_t max_image_size = 256u << 20;
// Any other file: what u32 offsets address (1.2).
inline constexpr std::uint64_t max_file_size = 0xFFFFFFFFu;

// 1.3: SectionEntry::flags of a section stored as one zstd frame (RFC 8878):
// `size` is the frame's bytes, count * record_size the bytes it unpacks to.
inline constexpr std::uint32_t section_zstd = 1;
// 1.4: SectionEntry::flags of a record section stored as several zstd frames,
// so that reading one record unpacks one frame: the stored bytes begin with a
// FrameTable, then `frames` u32 ends (each frame's end, from the first frame's
// start), then the frames, each of `per` records (the last of the rest).
inline constexpr std::uint32_t section_frames = 2;
struct FrameTable {
  std::uint32_t per;    // records in each frame, >= 1
  std::uint32_t frames; // ceil(count / per), >= 2
};
static_assert(sizeof(FrameTable) == 8);
// What the emitter unpacks a frame to at most (the last may be smaller): about
// 64 KiB, a whole number of records.
inline constexpr std::uint32_t frame_target = 64u << 10;

struct SectionEntry {        // the section table: section_count entries, 24 bytes each
  std::uint32_t tag;         // four ASCII letters, e.g. 'PARA' stored as "PARA"
  std::uint32_t flags;       // 0, section_zstd (1.3) or section_frames (1.4); a reader rejects
                             // flags it does not know
  std::uint32_t offset;      // from the start of the file, 8-aligned
  std::uint32_t size;        // bytes = count * record_size (compressed: the bytes as stored)
  std::uint32_t count;       // records
  std::uint32_t record_size; // >= the size this reader knows (newer minors may grow records)
};
static_assert(sizeof(SectionEntry) == 24);

constexpr std::uint32_t tag(const char (&s)[5]) {
  return std::uint32_t(std::uint8_t(s[0])) | std::uint32_t(std::uint8_t(s[1])) << 8 |
         std::uint32_t(std::uint8_t(s[2])) << 16 | std::uint32_t(std::uint8_t(s[3])) << 24;
}

// ---- records ----------------------------------------------------------------
// Each record and field is declared once, in talebook/records.def: the structs
// below are made from it (its comments say what each field holds), and so are
// the reader's field checks and the schema of talebook/records.hpp.

namespace field_type {
using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using i32 = std::int32_t;
using u64 = std::uint64_t;
using pad3 = std::array<std::uint8_t, 3>;
} // namespace field_type

#define TALEBOOK_FIELD_DECL(name, type, role, a, b, init) field_type::type name init;
#define TALEBOOK_RECORD_DECL(tag, Type)                                                            \
  struct Type {                                                                                    \
    TALEBOOK_FIELDS_##tag(TALEBOOK_FIELD_DECL)                                                     \
  };
TALEBOOK_ALL_RECORDS(TALEBOOK_RECORD_DECL)
#undef TALEBOOK_RECORD_DECL
#undef TALEBOOK_FIELD_DECL

// PIDX: u32 slots, a power of two >= 2 * paragraphs; slot = paragraph index + 1,
// 0 = empty; a number starts at (number * 2654435761) >> (32 - log2(slots)) and
// probes linearly.
inline constexpr std::uint32_t index_multiplier = 2654435761u;

// The sections of format 1.x, in file order: X(tag, record type, record size in
// format 1.0, name in messages). PREF, MOPT, MROW, CELL and PIDX hold u32 values.
// A 1.0 file's shorter COND, MREF and CHRT records lack the fields marked 1.1,
// which read as their defaults (none).
#define TALEBOOK_TBOOK_SECTIONS(X)                                                                 \
  X(STRS, std::uint8_t, 1, "strings")                                                              \
  X(BOOK, BookRecord, 12, "book")                                                                  \
  X(VOCB, VocabRecord, 12, "vocabulary")                                                           \
  X(PARA, ParagraphRecord, 44, "paragraphs")                                                       \
  X(PIDX, std::uint32_t, 4, "paragraph index")                                                     \
  X(SECT, SectionRecord, 16, "sections")                                                           \
  X(COND, ConditionRecord, 8, "conditions")                                                        \
  X(AGRP, AwardGroupRecord, 8, "award groups")                                                     \
  X(AWRD, AwardRecord, 12, "awards")                                                               \
  X(PREF, std::uint32_t, 4, "references")                                                          \
  X(MREF, MatrixRefRecord, 8, "matrix references")                                                 \
  X(CHRT, ChartEntryRecord, 12, "chart entries")                                                   \
  X(MATX, MatrixRecord, 20, "matrices")                                                            \
  X(MOPT, std::uint32_t, 4, "matrix options")                                                      \
  X(MROW, std::uint32_t, 4, "matrix rows")                                                         \
  X(CELL, std::uint32_t, 4, "matrix cells")                                                        \
  X(CARD, CardRecord, 12, "cards")                                                                 \
  X(TERR, TerrainRecord, 12, "terrains")                                                           \
  X(CRES, CityResultRecord, 24, "city results")                                                    \
  X(SPAC, SpaceRecord, 24, "spaces")                                                               \
  X(ROUT, RouteRecord, 8, "routes")                                                                \
  X(MOVE, MovementRecord, 8, "movement rates")                                                     \
  X(DISP, DisplayRecord, 8, "merchant display")                                                    \
  X(PROD, ProductRecord, 12, "products")                                                           \
  X(CNTR, CounterRecord, 4, "trade counters")                                                      \
  X(MRKT, MarketRecord, 8, "markets")                                                              \
  X(MKTP, MarketProductRecord, 4, "market products")                                               \
  X(GAME, GameRecord, 4, "game")                                                                   \
  X(DECK, DeckCardRecord, 36, "deck cards")                                                        \
  X(DREF, DeckCardRefRecord, 4, "deck card names")                                                 \
  X(TILE, StoryTileRecord, 8, "story tiles")                                                       \
  X(VERD, VerdictRecord, 16, "verdicts")

enum class SectionId : std::uint8_t {
#define TALEBOOK_X(t, type, size_1_0, name) t,
  TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
      count
};

// Each section's tag as text ("PARA"), by SectionId.
inline constexpr const char* section_tag_names[] = {
#define TALEBOOK_X(t, type, size_1_0, name) #t,
    TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
};

static_assert(sizeof(BookRecord) == 12 && sizeof(VocabRecord) == 12);
static_assert(sizeof(ParagraphRecord) == 44 && sizeof(SectionRecord) == 16);
static_assert(sizeof(ConditionRecord) == 12 && sizeof(AwardGroupRecord) == 8);
static_assert(sizeof(AwardRecord) == 12 && sizeof(MatrixRefRecord) == 12);
static_assert(sizeof(ChartEntryRecord) == 16 && sizeof(MatrixRecord) == 20);
static_assert(sizeof(CardRecord) == 24 && sizeof(TerrainRecord) == 12); // CARD: 16 in 1.2-1.4
static_assert(sizeof(CityResultRecord) == 24);
static_assert(sizeof(SpaceRecord) == 24 && sizeof(RouteRecord) == 8 && sizeof(MovementRecord) == 8);
static_assert(sizeof(DisplayRecord) == 8 && sizeof(ProductRecord) == 12 &&
              sizeof(CounterRecord) == 4 && sizeof(MarketRecord) == 8 &&
              sizeof(MarketProductRecord) == 4);
static_assert(sizeof(GameRecord) == 4 && sizeof(DeckCardRecord) == 36 &&
              sizeof(DeckCardRefRecord) == 4 && sizeof(StoryTileRecord) == 8 &&
              sizeof(VerdictRecord) == 16); // 1.7: the game family

// FNV-1a 64.
inline constexpr std::uint64_t fnv_offset = 0xcbf29ce484222325ull;
inline constexpr std::uint64_t fnv_prime = 0x100000001b3ull;
inline std::uint64_t fnv1a(std::uint64_t hash, const unsigned char* data, std::uint64_t size) {
  for (std::uint64_t i = 0; i < size; ++i)
    hash = (hash ^ data[i]) * fnv_prime;
  return hash;
}

// The header's checksum: FNV-1a 64 of the whole file, its checksum field read as zero.
inline std::uint64_t whole_file_checksum(const unsigned char* p, std::uint64_t n) {
  const unsigned char zero[8] = {};
  std::uint64_t sum = fnv1a(fnv_offset, p, checksum_offset);
  sum = fnv1a(sum, zero, 8);
  return fnv1a(sum, p + checksum_offset + 8, n - checksum_offset - 8);
}

// ---- 1.2: string blocks and section sums ---------------------------------------
// (docs/binary-format.md, "String blocks"). A file of the default form has
// no STRS: the pool is cut, at string boundaries, into blocks compressed one by
// one (1.3: each a zstd frame) against a shared dictionary SDIC (a zstd
// dictionary: raw content, or ZDICT's format), so one string is read by
// unpacking one block. Every file since 1.2 has SUMS, one word_sum per table
// entry (of the bytes as stored), so a mapped reader checks a section when it
// first reads it.
inline constexpr std::uint32_t tag_dictionary = tag("SDIC");   // bytes (record size 1)
inline constexpr std::uint32_t tag_blocks = tag("SBLK");       // StringBlockRecord
inline constexpr std::uint32_t tag_block_data = tag("SDAT");   // packed blocks (record size 1)
inline constexpr std::uint32_t tag_sums = tag("SUMS");         // u64 per table entry
inline constexpr std::uint32_t max_dictionary_size = 1u << 17; // 1.3 (1.2: 32 KiB)

static_assert(sizeof(StringBlockRecord) == 24);

// FNV-1a 64 over little-endian 64-bit words (the last one padded with zero
// bytes): 8 times faster than fnv1a, and any change of one word changes it.
inline std::uint64_t word_sum(const unsigned char* data, std::uint64_t size) {
  std::uint64_t hash = fnv_offset;
  std::uint64_t i = 0;
  for (; i + 8 <= size; i += 8) {
    std::uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    std::memcpy(&w, data + i, 8);
#else
    for (int k = 7; k >= 0; --k)
      w = w << 8 | data[i + std::uint64_t(k)];
#endif
    hash = (hash ^ w) * fnv_prime;
  }
  if (i < size) {
    std::uint64_t w = 0;
    for (std::uint64_t k = size; k-- > i;)
      w = w << 8 | data[k];
    hash = (hash ^ w) * fnv_prime;
  }
  return hash;
}

} // namespace talebook::tbook::layout
