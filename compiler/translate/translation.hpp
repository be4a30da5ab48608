// Translations: a book whose manifest says `"translates": "<source book.json>"`.
//
// Mechanics must be identical to the source book's (kinds, sections and their
// conditions, award groups, paragraph and matrix references, charts, matrices,
// cards); only prose may differ. Each translated paragraph also records which
// version of its source paragraph it translates (compiler/stale.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "compiler/driver/book_loader.hpp"
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
  std::size_t unreviewed = 0;
  std::size_t mechanics = 0;    // mechanics differences (errors)
  int coverage_percent() const; // rounded down; 100 for an empty source
};

struct TranslationPair {
  const Book& source;
  const Book& translation;
  // One set holding the files of both books; the source book's file ids are
  // shifted by source_file_base (its file 1 is sources' file base+1).
  const SourceSet& sources;
  std::uint32_t source_file_base = 0;
  const TranslationState* state = nullptr; // null: no state file (no stale checks)
  SourceRange book;                        // where book-wide findings point (the manifest)
};

// Every mechanics difference, untranslated and extra paragraph, stale and
// unreviewed paragraph, and the coverage summary.
TranslationSummary compare_translation(const TranslationPair& pair, Diagnostics& out);

// For a book whose manifest has `translates`: compiles the source book, adds
// its files to translation.sources (notes point into them), loads the
// translation state and appends every finding to translation.diagnostics.
// Does nothing for a book that is not a translation. compile_book calls it:
// do not call it again on the same compilation.
void check_translation(Compilation& translation);

// Translation findings (TB0100-TB0149) are about the pair of books, not about
// the translation as a book of its own.
bool is_translation_code(Code code);
// Errors of the book itself: every error but the translation findings.
std::size_t book_errors(const Diagnostics& diagnostics);

// The source book of a translation: the one compile_book already compiled, or
// compiled now (once). Null, with one diagnostic in translation.diagnostics,
// when it cannot be read.
const Compilation* source_of(Compilation& translation);

} // namespace talebook
