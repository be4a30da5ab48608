// The book's tables and cards as HTML: each reaction matrix a <table> (its
// options as column headers, its rows' adjectives as row headers, each
// numbered cell a link), each card and each space of the map a list of its
// lines.
#pragma once

#include <string>

#include "compiler/html/paragraph_html.hpp"

namespace talebook::html {

std::string matrices_html(const SiteBook& site, const SiteFindings& findings);
std::string cards_html(const SiteBook& site, const SiteFindings& findings);
std::string map_html(const SiteBook& site);

} // namespace talebook::html
