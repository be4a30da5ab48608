#include "compiler/translate/po.hpp"

#include <algorithm>

namespace talebook {
namespace {

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '\\':
      out += "\\\\";
      break;
    case '"':
      out += "\\\"";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
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
  s = trim(s);
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
    std::string_view flag = trim(s.substr(pos, comma - pos));
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

std::string po_quote(std::string_view keyword, std::string_view value) {
  std::string out(keyword);
  std::size_t newline = value.find('\n');
  if (newline == std::string_view::npos || newline + 1 == value.size()) {
    out += " \"" + escape(value) + "\"\n";
    return out;
  }
  out += " \"\"\n";
  std::size_t pos = 0;
  while (pos < value.size()) {
    std::size_t end = value.find('\n', pos);
    end = end == std::string_view::npos ? value.size() : end + 1;
    out += "\"" + escape(value.substr(pos, end - pos)) + "\"\n";
    pos = end;
  }
  return out;
}

namespace {

// Each line of `lines` (\n-ended) after `prefix`.
std::string prefixed(std::string_view prefix, const std::string& lines) {
  std::string out;
  for (std::size_t pos = 0; pos < lines.size();) {
    std::size_t end = lines.find('\n', pos) + 1;
    out += std::string(prefix) + lines.substr(pos, end - pos);
    pos = end;
  }
  return out;
}

// An entry as gettext writes it; an obsolete one as `#~ msgid ...`, with its
// translator comments and flags, without notes or references.
std::string write_entry(const PoEntry& e, bool obsolete) {
  std::string out = "\n";
  for (const auto& c : e.comments)
    out += c.empty() ? "#\n" : "# " + c + "\n";
  if (!obsolete) {
    for (const auto& c : e.extracted)
      out += "#. " + c + "\n";
    if (!e.references.empty()) {
      out += "#:";
      for (const auto& r : e.references)
        out += " " + r;
      out += '\n';
    }
  }
  if (!e.flags.empty()) {
    out += "#,";
    for (std::size_t i = 0; i < e.flags.size(); ++i)
      out += (i ? ", " : " ") + e.flags[i];
    out += '\n';
  }
  if (!e.previous_id.empty())
    out += prefixed(obsolete ? "#~| " : "#| ", po_quote("msgid", e.previous_id));
  std::string body;
  if (e.has_context) body += po_quote("msgctxt", e.context);
  body += po_quote("msgid", e.id);
  body += po_quote("msgstr", e.str);
  out += obsolete ? prefixed("#~ ", body) : body;
  return out;
}

} // namespace

std::string write_po(const PoFile& file) {
  std::string out;
  for (const auto& c : file.header_comments)
    out += c.empty() ? "#\n" : "# " + c + "\n";
  out += "msgid \"\"\n";
  out += "msgstr \"\"\n";
  for (const auto& [key, value] : file.header)
    out += "\"" + escape(key + ": " + value) + "\\n\"\n";
  for (const PoEntry& e : file.entries)
    out += write_entry(e, false);
  for (const PoEntry& e : file.obsolete)
    out += write_entry(e, true);
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
      if (text[i] == '\\' && i + 1 < end) ++i;
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
  bool previous_open = false; // `#| "..."` lines continue a `#| msgid`
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
          out.header.emplace_back(std::string(trim(line.substr(0, colon))),
                                  std::string(trim(line.substr(colon + 1))));
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
    std::string_view line = trim(text.substr(pos, end - pos));
    // An obsolete entry's lines (`#~ msgid "..."`, `#~| msgid "..."`) read as
    // the lines after the mark, into an entry marked obsolete.
    std::string unmarked;
    const bool obsolete_line = line.substr(0, 2) == "#~";
    if (obsolete_line) {
      std::string_view rest = line.substr(2);
      unmarked = rest.substr(0, 1) == "|" ? "#" + std::string(rest) : std::string(trim(rest));
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
    if (line[0] != '#') previous_open = false;
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
        std::size_t p = 0;
        rest = trim(rest);
        while (p < rest.size()) {
          std::size_t space = rest.find(' ', p);
          if (space == std::string_view::npos) space = rest.size();
          if (space > p) current.references.emplace_back(rest.substr(p, space - p));
          p = space + 1;
        }
      } else if (kind == ',') {
        for (auto& f : split_flags(rest))
          current.flags.push_back(std::move(f));
      } else if (kind == '.') {
        current.extracted.emplace_back(trim(rest));
      } else if (kind == '|') {
        // `#| msgid "..."` and its `#| "..."` lines; `#| msgctxt` is not kept.
        std::string_view previous = trim(rest);
        if (previous.substr(0, 6) == "msgid ") {
          previous_open = true;
          current.previous_id.clear();
          if (!unquote(previous.substr(6), current.previous_id, error)) return false;
        } else if (!previous.empty() && previous[0] == '"') {
          if (previous_open && !unquote(previous, current.previous_id, error)) return false;
        } else {
          previous_open = false;
        }
      } else {
        current.comments.emplace_back(trim(line.substr(1)));
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
