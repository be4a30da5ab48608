// Packing a .tbook image (docs/binary-format.md, "Packing"): LZ77 with hash
// chains and one-step lazy matching, then canonical Huffman codes limited to 15
// bits. The chains link positions with the same first hash_bytes bytes; they are
// bounded (max_chain tries, a match of nice_match bytes is taken at once, none of
// lazy_limit bytes or more is checked lazily) and kept in a ring of one window,
// so packing is linear in the image (docs/performance.md). Everything is
// deterministic, on any host: ties break by position and symbol.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <queue>
#include <span>

#include "compiler/emit/emit.hpp"
#include "talebook/format.hpp"

namespace talebook {
namespace {

using namespace tbook::layout;

constexpr int lit_symbols = pack_literals + pack_length_codes;
constexpr int window = 32768; // a power of two: the chain ring is indexed by i % window
constexpr int min_match = 3;
constexpr int max_match = 258;
constexpr int hash_bytes = 6; // shorter matches rarely pay for their codes
constexpr int hash_bits = 17;
constexpr int max_chain = 32;
constexpr int block_chain = 8; // string blocks (1.2): a quarter of the tries, 2 % larger
constexpr int nice_match = 128;
constexpr int lazy_limit = 32;

struct Token {
  std::uint16_t value;    // a literal byte, or a match length
  std::uint16_t distance; // 0 for a literal
};

// Hash chains over the last window of positions. The tables are the thread's,
// reused from one call to the next without clearing them (string blocks are
// many and small): they hold positions plus a base that grows with each call,
// so an entry below the base is an earlier call's, which ends a chain.
class Matcher {
public:
  Matcher(std::string_view data, int chain)
      : chain_(chain), p_(reinterpret_cast<const unsigned char*>(data.data())),
        n_(int(data.size())), bits_(table_bits(data.size())), head_(tables().head),
        prev_(tables().prev) {
    Tables& t = tables();
    if (t.bits != bits_ || t.next_base > (1 << 30) - n_ - window) {
      head_.assign(std::size_t(1) << bits_, -1);
      prev_.assign(window, -1);
      t.bits = bits_;
      t.next_base = 0;
    }
    base_ = t.next_base;
    t.next_base += n_ + window;
  }

  void insert(int i) {
    if (i + hash_bytes > n_) return;
    int& head = head_[hash(i)];
    prev_[i & (window - 1)] = head;
    head = base_ + i;
  }

  // The longest earlier match at i (0 if none of min_match), and its distance.
  int longest(int i, int& distance) const {
    if (i + hash_bytes > n_) return 0;
    const int limit = std::min(max_match, n_ - i);
    int best = min_match - 1;
    int c = head_[hash(i)] - base_;
    for (int chain = 0; c >= 0 && i - c < window && chain < chain_; ++chain) {
      if (p_[c + best] == p_[i + best]) {
        int len = common(c, i, limit);
        if (len > best) {
          best = len;
          distance = i - c;
          if (len >= nice_match || len == limit) break;
        }
      }
      int next = prev_[c & (window - 1)] - base_;
      if (next >= c) break;
      c = next;
    }
    return best >= min_match ? best : 0;
  }

private:
  std::uint32_t hash(int i) const {
    std::uint64_t v = 0;
    for (int k = 0; k < hash_bytes; ++k)
      v |= std::uint64_t(p_[i + k]) << (8 * k);
    return std::uint32_t((v * 0x9E3779B97F4A7C15ull) >> (64 - bits_));
  }

  static int table_bits(std::size_t n) {
    int bits = 12;
    while (bits < hash_bits && (std::size_t(1) << bits) < n)
      ++bits;
    return bits;
  }
  struct Tables {
    std::vector<int> head, prev;
    int bits = 0;
    int next_base = 0;
  };
  static Tables& tables() {
    thread_local Tables t;
    return t;
  }

  int common(int a, int b, int limit) const {
    int len = 0;
    if constexpr (std::endian::native == std::endian::little) {
      while (len + 8 <= limit) {
        std::uint64_t x, y;
        std::memcpy(&x, p_ + a + len, 8);
        std::memcpy(&y, p_ + b + len, 8);
        if (x != y) return len + std::countr_zero(x ^ y) / 8;
        len += 8;
      }
    }
    while (len < limit && p_[a + len] == p_[b + len])
      ++len;
    return len;
  }

  int chain_;
  const unsigned char* p_;
  int n_;
  int bits_;
  int base_ = 0;
  std::vector<int>& head_;
  std::vector<int>& prev_;
};

// The tokens of data[start..]; matches may reach back into data[..start] (a
// preset dictionary).
std::vector<Token> matches(std::string_view data, int start, int chain) {
  const int n = int(data.size());
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  Matcher m(data, chain);
  std::vector<Token> out;
  out.reserve(data.size() / 4);
  for (int k = 0; k < start; ++k)
    m.insert(k);
  int i = start;
  while (i < n) {
    int distance = 0;
    int len = m.longest(i, distance);
    m.insert(i);
    if (len == 0) {
      out.push_back({p[i], 0});
      ++i;
      continue;
    }
    if (len < lazy_limit && i + 1 < n) {
      int next_distance = 0;
      if (m.longest(i + 1, next_distance) > len) { // a literal now, the longer match next
        out.push_back({p[i], 0});
        ++i;
        continue;
      }
    }
    out.push_back({std::uint16_t(len), std::uint16_t(distance)});
    for (int k = 1; k < len; ++k)
      m.insert(i + k);
    i += len;
  }
  return out;
}

// Matching for string blocks (format 1.2): greedy, one probe per position in
// each of two tables of the last position with the same first hash_bytes bytes:
// the dictionary's (built once for all blocks, read-only, shared by the
// threads) and the block's own. About five times faster than the chains, for a
// few per cent more bytes (docs/performance.md, "The packer").
constexpr int dictionary_bits = 15;
constexpr int block_bits = 14;

// The first hash_bytes bytes at p, mixed: a table of 2^bits entries takes the top bits.
std::uint64_t mix_at(const unsigned char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  v &= (std::uint64_t(1) << (8 * hash_bytes)) - 1;
  return v * 0x9E3779B97F4A7C15ull;
}
std::uint32_t hash_at(const unsigned char* p, int bits) {
  return std::uint32_t(mix_at(p) >> (64 - bits));
}

int common_bytes(const unsigned char* a, const unsigned char* b, int limit) {
  int len = 0;
  while (len + 8 <= limit) {
    std::uint64_t x, y;
    std::memcpy(&x, a + len, 8);
    std::memcpy(&y, b + len, 8);
    if (x != y) {
      if constexpr (std::endian::native == std::endian::little)
        return len + std::countr_zero(x ^ y) / 8;
      else
        return len + std::countl_zero(x ^ y) / 8;
    }
    len += 8;
  }
  while (len < limit && a[len] == b[len])
    ++len;
  return len;
}

// Positions 0..n-8 of the dictionary by hash (the last of each), -1 for none.
std::vector<std::int32_t> dictionary_table(std::string_view dictionary) {
  std::vector<std::int32_t> table(std::size_t(1) << dictionary_bits, -1);
  const auto* p = reinterpret_cast<const unsigned char*>(dictionary.data());
  for (int i = 0; i + 8 <= int(dictionary.size()); ++i)
    table[hash_at(p + i, dictionary_bits)] = i;
  return table;
}

// data = dictionary + block; tokens of the block.
// The tokens go to `tokens` (the thread's, reused: it only grows); returns their count.
std::size_t block_matches(std::string_view data, int start,
                          const std::vector<std::int32_t>& dictionary, std::vector<Token>& tokens) {
  const int n = int(data.size());
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  // The thread's table, reused: entries below `base` are an earlier block's.
  thread_local std::vector<std::int32_t> own;
  thread_local std::int64_t next_base = 0;
  if (own.empty() || next_base > (std::int64_t(1) << 30) - n) {
    own.assign(std::size_t(1) << block_bits, std::numeric_limits<std::int32_t>::min());
    next_base = 0;
  }
  const std::int64_t base = next_base - start; // own[] holds base + position
  next_base += n;
  if (tokens.size() < std::size_t(n - start))
    tokens.resize(std::size_t(n - start)); // one a byte at most
  Token* out = tokens.data();
  auto try_match = [&](int c, int i, int& best, int& distance) {
    if (c < 0 || i - c > window || c >= i) return;
    const int limit = std::min(max_match, n - i);
    if (best >= limit || p[c + best] != p[i + best]) return;
    int len = common_bytes(p + c, p + i, limit);
    if (len > best) {
      best = len;
      distance = i - c;
    }
  };
  int i = start;
  while (i < n) {
    if (i + 8 > n) {
      *out++ = Token{p[i], 0};
      ++i;
      continue;
    }
    const std::uint64_t mix = mix_at(p + i);
    std::int32_t& slot = own[mix >> (64 - block_bits)];
    int best = min_match - 1, distance = 0;
    if (slot - base >= start) try_match(int(slot - base), i, best, distance);
    if (best < nice_match && !dictionary.empty())
      try_match(dictionary[mix >> (64 - dictionary_bits)], i, best, distance);
    slot = std::int32_t(base + i);
    if (best < hash_bytes) { // shorter matches rarely pay for their codes
      *out++ = Token{p[i], 0};
      ++i;
      continue;
    }
    *out++ = Token{std::uint16_t(best), std::uint16_t(distance)};
    const int end = i + best;
    for (i = std::max(i + 1, end - 4); i < end; ++i) // the match's last positions only
      if (i + 8 <= n) own[hash_at(p + i, block_bits)] = std::int32_t(base + i);
  }
  return std::size_t(out - tokens.data());
}

// Huffman code lengths of at most pack_max_bits; deterministic on ties.
std::vector<std::uint8_t> code_lengths(std::vector<std::uint32_t> freq) {
  const int n = int(freq.size());
  std::vector<std::uint8_t> lengths(freq.size(), 0);
  for (;;) {
    using Node = std::pair<std::uint64_t, int>; // weight, id
    std::priority_queue<Node, std::vector<Node>, std::greater<Node>> queue;
    std::vector<int> parent;
    for (int s = 0; s < n; ++s)
      if (freq[s]) queue.push({freq[s], s});
    if (queue.empty()) return lengths;
    if (queue.size() == 1) {
      lengths[queue.top().second] = 1;
      return lengths;
    }
    parent.assign(std::size_t(n) * 2, -1);
    int next = n;
    while (queue.size() > 1) {
      Node a = queue.top();
      queue.pop();
      Node b = queue.top();
      queue.pop();
      parent[a.second] = parent[b.second] = next;
      queue.push({a.first + b.first, next++});
    }
    int longest = 0;
    for (int s = 0; s < n; ++s) {
      if (!freq[s]) continue;
      int depth = 0;
      for (int x = s; parent[x] >= 0; x = parent[x])
        ++depth;
      lengths[s] = std::uint8_t(std::min(depth, 255));
      longest = std::max(longest, depth);
    }
    if (longest <= pack_max_bits) return lengths;
    for (auto& f : freq)
      if (f) f = (f >> 1) | 1;
  }
}

// Canonical codes from lengths (RFC 1951, 3.2.2).
std::vector<std::uint16_t> canonical(const std::vector<std::uint8_t>& lengths) {
  std::uint16_t count[pack_max_bits + 1] = {}, next[pack_max_bits + 2] = {};
  for (auto len : lengths)
    ++count[len];
  count[0] = 0;
  std::uint16_t code = 0;
  for (int bits = 1; bits <= pack_max_bits; ++bits) {
    code = std::uint16_t((code + count[bits - 1]) << 1);
    next[bits] = code;
  }
  std::vector<std::uint16_t> codes(lengths.size(), 0);
  for (std::size_t s = 0; s < lengths.size(); ++s)
    if (lengths[s]) codes[s] = next[lengths[s]]++;
  return codes;
}

// Bits from the least significant end of each byte (RFC 1951, 3.1.1).
class BitWriter {
public:
  void bits(std::uint32_t value, int n) { // value < 2^n, n <= 24
    acc_ |= std::uint64_t(value) << used_;
    used_ += n;
    if (used_ >= 32) { // four bytes at once, least significant first
      const char bytes[4] = {char(acc_), char(acc_ >> 8), char(acc_ >> 16), char(acc_ >> 24)};
      out_.append(bytes, 4);
      acc_ >>= 32;
      used_ -= 32;
    }
  }
  void reserve(std::size_t bytes) { out_.reserve(bytes); }
  std::string finish() {
    for (; used_ > 0; used_ -= 8, acc_ >>= 8)
      out_.push_back(char(acc_ & 0xFF));
    return std::move(out_);
  }

private:
  std::string out_;
  std::uint64_t acc_ = 0;
  int used_ = 0;
};

// Huffman codes go most significant bit first: stored reversed, written as bits.
std::vector<std::uint16_t> reversed(const std::vector<std::uint16_t>& codes,
                                    const std::vector<std::uint8_t>& lengths) {
  std::vector<std::uint16_t> out(codes.size(), 0);
  for (std::size_t s = 0; s < codes.size(); ++s)
    for (int b = 0; b < lengths[s]; ++b)
      if (codes[s] >> b & 1u) out[s] = std::uint16_t(out[s] | 1u << (lengths[s] - 1 - b));
  return out;
}

// Length and distance codes by table: the linear search once per value.
struct CodeTables {
  std::array<std::uint8_t, max_match + 1> length{};
  std::vector<std::uint8_t> distance = std::vector<std::uint8_t>(window + 1, 0);
  CodeTables() {
    for (int v = min_match, c = 0; v <= max_match; ++v) {
      while (c + 1 < pack_length_codes && pack_length_base[c + 1] <= v)
        ++c;
      length[std::size_t(v)] = std::uint8_t(c);
    }
    for (int v = 1, c = 0; v <= window; ++v) {
      while (c + 1 < pack_distance_codes && pack_distance_base[c + 1] <= v)
        ++c;
      distance[std::size_t(v)] = std::uint8_t(c);
    }
  }
};

} // namespace

static std::string encode(const Token* first, std::size_t count) {
  const std::span<const Token> tokens(first, count);
  static const CodeTables table;
  std::vector<std::uint32_t> lit(lit_symbols, 0), dist(pack_distance_codes, 0);
  for (const Token& t : tokens) {
    if (t.distance == 0) {
      ++lit[t.value];
    } else {
      ++lit[pack_literals + table.length[t.value]];
      ++dist[table.distance[t.distance]];
    }
  }
  std::vector<std::uint8_t> lit_len = code_lengths(lit), dist_len = code_lengths(dist);
  std::vector<std::uint16_t> lit_code = reversed(canonical(lit_len), lit_len);
  std::vector<std::uint16_t> dist_code = reversed(canonical(dist_len), dist_len);
  BitWriter out;
  out.reserve(count + count / 2 + 200); // a literal takes about a byte, a match three
  for (auto len : lit_len)
    out.bits(len, 4);
  for (auto len : dist_len)
    out.bits(len, 4);
  for (const Token& t : tokens) {
    if (t.distance == 0) {
      out.bits(lit_code[t.value], lit_len[t.value]);
      continue;
    }
    int l = table.length[t.value], d = table.distance[t.distance];
    out.bits(lit_code[pack_literals + l], lit_len[pack_literals + l]);
    out.bits(std::uint32_t(t.value - pack_length_base[l]), pack_length_extra[l]);
    out.bits(dist_code[d], dist_len[d]);
    out.bits(std::uint32_t(t.distance - pack_distance_base[d]), pack_distance_extra[d]);
  }
  return out.finish();
}

std::string pack_image(std::string_view data) {
  std::vector<Token> tokens = matches(data, 0, max_chain);
  return encode(tokens.data(), tokens.size());
}

std::string pack_block(std::string_view data, std::size_t start) {
  std::vector<Token> tokens = matches(data, int(start), block_chain);
  return encode(tokens.data(), tokens.size());
}

BlockPacker::BlockPacker(std::string_view dictionary)
    : dictionary_(dictionary), table_(dictionary_table(dictionary)) {}

std::string BlockPacker::pack(std::string_view block) const {
  thread_local std::string work;
  work.assign(dictionary_);
  work.append(block);
  return pack_joined(work);
}

std::string BlockPacker::pack_joined(std::string_view dictionary_and_block) const {
  thread_local std::vector<Token> tokens;
  const std::size_t count =
      block_matches(dictionary_and_block, int(dictionary_.size()), table_, tokens);
  return encode(tokens.data(), count);
}

} // namespace talebook
