// The state the grammar's actions build the book in (compiler/parser.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

// Treasure and place names the whole book defines (collected before parsing,
// so a heading or award may name a treasure defined in another file).
struct BookNames {
  std::unordered_set<std::string> treasures; // text::name_key of each name
  std::unordered_set<std::string> places;
  std::vector<std::string> treasure_names, place_names; // as written, for "did you mean"
  void add(ParagraphKind kind, const std::string& name);
};

struct ParseState {
  ParseState(std::uint32_t file, const char* base, const Vocabulary& vocabulary,
             const BookNames& names, Book& book, Diagnostics& diagnostics)
      : file(file), base(base), vocabulary(vocabulary), names(names), book(book),
        diagnostics(diagnostics) {}

  std::uint32_t file;
  const char* base; // the file's first byte: ranges are offsets from here
  const Vocabulary& vocabulary;
  const BookNames& names;
  Book& book;
  Diagnostics& diagnostics;

  enum class Block { None, Paragraph, Matrix, Card } block = Block::None;
  std::size_t current = 0; // index of the current paragraph, matrix or card
  int section = -1;        // index of the open section of the current paragraph
  int city_result = -1;    // index of the open result of the current city card

  // Pending pieces of the construct being matched.
  std::uint32_t number = 0;
  SourceRange number_range;
  std::string kind, name;
  SourceRange kind_range, name_range;
  std::vector<Condition> conditions;
  int roll_low = 0, roll_high = 0;
  bool roll_and_up = false;
  ChartEntry entry;
  MatrixRow row;
  Card card;
  TerrainEntry terrain;
  AwardCode award;
  Award item;
  std::string words, argument, qualifier;
  SourceRange words_range, argument_range, qualifier_range;
  std::vector<SourceRange> line_awards; // award spans met on the current line
  bool implicit_section = false;        // this line's award opened a section after the prose

  SourceRange range(const char* begin, const char* end) const {
    return {file, static_cast<std::uint32_t>(begin - base), static_cast<std::uint32_t>(end - base)};
  }
  template <typename Input> SourceRange range(const Input& in) const {
    return range(in.begin(), in.end());
  }
  // A matched line without its line ending.
  template <typename Input> SourceRange line_range(const Input& in) const {
    const char* end = in.end();
    if (end > in.begin() && end[-1] == '\n') --end;
    if (end > in.begin() && end[-1] == '\r') --end;
    return range(in.begin(), end);
  }

  Paragraph* paragraph() { return block == Block::Paragraph ? &book.paragraphs[current] : nullptr; }
  ReactionMatrix* matrix() { return block == Block::Matrix ? &book.matrices[current] : nullptr; }
  Card* current_card() { return block == Block::Card ? &book.cards[current] : nullptr; }

  Diagnostic& report(Code code, SourceRange where, std::vector<Arg> args = {}) {
    return diagnostics.report(code, where, std::move(args));
  }
  // Reports an unknown name with "did you mean" among `candidates`.
  void unknown(Code code, SourceRange where, std::string_view written,
               const std::vector<std::string>& candidates);
  // An unknown name that could be of several kinds: the code is the kind of
  // the closest known name (unknown skill, status...), else `fallback`.
  struct NameGroup {
    Code code;
    std::vector<std::string> names;
  };
  void unknown_name(SourceRange where, std::string_view written, Code fallback,
                    const std::vector<NameGroup>& groups);
  std::vector<NameGroup> condition_groups() const;

  // Semantic work of the actions (compiler/parser_resolve.cpp).
  void open_paragraph(SourceRange header);
  void open_section(SourceRange heading);
  bool resolve_heading(std::string_view text, SourceRange where);
  void resolve_named_award();
  void resolve_coded_qualifier();
  void commit_award(SourceRange where);
  void add_text(std::string_view piece, const char* begin);
};

// Parses a number written in ASCII or full-width digits.
std::uint32_t parse_number(std::string_view digits);

} // namespace talebook
