#include "compiler/model/vocabulary.hpp"

#include "compiler/model/json_input.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

const char* json_key(VocabKind kind) {
  static const char* keys[] = {"skills", "statuses", "wealth",  "headings",
                               "awards", "options",  "terrains"};
  return keys[int(kind)];
}

LoadError Vocabulary::load_file(const std::string& path) {
  nlohmann::json document;
  if (LoadError error = read_json_object(path, document); !error.empty()) return error;
  return load_json(document, path);
}

LoadError Vocabulary::load_json(const nlohmann::json& document, const std::string& file) {
  JsonInput json(file);
  if (!document.is_object()) {
    LoadError error(Code::json_not_object, {arg::text(file)});
    error.file = file;
    return error;
  }
  if (const auto* language = json.member(document, "language"))
    json.string(*language, "/language", language_);
  for (int k = 0; k < vocab_kind_count && !json.failed(); ++k) {
    auto kind = static_cast<VocabKind>(k);
    const std::string list_at = JsonInput::pointer("", json_key(kind));
    const nlohmann::json* list = json.member(document, json_key(kind));
    if (!list || !json.array(*list, list_at)) continue;
    for (std::size_t i = 0; i < list->size() && !json.failed(); ++i) {
      const nlohmann::json& item = (*list)[i];
      const std::string at = JsonInput::pointer(list_at, i);
      if (!json.object(item, at)) break;
      const nlohmann::json* id = json.member(item, "id");
      const nlohmann::json* name = json.member(item, "name");
      if (!id || !name) {
        LoadError error(Code::vocabulary_entry, {std::string(json_key(kind))});
        error.file = file, error.pointer = at;
        return error;
      }
      VocabEntry entry;
      if (!json.string(*id, at + "/id", entry.id) || !json.string(*name, at + "/name", entry.name))
        break;
      if (const nlohmann::json* aliases = json.member(item, "aliases");
          aliases && json.array(*aliases, at + "/aliases"))
        for (std::size_t a = 0; a < aliases->size(); ++a)
          if (std::string alias;
              json.string((*aliases)[a], JsonInput::pointer(at + "/aliases", a), alias))
            entry.aliases.push_back(std::move(alias));
      if (json.failed()) break;
      entry.order = static_cast<int>(lists_[k].size());
      if (by_id_[k].count(entry.id)) {
        LoadError error(Code::duplicate_vocabulary_id, {entry.id, std::string(json_key(kind))});
        error.file = file, error.pointer = at + "/id";
        return error;
      }
      by_id_[k][entry.id] = lists_[k].size();
      entry.keys.push_back(text::name_key(entry.name));
      for (const auto& alias : entry.aliases)
        entry.keys.push_back(text::name_key(alias));
      for (const std::string& key : entry.keys)
        by_key_[k].emplace(key, lists_[k].size());
      lists_[k].push_back(std::move(entry));
    }
  }
  if (json.failed()) return json.error();
  const nlohmann::json* punctuation = json.member(document, "punctuation");
  if (punctuation && json.object(*punctuation, "/punctuation"))
    for (auto it = punctuation->begin(); it != punctuation->end() && !json.failed(); ++it) {
      const std::string at = JsonInput::pointer("/punctuation", it.key());
      if (!json.array(*it, at)) break;
      std::vector<std::string> forms;
      for (std::size_t f = 0; f < it->size(); ++f)
        if (std::string form; json.string((*it)[f], JsonInput::pointer(at, f), form))
          forms.push_back(std::move(form));
      punctuation_[it.key()] = std::move(forms);
    }
  return json.error();
}

const VocabEntry* Vocabulary::find(VocabKind kind, std::string_view name) const {
  return find_key(kind, text::name_key(name));
}

const VocabEntry* Vocabulary::find_key(VocabKind kind, std::string_view key) const {
  const auto& map = by_key_[int(kind)];
  auto it = map.find(key);
  return it == map.end() ? nullptr : &lists_[int(kind)][it->second];
}

const VocabEntry* Vocabulary::by_id(VocabKind kind, std::string_view id) const {
  const auto& map = by_id_[int(kind)];
  auto it = map.find(id);
  return it == map.end() ? nullptr : &lists_[int(kind)][it->second];
}

std::vector<std::string> Vocabulary::names(VocabKind kind) const {
  std::vector<std::string> out;
  for (const auto& entry : lists_[int(kind)])
    out.push_back(entry.name);
  return out;
}

std::string Vocabulary::word(VocabKind kind, std::string_view id) const {
  const VocabEntry* entry = by_id(kind, id);
  return entry ? entry->name : std::string(id);
}

const std::vector<std::string>& Vocabulary::punctuation(const std::string& role) const {
  static const std::vector<std::string> none;
  auto it = punctuation_.find(role);
  return it == punctuation_.end() ? none : it->second;
}

} // namespace talebook

namespace talebook {

std::optional<std::string_view> strip_heading_suffix(std::string_view text, std::string_view key,
                                                     const VocabEntry* w) {
  if (!w) return std::nullopt;
  std::string_view suffix = w->keys.front();
  if (key.size() <= suffix.size() || key.compare(key.size() - suffix.size(), suffix.size(), suffix))
    return std::nullopt;
  if (text::is_ascii(w->name)) {
    if (key[key.size() - suffix.size() - 1] != ' ') return std::nullopt;
  }
  // Map back onto the written text by the suffix's length in bytes (names keep their width).
  if (text.size() < w->name.size()) return std::nullopt;
  return std::string_view(text.substr(0, text.size() - w->name.size()));
}

std::optional<Vocabulary::WealthRange> Vocabulary::wealth_range(std::string_view written,
                                                                std::string_view key) const {
  std::string_view level = written;
  int direction = 0;
  if (auto rest = strip_heading_suffix(written, key, by_id(VocabKind::Heading, "or_less")))
    level = *rest, direction = -1;
  else if (auto rest = strip_heading_suffix(written, key, by_id(VocabKind::Heading, "or_more")))
    level = *rest, direction = 1;
  // `written` is trimmed: its key is the level's when no suffix was cut.
  const VocabEntry* found = direction == 0 ? find_key(VocabKind::Wealth, key)
                                           : find(VocabKind::Wealth, text::trim(level));
  if (!found) return std::nullopt;
  const int last = static_cast<int>(entries(VocabKind::Wealth).size()) - 1;
  return WealthRange{found, direction < 0 ? 0 : static_cast<int>(found->order),
                     direction > 0 ? last : static_cast<int>(found->order)};
}

} // namespace talebook
