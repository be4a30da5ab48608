// Rule lints (TB0312-TB0319): what the grammar accepts but the rules make
// pointless or ambiguous (dice tests with gaps or overlaps: check_rolls.cpp,
// TB0200-TB0201). Terrain cards
// without exactly one star or with a terrain twice, matrix rows where every
// option is forbidden, a `Go to` that goes nowhere new, and award groups that
// give nothing (`D0`), give twice (`[D1/D1]`) or give and take the same thing.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace {

// ---- cards and matrix rows ------------------------------------------------

void check_terrain_card(CheckContext& c, const Card& card) {
  std::size_t stars = 0;
  std::map<std::string, const TerrainEntry*> seen;
  for (const TerrainEntry& t : card.terrains) {
    stars += t.illustrated;
    auto [it, fresh] = seen.emplace(t.terrain, &t);
    if (!fresh)
      c.diagnostics
          .report(Code::duplicate_terrain, t.name_range,
                  {std::string(c.sources.text(t.name_range)), card.name})
          .note(Code::first_defined, it->second->name_range);
  }
  if (stars != 1 && !card.terrains.empty())
    c.diagnostics.report(Code::terrain_stars, card.header, {card.name, stars});
}

void check_rows(CheckContext& c, const ReactionMatrix& m) {
  for (const MatrixRow& row : m.rows) {
    bool all = !row.cells.empty();
    for (const MatrixCell& cell : row.cells)
      all &= cell.kind == CellKind::Forbidden;
    if (all)
      c.diagnostics.report(Code::row_all_forbidden, row.range,
                           {row.adjective, std::string(1, m.letter)});
  }
}

// ---- award groups ---------------------------------------------------------------

bool has_amount(AwardKind kind) {
  return kind == AwardKind::Destiny || kind == AwardKind::Story || kind == AwardKind::Wealth;
}

// What an award gives, for "given twice": its kind, its name, its qualifier.
// Two awards of one group give the same thing: the same kind and qualifier,
// and the same skill, status or treasure where the kind names one.
bool same_award(const Award& a, const Award& b) {
  return a.kind == b.kind && a.qualifier == b.qualifier && (has_amount(a.kind) || a.id == b.id);
}

void check_group(CheckContext& c, const AwardCode& code, const Paragraph* p) {
  // Groups hold a few awards: each is compared with those before it, with no
  // allocation on this path, which every award of the book takes.
  for (auto a_it = code.awards.begin(); a_it != code.awards.end(); ++a_it) {
    const Award& a = *a_it;
    // The award as written: read from the source only for a report (or a zero).
    auto written = [&] { return c.sources.text(a.range); };
    // A number too large for its field reads as 0 (TB0060 said so): not a `D0`.
    if (has_amount(a.kind) && a.amount() == 0 &&
        written().find_first_of("123456789") == std::string_view::npos)
      c.diagnostics.report(Code::zero_award, a.range, {std::string(written())});
    if (a.kind != AwardKind::RandomTreasure) { // `Trea*/Trea*`: two treasures
      auto first =
          std::find_if(code.awards.begin(), a_it, [&](const Award& b) { return same_award(a, b); });
      if (first != a_it)
        c.diagnostics.report(Code::award_twice, a.range, {std::string(written())})
            .note(Code::first_defined, first->range);
    }
    AwardKind lose = a.kind == AwardKind::Skill    ? AwardKind::LoseSkill
                     : a.kind == AwardKind::Status ? AwardKind::LoseStatus
                                                   : AwardKind::Death;
    if (lose != AwardKind::Death)
      for (const Award& b : code.awards)
        if (b.kind == lose && b.id == a.id) {
          VocabKind kind = a.kind == AwardKind::Skill ? VocabKind::Skill : VocabKind::Status;
          c.diagnostics.report(Code::gain_and_lose, code.range, {c.vocabulary.word(kind, a.id)});
          break;
        }
    if (a.kind == AwardKind::GoTo && p && a.paragraph() != 0) {
      const Paragraph* target = c.book.paragraph(a.paragraph());
      if (target == p)
        c.diagnostics.report(Code::go_to_self, a.range, {a.paragraph()});
      else if (target && target->kind != ParagraphKind::Award)
        c.diagnostics
            .report(Code::go_to_not_award, a.range,
                    {a.paragraph(), arg::keyword(keyword(target->kind))})
            .note(Code::paragraph_defined, target->header(), {a.paragraph()});
    }
  }
}

// Rule 11.6: Court only with a being of the other sex. An entry whose row
// offers Court and states no sex leaves an engine unable to tell.
void check_court_sex(CheckContext& c, const Paragraph& p) {
  if (!p.chart || p.fallback) return;
  for (const ChartEntry& e : p.chart->entries) {
    const ReactionMatrix* m = c.book.matrix(e.matrix);
    if (e.sex != BeingSex::Unstated || e.sex_unknown || e.row < 0 || !m) continue;
    const MatrixRow& row = m->rows[static_cast<std::size_t>(e.row)];
    for (std::size_t i = 0; i < m->options.size() && i < row.cells.size(); ++i)
      if (m->options[i] == "court" && row.cells[i].kind != CellKind::Forbidden) {
        c.diagnostics
            .report(Code::court_sex_unstated, e.range,
                    {std::string(e.being), std::string(1, e.matrix),
                     c.vocabulary.word(VocabKind::Option, "court")})
            .note(Code::matrix_defined, m->header, {std::string(1, e.matrix)});
        break;
      }
  }
}

} // namespace

void check_lints_book(CheckContext& c) {
  for (const Card& card : c.book.cards) {
    if (card.kind == CardKind::Terrain) check_terrain_card(c, card);
    for (const CityResult& r : card.results)
      for (const AwardCode& code : r.awards)
        check_group(c, code, nullptr);
  }
  for (const ReactionMatrix& m : c.book.matrices)
    check_rows(c, m);
}

void check_lints_paragraph(CheckContext& c, const Paragraph& p) {
  check_court_sex(c, p);
  for (const Section& s : p.sections)
    if (std::optional<AwardCode> award = s.award()) check_group(c, *award, &p);
}

void check_lints(CheckContext& c) {
  check_lints_book(c);
  for (const Paragraph& p : c.book.paragraphs)
    check_lints_paragraph(c, p);
}

} // namespace talebook
