// Headings: the names of a section's conditions, and the `Words:` lines the
// parser could not place (a heading of treasures, a misspelt heading, or prose
// with a colon), which need the whole book's treasures to tell apart.
#include <algorithm>

#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

// Resolves the section's heading names; false when a tentative heading turns
// out to be prose (nothing in it is a name, and it is not close to one).
bool resolve_heading(Resolver& r, Section& s) {
  if (s.names.empty()) return true;
  std::vector<std::pair<std::size_t, Condition>> found;
  std::vector<const HeadingName*> unknowns;
  for (const HeadingName& name : s.names) {
    Condition c;
    c.range = name.range;
    c.mandatory = name.mandatory;
    if (name.note) {
      unknowns.push_back(&name);
      continue;
    } else if (name.known) { // a skill or status: the parser looked it up
      c.kind = name.kind;
      c.id = name.id;
    } else if (const Paragraph* treasure = r.book.treasure(name.written)) {
      c.kind = ConditionKind::Treasure;
      c.id = name.written;
      c.paragraph = treasure->number;
    } else {
      unknowns.push_back(&name);
      continue;
    }
    found.emplace_back(name.position, std::move(c));
  }
  if (!unknowns.empty()) {
    std::vector<Resolver::NameGroup> groups = r.condition_groups();
    if (s.tentative && found.empty()) {
      std::vector<std::string> candidates;
      for (const Resolver::NameGroup& g : groups)
        candidates.insert(candidates.end(), g.names.begin(), g.names.end());
      if (unknowns.size() > 1 || !text::closest(unknowns[0]->written, candidates)) return false;
    }
    for (const HeadingName* u : unknowns)
      r.unknown_name(u->range, u->written, Code::unknown_condition, groups);
  }
  // The names' conditions go where they stand among the heading words.
  std::vector<Condition> merged;
  std::size_t next = 0;
  for (auto& [position, c] : found) {
    while (next < position && next < s.conditions.size())
      merged.push_back(std::move(s.conditions[next++]));
    merged.push_back(std::move(c));
  }
  while (next < s.conditions.size())
    merged.push_back(std::move(s.conditions[next++]));
  s.conditions = std::move(merged);
  s.names.clear();
  s.tentative = false;
  return true;
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
  std::string_view src = r.sources.file(s.heading.file).text();
  std::size_t line_end = src.find('\n', s.heading.begin);
  if (line_end == std::string_view::npos) line_end = src.size();
  std::uint32_t begin = s.heading.begin, end = static_cast<std::uint32_t>(line_end);
  std::string first;
  bool award_on_line = s.award && s.award->range.begin >= begin && s.award->range.end <= end;
  if (award_on_line) {
    first.append(src.substr(begin, s.award->range.begin - begin));
    first.append(src.substr(s.award->range.end, end - s.award->range.end));
    end = s.award->range.begin;
  } else {
    first.append(src.substr(begin, end - begin));
  }
  while (end > begin && blank(src[end - 1]))
    --end;
  // The section's text after the part that stood on the heading's line.
  std::string_view rest = s.text;
  if (s.text_range.valid() && s.text_range.begin < line_end) {
    std::size_t nl = rest.find('\n');
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
  }
  std::string prose = text::trim(first);
  if (!text::is_nfc(prose)) prose = text::to_nfc(prose);
  if (!rest.empty()) prose += (prose.empty() ? "" : "\n") + std::string(rest);
  SourceRange range{s.heading.file, begin,
                    std::max(end, s.text_range.valid() ? s.text_range.end : end)};

  auto extend = [&](std::string& text, SourceRange& where, bool frozen) {
    if (prose.empty()) return;
    if (!text.empty()) text += '\n';
    text += prose;
    if (frozen) return;
    if (!where.valid())
      where = range;
    else
      where.end = std::max(where.end, range.end);
  };
  // A line the parser could not read gave its section an empty award group
  // (no range: nothing to report); the section before it takes that role.
  bool damaged = s.award && !s.award->range.valid();
  if (k == 0) {
    extend(p.prose, p.prose_range, false);
    if (!s.award || damaged) {
      p.sections.erase(p.sections.begin());
      return 0;
    }
    // An award straight after the prose: a section for everyone.
    Section everyone;
    everyone.range = s.award->range;
    everyone.award = std::move(s.award);
    p.sections[0] = std::move(everyone);
    resolve_awards(r, *p.sections[0].award);
    return 1;
  }
  Section& before = p.sections[k - 1];
  extend(before.text, before.text_range, before.award.has_value() && !s.award);
  before.range.end = std::max(before.range.end, s.range.end);
  if (s.award && !(damaged && before.award)) {
    if (before.award) {
      r.diagnostics.report(Code::second_award, s.award->range)
          .note(Code::first_award_group, before.award->range);
      resolve_awards(r, *s.award); // left out, but its names are still checked
    } else {
      before.award = std::move(s.award);
      resolve_awards(r, *before.award);
    }
  }
  p.sections.erase(p.sections.begin() + static_cast<std::ptrdiff_t>(k));
  return k;
}

} // namespace

void resolve_sections(Resolver& r, Paragraph& p) {
  for (std::size_t k = 0; k < p.sections.size();) {
    Section& s = p.sections[k];
    if (!resolve_heading(r, s)) {
      k = demote(r, p, k);
      continue;
    }
    if (s.award) resolve_awards(r, *s.award);
    ++k;
  }
}

} // namespace talebook::resolve
