// Translatable units: the spans of a book a translator changes (paragraph
// prose, each section's text, the beings of encounter charts, the adjectives
// of reaction matrix rows, the names of cards), each with a context that is
// the same in the source book and its translation. Award codes, headings and
// other mechanics are never part of a unit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

struct TextUnit {
  // A stable id, the msgctxt of a PO entry: "@12" (prose), "@12 section 2", "@12 section 2
  // (after the award)", "@4 entry 3" (a chart's being), "matrix G row 1" (a row's adjective),
  // "card city 2" (the second city card's name). It never depends on a unit's wording, so
  // renaming a heading changes the unit's `about`, not its context.
  std::string context;
  std::uint32_t paragraph = 0; // 0: a matrix or a card (they have no versions)
  std::size_t section = 0;     // 0: the prose; i: section i (1-based)
  SourceRange span;            // exactly the text an import replaces (trimmed)
  std::string text;            // LF line ends, comment lines left out
  bool comments = false;       // comment lines stand inside the span
  std::string suffix;          // no text yet: what import adds after the new text ("\n", " ")
  // Other spans an import replaces with the same text: the routes that name a
  // space of the map ("space 3"), renamed with it; the cities' products that
  // name a product of the Merchant Display ("product 2").
  std::vector<SourceRange> also;
  // What the unit is, for a translator (`#.` notes of a PO file): its section's heading and
  // award group as the book writes them (the vocabulary's words).
  std::vector<std::string> notes;
  // The mechanics around the unit written without language (a section's conditions and award
  // ids): a unit whose `about` changed is to be reviewed again, like one whose text changed.
  std::string about;
  // A game book's card, tile or verdict table the unit belongs to ("deck 3", "tile 7",
  // "verdicts"): reviewed as one (like a paragraph); empty for other units.
  std::string block;
  bool one_line = false; // a name, title or one-line text: a msgstr with a line break is unfit
};

// The context a PO file written by an earlier talec gave a unit ("@12 section 2:
// courtly_graces" is "@12 section 2" now); other contexts are returned as they are.
std::string current_context(const std::string& context);

// Each card's id, in the book's order: "card city 2" is the second city card
// (the cards of a translation are matched to its source's by these).
std::vector<std::string> card_ids(const Book& book);

// The game book's block of a unit's context ("deck 3 text" -> "deck 3", "verdict 2" ->
// "verdicts", "tile 7"); empty for other contexts.
std::string game_block_of(const std::string& context);

// Every unit of a book, in source order (units with no text included).
std::vector<TextUnit> text_units(const Book& book, const SourceSet& sources);

// The trimmed unit of a span: leading and trailing blank and comment lines and
// white space left out.
TextUnit make_unit(std::string context, SourceRange range, const SourceSet& sources);

} // namespace talebook
