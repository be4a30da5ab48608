// The string blocks (docs/binary-format.md, "String blocks"): the pool cut
// into blocks of whole strings, each compressed (1.3: a zstd frame) against a
// dictionary; the sections SDIC, SBLK and SDAT. The emitter packs them while
// it writes the records (StringBlockPipeline); pack_strings packs a whole pool.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace talebook {

// A block is cut after the first string that brings it to this many bytes.
inline constexpr std::size_t string_block_target = 16 * 1024;

// zstd levels (emit_zstd.cpp; CHANGELOG.md and docs/performance.md say why):
// string blocks and record sections, and the one frame of --stream.
inline constexpr int zstd_block_level = 3;
inline constexpr int zstd_record_level = 1;
inline constexpr int zstd_stream_level = 9;

// A record appended to `out` byte for byte (the file's layout is the host's:
// little-endian, as talebook/format.hpp requires).
template <class T> void append_record(std::string& out, const T& record) {
  out.append(reinterpret_cast<const char*>(&record), sizeof(T));
}

// One zstd frame of `bytes` (its content size in it, no checksum).
std::string zstd_frame(std::string_view bytes, int level);

// A record section as stored (1.4): one zstd frame when its records fit in
// `frame_size` bytes (`flags` section_zstd), else a frame table and a frame
// per `frame_size` bytes of whole records (section_frames; at least one
// record a frame).
std::string record_frames(std::string_view records, std::uint32_t record_size, int level,
                          std::uint32_t frame_size, std::uint32_t& flags);

// A zstd dictionary (ZDICT's format) trained on `samples`, at most `capacity`
// bytes; empty when they are too few to train on.
std::string train_dictionary(const std::vector<std::string_view>& samples, std::size_t capacity);

// Compresses string blocks against one dictionary (an empty one: none), each
// block one zstd frame. Thread-safe: pack() may run on several threads at once.
class BlockPacker {
public:
  BlockPacker(std::string_view dictionary, int level = zstd_block_level);
  ~BlockPacker();
  BlockPacker(const BlockPacker&) = delete;
  BlockPacker& operator=(const BlockPacker&) = delete;
  std::string pack(std::string_view block) const;

private:
  void* dictionary_; // ZSTD_CDict, or null
  int level_;
};

// Each block is packed on one of `jobs` threads (0: one per core) and unpacked
// again there: a block that does not give back its strings sets `error`. The
// bytes are the same for any number of threads.
struct PackOptions {
  unsigned jobs = 0;
  // Tests only: changes block b's packed bytes before its check (an emitter bug).
  std::function<void(std::string& packed, std::size_t b)> damage{};
};
struct StringBlocks {
  std::string dictionary, blocks, data;
  // From StringBlockPipeline::finish: each block's packed bytes (`data` is
  // their concatenation, which pack_strings makes and finish does not; none
  // when they went to a sink).
  std::vector<std::string> packed;
  std::uint64_t data_size = 0; // the packed blocks' bytes (SDAT)
  std::string error;           // "internal error: ..." when a block does not unpack to its strings
};

// The dictionary drawn from a whole pool: trained on its strings, 256 pieces of
// 1 KiB at even steps (none for a pool under 64 KiB).
std::string pool_dictionary(std::string_view pool);
// A dictionary trained on `pieces` (none when there are too few to train on).
std::string dictionary_of(const std::vector<std::string_view>& pieces);
inline constexpr std::size_t dictionary_pieces = 256;
inline constexpr std::size_t dictionary_piece = 1024;
inline constexpr std::size_t dictionary_capacity = 64 * 1024;

// The pool cut into blocks and packed against pool_dictionary(pool).
StringBlocks pack_strings(std::string_view pool, const PackOptions& options = {});

// Packs the blocks of a pool that is still growing: add() hands over each
// block as soon as its strings are in the pool; a worker thread packs it and
// unpacks it again while the caller goes on adding strings; finish() packs
// what is left on the calling thread too, waits for the workers and returns
// the sections. With `jobs` 1 every block is packed in finish(). The bytes are
// the same for any number of threads.
class StringBlockPipeline {
public:
  // Appends the pool's bytes [start, start + size) to `out`. Called on the
  // workers while the caller may be adding strings to the pool.
  using PoolReader = std::function<void(std::size_t start, std::size_t size, std::string& out)>;
  // Given, it takes each block's packed bytes in block order, at its offset in
  // SDAT, as soon as they and those before are ready (on any one thread at a
  // time); the pipeline then frees them.
  using BlockSink = std::function<void(std::uint64_t data_offset, const std::string& packed)>;
  StringBlockPipeline(std::string dictionary, PackOptions options, PoolReader read,
                      BlockSink sink = {});
  ~StringBlockPipeline(); // stops the workers (a finish() that did not come)
  StringBlockPipeline(const StringBlockPipeline&) = delete;
  StringBlockPipeline& operator=(const StringBlockPipeline&) = delete;

  // The next block: pool bytes [start, end), whole strings, after the last.
  void add(std::size_t start, std::size_t end);
  // Once, after the last add(). Rethrows a worker's exception.
  StringBlocks finish();

  struct State;

private:
  std::unique_ptr<State> state_;
};

} // namespace talebook
