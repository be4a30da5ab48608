// Renaming a name (textDocument/prepareRename and rename): a treasure's, a
// place's or a quest's, at its header and in every award and heading that
// names it; a matrix row's adjective, in its row and in every being of a
// chart or card that meets it. In one book: a translation names things in its
// own words, so only its review state follows the source book's text.
#include <algorithm>
#include <set>

#include "compiler/lsp/rename_edits.hpp"
#include "compiler/lsp/server.hpp"
#include "compiler/text/text.hpp"

namespace talebook::lsp {

using namespace renaming;

namespace {

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Where `name` is written in `text`, case aside (ASCII); npos when nowhere.
std::size_t find_name(std::string_view text, std::string_view name) {
  if (name.empty() || name.size() > text.size()) return std::string_view::npos;
  for (std::size_t i = 0; i + name.size() <= text.size(); ++i)
    if (std::equal(name.begin(), name.end(), text.begin() + static_cast<std::ptrdiff_t>(i),
                   [](char a, char b) { return lower(a) == lower(b); }))
      return i;
  return std::string_view::npos;
}

// A new name: one line, none of the marks that end a name in a .tales line.
std::string new_name(const std::string& name) {
  const std::string trimmed = text::trim(name);
  if (trimmed.empty()) refuse("empty_name");
  for (const char* mark :
       {"[", "]", "/", ":", "|", "(", ")", "\n", "\xEF\xBC\xBB", "\xEF\xBC\xBD", "\xEF\xBC\x8F",
        "\xEF\xBC\x9A", "\xEF\xBD\x9C", "\xEF\xBC\x88", "\xEF\xBC\x89"})
    if (trimmed.find(mark) != std::string::npos) refuse("mark", 0, 0, trimmed, mark);
  return trimmed;
}

} // namespace

std::optional<Json> Server::rename_name(const Place& at, const Occurrence* o,
                                        const std::optional<std::string>& to) {
  const Book& book = at.book->compilation.book;
  if (!o) return std::nullopt;
  const Target& target = o->target;
  // What the name is, and where each occurrence writes it.
  std::string name;
  const Paragraph* named = nullptr;
  if (target.kind == Target::Kind::Paragraph) {
    named = book.paragraph(target.number);
    const std::string_view text = at.book->compilation.sources.text(o->range);
    // On the digits of `Ebony Horse (150)`: the number, not the name.
    const std::size_t k = at.offset - o->range.begin;
    for (const text::DigitRun& run : text::digit_runs(text))
      if (k >= run.begin && k <= run.end) return std::nullopt;
    if (!named || named->name.empty() ||
        find_name(text, std::string_view(named->name.data(), named->name.size())) ==
            std::string_view::npos)
      return std::nullopt; // a number
    if (named->kind != ParagraphKind::Treasure && named->kind != ParagraphKind::Place &&
        named->kind != ParagraphKind::Quest)
      refuse("vocabulary", 0, 0, {}, {}, keyword(named->kind));
    name = std::string(named->name.data(), named->name.size());
  } else if (target.kind == Target::Kind::Row) {
    const auto m = std::find_if(book.matrices.begin(), book.matrices.end(),
                                [&](const ReactionMatrix& x) { return x.letter == target.letter; });
    if (m == book.matrices.end() || target.row < 0 ||
        static_cast<std::size_t>(target.row) >= m->rows.size())
      return std::nullopt;
    name = m->rows[static_cast<std::size_t>(target.row)].adjective;
    if (to)
      for (const MatrixRow& row : m->rows)
        if (text::name_key(row.adjective) == text::name_key(*to) && row.adjective != name)
          refuse("row_taken", 0, 0, row.adjective, std::string(1, m->letter));
  } else {
    return std::nullopt;
  }
  auto span_of = [&](const LoadedBook& in, const Occurrence& x) -> std::optional<SourceRange> {
    if (!(x.target == target)) return std::nullopt;
    const std::string_view text = in.compilation.sources.text(x.range);
    std::size_t at_name = find_name(text, name);
    // A being meets a row by its first words; a row's line starts with them.
    if (target.kind == Target::Kind::Row && at_name != std::string_view::npos) {
      // Only a chart line's number (`1. `) may come before them.
      const std::string_view before = text.substr(0, at_name);
      if (before.find_first_not_of("0123456789. ") != std::string_view::npos) return std::nullopt;
    }
    if (at_name == std::string_view::npos) return std::nullopt;
    return SourceRange{x.range.file, x.range.begin + static_cast<std::uint32_t>(at_name),
                       x.range.begin + static_cast<std::uint32_t>(at_name + name.size())};
  };
  if (!to) {
    const std::optional<SourceRange> here = span_of(*at.book, *o);
    if (!here) refuse("not_here");
    return Json{{"range", range(*at.book, *here)}, {"placeholder", name}};
  }
  const std::string now = new_name(*to);
  if (named)
    for (const Paragraph& p : book.paragraphs)
      if (&p != named && p.kind == named->kind &&
          text::name_key(std::string_view(p.name.data(), p.name.size())) == text::name_key(now))
        refuse("taken", p.number, 0, now, {}, keyword(p.kind));
  Changes changes;
  std::map<std::string, std::string> texts;
  for (const Occurrence& x : at.book->index().all()) {
    const std::optional<SourceRange> span = span_of(*at.book, x);
    if (!span) continue;
    const SourceFile& file = at.book->compilation.sources.file(span->file);
    if (!at.book->own.count(file.path())) continue; // a translation's source book is not its own
    texts.emplace(file.path(), std::string(file.text()));
    changes[file.path()].emplace(span->begin, Change{span->end, now});
  }
  // A Quest card names the being to find (`Quest: Old Sailor (710)`) with no
  // matrix letter: it follows when it names a being this row meets.
  if (target.kind == Target::Kind::Row) {
    std::set<std::string> beings;
    for (const Occurrence& x : at.book->index().all())
      if (x.target == target && !x.definition) {
        std::string_view text = at.book->compilation.sources.text(x.range);
        text.remove_prefix(std::min(text.size(), text.find_first_not_of("0123456789. ")));
        beings.insert(text::name_key(text));
      }
    for (const Card& card : book.cards) {
      if (card.quest_being.empty() || !card.quest_range.valid() ||
          !beings.count(text::name_key(card.quest_being)) || find_name(card.quest_being, name) != 0)
        continue;
      const SourceFile& file = at.book->compilation.sources.file(card.quest_range.file);
      if (!at.book->own.count(file.path())) continue;
      const auto begin = static_cast<std::uint32_t>(card.quest_being.data() - file.text().data());
      texts.emplace(file.path(), std::string(file.text()));
      changes[file.path()].emplace(begin,
                                   Change{begin + static_cast<std::uint32_t>(name.size()), now});
    }
  }
  std::vector<LoadedBook*> books = {at.book};
  if (at.book->compilation.manifest.translates.empty())
    for (const std::string& manifest : translations_of(at.book->manifest))
      if (LoadedBook* t = workspace_.book_at(manifest)) books.push_back(t);
  keep_review_state(*at.book, books, {}, changes, texts);
  return workspace_edit(changes, texts, encoding_);
}

} // namespace talebook::lsp
