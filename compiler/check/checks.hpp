// The checks of a resolved book, one file per family; check_book runs them all.
#pragma once

#include <functional>
#include <string>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/graph/book_graph.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

// The checks read a resolved book (compiler/resolve/): names are ids, and
// every lookup goes through the book's symbol table.
struct CheckContext {
  const Book& book;
  const Vocabulary& vocabulary;
  Diagnostics& diagnostics;
  const SourceSet& sources; // for the text of what a lint names
  const BookGraph& graph;   // what leads where (compiler/graph/), built once after resolve
  // The paragraph, or a TB0011 report and nullptr.
  const Paragraph* target(const ParagraphRef& ref);
};

void check_paragraphs(CheckContext& c); // numbers, references, names
void check_matrices(CheckContext& c);   // matrices, charts
void check_cards(CheckContext& c);
void check_map(CheckContext& c);     // the map against cards and quests (rule 9)
void check_display(CheckContext& c); // the Merchant Display against the map (rule 23.1)
void check_games(CheckContext& c);   // Shahrazad's tile numbers and verdicts (check_games.cpp)
// What a game's manifest states against its deck or tiles (TB0402, TB0405,
// TB0411), reported at `where` the JSON pointer of book.json (the driver's).
void check_game_manifest(const Book& book, Diagnostics& diagnostics,
                         const std::function<SourceRange(const std::string&)>& where);
void check_awards(CheckContext& c); // award sense, sections
void check_limits(CheckContext& c); // what the .tbook format can hold
void check_reach(CheckContext& c);  // what nothing leads to (check_reach.cpp)
void check_rolls(CheckContext& c);  // roll tables, quests (rules 12.1, 22)
void check_lints(CheckContext& c);  // rule lints: cards, rows, award groups (check_lints.cpp)

// Two passes report about each paragraph from that paragraph alone and the
// book's headers (numbers, kinds, names) and matrices: their book-wide part and
// their part for one paragraph apart (check_lints and check_limits run the
// first, then the second for every paragraph). A re-check of one file's
// paragraphs (compiler/driver/incremental.hpp) runs the second for those
// paragraphs only. Neither part reports at a place the other could report at,
// so their order never matters once the list is sorted.
void check_lints_book(CheckContext& c);
void check_lints_paragraph(CheckContext& c, const Paragraph& p);
void check_limits_book(CheckContext& c);
void check_limits_paragraph(CheckContext& c, const Paragraph& p);

// The size of the .tbook file (TB0068): an upper bound of its bytes, computed
// from the model in one pass; the limit is the format's (max_file_size), lower
// only in the tests (TALEBOOK_TEST_TBOOK_LIMIT); check_file_size reports
// TB0068 when the bound is above `limit`.
std::uint64_t tbook_size_bound(const Book& book, const Vocabulary& vocabulary);
std::uint64_t tbook_file_limit();
void check_file_size(const Book& book, const Vocabulary& vocabulary, Diagnostics& diagnostics,
                     std::uint64_t limit);

// The passes of check_book, in its order. Each only reads the book and
// reports into its context's diagnostics: they may run at once, each with a
// Diagnostics of its own, the lists joined in this order (the driver's -j).
using CheckPass = void (*)(CheckContext&);
inline constexpr CheckPass check_passes[] = {
    check_paragraphs, check_matrices, check_cards, check_map,   check_display, check_games,
    check_awards,     check_limits,   check_rolls, check_lints, check_reach};
struct ParagraphPass {
  CheckPass whole;
  CheckPass book;
  void (*paragraph)(CheckContext&, const Paragraph&);
};
inline constexpr ParagraphPass paragraph_passes[] = {
    {check_limits, check_limits_book, check_limits_paragraph},
    {check_lints, check_lints_book, check_lints_paragraph}};

// Every cross-reference and sense check of the book: check_passes in turn,
// over `graph` (the book's), or over a graph built here when none is given.
void check_book(const Book& book, const SourceSet& sources, const Vocabulary& vocabulary,
                Diagnostics& diagnostics, const BookGraph* graph = nullptr);

} // namespace talebook
