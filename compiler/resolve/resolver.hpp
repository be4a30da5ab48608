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

// For re-checking one file of a resolved book (compiler/driver/incremental.hpp):
// its paragraphs, parsed anew into [first, first + count), put in NFC before
// the symbol table is built again (if it must be), then resolved as
// resolve_book resolves each paragraph, over the book's symbol table as it
// is. The rest of the book is left as it is: the caller knows it is resolved
// the same (its names mean what they meant).
void normalize_paragraphs(Book& book, std::size_t first, std::size_t count);
void resolve_paragraphs(Book& book, std::size_t first, std::size_t count, const SourceSet& sources,
                        const Vocabulary& vocabulary, Diagnostics& diagnostics);

} // namespace talebook
