#include "compiler/translate/review.hpp"

#include <algorithm>
#include <filesystem>

#include "compiler/translate/word_diff.hpp"

namespace talebook {

ReviewQueue review_queue(const TranslationReport& report) {
  ReviewQueue queue;
  for (const ParagraphComparison& p : report.paragraphs) {
    if (p.state == ParagraphState::Stale) queue.stale.push_back(p.number);
    if (p.state == ParagraphState::Unreviewed) queue.unreviewed.push_back(p.number);
  }
  std::sort(queue.stale.begin(), queue.stale.end());
  std::sort(queue.unreviewed.begin(), queue.unreviewed.end());
  return queue;
}

std::map<std::uint32_t, std::vector<UnitChange>>
changes_since_review(const std::vector<std::uint32_t>& paragraphs,
                     const std::vector<TextUnit>& units, const TranslationState& state,
                     const std::string& language) {
  const std::set<std::uint32_t> wanted(paragraphs.begin(), paragraphs.end());
  std::map<std::uint32_t, std::vector<UnitChange>> changes;
  for (const TextUnit& unit : units) {
    if (!unit.paragraph || !wanted.count(unit.paragraph)) continue; // matrices and cards: none
    const std::string now = normalized_unit_text(unit.text);
    auto it = state.units.find(unit.context);
    if (it != state.units.end() && it->second.text == now && it->second.about == unit.about)
      continue;
    UnitChange change;
    change.context = unit.context;
    if (it == state.units.end()) {
      change.kind = UnitChange::Kind::Unrecorded;
      change.text = now;
    } else if (it->second.text != now) {
      change.kind = UnitChange::Kind::Text;
      change.text = word_diff(it->second.text, now, language.c_str());
    } else {
      change.kind = UnitChange::Kind::Mechanics;
    }
    changes[unit.paragraph].push_back(std::move(change));
  }
  return changes;
}

std::optional<NotReviewable> not_reviewable(const TranslationReport& report,
                                            const std::set<std::uint32_t>& paragraphs) {
  for (std::uint32_t number : paragraphs) {
    const ParagraphComparison* p = report.paragraph(number);
    if (p && p->translated()) continue;
    const bool extra =
        std::find(report.extra.begin(), report.extra.end(), number) != report.extra.end();
    return NotReviewable{number, extra};
  }
  return std::nullopt;
}

ReviewMarks mark_reviewed(const TranslationReport& report, const std::vector<TextUnit>& units,
                          const std::set<std::uint32_t>& paragraphs, bool all,
                          const std::string& source) {
  // The versions of the source paragraphs the translation has, as they are now.
  std::map<std::uint32_t, std::string> versions;
  for (const ParagraphComparison& p : report.paragraphs)
    if (p.translated()) versions.emplace(p.number, p.version);
  ReviewMarks out;
  out.state = report.state_file.state;
  std::set<std::uint32_t> marked;
  for (const auto& [number, version] : versions) {
    if (!all && !paragraphs.count(number)) continue;
    const ParagraphComparison* p = report.paragraph(number);
    if (p && p->state == ParagraphState::Stale) out.stale.push_back(number);
    out.state.reviewed[number] = version;
    out.marked.push_back(number);
    marked.insert(number);
  }
  // The source units of the marked paragraphs as they are now; paragraphs no
  // longer in both books are forgotten, and so are units the source no longer has.
  // A game's cards, tiles and verdict table (TextUnit::block) are marked with --all.
  std::set<std::string> games, games_marked;
  for (const GameBlockComparison& g : report.games)
    if (g.state != ParagraphState::Untranslated) {
      games.insert(g.block);
      if (all) {
        games_marked.insert(g.block);
        if (g.state == ParagraphState::Stale) out.stale_games.push_back(g.block);
      }
    }
  std::map<std::string, const TextUnit*> unit_of;
  for (const TextUnit& unit : units)
    unit_of.emplace(unit.context, &unit);
  for (auto it = out.state.units.begin(); it != out.state.units.end();) {
    auto found = unit_of.find(it->first);
    const TextUnit* u = found == unit_of.end() ? nullptr : found->second;
    const bool kept =
        u && (u->block.empty() ? versions.count(u->paragraph) && !marked.count(u->paragraph)
                               : games.count(u->block) && !games_marked.count(u->block));
    it = kept ? std::next(it) : out.state.units.erase(it);
  }
  for (const TextUnit& unit : units)
    if (unit.block.empty() ? marked.count(unit.paragraph) : games_marked.count(unit.block))
      out.state.units[unit.context] = {normalized_unit_text(unit.text), unit.about};
  out.games.assign(games_marked.begin(), games_marked.end());
  for (auto it = out.state.reviewed.begin(); it != out.state.reviewed.end();)
    it = versions.count(it->first) ? std::next(it) : out.state.reviewed.erase(it);
  out.state.source = source;
  return out;
}

ReviewListing list_review(const TranslationReport& report, const Book& source,
                          const SourceSet& sources) {
  ReviewListing out;
  out.queue = review_queue(report);
  out.changes = changes_since_review(out.queue.stale, text_units(source, sources),
                                     report.state_file.state, source.language);
  return out;
}

Review review(const TranslationReport& report, const Book& source, const SourceSet& sources,
              const std::set<std::uint32_t>& paragraphs, bool all, const std::string& translates,
              const std::string& dir) {
  const std::vector<TextUnit> units = text_units(source, sources);
  const std::filesystem::path from = std::filesystem::path(translates).lexically_proximate(dir);
  Review out;
  out.marks = mark_reviewed(report, units, paragraphs, all, from.generic_string());
  out.changes =
      changes_since_review(out.marks.stale, units, report.state_file.state, source.language);
  return out;
}

} // namespace talebook
