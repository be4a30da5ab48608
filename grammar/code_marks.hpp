// The marks of code a language writes in its own forms: PEGTL rules that read
// a small table built from the book's vocabulary (`punctuation` in
// locales/<tag>/vocabulary.json). The ASCII form of a mark and its full-width
// form (Unicode's wide variant of ASCII) are always read; a language adds its
// own forms (Chinese `、` `。`, Arabic `،` `؛` `؟`, Arabic-Indic digits `٠`–`٩`).
// ASCII text never reaches the table: the fast path stays one byte compare.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace talebook::grammar {

// The roles of code punctuation, in the order of `mark_names`.
enum class Mark : std::uint8_t {
  colon,         // `Wisdom:`, `Options:`, a matrix row, a card
  comma,         // between the conditions of a heading
  list,          // between the paragraphs of a card; after a chart entry's number
  period,        // ends a bare award group; after a chart entry's number
  open_paren,    // `(12)`, `(H)`, `(Max: Rich)`
  close_paren,   //
  open_bracket,  // `[S1]`
  close_bracket, //
  slash,         // between awards
  bar,           // between matrix cells
  digit,         // a digit of any number
  sentence_end,  // prose that a bare award group may follow
};
inline constexpr const char* mark_names[] = {
    "colon",        "comma",         "list",  "period", "open_paren", "close_paren",
    "open_bracket", "close_bracket", "slash", "bar",    "digits",     "sentence_end"};
inline constexpr std::size_t mark_count = sizeof(mark_names) / sizeof(mark_names[0]);
constexpr std::uint16_t bit(Mark m) {
  return static_cast<std::uint16_t>(1u << static_cast<unsigned>(m));
}

// A language's own forms: code points beyond ASCII, each with the marks it is.
struct CodeMarks {
  std::vector<std::pair<char32_t, std::uint16_t>> forms;

  bool is(std::uint16_t marks, char32_t c) const {
    for (const auto& [form, of] : forms)
      if (form == c) return (of & marks) != 0;
    return false;
  }
  void add(Mark m, char32_t c) {
    for (auto& [form, of] : forms)
      if (form == c) {
        of = static_cast<std::uint16_t>(of | bit(m));
        return;
      }
    forms.emplace_back(c, bit(m));
  }
};

// The table a parse reads: the `code_marks` member (a pointer) of its first
// state that has one; none, and only the ASCII and full-width forms are read.
template <typename State> const CodeMarks* code_marks_of(const State& state) {
  if constexpr (requires { state.code_marks; })
    return state.code_marks;
  else
    return nullptr;
}
template <typename... States> const CodeMarks* find_code_marks(const States&... states) {
  const CodeMarks* marks = nullptr;
  ((marks = marks ? marks : code_marks_of(states)), ...);
  return marks;
}

// One character that is one of `Marks`: a built-in form (`Builtin`: ASCII and
// full width) or a form the table adds.
template <std::uint16_t Marks, char32_t... Builtin> struct code_char {
  using rule_t = code_char;
  using subs_t = tao::pegtl::empty_list;

  static constexpr bool builtin(char32_t c) { return ((c == Builtin) || ...); }

  template <tao::pegtl::apply_mode, tao::pegtl::rewind_mode, template <typename...> class,
            template <typename...> class, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... states) {
    if (in.empty()) return false;
    const auto byte = static_cast<char32_t>(in.peek_uint8());
    if (byte < 0x80) {
      if (!builtin(byte)) return false;
      in.bump_in_this_line(1);
      return true;
    }
    const auto t = tao::pegtl::internal::peek_utf8::peek(in);
    if (!t.size) return false;
    if (!builtin(t.data)) {
      const CodeMarks* marks = find_code_marks(states...);
      if (!marks || !marks->is(Marks, t.data)) return false;
    }
    in.bump_in_this_line(t.size);
    return true;
  }
};

// A digit: ASCII, full width, or one the table adds (Arabic-Indic).
struct code_digit {
  using rule_t = code_digit;
  using subs_t = tao::pegtl::empty_list;

  template <tao::pegtl::apply_mode, tao::pegtl::rewind_mode, template <typename...> class,
            template <typename...> class, typename ParseInput, typename... States>
  static bool match(ParseInput& in, States&... states) {
    if (in.empty()) return false;
    const auto byte = in.peek_uint8();
    if (byte < 0x80) {
      if (byte < '0' || byte > '9') return false;
      in.bump_in_this_line(1);
      return true;
    }
    const auto t = tao::pegtl::internal::peek_utf8::peek(in);
    if (!t.size) return false;
    if (t.data < 0xFF10 || t.data > 0xFF19) {
      const CodeMarks* marks = find_code_marks(states...);
      if (!marks || !marks->is(bit(Mark::digit), t.data)) return false;
    }
    in.bump_in_this_line(t.size);
    return true;
  }
};

} // namespace talebook::grammar

namespace tao::pegtl {
template <typename Name, std::uint16_t Marks, char32_t... Builtin>
struct analyze_traits<Name, talebook::grammar::code_char<Marks, Builtin...>>
    : analyze_any_traits<> {};
template <typename Name>
struct analyze_traits<Name, talebook::grammar::code_digit> : analyze_any_traits<> {};
} // namespace tao::pegtl
