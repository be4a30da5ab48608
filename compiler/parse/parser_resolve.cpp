// The semantic side of parsing: headers, headings and award words resolved
// against the vocabulary and the book's own names.
#include <algorithm>

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

} // namespace

std::uint32_t parse_number(std::string_view digits) {
  std::string folded = text::fold_width(digits);
  std::uint64_t n = 0;
  for (char c : folded) {
    if (c < '0' || c > '9') break;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
    if (n > 0xFFFFFFFFu) return 0xFFFFFFFFu;
  }
  return static_cast<std::uint32_t>(n);
}

void ParseState::unknown(Code code, SourceRange where, std::string_view written,
                         const std::vector<std::string>& candidates) {
  Diagnostic& d = report(code, where, {std::string(written)});
  if (auto best = text::closest(written, candidates)) d.suggestion = *best;
}

void ParseState::unknown_name(SourceRange where, std::string_view written, Code fallback,
                              const std::vector<NameGroup>& groups) {
  std::vector<std::string> all;
  for (const NameGroup& g : groups)
    all.insert(all.end(), g.names.begin(), g.names.end());
  std::optional<std::string> best = text::closest(written, all);
  Code code = fallback;
  if (best)
    for (const NameGroup& g : groups)
      if (std::find(g.names.begin(), g.names.end(), *best) != g.names.end()) {
        code = g.code;
        break;
      }
  Diagnostic& d = report(code, where, {std::string(written)});
  if (best) d.suggestion = *best;
}

std::vector<ParseState::NameGroup> ParseState::condition_groups() const {
  std::vector<std::string> headings;
  for (auto& e : vocabulary.entries(VocabKind::Heading))
    if (e.id != "or" && e.id != "mandatory") headings.push_back(e.name);
  return {{Code::unknown_skill, vocabulary.names(VocabKind::Skill)},
          {Code::unknown_status, vocabulary.names(VocabKind::Status)},
          {Code::unknown_treasure, names.treasure_names},
          {Code::unknown_condition, headings}};
}

void ParseState::open_paragraph(SourceRange header) {
  Paragraph p;
  p.number = number;
  p.header = header;
  p.range = header;
  p.name = name;
  p.name_id = name;
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
  if (p.kind == ParagraphKind::Status) {
    if (name.empty()) {
      report(Code::status_name, header);
    } else if (const VocabEntry* status = vocabulary.find(VocabKind::Status, name)) {
      p.name_id = status->id;
    } else {
      unknown(Code::unknown_status, name_range, name, vocabulary.names(VocabKind::Status));
    }
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
  s.heading = heading;
  s.range = heading;
  conditions.clear();
  p->sections.push_back(std::move(s));
  section = static_cast<int>(p->sections.size() - 1);
}

bool ParseState::resolve_heading(std::string_view heading, SourceRange where) {
  HeadingParts parts{heading.data(), {}};
  pegtl::memory_input<pegtl::tracking_mode::lazy> in(heading.data(), heading.size(), "");
  if (!pegtl::parse<g::heading_only, HeadingAction>(in, parts)) return false;

  const VocabEntry* or_word = vocabulary.by_id(VocabKind::Heading, "or");
  std::vector<Condition> found;
  struct Unknown {
    std::string name;
    SourceRange range;
  };
  std::vector<Unknown> unknowns;
  bool long_part = false;
  auto offset = [&](std::size_t at) { return where.begin + static_cast<std::uint32_t>(at); };

  for (const HeadingPart& part : parts.parts) {
    // Split `A or B` with the vocabulary's word for "or".
    std::vector<std::pair<std::string_view, std::size_t>> pieces;
    std::string_view rest = part.words;
    std::size_t rest_at = part.words_at;
    if (or_word) {
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
      if (!text::is_ascii(or_word->name)) { // 或: no blanks around it
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
        pieces = split;
      }
    } else {
      pieces.push_back({rest, rest_at});
    }
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      auto [n, at] = pieces[i];
      std::string written = text::trim(n);
      SourceRange range{file, offset(at), offset(at + n.size())};
      Condition c;
      c.range = range;
      if (const VocabEntry* h = vocabulary.find(VocabKind::Heading, written);
          h && h->id != "or" && h->id != "mandatory") {
        static const std::pair<const char*, ConditionKind> heads[] = {
            {"no_skill", ConditionKind::NoSkill}, {"otherwise", ConditionKind::Otherwise},
            {"female", ConditionKind::Female},    {"male", ConditionKind::Male},
            {"spaces", ConditionKind::Spaces},    {"modifiers", ConditionKind::Modifiers}};
        bool matched = false;
        for (auto [id, kind] : heads)
          if (h->id == id) {
            c.kind = kind;
            matched = true;
          }
        if (!matched) {
          unknowns.push_back({written, range});
          continue;
        }
        c.id = h->id;
      } else if (const VocabEntry* skill = vocabulary.find(VocabKind::Skill, written)) {
        c.kind = ConditionKind::Skill;
        c.id = skill->id;
      } else if (const VocabEntry* status = vocabulary.find(VocabKind::Status, written)) {
        c.kind = ConditionKind::Status;
        c.id = status->id;
      } else if (names.treasures.count(text::name_key(written))) {
        c.kind = ConditionKind::Treasure;
        c.id = written;
      } else {
        if (words_of(written).size() > 4) long_part = true;
        unknowns.push_back({written, range});
        continue;
      }
      if (i + 1 == pieces.size() && !part.note.empty()) {
        const VocabEntry* note = vocabulary.find(VocabKind::Heading, part.note);
        SourceRange note_range{file, offset(part.note_at), offset(part.note_at + part.note.size())};
        if (note && note->id == "mandatory")
          c.mandatory = true;
        else
          unknowns.push_back({std::string(part.note), note_range});
      }
      found.push_back(std::move(c));
    }
  }

  if (!unknowns.empty()) {
    std::vector<NameGroup> groups = condition_groups();
    std::vector<std::string> candidates;
    for (const NameGroup& g : groups)
      candidates.insert(candidates.end(), g.names.begin(), g.names.end());
    if (found.empty()) {
      // Nothing resolved: a misspelt heading, or just prose with a colon.
      if (long_part || unknowns.size() > 1) return false;
      if (!text::closest(unknowns[0].name, candidates)) return false;
    }
    for (const Unknown& u : unknowns)
      unknown_name(u.range, u.name, Code::unknown_condition, groups);
  }
  conditions = std::move(found);
  return true;
}

} // namespace talebook
