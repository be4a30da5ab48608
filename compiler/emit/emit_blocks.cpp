// The string blocks of format 1.2 (docs/binary-format.md, "String blocks
// (1.2)"): the pool is cut at string boundaries into blocks of about
// block_target bytes, each packed on its own with a dictionary of
// dictionary_pieces pieces drawn at even steps from the pool, so that a reader
// unpacks one block to read one string. Deterministic: the cuts and the
// dictionary depend on the pool's bytes only.
#include <cstring>

#include "compiler/emit/emit.hpp"
#include "talebook/format.hpp"

namespace talebook {
namespace {

using namespace tbook::layout;

constexpr std::size_t block_target = 16 * 1024;
constexpr std::size_t piece = 256;
constexpr std::size_t dictionary_pieces = 64; // 16 KiB: a block's end still reaches it

template <class T> void append(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
}

std::uint32_t size_at(std::string_view pool, std::size_t at) {
  std::uint32_t size;
  std::memcpy(&size, pool.data() + at, 4);
  return size;
}

} // namespace

StringBlocks pack_strings(std::string_view pool) {
  StringBlocks out;
  if (pool.size() > 4 * dictionary_pieces * piece) {
    const std::size_t step = pool.size() / dictionary_pieces;
    for (std::size_t k = 0; k < dictionary_pieces; ++k)
      out.dictionary += pool.substr(k * step, piece);
  }
  out.dictionary.append((8 - out.dictionary.size() % 8) % 8, ' ');
  std::string work = out.dictionary;
  std::size_t start = 0;
  while (start < pool.size()) {
    std::size_t end = start;
    while (end < pool.size() && (end == start || end - start < block_target))
      end += (4 + std::size_t(size_at(pool, end)) + 1 + 3) / 4 * 4;
    work.resize(out.dictionary.size());
    work.append(pool.substr(start, end - start));
    std::string packed = pack_block(work, out.dictionary.size());
    StringBlockRecord r{
        std::uint32_t(start), std::uint32_t(end - start), std::uint32_t(out.data.size()),
        std::uint32_t(packed.size()),
        word_sum(reinterpret_cast<const unsigned char*>(packed.data()), packed.size())};
    append(out.blocks, r);
    out.data += packed;
    start = end;
  }
  return out;
}

} // namespace talebook
