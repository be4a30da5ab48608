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

// True (and `error` says so) when the mapping read past the end of a file
// truncated meanwhile: what was read is zeros, not the book.
bool changed(const LazyState& lazy, ReadError& error) {
  if (!lazy.map || !lazy.map->changed()) return false;
  error = ReadError{};
  error.kind = ReadErrorKind::FileChanged;
  error.path = lazy.path;
  return true;
}

ReadError bad_reference(std::uint32_t ref) {
  ReadError e;
  e.kind = ReadErrorKind::BadStringReference;
  e.value = ref;
  return e;
}

// Runs `check` with the state at `checking`, for this thread: good or bad
// after it, also when a section it reads throws (then this one is bad too, and
// no later read on this thread passes it unchecked).
template <class Check> void run_check(LazyState& l, std::atomic<std::uint8_t>& state, Check check) {
  // Release: a frame's raw reads take `checking` as unpacked (the bytes
  // written before it are theirs to read).
  state.store(LazyState::checking, std::memory_order_release);
  const std::thread::id outer = l.checker.exchange(std::this_thread::get_id());
  ReadError error;
  bool ok = false;
  try {
    ok = check(error);
    if (changed(l, error)) ok = false;
  } catch (...) {
    l.checker.store(outer);
    state.store(LazyState::bad, std::memory_order_relaxed);
    throw;
  }
  l.checker.store(outer);
  if (!ok) {
    state.store(LazyState::bad, std::memory_order_relaxed);
    fail(l, error);
  }
  state.store(LazyState::good, std::memory_order_release);
}

// True if there is nothing to do: `state` good, or checking on this thread
// (further up: its own records); throws if it is bad.
bool settled(const LazyState& l, const std::atomic<std::uint8_t>& state, std::memory_order order) {
  switch (state.load(order)) {
  case LazyState::good:
    return true;
  case LazyState::checking:
    return l.checker.load() == std::this_thread::get_id();
  case LazyState::bad:
    throw BadBookError(l.error);
  default:
    return false;
  }
}

} // namespace

void Book::Data::need(SectionId id) const {
  LazyState& l = *lazy;
  auto& state = l.state[std::size_t(id)];
  if (settled(l, state, std::memory_order_acquire)) return;
  std::lock_guard<std::recursive_mutex> guard(l.mutex);
  if (settled(l, state, std::memory_order_relaxed)) return;
  run_check(l, state, [&](ReadError& error) { return validate_section(*this, id, error); });
}

void Book::Data::need_frame(SectionId id, std::uint32_t f) const {
  LazyState& l = *lazy;
  auto& state = frames[std::size_t(id)].state[f];
  if (settled(l, state, std::memory_order_acquire)) return;
  std::lock_guard<std::recursive_mutex> guard(l.mutex);
  if (settled(l, state, std::memory_order_relaxed)) return;
  // Unpacked before it is marked as being checked: another thread's raw read
  // of the frame (the validator's reads of other records) reads it from then.
  if (state.load(std::memory_order_relaxed) == LazyState::unchecked) unpack_frame(id, f);
  run_check(l, state,
            [&](ReadError& error) { return validate_frame(*this, id, f, false, true, error); });
}

void Book::Data::unpack_frame(SectionId id, std::uint32_t f) const {
  LazyState& l = *lazy;
  auto& state = frames[std::size_t(id)].state[f];
  std::lock_guard<std::recursive_mutex> guard(l.mutex);
  const std::uint8_t now = state.load(std::memory_order_relaxed);
  if (now == LazyState::bad) throw BadBookError(l.error);
  if (now != LazyState::unchecked) return;
  ReadError error;
  if (!validate_frame(*this, id, f, true, false, error) || changed(l, error)) {
    state.store(LazyState::bad, std::memory_order_relaxed);
    fail(l, error);
  }
  state.store(LazyState::unpacked, std::memory_order_release);
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
      if (!unpack_block(*this, lo, bytes, made->starts, error) || changed(l, error)) fail(l, error);
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
