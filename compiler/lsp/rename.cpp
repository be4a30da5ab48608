// Renumbering a paragraph across its book and the book's translations
// (textDocument/prepareRename and rename). A paragraph number is renamed where
// it is written: its header, `Go to`, `(n)`, cards, charts, places, spaces;
// a matrix cell renames the three paragraphs it reads (n-1, n, n+1) and every
// cell that reads them. Each translation found beside the book (a book.json
// whose "translates" is this book's) is renamed alike, its review state too.
// What cannot be renamed is refused with the reason.
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "compiler/lsp/params.hpp"
#include "compiler/lsp/rename_edits.hpp"
#include "compiler/lsp/server.hpp"
#include "compiler/text/text.hpp"

namespace talebook::lsp {

using namespace renaming;

namespace {

using Digits = text::DigitRun;

// The new name: a number in ASCII or Arabic digits, 1 or more.
std::uint32_t new_number(const std::string& name) {
  const std::vector<Digits> runs = text::digit_runs(name);
  if (runs.size() != 1 || runs[0].begin != 0 || runs[0].end != name.size() || runs[0].value == 0 ||
      runs[0].value > 0xFFFFFFFFu)
    refuse("not_a_number", 0, 0, name);
  return static_cast<std::uint32_t>(runs[0].value);
}

// The digits of `occurrence` that write `number`, if any (a name that leads
// to a paragraph, such as a treasure's, writes none).
std::optional<Digits> number_in(const LoadedBook& book, const Occurrence& o, std::uint32_t number) {
  const std::string_view text = book.compilation.sources.text(o.range);
  for (const Digits& d : text::digit_runs(text))
    if (d.value == number) return d;
  return std::nullopt;
}

// The cells of the book that read paragraph `number` (their value n with
// number in n-1..n+1), by value.
std::set<std::uint32_t> cells_reading(const Book& book, std::uint32_t number) {
  std::set<std::uint32_t> out;
  for (const ReactionMatrix& m : book.matrices)
    for (const MatrixRow& row : m.rows)
      for (const MatrixCell& c : row.cells)
        if (c.kind == CellKind::Number && c.number + 1 >= number && c.number <= number + 1)
          out.insert(c.number);
  return out;
}

} // namespace

// What renaming at `at` renames: old number -> new, for `to`; refused when it cannot.
std::map<std::uint32_t, std::uint32_t> Server::renumbering(const Place& at, const Occurrence* o,
                                                           std::optional<std::uint32_t> to,
                                                           SourceRange* name) {
  const Book& book = at.book->compilation.book;
  if (!at.book->compilation.manifest.translates.empty()) refuse("translation");
  if (!o || (o->target.kind != Target::Kind::Paragraph && o->target.kind != Target::Kind::Cell))
    refuse("not_renamable");
  const std::uint32_t from = o->target.number;
  const std::optional<Digits> digits = number_in(*at.book, *o, from);
  if (!digits) refuse("leads_to", from);
  if (name)
    *name = {o->range.file, o->range.begin + static_cast<std::uint32_t>(digits->begin),
             o->range.begin + static_cast<std::uint32_t>(digits->end)};
  std::map<std::uint32_t, std::uint32_t> renamed;
  if (o->target.kind == Target::Kind::Paragraph) {
    const std::set<std::uint32_t> cells = cells_reading(book, from);
    if (!cells.empty()) refuse("read_through_cell", from, *cells.begin());
    if (!book.paragraph(from)) refuse("no_paragraph", from);
    renamed[from] = to.value_or(from);
  } else {
    if (from == 0) refuse("cell_zero");
    for (std::uint32_t n = from - 1; n <= from + 1; ++n) {
      for (std::uint32_t other : cells_reading(book, n))
        if (other != from) refuse("overlap", n, other);
      if (book.paragraph(n) && to) {
        if (*to == 0 && n + 1 == from) refuse("cell_one");
        renamed[n] = *to + n - from;
      }
    }
    if (to && *to == 0) refuse("cell_zero");
  }
  if (!to) return renamed;
  // The new numbers must be free, and not read by another cell.
  for (const auto& [old, now] : renamed) {
    if (book.paragraph(now) && !renamed.count(now)) refuse("exists", now);
    for (std::uint32_t cell : cells_reading(book, now))
      if (o->target.kind == Target::Kind::Paragraph || cell != from)
        refuse("would_be_read", now, cell);
  }
  return renamed;
}

Json Server::prepare_rename(const Json& params) {
  Place at = place(params);
  if (!at.book) refuse("not_in_book");
  const Occurrence* o = at.book->index(at.file).at(at.file, at.offset);
  if (std::optional<Json> named = rename_name(at, o, std::nullopt)) return *named;
  SourceRange name;
  renumbering(at, o, std::nullopt, &name);
  const std::string_view text = at.book->compilation.sources.text(name);
  return {{"range", range(*at.book, name)}, {"placeholder", std::string(text)}};
}

Json Server::rename(const Json& params) {
  Place at = place(params);
  if (!at.book) refuse("not_in_book");
  const std::string wanted = string_member(params, "newName");
  const Occurrence* o = at.book->index(at.file).at(at.file, at.offset);
  if (std::optional<Json> named = rename_name(at, o, wanted)) return *named;
  const std::uint32_t to = new_number(wanted);
  const std::map<std::uint32_t, std::uint32_t> renamed = renumbering(at, o, to, nullptr);
  const bool cell = o->target.kind == Target::Kind::Cell;
  const std::uint32_t from = o->target.number;

  // Every book that writes these numbers: this one and its translations.
  std::vector<LoadedBook*> books = {at.book};
  for (const std::string& manifest : translations_of(at.book->manifest))
    if (LoadedBook* t = workspace_.book_at(manifest)) books.push_back(t);
  Changes changes;
  std::map<std::string, std::string> texts; // each changed file's text now
  for (LoadedBook* book : books) {
    for (const Occurrence& occurrence : book->index().all()) {
      const Target& t = occurrence.target;
      std::uint32_t old = 0, now = 0;
      if (t.kind == Target::Kind::Paragraph && renamed.count(t.number)) {
        old = t.number;
        now = renamed.at(t.number);
      } else if (cell && t.kind == Target::Kind::Cell && t.number == from) {
        old = from;
        now = to;
      } else {
        continue;
      }
      const std::optional<Digits> d = number_in(*book, occurrence, old);
      if (!d) continue; // a name that leads there
      const SourceFile& file = book->compilation.sources.file(occurrence.range.file);
      texts.emplace(file.path(), std::string(file.text()));
      changes[file.path()].emplace(occurrence.range.begin + std::uint32_t(d->begin),
                                   Change{occurrence.range.begin + std::uint32_t(d->end),
                                          text::written_number(now, d->arabic)});
    }
  }
  keep_review_state(*at.book, books, renamed, changes, texts);
  return workspace_edit(changes, texts, encoding_);
}

} // namespace talebook::lsp
