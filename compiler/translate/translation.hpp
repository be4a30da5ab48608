// Translations: a book whose manifest says `"translates": "<source book.json>"`.
//
// Mechanics must be identical to the source book's (kinds, sections and their
// conditions, award groups, paragraph and matrix references, charts, matrices,
// cards); only prose may differ. Each translated paragraph also records which
// version of its source paragraph it translates (compiler/translate/stale.hpp).
//
// This stage compares two books already compiled (the driver
// compiles both into one SourceSet); it never reads or compiles a book itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"
#include "compiler/translate/stale.hpp"

namespace talebook {

struct TranslationSummary {
  std::size_t source_paragraphs = 0;
  std::size_t translated = 0; // source paragraphs the translation has
  std::size_t extra = 0;      // translated paragraphs the source does not have
  std::size_t stale = 0;
  std::size_t unreviewed = 0; // with no translation state, every translated paragraph
  std::size_t mechanics = 0;  // mechanics differences (errors)
  // What the translation lacks and takes from its source (fallback.hpp).
  std::size_t fallback_paragraphs = 0;
  std::size_t fallback_sections = 0; // of translated paragraphs
  std::size_t fallback_matrices = 0;
  std::size_t fallback_cards = 0;
  // A game book's cards, tiles and verdict table (docs/games.md), each reviewed as one.
  std::size_t game_blocks = 0;     // of the source
  std::size_t game_translated = 0; // the translation has them (not fallbacks)
  std::size_t game_stale = 0;
  std::size_t game_unreviewed = 0; // with no translation state, every translated one
  int coverage_percent() const;    // rounded down; 100 for an empty source
};

// Where a source paragraph stands in the translation.
enum class ParagraphState : std::uint8_t {
  Current,      // translated, reviewed against the source paragraph as it is now
  Stale,        // translated, reviewed against an older version of it
  Unreviewed,   // translated, never reviewed (or no translation state at all)
  Untranslated, // not in the translation
};

struct ParagraphComparison {
  std::uint32_t number = 0;
  ParagraphState state = ParagraphState::Untranslated;
  std::string version; // the source paragraph's version now; empty when untranslated
  bool translated() const { return state != ParagraphState::Untranslated; }
};

// Where a game book's card, tile or verdict table ("deck 3", "tile 7", "verdicts":
// TextUnit::block) stands in the translation.
struct GameBlockComparison {
  std::string block;
  ParagraphState state = ParagraphState::Untranslated;
};

// What the comparison found, for the tools that show it (stats, po, review).
struct TranslationReport {
  TranslationSummary summary;
  std::vector<ParagraphComparison> paragraphs; // every source paragraph, in source order
  std::vector<std::uint32_t> extra;            // translated paragraphs the source does not have
  StateFile state_file;                        // the translation state the comparison used
  std::vector<GameBlockComparison> games;      // every source game block, in source order

  // The comparison of game block `block`; null when the source has none.
  const GameBlockComparison* game(const std::string& block) const;

  // The comparison of source paragraph `number`; null when the source has none.
  const ParagraphComparison* paragraph(std::uint32_t number) const;
  // Translated and reviewed against the source as it is now.
  bool current(std::uint32_t number) const;
};

struct TranslationPair {
  const Book& source;
  const Book& translation;
  const SourceSet& sources;                // holds the files of both books
  const TranslationState* state = nullptr; // null: no state file (no stale checks)
  SourceRange book;                        // where book-wide findings point (the manifest)
};

// Every mechanics difference, untranslated and extra paragraph, stale and
// unreviewed paragraph, and the coverage summary. The report's state_file is
// left for the caller.
TranslationReport compare_translation(const TranslationPair& pair, Diagnostics& out);

// The warnings of a fallback to the source (TB0102, TB0114, TB0130, TB0131):
// errors when the translation must be complete.
bool is_fallback_code(Code code);
// Translation findings (TB0100-TB0149) are about the pair of books, not about
// the translation as a book of its own.
bool is_translation_code(Code code);
// Errors of the book itself: every error but the translation findings.
std::size_t book_errors(const Diagnostics& diagnostics);

} // namespace talebook
