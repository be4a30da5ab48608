// The resolve stage: the one place where names meet what they name.
//
// Runs once, after every file of a book is parsed and before the checks. It
// builds the book's symbol table (Book::symbols) and resolves every name the
// parser left as written: skills, statuses and wealth levels to vocabulary
// ids; treasures and places to their paragraphs; options and terrains to
// vocabulary ids; chart entries and `Name (L)` references to matrix rows;
// and decides whether a `Words:` line the parser could not place is a
// heading of treasures or prose. Later stages read resolved ids only.
#pragma once

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

void resolve_book(Book& book, const SourceSet& sources, const Vocabulary& vocabulary,
                  Diagnostics& diagnostics);

} // namespace talebook
