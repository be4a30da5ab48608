// `talec html`: a compiled book as a static site for proofreading, which works
// from file:// (no server: its data are <script src> files, never fetched).
// docs/web.md describes what it shows.
//
//   index.html           the contents: the book's counts, its pages, its other pages
//   paragraphs-N.html    paragraphs N*100 to N*100+99 (a translation: side by side
//                        with its source, aligned by paragraph and section)
//   matrices.html, cards.html, map.html   the reaction matrices, the cards, the map's spaces
//   findings.html        every diagnostic of `talec check`, by where it applies
//   print.html           the whole book in one page, to print (--pdf prints it)
//   search-data.js, search-N.js, search.js, style.css   the search's data and the site's files
//   play.html ...        the browser game (play_page.hpp)
#pragma once

#include <string>

#include "compiler/driver/book_loader.hpp"

namespace talebook::html {

// A book of more paragraphs than this gets print.html only when asked (--pdf):
// one page of a very large book is more than a browser should open.
inline constexpr std::size_t print_page_paragraphs = 5000;

struct SiteOptions {
  std::string player; // the web build's script for play.html (talec html --player); empty: none
  bool print_page = false; // write print.html whatever the book's size
};

// Writes the site of `compilation` (compile_book's) into the folder `dir`,
// made when missing; files of the same names are replaced. False with `error`
// set when a file cannot be written (a file the book reads is refused with
// TB0053, reported to the compilation's diagnostics: `error` says so).
bool write_site(Compilation& compilation, const std::string& dir, const SiteOptions& options,
                std::string& error);

// Prints `page` (an HTML file) to the PDF file `pdf` with a headless Chromium
// (`chromium` is its path). False with `error` set when it cannot be run or
// writes no PDF; `missing` is set when there is no program at `chromium`.
bool print_pdf(const std::string& chromium, const std::string& page, const std::string& pdf,
               bool& missing, std::string& error);

} // namespace talebook::html
