// Small UTF-8 helpers of the formatter: blanks (space, tab, ideographic
// space) and single code characters in their ASCII or full-width forms.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace talebook::format {

// Bytes of the UTF-8 sequence that starts with `lead` (1 for a stray byte).
inline std::size_t char_size(char lead) {
  unsigned char c = static_cast<unsigned char>(lead);
  return c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

// The blank at `at` (its size in bytes), or 0.
inline std::size_t blank_at(std::string_view s, std::size_t at) {
  if (at >= s.size()) return 0;
  if (s[at] == ' ' || s[at] == '\t') return 1;
  return s.substr(at, 3) == "\xE3\x80\x80" ? 3 : 0;
}
// The blank that ends just before `at`, or 0.
inline std::size_t blank_before(std::string_view s, std::size_t at) {
  if (at >= 1 && (s[at - 1] == ' ' || s[at - 1] == '\t')) return 1;
  return at >= 3 && s.substr(at - 3, 3) == "\xE3\x80\x80" ? 3 : 0;
}
inline std::size_t skip_blanks(std::string_view s, std::size_t at) {
  while (std::size_t n = blank_at(s, at))
    at += n;
  return at;
}
inline std::string_view strip_blanks(std::string_view s) {
  std::size_t begin = skip_blanks(s, 0), end = s.size();
  while (end > begin && blank_before(s, end))
    end -= blank_before(s, end);
  return s.substr(begin, end - begin);
}

// The character at `at` when it is one of `forms` (each one code point, ASCII
// or not), else empty.
inline std::string_view char_in(std::string_view s, std::size_t at,
                                std::span<const std::string_view> forms) {
  for (std::string_view f : forms)
    if (s.substr(at, f.size()) == f) return s.substr(at, f.size());
  return {};
}
// Where the first of `forms` starts at or after `from` (npos when none).
inline std::size_t find_char(std::string_view s, std::size_t from,
                             std::span<const std::string_view> forms) {
  for (std::size_t i = from; i < s.size(); i += char_size(s[i]))
    if (!char_in(s, i, forms).empty()) return i;
  return std::string_view::npos;
}

// An ASCII or full-width (U+FF10..U+FF19) digit at `at`.
inline bool digit_at(std::string_view s, std::size_t at) {
  if (at < s.size() && s[at] >= '0' && s[at] <= '9') return true;
  return at + 2 < s.size() && s.substr(at, 2) == "\xEF\xBC" &&
         static_cast<unsigned char>(s[at + 2]) >= 0x90 &&
         static_cast<unsigned char>(s[at + 2]) <= 0x99;
}

inline bool is_ascii_char(std::string_view c) {
  return c.size() == 1;
}

// The code characters, ASCII first (grammar/tales.hpp).
inline constexpr std::string_view open_parens[] = {"(", "\xEF\xBC\x88"};
inline constexpr std::string_view close_parens[] = {")", "\xEF\xBC\x89"};
inline constexpr std::string_view colons[] = {":", "\xEF\xBC\x9A"};

} // namespace talebook::format
