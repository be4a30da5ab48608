// Reviewing a translation (`talec review`): which paragraphs are stale or
// unreviewed, what changed in a stale paragraph's source since its review,
// and the translation state that marks paragraphs current with their source.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compiler/translate/stale.hpp"
#include "compiler/translate/translation.hpp"
#include "compiler/translate/translation_units.hpp"

namespace talebook {

// The paragraphs a review would look at, each list sorted.
struct ReviewQueue {
  std::vector<std::uint32_t> stale;
  std::vector<std::uint32_t> unreviewed;
};
ReviewQueue review_queue(const TranslationReport& report);

// One source unit of a paragraph that changed since the paragraph's review.
struct UnitChange {
  enum class Kind : std::uint8_t {
    Unrecorded, // the state keeps no earlier text of the unit
    Text,       // its text changed
    Mechanics,  // only its heading or award group changed
  };
  std::string context; // the unit's (TextUnit::context)
  Kind kind = Kind::Text;
  // Unrecorded: the text now; Text: the change word by word ([-removed-]{+added+}).
  std::string text;
};
// The changed units of each of `paragraphs` (source units in source order);
// a paragraph with none has no entry. `language` is the source's (for the
// word boundaries).
std::map<std::uint32_t, std::vector<UnitChange>>
changes_since_review(const std::vector<std::uint32_t>& paragraphs,
                     const std::vector<TextUnit>& units, const TranslationState& state,
                     const std::string& language);

// A paragraph named for review that cannot be: not translated, or (`extra`)
// in the translation but not in its source.
struct NotReviewable {
  std::uint32_t paragraph = 0;
  bool extra = false;
};
std::optional<NotReviewable> not_reviewable(const TranslationReport& report,
                                            const std::set<std::uint32_t>& paragraphs);

// What a review marks, and the state to write.
struct ReviewMarks {
  TranslationState state;
  std::vector<std::uint32_t> marked; // sorted
  std::vector<std::uint32_t> stale;  // the marked paragraphs that were stale
  // A game book's cards, tiles and verdict table marked ("deck 3", "tile 7", "verdicts"), and
  // those of them that were stale.
  std::vector<std::string> games;
  std::vector<std::string> stale_games;
};
// Marks `paragraphs` (or, with `all`, every translated paragraph and game block) current with
// their source as it is now: their versions and the text of their source
// units (`units`) go into the state; paragraphs no longer in both books are
// forgotten. `source` is the state's "source" (the manifest the translation
// names).
ReviewMarks mark_reviewed(const TranslationReport& report, const std::vector<TextUnit>& units,
                          const std::set<std::uint32_t>& paragraphs, bool all,
                          const std::string& source);

// What `talec review` shows with no paragraph named: the queue, and what
// changed in each stale paragraph's source (`source`, read into `sources`)
// since its review.
struct ReviewListing {
  ReviewQueue queue;
  std::map<std::uint32_t, std::vector<UnitChange>> changes;
};
ReviewListing list_review(const TranslationReport& report, const Book& source,
                          const SourceSet& sources);

// What it marks (mark_reviewed over the source's units), and what changed in
// each stale paragraph marked. The state's "source" is `translates` (the
// manifest's, resolved) as seen from the translation's folder `dir`.
struct Review {
  ReviewMarks marks;
  std::map<std::uint32_t, std::vector<UnitChange>> changes;
};
Review review(const TranslationReport& report, const Book& source, const SourceSet& sources,
              const std::set<std::uint32_t>& paragraphs, bool all, const std::string& translates,
              const std::string& dir);

} // namespace talebook
