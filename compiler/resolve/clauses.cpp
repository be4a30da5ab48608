#include "compiler/resolve/clauses.hpp"

#include <algorithm>

#include "compiler/text/text.hpp"

namespace talebook::resolve {

bool has_condition(const Section& s, ConditionKind kind) {
  return std::any_of(s.conditions.begin(), s.conditions.end(),
                     [&](const Condition& c) { return c.kind == kind; });
}

std::vector<std::string> list_separators(const Vocabulary& v) {
  std::vector<std::string> out = {",", "\xEF\xBC\x8C", "\xE3\x80\x81"};
  for (const std::string& sep : v.punctuation("list"))
    if (std::find(out.begin(), out.end(), sep) == out.end()) out.push_back(sep);
  return out;
}

const std::vector<std::string> clause_separators = {";", "\xEF\xBC\x9B", "\xD8\x9B"};

std::vector<std::string> split(std::string_view text, const std::vector<std::string>& seps) {
  std::vector<std::string> out;
  std::size_t from = 0, i = 0;
  auto cut = [&](std::size_t at, std::size_t skip) {
    std::string piece = text::trim(text.substr(from, at - from));
    if (!piece.empty()) out.push_back(piece);
    from = at + skip;
    i = from;
  };
  while (i < text.size()) {
    bool done = false;
    if (text[i] == '\n') {
      cut(i, 1);
      continue;
    }
    for (const std::string& s : seps) {
      if (!s.empty() && text.substr(i, s.size()) == s) {
        cut(i, s.size());
        done = true;
        break;
      }
    }
    if (!done) ++i;
  }
  cut(text.size(), 0);
  return out;
}

std::optional<int> amount_of(std::string_view words) {
  std::string folded = text::fold_width(words);
  for (std::size_t i = 0; i < folded.size(); ++i) {
    int sign = 0;
    std::size_t digits = i;
    if (folded[i] == '+') sign = 1, digits = i + 1;
    if (folded[i] == '-') sign = -1, digits = i + 1;
    if (folded.compare(i, 3, "\xE2\x88\x92") == 0) sign = -1, digits = i + 3;
    while (sign && digits < folded.size() && (folded[digits] == ' ' || folded[digits] == '\t'))
      ++digits;
    if (!sign || digits >= folded.size() || folded[digits] < '0' || folded[digits] > '9') continue;
    int n = 0;
    while (digits < folded.size() && folded[digits] >= '0' && folded[digits] <= '9' && n < 100)
      n = n * 10 + (folded[digits++] - '0');
    return sign * n;
  }
  return std::nullopt;
}

} // namespace talebook::resolve
