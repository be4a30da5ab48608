#include "compiler/translate/po.hpp"

#include <algorithm>
#include <cctype>
#include <climits>

#include <unilbrk.h>

#include "compiler/text/text.hpp"

namespace talebook {
namespace {

// The letter of a C escape gettext writes for `c` (0: none; other control
// characters are written as they are, as msgcat writes them).
char escape_letter(char c) {
  switch (c) {
  case '\a':
    return 'a';
  case '\b':
    return 'b';
  case '\f':
    return 'f';
  case '\n':
    return 'n';
  case '\r':
    return 'r';
  case '\t':
    return 't';
  case '\v':
    return 'v';
  case '\\':
    return '\\';
  case '"':
    return '"';
  default:
    return 0;
  }
}

// Parses one `"..."` literal; false on a malformed one.
// The first malformed line's error: a stable kind (TB0125's {0}), what it
// quotes, and its English words.
bool po_fail(PoError& error, const char* kind, std::string message, std::string subject = {}) {
  error.kind = kind;
  error.message = std::move(message);
  error.subject = std::move(subject);
  return false;
}

bool unquote(std::string_view s, std::string& out, PoError& error) {
  s = text::trim_view(s);
  if (s.size() < 2 || s.front() != '"' || s.back() != '"') {
    return po_fail(error, "not_quoted", "expected a quoted string");
  }
  s = s.substr(1, s.size() - 2);
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') {
      return po_fail(error, "unescaped_quote", "unescaped '\"' inside a string");
    }
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i == s.size()) {
      return po_fail(error, "trailing_backslash", "string ends in a backslash");
    }
    switch (s[i]) {
    case 'n':
      out += '\n';
      break;
    case 't':
      out += '\t';
      break;
    case 'r':
      out += '\r';
      break;
    case '\\':
      out += '\\';
      break;
    case '"':
      out += '"';
      break;
    case 'a':
      out += '\a';
      break;
    case 'b':
      out += '\b';
      break;
    case 'f':
      out += '\f';
      break;
    case 'v':
      out += '\v';
      break;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': { // up to three octal digits, as gettext reads them
      int value = 0;
      for (int n = 0; n < 3 && i < s.size() && s[i] >= '0' && s[i] <= '7'; ++n, ++i)
        value = value * 8 + (s[i] - '0');
      --i;
      out += static_cast<char>(value);
      break;
    }
    case 'x': { // hexadecimal digits, as many as there are
      int value = 0;
      std::size_t start = i + 1;
      auto hex = [](char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
      };
      while (i + 1 < s.size() && hex(s[i + 1]) >= 0)
        value = (value * 16 + hex(s[++i])) & 0xFF;
      if (i + 1 == start)
        return po_fail(error, "unknown_escape", "'\\x' without hexadecimal digits", "\\x");
      out += static_cast<char>(value);
      break;
    }
    default:
      return po_fail(error, "unknown_escape", std::string("unknown escape '\\") + s[i] + "'",
                     std::string("\\") + s[i]);
    }
  }
  return true;
}

std::vector<std::string> split_flags(std::string_view s) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos <= s.size()) {
    std::size_t comma = s.find(',', pos);
    if (comma == std::string_view::npos) comma = s.size();
    std::string_view flag = text::trim_view(s.substr(pos, comma - pos));
    if (!flag.empty()) out.emplace_back(flag);
    pos = comma + 1;
  }
  return out;
}

} // namespace

bool PoEntry::fuzzy() const {
  return std::find(flags.begin(), flags.end(), "fuzzy") != flags.end();
}

std::string PoFile::header_field(const std::string& name) const {
  for (const auto& [key, value] : header)
    if (key == name) return value;
  return {};
}

namespace {

constexpr int page_width = 79; // gettext's default (msgcat, msgmerge: --width=79)

// One keyword's string as gettext's write-po.c writes it: split after each
// "\n", escaped, and each piece broken to the page width where libunistring
// (the library gettext breaks lines with) allows a break, the column counted
// in display cells; a string that needs more than one line starts with `""`.
// `prefix` starts every line ("#| ", "#~ ").
void write_string(std::string& out, std::string_view prefix, std::string_view keyword,
                  std::string_view value, bool wrap) {
  const int after_break = static_cast<int>(prefix.size()) + 1; // the opening quote
  const int width = (wrap ? page_width : INT_MAX) - 1 - after_break;
  bool first_line = true;
  std::size_t s = 0;
  do {
    std::size_t es = value.find('\n', s);
    es = es == std::string_view::npos ? value.size() : es + 1;
    std::string portion, overrides;
    for (std::size_t i = s; i < es; ++i) {
      if (char letter = escape_letter(value[i])) {
        portion += '\\';
        portion += letter;
        overrides += static_cast<char>(UC_BREAK_UNDEFINED);
        overrides += static_cast<char>(UC_BREAK_PROHIBITED);
      } else {
        portion += value[i];
        overrides += static_cast<char>(UC_BREAK_UNDEFINED);
      }
    }
    // Never a break just before the "\n" that ends a piece.
    if (es > s && value[es - 1] == '\n') overrides[portion.size() - 2] = UC_BREAK_PROHIBITED;
    std::vector<char> breaks(portion.size());
    auto break_lines = [&] {
      int start = static_cast<int>(prefix.size()) + (first_line ? int(keyword.size()) + 1 : 0) + 1 -
                  after_break;
      if (!portion.empty())
        u8_width_linebreaks(reinterpret_cast<const uint8_t*>(portion.data()), portion.size(), width,
                            start, 0, overrides.data(), "UTF-8", breaks.data());
      return start;
    };
    int start = break_lines();
    if (first_line && !portion.empty() &&
        (es < value.size() || start > width ||
         std::find(breaks.begin(), breaks.end(), UC_BREAK_POSSIBLE) != breaks.end())) {
      out.append(prefix).append(keyword).append(" \"\"\n");
      first_line = false;
      break_lines();
    }
    out.append(prefix);
    if (first_line) out.append(keyword).append(" ");
    first_line = false;
    out += '"';
    for (std::size_t i = 0; i < portion.size(); ++i) {
      if (breaks[i] == UC_BREAK_POSSIBLE) out.append("\"\n").append(prefix).append("\"");
      out += portion[i];
    }
    out += "\"\n";
    s = es;
  } while (s < value.size());
}

bool has_flag(const PoEntry& e, std::string_view flag) {
  return std::find(e.flags.begin(), e.flags.end(), flag) != e.flags.end();
}

// A `#:` file name: gettext puts one with spaces between U+2068 and U+2069.
const std::string_view isolate_begin = "\xE2\x81\xA8", isolate_end = "\xE2\x81\xA9";

// The `#:` lines: as many references on a line as fit the page, `./` left out.
void write_references(std::string& out, const std::vector<std::string>& references) {
  if (references.empty()) return;
  out += "#:";
  std::size_t column = 2;
  for (std::string_view r : references) {
    while (r.substr(0, 2) == "./")
      r.remove_prefix(2);
    std::size_t colon = r.rfind(':');
    std::string_view file = r, line;
    if (colon != std::string_view::npos &&
        r.find_first_not_of("0123456789", colon + 1) == std::string_view::npos &&
        colon + 1 < r.size()) {
      file = r.substr(0, colon);
      line = r.substr(colon);
    }
    std::size_t width = r.size() + 1;
    if (column > 2 && column + width > page_width) {
      out += "\n#:";
      column = 2;
    }
    out += ' ';
    if (file.find(' ') != std::string_view::npos)
      out.append(isolate_begin).append(file).append(isolate_end).append(line);
    else
      out.append(r);
    column += width;
  }
  out += '\n';
}

void write_comments(std::string& out, std::string_view mark,
                    const std::vector<std::string>& lines) {
  for (const std::string& c : lines) {
    out.append(mark);
    if (!c.empty()) out.append(" ").append(c);
    out += '\n';
  }
}

// An entry as gettext writes it; an obsolete one (`#~ msgid ...`) keeps its
// translator comments and only the fuzzy and no-wrap flags (as msgcat).
void write_entry(std::string& out, const PoEntry& e, bool obsolete) {
  out += '\n';
  write_comments(out, "#", e.comments);
  write_comments(out, "#.", e.extracted);
  write_references(out, e.references);
  const bool wrap = !has_flag(e, "no-wrap");
  // fuzzy first, never on an empty msgstr; the rest as written.
  std::vector<std::string_view> flags;
  if (e.fuzzy() && !e.str.empty()) flags.push_back("fuzzy");
  for (const std::string& f : e.flags)
    if (f != "fuzzy" && (!obsolete || f == "no-wrap") &&
        std::find(flags.begin(), flags.end(), f) == flags.end())
      flags.push_back(f);
  if (!flags.empty()) {
    out += "#,";
    for (std::size_t i = 0; i < flags.size(); ++i)
      out.append(i ? ", " : " ").append(flags[i]);
    out += '\n';
  }
  const std::string_view previous = obsolete ? "#~| " : "#| ";
  if (e.has_previous_context) write_string(out, previous, "msgctxt", e.previous_context, wrap);
  if (!e.previous_id.empty()) write_string(out, previous, "msgid", e.previous_id, wrap);
  const std::string_view prefix = obsolete ? "#~ " : "";
  if (e.has_context) write_string(out, prefix, "msgctxt", e.context, wrap);
  write_string(out, prefix, "msgid", e.id, wrap);
  write_string(out, prefix, "msgstr", e.str, wrap);
}

} // namespace

std::string po_quote(std::string_view keyword, std::string_view value) {
  std::string out;
  write_string(out, "", keyword, value, true);
  return out;
}

std::string write_po(const PoFile& file) {
  std::string out;
  write_comments(out, "#", file.header_comments);
  std::string header;
  for (const auto& [key, value] : file.header)
    header += key + ": " + value + "\n";
  write_string(out, "", "msgid", "", true);
  write_string(out, "", "msgstr", header, true);
  for (const PoEntry& e : file.entries)
    write_entry(out, e, false);
  for (const PoEntry& e : file.obsolete)
    if (!e.str.empty()) write_entry(out, e, true); // msgcat drops an empty obsolete entry
  return out;
}

std::uint32_t po_string_position(std::string_view text, std::uint32_t keyword, std::size_t index) {
  std::size_t pos = keyword, produced = 0;
  bool first_line = true;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::size_t open = text.find('"', pos);
    if (open == std::string_view::npos || open >= end) break;
    if (!first_line && text.find_first_not_of(" \t", pos) != open) break;
    for (std::size_t i = open + 1; i < end && text[i] != '"'; ++i) {
      if (produced == index) return static_cast<std::uint32_t>(i);
      if (text[i] == '\\' && i + 1 < end) { // one escape, however many digits it has
        ++i;
        if (text[i] >= '0' && text[i] <= '7')
          for (int n = 1; n < 3 && i + 1 < end && text[i + 1] >= '0' && text[i + 1] <= '7'; ++n)
            ++i;
        else if (text[i] == 'x')
          while (i + 1 < end && std::isxdigit(static_cast<unsigned char>(text[i + 1])))
            ++i;
      }
      ++produced;
    }
    first_line = false;
    pos = end + 1;
  }
  return keyword;
}

bool read_po(std::string_view text, PoFile& out, PoError& error) {
  out = {};
  // A byte order mark is skipped, not cut: offsets stay the file's own.
  const bool bom = text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF";
  enum class Field { None, Context, Id, Str };
  PoEntry current;
  bool started = false; // current has a keyword
  bool header_seen = false;
  Field field = Field::None;
  std::string* previous_open = nullptr; // `#| "..."` lines continue a `#| msgctxt` or `#| msgid`
  std::uint32_t line_number = 0;

  auto finish = [&]() -> bool {
    if (!started) return true;
    if (field == Field::Context || field == Field::Id) {
      return po_fail(error, "no_msgstr", "entry without msgstr");
    }
    if (current.obsolete) {
      out.obsolete.push_back(std::move(current));
    } else if (!current.has_context && current.id.empty() && !header_seen) {
      header_seen = true;
      out.header_comments = current.comments;
      std::size_t pos = 0;
      while (pos < current.str.size()) {
        std::size_t end = current.str.find('\n', pos);
        if (end == std::string::npos) end = current.str.size();
        std::string_view line(current.str.data() + pos, end - pos);
        std::size_t colon = line.find(':');
        if (colon != std::string_view::npos)
          out.header.emplace_back(std::string(text::trim_view(line.substr(0, colon))),
                                  std::string(text::trim_view(line.substr(colon + 1))));
        pos = end + 1;
      }
    } else {
      out.entries.push_back(std::move(current));
    }
    current = {};
    started = false;
    field = Field::None;
    return true;
  };

  std::size_t pos = bom ? 3 : 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text::trim_view(text.substr(pos, end - pos));
    // An obsolete entry's lines (`#~ msgid "..."`, `#~| msgid "..."`) read as
    // the lines after the mark, into an entry marked obsolete.
    std::string unmarked;
    const bool obsolete_line = line.substr(0, 2) == "#~";
    if (obsolete_line) {
      std::string_view rest = line.substr(2);
      unmarked =
          rest.substr(0, 1) == "|" ? "#" + std::string(rest) : std::string(text::trim_view(rest));
      line = unmarked;
    }
    ++line_number;
    auto line_offset = static_cast<std::uint32_t>(pos);
    pos = end + 1;
    error.line = line_number;
    error.offset = line_offset;
    if (line.empty()) continue;
    if (obsolete_line) {
      if (started && field == Field::Str && !current.obsolete && !finish()) return false;
      current.obsolete = true;
    }
    auto begin_keyword = [&]() -> bool {
      if (started && field == Field::Str) {
        if (!finish()) return false;
        current.obsolete = obsolete_line;
      }
      if (!started) {
        current.line = current.line ? current.line : line_number;
        current.offset = current.offset ? current.offset : line_offset;
      }
      started = true;
      return true;
    };
    if (line[0] != '#') previous_open = nullptr;
    if (line[0] == '#') {
      if (started && field == Field::Str) {
        if (!finish()) return false;
        current.obsolete = obsolete_line;
      }
      if (!current.line) {
        current.line = line_number;
        current.offset = line_offset;
      }
      std::string_view rest = line.size() >= 2 ? line.substr(2) : std::string_view();
      char kind = line.size() >= 2 ? line[1] : ' ';
      if (kind == ':') {
        // File names with spaces stand between U+2068 and U+2069 (gettext).
        std::size_t p = 0;
        rest = text::trim_view(rest);
        while (p < rest.size()) {
          if (rest[p] == ' ') {
            ++p;
            continue;
          }
          std::size_t end = rest.find(' ', p);
          if (rest.substr(p, 3) == "\xE2\x81\xA8") {
            std::size_t close = rest.find("\xE2\x81\xA9", p + 3);
            if (close != std::string_view::npos) {
              end = rest.find(' ', close);
              std::string name(rest.substr(p + 3, close - p - 3));
              current.references.push_back(
                  name + std::string(rest.substr(close + 3, end == std::string_view::npos
                                                                ? std::string_view::npos
                                                                : end - close - 3)));
              p = end == std::string_view::npos ? rest.size() : end;
              continue;
            }
          }
          if (end == std::string_view::npos) end = rest.size();
          current.references.emplace_back(rest.substr(p, end - p));
          p = end;
        }
      } else if (kind == ',') {
        for (auto& f : split_flags(rest))
          current.flags.push_back(std::move(f));
      } else if (kind == '.') {
        current.extracted.emplace_back(text::trim_view(rest));
      } else if (kind == '|') {
        // `#| msgctxt "..."`, `#| msgid "..."` and their `#| "..."` lines.
        std::string_view previous = text::trim_view(rest);
        if (previous.substr(0, 8) == "msgctxt ") {
          current.has_previous_context = true;
          current.previous_context.clear();
          previous_open = &current.previous_context;
          if (!unquote(previous.substr(8), *previous_open, error)) return false;
        } else if (previous.substr(0, 6) == "msgid ") {
          current.previous_id.clear();
          previous_open = &current.previous_id;
          if (!unquote(previous.substr(6), *previous_open, error)) return false;
        } else if (!previous.empty() && previous[0] == '"') {
          if (previous_open && !unquote(previous, *previous_open, error)) return false;
        } else {
          previous_open = nullptr;
        }
      } else {
        current.comments.emplace_back(text::trim_view(line.substr(1)));
      }
      continue;
    }
    std::string value;
    auto keyword = [&](std::string_view word) {
      return line.size() > word.size() && line.substr(0, word.size()) == word &&
             (line[word.size()] == ' ' || line[word.size()] == '\t' || line[word.size()] == '"');
    };
    if (keyword("msgctxt")) {
      if (!begin_keyword()) return false;
      if (field != Field::None) {
        return po_fail(error, "msgctxt_not_first", "msgctxt must come first in an entry");
      }
      field = Field::Context;
      current.has_context = true;
      if (!unquote(line.substr(7), current.context, error)) return false;
    } else if (keyword("msgid_plural")) {
      return po_fail(error, "plural_forms", "plural forms are not used by talebook");
    } else if (keyword("msgid")) {
      if (!begin_keyword()) return false;
      if (field == Field::Id || field == Field::Str) {
        return po_fail(error, "second_msgid", "second msgid in one entry");
      }
      field = Field::Id;
      if (!unquote(line.substr(5), current.id, error)) return false;
    } else if (keyword("msgstr")) {
      if (field != Field::Id) {
        return po_fail(error, "msgstr_without_msgid", "msgstr without msgid");
      }
      field = Field::Str;
      current.str_offset = line_offset;
      if (!unquote(line.substr(6), current.str, error)) return false;
    } else if (line[0] == '"') {
      std::string* target = field == Field::Context ? &current.context
                            : field == Field::Id    ? &current.id
                            : field == Field::Str   ? &current.str
                                                    : nullptr;
      if (!target) {
        return po_fail(error, "string_outside_entry", "string outside an entry");
      }
      if (!unquote(line, *target, error)) return false;
    } else {
      const std::string start(line.substr(0, std::min<std::size_t>(line.size(), 20)));
      return po_fail(error, "unexpected", "unexpected '" + start + "'", start);
    }
  }
  if (!finish()) return false;
  error = {};
  return true;
}

} // namespace talebook
