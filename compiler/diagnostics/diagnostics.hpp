// Diagnostics: the codes of diagnostics.def, the engine that collects them and
// the renderers (text with carets, JSON, SARIF).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "compiler/text/source.hpp"

namespace talebook {

enum class Severity : std::uint8_t { Note, Warning, Error, Retired };
const char* to_string(Severity severity);

enum class Code : std::uint16_t {
#define DIAGNOSTIC(code, severity, name, message) name,
#include "compiler/diagnostics/diagnostics.def"
#undef DIAGNOSTIC
};

struct CodeInfo {
  const char* code;    // "TB0011"
  Severity severity;   // the default severity
  const char* name;    // "undefined_paragraph"
  const char* message; // the ICU MessageFormat pattern
};
const CodeInfo& info(Code code);
const std::vector<CodeInfo>& all_codes();

struct Note {
  std::string message;
  SourceRange range;
};

struct Diagnostic {
  Code code{};
  Severity severity = Severity::Error;
  std::string message; // formatted, without the suggestion
  SourceRange range;
  std::string suggestion; // "did you mean" name, empty if none
  std::vector<Note> notes;
};

// Formats a message pattern with its arguments (ICU MessageFormat).
std::string format_message(const char* pattern, const std::vector<std::string>& args);

class Diagnostics {
public:
  Diagnostic& report(Code code, SourceRange range, std::vector<std::string> args = {});
  const std::vector<Diagnostic>& all() const { return list_; }
  std::size_t errors() const;
  std::size_t warnings() const;
  // Order by file, then offset; keeps the order of equal places.
  void sort();
  // Treat warnings as errors (talec --werror).
  void promote_warnings();

private:
  std::vector<Diagnostic> list_;
};

struct RenderOptions {
  bool colour = false;
};

// `file:line:col: error[TB0011]: message`, the line, a caret under the span, notes.
void render_text(std::ostream& out, const SourceSet& sources, const std::vector<Diagnostic>& list,
                 const RenderOptions& options);
std::string render_json(const SourceSet& sources, const std::vector<Diagnostic>& list);
std::string render_sarif(const SourceSet& sources, const std::vector<Diagnostic>& list);

} // namespace talebook
