// Reaction matrices and what points into them: option names, the rows of
// chart entries and city-card encounters, `Name (L)` in prose; card terrains.
#include <algorithm>
#include <cstring>
#include <optional>

#include "compiler/resolve/printed_results.hpp"
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
// needs one (TB0016 when its adjective is no row of the matrix). `at`: where
// `being` starts in the source (city encounters), for the caret; 0: `where`.
int row_of(Resolver& r, char letter, std::string_view being, SourceRange where,
           std::uint32_t at = 0) {
  const ReactionMatrix* m = matrix_of(r, letter, where);
  if (!m) return -1;
  int row = r.book.symbols.row(letter, being);
  if (row >= 0 || m->fallback) return row; // a fallback's row: its source being's (fallback.hpp)
  std::vector<std::string> rows;
  for (const MatrixRow& row : m->rows)
    rows.push_back(row.adjective);
  // The word that is the adjective: the first, or (city encounters, where
  // words such as `Encounter` may stand before the being) one close to a row.
  std::size_t begin = 0, end = being.find(' ');
  std::optional<std::string> best = Diagnostics::did_you_mean(being.substr(0, end), rows);
  for (std::size_t b = end; at && !best && b != std::string_view::npos;) {
    std::size_t e = being.find(' ', b + 1);
    if ((best = Diagnostics::did_you_mean(being.substr(b + 1, e - b - 1), rows)))
      begin = b + 1, end = e;
    b = e;
  }
  std::string word(being.substr(begin, end == std::string_view::npos ? end : end - begin));
  SourceRange caret = where;
  if (at)
    caret = {where.file, at + static_cast<std::uint32_t>(begin),
             at + static_cast<std::uint32_t>(begin + word.size())};
  Diagnostic& d =
      r.diagnostics.report(Code::adjective_not_row, caret, {word, std::string(1, letter)});
  if (best) d.suggestion = *best;
  d.note(Code::matrix_defined, m->header, {std::string(1, letter)});
  return -1;
}

// A city encounter's being stands just before its `(L)`: where it starts in
// the source (0 when it is not there as written).
std::uint32_t being_start(const Resolver& r, const MatrixRef& ref) {
  std::string_view src = r.sources.file(ref.range.file).text();
  std::uint32_t end = ref.range.begin;
  while (end > 0 && (src[end - 1] == ' ' || src[end - 1] == '\t'))
    --end;
  if (ref.being.empty() || end < ref.being.size() ||
      src.substr(end - ref.being.size(), ref.being.size()) != ref.being)
    return 0;
  return end - static_cast<std::uint32_t>(ref.being.size());
}

// `Encounter Mild Rain (G)`: the row of the longest tail of the words that is
// a row's adjective, -1 when none is.
int city_row(const Resolver& r, const MatrixRef& ref) {
  if (!r.book.matrix(ref.letter)) return -1;
  for (std::string_view tail = ref.being;;) {
    if (int row = r.book.symbols.row(ref.letter, tail); row >= 0) return row;
    std::size_t space = tail.find(' ');
    if (space == std::string_view::npos) return -1;
    tail.remove_prefix(space + 1);
  }
}

} // namespace

void resolve_matrices(Resolver& r) {
  const Vocabulary& v = r.vocabulary;
  for (ReactionMatrix& m : r.book.matrices)
    for (std::size_t i = 0; i < m.options.size() && !m.fallback; ++i) {
      // `Buy(slave)`: the option `Buy`, with the note `slave`.
      std::string name = m.options[i], note;
      {
        std::size_t paren = name.find('('), wide = name.find("\xEF\xBC\x88");
        std::size_t open = std::min(paren, wide);
        if (open != std::string::npos && open > 0) {
          std::size_t skip = open == paren ? 1 : 3;
          note = text::trim(std::string_view(name).substr(open + skip));
          for (const char* close : {")", "\xEF\xBC\x89"})
            if (note.size() >= std::strlen(close) &&
                note.compare(note.size() - std::strlen(close), std::strlen(close), close) == 0)
              note.resize(note.size() - std::strlen(close));
          note = text::trim(note);
          name = text::trim(std::string_view(name).substr(0, open));
        }
      }
      m.option_notes.resize(m.options.size());
      if (const VocabEntry* option = v.find(VocabKind::Option, name)) {
        m.options[i] = option->id;
        m.option_notes[i] = note;
      } else
        r.unknown(Code::unknown_option, m.option_ranges[i], m.options[i],
                  v.names(VocabKind::Option));
    }
  for (Paragraph& p : r.book.paragraphs)
    if (!p.fallback) resolve_matrix_refs(r, p);
}

void resolve_matrix_refs(Resolver& r, Paragraph& p) {
  for (MatrixRef& ref : p.matrix_refs) // the being in prose is a guess: the letter must hold
    if (const ReactionMatrix* m = matrix_of(r, ref.letter, ref.range); m && !ref.being.empty())
      ref.row = r.book.symbols.row(ref.letter, ref.being);
  if (!p.chart) return;
  for (ChartEntry& e : p.chart->entries) {
    e.row = row_of(r, e.matrix, e.being, e.range);
    if (e.row >= 0) e.adjective = r.book.keep(r.book.matrix(e.matrix)->rows[e.row].adjective);
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
      for (MatrixRef& ref : result.matrix_refs) {
        ref.row = city_row(r, ref);
        if (ref.row < 0) ref.row = row_of(r, ref.letter, ref.being, ref.range, being_start(r, ref));
      }
      for (AwardCode& code : result.awards)
        resolve_awards(r, code);
      // Words alone: the rulebook's (`Lose 3 Wealth`) read as the groups they
      // mean, as if written so (TB0048, with the groups); others give nothing (TB0047).
      if (result.awards.empty() && result.refs.empty() && result.matrix_refs.empty() &&
          !text::trim_view(result.text).empty()) {
        // At the words (an editor's quick fix puts the suggestion in their place).
        SourceRange words = result.range;
        const std::string_view line = r.sources.text(result.range);
        const std::string_view said = text::trim_view(result.text);
        if (std::size_t at = line.find(said); at != std::string_view::npos)
          words = {result.range.file, result.range.begin + static_cast<std::uint32_t>(at),
                   result.range.begin + static_cast<std::uint32_t>(at + said.size())};
        if (auto printed = printed_result(v, result.text)) {
          for (Award a : printed->groups) {
            a.range = words;
            result.awards.push_back({r.book.keep_awards({a}), words, true});
          }
          result.text = r.book.keep(printed->rest);
          r.diagnostics
              .report(Code::city_result_read, words, {card.name, std::to_string(result.roll)})
              .suggestion = printed->code;
        } else {
          r.diagnostics.report(Code::city_result_words, words,
                               {card.name, std::to_string(result.roll)});
        }
      }
    }
  }
}

} // namespace talebook::resolve
