#include "compiler/diagnostics/diagnostics.hpp"

#include "compiler/text/text.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <unicode/fmtable.h>
#include <unicode/msgfmt.h>

namespace talebook {

const char* to_string(Severity severity) {
  static const char* names[] = {"note", "warning", "error", "retired"};
  return names[static_cast<int>(severity)];
}

const std::vector<CodeInfo>& all_codes() {
  static const std::vector<CodeInfo> table = {
#define DIAGNOSTIC(code, severity, name, message) {#code, Severity::severity, #name, message},
#include "compiler/diagnostics/diagnostics.def"
#undef DIAGNOSTIC
  };
  return table;
}

const CodeInfo& info(Code code) {
  return all_codes()[static_cast<std::size_t>(code)];
}

std::string Arg::to_string() const {
  return kind == Kind::Number ? std::to_string(number) : value;
}

const char* to_string(Arg::Kind kind) {
  static const char* names[] = {"number", "name", "text", "keyword"};
  return names[static_cast<int>(kind)];
}

std::string format_message(const char* pattern, const std::vector<Arg>& args,
                           const char* language) {
  UErrorCode status = U_ZERO_ERROR;
  icu::MessageFormat format(icu::UnicodeString::fromUTF8(pattern), icu::Locale(language), status);
  if (U_FAILURE(status)) return pattern;
  // Numbers go in as numbers (plural rules read them; a paragraph number's
  // pattern says `::group-off`), the rest as text; invalid UTF-8 becomes U+FFFD.
  std::vector<icu::Formattable> values;
  for (const Arg& a : args) {
    if (a.kind == Arg::Kind::Number)
      values.emplace_back(static_cast<int64_t>(a.number));
    else
      values.emplace_back(icu::UnicodeString::fromUTF8(a.value));
  }
  icu::UnicodeString out;
  icu::FieldPosition position;
  format.format(values.data(), static_cast<int32_t>(values.size()), out, position, status);
  if (U_FAILURE(status)) return pattern;
  std::string result;
  out.toUTF8String(result);
  return result;
}

Diagnostic& Diagnostic::note(Code note_code, SourceRange note_range, std::vector<Arg> note_args) {
  const CodeInfo& i = info(note_code);
  if (i.severity != Severity::Note)
    throw std::logic_error(std::string("diagnostic ") + i.code + " is not a note");
  std::string text = format_message(i.message, note_args);
  notes.push_back({note_code, std::move(note_args), std::move(text), note_range});
  return *this;
}

std::optional<std::string> Diagnostics::did_you_mean(std::string_view written,
                                                     const std::vector<std::string>& candidates) {
  return text::closest(written, candidates);
}

Diagnostic& Diagnostics::report_unknown(Code code, SourceRange range, std::string_view written,
                                        const std::vector<std::string>& candidates) {
  Diagnostic& d = report(code, range, {std::string(written)});
  if (auto best = did_you_mean(written, candidates)) d.suggestion = *best;
  return d;
}

Diagnostic& Diagnostics::report(Code code, SourceRange range, std::vector<Arg> args) {
  const CodeInfo& i = info(code);
  if (i.severity == Severity::Retired)
    throw std::logic_error(std::string("diagnostic ") + i.code + " is retired");
  Diagnostic d;
  d.code = code;
  d.severity = i.severity;
  d.message = format_message(i.message, args);
  d.args = std::move(args);
  d.range = range;
  list_.push_back(std::move(d));
  return list_.back();
}

std::size_t Diagnostics::errors() const {
  return static_cast<std::size_t>(std::count_if(
      list_.begin(), list_.end(), [](auto& d) { return d.severity == Severity::Error; }));
}

std::size_t Diagnostics::warnings() const {
  return static_cast<std::size_t>(std::count_if(
      list_.begin(), list_.end(), [](auto& d) { return d.severity == Severity::Warning; }));
}

void Diagnostics::sort() {
  std::stable_sort(list_.begin(), list_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    if (a.range.file != b.range.file) return a.range.file < b.range.file;
    return a.range.begin < b.range.begin;
  });
}

void Diagnostics::promote_warnings() {
  for (Diagnostic& d : list_)
    if (d.severity == Severity::Warning) d.severity = Severity::Error;
}

} // namespace talebook
