// The string pool of a .tbook (docs/binary-format.md, "Strings"): each
// distinct string once, as `u32 size, bytes, NUL, padding to 4`, in the order
// they are added. The index is an open-addressing table of (hash, offset)
// pairs that compares a candidate with the pool's own bytes: no node and no
// copy per string, one multiply per 8 bytes of hashing. Another thread may
// copy bytes out of the pool (copy) while strings are added: a growth of the
// pool's buffer waits for the copy.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

namespace talebook {

class StringPool {
public:
  // The offset of `s` in the pool, appending it if it is new (`added` true).
  std::uint32_t add(std::string_view s, bool& added) {
    if (bytes_.size() + s.size() >= empty - 8) { // the emitter refuses such a book (TB0068)
      added = true;
      append(s);
      return 0;
    }
    if (2 * (used_ + 1) > slots_.size()) grow();
    const std::uint32_t h = hash(s);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = h & mask;; at = (at + 1) & mask) {
      Slot& slot = slots_[at];
      if (slot.offset == empty) {
        added = true;
        slot = {h, std::uint32_t(bytes_.size())};
        ++used_;
        append(s);
        return slot.offset;
      }
      if (slot.hash == h && equal(slot.offset, s)) {
        added = false;
        return slot.offset;
      }
    }
  }

  // Appends bytes [start, start + size) to `out`; safe on another thread.
  void copy(std::size_t start, std::size_t size, std::string& out) const {
    std::shared_lock<std::shared_mutex> lock(growth_);
    out.append(bytes_.data() + start, size);
  }

  // Appends `s` to `out` in the pool's form: u32 size, the bytes, a NUL and
  // padding to a multiple of 4.
  static void put(std::string& out, std::string_view s) {
    const std::uint32_t size = std::uint32_t(s.size()); // beyond u32: the emitter refuses (TB0068)
    out.append(reinterpret_cast<const char*>(&size), 4);
    out += s;
    out.append(4 - s.size() % 4, '\0'); // the NUL and the padding
  }

  // Frees the index once the last string is in (add() may not be called after).
  void close() { std::vector<Slot>().swap(slots_); }

  std::string& bytes() { return bytes_; }
  const std::string& bytes() const { return bytes_; }
  void reserve(std::size_t bytes, std::size_t strings) {
    {
      std::unique_lock<std::shared_mutex> lock(growth_);
      bytes_.reserve(bytes);
    }
    std::size_t n = 16;
    while (n < 2 * strings)
      n *= 2;
    if (n > slots_.size()) rehash(n);
  }

private:
  struct Slot {
    std::uint32_t hash;
    std::uint32_t offset; // empty: no string (a real offset is a multiple of 4)
  };
  static constexpr std::uint32_t empty = 0xFFFFFFFFu;

  static std::uint64_t load(const char* p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  static std::uint32_t hash(std::string_view s) {
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ s.size();
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      h = (h ^ load(s.data() + i)) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    std::uint64_t tail = 0;
    if (i < s.size()) std::memcpy(&tail, s.data() + i, s.size() - i);
    h = (h ^ tail) * 0x94D049BB133111EBull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return std::uint32_t(h >> 32);
  }

  bool equal(std::uint32_t offset, std::string_view s) const {
    std::uint32_t size;
    std::memcpy(&size, bytes_.data() + offset, 4);
    // An empty view may have no data: memcmp must not be given its null pointer.
    return size == s.size() &&
           (s.empty() || std::memcmp(bytes_.data() + offset + 4, s.data(), s.size()) == 0);
  }

  void append(std::string_view s) {
    const std::size_t need = bytes_.size() + 4 + s.size() + 4;
    if (need > bytes_.capacity()) {
      std::unique_lock<std::shared_mutex> lock(growth_);
      bytes_.reserve(std::max(need, 2 * bytes_.capacity()));
    }
    put(bytes_, s);
  }

  void grow() { rehash(slots_.empty() ? 1024 : 2 * slots_.size()); }
  void rehash(std::size_t n) {
    std::vector<Slot> old(n, Slot{0, empty});
    old.swap(slots_);
    const std::size_t mask = n - 1;
    for (const Slot& slot : old) {
      if (slot.offset == empty) continue;
      std::size_t at = slot.hash & mask;
      while (slots_[at].offset != empty)
        at = (at + 1) & mask;
      slots_[at] = slot;
    }
  }

  std::string bytes_;
  mutable std::shared_mutex growth_; // held by copy(), and by append() to grow bytes_
  std::vector<Slot> slots_;
  std::size_t used_ = 0;
};

} // namespace talebook
