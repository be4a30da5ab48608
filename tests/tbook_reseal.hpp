// Resealing a damaged .tbook: every sum a writer would have written, made
// afresh over the bytes as they are (each string block's sum in SBLK, the
// SUMS section's sum of every section and of the section table, the header's
// file size and whole-file checksum), so that a flipped byte reaches the check
// of what it is in (a record's field, a string) and not only the sums. Reads
// damaged bytes: everything is bounds-checked. For the damage tests and the
// reader fuzzer.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>

#include "talebook/format.hpp"

namespace tbook_test {

inline std::string resealed_all(std::string bytes) {
  using namespace talebook::tbook::layout;
  if (bytes.size() < sizeof(Header)) return bytes;
  auto* p = reinterpret_cast<unsigned char*>(bytes.data());
  const std::uint64_t n = bytes.size();
  std::memcpy(p + offsetof(Header, file_size), &n, 8);
  Header h;
  std::memcpy(&h, p, sizeof h);
  if (!(h.flags & header_packed)) std::memcpy(p + offsetof(Header, image_size), &n, 8);
  const std::uint64_t table = h.header_size;
  if (!(h.flags & header_packed) && table <= n && h.section_count <= (n - table) / 24) {
    auto entry = [&](std::uint32_t i) {
      SectionEntry e;
      std::memcpy(&e, p + table + std::size_t(i) * 24, 24);
      return e;
    };
    auto inside = [&](const SectionEntry& e) { return std::uint64_t(e.offset) + e.size <= n; };
    // The blocks' sums, over SDAT as it is.
    std::uint32_t blocks = h.section_count, data = h.section_count, sums = h.section_count;
    for (std::uint32_t i = 0; i < h.section_count; ++i) {
      const std::uint32_t t = entry(i).tag;
      if (t == tag_blocks) blocks = i;
      if (t == tag_block_data) data = i;
      if (t == tag_sums) sums = i;
    }
    if (blocks < h.section_count && data < h.section_count) {
      const SectionEntry b = entry(blocks), d = entry(data);
      if (inside(b) && inside(d) && b.record_size >= sizeof(StringBlockRecord) &&
          std::uint64_t(b.count) * b.record_size <= b.size)
        for (std::uint32_t k = 0; k < b.count; ++k) {
          unsigned char* at = p + b.offset + std::size_t(k) * b.record_size;
          StringBlockRecord r;
          std::memcpy(&r, at, sizeof r);
          if (std::uint64_t(r.data_offset) + r.packed_size > d.size) continue;
          r.sum = word_sum(p + d.offset + r.data_offset, r.packed_size);
          std::memcpy(at + offsetof(StringBlockRecord, sum), &r.sum, 8);
        }
    }
    // SUMS: each section's bytes (count * record_size, as the reader sums
    // them), and in its own slot, the section table's.
    if (sums < h.section_count) {
      const SectionEntry s = entry(sums);
      if (inside(s) && s.record_size == 8 && s.count == h.section_count)
        for (std::uint32_t i = 0; i < h.section_count; ++i) {
          const SectionEntry e = entry(i);
          std::uint64_t sum;
          if (i == sums)
            sum = word_sum(p + table, std::uint64_t(h.section_count) * 24);
          else if ((e.flags == section_zstd || e.flags == section_frames) &&
                   inside(e)) // 1.3, 1.4: the bytes as stored
            sum = word_sum(p + e.offset, e.size);
          else if (std::uint64_t(e.offset) + std::uint64_t(e.count) * e.record_size <= n)
            sum = word_sum(p + e.offset, std::uint64_t(e.count) * e.record_size);
          else
            continue;
          std::memcpy(p + s.offset + std::size_t(i) * 8, &sum, 8);
        }
    }
  }
  if (n >= checksum_offset + 8) {
    const std::uint64_t sum = whole_file_checksum(p, n);
    std::memcpy(p + checksum_offset, &sum, 8);
  }
  return bytes;
}

} // namespace tbook_test
