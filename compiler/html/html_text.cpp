#include "compiler/html/html_text.hpp"

#include <algorithm>

#include "compiler/text/text.hpp"

namespace talebook::html {

bool right_to_left(std::string_view language) {
  const std::string_view primary = language.substr(0, language.find_first_of("-_"));
  for (std::string_view rtl :
       {"ar", "arc", "ckb", "dv", "fa", "he", "ku", "ps", "sd", "ug", "ur", "yi"})
    if (primary == rtl) return true;
  return false;
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  return out;
}

namespace {

// [from, to) of `text` escaped, its comment lines left out.
void plain(std::string& out, std::string_view text, std::size_t from, std::size_t to) {
  while (from < to) {
    std::size_t line_end = text.find('\n', from);
    if (line_end == std::string_view::npos || line_end > to) line_end = to;
    bool line_start = from == 0 || text[from - 1] == '\n';
    std::string_view line = text.substr(from, line_end - from);
    if (!(line_start && text::is_comment_line(line))) {
      out += escape(line);
      if (line_end < to) out += '\n';
    }
    from = line_end < to ? line_end + 1 : to;
  }
}

} // namespace

std::string marked_html(std::string_view file_text, std::uint32_t begin, std::uint32_t end,
                        std::vector<Mark> marks) {
  end = static_cast<std::uint32_t>(std::min<std::size_t>(end, file_text.size()));
  while (end > begin && (file_text[end - 1] == '\n' || file_text[end - 1] == ' ' ||
                         file_text[end - 1] == '\r' || file_text[end - 1] == '\t'))
    --end;
  std::stable_sort(marks.begin(), marks.end(),
                   [](const Mark& a, const Mark& b) { return a.begin < b.begin; });
  std::string out;
  std::uint32_t at = begin;
  for (const Mark& m : marks) {
    if (m.begin < at || m.end > end || m.end < m.begin) continue;
    plain(out, file_text, at, m.begin);
    out += m.open;
    if (!m.replace) {
      plain(out, file_text, m.begin, m.end);
      out += m.close;
    }
    at = m.end;
  }
  plain(out, file_text, at, end);
  // Leading blank lines (after a header) are none of the text.
  std::size_t first = out.find_first_not_of("\n ");
  return first == std::string::npos ? std::string() : out.substr(first);
}

} // namespace talebook::html
