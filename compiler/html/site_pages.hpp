// The pages of a site (site.hpp): what each holds, as HTML text; site.cpp
// writes them.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "compiler/html/site_book.hpp"

namespace talebook::html {

// What every page of one site reads.
struct SiteContext {
  const Compilation& compilation;
  const SiteBook& site;
  const SiteBook* source; // a translation's source book; null for a book of its own
  const SiteFindings& findings;
  bool print = false; // print.html is written
};

// The paragraph numbers of one page (paragraphs-N.html), ascending.
struct ParagraphPage {
  std::uint32_t page = 0;
  std::vector<std::uint32_t> numbers;
};
// Every page of paragraphs: the book's numbers, and its source book's too.
std::vector<ParagraphPage> paragraph_pages(const SiteContext& context);

// A whole page: the head, the site's header (its title, the contents, the
// search box), `body` in <main> under `title` as <h1>: in the site's own
// words (a page's title), else the book's (its title, on the contents page).
std::string page_html(const SiteContext& context, const std::string& title, const std::string& body,
                      bool own_words = true);
std::string index_body(const SiteContext& context, const std::vector<ParagraphPage>& pages);
std::string findings_body(const SiteContext& context);
// The paragraphs of `page`: one column, or side by side with the source.
std::string paragraphs_body(const SiteContext& context, const ParagraphPage& page);
// The title of a page of paragraphs ("paragraphs 600 to 699").
std::string page_title(const SiteContext& context, const ParagraphPage& page);

// The search's files: search-data.js (the list of chunks) and search-N.js
// (each a thousand paragraphs' keys), as (name, text).
std::vector<std::pair<std::string, std::string>>
search_files(const SiteContext& context, const std::vector<ParagraphPage>& pages);

} // namespace talebook::html
