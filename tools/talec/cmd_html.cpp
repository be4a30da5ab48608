// talec html: a book as a static site for proofreading (compiler/html/).
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "compiler/html/site.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec html [options] [BOOK] -o DIR

Writes a book as a static site into the folder DIR (made when missing), to
read and proofread in a browser from disk (file://, no server needed):
every paragraph with an anchor (DIR/paragraphs-6.html#p601), its references,
matrix cells, chart entries and cards as links, what leads to it, its award
codes as words (the code on hover), the findings of 'talec check' where they
apply and a mark on what the game cannot reach; the reaction matrices as
tables, the cards and the map's spaces as lists; a search box over the
paragraphs' numbers and words; a print style sheet and print.html, the whole
book in one page. Paragraphs stand a hundred numbers to a page; index.html
lists the pages. A translation is shown beside its source book, aligned by
paragraph and by section, its fallback, stale and unreviewed paragraphs
marked. The site's own words are in the book's language when talec speaks it
(en, zh; else English). play.html plays the book (docs/web.md).
BOOK is a book folder or its book.json (default: the nearest book.json upward
from the current folder, else book/), or one of its source files. The book is
checked exactly as 'talec check' checks it and its diagnostics are printed
the same way; a book with errors is written too (a proof is for finding
them: they are on its pages), but has no game to play.

options:
  -o, --output DIR           the folder to write (required); its files of the
                             same names are replaced, others are left alone
  --pdf FILE                 also print print.html to FILE with a headless
                             Chromium (TALEBOOK_CHROMIUM, else /usr/bin/chromium)
  --player FILE              the browser game's script (talebook-web.js, built
                             by the web preset) for play.html to run
  --format text|json|sarif|github
                             how to print diagnostics (default text, on stderr)
  --werror                   treat warnings as errors (exit 1)
  --require-complete         a translation must be complete: each fallback to
                             the source book is an error
  -j, --jobs N               threads that read, parse and check the book
                             (default 0: one per core)
  --color auto|always|never  colour on a terminal (default auto; NO_COLOR is honoured)
  --lang LANGUAGE            language of the printed messages: en, zh (the
                             site speaks the book's language)
  -h, --help                 show this help

exit codes: 0 written (warnings allowed), 1 written, but the book has errors,
2 usage or I/O failure (nothing or not all written; no Chromium for --pdf).
)";

} // namespace

int cmd_html(const Args& args) {
  DiagnosticOptions options;
  std::vector<std::string> paths;
  std::string output, pdf;
  talebook::html::SiteOptions site;
  talebook::CompileOptions compile;
  ArgScanner scan(args, "html", help, &options);
  for (std::string a; scan.next(a);) {
    if (scan.value(a, {"-o", "--output"}, output)) continue;
    if (scan.value(a, {"--pdf"}, pdf)) continue;
    if (scan.value(a, {"--player"}, site.player)) continue;
    if (scan.compile_option(a, compile)) continue;
    if (scan.positional(a)) paths.push_back(a);
  }
  if (scan.done) return *scan.done;
  if (paths.size() > 1) return usage_error("html", "one book at a time");
  if (output.empty()) return usage_error("html", "no output folder: give '-o DIR'");
  std::vector<std::string> books;
  if (!or_default_book("html", paths) || !books_for("html", paths, books)) return exit_usage;

  auto compilation = make_unfreed<talebook::Compilation>();
  bool read = talebook::compile_book(books[0], *compilation, compile);
  if (options.werror) compilation->diagnostics.promote_warnings();
  if (!read) {
    print_diagnostics(*compilation, options);
    return exit_usage;
  }
  if (compilation->book.game.game != talebook::GameKind::tales)
    return usage_error("html", "'" + shown(books[0]) +
                                   "' is a game of the family (docs/games.md), and the site shows "
                                   "a Book of Tales; talec dump shows a deck or a tile set");
  site.print_page = !pdf.empty();
  std::string error;
  bool written = talebook::html::write_site(*compilation, output, site, error);
  print_diagnostics(*compilation, options);
  if (!written) {
    std::cerr << "talec html: error: " << shown(error) << "\n";
    return exit_usage;
  }
  if (!pdf.empty()) {
    const char* chromium = std::getenv("TALEBOOK_CHROMIUM");
    bool missing = false;
    if (!talebook::html::print_pdf(chromium && *chromium ? chromium : "/usr/bin/chromium",
                                   (std::filesystem::path(output) / "print.html").string(), pdf,
                                   missing, error)) {
      std::cerr << "talec html: error: " << shown(error) << "\n";
      return exit_usage;
    }
  }
  return exit_code(*compilation);
}

} // namespace talec
