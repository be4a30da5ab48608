// Packing a .tbook image (docs/binary-format.md, "Packing"): LZ77 with hash
// chains and one-step lazy matching, then canonical Huffman codes limited to 15
// bits. Everything is deterministic: ties break by position and symbol.
#include <algorithm>
#include <queue>

#include "compiler/emit/emit.hpp"
#include "talebook/format.hpp"

namespace talebook {
namespace {

using namespace tbook::layout;

constexpr int lit_symbols = pack_literals + pack_length_codes;
constexpr int window = 32768;
constexpr int min_match = 3;
constexpr int max_match = 258;
constexpr int max_chain = 1024;

struct Token {
  std::uint16_t value;    // a literal byte, or a match length
  std::uint16_t distance; // 0 for a literal
};

std::vector<Token> matches(std::string_view data) {
  const int n = int(data.size());
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  std::vector<int> head(1 << 15, -1), prev(data.size(), -1);
  auto hash = [&](int i) { return ((p[i] << 10) ^ (p[i + 1] << 5) ^ p[i + 2]) & 0x7FFF; };
  auto insert = [&](int i) {
    if (i + min_match > n) return;
    int h = hash(i);
    prev[i] = head[h];
    head[h] = i;
  };
  auto longest = [&](int i, int& distance) {
    int best = 0;
    if (i + min_match > n) return 0;
    int limit = std::min(max_match, n - i);
    int chain = 0;
    for (int c = head[hash(i)]; c >= 0 && i - c <= window && chain < max_chain;
         c = prev[c], ++chain) {
      int len = 0;
      while (len < limit && p[c + len] == p[i + len])
        ++len;
      if (len > best) {
        best = len;
        distance = i - c;
        if (len == limit) break;
      }
    }
    return best >= min_match ? best : 0;
  };
  std::vector<Token> out;
  int i = 0;
  while (i < n) {
    int distance = 0;
    int len = longest(i, distance);
    if (len > 0 && i + 1 < n) {
      insert(i);
      int next_distance = 0;
      int next = longest(i + 1, next_distance);
      if (next > len) { // a literal now, the longer match next
        out.push_back({p[i], 0});
        ++i;
        continue;
      }
      out.push_back({std::uint16_t(len), std::uint16_t(distance)});
      for (int k = 1; k < len; ++k)
        insert(i + k);
      i += len;
      continue;
    }
    if (len > 0) {
      out.push_back({std::uint16_t(len), std::uint16_t(distance)});
      for (int k = 0; k < len; ++k)
        insert(i + k);
      i += len;
      continue;
    }
    insert(i);
    out.push_back({p[i], 0});
    ++i;
  }
  return out;
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

class BitWriter {
public:
  void bits(std::uint32_t value, int n) {
    for (int i = 0; i < n; ++i)
      bit((value >> i) & 1u);
  }
  void code(std::uint16_t value, int n) { // most significant bit first
    for (int i = n - 1; i >= 0; --i)
      bit((value >> i) & 1u);
  }
  std::string finish() { return std::move(out_); }

private:
  void bit(unsigned b) {
    if (used_ % 8 == 0) out_.push_back('\0');
    out_.back() = char(out_.back() | (b << (used_ % 8)));
    ++used_;
  }
  std::string out_;
  std::size_t used_ = 0;
};

int length_code(int length) {
  int c = pack_length_codes - 1;
  while (pack_length_base[c] > length)
    --c;
  return c;
}

int distance_code(int distance) {
  int c = pack_distance_codes - 1;
  while (pack_distance_base[c] > distance)
    --c;
  return c;
}

} // namespace

std::string pack_image(std::string_view data) {
  std::vector<Token> tokens = matches(data);
  std::vector<std::uint32_t> lit(lit_symbols, 0), dist(pack_distance_codes, 0);
  for (const Token& t : tokens) {
    if (t.distance == 0) {
      ++lit[t.value];
    } else {
      ++lit[pack_literals + length_code(t.value)];
      ++dist[distance_code(t.distance)];
    }
  }
  std::vector<std::uint8_t> lit_len = code_lengths(lit), dist_len = code_lengths(dist);
  std::vector<std::uint16_t> lit_code = canonical(lit_len), dist_code = canonical(dist_len);
  BitWriter out;
  for (auto len : lit_len)
    out.bits(len, 4);
  for (auto len : dist_len)
    out.bits(len, 4);
  for (const Token& t : tokens) {
    if (t.distance == 0) {
      out.code(lit_code[t.value], lit_len[t.value]);
      continue;
    }
    int l = length_code(t.value), d = distance_code(t.distance);
    out.code(lit_code[pack_literals + l], lit_len[pack_literals + l]);
    out.bits(std::uint32_t(t.value - pack_length_base[l]), pack_length_extra[l]);
    out.code(dist_code[d], dist_len[d]);
    out.bits(std::uint32_t(t.distance - pack_distance_base[d]), pack_distance_extra[d]);
  }
  return out.finish();
}

} // namespace talebook
