#include "compiler/diagnostics/diagnostics.hpp"

#include <algorithm>
#include <memory>

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

std::string format_message(const char* pattern, const std::vector<std::string>& args) {
  UErrorCode status = U_ZERO_ERROR;
  icu::MessageFormat format(icu::UnicodeString::fromUTF8(pattern), icu::Locale::getEnglish(),
                            status);
  if (U_FAILURE(status)) return pattern;
  // Arguments are text, but a count that a pattern pluralises ("{0, plural, ...}")
  // goes in as a number (paragraph numbers stay text: no digit grouping).
  std::vector<icu::Formattable> values;
  std::string_view p(pattern);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    bool count = !a.empty() && a.size() < 10 &&
                 a.find_first_not_of("0123456789") == std::string::npos &&
                 p.find("{" + std::to_string(i) + ", plural") != std::string_view::npos;
    if (count)
      values.emplace_back(static_cast<int64_t>(std::stoll(a)));
    else
      values.emplace_back(icu::UnicodeString::fromUTF8(a));
  }
  icu::UnicodeString out;
  icu::FieldPosition position;
  format.format(values.data(), static_cast<int32_t>(values.size()), out, position, status);
  if (U_FAILURE(status)) return pattern;
  std::string result;
  out.toUTF8String(result);
  return result;
}

Diagnostic& Diagnostics::report(Code code, SourceRange range, std::vector<std::string> args) {
  const CodeInfo& i = info(code);
  Diagnostic d;
  d.code = code;
  d.severity = i.severity;
  d.message = format_message(i.message, args);
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
