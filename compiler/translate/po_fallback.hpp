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
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"
#include "compiler/text/source.hpp"
#include "compiler/translate/translation_units.hpp"

namespace talebook {

// What an import needs to write fallback paragraphs: the source book (compiled
// into the translation's SourceSet), both folders and vocabularies, and
// whether the translation's manifest reads a file (its `sources` globs; the
// driver's reads_source_file).
struct FallbackBooks {
  const Book& source;
  const Vocabulary& source_vocabulary;
  std::string source_dir;
  std::string translation_dir;
  const Vocabulary& translation_vocabulary;
  std::function<bool(const std::string& path)> reads;
};

// Where a new paragraph goes: into file `file` of the translation at byte
// `at`, or (`file` 0) a new file `path` of the translation's folder.
struct NewParagraph {
  std::uint32_t number = 0;
  std::string block; // a matrix or a card ("matrix G", "card city 1"): number is 0
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
  std::string block; // a matrix or a card (fallback_blocks): number is 0
  std::string word;
};

// The paragraphs filled by `fills` (paragraph number -> unit context -> its
// new text, trimmed), in source order; those that cannot be written are in
// `unwritten`.
std::vector<NewParagraph>
fallback_paragraphs(const std::map<std::uint32_t, std::map<std::string, std::string>>& fills,
                    const SourceSet& sources, const Book& translation, const FallbackBooks& books,
                    std::vector<UnwrittenParagraph>& unwritten);

// The matrix or card ("matrix G", "card city 1") whose unit `context` is
// ("matrix G row 2", "card city 1"); empty for a paragraph's unit.
std::string block_of(const std::string& context);

// Whether the translation lacks `block` of the source (it falls back to it).
bool fallback_block(const Book& source, const Book& translation, const std::string& block);

// The source's matrices and cards that the translation lacks, filled by
// `fills` (block -> unit context -> its new text, trimmed: a row's adjective,
// a card's name): each written as the source writes it, with the translated
// units in place and its mechanics in the translation's words (a matrix's
// options, a terrain card's terrains, a city card's award groups), appended to
// the translation's file that mirrors the source's (created when there is
// none). A unit left empty keeps the source's text. Those that cannot be
// written are in `unwritten` (as fallback_paragraphs says).
std::vector<NewParagraph>
fallback_blocks(const std::map<std::string, std::map<std::string, std::string>>& fills,
                const SourceSet& sources, const Book& translation, const FallbackBooks& books,
                std::vector<UnwrittenParagraph>& unwritten);

} // namespace talebook
