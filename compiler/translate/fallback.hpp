// Partial translations: what a translation lacks falls back to its source's.
//
// The driver compiles the source book first. Before the translation is
// resolved, add_fallbacks copies into it each source paragraph, reaction
// matrix and card it lacks, already resolved and marked `fallback`; once it is
// resolved, add_fallback_sections copies each section a translated paragraph
// lacks. References of the translation then reach the source's text instead of
// nothing (no TB0011 or TB0019 for every reference to a missing paragraph),
// the emitter marks each fallback in the .tbook, and the comparison reports
// each fallback once (TB0102, TB0114, TB0130, TB0131).
#pragma once

#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

// `translation` is parsed, not yet resolved; `vocabulary` is its own. A
// fallback treasure or place takes the name the translation gives it where a
// translated paragraph awards it (`[进入芦苇宫]` in the place of `[Enter Reed
// Palace]`), so that the translation's names resolve.
void add_fallbacks(const Book& source, Book& translation, const Vocabulary& vocabulary);

// `translation` is resolved. A translated paragraph with fewer sections than
// its source gets the missing ones when its sections are, in order, sections
// of the source (same conditions); otherwise nothing changes (TB0107). A
// being that names a fallback matrix takes the row of its source being.
void add_fallback_sections(const Book& source, Book& translation);

} // namespace talebook
