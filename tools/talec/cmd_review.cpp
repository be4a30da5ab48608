// talec review: mark translated paragraphs as current with their source.
#include <iostream>
#include <map>
#include <set>

#include "compiler/translate/review.hpp"
#include "compiler/translate/stale.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec review [options] TRANSLATION [--paragraph N]... [--all]

A translation remembers which version of each source paragraph it translates
(in translation-state.json next to its book.json), and the source text of each
of its units. When a source paragraph changes, 'talec check' reports its
translation as stale. After you have brought the translation up to date,
review it: the paragraphs named are recorded as current with their source
paragraphs as they are now.

With neither --paragraph nor --all, lists the stale and unreviewed paragraphs
and changes nothing. For a stale paragraph, the source text that changed since
the last review is shown word by word: [-removed-]{+added+}.

A translation with errors is not reviewed: fix them first ('talec check').

options:
  --paragraph N, -p N        mark paragraph N current (repeatable)
  --all                      mark every translated paragraph current
  --dry-run, -n              show what would be marked, write nothing
  --format, --werror, --color, --lang  as for 'talec check' (for diagnostics)
  -h, --help                 show this help

exit codes: 0 done, 1 the translation has errors, 2 usage or I/O failure.
)";

std::string join(const std::vector<std::uint32_t>& numbers) {
  std::string out;
  for (std::uint32_t n : numbers)
    out += (out.empty() ? "" : ", ") + std::to_string(n);
  return out;
}

void print_changes(std::uint32_t number,
                   const std::map<std::uint32_t, std::vector<talebook::UnitChange>>& changes) {
  auto found = changes.find(number);
  if (found == changes.end()) return;
  std::cout << "paragraph " << number << " changed since its review:\n";
  for (const talebook::UnitChange& change : found->second) {
    std::cout << "  " << change.context << ": ";
    switch (change.kind) {
    case talebook::UnitChange::Kind::Unrecorded:
      std::cout << "(no earlier text recorded) " << change.text << '\n';
      break;
    case talebook::UnitChange::Kind::Text:
      std::cout << change.text << '\n';
      break;
    case talebook::UnitChange::Kind::Mechanics:
      std::cout << "its heading or award group changed\n";
      break;
    }
  }
}

} // namespace

int cmd_review(const Args& args) {
  DiagnosticOptions options;
  std::string path;
  std::set<std::uint32_t> chosen;
  bool all = false, dry_run = false;
  ArgScanner scan(args, "review", help, &options);
  for (std::string a; scan.next(a);) {
    std::uint64_t number = 0;
    if (scan.flag(a, "--all")) {
      all = true;
    } else if (scan.flag(a, "--dry-run") || scan.flag(a, "-n")) {
      dry_run = true;
    } else if (scan.number(a, {"-p", "--paragraph"}, number, 0xFFFFFFFFu)) {
      chosen.insert(static_cast<std::uint32_t>(number));
    } else if (!scan.positional(a)) {
      break;
    } else if (path.empty()) {
      path = a;
    } else {
      return scan.fail("one translation at a time");
    }
  }
  if (scan.done) return *scan.done;
  if (path.empty())
    return usage_error("review", "which translation? (e.g. 'talec review locales/zh --all')");

  // What is marked is read and written under the translation's lock.
  talebook::BookLock lock;
  if (std::string busy =
          (all || !chosen.empty()) && !dry_run ? talebook::lock_book(path, lock) : "";
      !busy.empty()) {
    std::cerr << "talec review: error: '" << shown(path) << "': " << busy << '\n';
    return exit_usage;
  }
  talebook::Compilation translation;
  if (!talebook::compile_book(path, translation)) {
    print_diagnostics(translation, options);
    return exit_usage;
  }
  if (translation.manifest.translates.empty())
    return usage_error("review",
                       "'" + path + "' is not a translation (its book.json has no \"translates\")");
  if (!translation.translation || !translation.source) { // the source book cannot be compiled
    print_diagnostics(translation, options);
    return exit_usage;
  }
  const talebook::TranslationReport& report = *translation.translation;
  const talebook::StateFile& file = report.state_file;
  if (!file.error.empty()) {
    std::cerr << "talec review: error: bad translation state '" << shown(file.path)
              << "': " << shown(file.error) << " (remove it and review again)\n";
    return exit_usage;
  }
  // A translation with errors (of its own, or of mechanics against its source) is
  // not current with anything: nothing is marked.
  if (translation.diagnostics.errors()) {
    print_diagnostics(translation, options);
    std::cerr << "talec review: error: fix the errors of '" << shown(path)
              << "' before reviewing it; nothing was marked\n";
    return exit_errors;
  }
  const talebook::Book& source = translation.source->book;
  if (!all && chosen.empty()) {
    const talebook::ReviewListing listing =
        talebook::list_review(report, source, translation.sources);
    const talebook::ReviewQueue& queue = listing.queue;
    std::cout << "stale: " << (queue.stale.empty() ? "none" : join(queue.stale)) << '\n'
              << "unreviewed: " << (queue.unreviewed.empty() ? "none" : join(queue.unreviewed))
              << '\n';
    if (!report.games.empty()) { // a game book's cards, tiles and verdict table
      std::string stale, unreviewed;
      for (const talebook::GameBlockComparison& g : report.games) {
        std::string& list = g.state == talebook::ParagraphState::Stale ? stale : unreviewed;
        if (g.state == talebook::ParagraphState::Stale ||
            g.state == talebook::ParagraphState::Unreviewed)
          list += (list.empty() ? "" : ", ") + g.block;
      }
      std::cout << "stale game blocks: " << (stale.empty() ? "none" : stale) << '\n'
                << "unreviewed game blocks: " << (unreviewed.empty() ? "none" : unreviewed) << '\n';
    }
    for (std::uint32_t number : queue.stale)
      print_changes(number, listing.changes);
    return exit_ok;
  }
  if (auto wrong = talebook::not_reviewable(report, chosen))
    return usage_error("review", "paragraph " + std::to_string(wrong->paragraph) +
                                     " is not in the " +
                                     (wrong->extra ? "source book" : "translation"));

  const talebook::Review review =
      talebook::review(report, source, translation.sources, chosen, all,
                       translation.manifest.translates, translation.manifest.dir);
  const talebook::ReviewMarks& marks = review.marks;
  for (std::uint32_t number : marks.stale)
    print_changes(number, review.changes);
  const std::size_t count = marks.marked.size();
  if (dry_run) {
    std::cout << "would mark " << count << (count == 1 ? " paragraph" : " paragraphs")
              << " current in " << file.path << " (dry run: nothing written)\n";
    return exit_ok;
  }
  if (std::string error; !talebook::write_book_files(
          translation, "review", {{file.path, talebook::state_json(marks.state)}}, error,
          test_commit_step())) {
    print_diagnostics(translation, options);
    if (!error.empty()) std::cerr << "talec review: error: " << shown(error) << '\n';
    return exit_usage;
  }
  std::cout << "marked " << count << (count == 1 ? " paragraph" : " paragraphs");
  if (const std::size_t games = marks.games.size(); games)
    std::cout << " and " << games << (games == 1 ? " game block" : " game blocks");
  std::cout << " current in " << file.path << '\n';
  return exit_ok;
}

} // namespace talec
