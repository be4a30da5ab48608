// docs/diagnostics.md, compiled in (the build embeds it), split into one
// section per code: SARIF rules take their descriptions and help from it, so
// the document and the tool never disagree.
#include <cctype>
#include <map>

#include "compiler/diagnostics/ci_output.hpp"

namespace talebook {
namespace {

const char* const document =
#include "compiler/diagnostics/diagnostics_doc.inc"
    ;

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

// GitHub's heading anchors: lowercase, spaces to '-', other punctuation
// (backticks, parentheses) dropped; '-' and '_' stay.
std::string anchor(std::string_view heading) {
  std::string out;
  for (char ch : heading) {
    auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || ch == '-' || ch == '_' || c >= 0x80)
      out += static_cast<char>(std::tolower(c));
    else if (ch == ' ')
      out += '-';
  }
  return out;
}

// Markdown inline syntax to plain text: `code`, **bold**, *em*, [text](link).
std::string plain(std::string_view md) {
  std::string out;
  for (std::size_t i = 0; i < md.size(); ++i) {
    char ch = md[i];
    if (ch == '`' || ch == '*') continue;
    std::size_t close = ch == '[' ? md.find("](", i) : std::string_view::npos;
    std::size_t end = close == std::string_view::npos ? close : md.find(')', close);
    if (end != std::string_view::npos) {
      out += plain(md.substr(i + 1, close - i - 1));
      i = end;
      continue;
    }
    out += ch;
  }
  return out;
}

// Up to the first ". " outside parentheses ("(e.g. ...)" does not end it).
std::string first_sentence(const std::string& text) {
  int depth = 0;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
    if (depth <= 0 && text[i] == '.' && text[i + 1] == ' ') return text.substr(0, i + 1);
  }
  return text;
}

bool is_label(std::string_view paragraph) {
  for (const char* label : {"Message:", "Attached to:", "Example"})
    if (paragraph.rfind(label, 0) == 0) return true;
  return false;
}

CodeDoc section(std::string_view heading, std::string_view body) {
  CodeDoc doc;
  doc.anchor = anchor(heading);
  doc.markdown = std::string(trim(body)) + "\n";
  // Paragraphs: runs of non-blank lines outside ``` fences.
  std::string paragraph;
  bool fence = false;
  std::size_t pos = 0;
  while (pos <= body.size() && doc.description.empty()) {
    std::size_t nl = body.find('\n', pos);
    if (nl == std::string_view::npos) nl = body.size();
    std::string_view line = trim(body.substr(pos, nl - pos));
    pos = nl + 1;
    if (line.rfind("```", 0) == 0) {
      fence = !fence;
      paragraph.clear();
      continue;
    }
    if (fence) continue;
    if (!line.empty()) {
      paragraph += (paragraph.empty() ? "" : " ") + std::string(line);
      if (pos <= body.size()) continue;
    }
    if (!paragraph.empty() && !is_label(paragraph)) doc.description = plain(paragraph);
    paragraph.clear();
  }
  doc.summary = first_sentence(doc.description);
  return doc;
}

} // namespace

std::vector<std::pair<std::string, CodeDoc>> parse_code_docs(std::string_view text) {
  std::vector<std::pair<std::string, CodeDoc>> out;
  // Headings "## TB0011 `name` (severity)"; a section runs to the next "#" heading.
  std::size_t pos = 0;
  while ((pos = text.find("\n## TB", pos)) != std::string_view::npos) {
    std::size_t heading_start = pos + 4;
    std::size_t heading_end = text.find('\n', heading_start);
    if (heading_end == std::string_view::npos) heading_end = text.size();
    std::size_t next = text.find("\n#", heading_end);
    if (next == std::string_view::npos) next = text.size();
    std::string_view heading = text.substr(heading_start, heading_end - heading_start);
    std::string code(heading.substr(0, heading.find(' ')));
    out.emplace_back(code, section(heading, text.substr(heading_end, next - heading_end)));
    pos = next;
  }
  return out;
}

const CodeDoc& code_doc(Code code) {
  static const std::map<std::string, CodeDoc> docs = [] {
    std::map<std::string, CodeDoc> m;
    for (auto& [c, doc] : parse_code_docs(document))
      m.emplace(c, std::move(doc));
    return m;
  }();
  static const CodeDoc none;
  auto it = docs.find(info(code).code);
  return it == docs.end() ? none : it->second;
}

} // namespace talebook
