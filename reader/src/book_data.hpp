// The reader's private state: the file's bytes and where each section starts.
#pragma once

#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

#include "talebook/format.hpp"
#include "talebook/reader.hpp"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the .tbook reader reads the file's little-endian records in place"
#endif

namespace talebook::tbook {

using layout::SectionId;

struct SectionView {
  const unsigned char* data = nullptr;
  std::uint32_t count = 0;
  std::uint32_t record_size = 0;
};

// A read-only view of a whole file (mapped_file.cpp: POSIX mmap, or a copy
// where there is none).
class MappedFile {
public:
  virtual ~MappedFile() = default;
  virtual const unsigned char* data() const = 0;
  virtual std::size_t size() const = 0;
  // True once a read past the file's end (it was truncated while mapped) found
  // zeros instead (mapped_file.cpp: the SIGBUS guard).
  virtual bool changed() const { return false; }
  // False when the file was read into memory instead of mapped.
  virtual bool in_place() const { return false; }
  // Null and error set ("cannot open 'x'", "not a regular file"...) on failure.
  static std::unique_ptr<MappedFile> open(const std::string& path, std::string& error);
};

// A 1.2 book opened by open_mapped: each section is checked (its SUMS entry and
// its records) when first read, each string block when first unpacked.
struct LazyState {
  std::recursive_mutex mutex;
  std::atomic<std::thread::id> checker{}; // the thread checking a section now
  std::atomic<std::uint8_t> state[std::size_t(SectionId::count)] = {}; // LazyState::good...
  ReadError error;                                                     // the first failure
  const MappedFile* map = nullptr; // the mapping read: a check that read past its end fails
  std::string path;
  struct Block {
    std::unique_ptr<unsigned char[]> bytes;
    std::vector<bool> starts; // by 4-byte slot
  };
  std::vector<std::unique_ptr<Block>> owned;
  std::unique_ptr<std::atomic<const Block*>[]> blocks; // by SBLK index, once unpacked
  // A section's state; a frame's: packed (unchecked), unpacked, checking, good, bad.
  enum : std::uint8_t { unchecked = 0, unpacked = 1, checking = 2, good = 3, bad = 4 };
};

struct Book::Data {
  std::vector<unsigned char> owned; // the file, unless borrowed
  std::vector<unsigned char> image; // a packed file's unpacked image
  std::vector<unsigned char> pool;  // string blocks, unpacked at open (open_file)
  // 1.3: a compressed record section's bytes as stored (section_zstd), and
  // unpacked (at open, or by open_mapped when the section is first read).
  struct Stored {
    std::uint32_t size = 0;              // the frame's bytes; 0: the section is stored plain
    const unsigned char* data = nullptr; // null in check_written (read through WrittenFile::read)
    std::uint64_t offset = 0;
    std::uint32_t flags = 0; // section_zstd, or section_frames (1.4)
  } stored[std::size_t(SectionId::count)];
  std::unique_ptr<unsigned char[]> unpacked[std::size_t(SectionId::count)];
  // 1.4: a section stored as frames (section_frames), from its frame table.
  // open_mapped unpacks and checks one frame when a record of it is first read
  // (`state`, by frame: LazyState::unchecked...; null once the section is
  // unpacked whole).
  struct Frames {
    std::uint32_t per = 0; // records per frame; 0: not stored as frames
    std::uint32_t count = 0;
    const unsigned char* ends = nullptr; // u32 by frame: its end, from `first`
    const unsigned char* first = nullptr;
    std::unique_ptr<std::atomic<std::uint8_t>[]> state;
  } frames[std::size_t(SectionId::count)];
  std::unique_ptr<MappedFile> map; // open_mapped
  std::unique_ptr<LazyState> lazy; // open_mapped of a 1.2 file
  const unsigned char* bytes = nullptr;
  std::size_t size = 0;
  FormatVersion version;
  SectionView sections[std::size_t(SectionId::count)];
  std::uint32_t index_bits = 0; // log2 of the PIDX slots
  // 1.2: where each section is in the table (for SUMS), and the extra sections.
  std::uint32_t table_index[std::size_t(SectionId::count)] = {};
  SectionView dictionary, blocks, block_data, sums;
  std::uint32_t dictionary_index = 0, blocks_index = 0;
  bool blocked = false;                           // strings in SBLK blocks, no STRS
  const std::string_view* written_pool = nullptr; // open_written: the blocks' strings
  const Book::WrittenFile* parts = nullptr;       // check_written: the file's parts
  std::uint64_t pool_size = 0;

  const SectionView& section(SectionId id) const { return sections[std::size_t(id)]; }
  std::uint32_t count(SectionId id) const { return section(id).count; }

  // Record i of a section (i checked by the caller); reads the known prefix. The
  // fields an older minor's shorter record lacks keep their defaults (none).
  template <class T> T record(SectionId id, std::uint32_t i) const {
    if (lazy) {
      need(id);
      if (frames[std::size_t(id)].state) need_frame(id, i / frames[std::size_t(id)].per);
    }
    return raw<T>(id, i);
  }
  // The same without the lazy check: the validator's reads (it needs what it
  // reads beforehand, book_validate.cpp); a frame is unpacked, not checked.
  template <class T> T raw(SectionId id, std::uint32_t i) const {
    const SectionView& s = section(id);
    const Frames& f = frames[std::size_t(id)];
    if (f.state) {
      const std::uint8_t st = f.state[i / f.per].load(std::memory_order_acquire);
      if (st == LazyState::unchecked || st == LazyState::bad) unpack_frame(id, i / f.per);
    }
    T out{};
    std::memcpy(&out, s.data + std::size_t(i) * s.record_size,
                s.record_size < sizeof(T) ? s.record_size : sizeof(T));
    return out;
  }

  // A validated string reference.
  std::string_view string(std::uint32_t ref) const {
    if (lazy && blocked) return lazy_string(ref);
    const unsigned char* p = section(SectionId::STRS).data + ref;
    std::uint32_t size;
    std::memcpy(&size, p, 4);
    return {reinterpret_cast<const char*>(p + 4), size};
  }

  // Paragraph index of a number, or layout::none.
  std::uint32_t lookup(std::uint32_t number) const;

  // A lazily opened book: checks section id if it has not been checked yet;
  // throws BadBookError if it is damaged (book_lazy.cpp).
  void need(SectionId id) const;
  // The same for frame f of a section stored as frames (need(id) done): unpacks
  // it, then checks its records.
  void need_frame(SectionId id, std::uint32_t f) const;
  void unpack_frame(SectionId id, std::uint32_t f) const;
  std::string_view lazy_string(std::uint32_t ref) const;
};

// False in a reader built without zstd (the CMake option TALEBOOK_READER_ZSTD
// OFF, as the web build is): it reads unpacked books (`talec build
// --unpacked`) and refuses a compressed one with ReadErrorKind::NoZstd.
#ifndef TALEBOOK_READER_ZSTD
#define TALEBOOK_READER_ZSTD 1
#endif
inline constexpr bool can_unpack = TALEBOOK_READER_ZSTD != 0;

// What a zstd frame can unpack to at most, per byte of the frame: a bound
// that no honest frame comes near (one of run-length blocks unpacks 128 KiB
// from 4 bytes), checked before memory is taken for what a file says it holds.
inline constexpr std::uint64_t max_unpack_ratio = 32768;

// True if the frame `in` may unpack to `size` bytes: within max_unpack_ratio
// of its own size, and its header, when it gives a content size, gives that.
// Nothing is unpacked.
bool frame_may_give(const unsigned char* in, std::size_t in_size, std::uint64_t size);

// Unpacks one zstd frame (unpack.cpp) into out[start..out_size), which it must
// fill exactly, with out[..start] as its dictionary (none when start is 0);
// false if it is damaged.
bool unpack(const unsigned char* in, std::size_t in_size, unsigned char* out, std::size_t out_size,
            std::size_t start = 0);

// Validates the file (Data::bytes, Data::size) and fills the section views;
// false with the error.
bool validate(Book::Data& data, ReadError& error);

// Validates what open_mapped reads at once (the header, the section table and
// its sum); false if the file has no SUMS or is packed whole (then validate()).
// Throws nothing; error set on a damaged file (then `damaged` is true).
bool validate_table(Book::Data& data, ReadError& error, bool& damaged);

// Checks one section of a lazily opened book (its sum, then its records; of a
// section stored as frames, its frame table); false with the error.
bool validate_section(const Book::Data& data, SectionId id, ReadError& error);
// A lazily opened book's frame f of section id: unpacks it (`unpack`), checks
// its records (`check`); false with the error.
bool validate_frame(const Book::Data& data, SectionId id, std::uint32_t f, bool unpack, bool check,
                    ReadError& error);

// A string block b: checks its sum, unpacks it against the dictionary,
// checks its strings; false with the error.
bool unpack_block(const Book::Data& data, std::uint32_t b, std::vector<unsigned char>& out,
                  std::vector<bool>& starts, ReadError& error);
// Checks SBLK and SDIC (sums, contiguity) and sets pool_size.
bool check_blocks(const Book::Data& data, std::uint64_t& pool_size, ReadError& error);

} // namespace talebook::tbook
