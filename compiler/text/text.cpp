#include "compiler/text/text.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

namespace talebook::text {
namespace {

icu::UnicodeString from_utf8(std::string_view s) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
}

std::string to_utf8(const icu::UnicodeString& u) {
  std::string out;
  u.toUTF8String(out);
  return out;
}

std::vector<UChar32> code_points(std::string_view s) {
  std::vector<UChar32> out;
  int32_t i = 0, n = static_cast<int32_t>(s.size());
  while (i < n) {
    UChar32 c;
    U8_NEXT(s.data(), i, n, c);
    out.push_back(c);
  }
  return out;
}

} // namespace

bool is_ascii(std::string_view s) {
  // Eight bytes at a time: the prose of a whole book goes through here (NFC).
  constexpr std::uint64_t high = 0x8080808080808080ull;
  std::size_t i = 0;
  for (; i + 32 <= s.size(); i += 32) {
    std::uint64_t w[4];
    std::memcpy(w, s.data() + i, 32);
    if ((w[0] | w[1] | w[2] | w[3]) & high) return false;
  }
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    if (w & high) return false;
  }
  for (; i < s.size(); ++i)
    if (static_cast<unsigned char>(s[i]) >= 0x80) return false;
  return true;
}

std::string_view trim_view(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  return s;
}

std::string trim(std::string_view s) {
  return std::string(trim_view(s));
}

std::optional<std::size_t> first_invalid_utf8(std::string_view s) {
  int32_t i = 0, n = static_cast<int32_t>(s.size());
  while (i < n) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    int32_t start = i;
    UChar32 c;
    U8_NEXT(s.data(), i, n, c);
    if (c < 0) return static_cast<std::size_t>(start);
  }
  return std::nullopt;
}

bool is_nfc(std::string_view s) {
  if (is_ascii(s)) return true;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return true;
  bool result = nfc->isNormalized(from_utf8(s), status);
  return U_FAILURE(status) ? true : result;
}

std::string to_nfc(std::string_view s) {
  if (is_ascii(s)) return std::string(s);
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return std::string(s);
  icu::UnicodeString out = nfc->normalize(from_utf8(s), status);
  return U_FAILURE(status) ? std::string(s) : to_utf8(out);
}

namespace {

// `text` with ASCII lowercased and its runs of the spaces `space` names as one
// space, none at either end: the last step of name_key and search_key.
template <class Space> std::string collapsed_lower(std::string_view text, Space space) {
  std::string key;
  key.reserve(text.size());
  bool gap = false;
  for (char c : text) {
    if (space(c)) {
      gap = !key.empty();
      continue;
    }
    if (gap) key += ' ';
    gap = false;
    key += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return key;
}

} // namespace

std::string name_key(std::string_view s) {
  // NFKC case folding of ASCII is lowercasing: ICU only for the rest (the hot
  // path stays ASCII). Lowercasing ICU's folded text changes nothing.
  std::string folded;
  std::string_view text = s;
  if (!is_ascii(s)) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* fold = icu::Normalizer2::getNFKCCasefoldInstance(status);
    if (U_SUCCESS(status)) {
      icu::UnicodeString out = fold->normalize(from_utf8(s), status);
      if (U_SUCCESS(status)) text = folded = to_utf8(out);
    }
  }
  return collapsed_lower(text, [](char c) { return c == ' ' || c == '\t'; });
}

std::string search_key(std::string_view s) {
  std::string normalized;
  std::string_view text = s;
  if (!is_ascii(s)) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    if (U_SUCCESS(status)) {
      icu::UnicodeString out = nfkc->normalize(from_utf8(s), status);
      if (U_SUCCESS(status)) text = normalized = to_utf8(out.toLower(icu::Locale::getRoot()));
    }
  }
  return collapsed_lower(text,
                         [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

bool is_comment_line(std::string_view line) {
  return (!line.empty() && line[0] == '%') || line.substr(0, 3) == "\xEF\xBC\x85";
}

std::string collapse_space(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool space = false;
  int32_t i = 0, n = static_cast<int32_t>(s.size());
  while (i < n) {
    int32_t start = i;
    UChar32 c;
    U8_NEXT(s.data(), i, n, c);
    if (c >= 0 && u_isUWhiteSpace(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out.append(s.data() + start, static_cast<std::size_t>(i - start));
  }
  return out;
}

std::string fold_width(std::string_view s) {
  if (is_ascii(s)) return std::string(s);
  std::string out;
  out.reserve(s.size());
  int32_t i = 0, n = static_cast<int32_t>(s.size());
  while (i < n) {
    int32_t start = i;
    UChar32 c;
    U8_NEXT(s.data(), i, n, c);
    if (c >= 0xFF01 && c <= 0xFF5E) {
      out += static_cast<char>(c - 0xFF01 + 0x21); // full-width ASCII block
    } else if (c == 0x3000) {
      out += ' ';
    } else if (c >= 0x80 && u_charType(c) == U_DECIMAL_DIGIT_NUMBER) {
      out += static_cast<char>('0' + u_charDigitValue(c)); // Arabic-Indic ٣ is 3
    } else {
      out.append(s.data() + start, static_cast<std::size_t>(i - start));
    }
  }
  return out;
}

std::size_t display_width(std::string_view s) {
  if (is_ascii(s)) return s.size();
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> it(
      icu::BreakIterator::createCharacterInstance(icu::Locale::getRoot(), status));
  icu::UnicodeString u = from_utf8(s);
  if (U_FAILURE(status)) return static_cast<std::size_t>(u.countChar32());
  it->setText(u);
  std::size_t width = 0;
  for (int32_t start = it->first(), end = it->next(); end != icu::BreakIterator::DONE;
       start = end, end = it->next()) {
    UChar32 c = u.char32At(start);
    if (c == '\t') {
      width += 1;
      continue;
    }
    int ea = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    bool wide =
        ea == U_EA_WIDE || ea == U_EA_FULLWIDTH || u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION);
    int8_t type = u_charType(c);
    if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK || type == U_CONTROL_CHAR ||
        type == U_FORMAT_CHAR)
      continue;
    width += wide ? 2 : 1;
  }
  return width;
}

namespace {

// Calls `word(begin, end)` for each word ICU's word segmentation finds.
template <class F> void each_word(const icu::UnicodeString& u, const char* locale, F&& word) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> it(
      icu::BreakIterator::createWordInstance(icu::Locale(locale ? locale : ""), status));
  if (U_FAILURE(status)) return;
  it->setText(u);
  for (int32_t start = it->first(), end = it->next(); end != icu::BreakIterator::DONE;
       start = end, end = it->next())
    if (it->getRuleStatus() != UBRK_WORD_NONE) word(start, end);
}

} // namespace

std::size_t word_count(std::string_view s, const char* locale) {
  std::size_t count = 0;
  each_word(from_utf8(s), locale, [&](int32_t, int32_t) { ++count; });
  return count;
}

std::vector<std::string> words(std::string_view s, const char* locale) {
  icu::UnicodeString u = from_utf8(s);
  std::vector<std::string> out;
  each_word(u, locale, [&](int32_t begin, int32_t end) {
    out.push_back(to_utf8(icu::UnicodeString(u, begin, end - begin)));
  });
  return out;
}

std::vector<std::pair<std::size_t, std::size_t>> word_spans(std::string_view s,
                                                            const char* locale) {
  icu::UnicodeString u = from_utf8(s);
  std::vector<std::pair<std::size_t, std::size_t>> out;
  auto bytes = [&](int32_t at) { return to_utf8(icu::UnicodeString(u, 0, at)).size(); };
  each_word(u, locale,
            [&](int32_t begin, int32_t end) { out.emplace_back(bytes(begin), bytes(end)); });
  return out;
}

bool is_caseless(std::string_view s) {
  bool letters = false;
  for (std::int32_t i = 0, n = static_cast<std::int32_t>(s.size()); i < n;) {
    UChar32 c;
    U8_NEXT(s.data(), i, n, c);
    if (c < 0 || u_hasBinaryProperty(c, UCHAR_CASED)) return false;
    letters = letters || u_isalpha(c);
  }
  return letters;
}

// Optimal string alignment: insertions, deletions, substitutions and swaps of
// two neighbours (`chrat` is one edit from `chart`).
std::size_t digit_at(std::string_view s, std::size_t i, int* value) {
  if (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    if (value) *value = s[i] - '0';
    return 1;
  }
  if (i + 1 < s.size() && static_cast<unsigned char>(s[i]) == 0xD9 &&
      static_cast<unsigned char>(s[i + 1]) >= 0xA0 &&
      static_cast<unsigned char>(s[i + 1]) <= 0xA9) {
    if (value) *value = static_cast<unsigned char>(s[i + 1]) - 0xA0;
    return 2;
  }
  return 0;
}

std::vector<DigitRun> digit_runs(std::string_view s) {
  std::vector<DigitRun> out;
  for (std::size_t i = 0; i < s.size();) {
    DigitRun run{i, i, 0, false};
    int value = 0;
    for (std::size_t bytes; (bytes = digit_at(s, run.end, &value)) != 0; run.end += bytes) {
      run.value = std::min<std::uint64_t>(run.value * 10 + value, std::uint64_t(1) << 32);
      run.arabic = run.arabic || bytes == 2;
    }
    if (run.end > run.begin) {
      out.push_back(run);
      i = run.end;
    } else {
      ++i;
    }
  }
  return out;
}

std::string written_number(std::uint64_t n, bool arabic) {
  std::string out;
  for (char c : std::to_string(n))
    out += arabic ? std::string("\xD9") + static_cast<char>(0xA0 + (c - '0')) : std::string(1, c);
  return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<UChar32> x = code_points(a), y = code_points(b);
  std::size_t w = y.size() + 1;
  std::vector<std::size_t> d((x.size() + 1) * w);
  for (std::size_t i = 0; i <= x.size(); ++i)
    d[i * w] = i;
  for (std::size_t j = 0; j <= y.size(); ++j)
    d[j] = j;
  for (std::size_t i = 1; i <= x.size(); ++i)
    for (std::size_t j = 1; j <= y.size(); ++j) {
      std::size_t cost = x[i - 1] == y[j - 1] ? 0 : 1;
      std::size_t best =
          std::min({d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost});
      if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1])
        best = std::min(best, d[(i - 2) * w + j - 2] + 1);
      d[i * w + j] = best;
    }
  return d[x.size() * w + y.size()];
}

std::optional<std::string> closest(std::string_view name,
                                   const std::vector<std::string>& candidates) {
  std::string key = name_key(name);
  std::size_t limit = std::max<std::size_t>(1, (code_points(key).size() + 1) / 3);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    std::size_t d = edit_distance(key, name_key(candidate));
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

std::string control_pictures(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) {
    auto byte = static_cast<unsigned char>(ch);
    if (byte >= 0x20 && byte != 0x7F) {
      out += ch;
      continue;
    }
    unsigned picture = byte == 0x7F ? 0x2421 : 0x2400 + byte; // U+2400..U+241F, U+2421
    out += static_cast<char>(0xE0 | (picture >> 12));
    out += static_cast<char>(0x80 | ((picture >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (picture & 0x3F));
  }
  return out;
}

bool is_capitalised_words(std::string_view s, std::size_t max_words) {
  std::size_t count = 0;
  bool word_start = true;
  for (std::int32_t i = 0, n = static_cast<std::int32_t>(s.size()); i < n;) {
    UChar32 c;
    U8_NEXT(s.data(), i, n, c);
    if (c == ' ') {
      word_start = true;
      continue;
    }
    if (word_start) {
      if (c < 0 || !(u_isupper(c) || u_istitle(c)) || ++count > max_words) return false;
      word_start = false;
    }
  }
  return count > 0;
}

} // namespace talebook::text
