// Reaction matrices and what points into them: option names, the rows of
// chart entries and city-card encounters, `Name (L)` in prose; card terrains.
#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

// The matrix a `(L)` names, or a TB0013 report and nullptr.
const ReactionMatrix* matrix_of(Resolver& r, char letter, SourceRange where) {
  const ReactionMatrix* m = r.book.matrix(letter);
  if (!m) r.diagnostics.report(Code::unknown_matrix, where, {std::string(1, letter)});
  return m;
}

// The row of `being` in matrix `letter`: a chart entry or a city encounter
// needs one (TB0016 when its adjective is no row of the matrix).
int row_of(Resolver& r, char letter, std::string_view being, SourceRange where) {
  const ReactionMatrix* m = matrix_of(r, letter, where);
  if (!m) return -1;
  int row = r.book.symbols.row(letter, being);
  if (row >= 0 || m->fallback) return row; // a fallback's row: its source being's (fallback.hpp)
  std::string first = std::string(being.substr(0, being.find(' ')));
  Diagnostic& d =
      r.diagnostics.report(Code::adjective_not_row, where, {first, std::string(1, letter)});
  std::vector<std::string> rows;
  for (const MatrixRow& row : m->rows)
    rows.push_back(row.adjective);
  if (auto best = text::closest(first, rows)) d.suggestion = *best;
  d.note(Code::matrix_defined, m->header, {std::string(1, letter)});
  return -1;
}

} // namespace

void resolve_matrices(Resolver& r) {
  const Vocabulary& v = r.vocabulary;
  for (ReactionMatrix& m : r.book.matrices)
    for (std::size_t i = 0; i < m.options.size() && !m.fallback; ++i) {
      if (const VocabEntry* option = v.find(VocabKind::Option, m.options[i]))
        m.options[i] = option->id;
      else
        r.unknown(Code::unknown_option, m.option_ranges[i], m.options[i],
                  v.names(VocabKind::Option));
    }
  for (Paragraph& p : r.book.paragraphs) {
    if (p.fallback) continue;
    for (MatrixRef& ref : p.matrix_refs) // the being in prose is a guess: the letter must hold
      if (const ReactionMatrix* m = matrix_of(r, ref.letter, ref.range); m && !ref.being.empty())
        ref.row = r.book.symbols.row(ref.letter, ref.being);
    if (!p.chart) continue;
    for (ChartEntry& e : p.chart->entries) {
      e.row = row_of(r, e.matrix, e.being, e.range);
      if (e.row >= 0) e.adjective = r.book.matrix(e.matrix)->rows[e.row].adjective;
    }
  }
}

void resolve_cards(Resolver& r) {
  const Vocabulary& v = r.vocabulary;
  for (Card& card : r.book.cards) {
    if (card.fallback) continue;
    if (card.kind == CardKind::Character) matrix_of(r, card.matrix, card.header);
    for (TerrainEntry& t : card.terrains) {
      if (const VocabEntry* terrain = v.find(VocabKind::Terrain, t.terrain))
        t.terrain = terrain->id;
      else
        r.unknown(Code::unknown_terrain, t.name_range, t.terrain, v.names(VocabKind::Terrain));
    }
    for (CityResult& result : card.results) {
      for (MatrixRef& ref : result.matrix_refs)
        ref.row = row_of(r, ref.letter, ref.being, ref.range);
      for (AwardCode& code : result.awards)
        resolve_awards(r, code);
    }
  }
}

} // namespace talebook::resolve
