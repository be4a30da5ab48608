// The first book `talec init` writes, in each language it knows: a manifest
// that names its vocabulary by language and one source file with a card, an
// encounter chart, a reaction matrix and the paragraphs its cell leads to.
#pragma once

#include <string_view>

namespace talec {

struct FirstBook {
  std::string_view language; // BCP 47, also the vocabulary's name
  std::string_view title;
  std::string_view tales; // tales.tales
};

// The first book of `language`; null when talec init has none in it.
const FirstBook* first_book(std::string_view language);
// The languages there is a first book in ("en, zh, ar"), for a usage message.
std::string_view first_book_languages();

} // namespace talec
