// GitHub workflow commands and the SARIF helpers of ci_output.hpp.
#include "compiler/diagnostics/ci_output.hpp"
#include "compiler/diagnostics/messages.hpp"

#include <algorithm>
#include <cstdint>
#include <ostream>

namespace talebook {
namespace {

void property(std::ostream& out, bool& first, const char* name, const std::string& value) {
  out << (first ? " " : ",") << name << '=' << github_escape_property(value);
  first = false;
}

std::string where(const SourceSet& sources, SourceRange range) {
  if (!range.valid()) return {};
  const SourceFile& file = sources.file(range.file);
  LineColumn lc = file.position(range.begin);
  return file.path() + ":" + std::to_string(lc.line) + ":" + std::to_string(lc.column);
}

} // namespace

const char* github_level(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Note:
    return "notice";
  default:
    return "warning";
  }
}

std::string github_escape_data(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '%')
      out += "%25";
    else if (ch == '\r')
      out += "%0D";
    else if (ch == '\n')
      out += "%0A";
    else
      out += ch;
  }
  return out;
}

std::string github_escape_property(std::string_view text) {
  std::string out;
  for (char ch : github_escape_data(text)) {
    if (ch == ':')
      out += "%3A";
    else if (ch == ',')
      out += "%2C";
    else
      out += ch;
  }
  return out;
}

void render_github(std::ostream& out, const SourceSet& sources, const std::vector<Diagnostic>& list,
                   const std::string& language) {
  for (const Diagnostic& d : list) {
    // GitHub's three annotation levels; a note (SARIF's "note") is a notice.
    out << "::" << github_level(d.severity);
    bool first = true;
    if (d.range.valid()) {
      const SourceFile& file = sources.file(d.range.file);
      LineColumn b = file.position(d.range.begin);
      LineColumn e = file.position(std::max(d.range.end, d.range.begin));
      property(out, first, "file", file.path());
      property(out, first, "line", std::to_string(b.line));
      property(out, first, "col", std::to_string(b.column));
      property(out, first, "endLine", std::to_string(e.line));
      property(out, first, "endColumn", std::to_string(e.column));
    }
    property(out, first, "title", info(d.code).code);
    std::string message = full_message_in(d, language);
    for (const Note& n : d.notes) {
      std::string at = where(sources, n.range);
      message += "\nnote: " + message_in(n, language) + (at.empty() ? "" : " (" + at + ")");
    }
    out << "::" << github_escape_data(message) << '\n';
  }
}

std::string percent_encode_path(std::string_view path) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : path) {
    auto c = static_cast<unsigned char>(ch);
    bool keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                ch == '-' || ch == '.' || ch == '_' || ch == '~' || ch == '/';
    if (keep) {
      out += ch;
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string line_fingerprint(std::string_view code, std::string_view file, std::string_view line) {
  // FNV-1a, 64 bits, over code, file and the line without surrounding blanks
  // (re-indenting or moving the line keeps the fingerprint).
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
    line.remove_prefix(1);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.remove_suffix(1);
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::string_view part : {code, file, line}) {
    for (char ch : part) {
      h ^= static_cast<unsigned char>(ch);
      h *= 0x100000001b3ULL;
    }
    h ^= 0xFF; // separator: ("ab", "c") and ("a", "bc") differ
    h *= 0x100000001b3ULL;
  }
  static const char hex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4)
    out[static_cast<std::size_t>(i)] = hex[h & 15];
  return out;
}

} // namespace talebook
