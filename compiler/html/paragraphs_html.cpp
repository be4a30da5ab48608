// The pages of paragraphs: one column for a book, two for a translation
// (its source on one side, aligned by paragraph and by section: each pair of
// cells is a row of one CSS grid, so that both halves start at one height).
#include "compiler/html/paragraph_html.hpp"
#include "compiler/html/site_pages.hpp"

namespace talebook::html {
namespace {

std::string cell(const char* side, const std::string& attributes, const std::string& html) {
  std::string out = std::string("<div class=\"cell ") + side + (html.empty() ? " empty" : "") +
                    "\"" + attributes + ">" + html + "</div>";
  return out;
}

// The mark of a translated paragraph's state (stale, unreviewed, untranslated).
std::string state_mark(const SiteContext& context, std::uint32_t number, bool translated) {
  const auto& report = context.compilation.translation;
  if (!report) return {};
  const ParagraphComparison* c = report->paragraph(number);
  if (!c) return {};
  switch (c->state) {
  case ParagraphState::Stale:
    return " " + mark_html("stale", context.site.language());
  case ParagraphState::Unreviewed:
    return translated ? " " + mark_html("unreviewed", context.site.language()) : "";
  case ParagraphState::Untranslated:
    return translated ? "" : " " + mark_html("untranslated", context.site.language());
  case ParagraphState::Current:
    break;
  }
  return {};
}

std::string pair_html(const SiteContext& context, std::uint32_t number) {
  const SiteBook& site = context.site;
  const SiteBook& source = *context.source;
  auto mine = site.paragraphs_numbered(number);
  auto theirs = source.paragraphs_numbered(number);
  const std::string source_lang = " " + source.language().attributes();
  ParagraphParts left, right;
  bool fallback = false, reachable = true;
  if (!theirs.empty()) left = paragraph_parts(source, theirs[0], "", false);
  if (!mine.empty()) {
    const Paragraph& p = site.book().paragraphs[mine[0]];
    fallback = p.fallback;
    reachable = site.reachable(mine[0]);
    // A fallback is its source's paragraph: marked, but never stale.
    right =
        paragraph_parts(site, mine[0], p.fallback ? "" : state_mark(context, number, true), false);
  } else {
    right.header = "<h2 class=\"header\">" + std::to_string(number) +
                   state_mark(context, number, false) + "</h2>";
  }
  std::string out = "<section class=\"pair";
  if (fallback) out += " fallback";
  if (!reachable) out += " unreachable";
  out += "\" id=\"p" + std::to_string(number) + "\">";
  auto row = [&](const std::string& a, const std::string& b) {
    if (a.empty() && b.empty()) return;
    out += cell("source", source_lang, a) + cell("translation", "", b);
  };
  row(left.header, right.header);
  row(left.prose, right.prose);
  for (std::size_t i = 0; i < std::max(left.sections.size(), right.sections.size()); ++i)
    row(i < left.sections.size() ? left.sections[i] : "",
        i < right.sections.size() ? right.sections[i] : "");
  row(left.chart, right.chart);
  std::string foot;
  if (auto it = context.findings.paragraphs.find(number); it != context.findings.paragraphs.end())
    foot += findings_html(it->second, context.compilation.sources, site.language());
  if (!mine.empty()) foot += leads_here_html(site, mine[0]);
  if (!foot.empty()) out += "<div class=\"foot\">" + foot + "</div>";
  return out + "</section>\n";
}

} // namespace

std::string paragraphs_body(const SiteContext& context, const ParagraphPage& page) {
  std::string out;
  static const std::vector<const Diagnostic*> none;
  if (!context.source) {
    for (std::uint32_t number : page.numbers) {
      auto it = context.findings.paragraphs.find(number);
      for (std::size_t i : context.site.paragraphs_numbered(number))
        out += paragraph_article(context.site, i,
                                 it == context.findings.paragraphs.end() ? none : it->second);
    }
    return out;
  }
  out += "<div class=\"pair columns\" aria-hidden=\"true\">" +
         cell("source", " " + context.source->language().attributes(),
              "<p class=\"column-title\">" + escape(site_word("source", context.site.language())) +
                  " · " + escape(context.source->book().title) + "</p>") +
         cell("translation", "",
              "<p class=\"column-title\">" +
                  escape(site_word("translation", context.site.language())) + " · " +
                  escape(context.site.book().title) + "</p>") +
         "</div>\n";
  for (std::uint32_t number : page.numbers)
    out += pair_html(context, number);
  return out;
}

} // namespace talebook::html
