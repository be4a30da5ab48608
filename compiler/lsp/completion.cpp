// Completion that knows where it is: after `Go to`, `(` or in a matrix cell,
// the book's paragraph numbers with their first words; inside an award group,
// the names an award may give; at the start of a line of an award paragraph,
// the headings a section may have. Filtered by what is typed, at most a few
// hundred items (`isIncomplete` when cut); nothing in prose.
#include <algorithm>
#include <cstdio>
#include <set>

#include "compiler/lsp/server.hpp"
#include "compiler/text/text.hpp"

namespace talebook::lsp {

namespace {

namespace item {
constexpr int value = 12, keyword = 14, enum_member = 20, reference = 18;
}

constexpr std::size_t most_items = 200;

enum class Want { Nothing, Paragraph, Award, Heading };

struct Context {
  Want want = Want::Nothing;
  std::string typed;     // what is typed of the name or number (a number's digits in ASCII)
  std::size_t bytes = 0; // how many bytes of the line it takes, up to the cursor
};

// The words typed after position `from` of `before`, blanks before them skipped.
Context typed_from(Want want, std::string_view before, std::size_t from) {
  while (from < before.size() && before[from] == ' ')
    ++from;
  return {want, std::string(before.substr(from)), before.size() - from};
}

bool ends_with(std::string_view s, std::string_view end) {
  return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}

// The digits typed at the end of `s` (ASCII, or Arabic-Indic as ASCII), and
// how many bytes they take.
std::pair<std::string, std::size_t> trailing_digits(std::string_view s) {
  std::string digits;
  std::size_t bytes = 0;
  for (int value = 0;;) {
    const std::size_t end = s.size() - bytes;
    if (end >= 1 && text::digit_at(s, end - 1, &value) == 1) {
      bytes += 1;
    } else if (end >= 2 && text::digit_at(s, end - 2, &value) == 2) {
      bytes += 2;
    } else {
      return {digits, bytes};
    }
    digits.insert(digits.begin(), static_cast<char>('0' + value));
  }
}

// The last place of either mark in `s`, npos when neither is there.
std::size_t last_of(std::string_view s, std::string_view one, std::string_view other) {
  const std::size_t a = s.rfind(one), b = s.rfind(other);
  if (a == std::string_view::npos) return b;
  if (b == std::string_view::npos) return a;
  return std::max(a, b);
}

// The first character after the `@` (or `＠`) of a header, if it is a digit:
// a paragraph's header, in any script the grammar reads.
std::string_view leading_number(std::string_view header) {
  const std::size_t at = header.rfind("\xEF\xBC\xA0", 0) == 0 ? 3 : 1; // ＠ or @
  if (header.size() <= at) return {};
  const unsigned char c = static_cast<unsigned char>(header[at]);
  return header.substr(at, c < 0x80 ? 1 : c < 0xE0 ? 2 : 3);
}

// The header line of the block the line at `line_start` is in ("@601", "@matrix H").
std::string_view block_header(std::string_view text, std::size_t line_start) {
  while (line_start > 0) {
    const std::size_t begin = text.rfind('\n', line_start - 2) == std::string_view::npos
                                  ? 0
                                  : text.rfind('\n', line_start - 2) + 1;
    const std::string_view line = text::trim_view(text.substr(begin, line_start - 1 - begin));
    if (line.rfind("@", 0) == 0 || line.rfind("\xEF\xBC\xA0", 0) == 0) return line; // @ or ＠
    line_start = begin;
  }
  return {};
}

Context context_at(std::string_view text, std::size_t offset, const Vocabulary& v) {
  offset = std::min(offset, text.size());
  const std::size_t nl = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  const std::size_t line_start = nl == std::string_view::npos ? 0 : nl + 1;
  const std::string_view before = text.substr(line_start, offset - line_start);
  if (text::is_comment_line(before)) return {};
  const std::string_view header = block_header(text, line_start);
  const bool matrix = header.find("matrix") != std::string_view::npos;
  const bool paragraph = !trailing_digits(leading_number(header)).first.empty();

  // A paragraph number: after `(`, after `Go to`, or in a matrix cell.
  const auto [digits, bytes] = trailing_digits(before);
  std::string_view rest = before.substr(0, before.size() - bytes);
  while (!rest.empty() && rest.back() == ' ')
    rest.remove_suffix(1);
  bool number = ends_with(rest, "(") || ends_with(rest, "\xEF\xBC\x88"); // ( or （
  if (matrix)
    number = number || ends_with(rest, ":") || ends_with(rest, "|") ||
             ends_with(rest, "\xEF\xBC\x9A") || ends_with(rest, "\xEF\xBD\x9C"); // ： ｜
  if (const VocabEntry* go = v.by_id(VocabKind::Award, "go_to"); go && !number) {
    const std::string key = text::name_key(rest);
    for (const std::string& k : go->keys)
      number = number || (!k.empty() && ends_with(key, k));
  }
  // The options line of a matrix names options, not paragraphs.
  const bool options = text::trim_view(before).rfind("Options", 0) == 0;
  if (number && !options) return {Want::Paragraph, digits, bytes};

  // An award group still open on this line: the name after `[` or `/`.
  const std::size_t open = last_of(before, "[", "\xEF\xBC\xBB"); // ［
  const std::size_t shut = last_of(before, "]", "\xEF\xBC\xBD"); // ］
  if (open != std::string_view::npos && (shut == std::string_view::npos || shut < open)) {
    // After the last `[`, `/`, `［` or `／` (the full-width marks are 3 bytes).
    std::size_t from = open + (before[open] == '[' ? 1 : 3);
    const std::size_t slash = before.rfind('/');
    const std::size_t wide = before.rfind("\xEF\xBC\x8F"); // ／
    if (slash != std::string_view::npos && slash >= from) from = slash + 1;
    if (wide != std::string_view::npos && wide >= from) from = wide + 3;
    return typed_from(Want::Award, before, from);
  }

  // A heading: the first words of a line of an award paragraph, before its colon.
  if (paragraph && before.find(':') == std::string_view::npos &&
      before.find("\xEF\xBC\x9A") == std::string_view::npos)
    return typed_from(Want::Heading, before, 0);
  return {};
}

} // namespace

Json Server::completion(const Json& params) {
  Json items = Json::array();
  const Json none = {{"isIncomplete", false}, {"items", items}};
  Place at = place(params);
  if (!at.book) return none;
  const Vocabulary& v = at.book->compilation.vocabulary;
  const Book& book = at.book->compilation.book;
  const std::string_view text = at.book->compilation.sources.file(at.file).text();
  const Context context = context_at(text, at.offset, v);
  if (context.want == Want::Nothing) return none;

  bool cut = false;
  // name_key trims, and a name typed up to a blank still matches (`No ` -> `No Skill`).
  const std::string typed = text::name_key(context.typed);
  std::set<std::string> seen;
  auto add = [&](const std::string& label, int kind, const std::string& detail) {
    if (label.empty() || seen.count(label)) return;
    // Numbers are filtered before (by their ASCII digits), names here.
    if (context.want != Want::Paragraph &&
        text::name_key(label).compare(0, typed.size(), typed) != 0)
      return;
    if (items.size() >= most_items) {
      cut = true;
      return;
    }
    seen.insert(label);
    items.push_back({{"label", label}, {"kind", kind}, {"detail", detail}});
  };
  // Numbers in the digits the writer uses: those typed, else the file's headers'.
  const bool arabic = context.want == Want::Paragraph &&
                      (context.bytes > context.typed.size() ||
                       (context.bytes == 0 && (text.rfind("@\xD9", 0) == 0 ||
                                               text.find("\n@\xD9") != std::string_view::npos)));
  if (context.want == Want::Paragraph) {
    // The lowest numbers that begin with the digits typed: only the first
    // most_items + 1 are put in order (one more, to know the list is cut).
    char digits[16];
    std::vector<const Paragraph*> ordered;
    for (const Paragraph& p : book.paragraphs) {
      const int n = std::snprintf(digits, sizeof digits, "%u", static_cast<unsigned>(p.number));
      if (static_cast<std::size_t>(n) >= context.typed.size() &&
          context.typed.compare(0, context.typed.size(), digits, context.typed.size()) == 0)
        ordered.push_back(&p);
    }
    auto lower = [](const Paragraph* a, const Paragraph* b) { return a->number < b->number; };
    const std::size_t keep = std::min(ordered.size(), most_items + 1);
    std::partial_sort(ordered.begin(), ordered.begin() + static_cast<std::ptrdiff_t>(keep),
                      ordered.end(), lower);
    cut = ordered.size() > most_items;
    ordered.resize(std::min(ordered.size(), most_items));
    for (const Paragraph* p : ordered)
      add(text::written_number(p->number, arabic), item::reference,
          paragraph_title(*p) + ": " + first_line(*p));
  } else {
    const std::initializer_list<std::pair<VocabKind, int>> award_kinds = {
        {VocabKind::Award, item::keyword},
        {VocabKind::Skill, item::enum_member},
        {VocabKind::Status, item::enum_member}};
    const std::initializer_list<std::pair<VocabKind, int>> heading_kinds = {
        {VocabKind::Heading, item::keyword},
        {VocabKind::Skill, item::enum_member},
        {VocabKind::Status, item::enum_member},
        {VocabKind::Wealth, item::value}};
    for (auto [kind, item_kind] : context.want == Want::Award ? award_kinds : heading_kinds) {
      const std::string detail = kind_in(MessageText::VocabKindWords, kind, language_);
      for (const VocabEntry& e : v.entries(kind))
        add(e.name, item_kind, detail);
    }
    const std::string treasure =
        kind_in(MessageText::ParagraphKindWords, ParagraphKind::Treasure, language_);
    for (const Paragraph& p : book.paragraphs) // treasures are awarded and headings alike
      if (p.kind == ParagraphKind::Treasure)
        add(std::string(p.name.data(), p.name.size()), item::value, treasure);
  }
  // The words typed are replaced whole (a name may have spaces: `No Sk` -> `No Skill`).
  const Json replaced =
      range(*at.book,
            SourceRange{at.file, static_cast<std::uint32_t>(at.offset - context.bytes), at.offset});
  for (Json& i : items)
    i["textEdit"] = {{"range", replaced}, {"newText", i["label"]}};
  return {{"isIncomplete", cut}, {"items", items}};
}

} // namespace talebook::lsp
