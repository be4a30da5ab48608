// A translated game against its source book (translation_games.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/translate/translation.hpp"

namespace talebook {

// Reports each difference of the game's mechanics (TB0420, TB0421) and each
// block taken from the source (TB0422, counted in `fallbacks`); returns the
// number of differences.
// The mechanics of a card, a tile and a verdict written without language (`attack flying;
// 6/2/3; x1; stopped by #12`, `red; others 0 4 7`, `10-19`): what the comparison compares,
// and a game unit's `about` (translation_units.hpp).
std::string card_text(const DeckCard& card);
std::string tile_text(const StoryTileEntry& tile);
std::string verdict_text(const Verdict& verdict);

std::size_t compare_games(const Book& source, const Book& translation, Diagnostics& out,
                          std::size_t& fallbacks);

// Where each source card, tile and the verdict table stand in the translation
// against the translation state (as a paragraph's version does): stale (TB0138)
// when a unit of it changed since its review, unreviewed (TB0139) when the state
// keeps none; counted in `summary`.
std::vector<GameBlockComparison> review_games(const TranslationPair& pair, Diagnostics& out,
                                              TranslationSummary& summary);

} // namespace talebook
