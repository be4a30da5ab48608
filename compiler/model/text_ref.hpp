// A std::string_view in 12 bytes, aligned on 4: the ids and words of the
// model's many small records (Award, Condition), which would otherwise round
// up to 8 bytes around each 16-byte view. It reads as a string_view (it
// converts to one, compares with one); it owns nothing.
#pragma once

#include <compare>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "compiler/model/packed_pointer.hpp"

namespace talebook {

class TextRef {
public:
  constexpr TextRef() = default;
  TextRef(std::string_view text)
      : data_(text.data()), size_(static_cast<std::uint32_t>(text.size())) {}
  TextRef(const char* text) : TextRef(std::string_view(text)) {}
  TextRef(const std::string& text) : TextRef(std::string_view(text)) {}
  TextRef(const std::string&&) = delete; // a temporary's bytes would not outlive the view

  const char* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::string_view view() const { return {size_ ? data() : "", size_}; }
  operator std::string_view() const { return view(); }

  friend bool operator==(TextRef a, TextRef b) { return a.view() == b.view(); }
  friend bool operator==(TextRef a, std::string_view b) { return a.view() == b; }
  // One exact match for each kind of text it meets (no ambiguous conversions).
  friend bool operator==(TextRef a, const char* b) { return a.view() == std::string_view(b); }
  friend bool operator==(TextRef a, const std::string& b) { return a.view() == b; }
  friend std::strong_ordering operator<=>(TextRef a, TextRef b) { return a.view() <=> b.view(); }
  friend std::strong_ordering operator<=>(TextRef a, std::string_view b) { return a.view() <=> b; }
  friend std::ostream& operator<<(std::ostream& out, TextRef t) { return out << t.view(); }

private:
  PackedPointer<const char> data_;
  std::uint32_t size_ = 0;
};
static_assert(sizeof(TextRef) == 12 && alignof(TextRef) == 4);

} // namespace talebook
