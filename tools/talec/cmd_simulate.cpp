// talec simulate: random play-throughs of a book through the reference engine.
#include <algorithm>
#include <iostream>

#include <talebook/reader.hpp>

#include "compiler/emit/emit.hpp"
#include "compiler/graph/simulate_report.hpp"
#include "compiler/translate/translation.hpp"
#include "talebook/engine/autoplay.hpp"
#include "talebook/engine/start.hpp"
#include "tools/talec/commands.hpp"
#include "tools/talec/play_family.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec simulate [options] [BOOK]

Plays the book many times through the reference engine (docs/play.md), each
game answered by a chooser that picks every choice at random (character,
skills, cards, charts, reactions, spaces), and reports what play reached: how
often each paragraph was read, and the paragraphs, sections, chart lines and
matrix cells never reached, with their files and lines; and the dead ends,
where an encounter stopped without the book saying what happens (headings the
character does not meet and no 'No Skill', a roll no row covers, a row whose
every reaction is forbidden, a 'Go to' loop). The same seed gives the same
report. BOOK is a book folder, its book.json or one of its source files
(default: the nearest book.json
upward from the current folder, else book/); it is compiled first and must have no errors (unless
--allow-errors).

A book of the game family (docs/games.md) is played by the engine's own
players instead: a Shahrazad tile set (--players 1 or 2, default 1) reports
its totals and how often each verdict of the King was reached; a deck of "Da
geht was ab im Morgenland" (--players 2-5, default 2) reports who won, how
long the games lasted and the cards never played. --turns, --from and
--coverage are the Book of Tales'.

options:
  --runs N          how many games (default 1000)
  --seed S          the seed of the first game's dice (default 1)
  --turns T         each game stops after T turns, or at the character's
                    death (default 20)
  --players N       each game is the Standard game for N players (1-6), as
                    talec play --players plays it: the turns count every
                    player's, a game stops when one is won or after T turns
                    of each character
  --from N          each game is one encounter from paragraph N, not turns
                    (as talec play --from): the report counts what the games
                    read from N, and "reachable" is what N's links lead to.
                    A book needs no card or chart for it; a number that is
                    not a paragraph of the book is a usage error
  --format text|json
                    the report as text (default) or JSON
  --coverage FILE   also write an LCOV tracefile that maps the counts to the
                    .tales lines, for genhtml: paragraph headers (reads),
                    sections (applied), chart lines (rolled), and each matrix
                    cell as a branch of its row's line (chosen); never a
                    file of the book (TB0053, exit 1)
                      genhtml --branch-coverage FILE -o coverage/
  --allow-errors    play a book with errors as far as it resolved (with a
                    warning; what the compiler cannot lay out is still
                    refused, exit 1)
  -j, --jobs N      threads that read, parse and check the book (default 0:
                    one per core, one under 64 KiB)
  -h, --help        show this help

exit codes: 0 played, 1 the book has errors (nothing played), 2 usage or I/O
failure.
)";

} // namespace

int cmd_simulate(const Args& args) {
  talebook::engine::AutoplayOptions options;
  std::uint64_t turns = options.turns;
  std::string format = "text", coverage;
  std::vector<std::string> paths;
  bool allow_errors = false;
  std::optional<std::uint64_t> from;
  std::uint64_t players = 0;
  talebook::CompileOptions compile;
  ArgScanner scan(args, "simulate", help);
  for (std::string a; scan.next(a);) {
    if (scan.jobs(a, compile.jobs)) continue;
    if (scan.flag(a, "--allow-errors")) {
      allow_errors = true;
      continue;
    }
    if (scan.number(a, {"--runs"}, options.runs, 100'000'000) ||
        scan.number(a, {"--seed"}, options.seed, UINT64_MAX) ||
        scan.number(a, {"--turns"}, turns, 100'000) ||
        scan.number(a, {"--players"}, players, 6, 1) || scan.value(a, {"--format"}, format) ||
        scan.value(a, {"--coverage"}, coverage))
      continue;
    if (std::uint64_t n = 0; scan.paragraph(a, {"--from"}, n)) {
      from = n;
      continue;
    }
    if (scan.positional(a)) paths.push_back(a);
  }
  if (scan.done) return *scan.done;
  if (format != "text" && format != "json")
    return usage_error("simulate", "'--format' is text or json, not '" + format + "'");
  if (paths.size() > 1) return usage_error("simulate", "one book at a time");
  options.turns = static_cast<int>(turns);
  options.players = static_cast<int>(players);
  if (players && from) return usage_error("simulate", "'--players' and '--from': one at a time");
  std::vector<std::string> books;
  if (!or_default_book("simulate", paths) || !books_for("simulate", paths, books))
    return exit_usage;

  auto owned = make_unfreed<talebook::Compilation>();
  talebook::Compilation& book = *owned;
  if (!talebook::compile_book(books[0], book, compile)) {
    print_diagnostics(book, {});
    return exit_usage;
  }
  if (allow_errors) {
    book_errors_exit("simulate", book, books[0], true, "report");
  } else if (talebook::book_errors(book.diagnostics)) {
    print_diagnostics(book, {});
    std::cerr << "talec simulate: error: the book has errors; nothing was played\n";
    return exit_errors;
  }
  std::string bytes, error;
  talebook::EmitOptions emit;
  emit.pack = false; // read in place, never written
  emit.diagnostics = &book.diagnostics;
  error = talebook::emit_tbook(book.book, book.vocabulary, bytes, emit);
  if (!error.empty()) {
    print_diagnostics(book, {}); // TB0079 (or TB0068)
    std::cerr << "talec simulate: error: the book cannot be compiled\n";
    return exit_errors;
  }
  std::unique_ptr<talebook::tbook::Book> tbook =
      talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  if (!tbook) {
    std::cerr << "talec simulate: error: the book cannot be compiled: " << shown(error) << "\n";
    return exit_errors;
  }
  if (tbook->game() != talebook::tbook::GameKind::tales) {
    if (from || !coverage.empty())
      return usage_error("simulate", "'--from' and '--coverage' are the Book of Tales'; this book "
                                     "is a game of the family (docs/games.md)");
    const talec::FamilyRuns runs{options.runs, options.seed, players, format == "json"};
    const std::string report = talec::simulate_family(*tbook, runs, error);
    if (!error.empty()) return usage_error("simulate", error);
    std::cout << report;
    return exit_ok;
  }
  if (from) {
    options.from = talebook::engine::read_from(*tbook, *from, error);
    if (!options.from) return usage_error("simulate", "'--from': " + error);
  } else if (std::none_of(book.book.paragraphs.begin(), book.book.paragraphs.end(),
                          [](const talebook::Paragraph& p) {
                            return p.kind == talebook::ParagraphKind::Chart;
                          })) {
    std::cerr << "talec simulate: note: the book has no encounter chart, so no game reads a "
                 "paragraph; --from N plays each game from paragraph N\n";
  }
  const talebook::engine::PlayCounts counts = talebook::engine::autoplay(*tbook, options);
  // The report's reachable paragraphs: what the book's links lead to.
  const talebook::SimulateRun run{book.book, book.sources, talebook::book_graph(book), options,
                                  counts};
  if (!coverage.empty()) {
    if (talebook::refuse_write(
            book, coverage,
            talebook::WriteScope::Output)) { // never over a file of the book (book_writes.hpp)
      print_diagnostics(book, {});
      return exit_errors; // as build refuses
    }
    error = talebook::write_file_atomically(coverage, talebook::simulate_lcov(run));
    if (!error.empty()) {
      std::cerr << "talec simulate: error: " << shown(error) << "\n";
      return exit_usage;
    }
  }
  std::cout << (format == "json" ? talebook::simulate_json(run) : talebook::simulate_text(run));
  return exit_ok;
}

} // namespace talec
