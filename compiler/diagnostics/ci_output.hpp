// What CI systems read from diagnostics: GitHub workflow commands, and the
// pieces of SARIF that code-scanning services need (rule documentation from
// docs/diagnostics.md, percent-encoded URIs, stable fingerprints).
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"

namespace talebook {

// A code's section of docs/diagnostics.md, compiled into talec.
struct CodeDoc {
  std::string anchor;      // the heading's anchor: "tb0011-undefined_paragraph-error"
  std::string summary;     // the first sentence of the description
  std::string description; // the first paragraph after the message, plain text
  std::string markdown;    // the whole section, without its heading
};
// Empty fields for a code the document does not explain.
const CodeDoc& code_doc(Code code);
// Splits a diagnostics document into code -> section (exposed for tests).
std::vector<std::pair<std::string, CodeDoc>> parse_code_docs(std::string_view document);

// `::error file=...,line=...::message` per diagnostic (notes go into the message);
// the level is github_level's.
void render_github(std::ostream& out, const SourceSet& sources, const std::vector<Diagnostic>& list,
                   const std::string& language = "en");
// The workflow command of a severity: "error", "warning", or "notice" for a note.
const char* github_level(Severity severity);
// Workflow-command escaping: the message, and a property value (also ':' and ',').
std::string github_escape_data(std::string_view text);
std::string github_escape_property(std::string_view text);

// A path as a URI reference: every byte but unreserved ones and '/' as %XX.
std::string percent_encode_path(std::string_view path);
// A fingerprint that survives lines moving: code, file and the line's text.
std::string line_fingerprint(std::string_view code, std::string_view file, std::string_view line);

} // namespace talebook
