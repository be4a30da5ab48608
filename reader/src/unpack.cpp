// Unpacking a packed .tbook image: LZ77 matches and canonical Huffman codes
// with DEFLATE's length and distance tables, in a simpler container (see
// docs/binary-format.md, "Packing"). Decoding in the manner of zlib's puff.c:
// one bit at a time, every read and every copy bounds-checked.
#include "book_data.hpp"

namespace talebook::tbook {
namespace {

using namespace layout;

constexpr int lit_symbols = pack_literals + pack_length_codes;

class Bits {
public:
  Bits(const unsigned char* data, std::size_t size) : data_(data), size_(size) {}
  unsigned bit() {
    if (pos_ / 8 >= size_) {
      failed_ = true;
      return 0;
    }
    unsigned b = (data_[pos_ / 8] >> (pos_ % 8)) & 1u;
    ++pos_;
    return b;
  }
  unsigned bits(int n) {
    unsigned v = 0;
    for (int i = 0; i < n; ++i)
      v |= bit() << i;
    return v;
  }
  bool failed() const { return failed_; }
  // Every byte used, and the unused bits of the last one zero.
  bool finished() {
    while (pos_ % 8 != 0)
      if (bit() != 0) return false;
    return !failed_ && pos_ / 8 == size_;
  }

private:
  const unsigned char* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
  bool failed_ = false;
};

struct Code {
  std::uint16_t count[pack_max_bits + 1] = {};
  std::uint16_t symbol[lit_symbols] = {};

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
    return true;
  }

  // The next symbol, or -1.
  int decode(Bits& in) const {
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= pack_max_bits; ++len) {
      code |= int(in.bit());
      int n = count[len];
      if (code - first < n) return symbol[index + (code - first)];
      index += n;
      first = (first + n) << 1;
      code <<= 1;
    }
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
    for (std::size_t i = 0; i < length; ++i, ++at)
      out[at] = out[at - distance];
  }
  return bits.finished();
}

} // namespace talebook::tbook
