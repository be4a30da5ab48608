// talec stats: what a book holds, counted (words by ICU word segmentation).
#include <iostream>

#include "compiler/check/economy.hpp"
#include "compiler/translate/stats.hpp"
#include "compiler/translate/translation.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec stats [options] [PATH]

Counts what a book holds: paragraphs by kind, sections, award groups and
awards, references, charts, matrices, cards, and words. Words are counted by
ICU word segmentation in the book's language, so Chinese prose is counted in
words, not in lines. For a translation, also how much of its source book it
translates (coverage), what it lacks and takes from its source (fallback
paragraphs, sections, matrices and cards), and how many translated
paragraphs are stale or unreviewed. Counts and words are of the book's own
text: a translation's fallbacks are not counted.
PATH is a book folder or its book.json (default: the nearest book.json
upward from the current folder, else book/).

With --economy, the award economy instead: for every skill, status and
treasure, how many award items grant it and take it away, and how many
section headings test it. "granted untested" (it changes no encounter),
"tested ungranted" (only a character's start or a random treasure gives it)
and "unused" mark what may be a mistake.

options:
  --economy    the award economy table
  --json       print JSON on stdout instead of a table
  --allow-errors
               exit 0 on a book with errors (counted as far as it resolved,
               with a warning)
  -j, --jobs N threads that read, parse and check the book (default 0: one per
               core, one under 64 KiB)
  -h, --help   show this help

exit codes: 0 counted, 1 the book has errors (still counted as far as it
resolved), 2 usage or I/O failure (the book cannot be read).
)";

} // namespace

int cmd_stats(const Args& args) {
  bool json = false, economy = false, allow_errors = false;
  std::string path;
  talebook::CompileOptions compile;
  ArgScanner scan(args, "stats", help);
  for (std::string a; scan.next(a);) {
    if (scan.jobs(a, compile.jobs)) {
      continue;
    } else if (scan.flag(a, "--json")) {
      json = true;
    } else if (scan.flag(a, "--allow-errors")) {
      allow_errors = true;
    } else if (scan.flag(a, "--economy")) {
      economy = true;
    } else if (!scan.positional(a)) {
      break;
    } else if (path.empty()) {
      path = a;
    } else {
      return scan.fail("one book at a time");
    }
  }
  if (scan.done) return *scan.done;
  if (path.empty()) {
    auto book = default_book("stats");
    if (!book) return exit_usage;
    path = *book;
  }
  auto owned = make_unfreed<talebook::Compilation>();
  talebook::Compilation& book = *owned;
  if (!talebook::compile_book(path, book, compile)) {
    print_diagnostics(book, {});
    return exit_usage;
  }
  const int exit = book_errors_exit("stats", book, path, allow_errors, "counts");
  if (economy) {
    talebook::Economy e =
        talebook::award_economy(book.book, book.vocabulary, talebook::book_graph(book));
    std::cout << (json ? talebook::economy_json(e) : talebook::economy_text(e));
    return exit;
  }
  talebook::BookStats stats = talebook::book_stats(book.book);
  if (!book.manifest.translates.empty()) {
    if (!book.translation) { // the source book cannot be compiled: diagnostics say why
      print_diagnostics(book, {});
      return exit_usage;
    }
    const talebook::TranslationSummary& summary = book.translation->summary;
    stats.translation = true;
    stats.source_paragraphs = summary.source_paragraphs;
    stats.translated = summary.translated;
    stats.stale = summary.stale;
    stats.unreviewed = summary.unreviewed;
    stats.fallback_paragraphs = summary.fallback_paragraphs;
    stats.fallback_sections = summary.fallback_sections;
    stats.fallback_matrices = summary.fallback_matrices;
    stats.fallback_cards = summary.fallback_cards;
    stats.source_game_blocks = summary.game_blocks;
    stats.game_translated = summary.game_translated;
    stats.game_stale = summary.game_stale;
    stats.game_unreviewed = summary.game_unreviewed;
    stats.source_words = talebook::book_stats(book.source->book).words;
  }
  std::cout << (json ? talebook::stats_json(stats) : talebook::stats_text(stats));
  return exit;
}

} // namespace talec
