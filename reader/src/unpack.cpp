// Unpacking a packed .tbook image: LZ77 matches and canonical Huffman codes
// with DEFLATE's length and distance tables, in a simpler container (see
// docs/binary-format.md, "Packing"). Decoding in the manner of zlib's puff.c,
// with a table for the codes of up to fast_bits bits: bits are peeked 56 at a
// time (zero past the end of the input, which fails the stream once they are
// used), and a code not in the table is decoded bit by bit, as puff does. It
// accepts and refuses exactly what the bit-by-bit decoder does; every copy is
// bounds-checked.
#include "book_data.hpp"

namespace talebook::tbook {
namespace {

using namespace layout;

constexpr int lit_symbols = pack_literals + pack_length_codes;
constexpr int fast_bits = 10;

class Bits {
public:
  Bits(const unsigned char* data, std::size_t size) : data_(data), size_(size) {}
  // At least 56 bits from the position, least significant first; zero past the end.
  std::uint64_t peek() const {
    const std::size_t byte = std::size_t(pos_ >> 3);
    std::uint64_t v = 0;
    if (byte + 8 <= size_)
      std::memcpy(&v, data_ + byte, 8); // a little-endian host (book_data.hpp)
    else if (byte < size_)
      std::memcpy(&v, data_ + byte, size_ - byte);
    return v >> (pos_ & 7);
  }
  void skip(int n) { pos_ += std::uint64_t(n); }
  unsigned bits(int n) { // n <= 32
    unsigned v = unsigned(peek() & ((std::uint64_t(1) << n) - 1));
    skip(n);
    return v;
  }
  // A bit past the end of the input was used.
  bool failed() const { return pos_ > std::uint64_t(size_) * 8; }
  // Every byte used, and the unused bits of the last one zero.
  bool finished() {
    if (failed()) return false;
    if (pos_ & 7) {
      const std::size_t byte = std::size_t(pos_ >> 3);
      if (byte >= size_ || (data_[byte] >> (pos_ & 7)) != 0) return false;
      pos_ = std::uint64_t(byte + 1) * 8;
    }
    return pos_ == std::uint64_t(size_) * 8;
  }

private:
  const unsigned char* data_;
  std::size_t size_;
  std::uint64_t pos_ = 0;
};

struct Code {
  std::uint16_t count[pack_max_bits + 1] = {};
  std::uint16_t symbol[lit_symbols] = {};
  // By the next fast_bits bits (first bit least significant): symbol << 4 |
  // length, or 0 for a longer code (or none).
  std::uint16_t fast[1 << fast_bits] = {};

  // False for an over-subscribed set of lengths.
  bool build(const std::uint8_t* lengths, int n) {
    for (int s = 0; s < n; ++s)
      ++count[lengths[s]];
    int left = 1;
    for (int len = 1; len <= pack_max_bits; ++len) {
      left <<= 1;
      left -= count[len];
      if (left < 0) return false;
    }
    std::uint16_t offset[pack_max_bits + 2] = {};
    for (int len = 1; len <= pack_max_bits; ++len)
      offset[len + 1] = offset[len] + count[len];
    for (int s = 0; s < n; ++s)
      if (lengths[s] != 0) symbol[offset[lengths[s]]++] = std::uint16_t(s);
    // Canonical codes (RFC 1951, 3.2.2), read from their first bit: reversed.
    unsigned next[pack_max_bits + 1] = {};
    unsigned code = 0;
    for (int len = 1; len <= pack_max_bits; ++len) {
      code = (code + (len > 1 ? count[len - 1] : 0)) << 1;
      next[len] = code;
    }
    for (int s = 0; s < n; ++s) {
      const int len = lengths[s];
      if (len == 0 || len > fast_bits) continue;
      unsigned c = next[len]++, reversed = 0;
      for (int b = 0; b < len; ++b)
        reversed |= ((c >> b) & 1u) << (len - 1 - b);
      for (unsigned k = reversed; k < (1u << fast_bits); k += 1u << len)
        fast[k] = std::uint16_t(s << 4 | len);
    }
    return true;
  }

  // The next symbol, or -1.
  int decode(Bits& in) const {
    std::uint64_t peeked = in.peek();
    const std::uint16_t hit = fast[peeked & ((1u << fast_bits) - 1)];
    if (hit != 0) {
      in.skip(hit & 15);
      return hit >> 4;
    }
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= pack_max_bits; ++len) {
      code |= int(peeked & 1);
      peeked >>= 1;
      int n = count[len];
      if (code - first < n) {
        in.skip(len);
        return symbol[index + (code - first)];
      }
      index += n;
      first = (first + n) << 1;
      code <<= 1;
    }
    in.skip(pack_max_bits);
    return -1;
  }
};

} // namespace

bool unpack(const unsigned char* in, std::size_t in_size, unsigned char* out, std::size_t out_size,
            std::size_t start) {
  Bits bits(in, in_size);
  std::uint8_t lengths[lit_symbols + pack_distance_codes];
  for (std::uint8_t& len : lengths)
    len = std::uint8_t(bits.bits(4));
  Code lit, dist;
  if (bits.failed() || !lit.build(lengths, lit_symbols) ||
      !dist.build(lengths + lit_symbols, pack_distance_codes))
    return false;
  std::size_t at = start;
  while (at < out_size) {
    int sym = lit.decode(bits);
    if (sym < 0 || bits.failed()) return false;
    if (sym < pack_literals) {
      out[at++] = std::uint8_t(sym);
      continue;
    }
    sym -= pack_literals;
    std::size_t length = pack_length_base[sym] + bits.bits(pack_length_extra[sym]);
    int d = dist.decode(bits);
    if (d < 0 || d >= pack_distance_codes) return false;
    std::size_t distance = pack_distance_base[d] + bits.bits(pack_distance_extra[d]);
    if (bits.failed() || distance > at || length > out_size - at) return false;
    if (distance >= length) {
      std::memcpy(out + at, out + at - distance, length);
      at += length;
      continue;
    }
    for (std::size_t i = 0; i < length; ++i, ++at)
      out[at] = out[at - distance];
  }
  return bits.finished();
}

} // namespace talebook::tbook
