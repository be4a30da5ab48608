// What the editor shows beside the text: inlay hints (after a matrix cell or
// a number that leads to a paragraph, the first words of that paragraph) and
// document links (each such number, a link to the paragraph's header).
#include "compiler/lsp/params.hpp"
#include "compiler/lsp/server.hpp"
#include "compiler/text/text.hpp"

namespace talebook::lsp {

namespace {

constexpr std::size_t hint_bytes = 40; // a hint's words, at most (cut at a character)

// A number that leads to a paragraph, written as a number (not a name, not
// the paragraph's own header): a cell, `Go to 526`, `(3)`, a card's deck...
bool leads_by_number(const Occurrence& o, std::string_view text) {
  if (o.definition) return false;
  if (o.target.kind == Target::Kind::Cell) return true;
  if (o.target.kind != Target::Kind::Paragraph) return false;
  return !text::digit_runs(text).empty();
}

// The digits of an occurrence's text (`526` of `Go to 526`), as a range; the
// whole range without any.
SourceRange digits_of(SourceRange range, std::string_view text) {
  const std::vector<text::DigitRun> runs = text::digit_runs(text);
  if (runs.empty()) return range;
  return {range.file, range.begin + static_cast<std::uint32_t>(runs[0].begin),
          range.begin + static_cast<std::uint32_t>(runs[0].end)};
}

} // namespace

Json Server::inlay_hints(const Json& params) {
  Json out = Json::array();
  [[maybe_unused]] const auto [book, file, offset] = place(params);
  if (!book) return out;
  const SourceFile& source = book->compilation.sources.file(file);
  const std::string_view text = source.text();
  const Json& wanted = member(params, "range");
  const std::uint32_t from = offset_of(text, position_member(wanted, "start"), encoding_);
  const std::uint32_t to = offset_of(text, position_member(wanted, "end"), encoding_);
  const Book& model = book->compilation.book;
  for (const Occurrence& o : book->index(file).all()) {
    if (o.range.file != file || o.range.end < from || o.range.begin > to) continue;
    if (!leads_by_number(o, book->compilation.sources.text(o.range))) continue;
    const Paragraph* p = model.paragraph(o.target.number);
    if (!p) continue; // TB0010's to say
    const Position at = position_of(source, o.range.end, encoding_);
    out.push_back({{"position", {{"line", at.line}, {"character", at.character}}},
                   {"label", first_line(*p, hint_bytes)},
                   {"kind", 2}, // a parameter-like hint: words, not a type
                   {"paddingLeft", true},
                   {"tooltip", paragraph_title(*p) + ": " + first_line(*p)}});
  }
  return out;
}

Json Server::document_links(const Json& params) {
  Json out = Json::array();
  [[maybe_unused]] const auto [book, file, offset] = place(params);
  if (!book) return out;
  const Book& model = book->compilation.book;
  for (const Occurrence& o : book->index(file).all()) {
    if (o.range.file != file) continue;
    if (!leads_by_number(o, book->compilation.sources.text(o.range))) continue;
    const Paragraph* p = model.paragraph(o.target.number);
    if (!p || !p->header().valid()) continue;
    const SourceRange header = p->header();
    const SourceFile& there = book->compilation.sources.file(header.file);
    const Position line = position_of(there, header.begin, encoding_);
    out.push_back(
        {{"range", range(*book, digits_of(o.range, book->compilation.sources.text(o.range)))},
         {"target", uri_of_path(there.path()) + "#L" + std::to_string(line.line + 1)},
         {"tooltip", paragraph_title(*p)}});
  }
  return out;
}

} // namespace talebook::lsp
