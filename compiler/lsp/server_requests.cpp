// The requests about a book: definition, references, hover, completion,
// symbols and quick fixes, all answered from the book's index.
#include <algorithm>
#include <set>

#include "compiler/diagnostics/messages.hpp"
#include "compiler/lsp/params.hpp"
#include "compiler/lsp/server.hpp"
#include "compiler/text/text.hpp"

namespace talebook::lsp {
namespace {

// LSP SymbolKind and CompletionItemKind values.
namespace symbol {
constexpr int class_ = 5, field = 8, enum_ = 10, function = 12, object = 19, struct_ = 23;
}
int symbol_kind(ParagraphKind kind) {
  switch (kind) {
  case ParagraphKind::Chart:
    return symbol::enum_;
  case ParagraphKind::Award:
    return symbol::function;
  default:
    return symbol::object;
  }
}

std::string matrix_name(char letter) {
  return "@matrix " + std::string(1, letter);
}

std::string vocab_name(const Vocabulary& v, VocabKind kind, const std::string& id) {
  if (const VocabEntry* e = v.by_id(kind, id)) return e->name;
  return id;
}

std::string describe_paragraph(const Book& book, std::uint32_t n, const std::string& language) {
  const Paragraph* p = book.paragraph(n);
  if (!p)
    return "@" + std::to_string(n) + ": " + localized(MessageText::HoverNoParagraph, {}, language);
  return "@" + std::to_string(n) + " (" +
         kind_in(MessageText::ParagraphKindWords, p->kind, language) + "): " + first_line(*p);
}

} // namespace

Json Server::definition(const Json& params) {
  Place at = place(params);
  if (!at.book) return nullptr;
  const Occurrence* o = at.book->index(at.file).at(at.file, at.offset);
  if (!o) return nullptr;
  SourceRange def = at.book->index().definition(o->target);
  if (!def.valid()) return nullptr;
  return location(*at.book, def);
}

Json Server::references(const Json& params) {
  Json out = Json::array();
  const Json* context = optional_member(params, "context");
  bool declaration = context && bool_member(*context, "includeDeclaration", false);
  Place at = place(params);
  if (!at.book) return out;
  const Occurrence* o = at.book->index(at.file).at(at.file, at.offset);
  if (!o) return out;
  for (const Occurrence* r : at.book->index().references(o->target, declaration))
    out.push_back(location(*at.book, r->range));
  return out;
}

Json Server::hover(const Json& params) {
  Place at = place(params);
  if (!at.book) return nullptr;
  const Occurrence* o = at.book->index(at.file).at(at.file, at.offset);
  if (!o) return nullptr;
  const Book& book = at.book->compilation.book;
  const Vocabulary& vocabulary = at.book->compilation.vocabulary;
  const Target& t = o->target;
  // A matrix cell: its matrix, row and option as written (and its number: `numbered`).
  auto in_matrix = [&](const Occurrence& cell, bool numbered) {
    const ReactionMatrix* m = book.matrix(cell.target.letter);
    if (!m || cell.target.row < 0 || static_cast<std::size_t>(cell.target.row) >= m->rows.size())
      return cell.where;
    const auto column = static_cast<std::size_t>(cell.target.column);
    const std::string option =
        cell.target.column >= 0 && column < m->option_ranges.size()
            ? std::string(at.book->compilation.sources.text(m->option_ranges[column]))
            : std::string();
    return localized(MessageText::HoverInMatrix,
                     {arg::keyword(numbered ? "cell" : "matrix"), std::string(1, m->letter),
                      arg::text(m->rows[static_cast<std::size_t>(cell.target.row)].adjective),
                      arg::text(option), cell.target.number},
                     language_);
  };
  std::string text;
  switch (t.kind) {
  case Target::Kind::Paragraph: {
    const Paragraph* p = book.paragraph(t.number);
    if (!p) {
      text = describe_paragraph(book, t.number, language_);
      break;
    }
    text = "**" + paragraph_title(*p) + "** (" +
           kind_in(MessageText::ParagraphKindWords, p->kind, language_) + ")\n\n" + first_line(*p);
    std::vector<std::string> from;
    for (const Occurrence* r : at.book->index().references(t, false)) {
      const std::string where =
          r->target.kind == Target::Kind::Cell ? in_matrix(*r, true) : r->where;
      if (where.empty() || std::find(from.begin(), from.end(), where) != from.end()) continue;
      from.push_back(where);
    }
    if (!from.empty()) {
      text += "\n\n" + localized(MessageText::HoverLedFrom, {}, language_);
      for (const std::string& w : from)
        text += "\n- " + w;
    }
    break;
  }
  case Target::Kind::Cell:
    text = "**" + in_matrix(*o, false) +
           "**: " + localized(MessageText::HoverCell, {t.number}, language_);
    for (std::uint32_t n = t.number == 0 ? 0 : t.number - 1; n <= t.number + 1; ++n)
      text += "\n- " + describe_paragraph(book, n, language_);
    break;
  case Target::Kind::Matrix: {
    const ReactionMatrix* m = book.matrix(t.letter);
    text = "**" + matrix_name(t.letter) + "**";
    if (!m) {
      text += ": " + localized(MessageText::HoverNoMatrix, {}, language_);
      break;
    }
    text += " " + localized(MessageText::HoverMatrix, {m->rows.size()}, language_);
    for (const std::string& option : m->options)
      text += " " + vocab_name(vocabulary, VocabKind::Option, option) + ";";
    text.pop_back();
    break;
  }
  case Target::Kind::Row: {
    const ReactionMatrix* m = book.matrix(t.letter);
    if (!m || t.row < 0 || static_cast<std::size_t>(t.row) >= m->rows.size()) break;
    const MatrixRow& row = m->rows[static_cast<std::size_t>(t.row)];
    text = localized(
        MessageText::HoverRow,
        {arg::text("**" + matrix_name(t.letter) + "**"), arg::text("**" + row.adjective + "**")},
        language_);
    for (std::size_t c = 0; c < row.cells.size(); ++c) {
      const MatrixCell& cell = row.cells[c];
      std::string option =
          c < m->options.size() ? vocab_name(vocabulary, VocabKind::Option, m->options[c]) : "?";
      text += "\n- " + option + ": " +
              (cell.kind == CellKind::Number ? std::to_string(cell.number)
                                             : std::string(to_string(cell.kind)));
    }
    break;
  }
  case Target::Kind::Card: {
    const Card& card = book.cards[t.card];
    text =
        "**" + card.name + "** (" + kind_in(MessageText::CardKindWords, card.kind, language_) + ")";
    break;
  }
  case Target::Kind::Space: {
    const Space& s = book.map.spaces[t.card];
    auto label = [&](MessageText what, std::vector<Arg> args = {}) {
      return ", " + localized(what, args, language_);
    };
    text = "**" + s.name + "** (" + localized(MessageText::HoverSpace, {}, language_) + ": " +
           vocab_name(vocabulary, VocabKind::Terrain, s.terrain) +
           (s.black ? label(MessageText::HoverBlack, {s.black}) : std::string()) +
           (s.wild ? label(MessageText::HoverWild) : std::string()) +
           (s.start ? label(MessageText::HoverStart) : std::string()) +
           (s.place.number ? label(MessageText::HoverPlace, {s.place.number}) : std::string()) +
           ")";
    break;
  }
  case Target::Kind::Vocab:
    text = "**" + vocab_name(vocabulary, t.vocab, t.id) + "** (" +
           kind_in(MessageText::VocabKindWords, t.vocab, language_) + ", `" + t.id + "`)";
    break;
  case Target::Kind::Product: {
    const Product& p = book.display.products[t.card];
    text = "**" + p.name + "** (" +
           localized(MessageText::HoverProduct, {p.row + 1, p.column + 1}, language_) + ")";
    std::string cities;
    for (const Space& s : book.map.spaces)
      for (const ProductRef& r : s.products)
        if (r.product == t.card) cities += (cities.empty() ? "" : ", ") + s.name;
    if (!cities.empty())
      text += "; " + localized(MessageText::HoverSoldIn, {arg::text(cities)}, language_);
    break;
  }
  }
  if (text.empty()) return nullptr;
  return {{"contents", {{"kind", "markdown"}, {"value", text}}},
          {"range", range(*at.book, o->range)}};
}

Json Server::document_symbols(const Json& params) {
  Json out = Json::array();
  Place at = place(params);
  if (!at.book) return out;
  const Book& book = at.book->compilation.book;
  auto symbol_of = [&](const std::string& name, const std::string& detail, int kind,
                       SourceRange whole, SourceRange selection) {
    return Json{{"name", name},
                {"detail", detail},
                {"kind", kind},
                {"range", range(*at.book, whole)},
                {"selectionRange", range(*at.book, selection)}};
  };
  auto detail = [&](const char* what) {
    return localized(MessageText::SymbolDetail, {arg::keyword(what)}, language_);
  };
  for (const Paragraph& p : book.paragraphs)
    if (p.header().file == at.file)
      out.push_back(
          symbol_of(paragraph_title(p), first_line(p), symbol_kind(p.kind), p.range, p.header()));
  for (const ReactionMatrix& m : book.matrices) {
    if (m.header.file != at.file) continue;
    Json matrix =
        symbol_of(matrix_name(m.letter), detail("matrix"), symbol::class_, m.range, m.header);
    matrix["children"] = Json::array();
    for (const MatrixRow& row : m.rows)
      matrix["children"].push_back(
          symbol_of(row.adjective, detail("row"), symbol::field, row.range, row.range));
    out.push_back(matrix);
  }
  for (const Card& card : book.cards)
    if (card.header.file == at.file)
      out.push_back(symbol_of("@card " + card.name,
                              kind_in(MessageText::CardKindWords, card.kind, language_),
                              symbol::struct_, card.range, card.header));
  for (const SourceRange& header : book.map.headers)
    if (header.file == at.file)
      out.push_back(symbol_of("@map", detail("map"), symbol::object, header, header));
  for (const Space& s : book.map.spaces)
    if (s.header.file == at.file && !s.fallback)
      out.push_back(
          symbol_of("@space " + s.name, detail("space"), symbol::field, s.range, s.header));
  for (const SourceRange& header : book.display.headers)
    if (header.file == at.file && !book.display.fallback)
      out.push_back(symbol_of("@display", detail("display"), symbol::object, header, header));
  return out;
}

Json Server::workspace_symbols(const Json& params) {
  Json out = Json::array();
  const Json* given = optional_member(params, "query");
  std::string query = text::name_key(given ? string_member(params, "query") : std::string());
  for (LoadedBook* loaded : workspace_.books()) {
    const Book& book = loaded->compilation.book;
    auto add = [&](const std::string& name, int kind, SourceRange where) {
      if (!where.valid() || !loaded->own.count(loaded->compilation.sources.file(where.file).path()))
        return;
      if (!query.empty() && text::name_key(name).find(query) == std::string::npos) return;
      out.push_back({{"name", name},
                     {"kind", kind},
                     {"location", location(*loaded, where)},
                     {"containerName", book.title}});
    };
    for (const Paragraph& p : book.paragraphs)
      add(paragraph_title(p), symbol_kind(p.kind), p.header());
    for (const ReactionMatrix& m : book.matrices)
      add(matrix_name(m.letter), symbol::class_, m.header);
    for (const Card& card : book.cards)
      add("@card " + card.name, symbol::struct_, card.header);
    for (const Space& s : book.map.spaces)
      if (!s.fallback) add("@space " + s.name, symbol::field, s.header);
  }
  return out;
}

Json Server::code_actions(const Json& params) {
  Json out = Json::array();
  const PositionRange r = range_member(params, "range");
  const std::string& uri = string_member(member(params, "textDocument"), "uri");
  Place at = place(params);
  if (!at.book) return out;
  const SourceSet& sources = at.book->compilation.sources;
  std::string_view file_text = sources.file(at.file).text();
  std::uint32_t begin = offset_of(file_text, r.start, encoding_);
  std::uint32_t end = offset_of(file_text, r.end, encoding_);
  for (const Diagnostic& d : at.book->compilation.diagnostics.all()) {
    if (d.suggestion.empty() || d.range.file != at.file) continue;
    if (d.range.end < begin || d.range.begin > end) continue;
    // Replace the name as written (the first argument) inside the reported span.
    SourceRange fix = d.range;
    std::string_view span = sources.text(d.range);
    if (!d.args.empty() && !d.args[0].value.empty())
      if (std::size_t found = span.find(d.args[0].value); found != std::string_view::npos)
        fix = {d.range.file, d.range.begin + static_cast<std::uint32_t>(found),
               d.range.begin + static_cast<std::uint32_t>(found + d.args[0].value.size())};
    Json edit = {{"range", range(*at.book, fix)}, {"newText", d.suggestion}};
    out.push_back(
        {{"title", localized(MessageText::QuickFix, {arg::name(d.suggestion)}, language_)},
         {"kind", "quickfix"},
         {"isPreferred", true},
         {"diagnostics", Json::array({diagnostic(*at.book, d)})},
         {"edit", {{"changes", {{uri, Json::array({edit})}}}}}});
  }
  return out;
}

} // namespace talebook::lsp
