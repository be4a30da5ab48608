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
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/text/source.hpp"

namespace talebook {

enum class ParagraphKind : std::uint8_t { Award, Chart, Status, Treasure, Place, Quest };
const char* to_string(ParagraphKind kind);
// "award", "chart", "status", "treasure", "place", "quest": a stable word for
// a diagnostic argument that its pattern selects on.
const char* keyword(ParagraphKind kind);

// A `(134)` in prose, a `Go to 134`, a card number, a `Treasure (154)`...
struct ParagraphRef {
  std::uint32_t number = 0;
  SourceRange range;
};

// `Old Man (H)`: the being as written and the matrix letter.
struct MatrixRef {
  std::string being; // "Old Man" (may be empty in prose)
  char letter = 'A';
  SourceRange range;
  int row = -1; // resolved: index of the being's row in matrix `letter`, -1 when none matched
};

// ---- award codes --------------------------------------------------------

enum class AwardKind : std::uint8_t {
  Destiny,        // D2, D-1           amount
  Story,          // S1                amount (never negative)
  Wealth,         // W+1 (Max: Poor)   amount, limit, limit_id
  Skill,          // Piety, Magic (1 use)   id, term
  Status,         // Imprisoned (1 turn)    id, term
  LoseSkill,      // Lose Piety        id
  LoseStatus,     // Lose Imprisoned   id
  RandomTreasure, // Trea*
  Treasure,       // Ionian Gems (154) id = name, paragraph
  QuestSuccess,   // Q:S
  GoTo,           // Go to 134         paragraph
  EnterPlace,     // Enter City of Brass   id = place name, paragraph of the place
  Death,          // Death
};
const char* to_string(AwardKind kind);

enum class WealthLimit : std::uint8_t { None, Max, Min };
// Conditional skills (rule 12.4) and statuses (rule 13.3).
enum class AwardTerm : std::uint8_t { Permanent, OneUse, SevenOrLess, SixOrLess, OneTurn };
const char* to_string(AwardTerm term);
// Adventure-rule qualifiers: `if Merchant`, `if Quest`.
enum class AwardQualifier : std::uint8_t { None, IfMerchant, IfQuest };

struct Award {
  AwardKind kind = AwardKind::Destiny;
  std::int32_t amount = 0; // D, S, W
  std::string id;          // vocabulary id (skill, status) or book name (treasure, place)
  WealthLimit limit = WealthLimit::None;
  std::string limit_id; // wealth level id of Max/Min
  AwardTerm term = AwardTerm::Permanent;
  AwardQualifier qualifier = AwardQualifier::None;
  std::uint32_t paragraph = 0; // GoTo, Treasure, EnterPlace (resolved by the checks)
  SourceRange range;
};

struct AwardCode {
  std::vector<Award> awards;
  bool bracketed = true; // false: the bare 1985 form at the end of a line
  SourceRange range;
};

// ---- sections -------------------------------------------------------------

enum class ConditionKind : std::uint8_t {
  NoSkill,   // "No Skill"
  Otherwise, // "Otherwise"
  Female,
  Male,
  Skill,     // id = skill id
  Status,    // id = status id
  Treasure,  // id = treasure name (resolved to its paragraph by the checks)
  Roll,      // quest tables and dice tests: roll_low..roll_high (high 0 = "and up")
  Spaces,    // a quest's list of spaces
  Modifiers, // a quest's roll modifiers
};
const char* to_string(ConditionKind kind);

struct Condition {
  ConditionKind kind = ConditionKind::NoSkill;
  std::string id;              // Skill/Status: vocabulary id; Treasure: the name as written
  std::uint32_t paragraph = 0; // resolved: Treasure: the treasure's paragraph
  int roll_low = 0;
  int roll_high = 0;
  bool mandatory = false;
  SourceRange range;
};

struct Section {
  std::vector<Condition> conditions; // joined by `,` or `or` in the heading
  std::string text;                  // the section's prose, award code removed
  SourceRange text_range;            // where that prose stands (heading and award excluded)
  std::optional<AwardCode> award;
  SourceRange heading; // the heading up to and including ':'
  SourceRange range;   // the whole section
  bool mandatory() const;
};

// ---- encounter charts and reaction matrices -----------------------------

struct ChartEntry {
  int roll = 0;          // 1..12 as printed
  std::string being;     // "Lost Merchant"
  std::string adjective; // "Lost": filled by the checks from the matrix rows
  char matrix = 'A';
  int row = -1; // resolved: index of the row of `matrix` whose adjective starts `being`
  SourceRange range;
};

struct EncounterChart {
  std::vector<ChartEntry> entries;
};

enum class CellKind : std::uint8_t { Number, Forbidden, NoEncounter };

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
  std::vector<std::string> options; // vocabulary ids of the option columns
  std::vector<SourceRange> option_ranges;
  std::vector<MatrixRow> rows;
  SourceRange header;
  SourceRange range;
};

// ---- quests ----------------------------------------------------------------

// A quest paragraph's table is its Roll sections; its spaces and modifiers are
// the Spaces and Modifiers sections.

// ---- paragraphs ------------------------------------------------------------

struct Paragraph {
  std::uint32_t number = 0;
  ParagraphKind kind = ParagraphKind::Award;
  std::string name;        // status/treasure/place/quest name as written
  std::string name_id;     // status: vocabulary id; treasure/place/quest: the name
  std::string prose;       // text before the first section (paragraph refs kept as written)
  SourceRange prose_range; // where the prose stands (from after the header to the first section)
  std::vector<Section> sections;
  std::vector<ParagraphRef> refs;      // every paragraph reference, prose and sections
  std::vector<MatrixRef> matrix_refs;  // every `Name (L)`
  std::optional<EncounterChart> chart; // kind == Chart
  SourceRange header;
  SourceRange range;
};

// ---- cards -----------------------------------------------------------------

enum class CardKind : std::uint8_t { Character, Terrain, City };
const char* to_string(CardKind kind);

struct TerrainEntry {
  std::string terrain; // vocabulary id
  ParagraphRef paragraph;
  bool illustrated = false; // the asterisked terrain
  SourceRange range;
};

struct CityResult {
  int roll = 0;                       // 1..6
  std::string text;                   // as written, minus award codes
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
};

// ---- the book ----------------------------------------------------------------

struct Book {
  std::string title;
  std::string language;              // BCP 47 tag: "en", "zh"
  std::string translates;            // for a translation: the source book's manifest path
  std::vector<Paragraph> paragraphs; // in source order
  std::vector<ReactionMatrix> matrices;
  std::vector<Card> cards;

  // Indexes built by index(): number -> position in paragraphs (first definition).
  std::unordered_map<std::uint32_t, std::size_t> by_number;
  std::map<char, std::size_t> by_letter;
  void index();
  const Paragraph* paragraph(std::uint32_t number) const;
  const ReactionMatrix* matrix(char letter) const;
};

} // namespace talebook
