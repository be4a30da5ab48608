// Unpacking the zstd frames of a .tbook (format 1.3, docs/binary-format.md,
// "Compression"): a string block against the file's dictionary, a record
// section, or a --stream file's image. Each frame must give exactly the size
// the file records, and nothing may follow it. A reader built without zstd
// (TALEBOOK_READER_ZSTD=0) refuses a compressed book before it gets here.
#include "book_data.hpp"

#if TALEBOOK_READER_ZSTD
#include <zstd.h>

#include <limits>

namespace talebook::tbook {
namespace {

struct Context {
  ZSTD_DCtx* dctx = ZSTD_createDCtx();
  ~Context() { ZSTD_freeDCtx(dctx); }
};

} // namespace

bool frame_may_give(const unsigned char* in, std::size_t in_size, std::uint64_t size) {
  if (size > max_unpack_ratio * std::uint64_t(in_size) + 64 ||
      size > std::numeric_limits<std::size_t>::max())
    return false;
  const unsigned long long content = ZSTD_getFrameContentSize(in, in_size);
  return content == ZSTD_CONTENTSIZE_UNKNOWN || content == size;
}

bool unpack(const unsigned char* in, std::size_t in_size, unsigned char* out, std::size_t out_size,
            std::size_t start) {
  if (start > out_size) return false;
  if (!frame_may_give(in, in_size, out_size - start)) return false;
  if (ZSTD_findFrameCompressedSize(in, in_size) != in_size) return false; // one frame, whole
  thread_local Context context;
  if (!context.dctx) return false;
  const std::size_t made =
      start ? ZSTD_decompress_usingDict(context.dctx, out + start, out_size - start, in, in_size,
                                        out, start)
            : ZSTD_decompressDCtx(context.dctx, out, out_size, in, in_size);
  return !ZSTD_isError(made) && made == out_size - start;
}

} // namespace talebook::tbook

#else

namespace talebook::tbook {

bool frame_may_give(const unsigned char*, std::size_t, std::uint64_t) {
  return false;
}

bool unpack(const unsigned char*, std::size_t, unsigned char*, std::size_t, std::size_t) {
  return false;
}

} // namespace talebook::tbook

#endif
