// Applying the edits, tidying line ends, and format_book's proof that the
// formatted book means what the original meant (the model JSON compared).
#include "compiler/format/format.hpp"

#include <algorithm>

#include "compiler/model/model_json.hpp"

namespace talebook::format {

std::string apply_edits(std::string_view text, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  std::string out(text);
  std::uint32_t limit = static_cast<std::uint32_t>(text.size());
  for (auto e = edits.rbegin(); e != edits.rend(); ++e) {
    if (e->end > limit || e->begin > e->end) continue; // overlaps a later edit
    out.replace(e->begin, e->end - e->begin, e->text);
    limit = e->begin;
  }
  return out;
}

std::string tidy_lines(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 1);
  std::string ending;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t eol = text.find('\n', at);
    std::size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
    std::size_t end = eol == std::string_view::npos ? text.size() : eol;
    bool crlf = end > at && text[end - 1] == '\r';
    if (crlf) --end;
    if (ending.empty() && eol != std::string_view::npos) ending = crlf ? "\r\n" : "\n";
    while (end > at && (text[end - 1] == ' ' || text[end - 1] == '\t'))
      --end;
    out.append(text.substr(at, end - at));
    if (eol != std::string_view::npos) out += crlf ? "\r\n" : "\n";
    at = next;
  }
  // No blank lines at the end; one line ending after the last line.
  std::size_t keep = out.size();
  while (keep > 0 && (out[keep - 1] == '\n' || out[keep - 1] == '\r'))
    --keep;
  out.resize(keep);
  if (!out.empty()) out += ending.empty() ? "\n" : ending;
  return out;
}

std::string format_file(const Book& book, const SourceSet& sources, std::uint32_t file,
                        const FormatOptions& options) {
  std::string_view text = sources.file(file).text();
  std::vector<Edit> edits;
  award_edits(book, file, text, options, edits);
  table_edits(book, file, text, edits);
  map_edits(book, file, text, edits);
  display_edits(book, file, text, edits);
  game_edits(book, file, text, edits);
  return tidy_lines(apply_edits(text, std::move(edits)));
}

namespace {

// The model as JSON; with `bracket`, every award group counts as bracketed.
nlohmann::json meaning(const Book& book, const Vocabulary& vocabulary, bool bracket) {
  nlohmann::json j = model_json(book, vocabulary);
  if (!bracket) return j;
  auto walk = [](auto& self, nlohmann::json& node) -> void {
    if (node.is_object()) {
      if (node.contains("bracketed")) node["bracketed"] = true;
      for (auto& [key, value] : node.items())
        self(self, value);
    } else if (node.is_array()) {
      for (auto& value : node)
        self(self, value);
    }
  };
  walk(walk, j);
  return j;
}

} // namespace

std::string format_book(const CompiledBook& book, const SourceSet& sources,
                        const std::vector<std::uint32_t>& files, const FormatOptions& options,
                        std::vector<FormattedFile>& out) {
  if (book.diagnostics.errors()) return "the book has errors";
  std::vector<FormattedFile> formatted;
  for (std::uint32_t id : files) {
    FormattedFile f;
    f.file = id;
    f.path = sources.file(id).path();
    f.text = format_file(book.book, sources, id, options);
    f.changed = f.text != sources.file(id).text();
    formatted.push_back(std::move(f));
  }
  // The formatted book, compiled again, must mean what the original meant.
  Compilation again;
  again.manifest = book.manifest;
  again.vocabulary = book.vocabulary;
  again.book.title = book.book.title;
  again.book.language = book.book.language;
  again.book.translates = book.book.translates;
  again.book.game.game = book.book.game.game; // a game of the family (docs/games.md)
  again.book.game.manifest = book.book.game.manifest;
  for (std::uint32_t id = 1; id <= sources.size(); ++id) {
    auto f = std::find_if(formatted.begin(), formatted.end(),
                          [&](const FormattedFile& x) { return x.file == id; });
    again.sources.add(sources.file(id).path(),
                      f != formatted.end() ? f->text : std::string(sources.file(id).text()));
  }
  compile_loaded(again);
  if (again.diagnostics.errors() || meaning(again.book, again.vocabulary, options.bracket) !=
                                        meaning(book.book, book.vocabulary, options.bracket))
    return "the canonical layout would change what the book means: nothing written "
           "(please report this as a bug)";
  out = std::move(formatted);
  return {};
}

} // namespace talebook::format
