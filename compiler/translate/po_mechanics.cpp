#include "compiler/translate/po_mechanics.hpp"

#include <algorithm>
#include <cstdint>
#include <set>

#include <unicode/utf8.h>

#include "compiler/text/text.hpp"

namespace talebook {
namespace {

bool digit(char c) {
  return c >= '0' && c <= '9';
}

bool ascii_letter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// The award codes and numbers of an award group's inside: "S1", "W+1", "522".
using Found = std::vector<std::pair<std::string, std::size_t>>; // token, where it starts

void group_tokens(std::string_view inside, std::size_t base, Found& out) {
  for (std::size_t i = 0; i < inside.size();) {
    if (!digit(inside[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < inside.size() && digit(inside[end]))
      ++end;
    std::string token(inside.substr(i, end - i));
    // A sign and a letter before the number, spaces allowed: `W + 1`, `D-1`.
    std::size_t j = i;
    while (j > 0 && inside[j - 1] == ' ')
      --j;
    std::string sign;
    if (j > 0 && (inside[j - 1] == '+' || inside[j - 1] == '-')) {
      sign = inside[j - 1];
      --j;
      while (j > 0 && inside[j - 1] == ' ')
        --j;
    }
    char letter = j > 0 ? inside[j - 1] : '\0';
    bool code = (letter == 'D' || letter == 'S' || letter == 'W') &&
                (j < 2 || !ascii_letter(inside[j - 2]));
    if (code)
      out.emplace_back(letter + sign + token, base + j - 1);
    else
      out.emplace_back(token, base + i);
    i = end;
  }
}

// The tokens of a width-folded text, with where each starts.
Found scan(const std::string& text) {
  Found out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '@') {
      out.emplace_back("@", i);
    } else if (c == '[') {
      std::size_t close = text.find(']', i);
      if (close == std::string::npos) close = text.size();
      out.emplace_back("[]", i);
      group_tokens(std::string_view(text).substr(i + 1, close - i - 1), i + 1, out);
      i = close;
    } else if (c == '(') {
      std::size_t close = text.find(')', i);
      if (close == std::string::npos) continue;
      std::string inside = text::collapse_space(text.substr(i + 1, close - i - 1));
      bool number = !inside.empty() && std::all_of(inside.begin(), inside.end(), digit);
      bool letter = inside.size() == 1 && inside[0] >= 'A' && inside[0] <= 'Z';
      if (number || letter) out.emplace_back("(" + inside + ")", i);
    } else if ((c == 'D' || c == 'S' || c == 'W') && (i == 0 || !ascii_letter(text[i - 1]))) {
      // A bare award code (the 1985 form at the end of a line): `D2/S1`.
      std::size_t j = i + 1;
      if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
      std::size_t end = j;
      while (end < text.size() && digit(text[end]))
        ++end;
      if (end > j && (end == text.size() || !ascii_letter(text[end]))) {
        out.emplace_back(text.substr(i, end - i), i);
        i = end - 1;
      }
    }
  }
  return out;
}

} // namespace

std::vector<std::string> text_mechanics(std::string_view raw) {
  std::vector<std::string> out;
  for (auto& found : scan(text::fold_width(raw)))
    out.push_back(std::move(found.first));
  std::sort(out.begin(), out.end());
  return out;
}

std::size_t first_extra_mechanic(std::string_view raw, const std::vector<std::string>& want) {
  // Fold one character at a time, keeping where each folded byte comes from.
  std::string text;
  std::vector<std::size_t> from;
  const auto size = static_cast<std::int32_t>(raw.size());
  for (std::int32_t i = 0, next = 0; i < size; i = next) {
    U8_FWD_1(raw.data(), next, size);
    std::string folded = text::fold_width(raw.substr(std::size_t(i), std::size_t(next - i)));
    text += folded;
    from.insert(from.end(), folded.size(), std::size_t(i));
  }
  Found found = scan(text);
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
  std::multiset<std::string> left(want.begin(), want.end());
  for (const auto& [token, at] : found) {
    auto it = left.find(token);
    if (it == left.end()) return at < from.size() ? from[at] : raw.size();
    left.erase(it);
  }
  return std::string_view::npos;
}

std::string mechanics_summary(const std::vector<std::string>& tokens) {
  std::string out;
  for (const std::string& t : tokens)
    out += (out.empty() ? "" : " ") + t;
  return out.empty() ? "none" : out;
}

} // namespace talebook
