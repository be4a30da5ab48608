// `talec po` over a compiled book: the PO file an export writes, and the
// translation as an import would leave it, compiled in memory before anything
// is written.
#pragma once

#include <cstddef>
#include <string>

#include "compiler/driver/book_loader.hpp"
#include "compiler/translate/po.hpp"
#include "compiler/translate/po_files.hpp"

namespace talebook {

// The PO file of `book`: for a source book a template (.pot); for a
// translation (compared with its source: `book.translation` set) its text
// against its source's. `#:` paths are relative to the folder `base`;
// `earlier` (may be null) is the file written over: its comments and its
// translator's header fields are kept.
PoFile book_po(const Compilation& book, const std::string& base, const PoFile* earlier);

// Reads PO file `po_file` (loaded into `translation.sources`) and imports
// it into the compiled translation (against its source book, its state file,
// and with the source's fallback paragraphs to write), reporting to
// `translation.diagnostics`: what an import would write (plan_po_import).
PoImportPlan plan_book_po_import(Compilation& translation, std::uint32_t po_file);

// Compiles the translation at `path` into `after` as `plan` would leave it
// (its writes read in place of the files they name) and returns the errors
// the import would add: every error of the book itself, and the translation
// findings (TB01xx: a section whose conditions differ from its source's) that
// `before`, the translation as it is, does not have. With any, `after` also
// reports their count as one TB0143 at the start of the PO file `po_path`
// (with no place when it cannot be read again).
std::size_t compile_po_import(const std::string& path, const std::string& po_path,
                              const PoImportPlan& plan, const Diagnostics& before,
                              Compilation& after);

// Copies the errors of `after` (compile_po_import's) into `translation`'s
// diagnostics, with the files they point into added to its sources as `after`
// read them (the text the import would write), so that one report (one JSON
// or SARIF document) shows both.
void adopt_import_errors(Compilation& translation, const Compilation& after);

} // namespace talebook
