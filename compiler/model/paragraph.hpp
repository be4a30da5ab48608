// Paragraphs, with their encounter charts; reaction matrices; cards.
// (part of the book model: compiler/model/model.hpp)
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/model/award_code.hpp"
#include "compiler/model/boxed.hpp"
#include "compiler/model/references.hpp"
#include "compiler/model/section.hpp"
#include "compiler/model/store.hpp"
#include "compiler/model/text_ref.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

// ---- encounter charts and reaction matrices -----------------------------

struct ChartEntry {
  int roll = 0;      // 1..12 as printed
  TextRef being;     // "Lost Merchant": into the source or the Book's TextStore
  TextRef adjective; // "Lost": its row's, kept by the resolver in the Book's TextStore
  char matrix = 'A';
  BeingSex sex = BeingSex::Unstated; // `(H, Female)`: rule 11.6's Court
  bool sex_unknown = false;          // a word that names none (TB0087): not unstated
  int row = -1; // resolved: index of the row of `matrix` whose adjective starts `being`
  SourceRange range;
};

static_assert(sizeof(ChartEntry) <= 48);

struct EncounterChart {
  std::vector<ChartEntry> entries;
};

struct MatrixCell {
  CellKind kind = CellKind::Forbidden;
  std::uint32_t number = 0;
  SourceRange range;
};

struct MatrixRow {
  std::string adjective;
  std::vector<MatrixCell> cells;
  SourceRange range;
};

struct ReactionMatrix {
  char letter = 'A';
  std::vector<std::string>
      options; // vocabulary ids of the option columns (as written until resolved)
  std::vector<SourceRange> option_ranges;
  std::vector<std::string> option_notes; // `Buy(slave)`: "slave" (resolved; empty when none)
  bool options_damaged = false;          // the options line did not parse (reported)
  std::vector<MatrixRow> rows;
  SourceRange header;
  SourceRange range;
  bool fallback = false; // a translation's: the source book's matrix
};

// ---- quests ----------------------------------------------------------------

// A quest paragraph's table is its Roll sections; its spaces and modifiers are
// the Spaces and Modifiers sections. The resolver splits their text into one
// Space condition per space (id: the space as written) and one Modifier
// condition per modifier (roll_low: the signed amount; id: the skill or status
// it names, `target` its kind, or none; Book::words: the modifier as written).

// ---- paragraphs ------------------------------------------------------------

struct Paragraph {
  std::uint32_t number = 0;
  ParagraphKind kind = ParagraphKind::Award;
  bool fallback = false; // a translation's: the source book's paragraph

private:
  std::uint8_t parts_ = 0; // 1: a name range (4: too far to keep), 2: a prose range

public:
  // Views, as in Award: into the source or the Book's TextStore; a status's
  // id into the Vocabulary (which outlives the book).
  TextRef name; // status/treasure/place/quest name as written
  // Its id: a status's vocabulary id once resolved; else the name as written
  // (before normalization: `name` is in NFC, the id keeps what was written).
  TextRef name_id() const {
    if (const TextRef* id = chart.other()) return *id;
    return name;
  }
  // An id other than `name` (a status's vocabulary id, the resolver's; a name
  // as written that normalization changed), held by the pointer that only a
  // chart uses otherwise: std::logic_error on a chart paragraph.
  void set_name_id(TextRef id) {
    if (kind == ParagraphKind::Chart) throw std::logic_error("a name id on a chart paragraph");
    chart.set_other(id);
  }
  TextRef prose;                // text before the first section, refs as written (Book::keep)
  Slice<Section> sections;      // in the Book's store (Book::keep_sections)
  Slice<ParagraphRef> refs;     // every paragraph reference, prose and sections (Book::keep_refs)
  Slice<MatrixRef> matrix_refs; // every `Name (L)` (Book::keep_matrix_refs)
  Boxed<EncounterChart, TextRef> chart; // kind == Chart (else: name_id(), when set)
  SourceRange range;                    // the whole paragraph, from its header

  // The other ranges are in the file of `range` (the header starts it): the
  // header line, the name as written, where the prose stands (from after the
  // header to the first section); an invalid range when there is none.
  SourceRange header() const { return {range.file, range.begin, header_end_}; }
  SourceRange name_range() const {
    if (!(parts_ & 1)) return {};
    if (parts_ & 4) return header(); // a name too far into a long header line: the header
    return {range.file, range.begin + name_offset_, range.begin + name_offset_ + name_size_};
  }
  SourceRange prose_range() const { return part(prose_begin_, prose_end_, 2); }
  // A header sets `range` (to the header: the paragraph's text extends it).
  void set_header(SourceRange header) { range = header, header_end_ = header.end; }
  // The name lies in the header: kept as 16-bit offsets from its start (a
  // name past 64 KiB of a header line reads back as the header).
  void set_name_range(SourceRange r);
  void set_prose_range(SourceRange r) { set(r, prose_begin_, prose_end_, 2); }

private:
  SourceRange part(std::uint32_t begin, std::uint32_t end, std::uint8_t bit) const {
    if (!(parts_ & bit)) return {};
    return {range.file, begin, end};
  }
  void set(SourceRange r, std::uint32_t& begin, std::uint32_t& end, std::uint8_t bit) {
    begin = r.begin, end = r.end;
    parts_ = static_cast<std::uint8_t>(r.valid() ? parts_ | bit : parts_ & ~bit);
  }
  std::uint32_t header_end_ = 0, prose_begin_ = 0, prose_end_ = 0;
  std::uint16_t name_offset_ = 0, name_size_ = 0;
};
// What a paragraph costs the model (100,000 of them in a large book).
static_assert(sizeof(Paragraph) <= 104);

// ---- cards -----------------------------------------------------------------

struct TerrainEntry {
  std::string terrain; // vocabulary id (as written until resolved)
  ParagraphRef paragraph;
  bool illustrated = false; // the asterisked terrain
  SourceRange range;
  SourceRange name_range; // the terrain's name as written
};

struct CityResult {
  int roll = 0;                       // 1..6
  std::string_view text;              // as written, minus award codes (Book::keep)
  std::vector<AwardCode> awards;      // `[D3] if any status, otherwise [D1]` has two
  std::vector<ParagraphRef> refs;     // encounters with a paragraph
  std::vector<MatrixRef> matrix_refs; // encounters straight to a matrix
  SourceRange range;
};

struct Card {
  CardKind kind = CardKind::Character;
  std::string name;
  char matrix = 0;                    // character cards
  std::vector<ParagraphRef> decks;    // character cards: 1st, 2nd, 3rd deck
  std::vector<TerrainEntry> terrains; // terrain cards
  std::vector<CityResult> results;    // city cards
  // City (fate) cards: the upside-down half, a Quest card (rule 22.1): the
  // being to find and the quest paragraph (number 0: none), and its line.
  std::string_view quest_being;
  ParagraphRef quest;
  SourceRange quest_range;
  SourceRange header;
  SourceRange range;
  bool fallback = false; // a translation's: the source book's card
};

} // namespace talebook
