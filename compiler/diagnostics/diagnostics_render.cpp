// Diagnostics as text (file:line:col, the line, a caret), JSON and SARIF.
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <unicode/unistr.h>

#include "compiler/diagnostics/ci_output.hpp"
#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/diagnostics/messages.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace {

struct Colours {
  const char *bold = "", *error = "", *warning = "", *note = "", *caret = "", *reset = "";
};

Colours colours(bool on) {
  if (!on) return {};
  return {"\033[1m", "\033[1;31m", "\033[1;35m", "\033[1;36m", "\033[1;32m", "\033[0m"};
}

std::string full_message(const Diagnostic& d) {
  return full_message_in(d, "en");
}

// A quoted line longer than this (bytes) is cut to the code points around the
// span: so many before it, at most so many of it, so many after it.
constexpr std::size_t quoted_line_most = 480;
constexpr int quoted_before = 60, quoted_span = 80, quoted_after = 60;

void snippet(std::ostream& out, const SourceSet& sources, SourceRange range, const Colours& c) {
  if (!range.valid()) return;
  const SourceFile& file = sources.file(range.file);
  std::string_view line = file.line_text(range.begin);
  std::uint32_t line_start =
      file.line_start(std::min<std::uint32_t>(range.begin, file.text().size()));
  std::uint32_t begin = std::min<std::uint32_t>(range.begin - line_start, line.size());
  std::uint32_t end =
      std::min<std::uint32_t>(std::max(range.end, range.begin) - line_start, line.size());
  // Never cut a character: widen the span to whole UTF-8 sequences.
  auto continuation = [&](std::uint32_t i) {
    return i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80;
  };
  while (begin > 0 && continuation(begin))
    --begin;
  while (continuation(end))
    ++end;
  // Tabs as one space so the caret lines up; invalid UTF-8 as U+FFFD and other
  // control characters as their pictures (ESC as U+241B), never raw bytes that
  // a terminal would obey.
  auto clean = [](std::string_view part) {
    std::string utf8;
    icu::UnicodeString::fromUTF8(icu::StringPiece(part.data(), static_cast<int32_t>(part.size())))
        .toUTF8String(utf8);
    std::replace(utf8.begin(), utf8.end(), '\t', ' ');
    return text::control_pictures(utf8);
  };
  // A long line is quoted as a window around the span ("..." where it is cut),
  // so that what is printed per diagnostic is bounded, whatever the line.
  std::uint32_t from = 0, to = static_cast<std::uint32_t>(line.size()), shown_end = end;
  if (line.size() > quoted_line_most) {
    auto back = [&](std::uint32_t i, int n) {
      for (; i > 0 && n > 0; --n)
        while (--i > 0 && continuation(i)) {
        }
      return i;
    };
    auto forward = [&](std::uint32_t i, int n) {
      for (; i < line.size() && n > 0; --n)
        while (continuation(++i)) {
        }
      return i;
    };
    from = back(begin, quoted_before);
    shown_end = std::min(end, forward(begin, quoted_span));
    to = shown_end < end ? shown_end : forward(end, quoted_after);
  }
  const char* cut = "...";
  std::string before = clean(line.substr(from, begin - from));
  std::string span = clean(line.substr(begin, shown_end - begin));
  std::string expanded = (from > 0 ? cut : "") + before + span +
                         clean(line.substr(shown_end, to - shown_end)) +
                         (to < line.size() ? cut : "");
  std::size_t lead = (from > 0 ? std::strlen(cut) : 0) + text::display_width(before);
  std::size_t width = text::display_width(span);
  std::string number = std::to_string(file.position(range.begin).line);
  out << ' ' << number << " | " << expanded << '\n';
  out << ' ' << std::string(number.size(), ' ') << " | " << std::string(lead, ' ') << c.caret
      << '^';
  if (width > 1) out << std::string(width - 1, '~');
  out << c.reset << '\n';
}

void location(std::ostream& out, const SourceSet& sources, SourceRange range) {
  if (!range.valid()) {
    out << "talec: ";
    return;
  }
  const SourceFile& file = sources.file(range.file);
  LineColumn lc = file.position(range.begin);
  // A file name's control characters as pictures: a newline in it cannot
  // forge a diagnostic line, nor an ESC reach the terminal.
  out << text::control_pictures(file.path()) << ':' << lc.line << ':' << lc.column << ": ";
}

nlohmann::json place(const SourceSet& sources, SourceRange range) {
  nlohmann::json j = nlohmann::json::object();
  if (!range.valid()) return j;
  const SourceFile& file = sources.file(range.file);
  LineColumn b = file.position(range.begin), e = file.position(std::max(range.end, range.begin));
  j["file"] = file.path();
  j["line"] = b.line;
  j["column"] = b.column;
  j["end_line"] = e.line;
  j["end_column"] = e.column;
  return j;
}

nlohmann::json arguments(const std::vector<Arg>& args) {
  nlohmann::json all = nlohmann::json::array();
  for (const Arg& a : args) {
    nlohmann::json value;
    if (a.kind == Arg::Kind::Number)
      value = a.number;
    else
      value = a.value;
    all.push_back({{"type", to_string(a.kind)}, {"value", value}});
  }
  return all;
}

// SARIF's message.arguments are strings.
nlohmann::json argument_strings(const std::vector<Arg>& args) {
  nlohmann::json all = nlohmann::json::array();
  for (const Arg& a : args)
    all.push_back(a.to_string());
  return all;
}

// A message pattern as plain text: each argument as "…", '' as '.
std::string plain_pattern(std::string_view pattern) {
  std::string out;
  int depth = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    char ch = pattern[i];
    if (ch == '{' && depth++ == 0) out += "\u2026";
    if (ch == '}') --depth;
    if (depth > 0 || ch == '}') continue;
    if (ch == '\'' && i + 1 < pattern.size() && pattern[i + 1] == '\'') ++i;
    out += ch;
  }
  return out;
}

// Diagnostics hold what the user wrote, which may be invalid UTF-8 (a name,
// a file name): JSON gets U+FFFD for it instead of an exception.
std::string dump(const nlohmann::json& doc) {
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace

void render_text(std::ostream& out, const SourceSet& sources, const std::vector<Diagnostic>& list,
                 const RenderOptions& options) {
  Colours c = colours(options.colour);
  // Each diagnostic (with its notes) is put together first and written to
  // `out` at once: one write per diagnostic on an unbuffered std::cerr.
  std::ostringstream one;
  for (const Diagnostic& d : list) {
    one.str({});
    one << c.bold;
    location(one, sources, d.range);
    const char* colour = d.severity == Severity::Error ? c.error : c.warning;
    one << colour << to_string(d.severity) << '[' << info(d.code).code << "]" << c.reset << c.bold
        << ": " << text::control_pictures(full_message_in(d, options.language)) << c.reset << '\n';
    snippet(one, sources, d.range, c);
    for (const Note& n : d.notes) {
      one << c.bold;
      location(one, sources, n.range);
      one << c.note << "note" << c.reset << ": "
          << text::control_pictures(message_in(n, options.language)) << '\n';
      snippet(one, sources, n.range, c);
    }
    const std::string text = one.str();
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
  }
}

std::string render_json(const SourceSet& sources, const std::vector<Diagnostic>& list,
                        const std::string& language) {
  nlohmann::json all = nlohmann::json::array();
  std::size_t errors = 0, warnings = 0;
  for (const Diagnostic& d : list) {
    nlohmann::json j = place(sources, d.range);
    j["code"] = info(d.code).code;
    j["severity"] = to_string(d.severity);
    j["message"] = message_in(d, language);
    j["arguments"] = arguments(d.args);
    if (!d.suggestion.empty()) j["suggestion"] = d.suggestion;
    j["notes"] = nlohmann::json::array();
    for (const Note& n : d.notes) {
      nlohmann::json note = place(sources, n.range);
      note["code"] = info(n.code).code;
      note["message"] = message_in(n, language);
      note["arguments"] = arguments(n.args);
      j["notes"].push_back(note);
    }
    errors += d.severity == Severity::Error;
    warnings += d.severity == Severity::Warning;
    all.push_back(j);
  }
  nlohmann::json doc = {{"diagnostics", all}, {"errors", errors}, {"warnings", warnings}};
  return dump(doc);
}

std::string render_sarif(const SourceSet& sources, const std::vector<Diagnostic>& list,
                         const std::string& root) {
  // Relative paths are relative to SRCROOT (the folder talec ran in); absolute
  // ones are file: URIs. Both are percent-encoded.
  std::string base = root.empty() ? std::filesystem::current_path().generic_string() : root;
  if (base.empty() || base.back() != '/') base += '/';
  auto artifact = [](const std::string& path) {
    std::string p = std::filesystem::path(path).lexically_normal().generic_string();
    if (!p.empty() && p[0] == '/')
      return nlohmann::json{{"uri", "file://" + percent_encode_path(p)}};
    return nlohmann::json{{"uri", percent_encode_path(p)}, {"uriBaseId", "SRCROOT"}};
  };
  auto sarif_location = [&](SourceRange range) {
    nlohmann::json p = place(sources, range);
    if (p.empty()) return nlohmann::json::object();
    return nlohmann::json{{"physicalLocation",
                           {{"artifactLocation", artifact(p["file"])},
                            {"region",
                             {{"startLine", p["line"]},
                              {"startColumn", p["column"]},
                              {"endLine", p["end_line"]},
                              {"endColumn", p["end_column"]}}}}}};
  };
  auto level = [](Severity s) {
    return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
  };
  nlohmann::json rules = nlohmann::json::array();
  for (std::size_t i = 0; i < all_codes().size(); ++i) {
    const CodeInfo& c = all_codes()[i];
    const CodeDoc& doc = code_doc(static_cast<Code>(i));
    nlohmann::json configuration = {{"level", level(c.severity)}};
    if (c.severity == Severity::Retired) configuration["enabled"] = false;
    // Codes the document explains elsewhere (TB01xx: docs/translation.md) say their message.
    std::string summary = doc.summary.empty() ? plain_pattern(c.message) : doc.summary;
    std::string description = doc.description.empty() ? summary : doc.description;
    nlohmann::json rule = {{"id", c.code},
                           {"name", c.name},
                           {"shortDescription", {{"text", summary}}},
                           {"fullDescription", {{"text", description}}},
                           {"defaultConfiguration", configuration},
                           {"properties", {{"messageFormat", c.message}}}};
    if (!doc.markdown.empty()) {
      rule["help"] = {{"text", description}, {"markdown", doc.markdown}};
      rule["helpUri"] = "docs/diagnostics.md#" + doc.anchor;
    }
    rules.push_back(rule);
  }
  nlohmann::json results = nlohmann::json::array();
  std::map<std::string, int> seen; // identical fingerprints are numbered
  for (const Diagnostic& d : list) {
    nlohmann::json r = {
        {"ruleId", info(d.code).code},
        {"ruleIndex", static_cast<int>(d.code)},
        {"level", level(d.severity)},
        {"message", {{"text", full_message(d)}, {"arguments", argument_strings(d.args)}}},
        {"properties", {{"arguments", arguments(d.args)}}}};
    if (!d.suggestion.empty()) r["properties"]["suggestion"] = d.suggestion;
    nlohmann::json loc = sarif_location(d.range);
    r["locations"] = loc.empty() ? nlohmann::json::array() : nlohmann::json::array({loc});
    std::string file, line = d.message;
    if (d.range.valid()) {
      file = std::filesystem::path(sources.file(d.range.file).path())
                 .lexically_normal()
                 .generic_string();
      line = sources.file(d.range.file).line_text(d.range.begin);
    }
    std::string hash = line_fingerprint(info(d.code).code, file, line);
    r["partialFingerprints"] = {{"talebookLineHash/v1", hash + ":" + std::to_string(++seen[hash])}};
    nlohmann::json related = nlohmann::json::array();
    for (const Note& n : d.notes) {
      nlohmann::json l = sarif_location(n.range);
      l["message"] = {{"text", n.message}, {"arguments", argument_strings(n.args)}};
      l["properties"] = {{"code", info(n.code).code}, {"arguments", arguments(n.args)}};
      related.push_back(l);
    }
    if (!related.empty()) r["relatedLocations"] = related;
    results.push_back(r);
  }
  nlohmann::json doc = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       {{{"tool",
          {{"driver", {{"name", "talec"}, {"version", TALEBOOK_VERSION}, {"rules", rules}}}}},
         {"originalUriBaseIds", {{"SRCROOT", {{"uri", "file://" + percent_encode_path(base)}}}}},
         {"columnKind", "unicodeCodePoints"},
         {"results", results}}}}};
  return dump(doc);
}

} // namespace talebook
