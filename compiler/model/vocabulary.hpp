// A locale's vocabulary: every word a translation changes, each with a stable
// id shared by all locales (`courtly_graces` is `Courtly Graces` in English and
// `宫廷礼仪` in Chinese). Loaded from locales/<tag>/vocabulary.json.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "compiler/model/load_error.hpp"
#include "talebook/kinds.hpp"

namespace talebook {

using tbook::VocabKind; // talebook/kinds.hpp
inline constexpr int vocab_kind_count = int(tbook::Kind<VocabKind>::count);
// The words of a message ("skill", "wealth level"); tbook::name_of gives the id.
inline const char* to_string(VocabKind kind) {
  return tbook::words_of(kind);
}
const char* json_key(VocabKind kind); // "skills", "statuses"...

struct VocabEntry {
  std::string id;
  std::string name; // the locale's preferred spelling
  std::vector<std::string> aliases;
  int order = 0; // position in its list (wealth levels are ordered)
  // text::name_key of the name, then of each alias: computed once, at load.
  std::vector<std::string> keys;
};

class Vocabulary {
public:
  // Empty on success, else what is wrong (a value of the wrong type: TB0050).
  LoadError load_file(const std::string& path);
  LoadError load_json(const nlohmann::json& document, const std::string& file = "vocabulary");

  const std::string& language() const { return language_; }
  // By name or alias, matched by text::name_key (case folding, full width).
  const VocabEntry* find(VocabKind kind, std::string_view name) const;
  // By a key already computed with text::name_key (no folding here).
  const VocabEntry* find_key(VocabKind kind, std::string_view key) const;
  const VocabEntry* by_id(VocabKind kind, std::string_view id) const;

  // A wealth heading's level as written (`Poor`, `Poor or less`, `Poor or
  // more`; `key` its text::name_key): the level, and the orders it covers;
  // nullopt when it names no level.
  struct WealthRange {
    const VocabEntry* level;
    int low, high;
  };
  std::optional<WealthRange> wealth_range(std::string_view written, std::string_view key) const;
  const std::vector<VocabEntry>& entries(VocabKind kind) const { return lists_[int(kind)]; }
  // Preferred names of a kind, for "did you mean".
  std::vector<std::string> names(VocabKind kind) const;
  // The name of a heading or award word by id ("no_skill" -> "No Skill").
  std::string word(VocabKind kind, std::string_view id) const;
  // Punctuation forms by role ("colon" -> {":", "："}).
  const std::vector<std::string>& punctuation(const std::string& role) const;

private:
  // Lookups by std::string_view, without a temporary std::string.
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };
  using Index = std::unordered_map<std::string, std::size_t, Hash, std::equal_to<>>;

  std::string language_;
  std::vector<VocabEntry> lists_[vocab_kind_count];
  Index by_key_[vocab_kind_count];
  Index by_id_[vocab_kind_count];
  std::unordered_map<std::string, std::vector<std::string>> punctuation_;
};

// `text` (whose text::name_key is `key`) without the heading word `w` at its
// end (after a blank, or straight after a non-ASCII word); nullopt when it
// does not end so (or `w` is null).
std::optional<std::string_view> strip_heading_suffix(std::string_view text, std::string_view key,
                                                     const VocabEntry* w);

} // namespace talebook
