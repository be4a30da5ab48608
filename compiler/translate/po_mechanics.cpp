#include "compiler/translate/po_mechanics.hpp"

#include <algorithm>

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
void group_tokens(std::string_view inside, std::vector<std::string>& out) {
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
    out.push_back(code ? letter + sign + token : token);
    i = end;
  }
}

} // namespace

std::vector<std::string> text_mechanics(std::string_view raw) {
  std::string text = text::fold_width(raw);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '@') {
      out.emplace_back("@");
    } else if (c == '[') {
      std::size_t close = text.find(']', i);
      if (close == std::string::npos) close = text.size();
      out.emplace_back("[]");
      group_tokens(std::string_view(text).substr(i + 1, close - i - 1), out);
      i = close;
    } else if (c == '(') {
      std::size_t close = text.find(')', i);
      if (close == std::string::npos) continue;
      std::string inside = text::collapse_space(text.substr(i + 1, close - i - 1));
      bool number = !inside.empty() && std::all_of(inside.begin(), inside.end(), digit);
      bool letter = inside.size() == 1 && inside[0] >= 'A' && inside[0] <= 'Z';
      if (number || letter) out.push_back("(" + inside + ")");
    } else if ((c == 'D' || c == 'S' || c == 'W') && (i == 0 || !ascii_letter(text[i - 1]))) {
      // A bare award code (the 1985 form at the end of a line): `D2/S1`.
      std::size_t j = i + 1;
      if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
      std::size_t end = j;
      while (end < text.size() && digit(text[end]))
        ++end;
      if (end > j && (end == text.size() || !ascii_letter(text[end]))) {
        out.push_back(text.substr(i, end - i));
        i = end - 1;
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string mechanics_summary(const std::vector<std::string>& tokens) {
  std::string out;
  for (const std::string& t : tokens)
    out += (out.empty() ? "" : " ") + t;
  return out.empty() ? "none" : out;
}

} // namespace talebook
