// A book opened by Book::open_mapped: each section is checked when first read,
// each string block unpacked and checked when first read (docs/binary-format.md,
// "Reading in place (1.2)"). A damaged one throws BadBookError, then and on
// every later read of it.
#include <algorithm>

#include "book_data.hpp"

namespace talebook::tbook {

namespace {

[[noreturn]] void fail(LazyState& lazy, const ReadError& error) {
  if (!lazy.error) lazy.error = error;
  throw BadBookError(error);
}

ReadError bad_reference(std::uint32_t ref) {
  ReadError e;
  e.kind = ReadErrorKind::BadStringReference;
  e.value = ref;
  return e;
}

} // namespace

void Book::Data::need(SectionId id) const {
  LazyState& l = *lazy;
  auto& state = l.state[std::size_t(id)];
  const std::uint8_t now = state.load(std::memory_order_acquire);
  if (now == LazyState::good) return;
  // This thread's own check reading its section's records: no lock.
  if (now == LazyState::checking && l.checker.load() == std::this_thread::get_id()) return;
  std::lock_guard<std::recursive_mutex> guard(l.mutex);
  switch (state.load(std::memory_order_relaxed)) {
  case LazyState::good:
  case LazyState::checking: // by this thread, further up: its own records
    return;
  case LazyState::bad:
    throw BadBookError(l.error);
  default:
    break;
  }
  state.store(LazyState::checking, std::memory_order_relaxed);
  const std::thread::id outer = l.checker.exchange(std::this_thread::get_id());
  ReadError error;
  const bool ok = validate_section(*this, id, error);
  l.checker.store(outer);
  if (!ok) {
    state.store(LazyState::bad, std::memory_order_relaxed);
    fail(l, error);
  }
  state.store(LazyState::good, std::memory_order_release);
}

std::string_view Book::Data::lazy_string(std::uint32_t ref) const {
  LazyState& l = *lazy;
  if (ref % 4 != 0 || ref >= pool_size) {
    std::lock_guard<std::recursive_mutex> guard(l.mutex);
    fail(l, bad_reference(ref));
  }
  // The last block that starts at or before ref (blocks tile the pool).
  std::uint32_t lo = 0, hi = blocks.count;
  while (hi - lo > 1) {
    std::uint32_t mid = lo + (hi - lo) / 2;
    std::uint32_t start;
    std::memcpy(&start, blocks.data + std::size_t(mid) * blocks.record_size, 4);
    (start <= ref ? lo : hi) = mid;
  }
  const LazyState::Block* block = l.blocks[lo].load(std::memory_order_acquire);
  if (!block) {
    std::lock_guard<std::recursive_mutex> guard(l.mutex);
    block = l.blocks[lo].load(std::memory_order_relaxed);
    if (!block) {
      std::vector<unsigned char> bytes;
      auto made = std::make_unique<LazyState::Block>();
      ReadError error;
      if (!unpack_block(*this, lo, bytes, made->starts, error)) fail(l, error);
      made->bytes = std::make_unique<unsigned char[]>(bytes.size());
      std::copy(bytes.begin(), bytes.end(), made->bytes.get());
      block = made.get();
      l.owned.push_back(std::move(made));
      l.blocks[lo].store(block, std::memory_order_release);
    }
  }
  std::uint32_t start;
  std::memcpy(&start, blocks.data + std::size_t(lo) * blocks.record_size, 4);
  const std::uint32_t at = ref - start;
  if (at / 4 >= block->starts.size() || !block->starts[at / 4]) {
    std::lock_guard<std::recursive_mutex> guard(l.mutex);
    fail(l, bad_reference(ref));
  }
  std::uint32_t size;
  std::memcpy(&size, block->bytes.get() + at, 4);
  return {reinterpret_cast<const char*>(block->bytes.get() + at + 4), size};
}

} // namespace talebook::tbook
