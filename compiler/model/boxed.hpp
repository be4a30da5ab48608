// An optional part of a record that few records have (a paragraph's
// encounter chart) behind one pointer, kept as 8 bytes aligned on 1: the
// record around it keeps the 4-byte alignment of its other fields.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "compiler/model/packed_pointer.hpp"

namespace talebook {

// An optional part of a record that few records have (a paragraph's
// encounter chart): std::optional's reading API behind one owning pointer.
// Copying copies the part. With an `Other`, the pointer may hold an Other
// instead (a paragraph's id other than its name: never with a chart), which
// reads as no T.
template <class T, class Other = void> class Boxed {
  static constexpr bool has_other = !std::is_void_v<Other>;

public:
  Boxed() = default;
  Boxed(const Boxed& other) {
    if (const T* part = other.get()) put(new T(*part));
    if constexpr (has_other)
      if (const Other* part = other.other()) put(new Other(*part), true);
  }
  Boxed(Boxed&& other) noexcept { std::swap(part_, other.part_); }
  Boxed& operator=(Boxed other) noexcept {
    std::swap(part_, other.part_);
    return *this;
  }
  Boxed& operator=(T part) {
    T* made = new T(std::move(part));
    free();
    put(made);
    return *this;
  }
  ~Boxed() { free(); }
  T& emplace() {
    T* made = new T();
    free();
    put(made);
    return *made;
  }
  void reset() {
    free();
    part_.set(nullptr);
  }
  bool has_value() const { return get() != nullptr; }
  explicit operator bool() const { return has_value(); }
  T* operator->() { return get(); }
  const T* operator->() const { return get(); }
  T& operator*() { return *get(); }
  const T& operator*() const { return *get(); }

  // The Other it holds instead of a T, or null.
  const Other* other() const requires has_other {
    return tagged() ? static_cast<const Other*>(raw()) : nullptr;
  }
  // Holds `part` (an Other) in place of whatever it held.
  void set_other(Other part) requires has_other {
    Other* made = new Other(std::move(part));
    free();
    put(made, true);
  }

private:
  // An Other's pointer has its lowest bit set (both are aligned on 2 or more).
  static_assert(!has_other || alignof(std::conditional_t<has_other, Other, int>) >= 2);
  bool tagged() const { return has_other && (bits() & 1); }
  std::uintptr_t bits() const { return reinterpret_cast<std::uintptr_t>(part_.get()); }
  void* raw() const { return reinterpret_cast<void*>(bits() & ~std::uintptr_t(1)); }
  T* get() const { return tagged() ? nullptr : static_cast<T*>(raw()); }
  void put(void* part, bool other = false) {
    part_.set(reinterpret_cast<void*>(reinterpret_cast<std::uintptr_t>(part) | other));
  }
  void free() {
    if constexpr (has_other)
      if (tagged()) {
        delete static_cast<Other*>(raw());
        return;
      }
    delete get();
  }
  PackedPointer<void> part_;
};

} // namespace talebook
