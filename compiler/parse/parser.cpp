// Parsing one `.tales` file into the book: text checks, then the grammar with
// its actions (parser_actions.hpp, parser_blocks.hpp).
#include "compiler/parse/parser_blocks.hpp"
#include "compiler/parse/parser_games.hpp"

#include "compiler/parse/parser.hpp"
#include "compiler/text/text.hpp"

#include <cstring>
#include <unicode/utf8.h>

namespace talebook {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar;

// UTF-8 and NFC are checked line by line, before the grammar runs.
// The text of a control character: "U+001B".
std::string code_point(unsigned char c) {
  static const char digits[] = "0123456789ABCDEF";
  return std::string("U+00") + digits[c >> 4] + digits[c & 0xF];
}

// True if every byte is printable ASCII (0x20 to 0x7E): valid UTF-8, NFC, no
// control character. Eight bytes at a time (the usual "has a byte less than"
// tests on a 64-bit word).
bool plain_ascii(std::string_view s) {
  constexpr std::uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    const std::uint64_t del = w ^ (ones * 0x7F);
    if ((w | ((w - ones * 0x20) & ~w) | ((del - ones) & ~del)) & high) return false;
  }
  for (; i < s.size(); ++i)
    if (static_cast<unsigned char>(s[i]) < 0x20 || static_cast<unsigned char>(s[i]) >= 0x7F)
      return false;
  return true;
}

void check_text(std::uint32_t file, std::string_view text, Diagnostics& diagnostics) {
  std::size_t reported = 0;
  std::size_t line = 0;
  while (line < text.size()) {
    std::size_t end = text.find('\n', line);
    if (end == std::string_view::npos) end = text.size();
    std::string_view s = text.substr(line, end - line);
    if (plain_ascii(s)) {
      line = end + 1;
      continue;
    }
    if (auto bad = text::first_invalid_utf8(s)) {
      std::uint32_t at = static_cast<std::uint32_t>(line + *bad);
      if (reported++ < 50) diagnostics.report(Code::invalid_utf8, {file, at, at + 1});
    } else if (!text::is_nfc(s)) {
      if (reported++ < 50)
        diagnostics.report(Code::not_nfc, {file, static_cast<std::uint32_t>(line),
                                           static_cast<std::uint32_t>(end)});
    }
    // Text is stored as C strings (the .tbook's strings end in NUL): no NUL and
    // no other control character (tab and the line ends aside) may stand in it.
    // A carriage return is here only before a line feed (SourceFile made each
    // lone one a line feed).
    for (std::size_t i = 0; i < s.size(); ++i) {
      auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != 0x7F) continue;
      std::uint32_t at = static_cast<std::uint32_t>(line + i);
      if (c != '\t' && c != '\r' && reported++ < 50) {
        diagnostics.report(Code::control_character, {file, at, at + 1}, {code_point(c)});
      }
    }
    line = end + 1;
  }
}

} // namespace

namespace pegtl = tao::pegtl;

std::size_t paragraph_headers(std::string_view text) {
  auto line_start = [&](std::size_t at) { return at == 0 || text[at - 1] == '\n'; };
  auto digit = [&](std::size_t at) {
    if (at < text.size() && text[at] >= '0' && text[at] <= '9') return true;
    return text.substr(at, 2) == "\xEF\xBC" && at + 2 < text.size() &&
           static_cast<unsigned char>(text[at + 2]) >= 0x90 &&
           static_cast<unsigned char>(text[at + 2]) <= 0x99; // full width
  };
  std::size_t count = 0;
  // `@` is rare outside headers: memchr finds it fast.
  for (std::size_t at = text.find('@'); at != std::string_view::npos; at = text.find('@', at + 1))
    if (line_start(at) && digit(at + 1)) ++count;
  constexpr std::string_view wide = "\xEF\xBC\xA0"; // `＠`
  for (std::size_t at = text.find(wide); at != std::string_view::npos;
       at = text.find(wide, at + wide.size()))
    if (line_start(at) && digit(at + wide.size())) ++count;
  return count;
}

grammar::CodeMarks code_marks(const Vocabulary& vocabulary) {
  grammar::CodeMarks marks;
  for (std::size_t m = 0; m < grammar::mark_count; ++m) {
    auto mark = static_cast<grammar::Mark>(m);
    for (const std::string& form : vocabulary.punctuation(grammar::mark_names[m])) {
      // A form is one character; `digits` lists the ten of a script at once.
      std::vector<char32_t> chars;
      for (std::int32_t i = 0, n = static_cast<std::int32_t>(form.size()); i < n;) {
        UChar32 c;
        U8_NEXT(form.data(), i, n, c);
        if (c >= 0) chars.push_back(static_cast<char32_t>(c));
      }
      if (chars.size() != 1 && mark != grammar::Mark::digit) continue;
      for (char32_t c : chars)
        if (c >= 0x80) marks.add(mark, c); // ASCII forms are always read
    }
  }
  return marks;
}

void parse_tales(std::uint32_t file, const SourceSet& sources, const Vocabulary& vocabulary,
                 Book& book, Diagnostics& diagnostics) {
  parse_tales(file, sources, vocabulary, book, diagnostics, {});
}

std::size_t parse_tales(std::uint32_t file, const SourceSet& sources, const Vocabulary& vocabulary,
                        Book& book, Diagnostics& diagnostics, std::span<Paragraph> slots) {
  std::string_view text = sources.file(file).text();
  check_text(file, text, diagnostics);
  // The grammar wants every line ended; offsets stay those of the file.
  std::string ended;
  if (!text.empty() && text.back() != '\n') {
    ended.reserve(text.size() + 1);
    ended.append(text).push_back('\n');
    text = ended;
  }
  ParseState state(file, text.data(), vocabulary, book, diagnostics);
  state.source = sources.file(file).text();
  state.slots = slots;
  grammar::CodeMarks marks = code_marks(vocabulary);
  state.code_marks = &marks;
  pegtl::memory_input<pegtl::tracking_mode::lazy, pegtl::eol::lf_crlf> in(
      text.data(), text.size(), sources.file(file).path());
  try {
    pegtl::parse<g::file, actions::Action, actions::ParseControl>(in, state);
  } catch (const pegtl::parse_error&) {
    // Already reported by ParseControl::raise; the rest of the file is skipped.
  }
  state.close_paragraph();
  return state.slots_used;
}

} // namespace talebook
