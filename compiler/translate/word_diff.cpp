#include "compiler/translate/word_diff.hpp"

#include <memory>

#include <unicode/brkiter.h>
#include <unicode/unistr.h>

namespace talebook {

std::vector<std::string> word_pieces(std::string_view text, const char* locale) {
  std::vector<std::string> out;
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> it(
      icu::BreakIterator::createWordInstance(icu::Locale(locale ? locale : ""), status));
  if (U_FAILURE(status)) {
    out.emplace_back(text);
    return out;
  }
  it->setText(u);
  for (int32_t begin = it->first(), end = it->next(); end != icu::BreakIterator::DONE;
       begin = end, end = it->next()) {
    std::string piece;
    icu::UnicodeString(u, begin, end - begin).toUTF8String(piece);
    out.push_back(std::move(piece));
  }
  return out;
}

std::string word_diff(std::string_view before, std::string_view after, const char* locale) {
  std::vector<std::string> a = word_pieces(before, locale), b = word_pieces(after, locale);
  // Longest common subsequence of the pieces (texts of a section: a few hundred pieces).
  std::size_t n = a.size(), m = b.size(), w = m + 1;
  std::vector<std::uint32_t> lcs((n + 1) * w, 0);
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i * w + j] = a[i] == b[j] ? lcs[(i + 1) * w + j + 1] + 1
                                    : std::max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
  std::string out, removed, added;
  auto flush = [&] {
    if (!removed.empty()) out += "[-" + removed + "-]";
    if (!added.empty()) out += "{+" + added + "+}";
    removed.clear();
    added.clear();
  };
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      flush();
      out += a[i];
      ++i, ++j;
    } else if (j < m && (i == n || lcs[i * w + j + 1] >= lcs[(i + 1) * w + j])) {
      added += b[j++];
    } else {
      removed += a[i++];
    }
  }
  flush();
  return out;
}

} // namespace talebook
