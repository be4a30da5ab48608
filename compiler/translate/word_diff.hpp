// What changed in a text, word by word (ICU word boundaries, so a Chinese text
// is compared in words too): `talec review` shows it for a source text that
// changed since the translation was last reviewed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace talebook {

// The pieces of `text` between ICU word boundaries (words, spaces, punctuation).
std::vector<std::string> word_pieces(std::string_view text, const char* locale);

// `before` turned into `after` as one text, `git diff --word-diff=plain`
// style: removed words in `[-...-]`, added ones in `{+...+}`. Equal texts
// give `after` unmarked.
std::string word_diff(std::string_view before, std::string_view after, const char* locale);

} // namespace talebook
