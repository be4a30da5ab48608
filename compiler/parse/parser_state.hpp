// The state the grammar's actions build the book in (compiler/parser.cpp).
#pragma once

#include "grammar/code_marks.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

// The parser reads the words of the language (the vocabulary's headings and
// award words are its keywords) and leaves every name as written, with its
// range, for the resolver (compiler/resolve/): skills, statuses, treasures,
// places, wealth levels, options, terrains and matrix rows.
struct ParseState {
  ParseState(std::uint32_t file, const char* base, const Vocabulary& vocabulary, Book& book,
             Diagnostics& diagnostics)
      : file(file), base(base), vocabulary(vocabulary), book(book), diagnostics(diagnostics),
        keywords(Keywords::of(vocabulary)) {}
  // The language's own code punctuation, read by the grammar (grammar/code_marks.hpp).
  const grammar::CodeMarks* code_marks = nullptr;

  std::uint32_t file;
  const char* base; // the file's first byte: ranges are offsets from here
  // The file's text in the SourceSet (`base` may be a copy with a final line
  // end added): the model's text is a view into it wherever it can be.
  std::string_view source;
  const Vocabulary& vocabulary;
  Book& book;
  Diagnostics& diagnostics;
  // The words of the language the actions try on every award item and
  // heading, looked up once per file (null: the vocabulary has none).
  struct Keywords {
    const VocabEntry *if_merchant, *if_quest, *lose_any_statuses, *lose, *go_to, *enter, *move_to,
        *use_any_skill, *random_treasure, *quest_success, *death, *max, *min, *or_word, *or_less,
        *or_more;
    static Keywords of(const Vocabulary& v);
  };
  const Keywords keywords;

  enum class Block {
    None,
    Paragraph,
    Matrix,
    Card,
    Map,
    Space,
    Display,
    Deck,
    Tile,
    Verdicts
  } block = Block::None;
  std::size_t current = 0;   // index of the current matrix or card
  Paragraph* open = nullptr; // the current paragraph
  // Where paragraphs go before the book's vector: places made ready by the
  // caller (parse_files: each file's share of the merged book's paragraphs).
  std::span<Paragraph> slots;
  std::size_t slots_used = 0;
  int section = -1;             // index of the open section of the current paragraph
  int city_result = -1;         // index of the open result of the current city card
  std::string_view quest_being; // a quest half's, until its line is read
  std::uint32_t quest_number = 0;
  SourceRange quest_number_range;

  // Pending pieces of the construct being matched.
  std::uint32_t number = 0;
  SourceRange number_range;
  std::string kind, name;
  SourceRange kind_range, name_range;
  std::vector<Condition> conditions;
  bool tentative = false;
  int roll_low = 0, roll_high = 0;
  bool roll_and_up = false;
  ChartEntry entry;
  MatrixRow row;
  Card card;
  TerrainEntry terrain;
  MovementRate rate;                 // the map's line being read
  Space new_space;                   // the `@space` header being read
  Route route;                       // a route line's kind, for each of its spaces
  bool products_again = false;       // a space's second `Products:` line (TB0232)
  SourceRange display_header;        // the `@display` line of the block being read
  std::vector<DisplayBox> boxes;     // the display's row being read
  CounterLine counter_line;          // the display's `Counters:` or `Wealth n:` line being read
  CounterCount counter;              // one of its `straight 10`
  bool counter_line_damaged = false; // its wealth too large (TB0060): the line is left out
  bool counter_damaged = false;      // its count too large (TB0060): the shape is left out
  // The game family's lines being read (parser_games.hpp).
  std::string_view pending_text; // a card's `Text:`
  SourceRange pending_range;
  std::uint32_t scores[3] = {0, 0, 0}; // `Scores: A/D/K`, or `Copies: n` in [0]
  SourceRange scores_key_range;
  CardEffect effect;
  bool effect_has_amount = false;
  std::vector<CardName> names;        // `Stopped by:` or `Bars:`
  std::vector<std::uint32_t> numbers; // a tile's `Others:`
  Verdict verdict;
  AwardCode award;                // the group being read: its items in award_items
  std::vector<Award> award_items; // kept in the book's store by commit_award
  Award item;
  std::string words, argument, qualifier;
  SourceRange words_range, argument_range, qualifier_range;
  // The open paragraph's sections and references, kept in the book's stores
  // when it closes.
  std::vector<Section> sections;
  std::vector<ParagraphRef> refs;
  std::vector<MatrixRef> matrix_refs;
  std::vector<SourceRange> line_awards; // award spans met on the current line
  bool implicit_section = false;        // this line's award opened a section after the prose

  SourceRange range(const char* begin, const char* end) const {
    return {file, static_cast<std::uint32_t>(begin - base), static_cast<std::uint32_t>(end - base)};
  }
  template <typename Input> SourceRange range(const Input& in) const {
    return range(in.begin(), in.end());
  }
  // A matched line without its line ending.
  template <typename Input> SourceRange line_range(const Input& in) const {
    const char* end = in.end();
    if (end > in.begin() && end[-1] == '\n') --end;
    if (end > in.begin() && end[-1] == '\r') --end;
    return range(in.begin(), end);
  }

  Paragraph* paragraph() { return block == Block::Paragraph ? open : nullptr; }
  ReactionMatrix* matrix() { return block == Block::Matrix ? &book.matrices[current] : nullptr; }
  Card* current_card() { return block == Block::Card ? &book.cards[current] : nullptr; }
  Space* space() { return block == Block::Space ? &book.map.spaces[current] : nullptr; }
  DeckCard* deck_card() { return block == Block::Deck ? &book.game.deck[current] : nullptr; }
  StoryTileEntry* tile() { return block == Block::Tile ? &book.game.tiles[current] : nullptr; }

  Diagnostic& report(Code code, SourceRange where, std::vector<Arg> args = {}) {
    return diagnostics.report(code, where, std::move(args));
  }
  // Reports an unknown word of the language with "did you mean" among
  // `candidates` (Diagnostics::report_unknown, the compiler's one).
  void unknown(Code code, SourceRange where, std::string_view written,
               const std::vector<std::string>& candidates) {
    diagnostics.report_unknown(code, where, written, candidates);
  }

  // parse_number, or a TB0060 at `where` and nullopt when the number is above
  // `max` (the width of the model's field). With `defer` (a rule that may still
  // fail, such as a line's first number), the report waits for report_too_large.
  std::optional<std::uint32_t> read_number(std::string_view digits, SourceRange where,
                                           std::uint32_t max = 0xFFFFFFFFu, bool defer = false);
  // Reports the deferred numbers inside `matched`, the range of the rule that
  // matched; forgets the others.
  void report_too_large(SourceRange matched);
  struct TooLarge {
    SourceRange where;
    std::string written;
    std::uint32_t max;
  };
  std::vector<TooLarge> too_large;

  // The actions' work on words (parser_headings.cpp, parser_awards.cpp).
  void open_paragraph(SourceRange header);
  void close_paragraph(); // at the end of its block, or of the file
  // A view of `text`, a piece of the matched input (`base`), into the source.
  std::string_view stored(std::string_view text) const {
    return stored(text, range(text.data(), text.data() + text.size()));
  }
  void open_section(SourceRange heading);
  bool read_heading(std::string_view text, SourceRange where);
  bool read_wealth_heading(std::string_view text, SourceRange where);
  // A chart entry's `Female` / `Male` (the heading words): the entry's sex.
  void read_being_sex(std::string_view written, SourceRange where);
  void read_named_award();
  void read_coded_qualifier();
  void commit_award(SourceRange where);
  void add_text(std::string_view piece, const char* begin);
  // `text` as the model keeps it: the source's own bytes at `where` when it is
  // them, else a copy in the book's TextStore.
  std::string_view stored(std::string_view text, SourceRange where) const {
    if (where.begin <= where.end && where.end <= source.size() &&
        source.substr(where.begin, where.end - where.begin) == text)
      return source.substr(where.begin, where.end - where.begin);
    return book.keep(text);
  }
};

// Parses a number written in ASCII or full-width digits (up to the first other
// character); nullopt when it is above `max`: numbers never saturate.
std::optional<std::uint32_t> parse_number(std::string_view digits, std::uint32_t max = 0xFFFFFFFFu);

} // namespace talebook
