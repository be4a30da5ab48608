// Award codes in their canonical layout: no blanks inside a code, around `/`
// or inside the brackets; `W+1 (Max: Poor)`, `W+1（最高：体面）`; one blank
// before a group that ends its line; with --bracket, bare groups bracketed.
#include "compiler/format/format.hpp"
#include "compiler/format/layout_text.hpp"

namespace talebook::format {
namespace {

constexpr std::string_view signs[] = {"+", "-", "\xE2\x88\x92", "\xEF\xBC\x8B", "\xEF\xBC\x8D"};

// `(word: level)` or `(argument)`, from its open paren at `open`: the canonical
// text (a blank before an ASCII paren) and where the group ends.
std::string parenthesis(std::string_view t, std::size_t open, std::size_t& end, bool limit) {
  std::string_view paren = char_in(t, open, open_parens);
  std::size_t close = find_char(t, open + paren.size(), close_parens);
  if (close == std::string_view::npos) { // not expected in a parsed item
    end = t.size();
    return std::string(t.substr(open));
  }
  std::string_view closing = char_in(t, close, close_parens);
  std::string_view inner = t.substr(open + paren.size(), close - open - paren.size());
  end = close + closing.size();
  std::string out = is_ascii_char(paren) ? " " : "";
  out += paren;
  std::size_t colon = limit ? find_char(inner, 0, colons) : std::string_view::npos;
  if (colon == std::string_view::npos) {
    out += strip_blanks(inner);
  } else {
    std::string_view c = char_in(inner, colon, colons);
    out += strip_blanks(inner.substr(0, colon));
    out += c;
    if (is_ascii_char(c)) out += ' ';
    out += strip_blanks(inner.substr(colon + c.size()));
  }
  out += closing;
  return out;
}

// What follows an item's code or parenthesis: a qualifier (`if Merchant`,
// `若为商人`), one blank before it when one was written.
std::string qualifier(std::string_view rest) {
  std::string_view q = strip_blanks(rest);
  if (q.empty()) return {};
  return (blank_at(rest, 0) ? " " : "") + std::string(q);
}

// `D 2`, `W + 1 (Max :Poor) if Merchant`: a D, S or W code.
std::string coded_item(std::string_view t, bool wealth) {
  std::size_t at = char_size(t[0]);
  std::string out(t.substr(0, at)); // the letter as written
  at = skip_blanks(t, at);
  if (std::string_view s = char_in(t, at, signs); !s.empty()) {
    out += s;
    at = skip_blanks(t, at + s.size());
  }
  while (digit_at(t, at)) {
    std::size_t n = char_size(t[at]);
    out += t.substr(at, n);
    at += n;
  }
  std::size_t next = skip_blanks(t, at);
  if (wealth && !char_in(t, next, open_parens).empty()) {
    out += parenthesis(t, next, at, true);
  }
  return out + qualifier(t.substr(at));
}

// `Magic ( 1 use )`, `Ionian Gems(154)`: the words as written, the argument.
std::string named_item(std::string_view t) {
  std::size_t open = find_char(t, 0, open_parens);
  if (open == std::string_view::npos) return std::string(t);
  std::size_t end = 0;
  std::string words(strip_blanks(t.substr(0, open)));
  std::string argument = parenthesis(t, open, end, false);
  return words + argument + qualifier(t.substr(end));
}

std::string item_text(const Award& a, std::string_view text) {
  std::string_view t = text.substr(a.range.begin, a.range.end - a.range.begin);
  if (t.empty()) return {};
  bool coded =
      a.kind == AwardKind::Destiny || a.kind == AwardKind::Story || a.kind == AwardKind::Wealth;
  return coded ? coded_item(t, a.kind == AwardKind::Wealth) : named_item(t);
}

void group_edits(const AwardCode& code, std::string_view text, const FormatOptions& options,
                 std::vector<Edit>& out) {
  if (code.awards.empty()) return;
  std::uint32_t begin = code.range.begin, end = code.range.end;
  std::string body;
  for (std::size_t i = 0; i < code.awards.size(); ++i) {
    if (i > 0) { // the separator as written (`/` or `／`), without blanks
      std::uint32_t from = code.awards[i - 1].range.end, to = code.awards[i].range.begin;
      body += strip_blanks(text.substr(from, to - from));
    }
    body += item_text(code.awards[i], text);
  }
  std::string group;
  if (code.bracketed) {
    std::string_view open = text.substr(begin, char_size(text[begin]));
    std::size_t last = end - 1;
    while (last > begin && (static_cast<unsigned char>(text[last]) & 0xC0) == 0x80)
      --last;
    group = std::string(open) + body + std::string(text.substr(last, end - last));
  } else if (options.bracket) {
    group = "[" + body + "]";
  } else { // the bare group's final period, as written, straight after it
    std::uint32_t items_end = code.awards.back().range.end;
    group = body + std::string(strip_blanks(text.substr(items_end, end - items_end)));
  }
  out.push_back({begin, end, group});

  // A group that ends its line follows its text after one blank (none after
  // a full-width character where none was written).
  std::size_t after = skip_blanks(text, end);
  if (after < text.size() && text[after] != '\n' && text[after] != '\r') return;
  std::size_t gap = begin;
  while (std::size_t n = blank_before(text, gap))
    gap -= n;
  if (gap == 0 || text[gap - 1] == '\n') return; // alone on its line: indentation as written
  bool wide_before = (static_cast<unsigned char>(text[gap - 1]) & 0x80) != 0;
  if (gap == begin && wide_before) return;
  if (begin - gap == 1 && text[gap] == ' ') return;
  out.push_back({static_cast<std::uint32_t>(gap), begin, " "});
}

} // namespace

void award_edits(const Book& book, std::uint32_t file, std::string_view text,
                 const FormatOptions& options, std::vector<Edit>& out) {
  auto each = [&](const AwardCode& code) {
    if (code.range.file == file) group_edits(code, text, options, out);
  };
  for (const Paragraph& p : book.paragraphs)
    for (const Section& s : p.sections)
      if (std::optional<AwardCode> award = s.award()) each(*award);
  for (const Card& c : book.cards)
    for (const CityResult& r : c.results)
      for (const AwardCode& code : r.awards)
        each(code);
}

} // namespace talebook::format
