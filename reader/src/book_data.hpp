// The reader's private state: the file's bytes and where each section starts.
#pragma once

#include <cstring>
#include <string_view>
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

struct Book::Data {
  std::vector<unsigned char> owned; // the file, unless borrowed
  std::vector<unsigned char> image; // a packed file's unpacked image
  const unsigned char* bytes = nullptr;
  std::size_t size = 0;
  FormatVersion version;
  SectionView sections[std::size_t(SectionId::count)];
  std::uint32_t index_bits = 0; // log2 of the PIDX slots

  const SectionView& section(SectionId id) const { return sections[std::size_t(id)]; }
  std::uint32_t count(SectionId id) const { return section(id).count; }

  // Record i of a section (i checked by the caller); reads the known prefix. The
  // fields an older minor's shorter record lacks keep their defaults (none).
  template <class T> T record(SectionId id, std::uint32_t i) const {
    const SectionView& s = section(id);
    T out{};
    std::memcpy(&out, s.data + std::size_t(i) * s.record_size,
                s.record_size < sizeof(T) ? s.record_size : sizeof(T));
    return out;
  }

  // A validated string reference.
  std::string_view string(std::uint32_t ref) const {
    const unsigned char* p = section(SectionId::STRS).data + ref;
    std::uint32_t size;
    std::memcpy(&size, p, 4);
    return {reinterpret_cast<const char*>(p + 4), size};
  }

  // Paragraph index of a number, or layout::none.
  std::uint32_t lookup(std::uint32_t number) const;
};

// Unpacks a packed stream into exactly out_size bytes; false if it is damaged.
bool unpack(const unsigned char* in, std::size_t in_size, unsigned char* out, std::size_t out_size);

// Validates the file (Data::bytes, Data::size) and fills the section views;
// false with "bad book file: ..." in error.
bool validate(Book::Data& data, std::string& error);

} // namespace talebook::tbook
