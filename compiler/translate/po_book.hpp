// A book's translatable text as a gettext PO file, and back.
//
// Export: one entry per translatable unit of the source book (compiler/
// translation_units.hpp), msgctxt the unit's context, msgid its source text,
// msgstr the translation's text (empty in a template), `#, fuzzy` when the
// translated paragraph is not current (the comparison's TranslationReport).
// Import: each translated, non-fuzzy entry replaces exactly its unit's span in
// the translation's `.tales` files; nothing else in them changes. A msgstr whose
// mechanics (award groups, references, headers: po_mechanics.hpp) differ from
// its source text's refuses the whole import.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"
#include "compiler/translate/po.hpp"
#include "compiler/translate/po_fallback.hpp"
#include "compiler/translate/translation.hpp"

namespace talebook {

struct PoExport {
  const Book& source;
  const SourceSet& source_sources;
  const Book* translation = nullptr; // null: a template (.pot)
  const SourceSet* translation_sources = nullptr;
  const TranslationReport* report = nullptr; // null: every translation is fuzzy
  std::string reference_base;                // `#:` paths are relative to this folder
  std::string creation_date;                 // POT-Creation-Date ("2026-12-01 00:35+0000")
  const PoFile* earlier = nullptr; // the PO file written over: its translator comments are kept
};

// The Plural-Forms header of a language tag ("nplurals=1; plural=0;" for zh); gettext's
// placeholder for an empty tag (a template has no Plural-Forms).
std::string plural_forms(const std::string& language);
// True when the PO file's `Language` names the book's language: the same language and script
// once ICU has added the likely subtags (`zh`, `zh_CN` and `zh-Hans-CN` are all `zh`).
bool same_language(const std::string& po_language, const std::string& book_language);

PoFile export_po(const PoExport& request);

struct PoImport {
  std::size_t changed = 0;                    // units rewritten
  std::size_t unchanged = 0;                  // msgstr already the unit's text
  std::size_t fuzzy = 0;                      // fuzzy entries left out
  std::size_t untranslated = 0;               // empty msgstr
  std::size_t skipped = 0;                    // unknown units, comments inside a unit
  std::map<std::uint32_t, std::string> files; // file id -> its new text (changed files only)
  std::map<std::string, std::string> created; // path -> the text of a new file of the translation
  std::vector<std::uint32_t> paragraphs;      // fallback paragraphs written (po_fallback.hpp)
  std::vector<std::string> blocks;            // fallback matrices and cards written ("matrix G")
  // Unit context -> the translator comments of its entry (none: an empty list), for the state.
  std::map<std::string, std::vector<std::string>> comments;
  bool refused = false; // two entries for one text, or an unfit msgstr: nothing to write
};

// `po_file` is the PO file's id in `sources` (diagnostics point into it);
// `source` (may be null) lets outdated msgids be reported. With `books`, a
// filled entry of a fallback paragraph writes the paragraph into the
// translation (po_fallback.hpp); without, it is skipped (TB0126).
PoImport import_po(const PoFile& po, std::uint32_t po_file, const SourceSet& sources,
                   const Book& translation, const Book* source, const SourceSet* source_sources,
                   Diagnostics& out, const FallbackBooks* books = nullptr);

} // namespace talebook
