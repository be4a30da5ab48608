#include "compiler/translate/po_fallback.hpp"

#include <algorithm>
#include <utility>

#include "compiler/text/text.hpp"
#include "compiler/translate/po_words.hpp"

namespace talebook {
namespace {

struct Edit {
  std::uint32_t begin, end;
  std::string text;
};

// Whether the translation writes code punctuation full width (`无技能：`,
// `[W+1（最高：富有）]`, no blank before an award group), as the first heading
// with a colon in its own files does.
bool full_width_punctuation(const Book& translation, const SourceSet& sources) {
  for (const Paragraph& p : translation.paragraphs)
    for (const Section& s : p.sections) {
      const SourceRange h = s.heading();
      if (!h.valid() || h.end <= h.begin) continue;
      const std::string_view head = sources.text(h);
      if (head.ends_with("\xEF\xBC\x9A")) return true; // U+FF1A FULLWIDTH COLON
      if (head.ends_with(":")) return false;
    }
  return false;
}

// A heading or an award group of the source's in full-width punctuation: `:`
// and `(`, `)` full width, without the blanks around them.
std::string full_width(std::string_view code) {
  std::string out;
  auto drop_blanks = [&out] {
    while (!out.empty() && out.back() == ' ')
      out.pop_back();
  };
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    if (c != ':' && c != '(' && c != ')') {
      out += c;
      continue;
    }
    drop_blanks();
    out += c == ':' ? "\xEF\xBC\x9A" : c == '(' ? "\xEF\xBC\x88" : "\xEF\xBC\x89";
    while (c != ')' && i + 1 < code.size() && code[i + 1] == ' ')
      ++i;
  }
  return out;
}

// The source paragraph as the translation writes it (LF line ends; `full`: in
// full-width punctuation, full_width_punctuation).
std::string paragraph_text(const Paragraph& p, const SourceSet& sources,
                           const std::vector<TextUnit>& units,
                           const std::map<std::string, std::string>& fills, const Words& words,
                           const Book& translation, bool full, std::string& missing) {
  SourceRange whole = make_unit({}, p.range, sources).span;
  std::vector<Edit> texts, mechanics;
  for (const TextUnit& u : units)
    if (auto fill = fills.find(u.context);
        u.paragraph == p.number && fill != fills.end() && u.span.valid())
      texts.push_back({u.span.begin, u.span.end, fill->second});
  auto translate = [&](SourceRange r) {
    if (!r.valid() || r.end <= r.begin) return;
    std::string now = translate_words(sources.text(r), words, missing);
    if (now != sources.text(r)) mechanics.push_back({r.begin, r.end, std::move(now)});
  };
  // A heading (`after`: the blanks after its colon) or an award group (the
  // blanks before it) in the translation's full-width punctuation; never over
  // a translated text or another edit (a heading right before its award group
  // takes the blanks between them).
  const std::string_view file = sources.file(whole.file).text();
  auto taken = [&](std::uint32_t at) {
    auto holds = [at](const Edit& t) { return at >= t.begin && at < t.end; };
    return std::any_of(texts.begin(), texts.end(), holds) ||
           std::any_of(mechanics.begin(), mechanics.end(), holds);
  };
  auto code = [&](SourceRange r, bool after) {
    if (!full) return translate(r);
    if (!r.valid() || r.end <= r.begin) return;
    Edit e{r.begin, r.end, full_width(translate_words(sources.text(r), words, missing))};
    if (after)
      while (e.end < whole.end && file[e.end] == ' ' && !taken(e.end))
        ++e.end;
    else
      while (e.begin > whole.begin && file[e.begin - 1] == ' ' && !taken(e.begin - 1))
        --e.begin;
    mechanics.push_back(std::move(e));
  };
  const Paragraph* named = translation.paragraph(p.number);
  const SourceRange name = p.name_range();
  if (p.kind != ParagraphKind::Status && name.valid() && named && !named->name.empty() &&
      name.begin != p.header().begin)
    mechanics.push_back({name.begin, name.end, std::string(named->name)});
  else
    translate(p.header());
  for (const Section& s : p.sections) {
    code(s.heading(), true);
    if (auto award = s.award()) code(award->range, false);
  }
  // A translated text wins over the mechanics inside it (an award group in a text).
  for (const Edit& m : mechanics) {
    bool inside = std::any_of(texts.begin(), texts.end(),
                              [&](const Edit& t) { return m.begin < t.end && t.begin < m.end; });
    if (!inside) texts.push_back(m);
  }
  std::sort(texts.begin(), texts.end(),
            [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  std::string text(sources.text(whole));
  for (const Edit& e : texts)
    if (e.begin >= whole.begin && e.end <= whole.end)
      text.replace(e.begin - whole.begin, e.end - e.begin, e.text);
  text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
  return text;
}

// Where the translation's paragraph goes in an existing file: before the
// comment lines and the header of the first of its paragraphs that follows
// the source paragraph in the source file; at the end when none does.
std::uint32_t insertion_point(const Paragraph& s, std::uint32_t file, const SourceSet& sources,
                              const Book& translation, const Book& source) {
  std::uint32_t at = 0;
  bool found = false;
  for (const Paragraph& t : translation.paragraphs) {
    if (t.fallback || t.range.file != file) continue;
    const Paragraph* from = source.paragraph(t.number);
    if (!from || from->range.file != s.range.file || from->range.begin < s.range.begin) continue;
    if (!found || t.range.begin < at) at = t.range.begin;
    found = true;
  }
  std::string_view text = sources.file(file).text();
  if (!found) return static_cast<std::uint32_t>(text.size());
  // Back over the comment lines (and blank lines between them) just above the header.
  std::uint32_t begin = at;
  for (std::size_t line = at; line > 0;) {
    std::size_t end = line - 1; // the previous line's '\n'
    std::size_t start = end == 0 ? std::string_view::npos : text.rfind('\n', end - 1);
    start = start == std::string_view::npos ? 0 : start + 1;
    std::string_view content = text.substr(start, end - start);
    bool blank = content.find_first_not_of(" \t\r") == std::string_view::npos;
    if (!blank && !text::is_comment_line(content)) break;
    if (!blank) begin = static_cast<std::uint32_t>(start);
    line = start;
  }
  return begin;
}

} // namespace

std::vector<NewParagraph>
fallback_paragraphs(const std::map<std::uint32_t, std::map<std::string, std::string>>& fills,
                    const SourceSet& sources, const Book& translation, const FallbackBooks& books,
                    std::vector<UnwrittenParagraph>& unwritten) {
  std::vector<NewParagraph> out;
  const Book& source = books.source;
  std::vector<TextUnit> units = text_units(source, sources);
  Words words = word_table(books, translation);
  const bool full = full_width_punctuation(translation, sources); // once for every paragraph
  std::vector<const Paragraph*> order;
  for (const auto& [number, texts] : fills)
    if (const Paragraph* s = source.paragraph(number); s && s->range.valid()) order.push_back(s);
  std::sort(order.begin(), order.end(), [](const Paragraph* a, const Paragraph* b) {
    return std::make_pair(a->range.file, a->range.begin) <
           std::make_pair(b->range.file, b->range.begin);
  });
  for (const Paragraph* s : order) {
    const std::string mirror = mirror_of(sources, s->range.file, books);
    if (mirror.empty()) {
      unwritten.push_back({s->number, {}, {}});
      continue;
    }
    NewParagraph p;
    p.number = s->number;
    p.path = mirror;
    std::string missing;
    p.text =
        paragraph_text(*s, sources, units, fills.at(s->number), words, translation, full, missing);
    if (!missing.empty()) {
      unwritten.push_back({s->number, {}, missing});
      continue;
    }
    p.file = file_of(sources, mirror);
    if (p.file) p.at = insertion_point(*s, p.file, sources, translation, source);
    out.push_back(std::move(p));
  }
  return out;
}

} // namespace talebook
