// An optional part of a record that few records have (a paragraph's
// encounter chart) behind one pointer of 8 bytes.
#pragma once

#include <memory>
#include <utility>

namespace talebook {

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
