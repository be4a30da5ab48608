#include "compiler/html/site_book.hpp"

#include <algorithm>

#include "compiler/diagnostics/messages.hpp"

namespace talebook::html {
namespace {

bool before(const lsp::Occurrence* a, const lsp::Occurrence* b) {
  if (a->range.file != b->range.file) return a->range.file < b->range.file;
  return a->range.begin < b->range.begin;
}

std::string link(const std::string& href, const std::string& html) {
  if (href.empty()) return "<span class=\"broken\">" + html + "</span>";
  return "<a href=\"" + escape(href) + "\">" + html + "</a>";
}

} // namespace

std::string page_file(std::uint32_t page) {
  return "paragraphs-" + std::to_string(page) + ".html";
}

SiteBook::SiteBook(const CompiledBook& book, const BookGraph& graph, const SourceSet& sources)
    : book_(book.book), vocabulary_(book.vocabulary), sources_(sources), graph_(graph),
      language_(book.book.language), index_(book.book, sources, graph),
      reach_(reach_in_play(graph, book.book)), leads_into_(graph, book.book.paragraphs.size()) {
  fragment_ = book_.entry_points.empty() && book_.cards.empty();
  by_number_.resize(book_.paragraphs.size());
  for (std::size_t i = 0; i < by_number_.size(); ++i)
    by_number_[i] = i;
  std::stable_sort(by_number_.begin(), by_number_.end(), [&](std::size_t a, std::size_t b) {
    return book_.paragraphs[a].number < book_.paragraphs[b].number;
  });
  for (const lsp::Occurrence& o : index_.all())
    if (!o.definition) by_place_.push_back(&o);
  std::stable_sort(by_place_.begin(), by_place_.end(), before);
}

std::span<const std::size_t> SiteBook::paragraphs_numbered(std::uint32_t number) const {
  auto from = std::lower_bound(
      by_number_.begin(), by_number_.end(), number,
      [&](std::size_t i, std::uint32_t n) { return book_.paragraphs[i].number < n; });
  auto to = std::upper_bound(from, by_number_.end(), number, [&](std::uint32_t n, std::size_t i) {
    return n < book_.paragraphs[i].number;
  });
  return {by_number_.data() + (from - by_number_.begin()), std::size_t(to - from)};
}

std::string SiteBook::paragraph_href(std::uint32_t number) const {
  if (!book_.paragraph(number)) return {};
  return page_file(page_of(number)) + "#p" + std::to_string(number);
}

std::string SiteBook::href(const lsp::Target& t) const {
  using Kind = lsp::Target::Kind;
  switch (t.kind) {
  case Kind::Paragraph:
    return paragraph_href(t.number);
  case Kind::Matrix:
    return book_.matrix(t.letter) ? "matrices.html#m" + std::string(1, t.letter) : "";
  case Kind::Row:
  case Kind::Cell: {
    const ReactionMatrix* m = book_.matrix(t.letter);
    if (!m || t.row < 0 || std::size_t(t.row) >= m->rows.size()) return {};
    std::string id = "matrices.html#m" + std::string(1, t.letter) + "-r" + std::to_string(t.row);
    if (t.kind == Kind::Cell) id += "-c" + std::to_string(t.column);
    return id;
  }
  case Kind::Card:
    return t.card < book_.cards.size() ? "cards.html#card-" + std::to_string(t.card) : "";
  case Kind::Space:
    return t.card < book_.map.spaces.size() ? "map.html#space-" + std::to_string(t.card) : "";
  default:
    return {};
  }
}

bool SiteBook::reachable(std::size_t index) const {
  return fragment_ || reach_.reached(graph_.paragraph(index), reach_rules);
}

std::string SiteBook::node_link(NodeId node) const {
  Node n = graph_.node(node);
  switch (n.kind) {
  case NodeKind::Paragraph: {
    std::uint32_t number = book_.paragraphs[n.item].number;
    return link(paragraph_href(number), std::to_string(number));
  }
  case NodeKind::Cell:
  case NodeKind::Row:
  case NodeKind::Matrix: {
    const ReactionMatrix& m = book_.matrices[n.item];
    lsp::Target t{n.kind == NodeKind::Matrix ? lsp::Target::Kind::Matrix : lsp::Target::Kind::Row,
                  0, m.letter};
    std::string words(1, m.letter);
    if (n.kind != NodeKind::Matrix && n.row < m.rows.size()) {
      t.row = static_cast<int>(n.row);
      words += ": " + m.rows[n.row].adjective;
    }
    if (n.kind == NodeKind::Cell && n.column < m.options.size()) {
      t.kind = lsp::Target::Kind::Cell;
      t.column = static_cast<int>(n.column);
      const VocabEntry* option = vocabulary_.by_id(VocabKind::Option, m.options[n.column]);
      words += " / " + (option ? option->name : m.options[n.column]);
    }
    return link(href(t), escape(words));
  }
  case NodeKind::Card: {
    lsp::Target t{lsp::Target::Kind::Card};
    t.card = n.item;
    return link(href(t), escape(book_.cards[n.item].name));
  }
  case NodeKind::Rules:
    break;
  }
  return escape(site_word("rules", language_));
}

std::vector<std::string> SiteBook::leads_here(std::size_t index) const {
  std::vector<std::string> out;
  for (NodeId from : leads_into_.into(index))
    out.push_back(node_link(from));
  return out;
}

std::string SiteBook::award_html(const AwardCode& code) const {
  std::string out = "<span class=\"award\"" + language_.messages_attributes();
  if (code.range.valid()) out += " title=\"" + escape(sources_.text(code.range)) + "\"";
  out += ">";
  bool first = true;
  for (const Award& a : code.awards) {
    if (!first) out += "<span class=\"sep\"> · </span>";
    first = false;
    std::string words = escape(award_words(a, vocabulary_, language_));
    std::uint32_t to = 0;
    switch (a.kind) {
    case AwardKind::GoTo:
    case AwardKind::Treasure:
    case AwardKind::LoseTreasure:
    case AwardKind::EnterPlace:
      to = a.paragraph();
      break;
    default:
      break;
    }
    lsp::Target space{lsp::Target::Kind::Space};
    space.card = a.space();
    out += "<span class=\"item\">";
    out += to                                 ? link(paragraph_href(to), words)
           : a.kind == AwardKind::MoveToSpace ? link(href(space), words)
                                              : words;
    out += "</span>";
  }
  return out + "</span>";
}

std::vector<Mark> SiteBook::marks(SourceRange range, const std::vector<AwardCode>& awards) const {
  std::vector<Mark> out;
  for (const AwardCode& code : awards)
    if (code.range.valid() && code.range.file == range.file && code.range.begin >= range.begin &&
        code.range.end <= range.end)
      out.push_back({code.range.begin, code.range.end, award_html(code), "", true});
  lsp::Occurrence probe{range, {}, false, {}};
  auto it = std::lower_bound(by_place_.begin(), by_place_.end(), &probe, before);
  for (; it != by_place_.end(); ++it) {
    const lsp::Occurrence& o = **it;
    if (o.range.file != range.file || o.range.begin >= range.end) break;
    using Kind = lsp::Target::Kind;
    Kind k = o.target.kind;
    if (k == Kind::Vocab || k == Kind::Product || k == Kind::Cell) continue;
    std::string target = href(o.target);
    if (target.empty())
      out.push_back({o.range.begin, o.range.end, "<span class=\"broken\">", "</span>", false});
    else
      out.push_back(
          {o.range.begin, o.range.end, "<a href=\"" + escape(target) + "\">", "</a>", false});
  }
  return out;
}

// ---- findings ---------------------------------------------------------------

namespace {

struct Span {
  std::uint32_t file = 0, begin = 0, end = 0;
  enum Kind : std::uint8_t { Paragraph, Matrix, Card } kind = Paragraph;
  std::size_t key = 0; // a paragraph's number, a matrix's letter, a card's index
};

void spans_of(const Book& book, std::vector<Span>& out, bool cards) {
  for (const Paragraph& p : book.paragraphs)
    if (p.range.valid())
      out.push_back({p.range.file, p.range.begin, p.range.end, Span::Paragraph, p.number});
  for (const ReactionMatrix& m : book.matrices)
    if (m.range.valid())
      out.push_back({m.range.file, m.range.begin, m.range.end, Span::Matrix,
                     static_cast<unsigned char>(m.letter)});
  if (cards)
    for (std::size_t i = 0; i < book.cards.size(); ++i)
      if (book.cards[i].range.valid())
        out.push_back({book.cards[i].range.file, book.cards[i].range.begin, book.cards[i].range.end,
                       Span::Card, i});
}

} // namespace

SiteFindings::SiteFindings(const Compilation& c) {
  std::vector<Span> spans;
  spans_of(c.book, spans, true);
  if (c.source) spans_of(c.source->book, spans, false); // its cards are not the site's
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
    return a.file != b.file ? a.file < b.file : a.begin < b.begin;
  });
  for (const Diagnostic& d : c.diagnostics.all()) {
    const Span* at = nullptr;
    if (d.range.valid()) {
      auto it =
          std::upper_bound(spans.begin(), spans.end(), d.range, [](SourceRange r, const Span& s) {
            return r.file != s.file ? r.file < s.file : r.begin < s.begin;
          });
      if (it != spans.begin()) {
        const Span& s = *(it - 1);
        if (s.file == d.range.file && d.range.begin <= s.end) at = &s;
      }
    }
    if (!at)
      book.push_back(&d);
    else if (at->kind == Span::Paragraph)
      paragraphs[static_cast<std::uint32_t>(at->key)].push_back(&d);
    else if (at->kind == Span::Matrix)
      matrices[static_cast<char>(at->key)].push_back(&d);
    else
      cards[at->key].push_back(&d);
  }
}

std::string finding_html(const Diagnostic& d, const SourceSet& sources,
                         const SiteLanguage& language) {
  std::string out = "<li class=\"finding ";
  out += to_string(d.severity);
  out += "\">";
  if (d.range.valid()) {
    const SourceFile& file = sources.file(d.range.file);
    LineColumn lc = file.position(d.range.begin);
    out += "<span class=\"where\">" + escape(file.path()) + ":" + std::to_string(lc.line) + ":" +
           std::to_string(lc.column) + "</span> ";
  }
  out += "<strong>" + std::string(to_string(d.severity)) + "[<code>" + info(d.code).code +
         "</code>]</strong>: ";
  out += escape(full_message_in(d, language.messages));
  return out + "</li>";
}

std::string findings_html(const std::vector<const Diagnostic*>& list, const SourceSet& sources,
                          const SiteLanguage& language) {
  if (list.empty()) return {};
  std::string out = "<ul class=\"findings\"" + language.messages_attributes() + ">";
  for (const Diagnostic* d : list)
    out += finding_html(*d, sources, language);
  return out + "</ul>";
}

} // namespace talebook::html
