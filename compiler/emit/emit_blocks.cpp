// The string blocks of format 1.2 (docs/binary-format.md, "String blocks
// (1.2)"): the pool is cut at string boundaries into blocks of about
// block_target bytes, each packed on its own with a dictionary of
// dictionary_pieces pieces drawn at even steps from the pool, so that a reader
// unpacks one block to read one string. Deterministic: the cuts and the
// dictionary depend on the pool's bytes only.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

#include "compiler/emit/emit.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"

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

StringBlocks pack_strings(std::string_view pool, const PackOptions& options) {
  StringBlocks out;
  if (pool.size() > 4 * dictionary_pieces * piece) {
    const std::size_t step = pool.size() / dictionary_pieces;
    for (std::size_t k = 0; k < dictionary_pieces; ++k)
      out.dictionary += pool.substr(k * step, piece);
  }
  out.dictionary.append((8 - out.dictionary.size() % 8) % 8, ' ');
  // The cuts first (they depend on the pool only), then the blocks on the threads.
  std::vector<std::size_t> cuts{0};
  for (std::size_t start = 0; start < pool.size();) {
    std::size_t end = start;
    while (end < pool.size() && (end == start || end - start < block_target))
      end += (4 + std::size_t(size_at(pool, end)) + 1 + 3) / 4 * 4;
    cuts.push_back(end);
    start = end;
  }
  const std::size_t count = cuts.size() - 1;
  const BlockPacker packer(out.dictionary);
  std::vector<std::string> packed(count);
  std::vector<char> bad(count, 0);
  std::vector<std::uint64_t> sums(count, 0);
  run_parallel(count, options.jobs, [&](std::size_t b) {
    std::string_view block = pool.substr(cuts[b], cuts[b + 1] - cuts[b]);
    packed[b] = packer.pack(block);
    if (options.damage) options.damage(packed[b], b);
    sums[b] = word_sum(reinterpret_cast<const unsigned char*>(packed[b].data()), packed[b].size());
    // The check of what was packed: the block unpacks to its strings.
    thread_local std::string back;
    back.assign(out.dictionary);
    back.resize(out.dictionary.size() + block.size());
    bad[b] = !tbook::unpack_stream(packed[b].data(), packed[b].size(), back.data(), back.size(),
                                   out.dictionary.size()) ||
             std::string_view(back).substr(out.dictionary.size()) != block;
  });
  std::size_t total = 0;
  for (const std::string& p : packed)
    total += p.size();
  out.data.reserve(total);
  out.blocks.reserve(count * sizeof(StringBlockRecord));
  for (std::size_t b = 0; b < count; ++b) {
    if (bad[b] && out.error.empty())
      out.error =
          "internal error: string block " + std::to_string(b) + " does not unpack to its strings";
    StringBlockRecord r{std::uint32_t(cuts[b]), std::uint32_t(cuts[b + 1] - cuts[b]),
                        std::uint32_t(out.data.size()), std::uint32_t(packed[b].size()), sums[b]};
    append(out.blocks, r);
    out.data += packed[b];
    std::string().swap(packed[b]);
  }
  return out;
}

void run_parallel(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work) {
  if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
  jobs = unsigned(std::min<std::size_t>(jobs, count));
  std::atomic<std::size_t> next{0};
  std::mutex failed;
  std::exception_ptr first; // the first exception of a worker, thrown here after the join
  auto worker = [&] {
    try {
      for (std::size_t i; (i = next.fetch_add(1)) < count;)
        work(i);
    } catch (...) {
      std::lock_guard<std::mutex> lock(failed);
      if (!first) first = std::current_exception();
      next = count;
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < jobs; ++t)
    threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads)
    t.join();
  if (first) std::rethrow_exception(first);
}

} // namespace talebook
