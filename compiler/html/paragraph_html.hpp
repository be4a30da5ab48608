// A paragraph as HTML: its header with its marks, its prose, each section
// (the heading, the text, the award group as words), a chart's entries as a
// list, what leads to it and the findings of `check` about it.
#pragma once

#include <string>
#include <vector>

#include "compiler/html/site_book.hpp"

namespace talebook::html {

// The parts one column of a side-by-side page shows in rows of its own.
struct ParagraphParts {
  std::string header;                // <h2> with the number's link and the marks
  std::string prose;                 // empty when none
  std::vector<std::string> sections; // one <div class="section"> each
  std::string chart;                 // a chart's <ol>; empty for other kinds
};

// A mark beside a paragraph's number ("unreachable", "fallback", "stale":
// site_word ids): <span class="mark ID">words</span>.
std::string mark_html(const char* id, const SiteLanguage& language);

// Paragraph `index` of the site's book; `marks` go into the header after the
// book's own (unreachable, from the source book). With `anchor`, the header
// carries id="pN" (the first paragraph of a number only).
ParagraphParts paragraph_parts(const SiteBook& site, std::size_t index, const std::string& marks,
                               bool anchor);

// "Leads here: 3, H: Old / Grovel" (or that nothing does) for paragraph `index`.
std::string leads_here_html(const SiteBook& site, std::size_t index);

// The whole paragraph in one column, with its findings.
std::string paragraph_article(const SiteBook& site, std::size_t index,
                              const std::vector<const Diagnostic*>& findings);

} // namespace talebook::html
