// The .tbook reader for game engines (C++17, standard library only).
//
// Book::open_file, open_memory and open_borrowed validate the whole file once
// (magic, version, sizes, every offset, count and string against the file, the
// checksum); afterwards every accessor is a constant-time view into the file's
// bytes: no parsing, no copying of strings, no failure. Book::open_mapped checks
// a format 1.2 file part by part as it is read (see there). Records are
// addressed by their index in the book; a Span is a run of indexes (iterate it,
// then ask the Book for each):
//
//   talebook::tbook::ReadError error;
//   auto book = talebook::tbook::Book::open_file("sample.tbook", error);
//   if (!book) { std::cerr << error.what() << '\n'; return; } // error.kind: what
//   if (auto p = book->find_paragraph(328))
//     for (std::uint32_t s : p->sections)
//       for (std::uint32_t a : book->section(s).awards) use(book->award(a));
//
// Views (std::string_view) stay valid as long as the Book lives; every string
// is valid UTF-8 and followed by a NUL byte (string_view::data() is a C string).
// docs/binary-format.md describes the file; the C API is talebook.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "talebook/kinds.hpp"
#include "talebook/read_error.hpp"

struct talebook_book; // the C API's handle (talebook.h)

namespace talebook::tbook {

// The enums (ParagraphKind, AwardKind, ..., VocabKind) and their stable
// lowercase names, name_of(kind) ("award", "go_to", "one_use"..., as talec dump
// writes them), are in talebook/kinds.hpp. Their numeric values are the file's;
// they never change within format 1.x.

// A run of record indexes [first, first + count).
struct Span {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
  struct iterator {
    std::uint32_t i;
    std::uint32_t operator*() const { return i; }
    iterator& operator++() {
      ++i;
      return *this;
    }
    bool operator!=(const iterator& o) const { return i != o.i; }
    bool operator==(const iterator& o) const { return i == o.i; }
  };
  iterator begin() const { return {first}; }
  iterator end() const { return {first + count}; }
  std::uint32_t size() const { return count; }
  bool empty() const { return count == 0; }
  std::uint32_t operator[](std::uint32_t i) const { return first + i; }
};

struct VocabEntry {
  std::uint32_t index = 0;
  VocabKind kind = VocabKind::Skill;
  std::uint32_t order = 0;
  std::string_view id;   // "courtly_graces"
  std::string_view name; // "Courtly Graces" (the book's language)
};

struct Paragraph {
  std::uint32_t index = 0;
  std::uint32_t number = 0;
  ParagraphKind kind = ParagraphKind::Award;
  std::string_view name;    // status/treasure/place/quest name as written
  std::string_view name_id; // status: vocabulary id; treasure/place/quest: the name
  std::string_view prose;
  Span sections;    // -> Book::section
  Span refs;        // -> Book::reference (paragraph numbers)
  Span matrix_refs; // -> Book::matrix_ref
  bool has_chart = false;
  Span chart_entries; // -> Book::chart_entry
  // A translation's paragraph that holds its source book's text: the
  // translation lacks it (format 1.2; false in older files). So do its sections.
  bool fallback = false;
  bool is_fallback() const { return fallback; }
};

struct Condition {
  ConditionKind kind = ConditionKind::NoSkill;
  bool mandatory = false;
  int roll_low = 0;
  int roll_high = 0;     // 0 = "and up"
  std::string_view id;   // Skill/Status: vocabulary id; Treasure: the name; else empty
  std::string_view name; // Skill/Status: the book's word; Treasure: the name as written; else empty
  // Treasure: the treasure's paragraph (what an engine compares); 0 in a format
  // 1.0 file, which does not carry it.
  std::uint32_t paragraph = 0;
  // 1.2. Wealth: id/name the level written, roll_low..roll_high the orders it
  // covers. Space: id = name = the space. Modifier: the signed amount, the words
  // as written, and what it depends on (target Skill or Status: id/name), or
  // target NoSkill for a modifier the book does not tie to a name.
  int amount = 0;
  ConditionKind target = ConditionKind::NoSkill;
  std::string_view words;
  // 1.5. Effect (of a status or treasure paragraph's `Effects:`): what it does,
  // its amount (EncounterRoll: added to the roll; EndsOn: the least die that
  // ends the status), id/name the skill it suspends or the option it forbids,
  // words as written.
  EffectKind effect = EffectKind::NoEncounters;
};

struct Award {
  AwardKind kind = AwardKind::Destiny;
  std::int32_t amount = 0; // Destiny, Story, Wealth
  std::string_view id;     // see AwardKind (MoveToTerrain: the terrain's vocabulary id)
  std::string_view name;   // the book's word for id
  WealthLimit limit = WealthLimit::None;
  std::string_view limit_id; // wealth level of Max/Min
  std::string_view limit_name;
  AwardTerm term = AwardTerm::Permanent;
  AwardQualifier qualifier = AwardQualifier::None;
  std::uint32_t paragraph = 0; // GoTo, Treasure, EnterPlace
  std::uint32_t space = 0;     // 1.6 MoveToSpace: an index of Book::space
};

struct AwardGroup { // one award code, `[D1/S1]`
  Span awards;      // -> Book::award
  bool bracketed = true;
};

struct Section {
  std::uint32_t index = 0;
  std::string_view text;
  Span conditions; // -> Book::condition
  bool mandatory = false;
  bool has_award = false;
  bool bracketed = true;
  Span awards;           // -> Book::award (empty without an award code)
  bool fallback = false; // the source book's section (format 1.2)
  bool is_fallback() const { return fallback; }
};

struct MatrixRef {
  std::string_view being; // may be empty
  char letter = 'A';
  // The being's row in matrix `letter` (for Book::matrix_cell); none for a bare
  // `(H)` in prose, and in a format 1.0 file, which does not carry rows.
  std::optional<std::uint32_t> row;
};

struct ChartEntry {
  int roll = 0;
  std::string_view being;
  std::string_view adjective;
  char matrix = 'A';
  std::optional<std::uint32_t> row;  // the being's row in `matrix`; none only in format 1.0
  BeingSex sex = BeingSex::Unstated; // 1.5: as the entry states it (rule 11.6, Court)
};

struct MatrixCell {
  CellKind kind = CellKind::Forbidden;
  std::uint32_t number = 0; // CellKind::Number
};

struct ReactionMatrix {
  std::uint32_t index = 0;
  char letter = 'A';
  std::uint32_t option_count = 0; // columns
  std::uint32_t row_count = 0;
  bool fallback = false; // the source book's matrix (format 1.2)
  bool is_fallback() const { return fallback; }
};

struct TerrainEntry {
  std::string_view terrain_id;
  std::string_view terrain_name;
  std::uint32_t paragraph = 0;
  bool illustrated = false;
};

struct CityResult {
  int roll = 0;
  std::string_view text;
  Span award_groups; // -> Book::award_group
  Span refs;         // -> Book::reference
  Span matrix_refs;  // -> Book::matrix_ref
};

struct Card {
  std::uint32_t index = 0;
  CardKind kind = CardKind::Character;
  std::string_view name;
  char matrix = 0;       // character cards
  Span decks;            // character: -> Book::reference (1st, 2nd, 3rd deck)
  Span terrains;         // terrain: -> Book::terrain
  Span results;          // city: -> Book::city_result
  bool fallback = false; // the source book's card (format 1.2)
  // 1.5. City (fate) cards: the upside-down half, a Quest card (rule 22.1):
  // the quest paragraph and the being it names; none without one.
  std::optional<std::uint32_t> quest;
  std::string_view quest_being;
  bool is_fallback() const { return fallback; }
};

// 1.6: a space of the map (rule 9).
struct Space {
  std::uint32_t index = 0;
  std::string_view name;
  std::string_view terrain_id;        // "city", "sea"... (VocabKind::Terrain)
  std::string_view terrain_name;      // this book's word for it
  std::uint32_t black = 0;            // the black number: encounter rolls + it (11.5)
  bool start = false;                 // where characters start and win (Baghdad, 4.1, 5)
  bool wild = false;                  // the Wild Area: encounter rolls +2 (11.5)
  std::optional<std::uint32_t> place; // a place of power's space: its paragraph
  Span routes;                        // the moves out of it: -> Book::route
  bool fallback = false;              // the source book's space (a translation's)
  // 1.6: its products: -> Book::space_product (empty for a space without products)
  Span products;
};

// A move out of a space: to `space`, by land or by sea (9.1).
struct Route {
  std::uint32_t space = 0; // -> Book::space
  RouteKind kind = RouteKind::Land;
};

// The movement rates of a wealth level (9.1): spaces by land, by sea.
struct MovementRate {
  std::uint32_t land = 0;
  std::uint32_t sea = 0;
};

// 1.6: the shape of a trade route counter (rule 23.2), kinds.def
// TALEBOOK_COUNTER_SHAPES: CounterShape { Straight, Diagonal, Left, Right },
// named "straight" ... (talebook/kinds.hpp).

// 1.6: a product of the cities, in its box of the Merchant Display (rule 23.1).
struct Product {
  std::uint32_t index = 0;
  std::string_view name;
  std::uint32_t row = 0, column = 0; // its box, from 0
  bool fallback = false;             // the source book's (a translation's)
};

// 1.6: counters of one shape in the cup (rule 23.1), `wealth` on their back (23.5: 0 none, 1 or 2).
struct CounterGroup {
  CounterShape shape = CounterShape::Straight;
  std::uint32_t count = 0;
  std::uint32_t wealth = 0;
};

// 1.7: the game family (docs/games.md). GameKind { tales, morgenland,
// shahrazad }, DeckClass, CardRole, CardEffectKind and TileColour are the
// lists of kinds.def (talebook/kinds.hpp), with the compiler model's names.

// A card of the deck of "Da geht was ab im Morgenland" (one block: `copies`
// alike in the deck).
struct DeckCard {
  std::uint32_t index = 0;
  DeckClass deck_class = DeckClass::attack; // its stack
  CardRole role = CardRole::none;           // allowed by its stack
  std::string_view name, gloss, text;       // gloss: the English `[...]`, empty when none
  bool has_scores = false;                  // a Night card (attack or defence): Key 1-6
  std::uint32_t attack = 0, defence = 0, key = 0;
  std::uint32_t copies = 1;                     // 1-99
  CardEffectKind effect = CardEffectKind::none; // `Effect:`
  std::uint32_t effect_amount = 0;              // 1-3 for draw, discard, attack, key
  Span stopped_by;                              // a flying card's: -> Book::deck_card_ref
  Span bars;                                    // a bars day card's: -> Book::deck_card_ref
  bool fallback = false;                        // the source book's card (a translation's)
};

// A story tile of Shahrazad: tile `number` is Book::story_tile(number). The
// other numbers it prints are those of the other tiles of its colour.
struct StoryTile {
  std::uint32_t number = 0;
  TileColour colour = TileColour::red;
  std::string_view title;
  bool fallback = false;
};

// A line of the King's verdicts: a total of `from` to `to` (open: `from` or more).
struct Verdict {
  std::uint32_t index = 0;
  std::uint32_t from = 0, to = 0; // to: UINT32_MAX when open
  bool open = false;              // the last, `40+`
  std::string_view words;
  bool fallback = false;
};

struct FormatVersion {
  std::uint16_t major = 0;
  std::uint16_t minor = 0;
};

// This reader reads format 1.x: a file of another major version is rejected; a
// newer minor is read, its unknown sections and record tails ignored; a 1.0 file
// is read without the resolved fields 1.1 added (matrix rows, treasure paragraphs).
inline constexpr FormatVersion reader_format_version{layout::version_major, layout::version_minor};

// Thrown by the accessors of a book opened with Book::open_mapped when the part
// of the file they read first is damaged: error() says what and where; what()
// is its English ("bad book file: ...").
class BadBookError : public std::runtime_error {
public:
  explicit BadBookError(ReadError error)
      : std::runtime_error(error.what()), error_(std::move(error)) {}
  const ReadError& error() const { return error_; }

private:
  ReadError error_;
};

// Unpacks one zstd frame (docs/binary-format.md, "Compression") into
// out[start..out_size), which it must fill exactly, with out[..start] as its
// dictionary (a string block's; none when start is 0). False if it is damaged.
bool unpack_stream(const void* in, std::size_t in_size, void* out, std::size_t out_size,
                   std::size_t start = 0);

class Book {
public:
  // Null and `error` set on failure (its kind says what; a bad_file() is a
  // damaged or foreign file, else it could not be read). Each opening also
  // takes a std::string, which receives error.what().
  static std::unique_ptr<Book> open_file(const std::string& path, ReadError& error);
  static std::unique_ptr<Book> open_file(const std::string& path, std::string& error);
  // Copies the bytes.
  static std::unique_ptr<Book> open_memory(const void* data, std::size_t size, ReadError& error);
  static std::unique_ptr<Book> open_memory(const void* data, std::size_t size, std::string& error);
  // Zero-copy: the bytes (e.g. a read-only mapping) must outlive the Book.
  static std::unique_ptr<Book> open_borrowed(const void* data, std::size_t size, ReadError& error);
  static std::unique_ptr<Book> open_borrowed(const void* data, std::size_t size,
                                             std::string& error);
  // For a writer that checks the file it has just made (talec build): as
  // open_borrowed, but a file of string blocks (1.2) is not unpacked: `pool` is
  // the strings the writer packed, checked as the file's pool (its strings,
  // every reference into it, its size against the blocks), and each block's
  // sum is checked. That each block unpacks to its part of `pool` is the
  // writer's to check (unpack_stream), and so is the header's checksum (the
  // writer computes it over these bytes: whole_file_checksum), which is not
  // checked here. Both `data` and `pool` must outlive the Book.
  static std::unique_ptr<Book> open_written(const void* data, std::size_t size,
                                            std::string_view pool, ReadError& error);
  static std::unique_ptr<Book> open_written(const void* data, std::size_t size,
                                            std::string_view pool, std::string& error);
  // For a writer that checks a file it writes part by part, without holding
  // it whole (talec build): as open_written, but each part comes from `file`
  // (WrittenFile), and the result is only the verdict. Every record and
  // reference is checked as by open_written; a file of string blocks (1.2) has
  // its pool's strings read a block at a time (WrittenFile::pool) and each
  // block's sum checked against the packed bytes WrittenFile::read gives; a
  // file with STRS has its strings checked in the section itself.
  struct WrittenFile;
  static bool check_written(const WrittenFile& file, ReadError& error);
  static bool check_written(const WrittenFile& file, std::string& error);
  // Maps the file read-only (POSIX mmap; a copy where there is none) and reads
  // it in place. A file of format 1.2 is checked in parts: at open its header
  // and section table; each section (its sum and its records) when first read;
  // each string block when first read (its sum, then it is unpacked once). An
  // accessor that meets damage throws BadBookError. Any other file is checked
  // whole at open, as by open_file. Opening and reading one paragraph of a
  // 100,000-paragraph book takes milliseconds (docs/performance.md).
  //
  // A file truncated by another process while it is mapped never ends the
  // process: the reader's SIGBUS guard (installed at the first open_mapped;
  // a SIGBUS outside the reader's mappings goes to the handler installed
  // before it) gives zeros for the missing bytes, and the read that meets them
  // throws BadBookError with ReadErrorKind::FileChanged, as verify() then
  // reports. Where the guard cannot be installed (a handler installed after it
  // replaced it, or a sanitizer keeps SIGBUS), the file is read into memory:
  // in_place() says which. Install an engine's own SIGBUS handler before the
  // first open_mapped, or use open_file for a file other processes may rewrite:
  // bytes changed in place (not truncated) are caught only by the checks of
  // what is read after the change.
  static std::unique_ptr<Book> open_mapped(const std::string& path, ReadError& error);
  static std::unique_ptr<Book> open_mapped(const std::string& path, std::string& error);
  // True when the book reads its file in place (open_mapped, mapped); false
  // when its bytes are in memory (every other open, or open_mapped's fallback).
  bool in_place() const;
  ~Book();
  Book(const Book&) = delete;
  Book& operator=(const Book&) = delete;

  // Checks the whole file as open_file does (the checksum, every section, every
  // string); false with the error. After open_file, open_memory and
  // open_borrowed it is always true. After open_mapped it promises what it
  // read: the file as it is now; a file truncated since (or during) is
  // FileChanged, here and at every read that meets the missing bytes.
  bool verify(ReadError& error) const;
  bool verify(std::string& error) const;

  FormatVersion version() const;
  std::string_view title() const;
  std::string_view language() const; // BCP 47
  std::string_view translates() const;

  std::uint32_t vocabulary_count() const;
  VocabEntry vocabulary(std::uint32_t index) const;
  std::optional<VocabEntry> find_vocabulary(VocabKind kind, std::string_view id) const;

  std::uint32_t paragraph_count() const; // sorted by number
  Paragraph paragraph(std::uint32_t index) const;
  std::optional<Paragraph> find_paragraph(std::uint32_t number) const; // O(1)

  std::uint32_t section_count() const;
  Section section(std::uint32_t index) const;
  std::uint32_t condition_count() const;
  Condition condition(std::uint32_t index) const;
  std::uint32_t award_group_count() const;
  AwardGroup award_group(std::uint32_t index) const;
  std::uint32_t award_count() const;
  Award award(std::uint32_t index) const;
  std::uint32_t reference_count() const;
  std::uint32_t reference(std::uint32_t index) const; // a paragraph number
  std::uint32_t matrix_ref_count() const;
  MatrixRef matrix_ref(std::uint32_t index) const;
  std::uint32_t chart_entry_count() const;
  ChartEntry chart_entry(std::uint32_t index) const;

  std::uint32_t matrix_count() const; // sorted by letter
  ReactionMatrix matrix(std::uint32_t index) const;
  std::optional<ReactionMatrix> find_matrix(char letter) const;
  VocabEntry matrix_option(const ReactionMatrix& matrix, std::uint32_t column) const;
  std::string_view matrix_row(const ReactionMatrix& matrix, std::uint32_t row) const; // adjective
  MatrixCell matrix_cell(const ReactionMatrix& matrix, std::uint32_t row,
                         std::uint32_t column) const;

  std::uint32_t card_count() const; // in source order
  Card card(std::uint32_t index) const;
  std::uint32_t terrain_count() const;
  TerrainEntry terrain(std::uint32_t index) const;
  std::uint32_t city_result_count() const;
  CityResult city_result(std::uint32_t index) const;

  // 1.6: the map (rule 9); no spaces in a book without one (or a 1.5 file).
  std::uint32_t space_count() const; // in source order
  Space space(std::uint32_t index) const;
  std::optional<std::uint32_t> start_space() const; // where characters start
  std::optional<std::uint32_t> find_space(std::string_view name) const;
  std::uint32_t route_count() const;
  Route route(std::uint32_t index) const;
  // The rates of the wealth level whose VocabEntry id is `wealth_id` ("poor"):
  // none when the book's map gives none.
  std::optional<MovementRate> movement_rate(std::string_view wealth_id) const;

  // 1.6: the Merchant Display (rule 23): its grid of boxes, its products (a
  // box each; the other boxes are empty) and the trade route counters in the
  // cup, by shape and by the wealth on their back; 0 rows, no products and no
  // counters in a book without one (or an older file).
  std::uint32_t display_rows() const; // 0: no Merchant Display
  std::uint32_t display_columns() const;
  std::uint32_t product_count() const; // in display order (row by row)
  Product product(std::uint32_t index) const;
  std::optional<std::uint32_t> find_product(std::string_view name) const;
  // An entry of Space::products: a product index.
  std::uint32_t space_product(std::uint32_t index) const;
  std::uint32_t counter_group_count() const;
  CounterGroup counter_group(std::uint32_t index) const;

  // 1.7: the game family. Which game the book is (GameKind::tales for a Book
  // of Tales and any older file); a morgenland book's deck (no cards in any
  // other book), a shahrazad book's story tiles (by number) and verdicts (by
  // score, from 0, the last open).
  GameKind game() const;
  std::uint32_t deck_card_count() const; // in source order
  DeckCard deck_card(std::uint32_t index) const;
  std::optional<std::uint32_t> find_deck_card(std::string_view name) const;
  // An entry of DeckCard::stopped_by or bars: a deck card index.
  std::uint32_t deck_card_ref(std::uint32_t index) const;
  std::uint32_t story_tile_count() const;
  StoryTile story_tile(std::uint32_t number) const;
  std::uint32_t verdict_count() const;
  Verdict verdict(std::uint32_t index) const;
  // The verdict of a total score (none only in a book without verdicts).
  std::optional<std::uint32_t> verdict_for(std::uint32_t score) const;

  // The records as stored, for tools that show the file itself (`talec dump
  // --records`; talebook/records.hpp names their fields): a record section's
  // record count, and record i's bytes as this reader's struct of it (an older
  // minor's shorter record with the defaults of the fields it lacks; a u32
  // section's value: 4 bytes). Not for STRS (0 records: see string_at).
  // Engines read the accessors above.
  std::uint32_t record_count(layout::SectionId id) const;
  std::string record_bytes(layout::SectionId id, std::uint32_t index) const;
  // The string at a pool offset (a string field's value); throws
  // std::out_of_range when no string of the pool fits there.
  std::string_view string_at(std::uint32_t offset) const;

  // Accessors with an index out of range throw std::out_of_range; indexes taken
  // from the book's own Spans are always in range.

  struct Data;

private:
  explicit Book(std::unique_ptr<Data> data);
  std::unique_ptr<Data> data_;
};

// The parts of a file that Book::check_written checks, asked for while it runs;
// the sections' bytes must stay valid until it returns.
struct Book::WrittenFile {
  // The header and the section table. The header's checksum is the writer's to
  // compute (whole_file_checksum) and is not checked.
  std::string_view head;
  std::uint64_t size = 0; // the whole file's
  // The bytes of section table entry i, as many as the table says; not asked
  // for the packed blocks (SDAT).
  std::function<const void*(std::uint32_t entry)> section;
  // Appends the file's bytes [offset, offset + size) to `out`: the packed
  // blocks, one at a time, for their sums.
  std::function<void(std::uint64_t offset, std::uint64_t size, std::string& out)> read;
  // Appends the pool's bytes [start, start + size) to `out`: the strings the
  // writer packed (whole strings, a block at a time, or one string's parts);
  // not asked for a file with STRS.
  // That each block unpacks to them is the writer's to check (unpack_stream).
  std::function<void(std::uint64_t start, std::uint64_t size, std::string& out)> pool;
};

// The Book behind a handle of the C API (talebook.h), for a library that
// offers a C API of its own over the reader's (the engine's talebook/engine.h);
// null for null.
const Book* book_of(const ::talebook_book* handle);

} // namespace talebook::tbook
