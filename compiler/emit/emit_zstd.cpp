// The emitter's codec: zstd (RFC 8878), from Debian's libzstd, so that any
// engine reads a .tbook with a stock library (docs/binary-format.md,
// "Compression"). Frames carry their content size and no checksum (the file's
// sums cover the stored bytes). Deterministic: the same bytes and level give
// the same frame, on any thread.
#define ZDICT_STATIC_LINKING_ONLY // ZDICT_trainFromBuffer_fastCover and its parameters
#include <zdict.h>
#define ZSTD_STATIC_LINKING_ONLY // ZSTD_c_stableInBuffer
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "compiler/emit/emit.hpp"
#include "compiler/emit/string_blocks.hpp"
#include "talebook/format.hpp"

namespace talebook {
namespace {

struct Context {
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ~Context() { ZSTD_freeCCtx(cctx); }
};

ZSTD_CCtx* context() {
  thread_local Context c;
  if (!c.cctx) throw std::bad_alloc();
  return c.cctx;
}

std::size_t check(std::size_t made) {
  if (ZSTD_isError(made)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(made));
  return made;
}

} // namespace

std::string zstd_frame(std::string_view bytes, int level) {
  // Streamed out 128 KiB at a time from the input in place (no buffer of the
  // input's bound, no copy of it): a large section costs little more memory
  // than its frame.
  ZSTD_CCtx* c = context();
  ZSTD_CCtx_reset(c, ZSTD_reset_session_and_parameters);
  check(ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level));
  check(ZSTD_CCtx_setParameter(c, ZSTD_c_stableInBuffer, 1));
  check(ZSTD_CCtx_setPledgedSrcSize(c, bytes.size()));
  thread_local std::string chunk(std::size_t(128) << 10, '\0');
  ZSTD_inBuffer in{bytes.data(), bytes.size(), 0};
  std::string out;
  for (;;) {
    ZSTD_outBuffer o{chunk.data(), chunk.size(), 0};
    const std::size_t left = check(ZSTD_compressStream2(c, &o, &in, ZSTD_e_end));
    out.append(chunk.data(), o.pos);
    if (left == 0) break;
  }
  out.shrink_to_fit();
  return out;
}

std::string record_frames(std::string_view records, std::uint32_t record_size, int level,
                          std::uint32_t frame_size, std::uint32_t& flags) {
  using namespace tbook::layout;
  const std::uint32_t per = std::max<std::uint32_t>(1, frame_size / record_size);
  const std::size_t count = records.size() / record_size;
  if (count <= per) {
    flags = section_zstd;
    return zstd_frame(records, level);
  }
  flags = section_frames;
  // The table first, its ends filled in as each frame is compressed in place
  // after it: one buffer of the bound, whose untouched pages cost nothing (a
  // string per frame left the heap fragmented: 2.5 MiB more at the peak of a
  // 100,000-paragraph build).
  const FrameTable table{per, std::uint32_t((count + per - 1) / per)};
  const std::size_t head = sizeof table + 4 * std::size_t(table.frames);
  std::string out(head, '\0');
  out.reserve(head + ZSTD_compressBound(records.size()) + ZSTD_compressBound(0) * table.frames);
  std::memcpy(out.data(), &table, sizeof table);
  ZSTD_CCtx* c = context();
  ZSTD_CCtx_reset(c, ZSTD_reset_session_and_parameters);
  check(ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level));
  for (std::uint32_t f = 0; f < table.frames; ++f) {
    const std::size_t first = std::size_t(f) * per, n = std::min<std::size_t>(per, count - first);
    const std::size_t at = out.size();
    out.resize(at + ZSTD_compressBound(n * record_size));
    const std::size_t made =
        check(ZSTD_compress2(c, out.data() + at, out.size() - at,
                             records.data() + first * record_size, n * record_size));
    out.resize(at + made);
    const auto end = std::uint32_t(out.size() - head);
    std::memcpy(out.data() + sizeof table + 4 * std::size_t(f), &end, 4);
  }
  out.shrink_to_fit();
  return out;
}

std::string pack_image(std::string_view bytes) {
  return zstd_frame(bytes, zstd_stream_level);
}

// The dictionary's tables sized for a block (string_block_target), not for an
// input of unknown size: the same frames as a one-shot call on a block would
// make, in a fraction of the memory (each thread's context is sized by them).
BlockPacker::BlockPacker(std::string_view dictionary, int level)
    : dictionary_(dictionary.empty()
                      ? nullptr
                      : ZSTD_createCDict_advanced(
                            dictionary.data(), dictionary.size(), ZSTD_dlm_byCopy, ZSTD_dct_auto,
                            ZSTD_getCParams(level, string_block_target, dictionary.size()),
                            ZSTD_defaultCMem)),
      level_(level) {
  if (!dictionary.empty() && !dictionary_) throw std::bad_alloc();
}

BlockPacker::~BlockPacker() {
  ZSTD_freeCDict(static_cast<ZSTD_CDict*>(dictionary_));
}

std::string BlockPacker::pack(std::string_view block) const {
  if (!dictionary_) return zstd_frame(block, level_);
  std::string out(ZSTD_compressBound(block.size()), '\0');
  const std::size_t made =
      ZSTD_compress_usingCDict(context(), out.data(), out.size(), block.data(), block.size(),
                               static_cast<const ZSTD_CDict*>(dictionary_));
  return out.substr(0, check(made));
}

std::string train_dictionary(const std::vector<std::string_view>& samples, std::size_t capacity) {
  std::string joined;
  std::vector<std::size_t> sizes;
  for (std::string_view s : samples) {
    joined += s;
    sizes.push_back(s.size());
  }
  // FastCover with fixed parameters, on the calling thread: one pass (no search
  // for the best segment size) and a frequency table of 2^16 entries, so that
  // training adds little time and memory to the build's peak (it runs while
  // the whole model is held).
  ZDICT_fastCover_params_t params{};
  params.k = 256;
  params.d = 8;
  params.f = 16;
  params.steps = 1;
  params.nbThreads = 1;
  params.splitPoint = 1.0;
  params.accel = 1;
  params.zParams.compressionLevel = zstd_block_level;
  std::string out(capacity, '\0');
  const std::size_t made = ZDICT_trainFromBuffer_fastCover(
      out.data(), out.size(), joined.data(), sizes.data(), unsigned(sizes.size()), params);
  if (ZDICT_isError(made)) return {}; // too few samples: no dictionary
  out.resize(made);
  return out;
}

} // namespace talebook
