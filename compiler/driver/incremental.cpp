#include "compiler/driver/incremental.hpp"

#include <algorithm>
#include <memory>

#include "compiler/driver/stages.hpp"
#include "compiler/graph/book_graph.hpp"
#include "compiler/parse/parser.hpp"
#include "compiler/resolve/resolver.hpp"

namespace talebook {
namespace {

// What the rest of a book reads of a paragraph: its number, kind and name.
struct Header {
  std::uint32_t number;
  ParagraphKind kind;
  std::string name;
};

// Whether anything but paragraphs of `book` is written in `file`.
bool more_than_paragraphs(const Book& book, std::uint32_t file) {
  auto in = [file](SourceRange r) { return r.file == file; };
  for (const ReactionMatrix& m : book.matrices)
    if (in(m.header)) return true;
  for (const Card& c : book.cards)
    if (in(c.header)) return true;
  for (const Space& s : book.map.spaces)
    if (in(s.header)) return true;
  for (const MovementRate& r : book.map.rates)
    if (in(r.range)) return true;
  for (const AwardCode& code : book.rejected_awards)
    if (in(code.range)) return true;
  return std::any_of(book.map.headers.begin(), book.map.headers.end(), in) ||
         std::any_of(book.display.headers.begin(), book.display.headers.end(), in);
}

bool only_paragraphs(const Book& part) {
  return part.matrices.empty() && part.cards.empty() && part.map.empty() &&
         part.display.headers.empty() && part.display.rows.empty() &&
         part.display.counters.empty() && part.rejected_awards.empty();
}

// Whether a space of the map names paragraph `number` as its place.
bool space_names(const Book& book, std::uint32_t number) {
  return std::any_of(book.map.spaces.begin(), book.map.spaces.end(),
                     [number](const Space& s) { return s.place.number == number; });
}

enum class Change { Inside, Renumbered, Other };

Change what_changed(const std::vector<Header>& before, const Book& book, std::size_t first,
                    std::size_t count) {
  if (before.size() != count) return Change::Other;
  Change change = Change::Inside;
  for (std::size_t i = 0; i < count; ++i) {
    const Header& old = before[i];
    const Paragraph& p = book.paragraphs[first + i];
    if (old.kind != p.kind || old.name != p.name.view()) return Change::Other;
    if (old.number == p.number) continue;
    if (p.kind == ParagraphKind::Treasure || p.kind == ParagraphKind::Place ||
        space_names(book, old.number) || space_names(book, p.number))
      return Change::Other; // what the resolver looked up by name or number
    change = Change::Renumbered;
  }
  return change;
}

} // namespace

bool recheck_file(Compilation& book, std::uint32_t file, std::string text, unsigned jobs) {
  if (!book.front || book.source || !book.book.translates.empty() || file == 0 ||
      file > book.sources.size())
    return false;
  std::size_t total = 0;
  for (std::uint32_t id = 1; id <= book.sources.size(); ++id)
    total += book.sources.file(id).text().size();
  const std::size_t replaced = book.sources.file(file).text().size();
  // What old texts the stores keep unused: at most half the book's size.
  if (2 * (book.replaced_bytes + replaced) > total) return false;
  std::vector<Paragraph>& paragraphs = book.book.paragraphs;
  if (more_than_paragraphs(book.book, file)) return false;
  // The file's paragraphs: one run, in file order (parse_files).
  auto first_of = std::partition_point(paragraphs.begin(), paragraphs.end(),
                                       [file](auto& p) { return p.header().file < file; });
  auto end_of = std::partition_point(first_of, paragraphs.end(),
                                     [file](auto& p) { return p.header().file == file; });
  const std::size_t first = static_cast<std::size_t>(first_of - paragraphs.begin());
  std::vector<Header> before;
  for (auto p = first_of; p != end_of; ++p) {
    if (p->fallback) return false;
    before.push_back({p->number, p->kind, std::string(p->name.view())});
  }

  // From here on, the old paragraphs' views dangle: no way back.
  book.sources.replace(file, std::move(text));
  Book part;
  Diagnostics found;
  parse_tales(file, book.sources, book.vocabulary, part, found);
  if (!only_paragraphs(part)) return false;
  const std::size_t count = part.paragraphs.size();
  book.book.replace_paragraphs(first, before.size(), std::move(part));
  normalize_paragraphs(book.book, first, count);
  const Change change = what_changed(before, book.book, first, count);
  if (change == Change::Other) return false;
  if (change == Change::Renumbered) book.book.index();
  resolve_paragraphs(book.book, first, count, book.sources, book.vocabulary, found);
  // The file's parse and resolve diagnostics in the place of its old ones.
  std::vector<Diagnostic>& front = *book.front;
  for (const Diagnostic& d : found.all())
    if (d.range.file != file) return false; // not the file's own: not to be told apart
  front.erase(std::remove_if(front.begin(), front.end(),
                             [file](const Diagnostic& d) { return d.range.file == file; }),
              front.end());
  front.insert(front.end(), found.all().begin(), found.all().end());

  if (change == Change::Inside)
    book.graph = std::make_shared<const BookGraph>(*book.graph, book.book, first, count);
  else
    book.graph = std::make_shared<const BookGraph>(book.book);
  book.diagnostics.all() = front;
  const EditedParagraphs edited{file, first, count};
  run_checks(book, book.sources, jobs == 0 && total < parallel_bytes ? 1 : jobs,
             &book.paragraph_reports, change == Change::Inside ? &edited : nullptr);
  book.diagnostics.sort();
  book.replaced_bytes += replaced;
  return true;
}

} // namespace talebook
