// An optional part of a record that few records have (a paragraph's
// encounter chart) behind one pointer, kept as 8 bytes aligned on 1: the
// record around it keeps the 4-byte alignment of its other fields.
#pragma once

#include <utility>

#include "compiler/model/packed_pointer.hpp"

namespace talebook {

// An optional part of a record that few records have (a paragraph's
// encounter chart): std::optional's reading API behind one owning pointer.
// Copying copies the part.
template <class T> class Boxed {
public:
  Boxed() = default;
  Boxed(const Boxed& other) { put(other.has_value() ? new T(*other) : nullptr); }
  Boxed(Boxed&& other) noexcept { put(other.take()); }
  Boxed& operator=(Boxed other) noexcept {
    delete get();
    put(other.take());
    return *this;
  }
  Boxed& operator=(T part) {
    T* made = new T(std::move(part));
    delete get();
    put(made);
    return *this;
  }
  ~Boxed() { delete get(); }
  T& emplace() {
    T* made = new T();
    delete get();
    put(made);
    return *made;
  }
  void reset() {
    delete get();
    put(nullptr);
  }
  bool has_value() const { return get() != nullptr; }
  explicit operator bool() const { return has_value(); }
  T* operator->() { return get(); }
  const T* operator->() const { return get(); }
  T& operator*() { return *get(); }
  const T& operator*() const { return *get(); }

private:
  T* get() const { return part_.get(); }
  void put(T* part) { part_.set(part); }
  T* take() {
    T* part = get();
    put(nullptr);
    return part;
  }
  PackedPointer<T> part_;
};

} // namespace talebook
