// A pointer kept as its 8 bytes, aligned on 1: the records that hold one next
// to 4-byte fields (TextRef, Slice, Boxed) keep their 4-byte alignment instead
// of rounding up to 8 around it. It reads and writes like a plain pointer.
#pragma once

#include <cstring>

namespace talebook {

template <class T> class PackedPointer {
public:
  PackedPointer() = default;
  PackedPointer(T* pointer) { set(pointer); }
  T* get() const {
    T* pointer;
    std::memcpy(&pointer, bytes_, sizeof pointer);
    return pointer;
  }
  void set(T* pointer) { std::memcpy(bytes_, &pointer, sizeof pointer); }

private:
  unsigned char bytes_[sizeof(T*)] = {};
};
static_assert(sizeof(PackedPointer<int>) == sizeof(int*) && alignof(PackedPointer<int>) == 1);

} // namespace talebook
