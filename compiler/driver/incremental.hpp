// Re-checking a compiled book after an edit of one of its files: what lets
// the language server answer a keystroke in milliseconds at 100,000
// paragraphs (docs/editor.md, "Large books").
//
// The file is parsed again, alone. When the rest of the book reads nothing
// of it that changed, nothing else is parsed or resolved again:
// - the file held paragraphs only, before and after (no matrix, card, map,
//   display, nor an award group the parser left out);
// - as many paragraphs, with the same kinds and names, in the same order:
//   - the same numbers too (an edit inside paragraphs): only their own
//     edges of the reference graph are built again;
//   - other numbers, but not a treasure's or a place's, nor one a space of
//     the map names (a renumbering): the symbol table and the graph are
//     built again.
// Then the file's paragraphs are resolved (the rest of the book keeps its
// resolution: its names mean what they meant), and every check runs again,
// over the whole book. The diagnostics are the other files' parse and resolve
// diagnostics, kept, this file's new ones and the checks', sorted: the list
// compile_book gives for the same texts (tests/lsp_incremental.cpp edits at
// random and compares).
#pragma once

#include <cstdint>
#include <string>

#include "compiler/driver/book_loader.hpp"

namespace talebook {

// Re-checks `book` (compiled with CompileOptions::incremental) with `text` as
// file `file`'s new text. False when it cannot (the edit changes what the rest
// of the book reads, the book is a translation, the stores hold too much
// unused text): then `book` may be half changed and must be compiled anew.
bool recheck_file(Compilation& book, std::uint32_t file, std::string text, unsigned jobs = 0);

} // namespace talebook
