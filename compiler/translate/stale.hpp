// Stale translations: which version of a source paragraph a translated
// paragraph translates.
//
// A source paragraph's version is a 64-bit FNV-1a hash of its normalized
// content (NFC, comment lines left out, white-space runs made one space). The
// translation keeps, per paragraph, the hash of the source it was last
// reviewed against, in `translation-state.json` next to its book.json, and
// the normalized source text of each translatable unit at that review (so a PO
// export marks only the changed units fuzzy and shows their previous text);
// `talec review` writes that file (`talec po import` its translator comments),
// nobody edits it by hand.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

// 64-bit FNV-1a.
std::uint64_t fnv1a64(std::string_view bytes);
// The text a paragraph's version is computed from: NFC, lines starting with
// `%` dropped, every run of white space one space, trimmed.
std::string normalized_content(std::string_view text);
// The version of a paragraph: 16 lowercase hex digits of fnv1a64(normalized_content).
std::string paragraph_version(std::string_view paragraph_text);
std::string paragraph_version(const Paragraph& paragraph, const SourceSet& sources);

// A translatable unit of the source as it was reviewed (translation_units.hpp).
struct ReviewedUnit {
  std::string text;  // normalized_unit_text of the unit's source text
  std::string about; // the unit's mechanics (TextUnit::about)
  bool operator==(const ReviewedUnit&) const = default;
};

struct TranslationState {
  std::string source; // the source manifest as "translates" names it (informative)
  std::map<std::uint32_t, std::string> reviewed; // paragraph number -> source version
  // Unit context -> the source unit as last reviewed (what a PO file's `#| msgid` shows).
  // Paragraphs reviewed by an older talec have none: all their units count as changed.
  std::map<std::string, ReviewedUnit> units;
  // Unit context -> the translator's comments of its PO entry (`# ...`), kept by
  // `talec po import` so that the next export writes them again.
  std::map<std::string, std::vector<std::string>> comments;
};

// A unit's text as the state keeps it: NFC, every run of white space one space, trimmed.
std::string normalized_unit_text(std::string_view text);

// A translation's state file, as it was read for a comparison.
struct StateFile {
  std::string path;
  bool read = false; // false: no such file, or a bad one (error says why)
  std::string error;
  TranslationState state;
};

// `<translation folder>/translation-state.json`.
std::string state_path(const std::string& translation_dir);
// Empty string on success; a missing file is an error too (check `exists` first).
std::string load_state(const std::string& path, TranslationState& out);
std::string state_json(const TranslationState& state);
// Writes state_json(state) to `path`; empty string on success.
std::string save_state(const std::string& path, const TranslationState& state);

} // namespace talebook
