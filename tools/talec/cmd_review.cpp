// talec review: mark translated paragraphs as current with their source.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "compiler/translate/stale.hpp"
#include "compiler/translate/translation.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec review [options] TRANSLATION [--paragraph N]... [--all]

A translation remembers which version of each source paragraph it translates
(in translation-state.json next to its book.json). When a source paragraph
changes, 'talec check' reports its translation as stale. After you have
brought the translation up to date, review it: the paragraphs named are
recorded as current with their source paragraphs as they are now.

With neither --paragraph nor --all, lists the stale and unreviewed paragraphs
and changes nothing.

options:
  --paragraph N, -p N        mark paragraph N current (repeatable)
  --all                      mark every translated paragraph current
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

} // namespace

int cmd_review(const Args& args) {
  DiagnosticOptions options;
  std::string path;
  std::set<std::uint32_t> chosen;
  bool all = false;
  ArgScanner scan(args, "review", help, &options);
  for (std::string a; scan.next(a);) {
    std::uint64_t number = 0;
    if (a == "--all") {
      all = true;
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
  if (!translation.translation) { // the source book cannot be compiled: diagnostics say why
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
  std::size_t marked = 0;
  for (const auto& [number, version] : versions)
    if (all || chosen.count(number)) {
      state.reviewed[number] = version;
      ++marked;
    }
  // Paragraphs no longer in both books are forgotten.
  for (auto it = state.reviewed.begin(); it != state.reviewed.end();)
    it = versions.count(it->first) ? std::next(it) : state.reviewed.erase(it);
  std::filesystem::path relative = std::filesystem::path(translation.manifest.translates)
                                       .lexically_proximate(translation.manifest.dir);
  state.source = relative.generic_string();
  if (std::string error = talebook::save_state(state_file, state); !error.empty()) {
    std::cerr << "talec review: error: " << error << '\n';
    return exit_usage;
  }
  std::cout << "marked " << marked << (marked == 1 ? " paragraph" : " paragraphs") << " current in "
            << state_file << '\n';
  if (talebook::book_errors(translation.diagnostics)) {
    print_diagnostics(translation, options);
    return exit_errors;
  }
  return exit_ok;
}

} // namespace talec
