// The limits of the .tbook format, checked where the writer can see them: a
// book `talec check` accepts is a book `talec build` can write. The limits are
// the reader's (talebook/format.hpp), so there is one truth.
//
// Not checked here, because other checks already bound them: chart entries and
// their rolls (TB0014, TB0015: at most 12), city results and their rolls
// (TB0037: 1 to 6), character card decks (TB0039: 3), matrix letters (the
// grammar: A to Z), cell numbers below 2 (TB0063, check_matrices.cpp).
//
// The size of the whole file (max_file_size, 4 GiB - 1, what u32 offsets
// address) is bounded from above in one pass (tbook_size_bound, TB0068); the
// emitter, which knows it exactly, reports the same code for a larger file (and
// for a --stream image above max_image_size, 256 MiB).
#include <algorithm>
#include <cstdlib>
#include <limits>

#include "compiler/check/checks.hpp"
#include "talebook/format.hpp"
#include "talebook/records.hpp"

namespace talebook {
namespace {

using tbook::layout::max_paragraph_number;
using tbook::layout::min_paragraph_number;

// A modifier's amount: a signed byte.
constexpr int min_modifier = std::numeric_limits<std::int8_t>::min();
constexpr int max_modifier = std::numeric_limits<std::int8_t>::max();

namespace fields = tbook::layout::fields;

// The widths of records.def: every roll is a u8 (a condition's, a chart
// entry's, a city result's), an award's paragraph its i32 value.
constexpr std::uint64_t max_roll = fields::COND::roll_low::max();
static_assert(max_roll == fields::CHRT::roll::max() && max_roll == fields::CRES::roll::max());
constexpr std::uint64_t max_award_paragraph = fields::AWRD::value::max();
constexpr std::size_t max_language = sizeof(tbook::layout::Header::language) - 1;

struct Limits {
  CheckContext& c;

  // A run's length against the width of the count field that holds it: TB0066
  // with the field's key (records.def).
  template <class Field> void count(std::size_t n, SourceRange where) {
    static_assert(Field::field_role == tbook::layout::FieldRole::count);
    report_count(n, Field::field_arg, where, Field::max());
  }
  void report_count(std::size_t n, const char* key, SourceRange where, std::uint64_t max) {
    if (n > max) c.diagnostics.report(Code::count_limit, where, {arg::keyword(key), n, max});
  }

  void roll(int value, SourceRange where) {
    if (value < 0 || std::uint64_t(value) > max_roll)
      c.diagnostics.report(Code::roll_limit, where, {value, max_roll});
  }

  // Paragraph numbers start at 1: 0 is never a paragraph (TB0069), written as
  // a header or referred to (a Go to, a prose reference, a deck, a terrain).
  void paragraph_number(std::uint32_t number, SourceRange where) {
    if (number < min_paragraph_number && written_zero(where))
      c.diagnostics.report(Code::paragraph_zero, where, {std::uint64_t(number)});
  }
  // The first number written in `where` is 0 (not one too large to read, TB0060,
  // which the model also holds as 0, nor a malformed item without a number).
  bool written_zero(SourceRange where) const {
    const std::string_view text = c.sources.text(where);
    const std::size_t first = text.find_first_of("0123456789");
    if (first == std::string_view::npos) return false; // a malformed item (TB0006)
    const std::size_t end = text.find_first_not_of("0123456789", first);
    return text.substr(first, end - first).find_first_not_of('0') == std::string_view::npos;
  }
  void refs(std::span<const ParagraphRef> list) {
    for (const ParagraphRef& r : list)
      paragraph_number(r.number, r.range);
  }

  void awards(const AwardCode& code) {
    count<fields::AGRP::award_count>(code.awards.size(), code.range);
    for (const Award& a : code.awards) {
      bool to_paragraph = a.kind == AwardKind::GoTo || a.kind == AwardKind::Treasure ||
                          a.kind == AwardKind::EnterPlace;
      if (to_paragraph && a.paragraph() > max_award_paragraph)
        c.diagnostics.report(Code::award_paragraph_limit, a.range,
                             {a.paragraph(), max_award_paragraph});
      // A treasure's or place's paragraph 0 is its name unresolved (or a
      // paragraph @0, reported at its header).
      if (a.kind == AwardKind::GoTo) paragraph_number(a.paragraph(), a.range);
    }
  }

  void paragraph(const Paragraph& p) {
    paragraph_number(p.number, p.header());
    refs(p.refs);
    if (p.number > max_paragraph_number)
      c.diagnostics.report(Code::paragraph_number_limit, p.header(),
                           {p.number, max_paragraph_number});
    count<fields::PARA::section_count>(p.sections.size(), p.header());
    count<fields::PARA::ref_count>(p.refs.size(), p.header());
    count<fields::PARA::matrix_ref_count>(p.matrix_refs.size(), p.header());
    for (const Section& s : p.sections) {
      count<fields::SECT::condition_count>(s.conditions.size(), s.heading());
      for (const Condition& cond : s.conditions) {
        // A quest's modifier is stored as a signed byte (ConditionRecord::roll_low).
        if (cond.kind == ConditionKind::Modifier &&
            (cond.roll_low < min_modifier || cond.roll_low > max_modifier))
          c.diagnostics.report(Code::modifier_limit, cond.range,
                               {cond.roll_low, min_modifier, max_modifier});
        if (cond.kind != ConditionKind::Roll) continue;
        roll(cond.roll_low, cond.range);
        if (cond.roll_high() != cond.roll_low) roll(cond.roll_high(), cond.range);
      }
      if (std::optional<AwardCode> award = s.award()) awards(*award);
    }
  }

  void matrix(const ReactionMatrix& m) {
    count<fields::MATX::option_count>(m.options.size(), m.header);
    count<fields::MATX::row_count>(m.rows.size(), m.header);
    // A die roll leads to n-1, n or n+1 (rule 11.7): n+1 must be a paragraph number.
    for (const MatrixRow& row : m.rows)
      for (const MatrixCell& cell : row.cells)
        if (cell.kind == CellKind::Number && cell.number >= max_paragraph_number)
          c.diagnostics.report(Code::cell_limit, cell.range,
                               {cell.number, cell.number + 1ull, max_paragraph_number});
  }

  void card(const Card& card) {
    refs(card.decks);
    for (const TerrainEntry& t : card.terrains)
      paragraph_number(t.paragraph.number, t.paragraph.range);
    count<fields::CARD::count>(card.terrains.size(), card.header);
    for (const CityResult& r : card.results) {
      count<fields::CRES::group_count>(r.awards.size(), r.range);
      count<fields::CRES::ref_count>(r.refs.size(), r.range);
      count<fields::CRES::matrix_ref_count>(r.matrix_refs.size(), r.range);
      refs(r.refs);
      for (const AwardCode& code : r.awards)
        awards(code);
    }
  }

  // The language tag is stored NUL-padded in the header's 16 bytes.
  void language(const std::string& tag) {
    if (tag.size() > max_language || tag.find('\0') != std::string::npos)
      c.diagnostics.report(Code::language_tag_limit, {}, {tag, max_language});
  }

  // An entry's position in its list is VocabRecord::order (a u16): 0 to 65535.
  void vocabulary() {
    for (int k = 0; k < vocab_kind_count; ++k) {
      std::string what = std::string("vocabulary_") + json_key(VocabKind(k));
      report_count(c.vocabulary.entries(VocabKind(k)).size(), what.c_str(), {},
                   fields::VOCB::order::max() + 1);
    }
  }
};

// Bytes of one string in the pool: u32 size, bytes, NUL, padding to 4.
template <class S> std::uint64_t pooled(const S& s) {
  return (4 + std::uint64_t(s.size()) + 1 + 3) / 4 * 4;
}

// An upper bound of a .tbook's bytes, summed as the emitter writes them.
struct SizeBound {
  std::uint64_t records = 0, pool = 0;

  template <class R> void add(std::uint64_t n = 1) { records += n * sizeof(R); }
  template <class S> void string(const S& s) { pool += pooled(s); }

  void awards(const AwardCode& code) {
    add<tbook::layout::AwardGroupRecord>();
    add<tbook::layout::AwardRecord>(code.awards.size());
    for (const Award& a : code.awards) // a Wealth award's level is a vocabulary entry's
      string(a.kind == AwardKind::Wealth ? std::string_view() : std::string_view(a.id));
  }
  void refs(std::size_t n) { records += 4 * std::uint64_t(n); }
  void matrix_refs(std::span<const MatrixRef> list) {
    add<tbook::layout::MatrixRefRecord>(list.size());
    for (const MatrixRef& m : list)
      string(m.being);
  }

  void paragraph(const Paragraph& p, const Book& book) {
    add<tbook::layout::ParagraphRecord>();
    records += 4 * 4; // PIDX: at most 4 slots of 4 bytes a paragraph (and 8 at least)
    string(p.name);
    string(p.name_id());
    string(p.prose);
    for (const Section& s : p.sections) {
      add<tbook::layout::SectionRecord>();
      string(s.text);
      add<tbook::layout::ConditionRecord>(s.conditions.size());
      for (const Condition& cond : s.conditions) {
        string(cond.id);
        string(book.words(cond));
      }
      if (std::optional<AwardCode> award = s.award()) awards(*award);
    }
    refs(p.refs.size());
    matrix_refs(p.matrix_refs);
    if (p.chart) {
      add<tbook::layout::ChartEntryRecord>(p.chart->entries.size());
      for (const ChartEntry& e : p.chart->entries) {
        string(e.being);
        string(e.adjective);
      }
    }
  }

  void matrix(const ReactionMatrix& m) {
    add<tbook::layout::MatrixRecord>();
    records += 4 * std::uint64_t(m.options.size()); // MOPT
    records += 4 * std::uint64_t(m.rows.size());    // MROW
    for (const MatrixRow& row : m.rows) {
      string(row.adjective);
      records += 4 * std::uint64_t(row.cells.size()); // CELL
    }
  }

  void card(const Card& card) {
    add<tbook::layout::CardRecord>();
    string(card.name);
    refs(card.decks.size());
    add<tbook::layout::TerrainRecord>(card.terrains.size());
    for (const CityResult& r : card.results) {
      add<tbook::layout::CityResultRecord>();
      string(r.text);
      for (const AwardCode& code : r.awards)
        awards(code);
      refs(r.refs.size());
      matrix_refs(r.matrix_refs);
    }
  }

  // The file: header, a table of at most 32 sections (8-aligned), records,
  // the pool, and what packing the pool in blocks may add (an eighth of it at
  // worst, a block record and a code table a block, the dictionary).
  std::uint64_t total() const {
    const std::uint64_t blocks = pool / (16 * 1024) + 1;
    return sizeof(tbook::layout::Header) + 32 * (24 + 8 + 8) + records + pool + pool / 8 +
           blocks * (24 + 200) + 32 * 1024;
  }
};

} // namespace

std::uint64_t tbook_size_bound(const Book& book, const Vocabulary& vocabulary) {
  SizeBound b;
  b.add<tbook::layout::BookRecord>();
  b.string(book.title);
  b.string(book.language);
  b.string(book.translates);
  for (int k = 0; k < vocab_kind_count; ++k)
    for (const VocabEntry& e : vocabulary.entries(VocabKind(k))) {
      b.add<tbook::layout::VocabRecord>();
      b.string(e.id);
      b.string(e.name);
    }
  b.records += 8 * 4; // PIDX: at least 8 slots
  for (const Paragraph& p : book.paragraphs)
    b.paragraph(p, book);
  for (const ReactionMatrix& m : book.matrices)
    b.matrix(m);
  for (const Card& card : book.cards)
    b.card(card);
  for (const Space& s : book.map.spaces) { // each route at most twice: out and back
    b.add<tbook::layout::SpaceRecord>();
    b.string(s.name);
    b.records += 2 * s.routes.size() * sizeof(tbook::layout::RouteRecord);
  }
  b.records += book.map.rates.size() * sizeof(tbook::layout::MovementRecord);
  if (!book.display.empty()) { // 1.6: the Merchant Display, a market a space
    b.add<tbook::layout::DisplayRecord>();
    for (const Product& p : book.display.products) {
      b.add<tbook::layout::ProductRecord>();
      b.string(p.name);
    }
    b.records += 3 * tbook::Kind<CounterShape>::count * sizeof(tbook::layout::CounterRecord);
    for (const Space& s : book.map.spaces)
      b.records += sizeof(tbook::layout::MarketRecord) +
                   s.products.size() * sizeof(tbook::layout::MarketProductRecord);
  }
  return b.total();
}

std::uint64_t tbook_file_limit() {
  std::uint64_t limit = tbook::layout::max_file_size;
  if (const char* test = std::getenv("TALEBOOK_TEST_TBOOK_LIMIT")) // the tests' golden only
    limit = std::min<std::uint64_t>(limit, std::strtoull(test, nullptr, 10));
  return limit;
}

void check_file_size(const Book& book, const Vocabulary& vocabulary, Diagnostics& diagnostics,
                     std::uint64_t limit) {
  std::uint64_t bound = tbook_size_bound(book, vocabulary);
  if (bound > limit) diagnostics.report(Code::file_size_limit, {}, {bound, limit});
}

void check_limits_paragraph(CheckContext& c, const Paragraph& p) {
  Limits{c}.paragraph(p);
}

void check_limits(CheckContext& c) {
  check_limits_book(c);
  for (const Paragraph& p : c.book.paragraphs)
    check_limits_paragraph(c, p);
}

// Its reports are never in a paragraph's file at a paragraph's place, nor
// placeless: apart from the paragraphs' (after them in check_limits), the
// sorted list is the same.
void check_limits_book(CheckContext& c) {
  check_file_size(c.book, c.vocabulary, c.diagnostics, tbook_file_limit());
  Limits limits{c};
  limits.language(c.book.language);
  limits.vocabulary();
  for (const ReactionMatrix& m : c.book.matrices)
    limits.matrix(m);
  for (const Card& card : c.book.cards)
    limits.card(card);
  // The map: the moves out of each space (both ways of every route, 1.6).
  const std::vector<std::vector<Move>> moves = space_moves(c.book.map);
  for (std::size_t i = 0; i < moves.size(); ++i)
    limits.count<fields::SPAC::route_count>(moves[i].size(), c.book.map.spaces[i].header);
  // The Merchant Display's grid (1.6); a city's products are 2 or 3 (TB0232).
  const MerchantDisplay& display = c.book.display;
  if (!display.empty() && !display.fallback) {
    limits.count<fields::DISP::rows>(display.row_count, display.headers.front());
    for (const DisplayRow& row : display.rows)
      if (display.first_block(row.header)) {
        limits.count<fields::DISP::columns>(row.boxes.size(), row.range);
        break;
      }
  }
}

} // namespace talebook
