// Translatable units: the spans of a book a translator changes (paragraph
// prose, each section's text, the beings of encounter charts, the adjectives
// of reaction matrix rows, the names of cards), each with a context that is
// the same in the source book and its translation. Award codes, headings and
// other mechanics are never part of a unit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/model.hpp"
#include "compiler/source.hpp"

namespace talebook {

struct TextUnit {
  std::string context; // "@12" (prose), "@12 section 2: courtly_graces, quick_thinking"
  std::uint32_t paragraph = 0;
  std::size_t section = 0; // 0: the prose; i: section i (1-based)
  SourceRange span;        // exactly the text an import replaces (trimmed)
  std::string text;        // LF line ends, comment lines left out
  bool comments = false;   // comment lines stand inside the span
};

// Every unit of a book, in source order (units with no text included).
std::vector<TextUnit> text_units(const Book& book, const SourceSet& sources);

// The trimmed unit of a span: leading and trailing blank and comment lines and
// white space left out.
TextUnit make_unit(std::string context, SourceRange range, const SourceSet& sources);

} // namespace talebook
