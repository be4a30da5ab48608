// Reachability: what the game can lead to from its entry points (TB0300-TB0304).
//
// The entry points are the cards (character decks, terrains, city results),
// the paragraphs the rules read on their own (statuses, treasures, places,
// quests) and the manifest's `entry_points` (what the rules reach outside the
// book). From them: a chart reaches the matrix rows of its entries, a row its
// cells n-1, n and n+1, a paragraph every `(n)`, `Name (L)`, `Go to`,
// `Enter` and named treasure it holds. One pass over a work list: linear in
// the size of the book.
//
// A book with no entry point at all (no card, no manifest entry) is a fragment
// (a test, a chapter being written): nothing is reported. A paragraph that only
// an unreached chart or row leads to is covered by that warning and is not
// reported again.
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace {

class Reach {
public:
  explicit Reach(const Book& book) : book_(book), paragraphs_(book.paragraphs.size(), 0) {
    rows_.resize(book.matrices.size());
    matrices_.assign(book.matrices.size(), 0);
    for (std::size_t m = 0; m < book.matrices.size(); ++m)
      rows_[m].assign(book.matrices[m].rows.size(), 0);
  }

  void paragraph(std::uint32_t number) {
    std::size_t i = book_.symbols.paragraph(number);
    if (i == SymbolTable::none || paragraphs_[i]) return;
    paragraphs_[i] = 1;
    work_.push_back(i);
  }
  // A row of matrix `letter`; row -1: the whole matrix (a prose `(H)`).
  void row(char letter, int row) {
    std::size_t m = book_.symbols.matrix(letter);
    if (m == SymbolTable::none) return;
    matrices_[m] = 1;
    const ReactionMatrix& matrix = book_.matrices[m];
    if (row >= static_cast<int>(matrix.rows.size())) return;
    for (std::size_t r = row < 0 ? 0 : row; r < matrix.rows.size(); ++r) {
      if (!rows_[m][r]) {
        rows_[m][r] = 1;
        for (const MatrixCell& cell : matrix.rows[r].cells)
          if (cell.kind == CellKind::Number && cell.number >= 2) // below 2: TB0063
            for (std::uint64_t n = cell.number - 1; n <= std::uint64_t(cell.number) + 1; ++n)
              if (n <= UINT32_MAX) paragraph(static_cast<std::uint32_t>(n));
      }
      if (row >= 0) break;
    }
  }
  void matrix(char letter) {
    std::size_t m = book_.symbols.matrix(letter);
    if (m != SymbolTable::none) matrices_[m] = 1;
  }
  void award(const Award& a) {
    switch (a.kind) {
    case AwardKind::GoTo:
      paragraph(a.paragraph());
      break;
    case AwardKind::Treasure:
      if (const Paragraph* t = book_.treasure(a.id)) paragraph(t->number);
      break;
    case AwardKind::EnterPlace:
      if (const Paragraph* p = book_.place(a.id)) paragraph(p->number);
      break;
    default:
      break;
    }
  }
  void awards(const AwardCode& code) {
    for (const Award& a : code.awards)
      award(a);
  }
  // Follows everything reached so far.
  void run() {
    while (!work_.empty()) {
      const Paragraph& p = book_.paragraphs[work_.back()];
      work_.pop_back();
      for (const ParagraphRef& ref : p.refs)
        paragraph(ref.number);
      for (const MatrixRef& ref : p.matrix_refs)
        row(ref.letter, ref.row);
      for (const Section& s : p.sections)
        if (std::optional<AwardCode> award = s.award()) awards(*award);
      if (p.chart)
        for (const ChartEntry& e : p.chart->entries) // row -1: TB0016 said so
          e.row >= 0 ? row(e.matrix, e.row) : matrix(e.matrix);
    }
  }
  bool reached(std::size_t paragraph) const { return paragraphs_[paragraph]; }
  bool reached_matrix(std::size_t m) const { return matrices_[m]; }
  bool reached_row(std::size_t m, std::size_t r) const { return rows_[m][r]; }

private:
  const Book& book_;
  std::vector<std::uint8_t> paragraphs_, matrices_;
  std::vector<std::vector<std::uint8_t>> rows_;
  std::vector<std::size_t> work_;
};

bool is_number(const std::string& s) {
  if (s.empty() || s.size() > 10) return false;
  for (char ch : s)
    if (ch < '0' || ch > '9') return false;
  return std::stoull(s) <= UINT32_MAX;
}

// `635`, `H` or `Old (H)`: true when it names something of the book.
bool enter(Reach& reach, const Book& book, const std::string& entry) {
  if (is_number(entry)) {
    std::uint32_t n = static_cast<std::uint32_t>(std::stoul(entry));
    reach.paragraph(n);
    return book.paragraph(n) != nullptr;
  }
  if (entry.size() == 1 && entry[0] >= 'A' && entry[0] <= 'Z') {
    reach.row(entry[0], -1);
    return book.matrix(entry[0]) != nullptr;
  }
  std::size_t n = entry.size();
  if (n >= 4 && entry[n - 1] == ')' && entry[n - 3] == '(' && entry[n - 2] >= 'A' &&
      entry[n - 2] <= 'Z') {
    char letter = entry[n - 2];
    std::string being = text::trim(std::string_view(entry).substr(0, n - 3));
    int row = being.empty() ? -1 : book.symbols.row(letter, being);
    if (!book.matrix(letter) || (!being.empty() && row < 0)) return false;
    reach.row(letter, row);
    return true;
  }
  return false;
}

// Every entry point of the book into `reach`; false when it has none.
bool enter_all(Reach& reach, CheckContext& c) {
  const Book& book = c.book;
  for (const std::string& entry : book.entry_points)
    if (!enter(reach, book, entry)) c.diagnostics.report(Code::unknown_entry_point, {}, {entry});
  bool any = !book.entry_points.empty() || !book.cards.empty();
  for (const Card& card : book.cards) {
    for (const ParagraphRef& ref : card.decks)
      reach.paragraph(ref.number);
    if (card.kind == CardKind::Character) reach.matrix(card.matrix);
    for (const TerrainEntry& t : card.terrains)
      reach.paragraph(t.paragraph.number);
    for (const CityResult& r : card.results) {
      for (const ParagraphRef& ref : r.refs)
        reach.paragraph(ref.number);
      for (const MatrixRef& ref : r.matrix_refs) // row -1: TB0016 said so
        ref.row >= 0 ? reach.row(ref.letter, ref.row) : reach.matrix(ref.letter);
      for (const AwardCode& code : r.awards)
        reach.awards(code);
    }
  }
  for (const Paragraph& p : book.paragraphs)
    if (p.kind != ParagraphKind::Award && p.kind != ParagraphKind::Chart) reach.paragraph(p.number);
  return any;
}

} // namespace

void check_reach(CheckContext& c) {
  const Book& book = c.book;
  Reach reach(book);
  if (!enter_all(reach, c)) return;
  reach.run();
  // What only unreached charts lead to (rows, matrices, paragraphs), then what
  // only unreached rows lead to (paragraphs): covered by their warnings.
  Reach charts = reach;
  for (std::size_t i = 0; i < book.paragraphs.size(); ++i)
    if (!reach.reached(i) && book.paragraphs[i].kind == ParagraphKind::Chart)
      charts.paragraph(book.paragraphs[i].number);
  charts.run();
  Reach rows = charts;
  for (std::size_t m = 0; m < book.matrices.size(); ++m)
    for (std::size_t r = 0; r < book.matrices[m].rows.size(); ++r)
      if (!charts.reached_row(m, r)) rows.row(book.matrices[m].letter, static_cast<int>(r));
  rows.run();

  for (std::size_t i = 0; i < book.paragraphs.size(); ++i) {
    const Paragraph& p = book.paragraphs[i];
    if (reach.reached(i) || book.paragraph(p.number) != &p) continue; // a duplicate: TB0010
    if (p.kind == ParagraphKind::Chart)
      c.diagnostics.report(Code::unreached_chart, p.header(), {p.number});
    else if (!rows.reached(i))
      c.diagnostics.report(Code::unreached_paragraph, p.header(), {p.number});
  }
  for (std::size_t m = 0; m < book.matrices.size(); ++m) {
    const ReactionMatrix& matrix = book.matrices[m];
    if (book.matrix(matrix.letter) != &matrix) continue; // a duplicate: TB0012
    std::string letter(1, matrix.letter);
    if (!reach.reached_matrix(m)) {
      if (!charts.reached_matrix(m))
        c.diagnostics.report(Code::unreached_matrix, matrix.header, {letter});
      continue;
    }
    for (std::size_t r = 0; r < matrix.rows.size(); ++r)
      if (!charts.reached_row(m, r))
        c.diagnostics.report(Code::unreached_row, matrix.rows[r].range,
                             {matrix.rows[r].adjective, letter});
  }
}

} // namespace talebook
