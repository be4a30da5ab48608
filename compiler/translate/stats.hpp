// `talec stats`: what a book holds, counted. Words come from ICU word
// segmentation in the book's language, so Chinese prose is counted in words,
// not in lines.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "compiler/model/model.hpp"

namespace talebook {

struct BookStats {
  std::string title;
  std::string language;
  std::size_t paragraphs = 0;
  std::vector<std::pair<std::string, std::size_t>> by_kind; // every kind, in model order
  std::size_t sections = 0;
  std::size_t award_groups = 0;
  std::size_t awards = 0;     // award items in all groups (sections and city cards)
  std::size_t references = 0; // paragraph references
  std::size_t charts = 0;
  std::size_t chart_entries = 0;
  std::size_t matrices = 0;
  std::size_t matrix_rows = 0;
  std::size_t cards = 0;
  std::vector<std::pair<std::string, std::size_t>> cards_by_kind;
  std::size_t words = 0; // prose, section text and city card text (a game's: its cards' names
                         // and texts, its tiles' titles and its verdicts' words)
  // A game book's (docs/games.md): its own cards, tiles and verdicts.
  bool game = false;
  std::size_t deck_cards = 0;
  std::size_t tiles = 0;
  std::size_t verdicts = 0;
  // Every count is of the book's own text: a translation's fallbacks are not counted.

  // Translations only (filled by the caller).
  bool translation = false;
  std::size_t source_paragraphs = 0;
  std::size_t translated = 0;
  std::size_t stale = 0;
  std::size_t unreviewed = 0;
  std::size_t source_words = 0;
  // What the translation lacks, taken from its source (compiler/translate/fallback.hpp).
  std::size_t fallback_paragraphs = 0;
  std::size_t fallback_sections = 0;
  std::size_t fallback_matrices = 0;
  std::size_t fallback_cards = 0; // a game's cards, tiles and verdict table too
  // A game book's cards, tiles and verdict table, each a block reviewed as one: the source's,
  // those translated, and of them the stale and unreviewed ones.
  std::size_t source_game_blocks = 0;
  std::size_t game_translated = 0;
  std::size_t game_stale = 0;
  std::size_t game_unreviewed = 0;
  std::size_t fallback_percent() const; // of the source paragraphs, rounded down
};

BookStats book_stats(const Book& book);
std::string stats_text(const BookStats& stats);
std::string stats_json(const BookStats& stats);

} // namespace talebook
