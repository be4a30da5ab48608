// The limits of the .tbook format, checked where the writer can see them: a
// book `talec check` accepts is a book `talec build` can write. The limits are
// the reader's (talebook/format.hpp), so there is one truth.
//
// Not checked here, because other checks already bound them: chart entries and
// their rolls (TB0014, TB0015: at most 12), city results and their rolls
// (TB0037: 1 to 6), character card decks (TB0039: 3), matrix letters (the
// grammar: A to Z), cell numbers below 2 (TB0063, check_matrices.cpp).
//
// Not checked yet: the size of the whole file (max_file_size, 4 GiB - 1, what
// u32 offsets address; max_image_size, 256 MiB, for the --stream form). Only
// the emitter knows it exactly; it refuses a larger book with a message,
// without a code.
#include <limits>

#include "compiler/check/checks.hpp"
#include "talebook/format.hpp"

namespace talebook {
namespace {

using tbook::layout::max_paragraph_number;

constexpr std::uint64_t max_count = std::numeric_limits<std::uint16_t>::max(); // u16 counts
constexpr std::uint64_t max_roll = std::numeric_limits<std::uint8_t>::max();   // u8 rolls
constexpr std::uint64_t max_award_paragraph = std::numeric_limits<std::int32_t>::max(); // i32
constexpr std::size_t max_language = sizeof(tbook::layout::Header::language) - 1;

struct Limits {
  CheckContext& c;

  void count(std::size_t n, const char* what, SourceRange where, std::uint64_t max = max_count) {
    if (n > max) c.diagnostics.report(Code::count_limit, where, {arg::keyword(what), n, max});
  }

  void roll(int value, SourceRange where) {
    if (value < 0 || std::uint64_t(value) > max_roll)
      c.diagnostics.report(Code::roll_limit, where, {value, max_roll});
  }

  void awards(const AwardCode& code) {
    count(code.awards.size(), "group_awards", code.range);
    for (const Award& a : code.awards) {
      bool to_paragraph = a.kind == AwardKind::GoTo || a.kind == AwardKind::Treasure ||
                          a.kind == AwardKind::EnterPlace;
      if (to_paragraph && a.paragraph > max_award_paragraph)
        c.diagnostics.report(Code::award_paragraph_limit, a.range,
                             {a.paragraph, max_award_paragraph});
    }
  }

  void paragraph(const Paragraph& p) {
    if (p.number > max_paragraph_number)
      c.diagnostics.report(Code::paragraph_number_limit, p.header,
                           {p.number, max_paragraph_number});
    count(p.sections.size(), "paragraph_sections", p.header);
    count(p.refs.size(), "paragraph_refs", p.header);
    count(p.matrix_refs.size(), "paragraph_matrix_refs", p.header);
    for (const Section& s : p.sections) {
      count(s.conditions.size(), "heading_conditions", s.heading);
      for (const Condition& cond : s.conditions) {
        if (cond.kind != ConditionKind::Roll) continue;
        roll(cond.roll_low, cond.range);
        if (cond.roll_high != cond.roll_low) roll(cond.roll_high, cond.range);
      }
      if (s.award) awards(*s.award);
    }
  }

  void matrix(const ReactionMatrix& m) {
    count(m.options.size(), "matrix_options", m.header);
    count(m.rows.size(), "matrix_rows", m.header);
    // A die roll leads to n-1, n or n+1 (rule 11.7): n+1 must be a paragraph number.
    for (const MatrixRow& row : m.rows)
      for (const MatrixCell& cell : row.cells)
        if (cell.kind == CellKind::Number && cell.number >= max_paragraph_number)
          c.diagnostics.report(Code::cell_limit, cell.range,
                               {cell.number, cell.number + 1ull, max_paragraph_number});
  }

  void card(const Card& card) {
    count(card.terrains.size(), "card_terrains", card.header);
    for (const CityResult& r : card.results) {
      count(r.awards.size(), "city_award_groups", r.range);
      count(r.refs.size(), "city_refs", r.range);
      count(r.matrix_refs.size(), "city_matrix_refs", r.range);
      for (const AwardCode& code : r.awards)
        awards(code);
    }
  }

  // The language tag is stored NUL-padded in the header's 16 bytes.
  void language(const std::string& tag) {
    if (tag.size() > max_language || tag.find('\0') != std::string::npos)
      c.diagnostics.report(Code::language_tag_limit, {}, {tag, max_language});
  }

  // An entry's position in its list is a u16 (VocabRecord::order): 0 to 65535.
  void vocabulary() {
    for (int k = 0; k < vocab_kind_count; ++k) {
      std::string what = std::string("vocabulary_") + json_key(VocabKind(k));
      count(c.vocabulary.entries(VocabKind(k)).size(), what.c_str(), {}, max_count + 1);
    }
  }
};

} // namespace

void check_limits(CheckContext& c) {
  Limits limits{c};
  limits.language(c.book.language);
  limits.vocabulary();
  for (const Paragraph& p : c.book.paragraphs)
    limits.paragraph(p);
  for (const ReactionMatrix& m : c.book.matrices)
    limits.matrix(m);
  for (const Card& card : c.book.cards)
    limits.card(card);
}

} // namespace talebook
