// The PO files around a book (`talec po`): the earlier file an export writes
// over (its translator's header fields and comments are kept), and what an
// import writes (the translation's .tales files and its state file, all or
// none).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/text/files.hpp"
#include "compiler/translate/po.hpp"
#include "compiler/translate/po_book.hpp"
#include "compiler/translate/stale.hpp"

namespace talebook {

// The PO file at `path` that an export writes over, read into `sources`
// (none for "-" and "", stdout, or when there is no such file). False, with
// TB0125 at the first malformed line, when it is not PO: an export must not
// replace what it cannot merge.
bool read_earlier_po(const std::string& path, SourceSet& sources, Diagnostics& out,
                     std::optional<PoFile>& earlier);
// Keeps what the translator's editor wrote in the earlier file's header (who
// translated it, when, which team).
void keep_translator_fields(const PoFile& earlier, PoFile& po);
// POT-Creation-Date: now, or SOURCE_DATE_EPOCH for a reproducible export.
std::string po_creation_date();

// What an import of a PO file leads to.
struct PoImportPlan {
  enum class Stop : std::uint8_t {
    None,    // write `writes`
    Syntax,  // the file is not PO (TB0125)
    Refused, // another language (TB0141), or import_po refused: nothing to write
  };
  Stop stop = Stop::None;
  PoImport result;
  std::vector<FileWrite> writes; // the changed .tales files, then the state file
};
// Reads PO file `po_file` of `sources` and imports it into `translation`
// (`source`: its source book, may be null; `state`: the translation's state
// file, null without a comparison; `books`: to write fallback paragraphs),
// reporting to `out`.
PoImportPlan plan_po_import(std::uint32_t po_file, const SourceSet& sources,
                            const Book& translation, const Book* source, const StateFile* state,
                            Diagnostics& out, const FallbackBooks* books = nullptr);

} // namespace talebook
