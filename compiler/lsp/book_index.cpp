#include "compiler/lsp/book_index.hpp"

#include "compiler/text/text.hpp"

namespace talebook::lsp {
namespace {

std::string number_name(std::uint32_t n) {
  return "@" + std::to_string(n);
}

// Where `(L)` or `（L）` starts in `text`: the matrix letter's part of an
// entry; npos when there is none.
std::size_t letter_part(std::string_view text) {
  std::size_t ascii = text.rfind('(');
  std::size_t wide = text.rfind("\xEF\xBC\x88"); // （
  if (ascii == std::string_view::npos) return wide;
  if (wide == std::string_view::npos) return ascii;
  return std::max(ascii, wide);
}

SourceRange sub(SourceRange r, std::size_t from, std::size_t to) {
  return {r.file, r.begin + static_cast<std::uint32_t>(from),
          r.begin + static_cast<std::uint32_t>(to)};
}

} // namespace

bool Target::operator==(const Target& o) const {
  if (kind != o.kind) return false;
  switch (kind) {
  case Kind::Paragraph:
    return number == o.number;
  case Kind::Matrix:
    return letter == o.letter;
  case Kind::Row:
    return letter == o.letter && row == o.row;
  case Kind::Cell:
    return letter == o.letter && row == o.row && column == o.column;
  case Kind::Card:
  case Kind::Space:
  case Kind::Product:
    return card == o.card;
  case Kind::Vocab:
    return vocab == o.vocab && id == o.id;
  }
  return false;
}

std::string paragraph_title(const Paragraph& p) {
  std::string title = "@" + std::to_string(p.number);
  if (p.kind != ParagraphKind::Award) title += std::string(" ") + keyword(p.kind);
  if (!p.name.empty()) (title += " ") += p.name;
  return title;
}

std::string first_line(const Paragraph& p, std::size_t most) {
  std::string text = text::trim(p.prose);
  if (text.empty() && !p.sections.empty()) text = text::trim(p.sections.front().text);
  text = text.substr(0, text.find('\n'));
  if (text.size() > most) {
    std::size_t cut = most;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
      --cut;
    text = text.substr(0, cut) + "…";
  }
  return text;
}

BookIndex::BookIndex(const Book& book, const SourceSet& sources, const BookGraph& graph)
    : BookIndex(book, sources, graph, 0) {}

BookIndex::BookIndex(const Book& book, const SourceSet& sources, const BookGraph& graph,
                     std::uint32_t only_file)
    : book_(book), sources_(sources), graph_(graph), only_(only_file) {
  for (std::size_t i = 0; i < book.paragraphs.size(); ++i) {
    const Paragraph& p = book.paragraphs[i];
    if (only_ == 0 || p.fallback || p.header().file == only_) index_paragraph(i);
  }
  // An award group the parser left out is in no graph: its names only, and
  // the paragraph each of its items names.
  for (const AwardCode& code : book.rejected_awards)
    for (const Award& a : code.awards) {
      if (a.kind == AwardKind::GoTo || a.kind == AwardKind::Treasure ||
          a.kind == AwardKind::EnterPlace)
        add(a.range, {Target::Kind::Paragraph, a.paragraph()}, "");
      index_award(a, "");
    }
  index_matrices();
  index_cards();
  index_map();
  index_display();
}

void BookIndex::index_map() {
  const WorldMap& map = book_.map;
  for (std::size_t i = 0; i < map.spaces.size(); ++i) {
    const Space& s = map.spaces[i];
    if (s.fallback) continue;
    const std::string where = "@space " + s.name;
    Target self{Target::Kind::Space};
    self.card = i;
    add(s.header, self, where, true);
    if (s.terrain_range.valid()) {
      Target terrain{Target::Kind::Vocab};
      terrain.vocab = VocabKind::Terrain;
      terrain.id = s.terrain;
      add(s.terrain_range, terrain, where);
    }
    if (s.place.number) add(s.place.range, {Target::Kind::Paragraph, s.place.number}, where);
    for (const Route& r : s.routes)
      if (r.target < map.spaces.size()) {
        Target to{Target::Kind::Space};
        to.card = r.target;
        add(r.range, to, where);
      }
    for (const ProductRef& p : s.products)
      if (p.product < book_.display.products.size()) {
        Target product{Target::Kind::Product};
        product.card = p.product;
        add(p.range, product, where);
      }
  }
}

void BookIndex::index_display() {
  const MerchantDisplay& display = book_.display;
  if (display.fallback) return;
  for (std::size_t i = 0; i < display.products.size(); ++i) {
    Target self{Target::Kind::Product};
    self.card = i;
    add(display.products[i].range, self, "@display", true);
  }
}

void BookIndex::add(SourceRange range, Target target, std::string where, bool definition) {
  if (!range.valid() || (only_ != 0 && range.file != only_)) return;
  list_.push_back({range, std::move(target), definition, std::move(where)});
}

Target BookIndex::vocab(VocabKind kind, std::string_view id) const {
  Target t{Target::Kind::Vocab};
  t.vocab = kind;
  t.id = std::string(id);
  return t;
}

// What the graph says a node's numbers lead to: every edge to a paragraph
// (Go to, `(n)`, treasures, places, statuses, decks, terrains, city results),
// also one to a number the book does not have. Rows and matrices are placed by
// index_matrix_ref and the chart lines (the being and the letter apart).
void BookIndex::index_edges(NodeId node, const std::string& where) {
  for (const Edge& e : graph_.out(node))
    if (e.target == NodeKind::Paragraph)
      add(e.range(), {Target::Kind::Paragraph, graph_.number(book_, e)}, where);
}

void BookIndex::index_conditions(const Section& s, const std::string& where) {
  for (const Condition& c : s.conditions)
    if (c.kind == ConditionKind::Skill)
      add(c.range, vocab(VocabKind::Skill, c.id), where);
    else if (c.kind == ConditionKind::Status && graph_.status(c.id) == no_node)
      add(c.range, vocab(VocabKind::Status, c.id), where); // else the graph's Test edge
}

void BookIndex::index_paragraph(std::size_t i) {
  const Paragraph& p = book_.paragraphs[i];
  std::string where = number_name(p.number);
  add(p.header(), {Target::Kind::Paragraph, p.number}, where, true);
  add(p.name_range(), {Target::Kind::Paragraph, p.number}, where, true);
  index_edges(graph_.paragraph(i), where);
  for (const MatrixRef& ref : p.matrix_refs)
    index_matrix_ref(ref, where);
  for (const Section& s : p.sections) {
    index_conditions(s, where);
    if (s.has_award())
      for (const Award& a : s.awards())
        index_award(a, where);
  }
  if (p.chart)
    for (const ChartEntry& e : p.chart->entries) {
      std::string_view text = sources_.text(e.range);
      std::size_t at = letter_part(text);
      if (at == std::string_view::npos) continue;
      Target row{Target::Kind::Row};
      row.letter = e.matrix;
      row.row = e.row;
      if (e.row >= 0) add(sub(e.range, 0, at), row, where);
      Target matrix{Target::Kind::Matrix};
      matrix.letter = e.matrix;
      add(sub(e.range, at, text.size()), matrix, where);
    }
}

// An award's vocabulary names (skills, statuses without a paragraph, wealth
// levels): the paragraphs it leads to are the graph's (index_edges).
void BookIndex::index_award(const Award& a, const std::string& where) {
  SourceRange name = a.name_range().valid() ? a.name_range() : a.range;
  switch (a.kind) {
  case AwardKind::Skill:
  case AwardKind::LoseSkill:
    add(name, vocab(VocabKind::Skill, a.id), where);
    break;
  case AwardKind::Status:
  case AwardKind::LoseStatus:
    if (graph_.status(a.id) == no_node) add(name, vocab(VocabKind::Status, a.id), where);
    break;
  default:
    break;
  }
  if (a.limit != WealthLimit::None && !a.limit_id().empty() && a.name_range().valid())
    add(a.name_range(), vocab(VocabKind::Wealth, a.limit_id()), where);
}

void BookIndex::index_matrix_ref(const MatrixRef& ref, const std::string& where) {
  Target matrix{Target::Kind::Matrix};
  matrix.letter = ref.letter;
  add(ref.range, matrix, where);
  if (ref.row < 0 || ref.being.empty() || !ref.range.valid()) return;
  const SourceFile& file = sources_.file(ref.range.file);
  std::uint32_t start = file.line_start(ref.range.begin);
  std::string_view before = file.text().substr(start, ref.range.begin - start);
  std::size_t at = before.rfind(ref.being);
  if (at == std::string_view::npos) return;
  Target row{Target::Kind::Row};
  row.letter = ref.letter;
  row.row = ref.row;
  add({ref.range.file, start + static_cast<std::uint32_t>(at),
       start + static_cast<std::uint32_t>(at + ref.being.size())},
      row, where);
}

void BookIndex::index_matrices() {
  for (const ReactionMatrix& m : book_.matrices) {
    Target matrix{Target::Kind::Matrix};
    matrix.letter = m.letter;
    std::string name = "matrix " + std::string(1, m.letter);
    add(m.header, matrix, name, true);
    for (std::size_t i = 0; i < m.option_ranges.size() && i < m.options.size(); ++i) {
      Target option{Target::Kind::Vocab};
      option.vocab = VocabKind::Option;
      option.id = m.options[i];
      add(m.option_ranges[i], option, name);
    }
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
      const MatrixRow& row = m.rows[r];
      Target def{Target::Kind::Row};
      def.letter = m.letter;
      def.row = static_cast<int>(r);
      add(row.range, def, name, true);
      for (std::size_t c = 0; c < row.cells.size(); ++c) {
        if (row.cells[c].kind != CellKind::Number) continue;
        Target cell{Target::Kind::Cell, row.cells[c].number, m.letter};
        cell.row = static_cast<int>(r);
        cell.column = static_cast<int>(c);
        std::string option =
            c < m.option_ranges.size() ? std::string(sources_.text(m.option_ranges[c])) : "";
        add(row.cells[c].range, cell, name + ": " + row.adjective + " / " + option);
      }
    }
  }
}

void BookIndex::index_cards() {
  for (std::size_t i = 0; i < book_.cards.size(); ++i) {
    const Card& card = book_.cards[i];
    std::string where = "@card " + card.name; // the card's header, as document symbols name it
    Target self{Target::Kind::Card};
    self.card = i;
    add(card.header, self, where, true);
    if (card.kind == CardKind::Character && card.matrix != 0) {
      std::string_view text = sources_.text(card.header);
      std::size_t at = letter_part(text);
      Target matrix{Target::Kind::Matrix};
      matrix.letter = card.matrix;
      if (at != std::string_view::npos) {
        std::size_t end = text.find(')', at);
        std::size_t wide = text.find("\xEF\xBC\x89", at); // ）
        if (wide != std::string_view::npos && (end == std::string_view::npos || wide < end))
          end = wide + 2;
        end = end == std::string_view::npos ? text.size() : end + 1;
        add(sub(card.header, at, end), matrix, where);
      }
    }
    index_edges(graph_.card(i), where);
    for (const TerrainEntry& t : card.terrains) {
      Target terrain{Target::Kind::Vocab};
      terrain.vocab = VocabKind::Terrain;
      terrain.id = t.terrain;
      add(t.name_range, terrain, where);
    }
    for (const CityResult& result : card.results) {
      for (const MatrixRef& ref : result.matrix_refs)
        index_matrix_ref(ref, where);
      for (const AwardCode& code : result.awards)
        for (const Award& a : code.awards)
          index_award(a, where);
    }
  }
}

const Occurrence* BookIndex::at(std::uint32_t file, std::uint32_t offset) const {
  const Occurrence* best = nullptr;
  for (const Occurrence& o : list_) {
    if (o.range.file != file || offset < o.range.begin || offset > o.range.end) continue;
    if (offset == o.range.end && o.range.end > o.range.begin) continue;
    if (!best || o.range.end - o.range.begin < best->range.end - best->range.begin) best = &o;
  }
  return best;
}

SourceRange BookIndex::definition(const Target& target) const {
  Target t = target;
  if (t.kind == Target::Kind::Cell) t = {Target::Kind::Paragraph, target.number};
  for (const Occurrence& o : list_)
    if (o.definition && o.target == t) return o.range;
  return {};
}

std::vector<const Occurrence*> BookIndex::references(const Target& target,
                                                     bool with_definition) const {
  Target t = target;
  if (t.kind == Target::Kind::Cell) t = {Target::Kind::Paragraph, target.number};
  std::vector<const Occurrence*> out;
  for (const Occurrence& o : list_) {
    bool cell = t.kind == Target::Kind::Paragraph && o.target.kind == Target::Kind::Cell &&
                o.target.number + 1 >= t.number && o.target.number <= t.number + 1;
    if (!cell && !(o.target == t)) continue;
    if (o.definition && !with_definition) continue;
    if (o.definition && !out.empty() && out.back()->definition && out.back()->target == t &&
        out.back()->range.file == o.range.file && o.range.begin >= out.back()->range.begin &&
        o.range.end <= out.back()->range.end)
      continue; // a name inside its header
    out.push_back(&o);
  }
  return out;
}

} // namespace talebook::lsp
