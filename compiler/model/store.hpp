// The Book's stores of small records: a section's conditions, an award
// group's items (compiler/model/model.hpp), kept in chunks that never move.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

namespace talebook {

// A run of T kept in one of the Book's stores (Store below): a section's
// conditions, an award group's items. It reads like a vector; it does not
// grow: a writer builds the list apart and keeps it (Book::keep_conditions,
// Book::keep_awards). Const all the way: a const Slice gives const items.
template <class T> class Slice {
public:
  Slice() = default;
  Slice(T* data, std::size_t size) : data_(data), size_(static_cast<std::uint32_t>(size)) {}
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& at(std::size_t i) {
    if (i >= size_) throw std::out_of_range("Slice::at");
    return data_[i];
  }
  const T& at(std::size_t i) const {
    if (i >= size_) throw std::out_of_range("Slice::at");
    return data_[i];
  }
  T& front() { return data_[0]; }
  const T& front() const { return data_[0]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  // Keeps the first `n` items (n <= size()); the others' room stays in the store.
  void truncate(std::size_t n) {
    if (n < size_) size_ = static_cast<std::uint32_t>(n);
  }

private:
  T* data_ = nullptr;
  std::uint32_t size_ = 0;
};

// Chunks of T that never move, as the TextStore's bytes: moving a Book, or
// adopting another's store when two books merge, keeps every Slice valid.
template <class T> class Store {
public:
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
  void adopt(Store&& other) {
    for (auto& chunk : other.chunks_)
      chunks_.push_back(std::move(chunk));
    other.chunks_.clear();
    other.top_ = nullptr;
    other.room_ = 0;
  }

private:
  static constexpr std::size_t chunk_items = 256;
  T* allocate(std::size_t count) {
    if (count > room_) {
      if (count > chunk_items / 4) { // a long list gets a chunk of its own
        chunks_.push_back(std::make_unique<T[]>(count));
        return chunks_.back().get();
      }
      chunks_.push_back(std::make_unique<T[]>(chunk_items));
      top_ = chunks_.back().get();
      room_ = chunk_items;
    }
    T* at = top_;
    top_ += count;
    room_ -= count;
    return at;
  }
  std::vector<std::unique_ptr<T[]>> chunks_;
  T* top_ = nullptr;
  std::size_t room_ = 0;
};

} // namespace talebook
