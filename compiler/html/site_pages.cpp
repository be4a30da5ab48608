#include "compiler/html/site_pages.hpp"

#include <algorithm>
#include <set>

#include "compiler/diagnostics/messages.hpp"
#include "compiler/html/paragraph_html.hpp"

namespace talebook::html {
namespace {

std::string word(const SiteContext& context, const char* id) {
  return escape(site_word(id, context.site.language()));
}

std::string nav_html(const SiteContext& context) {
  const Book& book = context.site.book();
  std::string out = "<nav aria-label=\"" + word(context, "contents") + "\"" +
                    context.site.language().messages_attributes() + "><ul>";
  auto item = [&](const char* href, const char* id) {
    out += std::string("<li><a href=\"") + href + "\">" + word(context, id) + "</a></li>";
  };
  item("index.html", "contents");
  if (!book.matrices.empty()) item("matrices.html", "matrices");
  if (!book.cards.empty()) item("cards.html", "cards");
  if (!book.map.spaces.empty()) item("map.html", "map");
  item("findings.html", "findings");
  if (context.print) item("print.html", "print");
  item("play.html", "play");
  return out + "</ul></nav>";
}

} // namespace

std::vector<ParagraphPage> paragraph_pages(const SiteContext& context) {
  std::set<std::uint32_t> numbers;
  for (const Paragraph& p : context.site.book().paragraphs)
    numbers.insert(p.number);
  if (context.source)
    for (const Paragraph& p : context.source->book().paragraphs)
      numbers.insert(p.number);
  std::vector<ParagraphPage> pages;
  for (std::uint32_t n : numbers) {
    if (pages.empty() || pages.back().page != page_of(n)) pages.push_back({page_of(n), {}});
    pages.back().numbers.push_back(n);
  }
  return pages;
}

std::string page_title(const SiteContext& context, const ParagraphPage& page) {
  return localized(MessageText::SitePage, {page.numbers.front(), page.numbers.back()},
                   context.site.language().messages);
}

std::string page_html(const SiteContext& context, const std::string& title, const std::string& body,
                      bool own_words) {
  const Book& book = context.site.book();
  std::string out = "<!DOCTYPE html>\n<html " + context.site.language().attributes() + ">\n";
  out += "<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>" + escape(title) + " · " + escape(book.title) + "</title>\n";
  out += "<link rel=\"stylesheet\" href=\"style.css\">\n"
         "<script src=\"search-data.js\" defer></script>\n"
         "<script src=\"search.js\" defer></script>\n</head>\n<body>\n";
  out += "<header class=\"site\"><p class=\"book\"><a href=\"index.html\">" + escape(book.title) +
         "</a></p>\n" + nav_html(context) + "\n";
  out += "<form class=\"search\" role=\"search\" onsubmit=\"return false\"><label for=\"search\"" +
         context.site.language().messages_attributes() + ">" + word(context, "search") +
         "</label> <input id=\"search\" type=\"search\" autocomplete=\"off\" data-none=\"" +
         word(context, "no_results") + "\"><ol id=\"search-results\" aria-live=\"polite\"></ol>" +
         "</form>\n</header>\n";
  out += "<main id=\"main\">\n<h1" +
         (own_words ? context.site.language().messages_attributes() : std::string()) + ">" +
         escape(title) + "</h1>\n" + body + "</main>\n";
  return out + "</body>\n</html>\n";
}

std::string index_body(const SiteContext& context, const std::vector<ParagraphPage>& pages) {
  const Book& book = context.site.book();
  const Diagnostics& diagnostics = context.compilation.diagnostics;
  std::size_t unreachable = 0;
  for (std::size_t i = 0; i < book.paragraphs.size(); ++i)
    unreachable += !context.site.reachable(i);
  std::string out = "<p class=\"summary\">" +
                    escape(localized(MessageText::SiteSummary,
                                     {book.paragraphs.size(), diagnostics.errors(),
                                      diagnostics.warnings(), unreachable},
                                     context.site.language().messages)) +
                    "</p>\n";
  if (const auto& report = context.compilation.translation) {
    const TranslationSummary& s = report->summary;
    out += "<ul class=\"translation-summary\">";
    auto count = [&](const char* id, std::size_t n) {
      out += "<li>" + mark_html(id, context.site.language()) + " " + std::to_string(n) + "</li>";
    };
    count("fallback", s.fallback_paragraphs);
    count("stale", s.stale);
    count("unreviewed", s.unreviewed);
    out += "</ul>\n";
  }
  out += "<h2>" + word(context, "paragraphs") + "</h2>\n<ul class=\"pages\">";
  for (const ParagraphPage& page : pages)
    out += "<li><a href=\"" + page_file(page.page) + "\">" + escape(page_title(context, page)) +
           "</a></li>";
  out += "</ul>\n";
  return out;
}

std::string findings_body(const SiteContext& context) {
  const SiteLanguage& language = context.site.language();
  const SourceSet& sources = context.compilation.sources;
  const SiteFindings& f = context.findings;
  std::string lang = context.site.language().messages_attributes();
  std::string out;
  if (context.compilation.diagnostics.all().empty())
    return "<p" + lang + ">" + word(context, "no_findings") + "</p>\n";
  out += "<h2>" + word(context, "book_findings") + "</h2>\n";
  out += f.book.empty() ? "<p>" + word(context, "no_findings") + "</p>"
                        : findings_html(f.book, sources, language);
  out += "\n<h2>" + word(context, "paragraphs") + "</h2>\n";
  for (const auto& [number, list] : f.paragraphs) {
    std::string href = page_file(page_of(number)) + "#p" + std::to_string(number);
    out += "<h3><a href=\"" + href + "\">" + std::to_string(number) + "</a></h3>" +
           findings_html(list, sources, language) + "\n";
  }
  if (!f.matrices.empty()) {
    out += "<h2>" + word(context, "matrices") + "</h2>\n";
    for (const auto& [letter, list] : f.matrices) {
      std::string l(1, letter);
      std::string href = context.site.href({lsp::Target::Kind::Matrix, 0, letter});
      out += "<h3>" +
             (href.empty() ? escape(l) : "<a href=\"" + href + "\">" + escape(l) + "</a>") +
             "</h3>" + findings_html(list, sources, language) + "\n";
    }
  }
  if (!f.cards.empty()) {
    out += "<h2>" + word(context, "cards") + "</h2>\n";
    for (const auto& [card, list] : f.cards)
      out += "<h3><a href=\"cards.html#card-" + std::to_string(card) + "\">" +
             escape(context.site.book().cards[card].name) + "</a></h3>" +
             findings_html(list, sources, language) + "\n";
  }
  return out;
}

} // namespace talebook::html
