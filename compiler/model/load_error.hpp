// Why an input file (book.json, a vocabulary, a state file) could not be loaded.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"

namespace talebook {

// Why an input file could not be loaded: the diagnostic to report (code and
// arguments), where it points, and its text. Converts to the text (empty =
// loaded), so callers that only print it treat it as a string.
struct LoadError {
  Code code = Code::cannot_read;
  std::vector<Arg> args;
  std::string message;
  // Where it points: into the JSON file `file` (empty: none the loader knows;
  // its caller may know one), at the byte `offset` when there is one (a syntax
  // error), else at the value of JSON pointer `pointer` ("": the document;
  // json_input.hpp's json_span finds it).
  std::string file;
  std::string pointer;
  static constexpr std::size_t no_offset = std::size_t(-1);
  std::size_t offset = no_offset;

  LoadError() = default;
  // A reason as text alone (translation-state.json's, which TB0124 quotes).
  LoadError(std::string text) : args{arg::text(text)}, message(std::move(text)) {}
  LoadError(const char* text) : LoadError(std::string(text)) {}
  // The text is the code's message with these arguments.
  LoadError(Code c, std::vector<Arg> a)
      : code(c), args(std::move(a)), message(format_message(info(c).message, args)) {}
  bool empty() const { return message.empty(); }
  operator const std::string&() const { return message; }
};

} // namespace talebook
