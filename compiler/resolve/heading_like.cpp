// Whether a `Words:` line before a paragraph's first section looks like a
// heading the writer meant (TB0086): capitalised words in a script with
// capitals, a word of the vocabulary in one without (Chinese, Arabic).
#include <algorithm>

#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

// The heading words that join or qualify a heading's names (`or`, `or less`)
// and the words of a quest's tables: no heading is made of them alone.
bool joins(VocabKind kind, std::string_view id) {
  return kind == VocabKind::Heading &&
         (id == "or" || id == "or_less" || id == "or_more" || id == "spaces" || id == "modifiers");
}

bool has_sentence_punctuation(const Resolver& r, std::string_view words) {
  for (const char* role : {"comma", "period", "sentence_end"})
    for (const std::string& mark : r.vocabulary.punctuation(role))
      if (words.find(mark) != std::string_view::npos) return true;
  return false;
}

// A few words without sentence punctuation, one run of which is the name (or
// an alias) of a skill, status, wealth level or heading: `虔诚与智慧：`,
// `无技能者：`, `التقوى والحكمة:`. A word inside another word is no match
// (`ذكر`, male, in `تذكرت`, I remembered).
bool caseless_heading_like(const Resolver& r, std::string_view name) {
  if (!text::is_caseless(name) || has_sentence_punctuation(r, name)) return false; // `他说，…：`
  const auto spans = text::word_spans(name, r.vocabulary.language().c_str());
  if (spans.empty() || spans.size() > 6) return false;
  auto starts = [&](std::size_t at) {
    return std::any_of(spans.begin(), spans.end(), [&](const auto& w) { return w.first == at; });
  };
  auto ends = [&](std::size_t at) {
    return std::any_of(spans.begin(), spans.end(), [&](const auto& w) { return w.second == at; });
  };
  for (VocabKind kind :
       {VocabKind::Skill, VocabKind::Status, VocabKind::Wealth, VocabKind::Heading})
    for (const VocabEntry& e : r.vocabulary.entries(kind)) {
      if (joins(kind, e.id)) continue;
      std::vector<std::string_view> spellings = {e.name};
      spellings.insert(spellings.end(), e.aliases.begin(), e.aliases.end());
      for (std::string_view word : spellings)
        for (std::size_t at = word.empty() ? std::string_view::npos : name.find(word);
             at != std::string_view::npos; at = name.find(word, at + 1))
          if (starts(at) && ends(at + word.size())) return true;
    }
  return false;
}

} // namespace

std::vector<std::string> names_in_words(const Resolver& r, std::string_view words) {
  std::vector<std::string> names;
  if (has_sentence_punctuation(r, words)) return names; // prose: `夜深了。虔诚的人说：`
  const auto spans = text::word_spans(words, r.vocabulary.language().c_str());
  if (spans.size() > 6) return names;
  // Offsets past the words: bytes that are no UTF-8 (reported as TB0001)
  // were counted as U+FFFD; such words name nothing.
  for (const auto& [begin, end] : spans)
    if (begin > end || end > words.size()) return names;
  for (std::size_t first = 0; first < spans.size(); ++first)
    for (std::size_t last = spans.size(); last-- > first;) { // the longest run first
      const std::string key =
          text::name_key(words.substr(spans[first].first, spans[last].second - spans[first].first));
      const VocabEntry* e = r.vocabulary.find_key(VocabKind::Skill, key);
      if (!e) e = r.vocabulary.find_key(VocabKind::Status, key);
      if (!e) continue;
      if (std::find(names.begin(), names.end(), e->name) == names.end()) names.push_back(e->name);
      first = last; // the words after this name
      break;
    }
  return names;
}

bool heading_like(const Resolver& r, std::string_view name) {
  return text::is_capitalised_words(name, 3) || caseless_heading_like(r, name);
}

} // namespace talebook::resolve
