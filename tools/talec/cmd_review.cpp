// talec review: mark translated paragraphs as current with their source.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "compiler/translate/stale.hpp"
#include "compiler/translate/translation.hpp"
#include "compiler/translate/translation_units.hpp"
#include "compiler/translate/word_diff.hpp"
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

// What changed in the source units of stale paragraph `number` since its review.
using UnitsByParagraph = std::map<std::uint32_t, std::vector<const talebook::TextUnit*>>;

void show_changes(std::uint32_t number, const UnitsByParagraph& units,
                  const talebook::TranslationState& state, const std::string& language) {
  bool any = false;
  auto found = units.find(number);
  if (found == units.end()) return;
  for (const talebook::TextUnit* each : found->second) {
    const talebook::TextUnit& unit = *each;
    std::string now = talebook::normalized_unit_text(unit.text);
    auto it = state.units.find(unit.context);
    if (it != state.units.end() && it->second.text == now && it->second.about == unit.about)
      continue;
    if (!any) std::cout << "paragraph " << number << " changed since its review:\n";
    any = true;
    std::cout << "  " << unit.context << ": ";
    if (it == state.units.end())
      std::cout << "(no earlier text recorded) " << now << '\n';
    else if (it->second.text != now)
      std::cout << talebook::word_diff(it->second.text, now, language.c_str()) << '\n';
    else
      std::cout << "its heading or award group changed\n";
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
    if (a == "--all") {
      all = true;
    } else if (a == "--dry-run" || a == "-n") {
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
    std::cerr << "talec review: error: bad translation state '" << file.path << "': " << file.error
              << " (remove it and review again)\n";
    return exit_usage;
  }
  // A translation with errors (of its own, or of mechanics against its source) is
  // not current with anything: nothing is marked.
  if (translation.diagnostics.errors()) {
    print_diagnostics(translation, options);
    std::cerr << "talec review: error: fix the errors of '" << path
              << "' before reviewing it; nothing was marked\n";
    return exit_errors;
  }
  std::vector<talebook::TextUnit> units =
      talebook::text_units(translation.source->book, translation.sources);
  const std::string& language = translation.source->book.language;
  UnitsByParagraph by_paragraph;
  for (const talebook::TextUnit& unit : units)
    if (unit.paragraph) by_paragraph[unit.paragraph].push_back(&unit);

  if (!all && chosen.empty()) {
    std::vector<std::uint32_t> stale, unreviewed;
    for (const talebook::ParagraphComparison& p : report.paragraphs) {
      if (p.state == talebook::ParagraphState::Stale) stale.push_back(p.number);
      if (p.state == talebook::ParagraphState::Unreviewed) unreviewed.push_back(p.number);
    }
    std::sort(stale.begin(), stale.end());
    std::sort(unreviewed.begin(), unreviewed.end());
    std::cout << "stale: " << (stale.empty() ? "none" : join(stale)) << '\n'
              << "unreviewed: " << (unreviewed.empty() ? "none" : join(unreviewed)) << '\n';
    for (std::uint32_t number : stale)
      show_changes(number, by_paragraph, file.state, language);
    return exit_ok;
  }
  for (std::uint32_t number : chosen) {
    const talebook::ParagraphComparison* p = report.paragraph(number);
    if (!p || !p->translated()) {
      bool extra =
          std::find(report.extra.begin(), report.extra.end(), number) != report.extra.end();
      return usage_error("review", "paragraph " + std::to_string(number) + " is not in the " +
                                       (extra ? "source book" : "translation"));
    }
  }

  // The versions of the source paragraphs the translation has, as they are now.
  std::map<std::uint32_t, std::string> versions;
  for (const talebook::ParagraphComparison& p : report.paragraphs)
    if (p.translated()) versions.emplace(p.number, p.version);
  talebook::TranslationState state = file.state;
  const std::string& state_file = file.path;
  std::set<std::uint32_t> marked;
  for (const auto& [number, version] : versions)
    if (all || chosen.count(number)) {
      const talebook::ParagraphComparison* p = report.paragraph(number);
      if (p && p->state == talebook::ParagraphState::Stale)
        show_changes(number, by_paragraph, file.state, language);
      state.reviewed[number] = version;
      marked.insert(number);
    }
  // The source units of the marked paragraphs as they are now; paragraphs no
  // longer in both books are forgotten.
  std::map<std::string, std::uint32_t> paragraph_of;
  for (const talebook::TextUnit& unit : units)
    paragraph_of.emplace(unit.context, unit.paragraph);
  for (auto it = state.units.begin(); it != state.units.end();) {
    auto found = paragraph_of.find(it->first);
    std::uint32_t number = found == paragraph_of.end() ? 0 : found->second;
    bool drop = !versions.count(number) || marked.count(number);
    it = drop ? state.units.erase(it) : std::next(it);
  }
  for (const talebook::TextUnit& unit : units)
    if (marked.count(unit.paragraph))
      state.units[unit.context] = {talebook::normalized_unit_text(unit.text), unit.about};
  for (auto it = state.reviewed.begin(); it != state.reviewed.end();)
    it = versions.count(it->first) ? std::next(it) : state.reviewed.erase(it);
  std::filesystem::path relative = std::filesystem::path(translation.manifest.translates)
                                       .lexically_proximate(translation.manifest.dir);
  state.source = relative.generic_string();
  std::size_t count = marked.size();
  if (dry_run) {
    std::cout << "would mark " << count << (count == 1 ? " paragraph" : " paragraphs")
              << " current in " << state_file << " (dry run: nothing written)\n";
    return exit_ok;
  }
  if (std::string error = talebook::save_state(state_file, state); !error.empty()) {
    std::cerr << "talec review: error: " << error << '\n';
    return exit_usage;
  }
  std::cout << "marked " << count << (count == 1 ? " paragraph" : " paragraphs") << " current in "
            << state_file << '\n';
  return exit_ok;
}

} // namespace talec
