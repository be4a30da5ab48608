// Headings: the names of a section's conditions, and the `Words:` lines the
// parser could not place (a heading of treasures, a misspelt heading, or prose
// with a colon), which need the whole book's treasures to tell apart.
#include <algorithm>
#include <span>

#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

// A heading's name as written (Condition::Written::name), resolved in place:
// a wealth level, a skill, a status or a treasure; false (the name left as it
// was) when it is none. A `Wealth:` heading's level is always resolved: an
// unknown one is TB0024, its condition kept without an id.
bool resolve_name(Resolver& r, Condition& c) {
  const std::string_view written = c.id;
  const std::string key = text::name_key(written);
  const auto wealth = r.vocabulary.wealth_range(written, key);
  if (c.kind == ConditionKind::Wealth && !wealth) {
    r.diagnostics.report(Code::unknown_wealth, c.range, {std::string(written)});
    c.id = TextRef();
    c.roll_low = 0;
    c.set_roll_high(0);
  } else if (wealth) { // `Rich:`, `Poor or less:`, `Wealth: Poor or less:`
    c.kind = ConditionKind::Wealth;
    c.id = wealth->level->id;
    c.roll_low = wealth->low;
    c.set_roll_high(wealth->high);
  } else if (const VocabEntry* skill = r.vocabulary.find_key(VocabKind::Skill, key)) {
    c.kind = ConditionKind::Skill;
    c.id = skill->id;
  } else if (const VocabEntry* status = r.vocabulary.find_key(VocabKind::Status, key)) {
    c.kind = ConditionKind::Status;
    c.id = status->id;
  } else if (const Paragraph* treasure = r.book.treasure(written)) {
    c.kind = ConditionKind::Treasure; // `id`: the name as written
    c.set_paragraph(treasure->number);
  } else {
    return false;
  }
  c.written = Condition::Written::no;
  return true;
}

// Resolves the names of a section's heading, as the parser left them
// (Condition::Written), in place; an unknown name or note is reported and
// dropped. False when a tentative heading turns out to be prose: nothing in it
// is a name, and it is not close to one (then it is left as it was).
bool resolve_heading(Resolver& r, Section& s) {
  std::vector<const Condition*> unknowns;
  bool found = false;
  for (Condition& c : s.conditions) {
    if (!c.is_written()) continue;
    if (c.written == Condition::Written::name && resolve_name(r, c))
      found = true;
    else
      unknowns.push_back(&c);
  }
  if (unknowns.empty()) {
    s.tentative = false;
    return true;
  }
  std::vector<Resolver::NameGroup> groups = r.condition_groups();
  if (s.tentative) {
    std::vector<std::string> candidates;
    for (const Resolver::NameGroup& g : groups)
      candidates.insert(candidates.end(), g.names.begin(), g.names.end());
    auto close = [&](const Condition* u) {
      return Diagnostics::did_you_mean(std::string(u->id), candidates).has_value();
    };
    if (!found && (unknowns.size() > 1 || !close(unknowns[0]))) return false;
    // A name that resolves does not make a heading of prose around it: `守卫说，虔诚：`
    // (a guard speaking; Chinese has no blanks to make its first part long) and `The
    // guard says, Piety:` are prose, while `Piety, Star Lore:` and a misspelt name stay
    // a heading with its unknown name.
    for (const Condition* u : unknowns)
      if (u->written == Condition::Written::name && !heading_like(r, u->id) && !close(u))
        return false;
  }
  for (const Condition* u : unknowns)
    r.unknown_name(u->range, std::string(u->id), Code::unknown_condition, groups);
  std::vector<Condition> kept;
  for (const Condition& c : s.conditions)
    if (!c.is_written()) kept.push_back(c);
  s.conditions = r.book.keep_conditions(kept);
  s.tentative = false;
  return true;
}

// The first name (or note) of a heading as written, if any.
const Condition* first_written(const Section& s) {
  for (const Condition& c : s.conditions)
    if (c.is_written()) return &c;
  return nullptr;
}

// `names` as one heading, joined by the book's comma: `Piety, Wisdom`, `虔诚，智慧`
// (the comma of the script of `written`, a blank after it where `written` has
// blanks).
std::string heading_of(const Resolver& r, const std::vector<std::string>& names,
                       std::string_view written) {
  std::string comma = ",";
  for (const std::string& mark : r.vocabulary.punctuation("comma"))
    if (text::is_caseless(written) && static_cast<unsigned char>(mark[0]) >= 0x80) {
      comma = mark;
      break;
    }
  if (written.find(' ') != std::string_view::npos) comma += ' ';
  std::string heading;
  for (const std::string& n : names)
    heading += (heading.empty() ? "" : comma) + n;
  return heading;
}

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// Section `k` was prose after all: its heading line and text go back to what
// came before it (the previous section, or the paragraph's prose), and its
// award group to the previous section, as if the parser had read them so.
// Returns the index of the next section to resolve.
std::size_t demote(Resolver& r, Paragraph& p, std::size_t k) {
  Section s = std::move(p.sections[k]);
  const SourceRange heading = s.heading(), text_range = s.text_range();
  std::optional<AwardCode> award = s.award();
  std::string_view src = r.sources.file(heading.file).text();
  std::size_t line_end = src.find('\n', heading.begin);
  if (line_end == std::string_view::npos) line_end = src.size();
  std::uint32_t begin = heading.begin, end = static_cast<std::uint32_t>(line_end);
  std::string first;
  bool award_on_line = award && award->range.begin >= begin && award->range.end <= end;
  if (award_on_line) {
    first.append(src.substr(begin, award->range.begin - begin));
    first.append(src.substr(award->range.end, end - award->range.end));
    end = award->range.begin;
  } else {
    first.append(src.substr(begin, end - begin));
  }
  while (end > begin && blank(src[end - 1]))
    --end;
  // The section's text after the part that stood on the heading's line.
  std::string_view rest = s.text;
  if (text_range.valid() && text_range.begin < line_end) {
    std::size_t nl = rest.find('\n');
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
  }
  std::string prose = text::trim(first);
  if (!text::is_nfc(prose)) prose = text::to_nfc(prose);
  if (!rest.empty()) prose += (prose.empty() ? "" : "\n") + std::string(rest);
  SourceRange range{heading.file, begin, std::max(end, text_range.valid() ? text_range.end : end)};

  auto extend = [&](std::string_view& text, SourceRange& where, bool frozen) {
    if (prose.empty()) return;
    text = r.book.texts.join(text, '\n', prose);
    if (frozen) return;
    if (!where.valid())
      where = range;
    else
      where.end = std::max(where.end, range.end);
  };
  // A line the parser could not read gave its section an empty award group
  // (no range: nothing to report); the section before it takes that role.
  bool damaged = award && !award->range.valid();
  if (k == 0) {
    std::string_view prose_text = p.prose;
    SourceRange prose_range = p.prose_range();
    extend(prose_text, prose_range, false);
    p.prose = prose_text;
    p.set_prose_range(prose_range);
    if (!award || damaged) {
      p.sections.erase(0);
      return 0;
    }
    // An award straight after the prose: a section for everyone. A line that
    // reads like a heading (capitalised words, or a word of the vocabulary in
    // a script without capitals, or a list that names a skill or status:
    // `虔诚，航海：`) says so: the writer may have meant one (prose with a colon is
    // left alone).
    const Condition* name = first_written(s);
    const bool names_one =
        std::any_of(s.conditions.begin(), s.conditions.end(), [](const Condition& c) {
          return !c.is_written() &&
                 (c.kind == ConditionKind::Skill || c.kind == ConditionKind::Status);
        });
    // A few words that name skills or statuses (`Piety and Wisdom:`) are a
    // heading the writer meant: the names as a heading are the suggestion.
    const std::vector<std::string> named =
        name ? names_in_words(r, name->id) : std::vector<std::string>();
    if (name && award->range.valid() &&
        (heading_like(r, name->id) || names_one || !named.empty()) &&
        !r.vocabulary.find(VocabKind::Heading, name->id)) { // `Wealth: it was all gone: ...`
      Diagnostic& d =
          r.diagnostics.report(Code::heading_like_prose, name->range, {std::string(name->id)});
      if (!named.empty()) d.suggestion = heading_of(r, named, name->id);
    }
    Section everyone;
    everyone.set_range(award->range);
    resolve_awards(r, *award);
    everyone.set_award(*award);
    p.sections[0] = std::move(everyone);
    return 1;
  }
  Section& before = p.sections[k - 1];
  // A misspelt or unknown heading far from every name reads as prose: say so
  // where it stands, not as a second award group (TB0043) somewhere else.
  const Condition* name = first_written(s);
  std::optional<AwardCode> before_award = before.award();
  if (name && before_award && before_award->range.valid() &&
      heading.begin >= before_award->range.end) {
    if (award && award->range.valid())
      r.diagnostics.report(Code::glued_award, name->range, {std::string(name->id)})
          .note(Code::first_award_group, before_award->range);
    else if (!award)
      r.diagnostics.report(Code::glued_heading, name->range, {std::string(name->id)});
    r.glued.push_back(begin);
  }
  std::string_view before_text = before.text;
  SourceRange before_text_range = before.text_range(), before_range = before.range();
  extend(before_text, before_text_range, before_award && !award);
  before.text = before_text;
  before.set_text_range(before_text_range);
  before_range.end = std::max(before_range.end, s.range().end);
  before.set_range(before_range);
  if (award && !(damaged && before_award)) {
    if (before_award) {
      if (r.glued.empty() || r.glued.back() != begin)
        r.diagnostics.report(Code::second_award, award->range)
            .note(Code::first_award_group, before_award->range);
      resolve_awards(r, *award); // left out, but its names are still checked
    } else {
      resolve_awards(r, *award);
      before.set_award(*award);
    }
  }
  p.sections.erase(k);
  return k;
}

// Blanks, line ends, comment lines and a sentence's final stop after a bare
// award (`S1.`, `S1。`): nothing a reader reads as text.
std::size_t skip_nothing(std::string_view src, std::size_t at, std::size_t end) {
  static constexpr std::string_view stops[] = {"\xE3\x80\x82", "\xEF\xBC\x8E", "\xEF\xBC\x81",
                                               "\xEF\xBC\x9F"}; // 。．！？
  bool line_start = false;
  while (at < end) {
    char ch = src[at];
    if (ch == '\n') {
      line_start = true;
      ++at;
    } else if (line_start && ch == '%') {
      std::size_t nl = src.find('\n', at);
      at = nl == std::string_view::npos ? end : nl;
    } else if (blank(ch) || ch == '.' || ch == '!' || ch == '?') {
      ++at;
    } else {
      bool stop = false;
      for (std::string_view s : stops)
        if (src.substr(at, s.size()) == s) {
          at += s.size();
          stop = true;
        }
      if (!stop) return at;
    }
  }
  return end;
}

// A section's award group ends it: text after it (on its line or below) is
// most often a heading the parser could not read (TB0321 says so) or a
// paragraph's text pasted in the wrong place.
void prose_after_award(Resolver& r, const Section& s) {
  std::optional<AwardCode> award = s.award();
  const SourceRange range = s.range(), text_range = s.text_range();
  if (!award || !award->range.valid() || !range.valid()) return;
  std::uint32_t end = std::max(range.end, text_range.valid() ? text_range.end : 0);
  std::string_view src = r.sources.file(award->range.file).text();
  std::size_t at = skip_nothing(src, award->range.end, std::min<std::size_t>(end, src.size()));
  if (at >= end) return;
  for (std::uint32_t glued : r.glued)
    if (glued == at) return; // TB0321 or TB0322
  auto second = std::lower_bound(r.rejected.begin(), r.rejected.end(),
                                 std::make_pair(award->range.file, award->range.end));
  if (second != r.rejected.end() && second->first == award->range.file && second->second < end)
    return; // TB0043 at the second group
  std::size_t line_end = src.find('\n', at);
  if (line_end == std::string_view::npos || line_end > end) line_end = end;
  while (line_end > at && blank(src[line_end - 1]))
    --line_end;
  r.diagnostics.report(Code::prose_after_award, {award->range.file, static_cast<std::uint32_t>(at),
                                                 static_cast<std::uint32_t>(line_end)});
}

} // namespace

void resolve_sections(Resolver& r, Paragraph& p) {
  r.glued.clear();
  for (std::size_t k = 0; k < p.sections.size();) {
    Section& s = p.sections[k];
    if (!resolve_heading(r, s)) {
      k = demote(r, p, k);
      continue;
    }
    if (std::optional<AwardCode> award = s.award()) {
      resolve_awards(r, *award); // unknown names leave the group
      s.set_award(*award);
    }
    ++k;
  }
  for (const Section& s : p.sections)
    prose_after_award(r, s);
}

} // namespace talebook::resolve
