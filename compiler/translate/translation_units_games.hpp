// The translatable units of a game book (translation_units_games.cpp).
#pragma once

#include <vector>

#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"
#include "compiler/translate/translation_units.hpp"

namespace talebook {

// Appends the units of `book`'s cards, tiles and verdicts, in source order (a
// translation's fallbacks left out).
void game_units(const Book& book, const SourceSet& sources, std::vector<TextUnit>& units);

} // namespace talebook
