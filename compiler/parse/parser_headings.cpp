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
  const std::string& or_key = or_word->keys.front(); // the name's, not an alias's
  std::size_t from = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0 && i + 1 < words.size() && text::name_key(words[i].text) == or_key) {
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
  for (ConditionKind kind : {ConditionKind::NoSkill, ConditionKind::Otherwise,
                             ConditionKind::Female, ConditionKind::Male, ConditionKind::Spaces,
                             ConditionKind::Modifiers, ConditionKind::Effects})
    if (id == tbook::name_of(kind)) return kind;
  return std::nullopt;
}

// A condition term (`7 or less`, `1 use`...) written as a heading's note.
bool term_note(const Vocabulary& v, std::string_view note) {
  std::string key = text::name_key(note);
  for (AwardTerm term : {AwardTerm::OneUse, AwardTerm::SevenOrLess, AwardTerm::SixOrLess,
                         AwardTerm::OneTurn, AwardTerm::Master})
    if (const VocabEntry* w = v.by_id(VocabKind::Award, tbook::name_of(term));
        w && w->keys.front() == key)
      return true;
  return false;
}

} // namespace

// `Wealth: Poor or less (All mandatory):`; false when the first word is not
// the vocabulary's heading word for wealth (then it is another heading, or prose).
bool ParseState::read_wealth_heading(std::string_view heading, SourceRange where) {
  if (!paragraph()) return false;
  std::size_t colon = heading.find(':');
  std::size_t wide = heading.find("\xEF\xBC\x9A"); // full-width colon
  if (wide < colon) colon = wide;
  if (colon == std::string_view::npos) return false;
  const VocabEntry* word =
      vocabulary.find(VocabKind::Heading, text::trim(heading.substr(0, colon)));
  if (!word || word->id != "wealth") return false;
  std::size_t after = colon + (colon == wide ? 3 : 1);
  std::string_view rest = heading.substr(after);
  // Drop the final colon and the note.
  std::size_t end = rest.find_last_of(':');
  std::size_t wide_end = rest.rfind("\xEF\xBC\x9A");
  if (wide_end != std::string_view::npos && (end == std::string_view::npos || wide_end > end))
    end = wide_end;
  rest = rest.substr(0, end);
  std::string_view note;
  std::size_t open = std::min(rest.find('('), rest.find("\xEF\xBC\x88"));
  if (open != std::string_view::npos) {
    note = rest.substr(open);
    rest = rest.substr(0, open);
  }
  std::size_t level_at = static_cast<std::size_t>(rest.data() - heading.data());
  while (level_at < heading.size() && (heading[level_at] == ' ' || heading[level_at] == '\t'))
    ++level_at;
  std::string level = text::trim(rest);
  SourceRange range{file, where.begin + static_cast<std::uint32_t>(level_at),
                    where.begin + static_cast<std::uint32_t>(level_at + level.size())};
  // The level is the resolver's to look up; a long one is prose
  // (`Wealth: it was gone: all of it`), its `or less` aside.
  const std::string key = text::name_key(level);
  std::string_view bare = level;
  if (auto rest = strip_heading_suffix(level, key, keywords.or_less))
    bare = *rest;
  else if (auto rest = strip_heading_suffix(level, key, keywords.or_more))
    bare = *rest;
  if (words_of(text::trim(bare)).size() > 3) return false;
  std::optional<Condition> c = Condition{};
  c->kind = ConditionKind::Wealth;
  c->written = Condition::Written::name;
  c->id = stored(heading.substr(level_at, level.size()), range);
  c->range = range;
  if (!note.empty()) {
    // `(All mandatory)` or `(mandatory)`: anything else is reported as a condition.
    std::string inner = text::trim(note.substr(note[0] == '(' ? 1 : 3));
    if (!inner.empty() && inner.back() == ')') inner.pop_back();
    if (inner.size() >= 3 && inner.compare(inner.size() - 3, 3, "\xEF\xBC\x89") == 0)
      inner.resize(inner.size() - 3);
    inner = text::trim(inner);
    const VocabEntry* n = vocabulary.find(VocabKind::Heading, inner);
    if (n && (n->id == "mandatory" || n->id == "all_mandatory"))
      c->mandatory = true;
    else
      report(Code::unknown_condition, where, {inner});
  }
  tentative = false;
  conditions = {std::move(*c)};
  return true;
}

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

void ParseState::open_paragraph(SourceRange header) {
  close_paragraph();
  Paragraph p;
  p.number = number;
  p.set_header(header);
  // The name is its range's text, trimmed at the end.
  p.name = stored(
      name, {file, name_range.begin, name_range.begin + static_cast<std::uint32_t>(name.size())});
  p.set_name_range(name_range);
  if (!kind.empty()) {
    bool known = false;
    std::string kind_key = text::name_key(kind);
    for (int k = 0; k < 5; ++k)
      if (kind_key == paragraph_kinds[k]) {
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
  if (slots_used < slots.size()) {
    open = &slots[slots_used++];
    *open = std::move(p);
  } else {
    book.paragraphs.push_back(std::move(p));
    open = &book.paragraphs.back();
  }
  block = Block::Paragraph;
  section = -1;
}

void ParseState::close_paragraph() {
  if (block != Block::Paragraph) return;
  // The paragraph is complete: its sections and references go to the book's stores.
  open->sections = book.keep_sections(sections);
  sections.clear();
  if (open->chart) open->chart->entries.shrink_to_fit();
  open->refs = book.keep_refs(refs);
  open->matrix_refs = book.keep_matrix_refs(matrix_refs);
  refs.clear();
  matrix_refs.clear();
  block = Block::None;
  open = nullptr;
}

void ParseState::open_section(SourceRange heading) {
  if (!paragraph()) return;
  Section s;
  s.conditions = book.keep_conditions(conditions);
  s.tentative = std::exchange(tentative, false);
  s.set_heading(heading);
  s.set_range(heading);
  conditions.clear();
  sections.push_back(std::move(s));
  section = static_cast<int>(sections.size() - 1);
}

bool ParseState::read_heading(std::string_view heading, SourceRange where) {
  HeadingParts parts{heading.data(), {}, code_marks};
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(heading.data(), heading.size(), "");
  if (!pegtl::parse<g::heading_only, HeadingAction>(in, parts)) return false;

  const VocabEntry* or_word = keywords.or_word;
  // The heading's conditions in the order written: the language's heading
  // words are conditions now; every name (a skill, a status, a wealth level
  // such as `Poor or less`, a treasure) stays as written (Condition::Written),
  // for the resolver to look up.
  std::vector<Condition> found;
  bool known = false, long_part = false, letter_note = false;
  auto offset = [&](std::size_t at) { return where.begin + static_cast<std::uint32_t>(at); };
  auto last_is_name = [&] {
    return !found.empty() && found.back().written == Condition::Written::name;
  };

  for (const HeadingPart& part : parts.parts) {
    for (auto [n, at] : split_or(part.words, part.words_at, or_word)) {
      std::string written = text::trim(n);
      SourceRange range{file, offset(at), offset(at + n.size())};
      std::string key = text::name_key(written);
      // The heading words that are conditions; `or`, `mandatory` and the words of a
      // wealth heading are none alone, and read on as names.
      const VocabEntry* h = vocabulary.find_key(VocabKind::Heading, key);
      if (auto kind = h ? heading_condition(h->id) : std::nullopt) {
        Condition c;
        c.kind = *kind;
        c.id = h->id;
        c.range = range;
        found.push_back(std::move(c));
        known = true;
        continue;
      }
      const std::size_t lead = written.empty() ? 0 : n.find(written);
      Condition name;
      name.written = Condition::Written::name;
      name.id = stored(n.substr(lead, written.size()),
                       {file, offset(at + lead), offset(at + lead + written.size())});
      name.range = range;
      if (words_of(written).size() > 4) long_part = true;
      found.push_back(std::move(name));
    }
    if (part.note.empty()) continue;
    const VocabEntry* note = vocabulary.find(VocabKind::Heading, part.note);
    SourceRange note_range{file, offset(part.note_at), offset(part.note_at + part.note.size())};
    if (note && (note->id == "mandatory" || note->id == "all_mandatory")) {
      if (!found.empty()) found.back().mandatory = true;
    } else if (term_note(vocabulary, part.note) && last_is_name()) {
      // `Wounded (7 or less):` — the status as the rules treat it (rule 12.4:
      // a conditional skill or status has the effects of a normal one).
    } else {
      Condition odd;
      odd.written = Condition::Written::note;
      odd.id = stored(part.note, note_range);
      odd.range = note_range;
      found.push_back(std::move(odd));
      // `(H)`: a matrix letter, so `Old Man (H):` is a reference in prose.
      letter_note =
          letter_note || (part.note.size() == 1 && part.note[0] >= 'A' && part.note[0] <= 'Z');
    }
  }
  // Nothing of the language's words: prose with a colon, or a heading of
  // skills, statuses or treasures (or a misspelt one), which only the resolver
  // can tell apart (a name with an odd note, `Luck (optional):`, is a heading
  // if the name is one). A chart's entries follow no heading, and a matrix
  // letter on names is a reference such as `Old Man (H):` in prose.
  if (!known && (long_part || letter_note || paragraph()->kind == ParagraphKind::Chart))
    return false;
  tentative = !known;
  conditions = std::move(found);
  return true;
}

// `Generous Widow (H, Female)`: the heading words Female and Male (their
// aliases too) name a being's sex; another word is TB0205.
void ParseState::read_being_sex(std::string_view written, SourceRange where) {
  const std::string key = text::name_key(written);
  for (BeingSex sex : {BeingSex::Male, BeingSex::Female})
    if (const VocabEntry* w = vocabulary.by_id(VocabKind::Heading, tbook::name_of(sex));
        w && std::find(w->keys.begin(), w->keys.end(), key) != w->keys.end()) {
      entry.sex = sex;
      return;
    }
  entry.sex_unknown = true;
  unknown(
      Code::unknown_sex, where, written,
      {vocabulary.word(VocabKind::Heading, "female"), vocabulary.word(VocabKind::Heading, "male")});
}

} // namespace talebook
