// Semantic tokens (textDocument/semanticTokens/full): every number and name
// the compiler resolved, coloured by what it is, from the book's index, so
// that any vocabulary in any script (Arabic digits and words, full-width
// marks) is coloured by meaning, not by a pattern. The TextMate grammar stays
// for editors without semantic tokens.
#include <algorithm>

#include "compiler/lsp/params.hpp"
#include "compiler/lsp/server.hpp"
#include "compiler/text/text.hpp"

namespace talebook::lsp {

namespace {

// The legend, in the order of the indexes below.
enum Token : int {
  Number,     // a paragraph number, a cell
  Function,   // a paragraph's header
  EnumMember, // a skill
  Enum,       // a status
  Property,   // a matrix option
  Variable,   // a matrix row (its adjective), a being
  Type,       // a matrix letter
  Class,      // a card
  Namespace,  // a space of the map, a terrain
  String,     // a name that leads to a paragraph (a treasure's, a place's), a product
  Keyword,    // an award word, a wealth level, a heading word
};
constexpr int declaration = 1; // the one modifier

int token_of(const Occurrence& o, std::string_view text) {
  switch (o.target.kind) {
  case Target::Kind::Paragraph:
    if (o.definition) return Function;
    return text::digit_runs(text).empty() ? String : Number;
  case Target::Kind::Cell:
    return Number;
  case Target::Kind::Matrix:
    return Type;
  case Target::Kind::Row:
    return Variable;
  case Target::Kind::Card:
    return Class;
  case Target::Kind::Space:
    return Namespace;
  case Target::Kind::Product:
    return String;
  case Target::Kind::Vocab:
    switch (o.target.vocab) {
    case VocabKind::Skill:
      return EnumMember;
    case VocabKind::Status:
      return Enum;
    case VocabKind::Option:
      return Property;
    case VocabKind::Terrain:
      return Namespace;
    default:
      return Keyword;
    }
  }
  return Keyword;
}

} // namespace

Json Server::semantic_tokens_legend() {
  return {{"tokenTypes",
           {"number", "function", "enumMember", "enum", "property", "variable", "type", "class",
            "namespace", "string", "keyword"}},
          {"tokenModifiers", {"declaration"}}};
}

Json Server::semantic_tokens(const Json& params) {
  Json data = Json::array();
  [[maybe_unused]] const auto [book, file, offset] = place(params);
  if (!book) return {{"data", data}};
  const SourceFile& source = book->compilation.sources.file(file);
  const std::string_view text = source.text();
  std::vector<const Occurrence*> here;
  for (const Occurrence& o : book->index(file).all())
    if (o.range.file == file && o.range.end > o.range.begin) here.push_back(&o);
  // In order; of nested places the innermost only (a row's line holds its cells).
  std::sort(here.begin(), here.end(), [](const Occurrence* a, const Occurrence* b) {
    return a->range.begin != b->range.begin ? a->range.begin < b->range.begin
                                            : a->range.end > b->range.end;
  });
  Position last{0, 0};
  std::uint32_t covered = 0; // the end of the last token: a token never overlaps one before
  for (std::size_t i = 0; i < here.size(); ++i) {
    const Occurrence& o = *here[i];
    if (i + 1 < here.size() && here[i + 1]->range.begin < o.range.end) continue; // holds another
    if (o.range.begin < covered) continue;
    const Position a = position_of(source, o.range.begin, encoding_);
    const Position b = position_of(source, o.range.end, encoding_);
    if (a.line != b.line) continue; // a token is on one line
    covered = o.range.end;
    const std::string_view written = text.substr(o.range.begin, o.range.end - o.range.begin);
    data.insert(data.end(),
                {a.line - last.line,
                 a.line == last.line ? a.character - last.character : a.character,
                 b.character - a.character, token_of(o, written), o.definition ? declaration : 0});
    last = a;
  }
  return {{"data", data}};
}

} // namespace talebook::lsp
