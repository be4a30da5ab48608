// Two small holders of the model (compiler/model/model.hpp) that cost a
// paragraph less than the standard ones: a list of references that reads like
// a vector in 16 bytes, and an optional part behind a pointer of 8.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>

namespace talebook {

// A list of small plain records (ParagraphRef, MatrixRef) that reads like a
// vector: range-for, size(), empty(), operator[]. Its items are either kept
// elsewhere (a Book's TextStore, which never moves them: the parser's lists,
// complete when kept) or in a block of its own (a list built or grown later:
// push_back moves a kept list's items into one). A copy has a block of its own.
template <class T> class KeptList {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
  KeptList() = default;
  KeptList(std::initializer_list<T> items) { assign(items.begin(), items.size()); }
  KeptList(const KeptList& other) { assign(other.data_, other.size_); }
  KeptList(KeptList&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  KeptList& operator=(KeptList other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
    return *this;
  }
  ~KeptList() { release(); }

  // The `size` items at `data`, which outlive the list and never move.
  static KeptList view(T* data, std::size_t size) {
    KeptList list;
    list.data_ = size ? data : nullptr;
    list.size_ = static_cast<std::uint32_t>(size);
    return list;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& front() { return data_[0]; }
  const T& front() const { return data_[0]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }

  void push_back(const T& item) {
    T copy = item; // `item` may be one of ours
    if (size_ >= capacity_) grow(size_ ? 2 * std::size_t{size_} : 4);
    data_[size_++] = copy;
  }
  void clear() { *this = KeptList(); }

private:
  void assign(const T* items, std::size_t n) {
    if (n == 0) return;
    data_ = std::allocator<T>().allocate(n);
    std::uninitialized_copy(items, items + n, data_);
    size_ = capacity_ = static_cast<std::uint32_t>(n);
  }
  void grow(std::size_t capacity) {
    T* block = std::allocator<T>().allocate(capacity);
    if (size_) std::uninitialized_copy(data_, data_ + size_, block);
    release();
    data_ = block;
    capacity_ = static_cast<std::uint32_t>(capacity);
  }
  void release() {
    if (capacity_) std::allocator<T>().deallocate(data_, capacity_);
    capacity_ = 0;
  }

  T* data_ = nullptr;
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = 0; // 0: the items are kept elsewhere (or none)
};

// An optional part of a record that few records have (a paragraph's
// encounter chart): std::optional's reading API behind one pointer. Copying
// copies the part.
template <class T> class Boxed {
public:
  Boxed() = default;
  Boxed(const Boxed& other) : part_(other.part_ ? std::make_unique<T>(*other.part_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(Boxed other) noexcept {
    part_ = std::move(other.part_);
    return *this;
  }
  Boxed& operator=(T part) {
    part_ = std::make_unique<T>(std::move(part));
    return *this;
  }
  T& emplace() {
    part_ = std::make_unique<T>();
    return *part_;
  }
  void reset() { part_.reset(); }
  bool has_value() const { return part_ != nullptr; }
  explicit operator bool() const { return part_ != nullptr; }
  T* operator->() { return part_.get(); }
  const T* operator->() const { return part_.get(); }
  T& operator*() { return *part_; }
  const T& operator*() const { return *part_; }

private:
  std::unique_ptr<T> part_;
};

} // namespace talebook
