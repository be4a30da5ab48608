// Opening a .tbook: every check happens here, once. After validate() succeeds
// the accessors read records without checking anything.
#include <algorithm>
#include <cstring>
#include <string>

#include "book_data.hpp"

namespace talebook::tbook {
namespace {

using namespace layout;
using K = ReadErrorKind;

constexpr std::uint32_t section_tags[] = {
#define TALEBOOK_X(t, type, size_1_0, name) tag(#t),
    TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
};
constexpr std::uint32_t record_sizes[] = {
#define TALEBOOK_X(t, type, size_1_0, name) sizeof(type),
    TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
};
constexpr std::uint32_t record_sizes_1_0[] = {
#define TALEBOOK_X(t, type, size_1_0, name) size_1_0,
    TALEBOOK_TBOOK_SECTIONS(TALEBOOK_X)
#undef TALEBOOK_X
};
constexpr std::size_t section_count = std::size_t(SectionId::count);

// The sections of the map (1.6): a file of an earlier minor has none.
constexpr bool map_section(SectionId id) {
  return id == SectionId::SPAC || id == SectionId::ROUT || id == SectionId::MOVE;
}

// The sections of the Merchant Display (1.6): left out of a book without a
// display, in any minor.
constexpr bool display_section(SectionId id) {
  return id == SectionId::DISP || id == SectionId::PROD || id == SectionId::CNTR ||
         id == SectionId::MRKT || id == SectionId::MKTP;
}

// The sections of the game family (1.7): left out of a Book of Tales, in any minor.
constexpr bool game_section(SectionId id) {
  return id == SectionId::GAME || id == SectionId::DECK || id == SectionId::DREF ||
         id == SectionId::TILE || id == SectionId::VERD;
}

template <class T> T load(const unsigned char* p) {
  T out;
  std::memcpy(&out, p, sizeof(T));
  return out;
}

// Accepts well-formed UTF-8 only (no overlongs, no surrogates, <= U+10FFFF).
bool valid_utf8(const unsigned char* p, std::size_t n) {
  std::size_t i = 0;
  while (i < n) {
    if (n - i >= 8) { // ASCII (most prose) 8 bytes at a time
      std::uint64_t word;
      std::memcpy(&word, p + i, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        i += 8;
        continue;
      }
    }
    unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len;
    std::uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF)
      len = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
      len = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
      len = 4, cp = c & 0x07;
    else
      return false;
    if (n - i < len) return false;
    for (std::size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return false;
      cp = cp << 6 | (p[i + k] & 0x3F);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += len;
  }
  return true;
}

class Validator {
public:
  Validator(Book::Data& data, ReadError& error) : d_(data), error_(error) {}

  bool run() {
    if (!header(false) || !table() || !pool() || !strings()) return false;
    for (std::size_t k = 0; k < section_count; ++k)
      if (!section_records(SectionId(k))) return false;
    return true;
  }

  // open_mapped: the header and the table; false (and `damaged` false) when the
  // file cannot be checked lazily.
  bool run_table(bool& damaged) {
    damaged = true;
    if (!header(true)) return false;
    damaged = false;
    if (packed_) return false;
    damaged = true;
    if (!table()) return false;
    damaged = false;
    if (!d_.blocked || !d_.sums.data) return false;
    damaged = true;
    if (sum_of(d_.sums.count - 1) !=
        word_sum(d_.bytes + table_offset_, std::uint64_t(table_count_) * 24))
      return fail(K::TableChecksum);
    lazy_ = true;
    return true;
  }

  // A lazily opened book: one section, when first read.
  bool run_section(SectionId id) {
    lazy_ = true;
    // Read again from the file, which may have changed since it was opened:
    // never past the field's 16 bytes.
    const Header h = load<Header>(d_.bytes);
    const void* end = std::memchr(h.language, 0, sizeof h.language);
    language_.assign(h.language,
                     end ? static_cast<const char*>(end) - h.language : sizeof h.language);
    const std::size_t k = std::size_t(id);
    if (!section_sum(k)) return false;
    // Stored as frames: each frame is unpacked and checked when first read,
    // unless the section's checks read all its records at once.
    const bool by_frame = d_.stored[k].flags == section_frames && id != SectionId::BOOK &&
                          id != SectionId::MATX && id != SectionId::MOPT && id != SectionId::MROW &&
                          !display_section(id) && !game_section(id);
    if (by_frame ? !frame_buffer(k) : !unpack_section(k)) return false;
    // What the section's checks read besides its own records.
    switch (id) {
    case SectionId::PIDX:
      d_.need(SectionId::PARA);
      break;
    case SectionId::COND:
    case SectionId::AWRD:
      d_.need(SectionId::VOCB);
      d_.need(SectionId::PIDX);
      break;
    case SectionId::CARD: // 1.5: a city card's quest half names a quest paragraph
      d_.need(SectionId::PIDX);
      break;
    case SectionId::MATX:
      d_.need(SectionId::VOCB);
      d_.need(SectionId::MOPT);
      d_.need(SectionId::MROW);
      break;
    case SectionId::MREF:
    case SectionId::CHRT:
      d_.need(SectionId::MATX);
      break;
    case SectionId::TERR:
    case SectionId::MOVE:
      d_.need(SectionId::VOCB);
      break;
    case SectionId::SPAC: // 1.6: a place of power's paragraph
      d_.need(SectionId::VOCB);
      d_.need(SectionId::PIDX);
      d_.need(SectionId::ROUT);
      break;
    case SectionId::ROUT:
      d_.need(SectionId::SPAC);
      break;
    case SectionId::PROD: // 1.6: a product's box is one of the display's
    case SectionId::CNTR:
      d_.need(SectionId::DISP);
      break;
    case SectionId::MRKT: // 1.6: one a space, a display's
      d_.need(SectionId::DISP);
      d_.need(SectionId::SPAC);
      d_.need(SectionId::MKTP);
      break;
    case SectionId::MKTP:
      d_.need(SectionId::PROD);
      break;
    case SectionId::DECK: // 1.7: a deck is a morgenland book's
    case SectionId::TILE: // and tiles and verdicts a shahrazad book's
    case SectionId::VERD:
      d_.need(SectionId::GAME);
      break;
    case SectionId::DREF: // 1.7: what the cards name, a card each
      d_.need(SectionId::DECK);
      break;
    default:
      break;
    }
    if (!by_frame) return section_records(id);
    // The frames' states last: a record read through them is unpacked then.
    Book::Data::Frames& f = d_.frames[k];
    f.state = std::make_unique<std::atomic<std::uint8_t>[]>(f.count);
    return id != SectionId::PIDX || index_size();
  }

  // A lazily opened book: frame f of a section stored as frames, unpacked
  // (`unpack`) and its records checked (`check`).
  bool run_frame(SectionId id, std::uint32_t f, bool unpack, bool check) {
    lazy_ = true;
    const std::size_t k = std::size_t(id);
    if (unpack && !unpack_frame(k, f)) return false;
    if (!check) return true;
    // (No language_: BOOK, whose rule reads it, is always checked whole.)
    const Book::Data::Frames& fr = d_.frames[k];
    const std::uint32_t first = f * fr.per;
    return section_records(id, first, std::min(count(id), first + fr.per), false);
  }

  // SBLK and SDIC: their sums, and blocks that tile the pool and SDAT.
  bool blocks(std::uint64_t& pool_size) {
    if (sum_of(d_.dictionary_index) != word_sum(d_.dictionary.data, d_.dictionary.count))
      return fail_tag(K::SectionChecksum, tag_dictionary);
    const SectionView& b = d_.blocks;
    if (sum_of(d_.blocks_index) != word_sum(b.data, std::uint64_t(b.count) * b.record_size))
      return fail_tag(K::SectionChecksum, tag_blocks);
    if (d_.dictionary.count > max_dictionary_size)
      return fail_tag(K::BadSectionSize, tag_dictionary);
    std::uint64_t pool = 0, data = 0;
    for (std::uint32_t i = 0; i < b.count; ++i) {
      StringBlockRecord r = block(i);
      if (r.pool_offset != pool || r.data_offset != data || r.size < 8 || r.size % 4 != 0 ||
          r.size > max_unpack_ratio * r.packed_size + 64)
        return fail_tag(K::BadBlock, tag_blocks, i);
      pool += r.size;
      data += r.packed_size;
    }
    if (b.count == 0 || data != d_.block_data.count || pool > 0xFFFFFFFFu)
      return fail_tag(K::BadSectionSize, tag_blocks);
    pool_size = pool;
    return true;
  }

  // Block b unpacked (the whole block) and its string starts.
  bool unpack_one(std::uint32_t b, std::vector<unsigned char>& out, std::vector<bool>& starts) {
    StringBlockRecord r = block(b);
    const unsigned char* packed = d_.block_data.data + r.data_offset;
    if (word_sum(packed, r.packed_size) != r.sum) return fail_tag(K::BlockChecksum, tag_blocks, b);
    if (!frame_may_give(packed, r.packed_size, r.size))
      return fail_tag(K::DamagedBlock, tag_blocks, b);
    const std::size_t dict = d_.dictionary.count;
    out.resize(dict + r.size);
    std::memcpy(out.data(), d_.dictionary.data, dict);
    if (!unpack(packed, r.packed_size, out.data(), out.size(), dict))
      return fail_tag(K::DamagedBlock, tag_blocks, b);
    out.erase(out.begin(), out.begin() + std::ptrdiff_t(dict));
    return scan(out.data(), r.size, r.pool_offset, starts);
  }

  // Section k's SUMS entry against its bytes as stored (compressed or not).
  // check_written: a compressed section is read back, summed and unpacked at
  // once, its frame freed then.
  bool section_sum(std::size_t k) {
    const SectionView& v = d_.sections[k];
    const Book::Data::Stored& z = d_.stored[k];
    std::string read;
    const unsigned char* stored = z.data;
    if (z.size && !stored) {
      d_.parts->read(z.offset, z.size, read);
      if (read.size() != z.size) read.assign(z.size, '\0'); // a short read: its sum fails
      stored = reinterpret_cast<const unsigned char*>(read.data());
    }
    const std::uint64_t sum = z.size ? word_sum(stored, z.size)
                                     : word_sum(v.data, std::uint64_t(v.count) * v.record_size);
    if (sum_of(d_.table_index[k]) != sum) return fail(K::SectionChecksum, SectionId(k));
    return !z.size || z.data || unpack_section(k, stored);
  }

  // 1.3: a compressed section (section_zstd) unpacked into memory of its own;
  // its view then points there. Nothing to do for a plain one.
  bool unpack_section(std::size_t k, const unsigned char* stored = nullptr) {
    const Book::Data::Stored& z = d_.stored[k];
    SectionView& v = d_.sections[k];
    if (!z.size || v.data) return true;
    if (!stored) stored = z.data;
    if (z.flags == section_frames) {
      if (!frame_buffer(k, stored)) return false;
      for (std::uint32_t f = 0; f < d_.frames[k].count; ++f)
        if (!unpack_frame(k, f)) return false;
      d_.frames[k] = {}; // unpacked whole: read in place
      return true;
    }
    const std::uint64_t size = std::uint64_t(v.count) * v.record_size;
    // What the table says the frame holds, against the frame, before any
    // memory is taken for it.
    if (!frame_may_give(stored, z.size, size)) return fail(K::BadSectionSize, SectionId(k));
    // (Not zeroed: the frame fills it.)
    std::unique_ptr<unsigned char[]> bytes(new unsigned char[size ? size : 1]);
    if (!unpack(stored, z.size, bytes.get(), std::size_t(size), 0))
      return fail(K::DamagedSection, SectionId(k));
    v.data = bytes.get();
    d_.unpacked[k] = std::move(bytes);
    return true;
  }

  // 1.4: section k's frame table (from `stored`, its bytes as stored), checked
  // against its records, and memory for them (not filled yet).
  bool frame_buffer(std::size_t k, const unsigned char* stored = nullptr) {
    const Book::Data::Stored& z = d_.stored[k];
    SectionView& v = d_.sections[k];
    Book::Data::Frames& f = d_.frames[k];
    if (!stored) stored = z.data;
    auto refuse = [&] { return fail(K::BadSectionSize, SectionId(k)); };
    if (z.size < sizeof(FrameTable)) return refuse();
    const FrameTable t = load<FrameTable>(stored);
    const std::uint64_t head = sizeof(FrameTable) + std::uint64_t(t.frames) * 4;
    if (t.per == 0 || t.frames < 2 || head >= z.size ||
        std::uint64_t(t.frames - 1) * t.per >= v.count || std::uint64_t(t.frames) * t.per < v.count)
      return refuse();
    f.per = t.per;
    f.count = t.frames;
    f.ends = stored + sizeof(FrameTable);
    f.first = stored + head;
    std::uint32_t previous = 0;
    for (std::uint32_t i = 0; i < t.frames; ++i) {
      const std::uint32_t end = load<std::uint32_t>(f.ends + std::size_t(i) * 4);
      if (end <= previous) return refuse();
      previous = end;
    }
    if (previous != z.size - head) return refuse();
    // What the frames say they hold, before any memory is taken for it.
    const std::uint64_t size = std::uint64_t(v.count) * v.record_size;
    if (size > max_unpack_ratio * z.size + 64) return refuse();
    std::unique_ptr<unsigned char[]> bytes(new unsigned char[size ? size : 1]);
    v.data = bytes.get();
    d_.unpacked[k] = std::move(bytes);
    return true;
  }

  // Frame f of section k (its frame table read) into its records' place.
  bool unpack_frame(std::size_t k, std::uint32_t f) {
    const Book::Data::Frames& fr = d_.frames[k];
    SectionView& v = d_.sections[k];
    const std::uint32_t start = f ? load<std::uint32_t>(fr.ends + std::size_t(f - 1) * 4) : 0;
    const std::uint32_t end = load<std::uint32_t>(fr.ends + std::size_t(f) * 4);
    const std::uint32_t first = f * fr.per;
    const std::uint32_t n = std::min(v.count - first, fr.per);
    unsigned char* out = const_cast<unsigned char*>(v.data) + std::size_t(first) * v.record_size;
    if (!unpack(fr.first + start, end - start, out, std::size_t(n) * v.record_size, 0))
      return fail(K::DamagedSection, SectionId(k), first);
    return true;
  }

private:
  // The error, in a section, in a 1.2 section of that tag, with numbers.
  bool fail(ReadErrorKind kind, SectionId id = SectionId::count, std::uint32_t record = none) {
    error_ = ReadError{};
    error_.kind = kind;
    error_.section = id;
    error_.record = record;
    return false;
  }
  bool fail_tag(ReadErrorKind kind, std::uint32_t tag, std::uint32_t record = none) {
    fail(kind, SectionId::count, record);
    error_.tag = tag;
    return false;
  }
  bool fail_at(ReadErrorKind kind, std::uint64_t value, std::uint64_t limit = 0) {
    fail(kind);
    error_.value = value;
    error_.limit = limit;
    return false;
  }
  bool bad(SectionId id, std::uint32_t i, ReadErrorKind kind, const char* field = nullptr) {
    fail(kind, id, i);
    error_.field = field;
    return false;
  }
  std::uint32_t count(SectionId id) const { return d_.count(id); }
  // first + n <= the section's count, without overflow.
  bool span(std::uint32_t first, std::uint32_t n, SectionId id) const {
    return std::uint64_t(first) + n <= count(id);
  }
  bool string(std::uint32_t ref) const {
    if (lazy_) return ref % 4 == 0 && ref < d_.pool_size; // its start: when it is read
    return ref % 4 == 0 && ref / 4 < starts_.size() && starts_[ref / 4];
  }
  bool vocab(std::uint32_t ref, VocabKind kind) const {
    return ref < count(SectionId::VOCB) &&
           d_.raw<VocabRecord>(SectionId::VOCB, ref).kind == std::uint8_t(kind);
  }
  static bool flag(std::uint8_t b) { return b <= 1; }

  std::uint64_t sum_of(std::uint32_t table_entry) const {
    return load<std::uint64_t>(d_.sums.data + std::size_t(table_entry) * 8);
  }
  StringBlockRecord block(std::uint32_t i) const {
    return load<StringBlockRecord>(d_.blocks.data + std::size_t(i) * d_.blocks.record_size);
  }

  bool header(bool lazy) {
    const unsigned char* p = d_.bytes;
    const std::size_t n = d_.size;
    if (n < 4 || std::memcmp(p, magic, 4) != 0) return fail(K::BadMagic);
    if (n < 8 || std::memcmp(p + 4, magic + 4, 4) != 0) return fail(K::LineEndingProbe);
    if (n < 12) return fail(K::TruncatedHeader);
    d_.version = {load<std::uint16_t>(p + 8), load<std::uint16_t>(p + 10)};
    if (d_.version.major != version_major)
      return fail_at(K::UnsupportedVersion, d_.version.major, d_.version.minor);
    if (n < sizeof(Header)) return fail(K::TruncatedHeader);
    Header h = load<Header>(p);
    double probe = probe_double;
    if (h.probe32 != probe_u32 || h.probe64 != probe_u64 ||
        std::memcmp(&h.probe_float, &probe, sizeof probe) != 0)
      return fail(K::ByteOrderProbe);
    if (h.header_size < sizeof(Header) || h.header_size % section_align != 0)
      return fail_at(K::BadHeaderSize, h.header_size);
    if (std::memchr(h.language, 0, sizeof h.language) == nullptr)
      return fail(K::UnterminatedLanguage);
    table_offset_ = h.header_size;
    table_count_ = h.section_count;
    // The size and the checksum before anything else, so that a cut or damaged
    // file is reported as such.
    if (h.file_size > n) return truncated(h);
    if (h.file_size < n) return fail_at(K::TooLong, n, h.file_size);
    language_.assign(h.language);
    if ((h.flags & header_packed) && d_.version.minor < 3)
      return fail_at(K::OwnPacking, d_.version.minor);
    if ((h.flags & header_packed) && !can_unpack) return fail(K::NoZstd);
    if (lazy) {
      packed_ = h.flags == header_packed;
      if (h.flags != 0 && !packed_) return fail(K::HeaderFlags);
      return packed_ || h.image_size == h.file_size || fail(K::BadImageSize);
    }
    // open_written: the writer hashes these very bytes itself (once, while
    // they are checked here) and fills the checksum in afterwards.
    if (!d_.written_pool && !d_.parts && whole_file_checksum(p, n) != h.checksum)
      return fail(K::ChecksumMismatch);
    if ((h.flags & ~header_packed) != 0) return fail(K::HeaderFlags);
    if (!(h.flags & header_packed)) return h.image_size == h.file_size || fail(K::BadImageSize);
    return unpacked(h);
  }

  // A packed file: unpacks the image once; the checks that follow read it.
  bool unpacked(const Header& h) {
    const std::uint64_t table_end =
        std::uint64_t(h.header_size) + std::uint64_t(h.section_count) * 24;
    if (table_end > d_.size) return fail(K::TruncatedTable);
    if (h.image_size < table_end || h.image_size > max_image_size ||
        h.image_size > max_unpack_ratio * d_.size)
      return fail(K::BadImageSize);
    d_.image.assign(std::size_t(h.image_size), 0);
    std::memcpy(d_.image.data(), d_.bytes, std::size_t(table_end));
    if (!unpack(d_.bytes + table_end, d_.size - std::size_t(table_end), d_.image.data() + table_end,
                d_.image.size() - std::size_t(table_end)))
      return fail(K::DamagedPackedData);
    d_.bytes = d_.image.data();
    d_.size = d_.image.size();
    return true;
  }

  // Names the first section the cut goes through, when the table is intact.
  bool truncated(const Header& h) {
    const std::uint64_t n = d_.size;
    if (h.flags & header_packed) return fail_at(K::Truncated, n, h.file_size);
    const std::uint64_t table_end =
        std::uint64_t(h.header_size) + std::uint64_t(h.section_count) * 24;
    if (table_end > n) return fail(K::TruncatedTable);
    for (std::uint32_t i = 0; i < h.section_count; ++i) {
      SectionEntry e = load<SectionEntry>(d_.bytes + h.header_size + std::size_t(i) * 24);
      if (std::uint64_t(e.offset) + e.size > n)
        for (std::size_t k = 0; k < section_count; ++k)
          if (section_tags[k] == e.tag) return fail(K::TruncatedSection, SectionId(k));
    }
    return fail_at(K::Truncated, n, h.file_size);
  }

  bool table() {
    const std::uint64_t table_end = std::uint64_t(table_offset_) + std::uint64_t(table_count_) * 24;
    if (table_end > d_.size) return fail(K::TruncatedTable);
    bool seen[section_count] = {};
    std::uint64_t previous_end = table_end;
    for (std::uint32_t i = 0; i < table_count_; ++i) {
      SectionEntry e = load<SectionEntry>(d_.bytes + table_offset_ + std::size_t(i) * 24);
      std::size_t k = 0;
      while (k < section_count && section_tags[k] != e.tag)
        ++k;
      // A section of this reader's, or table entry i.
      auto refuse = [&](ReadErrorKind kind) {
        return k < section_count ? fail(kind, SectionId(k)) : fail(kind, SectionId::count, i);
      };
      if (e.offset % section_align != 0 || e.offset < previous_end)
        return refuse(K::MisplacedSection);
      if (std::uint64_t(e.offset) + e.size > d_.size) return refuse(K::TruncatedSection);
      // 1.3: a known section may be stored compressed: `size` is then the
      // frame's bytes, count × record_size what it unpacks to.
      const bool zstd = k < section_count && SectionId(k) != SectionId::STRS &&
                        ((e.flags == section_zstd && d_.version.minor >= 3) ||
                         (e.flags == section_frames && d_.version.minor >= 4));
      if (e.record_size == 0 ||
          (zstd ? std::uint64_t(e.count) * e.record_size > max_file_size || e.size == 0
                : std::uint64_t(e.count) * e.record_size != e.size))
        return refuse(K::BadSectionSize);
      previous_end = std::uint64_t(e.offset) + e.size;
      if (k == section_count) {
        if (!extra(e, i)) return false;
        continue; // a newer minor's section: skipped
      }
      d_.table_index[k] = i;
      if (seen[k]) return refuse(K::DuplicateSection);
      seen[k] = true;
      if (e.flags != 0 && !zstd) return refuse(K::UnsupportedEncoding);
      if (zstd && !can_unpack) return refuse(K::NoZstd);
      bool pool = SectionId(k) == SectionId::STRS;
      // A 1.0 file's records may be shorter: the fields of 1.1 read as none.
      std::uint32_t least = d_.version.minor == 0 ? record_sizes_1_0[k] : record_sizes[k];
      if (d_.version.minor == 1 && SectionId(k) == SectionId::CARD) least = card_record_size_1_1;
      if (d_.version.minor >= 2 && d_.version.minor <= 4 && SectionId(k) == SectionId::CARD)
        least = card_record_size_1_2;
      if (pool ? e.record_size != 1 : e.record_size < least || e.record_size % 4 != 0)
        return refuse(K::BadRecordSize);
      d_.sections[k] = {zstd ? nullptr : at(i, e), e.count, e.record_size};
      // check_written: a compressed section is read through WrittenFile::read.
      if (zstd) d_.stored[k] = {e.size, d_.parts ? nullptr : at(i, e), e.offset, e.flags};
    }
    const bool blocks = d_.blocks.data && d_.dictionary.data && d_.block_data.data;
    if ((d_.blocks.data || d_.dictionary.data || d_.block_data.data) && (!blocks || seen[0]))
      return fail(K::BadStringSections);
    if (blocks && d_.version.minor < 3) return fail_at(K::OwnPacking, d_.version.minor);
    if (blocks && !can_unpack) return fail(K::NoZstd);
    d_.blocked = blocks;
    if (d_.version.minor >= 2 && !d_.sums.data) return fail_tag(K::MissingSection, tag_sums);
    for (std::size_t k = 0; k < section_count; ++k)
      if (!seen[k] && !(blocks && SectionId(k) == SectionId::STRS) &&
          !(d_.version.minor < 6 && map_section(SectionId(k))) && // 1.6: the map
          !display_section(SectionId(k)) &&                       // the display, if any
          !game_section(SectionId(k)))                            // 1.7: a game's, if any
        return fail(K::MissingSection, SectionId(k));
    const std::uint32_t slots = count(SectionId::PIDX);
    while (d_.index_bits < 31 && (1u << d_.index_bits) < slots)
      ++d_.index_bits;
    return true;
  }

  // The sections of 1.2 (SDIC, SBLK, SDAT, SUMS); any other tag is skipped.
  bool extra(const SectionEntry& e, std::uint32_t i) {
    SectionView* v = nullptr;
    std::uint32_t size = 1;
    if (e.tag == tag_dictionary)
      v = &d_.dictionary, d_.dictionary_index = i;
    else if (e.tag == tag_blocks)
      v = &d_.blocks, size = sizeof(StringBlockRecord), d_.blocks_index = i;
    else if (e.tag == tag_block_data)
      v = &d_.block_data;
    else if (e.tag == tag_sums)
      v = &d_.sums, size = 8;
    if (!v) return true;
    if (v->data) return fail_tag(K::DuplicateSection, e.tag);
    if (e.flags != 0) return fail_tag(K::UnsupportedEncoding, e.tag);
    if (size == 1 ? e.record_size != 1 : e.record_size < size || e.record_size % 4 != 0)
      return fail_tag(K::BadRecordSize, e.tag);
    if (v == &d_.sums && (e.count != table_count_ || i + 1 != table_count_))
      return fail_tag(K::BadSectionSize, tag_sums);
    if (v == &d_.block_data) block_data_offset_ = e.offset;
    *v = {at(i, e), e.count, e.record_size};
    return true;
  }

  // Where the bytes of table entry i are: in the file, or (check_written) in
  // the writer's part; the packed blocks of a written file are read through
  // WrittenFile::read, never here (their pointer only marks them present).
  const unsigned char* at(std::uint32_t i, const SectionEntry& e) const {
    if (!d_.parts) return d_.bytes + e.offset;
    if (e.tag == tag_block_data) return d_.bytes;
    return static_cast<const unsigned char*>(d_.parts->section(i));
  }

  // check_written: each block's sum against the bytes written, and the pool's
  // strings a block at a time (their starts marked for the references).
  bool written_blocks(std::uint64_t size) {
    std::string bytes;
    starts_.assign(std::size_t(size / 4), false);
    for (std::uint32_t b = 0; b < d_.blocks.count; ++b) {
      StringBlockRecord r = block(b);
      bytes.clear();
      d_.parts->read(block_data_offset_ + r.data_offset, r.packed_size, bytes);
      const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
      if (bytes.size() != r.packed_size || word_sum(p, r.packed_size) != r.sum)
        return fail_tag(K::BlockChecksum, tag_blocks, b);
      bytes.clear();
      d_.parts->pool(r.pool_offset, r.size, bytes);
      if (bytes.size() != r.size) return fail_tag(K::BadBlockSize, tag_blocks, b);
      p = reinterpret_cast<const unsigned char*>(bytes.data());
      if (!scan_into(p, r.size, r.pool_offset, starts_)) return false;
    }
    return true;
  }

  // A string of a written file's pool (its reference checked), into `buffer`.
  std::string_view written_string(std::uint32_t ref, std::string& buffer) const {
    buffer.clear();
    d_.parts->pool(ref, 4, buffer);
    if (buffer.size() != 4) return {};
    const std::uint32_t size =
        load<std::uint32_t>(reinterpret_cast<const unsigned char*>(buffer.data()));
    buffer.clear();
    d_.parts->pool(std::uint64_t(ref) + 4, size, buffer);
    return buffer;
  }

  // Every section's sum, compressed sections unpacked; a file of string blocks:
  // their sums, then the pool unpacked at once.
  bool pool() {
    if (d_.sums.data) {
      if (sum_of(table_count_ - 1) !=
          word_sum(d_.bytes + table_offset_, std::uint64_t(table_count_) * 24))
        return fail(K::TableChecksum);
      for (std::size_t k = 0; k < section_count; ++k)
        if ((d_.sections[k].data || d_.stored[k].size) && !section_sum(k)) return false;
    }
    for (std::size_t k = 0; k < section_count; ++k)
      if (!unpack_section(k)) return false;
    if (!d_.blocked) return true;
    std::uint64_t size = 0;
    if (!blocks(size)) return false;
    d_.pool_size = size;
    if (d_.parts) return written_blocks(size);
    if (d_.written_pool) { // open_written: the writer's pool instead of unpacking
      if (d_.written_pool->size() != size) return fail_tag(K::BadSectionSize, tag_blocks);
      for (std::uint32_t b = 0; b < d_.blocks.count; ++b) {
        StringBlockRecord r = block(b);
        if (word_sum(d_.block_data.data + r.data_offset, r.packed_size) != r.sum)
          return fail_tag(K::BlockChecksum, tag_blocks, b);
      }
      d_.sections[0] = {reinterpret_cast<const unsigned char*>(d_.written_pool->data()),
                        std::uint32_t(size), 1};
      return true;
    }
    d_.pool.resize(std::size_t(size));
    std::vector<unsigned char> one;
    std::vector<bool> starts;
    for (std::uint32_t b = 0; b < d_.blocks.count; ++b) {
      if (!unpack_one(b, one, starts)) return false;
      std::memcpy(d_.pool.data() + block(b).pool_offset, one.data(), one.size());
    }
    d_.sections[0] = {d_.pool.data(), std::uint32_t(size), 1};
    return true;
  }

  // The pool is a run of `u32 size, bytes, NUL, padding`; marks where each starts.
  bool strings() {
    if (d_.parts && d_.blocked) return true; // written_blocks
    const SectionView& s = d_.section(SectionId::STRS);
    if (s.count % 4 != 0) return fail(K::BadSectionSize, SectionId::STRS);
    d_.pool_size = s.count;
    return scan(s.data, s.count, 0, starts_);
  }

  // n bytes of pool from pool offset `base`: whole strings; marks their starts.
  bool scan(const unsigned char* p, std::uint32_t n, std::uint32_t base,
            std::vector<bool>& starts) {
    starts.assign(n / 4, false);
    return scan_into(p, n, base, starts, 0);
  }
  // The same without clearing `starts`: marks the slots of the whole pool
  // (base / 4 onwards), or from `first` on.
  bool scan_into(const unsigned char* p, std::uint32_t n, std::uint32_t base,
                 std::vector<bool>& starts) {
    return scan_into(p, n, base, starts, base / 4);
  }
  bool scan_into(const unsigned char* p, std::uint32_t n, std::uint32_t base,
                 std::vector<bool>& starts, std::size_t first) {
    std::uint32_t at = 0;
    while (at < n) {
      const std::uint64_t where = std::uint64_t(base) + at;
      if (n - at < 8) return fail_at(K::TruncatedString, where);
      std::uint32_t size = load<std::uint32_t>(p + at);
      std::uint64_t end = std::uint64_t(at) + 4 + size; // the NUL
      std::uint64_t next = (end + 1 + 3) / 4 * 4;
      if (next > n) return fail_at(K::TruncatedString, where);
      for (std::uint64_t i = end; i < next; ++i)
        if (p[i] != 0) return fail_at(K::UnterminatedString, where);
      if (!valid_utf8(p + at + 4, size)) return fail_at(K::InvalidUtf8, where);
      starts[first + at / 4] = true;
      at = std::uint32_t(next);
    }
    return true;
  }

  // ---- records: each field by its role in records.def, then the record's rule

  // What each role asks of a field (and the error when it fails); roles with
  // no check of their own are read by the record's rule, or not at all.
#define TALEBOOK_OK_string(r, f, a, b) string(r.f)
#define TALEBOOK_OK_number(r, f, a, b) (r.f >= min_paragraph_number && r.f <= max_paragraph_number)
#define TALEBOOK_OK_kind(r, f, a, b) is_kind<a>(r.f)
#define TALEBOOK_OK_vocab(r, f, a, b) vocab(r.f, VocabKind::a)
#define TALEBOOK_OK_flag(r, f, a, b) flag(r.f)
#define TALEBOOK_OK_first(r, f, a, b) span(r.f, r.b, SectionId::a)
#define TALEBOOK_OK_index(r, f, a, b) (r.f == none || r.f < count(SectionId::a))
#define TALEBOOK_OK_letter(r, f, a, b) letter(r.f)
#define TALEBOOK_OK_row(r, f, a, b) row(r.a, r.f, TALEBOOK_ROW_##b)
#define TALEBOOK_ROW_optional true
#define TALEBOOK_ROW_required false
#define TALEBOOK_OK_none(r, f, a, b) true
#define TALEBOOK_OK_flags TALEBOOK_OK_none
#define TALEBOOK_OK_count TALEBOOK_OK_none
#define TALEBOOK_OK_roll TALEBOOK_OK_none
#define TALEBOOK_OK_order TALEBOOK_OK_none
#define TALEBOOK_OK_ref TALEBOOK_OK_none
#define TALEBOOK_OK_value TALEBOOK_OK_none
#define TALEBOOK_OK_raw TALEBOOK_OK_none
#define TALEBOOK_OK_reserved TALEBOOK_OK_none
#define TALEBOOK_ERR_string K::BadString
#define TALEBOOK_ERR_number K::BadNumber
#define TALEBOOK_ERR_kind K::BadKind
#define TALEBOOK_ERR_vocab K::BadReference
#define TALEBOOK_ERR_flag K::BadFlag
#define TALEBOOK_ERR_first K::ListOutOfRange
#define TALEBOOK_ERR_index K::ListOutOfRange
#define TALEBOOK_ERR_letter K::BadLetter
#define TALEBOOK_ERR_row K::BadReference
#define TALEBOOK_ERR_flags K::None
#define TALEBOOK_ERR_count K::None
#define TALEBOOK_ERR_roll K::None
#define TALEBOOK_ERR_order K::None
#define TALEBOOK_ERR_ref K::None
#define TALEBOOK_ERR_value K::None
#define TALEBOOK_ERR_raw K::None
#define TALEBOOK_ERR_reserved K::None
#define TALEBOOK_FIELD_CHECK(f, type, role, a, b, init)                                            \
  if (!(TALEBOOK_OK_##role(r, f, a, b))) return bad(id, i, TALEBOOK_ERR_##role, #f);
#define TALEBOOK_RECORD_CHECK(tag, Type)                                                           \
  bool fields([[maybe_unused]] const Type& r, [[maybe_unused]] SectionId id,                       \
              [[maybe_unused]] std::uint32_t i) {                                                  \
    TALEBOOK_FIELDS_##tag(TALEBOOK_FIELD_CHECK) return true;                                       \
  }
  TALEBOOK_RECORDS(TALEBOOK_RECORD_CHECK)
#undef TALEBOOK_RECORD_CHECK
#undef TALEBOOK_FIELD_CHECK

  // Every record of a section: its fields, then its rule (what one field
  // alone cannot say: order, and fields read by the record's kind).
  template <class R> bool records(SectionId id, std::uint32_t first, std::uint32_t end) {
    for (std::uint32_t i = first; i < end; ++i) {
      R r = d_.raw<R>(id, i);
      if (!fields(r, id, i) || !rule(r, id, i)) return false;
    }
    return true;
  }

  // A section's records by its id; the u32 sections are checked by what
  // points into them (PIDX by paragraph_index, MOPT and MROW with MATX).
  // Records first to end only (a frame, `whole` false): without what the
  // section asks of all its records.
  bool section_records(SectionId id) {
    return section_records(id, 0, count(id), true);
  }
  bool section_records(SectionId id, std::uint32_t first, std::uint32_t end, bool whole) {
    switch (id) {
#define TALEBOOK_RECORD_CASE(tag, Type)                                                            \
  case SectionId::tag:                                                                             \
    return (!whole || before(static_cast<const Type*>(nullptr))) &&                                \
           records<Type>(id, first, end) && (!whole || after(static_cast<const Type*>(nullptr)));
      TALEBOOK_RECORDS(TALEBOOK_RECORD_CASE)
#undef TALEBOOK_RECORD_CASE
    case SectionId::PIDX:
      return whole ? paragraph_index() : index_slots(first, end);
    default:
      return true;
    }
  }

  // What a section asks of all its records, before and after they are read.
  template <class R> bool before(const R*) {
    return true;
  }
  template <class R> bool after(const R*) {
    return true;
  }
  // Rules of one record beyond its fields.
  template <class R> bool rule(const R&, SectionId, std::uint32_t) {
    return true;
  }

  bool before(const BookRecord*) {
    if (count(SectionId::BOOK) != 1) return fail(K::BookCount, SectionId::BOOK);
    return true;
  }
  bool rule(const BookRecord& b, SectionId id, std::uint32_t i) {
    std::string buffer;
    const std::string_view language =
        d_.parts && d_.blocked ? written_string(b.language, buffer) : d_.string(b.language);
    if (language != language_) return fail(K::LanguageMismatch, id, i);
    return true;
  }

  bool rule(const ParagraphRecord& p, SectionId id, std::uint32_t i) {
    if (i > 0 && d_.raw<ParagraphRecord>(id, i - 1).number >= p.number)
      return bad(id, i, K::OutOfOrder, "number");
    return true;
  }

  // The index: its size, its slots, and (read whole, not lazily: verify)
  // every paragraph found through it.
  bool paragraph_index() {
    const std::uint32_t paragraphs = count(SectionId::PARA);
    if (!index_size() || !index_slots(0, count(SectionId::PIDX))) return false;
    if (lazy_) return true;
    if (used_ != paragraphs) return fail(K::IndexIncomplete, SectionId::PIDX);
    for (std::uint32_t i = 0; i < paragraphs; ++i)
      if (d_.lookup(d_.raw<ParagraphRecord>(SectionId::PARA, i).number) != i)
        return fail(K::IndexIncomplete, SectionId::PIDX);
    return true;
  }
  bool index_size() {
    const std::uint32_t slots = count(SectionId::PIDX);
    if (slots < 8 || (slots & (slots - 1)) != 0 || slots / 2 < count(SectionId::PARA))
      return fail(K::BadSectionSize, SectionId::PIDX);
    return true;
  }
  // Slots first to end: each empty or a paragraph's (counted in used_).
  bool index_slots(std::uint32_t first, std::uint32_t end) {
    const std::uint32_t paragraphs = count(SectionId::PARA);
    for (std::uint32_t i = first; i < end; ++i) {
      std::uint32_t slot = d_.raw<std::uint32_t>(SectionId::PIDX, i);
      if (slot > paragraphs) return bad(SectionId::PIDX, i, K::BadSlot, "slot");
      used_ += slot != 0;
    }
    return true;
  }

  // ref and paragraph, by the condition's kind.
  bool rule(const ConditionRecord& c, SectionId id, std::uint32_t i) {
    bool ok;
    switch (ConditionKind(c.kind)) {
    case ConditionKind::Skill:
      ok = vocab(c.ref, VocabKind::Skill);
      break;
    case ConditionKind::Status:
      ok = vocab(c.ref, VocabKind::Status);
      break;
    case ConditionKind::Treasure:
      ok = string(c.ref) && (legacy() || treasure(c.paragraph));
      break;
    case ConditionKind::Wealth:
      ok = vocab(c.ref, VocabKind::Wealth) && c.roll_low <= c.roll_high;
      break;
    case ConditionKind::Space:
      ok = string(c.ref);
      break;
    case ConditionKind::Modifier:
      ok = string(c.ref) && !c.mandatory &&
           (c.roll_high == std::uint8_t(ConditionKind::Skill) ? vocab(c.paragraph, VocabKind::Skill)
            : c.roll_high == std::uint8_t(ConditionKind::Status)
                ? vocab(c.paragraph, VocabKind::Status)
                : c.roll_high == 0 && c.paragraph == none);
      break;
    case ConditionKind::Effect: // 1.5: roll_high the EffectKind
      ok = string(c.ref) && !c.mandatory && is_kind<EffectKind>(c.roll_high) &&
           (EffectKind(c.roll_high) == EffectKind::Suspends  ? vocab(c.paragraph, VocabKind::Skill)
            : EffectKind(c.roll_high) == EffectKind::Forbids ? vocab(c.paragraph, VocabKind::Option)
                                                             : c.paragraph == none);
      break;
    default:
      ok = c.ref == none;
    }
    if (ConditionKind(c.kind) != ConditionKind::Treasure &&
        ConditionKind(c.kind) != ConditionKind::Modifier &&
        ConditionKind(c.kind) != ConditionKind::Effect)
      ok = ok && c.paragraph == none;
    return ok || bad(id, i, K::BadReference, "ref");
  }

  // value and ref, by the award's kind.
  bool rule(const AwardRecord& a, SectionId id, std::uint32_t i) {
    bool ok;
    switch (AwardKind(a.kind)) {
    case AwardKind::Skill:
    case AwardKind::LoseSkill:
      ok = vocab(a.ref, VocabKind::Skill);
      break;
    case AwardKind::Status:
    case AwardKind::LoseStatus:
      ok = vocab(a.ref, VocabKind::Status);
      break;
    case AwardKind::Wealth:
      ok = a.limit == std::uint8_t(WealthLimit::None) ? a.ref == none
                                                      : vocab(a.ref, VocabKind::Wealth);
      break;
    case AwardKind::Treasure:
    case AwardKind::LoseTreasure:
      ok = string(a.ref) && a.value >= 0 &&
           (legacy() || paragraph_of(std::uint32_t(a.value), ParagraphKind::Treasure));
      break;
    case AwardKind::EnterPlace:
      ok = string(a.ref) && a.value >= 0 &&
           (legacy() || paragraph_of(std::uint32_t(a.value), ParagraphKind::Place));
      break;
    case AwardKind::GoTo:
      ok = a.ref == none && a.value >= std::int32_t(min_paragraph_number);
      break;
    case AwardKind::MoveToSpace:
      ok = string(a.ref) && a.value >= 0 && std::uint32_t(a.value) < count(SectionId::SPAC);
      break;
    case AwardKind::MoveToTerrain:
      ok = vocab(a.ref, VocabKind::Terrain);
      break;
    default:
      ok = a.ref == none;
    }
    return ok || bad(id, i, K::BadReference);
  }

  static bool letter(std::uint8_t c) {
    return c >= 'A' && c <= 'Z';
  }

  // A 1.0 file: no resolved rows and treasure paragraphs (they read as none).
  bool legacy() const {
    return d_.version.minor == 0;
  }

  // The number of a treasure paragraph of this book.
  bool treasure(std::uint32_t number) const {
    return paragraph_of(number, ParagraphKind::Treasure);
  }

  // The number of a paragraph of this kind in this book.
  bool paragraph_of(std::uint32_t number, ParagraphKind kind) const {
    std::uint32_t p = d_.lookup(number);
    return p != none && d_.raw<ParagraphRecord>(SectionId::PARA, p).kind == std::uint8_t(kind);
  }

  // A row of matrix `letter`, or none where none is allowed (`optional`).
  bool row(std::uint8_t letter, std::uint32_t row, bool optional) const {
    if (row == none) return optional || legacy();
    for (std::uint32_t i = 0; i < count(SectionId::MATX); ++i) {
      MatrixRecord m = d_.raw<MatrixRecord>(SectionId::MATX, i);
      if (m.letter == letter) return row < m.row_count;
    }
    return false;
  }

  bool rule(const MatrixRecord& m, SectionId id, std::uint32_t i) {
    if (i > 0 && d_.raw<MatrixRecord>(id, i - 1).letter >= m.letter)
      return bad(id, i, K::BadLetter, "letter");
    if (std::uint64_t(m.first_cell) + std::uint64_t(m.row_count) * m.option_count >
        count(SectionId::CELL))
      return bad(id, i, K::ListOutOfRange, "first_cell");
    return true;
  }
  bool after(const MatrixRecord*) {
    for (std::uint32_t i = 0; i < count(SectionId::MOPT); ++i)
      if (!vocab(d_.raw<std::uint32_t>(SectionId::MOPT, i), VocabKind::Option))
        return bad(SectionId::MOPT, i, K::BadReference, "option");
    for (std::uint32_t i = 0; i < count(SectionId::MROW); ++i)
      if (!string(d_.raw<std::uint32_t>(SectionId::MROW, i)))
        return bad(SectionId::MROW, i, K::BadString, "adjective");
    return true;
  }

  // matrix, count and first, by the card's kind.
  bool rule(const CardRecord& c, SectionId id, std::uint32_t i) {
    bool ok = false;
    switch (CardKind(c.kind)) {
    case CardKind::Character:
      ok = letter(c.matrix) && span(c.first, c.count, SectionId::PREF);
      break;
    case CardKind::Terrain:
      ok = c.matrix == 0 && span(c.first, c.count, SectionId::TERR);
      break;
    case CardKind::City:    // 1.5: its quest half, a quest paragraph and the being's name
    case CardKind::Special: // 1.6: results 1 (`You:`) and 2 (`Other:`), and a quest half
      ok = c.matrix == 0 && span(c.first, c.count, SectionId::CRES) &&
           (c.quest == none ? c.quest_being == none
                            : paragraph_of(c.quest, ParagraphKind::Quest) && string(c.quest_being));
      break;
    }
    if (CardKind(c.kind) != CardKind::City && CardKind(c.kind) != CardKind::Special)
      ok = ok && c.quest == none && c.quest_being == none;
    return ok || bad(id, i, K::ListOutOfRange);
  }

  // 1.6: a space's place of power is one; the map has one start space.
  bool rule(const SpaceRecord& s, SectionId id, std::uint32_t i) {
    return s.place == none || paragraph_of(s.place, ParagraphKind::Place) ||
           bad(id, i, K::BadReference, "place");
  }
  bool after(const SpaceRecord*) {
    std::uint32_t starts = 0;
    for (std::uint32_t i = 0; i < count(SectionId::SPAC); ++i)
      starts += d_.raw<SpaceRecord>(SectionId::SPAC, i).start;
    return count(SectionId::SPAC) == 0 || starts == 1 ||
           bad(SectionId::SPAC, 0, K::BadFlag, "start");
  }
  // 1.6: one rate a wealth level, in the ladder's order.
  bool rule(const MovementRecord& m, SectionId id, std::uint32_t i) {
    return i == 0 || d_.raw<MovementRecord>(id, i - 1).wealth < m.wealth ||
           bad(id, i, K::BadReference, "wealth");
  }

  // 1.6: the Merchant Display, one at most; its products in display order,
  // each in a box of its grid; its counters by shape, then wealth (0 to 2);
  // the markets one a space, each product a product of the display.
  bool before(const DisplayRecord*) {
    return count(SectionId::DISP) <= 1 || fail(K::BadSectionSize, SectionId::DISP);
  }
  DisplayRecord display() const {
    return count(SectionId::DISP) ? d_.raw<DisplayRecord>(SectionId::DISP, 0) : DisplayRecord{};
  }
  bool rule(const ProductRecord& p, SectionId id, std::uint32_t i) {
    const DisplayRecord d = display();
    if (p.row >= d.rows || p.column >= d.columns) return bad(id, i, K::BadReference, "row");
    if (i > 0) {
      const ProductRecord q = d_.raw<ProductRecord>(id, i - 1);
      if (q.row > p.row || (q.row == p.row && q.column >= p.column))
        return bad(id, i, K::OutOfOrder, "column");
    }
    return true;
  }
  bool rule(const CounterRecord& c, SectionId id, std::uint32_t i) {
    if (count(SectionId::DISP) == 0) return bad(id, i, K::BadReference, "shape");
    if (c.wealth > 2) return bad(id, i, K::BadReference, "wealth");
    if (c.count == 0) return bad(id, i, K::ListOutOfRange, "count");
    if (i > 0) {
      const CounterRecord q = d_.raw<CounterRecord>(id, i - 1);
      if (q.shape > c.shape || (q.shape == c.shape && q.wealth >= c.wealth))
        return bad(id, i, K::OutOfOrder, "wealth");
    }
    return true;
  }
  bool before(const MarketRecord*) {
    const std::uint32_t n = count(SectionId::MRKT);
    return n == 0 || (count(SectionId::DISP) == 1 && n == count(SectionId::SPAC)) ||
           fail(K::BadSectionSize, SectionId::MRKT);
  }
  bool rule(const MarketProductRecord& m, SectionId id, std::uint32_t i) {
    return m.product != none || bad(id, i, K::ListOutOfRange, "product");
  }

  // 1.7: the game family. One GAME record at most; a deck in a morgenland
  // book only, tiles and verdicts in a shahrazad book only.
  bool before(const GameRecord*) {
    return count(SectionId::GAME) <= 1 || fail(K::BadSectionSize, SectionId::GAME);
  }
  GameKind game() const {
    return count(SectionId::GAME) ? GameKind(d_.raw<GameRecord>(SectionId::GAME, 0).game)
                                  : GameKind::tales;
  }
  bool game_is(GameKind g, SectionId id) {
    return count(id) == 0 || game() == g || fail(K::BadSectionSize, id);
  }
  bool before(const DeckCardRecord*) {
    return game_is(GameKind::morgenland, SectionId::DECK);
  }
  bool before(const StoryTileRecord*) {
    return game_is(GameKind::shahrazad, SectionId::TILE);
  }
  bool before(const VerdictRecord*) {
    return game_is(GameKind::shahrazad, SectionId::VERD);
  }
  // The roles a card's stack allows (docs/games.md): none on the Insignia and
  // the V.A.G.U.W.A.M., none or cursed on a treasure, a Night role or none on
  // a Night card, one of the four day roles on a day card.
  static bool role_allowed(DeckClass c, CardRole r) {
    switch (c) {
    case DeckClass::treasure:
      return r == CardRole::none || r == CardRole::cursed;
    case DeckClass::attack:
    case DeckClass::defence:
      return r == CardRole::none || (r >= CardRole::flying && r <= CardRole::ghost);
    case DeckClass::day:
      return r >= CardRole::sandstorm && r <= CardRole::court;
    default:
      return r == CardRole::none;
    }
  }
  bool rule(const DeckCardRecord& c, SectionId id, std::uint32_t i) {
    const DeckClass cls = DeckClass(c.deck_class);
    const CardRole role = CardRole(c.role);
    const CardEffectKind effect = CardEffectKind(c.effect);
    if (!role_allowed(cls, role)) return bad(id, i, K::BadKind, "role");
    if (cls == DeckClass::attack || cls == DeckClass::defence
            ? c.key < 1 || c.key > 6
            : c.attack != 0 || c.defence != 0 || c.key != 0)
      return bad(id, i, K::BadReference, "key");
    const bool amount = effect != CardEffectKind::none && effect != CardEffectKind::skip &&
                        effect != CardEffectKind::peek;
    if (amount ? c.effect_amount < 1 || c.effect_amount > 3 : c.effect_amount != 0)
      return bad(id, i, K::BadReference, "effect_amount");
    if (c.copies < 1 || c.copies > 99) return bad(id, i, K::BadReference, "copies");
    if (c.stopped_by_count && role != CardRole::flying)
      return bad(id, i, K::BadReference, "stopped_by_count");
    if (c.bars_count && role != CardRole::bars) return bad(id, i, K::BadReference, "bars_count");
    return true;
  }
  bool rule(const DeckCardRefRecord& r, SectionId id, std::uint32_t i) {
    return r.card != none || bad(id, i, K::ListOutOfRange, "card");
  }
  bool rule(const StoryTileRecord& t, SectionId id, std::uint32_t i) {
    return t.number == i || bad(id, i, K::BadNumber, "number");
  }
  bool rule(const VerdictRecord& v, SectionId id, std::uint32_t i) {
    const bool last = i + 1 == count(id);
    if (bool(v.open) != last || (v.open ? v.to != none : v.to < v.from || v.to == none))
      return bad(id, i, K::BadReference, "to");
    const std::uint64_t from = i == 0 ? 0 : std::uint64_t(d_.raw<VerdictRecord>(id, i - 1).to) + 1;
    return v.from == from || bad(id, i, K::OutOfOrder, "from");
  }

  Book::Data& d_;
  ReadError& error_;
  std::uint32_t table_offset_ = 0;
  std::uint32_t table_count_ = 0;
  std::uint64_t block_data_offset_ = 0; // SDAT's offset in the file
  std::string language_;
  std::vector<bool> starts_; // by 4-byte slot of the pool
  std::uint32_t used_ = 0;   // the index's slots in use
  bool lazy_ = false;        // a lazily opened book: string starts checked when read
  bool packed_ = false;      // run_table: a packed file (checked whole instead)
};

} // namespace

std::uint32_t Book::Data::lookup(std::uint32_t number) const {
  const std::uint32_t slots = count(SectionId::PIDX);
  const std::uint32_t mask = slots - 1;
  std::uint32_t at = (number * layout::index_multiplier) >> (32 - index_bits);
  const Frames& f = frames[std::size_t(SectionId::PIDX)];
  for (std::uint32_t probe = 0; probe < slots; ++probe, at = (at + 1) & mask) {
    if (f.state) need_frame(SectionId::PIDX, at / f.per); // its slots checked
    std::uint32_t slot = raw<std::uint32_t>(SectionId::PIDX, at);
    if (slot == 0) return layout::none;
    if (raw<layout::ParagraphRecord>(SectionId::PARA, slot - 1).number == number) return slot - 1;
  }
  return layout::none;
}

bool validate(Book::Data& data, ReadError& error) {
  return Validator(data, error).run();
}

bool validate_table(Book::Data& data, ReadError& error, bool& damaged) {
  return Validator(data, error).run_table(damaged);
}

// The validator only reads a lazily opened book (everything it would set was
// set by validate_table).
bool validate_section(const Book::Data& data, SectionId id, ReadError& error) {
  return Validator(const_cast<Book::Data&>(data), error).run_section(id);
}

bool validate_frame(const Book::Data& data, SectionId id, std::uint32_t f, bool unpack, bool check,
                    ReadError& error) {
  return Validator(const_cast<Book::Data&>(data), error).run_frame(id, f, unpack, check);
}

bool unpack_block(const Book::Data& data, std::uint32_t b, std::vector<unsigned char>& out,
                  std::vector<bool>& starts, ReadError& error) {
  return Validator(const_cast<Book::Data&>(data), error).unpack_one(b, out, starts);
}

bool check_blocks(const Book::Data& data, std::uint64_t& pool_size, ReadError& error) {
  return Validator(const_cast<Book::Data&>(data), error).blocks(pool_size);
}

} // namespace talebook::tbook
