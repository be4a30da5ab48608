// The string pool of a .tbook (docs/binary-format.md, "Strings"): each
// distinct string once, as `u32 size, bytes, NUL, padding to 4`, in the order
// they are added. The pool holds no copy of the strings: a view of each (16
// bytes with its offset; the views must outlive the pool: the model's text),
// and its bytes are made on demand (copy, bytes). The index is an
// open-addressing table of (hash, string) pairs, at most 3/4 full: no node
// per string, one multiply per 8 bytes of hashing. Another thread may copy bytes out of the
// pool (copy) while strings are added: a growth of the list of views waits
// for the copy.
#pragma once

#include <algorithm>
#include <atomic>
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
  // `s` is kept as a view: its bytes must not move or change while the pool lives.
  std::uint32_t add(std::string_view s, bool& added) {
    if (size_ + s.size() >= empty - 8) { // the emitter refuses such a book (TB0068)
      added = true;
      append(s);
      return 0;
    }
    if (4 * (strings_.size() + 1) > 3 * slots_.size()) grow(); // at most 3/4 full
    const std::uint32_t h = hash(s);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = h & mask;; at = (at + 1) & mask) {
      Slot& slot = slots_[at];
      if (slot.string == empty) {
        added = true;
        slot = {h, std::uint32_t(strings_.size())};
        return append(s);
      }
      if (slot.hash == h && view(slot.string) == s) {
        added = false;
        return strings_[slot.string].offset;
      }
    }
  }

  // Appends the pool's bytes [start, start + size) to `out`; safe on another
  // thread while strings are added (those bytes must be in the pool already).
  void copy(std::size_t start, std::size_t size, std::string& out) const {
    std::shared_lock<std::shared_mutex> lock(growth_);
    const std::size_t end = start + size;
    // The last string that starts at or before `start`.
    const Entry* first = strings_.data();
    const Entry* it =
        std::upper_bound(first, first + count_.load(std::memory_order_acquire), start,
                         [](std::size_t at, const Entry& e) { return at < e.offset; });
    std::size_t i = std::size_t(it - first) - 1;
    out.reserve(out.size() + size);
    for (std::size_t at = start; at < end; ++i) {
      const Entry& e = strings_[i];
      const std::size_t from = at - e.offset, length = form_size(e.size);
      const std::size_t to = std::min(length, end - e.offset);
      if (from == 0 && to == length) {
        put(out, {e.data, e.size});
      } else {
        std::string one;
        put(one, {e.data, e.size});
        out.append(one, from, to - from);
      }
      at = e.offset + to;
    }
  }

  // Appends `s` to `out` in the pool's form: u32 size, the bytes, a NUL and
  // padding to a multiple of 4.
  static void put(std::string& out, std::string_view s) {
    const std::uint32_t size = std::uint32_t(s.size()); // beyond u32: the emitter refuses (TB0068)
    out.append(reinterpret_cast<const char*>(&size), 4);
    out += s;
    out.append(4 - s.size() % 4, '\0'); // the NUL and the padding
  }
  // The bytes `s` takes in the pool.
  static std::size_t form_size(std::size_t size) { return 4 + size / 4 * 4 + 4; }

  // Frees the index once the last string is in (add() may not be called after).
  void close() { std::vector<Slot>().swap(slots_); }
  // The pool made whole (bytes()), and the views freed: nothing may be read after.
  std::string release() {
    std::string out = bytes();
    std::vector<Entry>().swap(strings_);
    count_ = 0;
    return out;
  }

  // The pool's size in bytes, and the pool itself (made on demand).
  std::size_t size() const { return size_; }
  std::string bytes() const {
    std::string out;
    out.reserve(size_);
    for (const Entry& e : strings_)
      put(out, {e.data, e.size});
    return out;
  }
  // Room for `strings` views, whose pages are touched only as they are
  // written. The index grows with the strings instead: reserved here, it would
  // take its whole size (8 B / 0.75 per string) at once, before the emitter of
  // talec build has freed any of the model.
  void reserve(std::size_t strings) {
    std::unique_lock<std::shared_mutex> lock(growth_);
    strings_.reserve(strings);
  }

private:
  struct Entry {
    const char* data;
    std::uint32_t size;
    std::uint32_t offset;
  };
  struct Slot {
    std::uint32_t hash;
    std::uint32_t string; // index in strings_; empty: none
  };
  static constexpr std::uint32_t empty = 0xFFFFFFFFu;
  static_assert(sizeof(Entry) <= 16 && sizeof(Slot) <= 8); // per string: 16 B + 8 B / 0.75 at most

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

  std::string_view view(std::uint32_t string) const {
    const Entry& e = strings_[string];
    return {e.data, e.size};
  }

  // The offset of the string appended.
  std::uint32_t append(std::string_view s) {
    if (strings_.size() == strings_.capacity()) {
      std::unique_lock<std::shared_mutex> lock(growth_);
      strings_.reserve(std::max<std::size_t>(1024, 2 * strings_.capacity()));
    }
    const std::uint32_t offset = std::uint32_t(size_);
    // An empty view may have no data: it is never read.
    strings_.push_back({s.empty() ? "" : s.data(), std::uint32_t(s.size()), offset});
    count_.store(strings_.size(), std::memory_order_release);
    size_ += form_size(s.size());
    return offset;
  }

  void grow() { rehash(slots_.empty() ? 1024 : 2 * slots_.size()); }
  void rehash(std::size_t n) {
    std::vector<Slot> old(n, Slot{0, empty});
    old.swap(slots_);
    const std::size_t mask = n - 1;
    for (const Slot& slot : old) {
      if (slot.string == empty) continue;
      std::size_t at = slot.hash & mask;
      while (slots_[at].string != empty)
        at = (at + 1) & mask;
      slots_[at] = slot;
    }
  }

  std::vector<Entry> strings_;        // in pool order
  std::atomic<std::size_t> count_{0}; // strings_.size(), for copy() on another thread
  std::size_t size_ = 0;              // the pool's bytes
  mutable std::shared_mutex growth_;  // held by copy(), and by append() to grow strings_
  std::vector<Slot> slots_;
};

} // namespace talebook
