// A PO entry a translator filled for a fallback paragraph (one the translation
// does not have yet, exported with an empty msgstr): the import writes the
// paragraph into the translation. Its text is the source paragraph's with the
// translated units in place of the source's text (the units left empty keep
// the source's), and its mechanics in the translation's words: headings,
// award words, treasure and place names as the translation names them
// (compiler/translate/fallback.hpp). It goes into the translation's file that
// mirrors the source paragraph's (`book/rogues.tales` -> `locales/ar/
// rogues.tales`, created when there is none), before the first paragraph of
// that file that follows it in the source.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "compiler/translate/translation_units.hpp"

namespace talebook {

// What an import needs to write fallback paragraphs: both books' manifests and
// vocabularies (the source's compiled into the translation's SourceSet).
struct FallbackBooks {
  const CompiledBook& source;
  const Manifest& translation_manifest;
  const Vocabulary& translation_vocabulary;
};

// Where a new paragraph goes: into file `file` of the translation at byte
// `at`, or (`file` 0) a new file `path` of the translation's folder.
struct NewParagraph {
  std::uint32_t number = 0;
  std::uint32_t file = 0;
  std::uint32_t at = 0;
  std::string path;
  std::string text; // LF line ends, with the blank line that separates it
};

// A filled paragraph that is not written: its source file has no place in the
// translation (`word` empty: its mirror would not be read by the manifest's
// `sources`), or its mechanics use a word (`word`) that the translation's
// vocabulary has no entry for.
struct UnwrittenParagraph {
  std::uint32_t number = 0;
  std::string word;
};

// The paragraphs filled by `fills` (paragraph number -> unit context -> its
// new text, trimmed), in source order; those that cannot be written are in
// `unwritten`.
std::vector<NewParagraph>
fallback_paragraphs(const std::map<std::uint32_t, std::map<std::string, std::string>>& fills,
                    const SourceSet& sources, const Book& translation, const FallbackBooks& books,
                    std::vector<UnwrittenParagraph>& unwritten);

} // namespace talebook
