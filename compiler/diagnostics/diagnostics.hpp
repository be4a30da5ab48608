// Diagnostics: the codes of diagnostics.def, the engine that collects them and
// the renderers (text with carets, JSON, SARIF).
#pragma once

#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
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

// What makes a number argument (a char is a matrix letter, not a number).
template <typename T>
concept Integer = std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char>;

// A typed message argument. A number goes to ICU as a number (plural rules
// read it); a name is an identifier of the book (a skill, a row, a card), a
// text is free text (a path, a parser expectation, an OS error), a keyword is
// one of a closed set that a pattern `select`s on ("character", "gain").
// Integers make numbers and strings make names implicitly; `arg::text()`
// and `arg::keyword()` say the other kinds.
struct Arg {
  enum class Kind : std::uint8_t { Number, Name, Text, Keyword };
  Kind kind = Kind::Name;
  std::int64_t number = 0;
  std::string value; // the name, text or keyword; empty for a number

  template <Integer T> Arg(T n) : kind(Kind::Number), number(static_cast<std::int64_t>(n)) {}
  Arg(std::string s) : value(std::move(s)) {}
  Arg(std::string_view s) : value(s) {}
  Arg(const char* s) : value(s) {}
  Arg(char) = delete; // a matrix letter is a name: std::string(1, letter)
  Arg(Kind k, std::string s) : kind(k), value(std::move(s)) {}

  std::string to_string() const; // the number in decimal, or the value
};
const char* to_string(Arg::Kind kind); // "number", "name", "text", "keyword"
namespace arg {
inline Arg name(std::string_view s) {
  return {Arg::Kind::Name, std::string(s)};
}
inline Arg text(std::string_view s) {
  return {Arg::Kind::Text, std::string(s)};
}
inline Arg keyword(std::string_view s) {
  return {Arg::Kind::Keyword, std::string(s)};
}
} // namespace arg

// A note points at a related place ("first defined here"). Its code is a
// Note entry of the table (TB09xx).
struct Note {
  Code code{};
  std::vector<Arg> args;
  std::string message; // formatted from the code's pattern and the arguments
  SourceRange range;
};

struct Diagnostic {
  Code code{};
  Severity severity = Severity::Error;
  std::vector<Arg> args;
  std::string message; // formatted from the pattern and args, without the suggestion
  SourceRange range;
  std::string suggestion; // "did you mean" name, empty if none
  std::vector<Note> notes;

  // Adds a note; `code` must be a Note of the table.
  Diagnostic& note(Code code, SourceRange range, std::vector<Arg> args = {});
};

// Formats a message pattern with its arguments (ICU MessageFormat; the
// language's plural rules). compiler/diagnostics/messages.hpp has the
// messages of other languages.
std::string format_message(const char* pattern, const std::vector<Arg>& args,
                           const char* language = "en");

class Diagnostics {
public:
  // `code` must not be Retired (a retired code is never reported).
  Diagnostic& report(Code code, SourceRange range, std::vector<Arg> args = {});
  // The compiler's one "did you mean": the known name closest to `written`
  // among `candidates` (text::closest), if one is close enough.
  static std::optional<std::string> did_you_mean(std::string_view written,
                                                 const std::vector<std::string>& candidates);
  // Reports `written`, a name `code` says is unknown (its one argument),
  // with did_you_mean's suggestion.
  Diagnostic& report_unknown(Code code, SourceRange range, std::string_view written,
                             const std::vector<std::string>& candidates);
  const std::vector<Diagnostic>& all() const { return list_; }
  std::vector<Diagnostic>& all() { return list_; } // to raise a severity

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
  std::string language = "en"; // of the messages (messages.hpp)
};

// `file:line:col: error[TB0011]: message`, the line, a caret under the span, notes.
void render_text(std::ostream& out, const SourceSet& sources, const std::vector<Diagnostic>& list,
                 const RenderOptions& options);
// Codes, places and arguments as they are; each message in `language`.
std::string render_json(const SourceSet& sources, const std::vector<Diagnostic>& list,
                        const std::string& language = "en");
// SARIF 2.1.0, in English (rule descriptions come from docs/diagnostics.md); relative paths are
// relative to `root` (default: the current folder).
std::string render_sarif(const SourceSet& sources, const std::vector<Diagnostic>& list,
                         const std::string& root = "");

} // namespace talebook
