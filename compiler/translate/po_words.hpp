// The words of a source book's mechanics and the translation's word for each
// (po_fallback.hpp): what a paragraph, matrix or card written into a
// translation from its source is translated with.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compiler/model/model.hpp"
#include "compiler/translate/po_fallback.hpp"

namespace talebook {

// The source book's words of headings and award groups, each with the
// translation's word for it: vocabulary entries by id, treasure, place and
// quest names by paragraph. Longest first, so that `Bargaining & Evaluation`
// is one word, not `Bargaining` and `Evaluation`. A word the translation's
// vocabulary has no entry for maps to "": what uses it cannot be written.
using Words = std::vector<std::pair<std::string, std::string>>;

Words word_table(const FallbackBooks& books, const Book& translation);

// `text` with each source word (whole words, ASCII case ignored) replaced by
// the translation's; the first word it has none for in `missing`.
std::string translate_words(std::string_view text, const Words& words, std::string& missing);

// The translation's file that mirrors the source's file `file` (`book/rogues.tales`
// -> `locales/ar/rogues.tales`); empty when it would lie outside the
// translation's folder or its manifest's `sources` would not read it.
std::string mirror_of(const SourceSet& sources, std::uint32_t file, const FallbackBooks& books);

// The id of the file `path` in `sources` (any spelling of it); 0 if none.
std::uint32_t file_of(const SourceSet& sources, const std::string& path);

} // namespace talebook
