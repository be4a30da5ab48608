// The Book's stores of small records: a section's conditions, an award
// group's items (compiler/model/model.hpp), kept in chunks that never move.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "compiler/model/packed_pointer.hpp"

namespace talebook {

// A run of T kept in one of the Book's stores (Store below): a section's
// conditions, an award group's items. It reads like a vector; it does not
// grow: a writer builds the list apart and keeps it (Book::keep_conditions,
// Book::keep_awards). Const all the way: a const Slice gives const items.
template <class T> class Slice {
public:
  Slice() = default;
  Slice(T* data, std::size_t size) : data_(data), size_(static_cast<std::uint32_t>(size)) {}
  T* begin() { return get(); }
  T* end() { return get() + size_; }
  const T* begin() const { return get(); }
  const T* end() const { return get() + size_; }
  T* data() { return get(); }
  const T* data() const { return get(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return get()[i]; }
  const T& operator[](std::size_t i) const { return get()[i]; }
  T& at(std::size_t i) {
    if (i >= size_) throw std::out_of_range("Slice::at");
    return get()[i];
  }
  const T& at(std::size_t i) const {
    if (i >= size_) throw std::out_of_range("Slice::at");
    return get()[i];
  }
  T& front() { return get()[0]; }
  const T& front() const { return get()[0]; }
  T& back() { return get()[size_ - 1]; }
  const T& back() const { return get()[size_ - 1]; }
  // Keeps the first `n` items (n <= size()); the others' room stays in the store.
  void truncate(std::size_t n) {
    if (n < size_) size_ = static_cast<std::uint32_t>(n);
  }
  // Removes item `i` (i < size()): the ones after it move down one place; the
  // last place's room stays in the store.
  void erase(std::size_t i) {
    T* items = get();
    for (std::size_t k = i + 1; k < size_; ++k)
      items[k - 1] = std::move(items[k]);
    --size_;
  }

private:
  // A Slice is 12 bytes aligned on 4 (as TextRef), not 16, in the records
  // that hold several (a Paragraph holds three).
  T* get() const { return data_.get(); }
  PackedPointer<T> data_;
  std::uint32_t size_ = 0;
};
static_assert(sizeof(Slice<int>) == 12 && alignof(Slice<int>) == 4);

// Chunks of T that never move: moving a Book, or adopting another's store when
// two books merge, keeps every Slice (and every text view of a TextStore, a
// Store of chars) valid. A chunk is not zeroed: the pages it does not use yet
// stay out of memory. Chunks of about 4 KiB: each file parsed apart (-j) ends
// with a part-filled chunk in each store, which the merged book keeps.
template <class T, std::size_t chunk_items = (4096 / sizeof(T) > 16 ? 4096 / sizeof(T) : 16)>
class Store {
public:
  Store() = default;
  // A moved-from store is empty: its next items go to a chunk of its own, not
  // into the chunk it gave away.
  Store(Store&& other) noexcept
      : chunks_(std::move(other.chunks_)), top_(std::exchange(other.top_, nullptr)),
        room_(std::exchange(other.room_, 0)), run_end_(std::exchange(other.run_end_, nullptr)),
        run_room_(std::exchange(other.run_room_, 0)) {
    other.chunks_.clear();
  }
  Store& operator=(Store&& other) noexcept {
    if (this != &other) {
      chunks_ = std::move(other.chunks_);
      other.chunks_.clear();
      top_ = std::exchange(other.top_, nullptr);
      room_ = std::exchange(other.room_, 0);
      run_end_ = std::exchange(other.run_end_, nullptr);
      run_room_ = std::exchange(other.run_room_, 0);
    }
    return *this;
  }
  Slice<T> keep(const T* items, std::size_t count) {
    if (count == 0) return {};
    T* at = allocate(count);
    for (std::size_t i = 0; i < count; ++i)
      at[i] = items[i];
    return {at, count};
  }
  Slice<T> keep(const std::vector<T>& items) { return keep(items.data(), items.size()); }
  T* keep(T item) {
    T* at = allocate(1);
    *at = std::move(item);
    return at;
  }
  // Takes `other`'s chunks: their items stay where they are. The order of the
  // chunks does not matter: `top_` still points into ours.
  void adopt(Store&& other) {
    for (Chunk& chunk : other.chunks_)
      chunks_.push_back(std::move(chunk));
    other.chunks_.clear();
    other.top_ = nullptr;
    other.room_ = 0;
    other.run_end_ = nullptr;
    other.run_room_ = 0;
  }

  // Room for `count` items that never moves.
  T* allocate(std::size_t count) {
    if (count > room_) {
      // A long run gets a chunk of its own; the current chunk stays current.
      if (count > chunk_items / 4) {
        chunks_.push_back({std::make_unique_for_overwrite<T[]>(count), count});
        return chunks_.back().items.get();
      }
      chunks_.push_back({std::make_unique_for_overwrite<T[]>(chunk_items), chunk_items});
      top_ = chunks_.back().items.get();
      room_ = chunk_items;
    }
    T* at = top_;
    top_ += count;
    room_ -= count;
    return at;
  }
  // Room for `count` items that `extend` can grow later: room for twice as
  // many, whose rest only this run grows into (the last such run: other items
  // still go after it). A text joined line by line is so copied a logarithmic
  // number of times, not once a line (50,000 lines of prose with award groups
  // took gigabytes).
  T* allocate_run(std::size_t count) {
    T* at = allocate(2 * count);
    run_end_ = at + count;
    run_room_ = count;
    return at;
  }
  // Room for `count` more items right after `end`, when `end` is where the
  // last allocation (or the last allocate_run) ended and its chunk has room;
  // else null.
  T* extend(const T* end, std::size_t count) {
    if (end == top_ && count <= room_) {
      T* at = top_;
      top_ += count;
      room_ -= count;
      return at;
    }
    if (end == run_end_ && count <= run_room_) {
      T* at = run_end_;
      run_end_ += count;
      run_room_ -= count;
      return at;
    }
    return nullptr;
  }

  // The chunks, for a reader that frees the store as it goes (the emitter of
  // `talec build`): chunk(i) is where its items lie (empty once freed); a
  // Slice lies inside one chunk. Their order is not the order of the items.
  std::size_t chunk_count() const { return chunks_.size(); }
  std::span<const T> chunk(std::size_t i) const {
    return {chunks_[i].items.get(), chunks_[i].items ? chunks_[i].size : 0};
  }
  // Frees chunk `i`: the caller's promise is that its items are no longer used
  // (every Slice into it dangles). New items never go into it.
  void free_chunk(std::size_t i) {
    Chunk& c = chunks_[i];
    const std::less_equal<const T*> before; // a total order of unrelated pointers
    if (top_ && before(c.items.get(), top_) && before(top_, c.items.get() + c.size)) {
      top_ = nullptr;
      room_ = 0;
    }
    if (run_end_ && before(c.items.get(), run_end_) && before(run_end_, c.items.get() + c.size)) {
      run_end_ = nullptr;
      run_room_ = 0;
    }
    c.items.reset();
  }

private:
  struct Chunk {
    std::unique_ptr<T[]> items;
    std::size_t size = 0; // items
  };
  std::vector<Chunk> chunks_;
  T* top_ = nullptr;
  std::size_t room_ = 0;
  T* run_end_ = nullptr; // the last allocate_run's end, and the room after it
  std::size_t run_room_ = 0;
};

} // namespace talebook
