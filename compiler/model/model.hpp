// The book model: what a Book of Tales is, in the game's words.
//
// The parser (compiler/parser.cpp) builds it from `.tales` sources; the checks
// (compiler/check_*.cpp) read it; the emitter writes it as a `.tbook`.
// Names that a translation changes are resolved to vocabulary ids (stable
// strings such as "courtly_graces") so that an English and a Chinese book
// compare equal wherever their mechanics are equal.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/model/boxed.hpp"
#include "compiler/model/store.hpp"
#include "compiler/model/symbols.hpp"
#include "compiler/model/text_ref.hpp"
#include "compiler/text/source.hpp"
#include "talebook/kinds.hpp"

namespace talebook {

// The enums are the .tbook's (talebook/kinds.hpp, one list each, shared with the
// reader and the engine): tbook::name_of gives their ids, to_string the words
// of a compiler message ("place of power").
using tbook::AwardKind;
using tbook::AwardQualifier;
using tbook::AwardTerm;
using tbook::CardKind;
using tbook::CellKind;
using tbook::ConditionKind;
using tbook::ParagraphKind;
using tbook::WealthLimit;
template <class E>
requires requires {
  tbook::Kind<E>::count;
}
inline const char* to_string(E kind) {
  return tbook::words_of(kind);
}
// The stable keyword of a kind ("award", "place"): a diagnostic argument
// that its pattern selects on.
inline const char* keyword(ParagraphKind kind) {
  return tbook::name_of(kind);
}

// A `(134)` in prose, a `Go to 134`, a card number, a `Treasure (154)`...
struct ParagraphRef {
  std::uint32_t number = 0;
  SourceRange range;
};

// `Old Man (H)`: the being as written and the matrix letter.
struct MatrixRef {
  TextRef being; // "Old Man" (may be empty in prose): into the source or the Book's TextStore
  SourceRange range;
  int row = -1; // resolved: index of the being's row in matrix `letter`, -1 when none matched
  char letter = 'A';
};
static_assert(sizeof(MatrixRef) <= 32);

// ---- award codes --------------------------------------------------------

// AwardKind, WealthLimit, AwardTerm and AwardQualifier: talebook/kinds.hpp.

// What an award's name does, as the parser read it; the resolver finds what
// the name is (a skill, a status, a treasure, a place) and sets the kind.
enum class AwardName : std::uint8_t {
  None,  // no name (D2, Trea*, Go to 134...)
  Gain,  // `Piety`, `Beloved (1 turn)`, `Ionian Gems (154)`
  Lose,  // `Lose Piety`
  Enter, // `Enter City of Brass`
};

struct Award {
  // A view: a vocabulary id into the Vocabulary (which outlives the book), a
  // book name or a name as written into the source or the Book's TextStore.
  // skill, status: the vocabulary id; treasure, place: the book name; Wealth:
  // the Max/Min level's vocabulary id (limit_id()); each as written until resolved
  TextRef id;
  std::int32_t amount = 0;     // D, S, W
  std::uint32_t paragraph = 0; // GoTo; Treasure, EnterPlace: as written or resolved
  SourceRange range;
  // Left by the parser for the resolver, in the file of `range` (set after
  // it): the name (or the Max/Min level) as written, and the argument (`(1
  // use)`, `(154)`) when one was written; an invalid range when none. Kept as
  // offsets from range.begin: a part beyond 64 KiB of its item is read back as
  // the whole item.
  SourceRange name_range() const { return name_.in(range); }
  SourceRange argument_range() const { return argument_.in(range); }
  void set_name_range(SourceRange r) { name_ = Part::of(r, range); }
  void set_argument_range(SourceRange r) { argument_ = Part::of(r, range); }
  // A Wealth award's Max/Min level (its `id`): the vocabulary id once
  // resolved, as written before; empty for the other kinds.
  std::string_view limit_id() const {
    return kind == AwardKind::Wealth ? id.view() : std::string_view();
  }
  AwardKind kind = AwardKind::Destiny;
  AwardTerm term = AwardTerm::Permanent;
  WealthLimit limit : 2 = WealthLimit::None;
  AwardQualifier qualifier : 2 = AwardQualifier::None;
  AwardName name : 2 = AwardName::None;

private:
  // A part of the item: its offset from range.begin and its size.
  struct Part {
    static constexpr std::uint16_t far = 0xFFFF; // offset: none (size 0), the whole item (far)
    std::uint16_t offset = far, size = 0;
    static Part of(SourceRange r, SourceRange item) {
      if (!r.valid()) return {};
      if (r.file == item.file && r.begin >= item.begin && r.end >= r.begin &&
          r.begin - item.begin < far && r.end - r.begin <= far)
        return {static_cast<std::uint16_t>(r.begin - item.begin),
                static_cast<std::uint16_t>(r.end - r.begin)};
      return {far, far};
    }
    SourceRange in(SourceRange item) const {
      if (offset != far) return {item.file, item.begin + offset, item.begin + offset + size};
      return size == far ? item : SourceRange{};
    }
  };
  Part name_, argument_;
};
static_assert(sizeof(Award) <= 44, "an Award is one of the model's most numerous records");
static_assert(tbook::Kind<WealthLimit>::count <= 4 && tbook::Kind<AwardQualifier>::count <= 4);

// An award group: its items, where it stands, its form. A Section holds its
// own in place (Section::award); a city result's and a rejected one are these.
struct AwardCode {
  Slice<Award> awards; // in the Book's store
  SourceRange range;
  bool bracketed = true; // false: the bare 1985 form at the end of a line
};
static_assert(sizeof(AwardCode) <= 28);

// ---- sections -------------------------------------------------------------

// ConditionKind: talebook/kinds.hpp (Roll: roll_low..roll_high, high 0 = "and up").

struct Condition {
  // Views, as in Award: a vocabulary id into the Vocabulary (which outlives the
  // book), a name as written into the source or the Book's TextStore.
  TextRef id; // Skill/Status: vocabulary id; Treasure: the name as written
  SourceRange range;
  int roll_low = 0; // Roll, Wealth: the lowest; Modifier: the signed amount
  ConditionKind kind = ConditionKind::NoSkill;
  ConditionKind target = ConditionKind::NoSkill; // Modifier: Skill, Status or NoSkill (none)
  bool mandatory = false;

  // The one number each kind has besides roll_low, in one place (0 for the
  // other kinds): Roll and Wealth the highest (Roll: 0 = "and up"), Treasure
  // its paragraph (resolved), Modifier where its words are (Book::words).
  int roll_high() const { return has_rolls() ? static_cast<int>(number_) : 0; }
  std::uint32_t paragraph() const { return kind == ConditionKind::Treasure ? number_ : 0; }
  std::uint32_t words_index() const { return kind == ConditionKind::Modifier ? number_ : 0; }
  void set_roll_high(int high) { number_ = static_cast<std::uint32_t>(high); }
  void set_paragraph(std::uint32_t number) { number_ = number; }
  void set_words_index(std::uint32_t index) { number_ = index; }

private:
  bool has_rolls() const { return kind == ConditionKind::Roll || kind == ConditionKind::Wealth; }
  std::uint32_t number_ = 0;
};
static_assert(sizeof(Condition) <= 36, "a Condition is one of the model's most numerous records");

// A name in a heading as the parser read it that the vocabulary does not know
// (a treasure, or an unknown word; a skill or a status is a Condition at once):
// the resolver looks it up and inserts the condition. The parser leaves them
// in Book::heading_names, the resolver frees them.
struct HeadingName {
  std::string written;
  SourceRange range;
  std::size_t position = 0; // where its condition goes in Section::conditions
  bool known = false;       // a skill or status of the vocabulary: then `kind` and `id`
  bool note = false;        // an unknown `(note)`, not a name
  bool mandatory = false;
  ConditionKind kind = ConditionKind::Skill; // when known (the parser's look-up, done once)
  std::string_view id{};                     // when known: a view into the Vocabulary
  std::uint32_t section = 0; // its section's heading.begin (with range.file: which section)
};

struct Section {
  Slice<Condition> conditions; // joined by `,` or `or` in the heading (Book::keep_conditions)
  TextRef text;                // the section's prose, award code removed (Book::keep)

  // Where it stands, in one file: the whole section, the heading up to and
  // including ':', the prose (heading and award excluded). Setting a valid
  // range of another file than the others' is an error (std::logic_error).
  // A heading starts its section: setting it sets where the section begins,
  // and a section with a heading keeps that start (else std::logic_error).
  SourceRange range() const { return get(range_, 1); }
  SourceRange heading() const { return get({range_.begin, heading_end_}, 2); }
  SourceRange text_range() const { return get(text_range_, 4); }
  void set_range(SourceRange r);
  void set_heading(SourceRange r);
  void set_text_range(SourceRange r) { set(text_range_, 4, r); }

  // The section's award group, when it has one (which may be empty, or have no
  // range: a line that could not be read): a copy, whose items are the Book's
  // (Book::keep_awards). Held in the section, not as a record of its own.
  std::optional<AwardCode> award() const {
    if (!has_award_) return std::nullopt;
    return AwardCode{awards_, get(award_range_, 8), bool(bracketed_)};
  }
  bool has_award() const { return has_award_; }
  // The award group's items (none without a group).
  Slice<const Award> awards() const { return {awards_.data(), awards_.size()}; }
  void set_award(const AwardCode& code) {
    set(award_range_, 8, code.range);
    awards_ = code.awards;
    bracketed_ = code.bracketed;
    has_award_ = true;
  }
  void clear_award() {
    set(award_range_, 8, {});
    awards_ = {};
    bracketed_ = true;
    has_award_ = false;
  }
  bool mandatory() const;

private:
  struct Span {
    std::uint32_t begin = 0, end = 0;
  };
  SourceRange get(Span s, unsigned bit) const {
    return {valid_ & bit ? std::uint32_t(file_) : 0, s.begin, s.end};
  }
  void set(Span& s, unsigned bit, SourceRange r);
  Slice<Award> awards_; // the award group's items
  Span range_, text_range_, award_range_;
  std::uint32_t heading_end_ = 0; // the heading begins at range_.begin
  std::uint32_t file_ : 24 = 0;   // of every valid range (at most 16,777,215 files)
  std::uint32_t valid_ : 4 = 0;   // which ranges are valid: 1 range, 2 heading, 4 text, 8 award
  std::uint32_t has_award_ : 1 = 0;
  std::uint32_t bracketed_ : 1 = 1; // the award group's: false, the bare 1985 form

public:
  bool tentative : 1 = false; // `Words:` that may be prose: the resolver decides
  // a translation's: the source book's section (compiler/translate/fallback.hpp)
  bool fallback : 1 = false;
};
static_assert(sizeof(Section) <= 68, "a paragraph holds its sections by value");

// ---- encounter charts and reaction matrices -----------------------------

struct ChartEntry {
  int roll = 0;      // 1..12 as printed
  TextRef being;     // "Lost Merchant": into the source or the Book's TextStore
  TextRef adjective; // "Lost": its row's, kept by the resolver in the Book's TextStore
  char matrix = 'A';
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
  // name_id into the Vocabulary (which outlives the book).
  TextRef name;                 // status/treasure/place/quest name as written
  TextRef name_id;              // status: vocabulary id; treasure/place/quest: the name
  TextRef prose;                // text before the first section, refs as written (Book::keep)
  Slice<Section> sections;      // in the Book's store (Book::keep_sections)
  Slice<ParagraphRef> refs;     // every paragraph reference, prose and sections (Book::keep_refs)
  Slice<MatrixRef> matrix_refs; // every `Name (L)` (Book::keep_matrix_refs)
  Boxed<EncounterChart> chart;  // kind == Chart
  SourceRange range;            // the whole paragraph, from its header

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
static_assert(sizeof(Paragraph) <= 116);

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
  SourceRange header;
  SourceRange range;
  bool fallback = false; // a translation's: the source book's card
};

// ---- the book ----------------------------------------------------------------

// Where the model's text is kept when it is not a slice of a source file (the
// common case, a view into the SourceSet's text): text joined from several
// lines, a CRLF file's lines, an NFC form, a JSON book's strings. Chunks of
// bytes that never move: moving a Book, or adopting another's store when two
// books merge, keeps every view valid.
class TextStore {
public:
  // A copy of `text` that lives as long as the store (or the one adopting it).
  std::string_view keep(std::string_view text);
  // `before` + `separator` + `piece`, kept; grows `before` in place when it is
  // the last text kept and its chunk has room.
  std::string_view join(std::string_view before, char separator, std::string_view piece);
  // Takes `other`'s chunks (a merge of two books): their views stay valid.
  void adopt(TextStore&& other) { chars_.adopt(std::move(other.chars_)); }

private:
  Store<char, 64 * 1024> chars_;
};

struct Book {
  std::string title;
  std::string language;   // BCP 47 tag: "en", "zh"
  std::string translates; // for a translation: the source book's manifest path
  // The manifest's `entry_points`: what the rules reach outside the book
  // (`635`, a matrix `H`, a row `Old (H)`), as written.
  std::vector<std::string> entry_points;
  std::vector<Paragraph> paragraphs; // in source order
  std::vector<ReactionMatrix> matrices;
  std::vector<Card> cards;
  // Award groups the parser reported and left out (a section's second group):
  // the resolver still looks up their names, for their reports.
  std::vector<AwardCode> rejected_awards;
  // The text of the model that is not the sources' own bytes (TextStore). A
  // Book moves but is never copied: a copy's views would point into this one.
  TextStore texts;
  std::string_view keep(std::string_view text) { return texts.keep(text); }
  // The paragraphs' references, the sections' conditions, the award groups'
  // items (Store): the Paragraph's, Section's and AwardCode's Slices
  // point into them.
  Store<Section> section_store;
  Store<ParagraphRef> ref_store;
  Store<MatrixRef> matrix_ref_store;
  Store<Condition> condition_store;
  Store<Award> award_store;
  Slice<Section> keep_sections(const std::vector<Section>& list) {
    return section_store.keep(list);
  }
  Slice<ParagraphRef> keep_refs(const std::vector<ParagraphRef>& list) {
    return ref_store.keep(list);
  }
  Slice<MatrixRef> keep_matrix_refs(const std::vector<MatrixRef>& list) {
    return matrix_ref_store.keep(list);
  }
  Slice<Condition> keep_conditions(const std::vector<Condition>& list) {
    return condition_store.keep(list);
  }
  Slice<Award> keep_awards(const std::vector<Award>& list) { return award_store.keep(list); }
  // A copy of `s` (a section of book `from`) whose conditions, award group and
  // modifiers' words are this book's own.
  Section own(const Section& s, const Book& from);
  // A copy of `p` (a paragraph of book `from`) whose references and sections
  // are this book's own.
  Paragraph own(const Paragraph& p, const Book& from);
  AwardCode own(const AwardCode& code) {
    AwardCode copy = code;
    copy.awards = award_store.keep(code.awards.data(), code.awards.size());
    return copy;
  }
  // A quest modifier's words as written (few: apart from its Condition).
  std::string_view words(const Condition& c) const {
    return c.kind == ConditionKind::Modifier && c.words_index() < modifier_words.size()
               ? modifier_words[c.words_index()].view()
               : std::string_view();
  }
  // Keeps `text` (a modifier's words) as the words of `c`.
  void set_words(Condition& c, std::string_view text) {
    c.set_words_index(static_cast<std::uint32_t>(modifier_words.size()));
    modifier_words.push_back(keep(text));
  }
  std::vector<TextRef> modifier_words;

  // Heading names the parser could not place (HeadingName), in the order of
  // their sections; the resolver reads them, then frees them.
  std::vector<HeadingName> heading_names;
  // Moves `names` (a section's, or a merged book's) to heading_names, in order.
  void add_heading_names(std::vector<HeadingName>& names);
  // The names of section `s`'s heading (none once resolved).
  std::span<const HeadingName> names_of(const Section& s) const;

  // The one symbol table (compiler/model/symbols.hpp), built by index():
  // the resolver calls it once every file is parsed.
  SymbolTable symbols;
  void index() { symbols.build(*this); }
  const Paragraph* paragraph(std::uint32_t number) const { return at(symbols.paragraph(number)); }
  const ReactionMatrix* matrix(char letter) const {
    std::size_t i = symbols.matrix(letter);
    return i == SymbolTable::none ? nullptr : &matrices[i];
  }
  const Paragraph* treasure(std::string_view name) const { return at(symbols.treasure(name)); }
  const Paragraph* place(std::string_view name) const { return at(symbols.place(name)); }

  // Moves what the parser put in `part` (one file's Book, parsed apart: its
  // paragraphs, matrices, cards and rejected award groups) to the end of this
  // book's; `part` is left empty. Before index().
  void append(Book&& part);

private:
  const Paragraph* at(std::size_t i) const {
    return i == SymbolTable::none ? nullptr : &paragraphs[i];
  }
};

} // namespace talebook
