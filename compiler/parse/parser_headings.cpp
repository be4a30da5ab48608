// Headers and headings: the words of the language (paragraph kinds, heading
// words) are read here; names are left as written for the resolver.
#include <algorithm>
#include <optional>
#include <utility>

#include <tao/pegtl.hpp>

#include "compiler/parse/parser_state.hpp"
#include "compiler/text/text.hpp"
#include "grammar/tales.hpp"

namespace talebook {
namespace {

namespace pegtl = tao::pegtl;
namespace g = grammar;

// Splits on blanks, keeping each word's offset.
struct Word {
  std::string_view text;
  std::size_t offset;
};
std::vector<Word> words_of(std::string_view s) {
  std::vector<Word> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
      ++i;
    std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t')
      ++i;
    if (i > start) out.push_back({s.substr(start, i - start), start});
  }
  return out;
}

const char* const paragraph_kinds[] = {"chart", "status", "treasure", "place", "quest"};

// Heading re-parse: each condition's words and optional note, with offsets.
struct HeadingPart {
  std::string_view words, note;
  std::size_t words_at = 0, note_at = 0;
};
struct HeadingParts {
  const char* base;
  std::vector<HeadingPart> parts;
  const grammar::CodeMarks* code_marks; // read by the grammar
};
template <typename Rule> struct HeadingAction : pegtl::nothing<Rule> {};
template <> struct HeadingAction<g::condition_word> {
  template <typename In> static void apply(const In& in, HeadingParts& h) {
    h.parts.push_back({in.string_view(), {}, static_cast<std::size_t>(in.begin() - h.base), 0});
  }
};
template <> struct HeadingAction<g::condition_note_word> {
  template <typename In> static void apply(const In& in, HeadingParts& h) {
    if (h.parts.empty()) return;
    h.parts.back().note = in.string_view();
    h.parts.back().note_at = static_cast<std::size_t>(in.begin() - h.base);
  }
};

// `A or B` split with the vocabulary's word for "or" (with blanks around it,
// or none for a word such as 或).
std::vector<std::pair<std::string_view, std::size_t>>
split_or(std::string_view rest, std::size_t rest_at, const VocabEntry* or_word) {
  std::vector<std::pair<std::string_view, std::size_t>> pieces;
  if (!or_word) {
    pieces.push_back({rest, rest_at});
    return pieces;
  }
  std::vector<Word> words = words_of(rest);
  std::size_t from = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0 && i + 1 < words.size() &&
        text::name_key(words[i].text) == text::name_key(or_word->name)) {
      std::size_t end = words[i - 1].offset + words[i - 1].text.size();
      pieces.push_back({rest.substr(from, end - from), rest_at + from});
      from = words[i + 1].offset;
    }
  }
  pieces.push_back({rest.substr(from), rest_at + from});
  if (text::is_ascii(or_word->name)) return pieces;
  std::vector<std::pair<std::string_view, std::size_t>> split;
  for (auto [n, at] : pieces) {
    std::size_t pos;
    while ((pos = n.find(or_word->name)) != std::string_view::npos && pos > 0) {
      split.push_back({n.substr(0, pos), at});
      at += pos + or_word->name.size();
      n = n.substr(pos + or_word->name.size());
    }
    split.push_back({n, at});
  }
  return split;
}

// The heading words that are conditions of their own.
std::optional<ConditionKind> heading_condition(std::string_view id) {
  // A heading word's vocabulary id is its condition's id (talebook/kinds.hpp).
  for (ConditionKind kind :
       {ConditionKind::NoSkill, ConditionKind::Otherwise, ConditionKind::Female,
        ConditionKind::Male, ConditionKind::Spaces, ConditionKind::Modifiers})
    if (id == tbook::name_of(kind)) return kind;
  return std::nullopt;
}

} // namespace

std::optional<std::uint32_t> parse_number(std::string_view digits, std::uint32_t max) {
  std::string folded = text::fold_width(digits);
  std::uint64_t n = 0;
  for (char c : folded) {
    if (c < '0' || c > '9') break;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
    if (n > max) return std::nullopt;
  }
  return static_cast<std::uint32_t>(n);
}

std::optional<std::uint32_t> ParseState::read_number(std::string_view digits, SourceRange where,
                                                     std::uint32_t max, bool defer) {
  std::optional<std::uint32_t> n = parse_number(digits, max);
  if (n) return n;
  std::string written = text::fold_width(digits);
  written.erase(
      std::find_if(written.begin(), written.end(), [](char c) { return c < '0' || c > '9'; }),
      written.end());
  TooLarge number{where, written, max};
  if (!defer)
    report(Code::number_too_large, where, {arg::text(written), max});
  else if (std::none_of(too_large.begin(), too_large.end(),
                        [&](const TooLarge& t) { return t.where.begin == where.begin; }))
    too_large.push_back(number);
  return n;
}

void ParseState::report_too_large(SourceRange matched) {
  for (const TooLarge& t : too_large)
    if (t.where.begin >= matched.begin && t.where.end <= matched.end)
      report(Code::number_too_large, t.where, {arg::text(t.written), t.max});
  too_large.clear(); // the others were read by a rule that then failed
}

void ParseState::unknown(Code code, SourceRange where, std::string_view written,
                         const std::vector<std::string>& candidates) {
  Diagnostic& d = report(code, where, {std::string(written)});
  if (auto best = text::closest(written, candidates)) d.suggestion = *best;
}

void ParseState::open_paragraph(SourceRange header) {
  Paragraph p;
  p.number = number;
  p.header = header;
  p.range = header;
  p.name = name;
  p.name_id = name; // a status's vocabulary id: the resolver's
  p.name_range = name_range;
  if (!kind.empty()) {
    bool known = false;
    for (int k = 0; k < 5; ++k)
      if (text::name_key(kind) == paragraph_kinds[k]) {
        p.kind = static_cast<ParagraphKind>(k + 1);
        known = true;
      }
    if (!known) {
      // `@12 Tale of the Porter` is not a kind: say so, and keep the text as a name.
      unknown(Code::unknown_kind, kind_range, kind,
              std::vector<std::string>(std::begin(paragraph_kinds), std::end(paragraph_kinds)));
    }
  }
  if (p.kind == ParagraphKind::Status && name.empty()) {
    report(Code::status_name, header);
  } else if (name.empty() && (p.kind == ParagraphKind::Treasure || p.kind == ParagraphKind::Place ||
                              p.kind == ParagraphKind::Quest)) {
    report(Code::missing_name, header, {arg::keyword(keyword(p.kind))});
  }
  book.paragraphs.push_back(std::move(p));
  block = Block::Paragraph;
  current = book.paragraphs.size() - 1;
  section = -1;
}

void ParseState::open_section(SourceRange heading) {
  Paragraph* p = paragraph();
  if (!p) return;
  Section s;
  s.conditions = std::move(conditions);
  s.names = std::move(heading_names);
  s.tentative = std::exchange(tentative, false);
  s.heading = heading;
  s.range = heading;
  conditions.clear();
  heading_names.clear();
  p->sections.push_back(std::move(s));
  section = static_cast<int>(p->sections.size() - 1);
}

bool ParseState::read_heading(std::string_view heading, SourceRange where) {
  HeadingParts parts{heading.data(), {}, code_marks};
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(heading.data(), heading.size(), "");
  if (!pegtl::parse<g::heading_only, HeadingAction>(in, parts)) return false;

  const VocabEntry* or_word = vocabulary.by_id(VocabKind::Heading, "or");
  std::vector<Condition> found;
  std::vector<HeadingName> names;
  bool known = false, long_part = false, odd_note = false;
  auto offset = [&](std::size_t at) { return where.begin + static_cast<std::uint32_t>(at); };

  for (const HeadingPart& part : parts.parts) {
    for (auto [n, at] : split_or(part.words, part.words_at, or_word)) {
      std::string written = text::trim(n);
      SourceRange range{file, offset(at), offset(at + n.size())};
      HeadingName name{written, range, found.size()};
      if (const VocabEntry* h = vocabulary.find(VocabKind::Heading, written);
          h && h->id != "or" && h->id != "mandatory") {
        if (auto kind = heading_condition(h->id)) {
          Condition c;
          c.kind = *kind;
          c.id = h->id;
          c.range = range;
          found.push_back(std::move(c));
          known = true;
        } else {
          names.push_back(std::move(name)); // a heading word that is no condition
        }
        continue;
      }
      if (const VocabEntry* skill = vocabulary.find(VocabKind::Skill, written)) {
        name.known = true;
        name.id = skill->id;
      } else if (const VocabEntry* status = vocabulary.find(VocabKind::Status, written)) {
        name.known = true;
        name.kind = ConditionKind::Status;
        name.id = status->id;
      }
      known = known || name.known;
      if (!name.known && words_of(written).size() > 4) long_part = true;
      names.push_back(std::move(name));
    }
    if (part.note.empty()) continue;
    const VocabEntry* note = vocabulary.find(VocabKind::Heading, part.note);
    SourceRange note_range{file, offset(part.note_at), offset(part.note_at + part.note.size())};
    bool last_is_name = !names.empty() && names.back().position == found.size();
    if (note && note->id == "mandatory") {
      if (last_is_name)
        names.back().mandatory = true;
      else if (!found.empty())
        found.back().mandatory = true;
    } else {
      names.push_back({std::string(part.note), note_range, found.size(), false, true});
      odd_note = true;
    }
  }
  // Nothing of the language's words: prose with a colon, or a heading of
  // treasures (or a misspelt one), which only the resolver can tell apart.
  // A chart's entries follow no heading, and a note other than (mandatory)
  // on unknown words is a reference such as `Old Man (H):` in prose.
  if (!known && (long_part || odd_note || paragraph()->kind == ParagraphKind::Chart)) return false;
  tentative = !known;
  conditions = std::move(found);
  heading_names = std::move(names);
  return true;
}

} // namespace talebook
