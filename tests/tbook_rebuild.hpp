// Taking a .tbook apart into its sections and putting it back together (with
// a fresh checksum): the tests use it to make files a newer or older writer
// would make, and damage that the checksum does not catch.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "talebook/format.hpp"

namespace tbook_test {

struct RawSection {
  std::uint32_t tag = 0;
  std::uint32_t flags = 0;
  std::uint32_t record_size = 1;
  std::string data;
  std::uint32_t count =
      0; // records of a compressed section (flags); plain: data.size() / record_size
};

struct Sections {
  std::uint16_t major = 1, minor = 0;
  std::string header; // the 72 bytes of the original header
  std::vector<RawSection> sections;
};

// A file (not packed whole: no --stream); a compressed section keeps its bytes
// as stored and its count.
inline Sections split(const std::string& file) {
  using namespace talebook::tbook::layout;
  Sections s;
  Header h;
  std::memcpy(&h, file.data(), sizeof h);
  s.major = h.major;
  s.minor = h.minor;
  s.header = file.substr(0, sizeof h);
  for (std::uint32_t i = 0; i < h.section_count; ++i) {
    SectionEntry e;
    std::memcpy(&e, file.data() + h.header_size + 24 * i, 24);
    s.sections.push_back({e.tag, e.flags, e.record_size, file.substr(e.offset, e.size), e.count});
  }
  return s;
}

// Rewrites the checksum of a whole file.
inline void seal(std::string& file) {
  using namespace talebook::tbook::layout;
  std::memset(file.data() + checksum_offset, 0, 8);
  std::uint64_t sum =
      fnv1a(fnv_offset, reinterpret_cast<const unsigned char*>(file.data()), file.size());
  std::memcpy(file.data() + checksum_offset, &sum, 8);
}

// A SUMS section (format 1.2), if there is one, is moved last and filled in
// afresh (docs/binary-format.md, "String blocks and sums (1.2)").
inline std::string join(Sections s) {
  using namespace talebook::tbook::layout;
  for (std::size_t i = 0; i + 1 < s.sections.size(); ++i)
    if (s.sections[i].tag == tag_sums) {
      RawSection sums = s.sections[i];
      s.sections.erase(s.sections.begin() + std::ptrdiff_t(i));
      s.sections.push_back(sums);
      break;
    }
  const bool sums = !s.sections.empty() && s.sections.back().tag == tag_sums;
  if (sums) s.sections.back().data.assign(8 * s.sections.size(), '\0');
  Header h;
  std::memcpy(&h, s.header.data(), sizeof h);
  h.major = s.major;
  h.minor = s.minor;
  h.section_count = std::uint32_t(s.sections.size());
  std::string out(sizeof h + 24 * s.sections.size(), '\0');
  std::vector<SectionEntry> table;
  std::size_t at = out.size();
  for (const RawSection& r : s.sections) {
    at += (8 - at % 8) % 8;
    table.push_back({r.tag, r.flags, std::uint32_t(at), std::uint32_t(r.data.size()),
                     r.flags ? r.count : std::uint32_t(r.data.size() / r.record_size),
                     r.record_size});
    at += r.data.size();
  }
  std::memcpy(out.data() + sizeof h, table.data(), 24 * table.size());
  if (sums) {
    std::string& data = s.sections.back().data;
    for (std::size_t i = 0; i + 1 < s.sections.size(); ++i) {
      const std::string& d = s.sections[i].data;
      std::uint64_t v = s.sections[i].tag == tag_block_data
                            ? 0
                            : word_sum(reinterpret_cast<const unsigned char*>(d.data()), d.size());
      std::memcpy(data.data() + 8 * i, &v, 8);
    }
    std::uint64_t v =
        word_sum(reinterpret_cast<const unsigned char*>(out.data()) + sizeof h, 24 * table.size());
    std::memcpy(data.data() + 8 * (s.sections.size() - 1), &v, 8);
  }
  for (const RawSection& r : s.sections) {
    out.append((8 - out.size() % 8) % 8, '\0');
    out += r.data;
  }
  h.file_size = h.image_size = out.size();
  h.flags = 0;
  std::memcpy(out.data(), &h, sizeof h);
  seal(out);
  return out;
}

// Appends `extra` zero bytes to every record of a section (a newer minor's longer records).
inline void grow_records(Sections& s, std::uint32_t tag, std::uint32_t extra) {
  for (RawSection& r : s.sections) {
    if (r.tag != tag) continue;
    std::string grown;
    for (std::size_t at = 0; at < r.data.size(); at += r.record_size)
      grown += r.data.substr(at, r.record_size) + std::string(extra, '\0');
    r.data = grown;
    r.record_size += extra;
  }
}

// Cuts every record of a section to its first `size` bytes (an older minor's shorter records).
inline void shrink_records(Sections& s, std::uint32_t tag, std::uint32_t size) {
  for (RawSection& r : s.sections) {
    if (r.tag != tag) continue;
    std::string shrunk;
    for (std::size_t at = 0; at < r.data.size(); at += r.record_size)
      shrunk += r.data.substr(at, size);
    r.data = shrunk;
    r.record_size = size;
  }
}

// The same book as format 1.0 wrote it: COND, MREF and CHRT without the 1.1 fields.
inline std::string as_format_1_0(const std::string& file) {
  using talebook::tbook::layout::tag;
  Sections s = split(file);
  s.minor = 0;
  for (std::size_t i = 0; i < s.sections.size(); ++i)
    if (s.sections[i].tag == talebook::tbook::layout::tag_sums)
      s.sections.erase(s.sections.begin() + std::ptrdiff_t(i));
  shrink_records(s, tag("COND"), 8);
  shrink_records(s, tag("MREF"), 8);
  shrink_records(s, tag("CHRT"), 12);
  return join(s);
}

} // namespace tbook_test
