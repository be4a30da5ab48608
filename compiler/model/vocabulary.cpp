#include "compiler/model/vocabulary.hpp"

#include <fstream>

#include <nlohmann/json.hpp>

#include "compiler/text/text.hpp"

namespace talebook {

const char* json_key(VocabKind kind) {
  static const char* keys[] = {"skills", "statuses", "wealth",  "headings",
                               "awards", "options",  "terrains"};
  return keys[int(kind)];
}

std::string Vocabulary::load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "cannot open '" + path + "'";
  nlohmann::json document = nlohmann::json::parse(in, nullptr, false);
  if (document.is_discarded()) return "'" + path + "' is not valid JSON";
  std::string error = load_json(document);
  return error.empty() ? error : path + ": " + error;
}

std::string Vocabulary::load_json(const nlohmann::json& document) {
  if (!document.is_object()) return "a vocabulary is a JSON object";
  language_ = document.value("language", "");
  for (int k = 0; k < vocab_kind_count; ++k) {
    auto kind = static_cast<VocabKind>(k);
    auto list = document.find(json_key(kind));
    if (list == document.end()) continue;
    if (!list->is_array()) return std::string("'") + json_key(kind) + "' must be an array";
    for (const auto& item : *list) {
      if (!item.is_object() || !item.contains("id") || !item.contains("name") ||
          !item["id"].is_string() || !item["name"].is_string())
        return std::string("every entry of '") + json_key(kind) +
               "' needs a string 'id' and 'name'";
      VocabEntry entry;
      entry.id = item["id"].get<std::string>();
      entry.name = item["name"].get<std::string>();
      if (item.contains("aliases"))
        for (const auto& alias : item["aliases"])
          entry.aliases.push_back(alias.get<std::string>());
      entry.order = static_cast<int>(lists_[k].size());
      if (by_id_[k].count(entry.id))
        return "duplicate id '" + entry.id + "' in '" + json_key(kind) + "'";
      by_id_[k][entry.id] = lists_[k].size();
      by_key_[k].emplace(text::name_key(entry.name), lists_[k].size());
      for (const auto& alias : entry.aliases)
        by_key_[k].emplace(text::name_key(alias), lists_[k].size());
      lists_[k].push_back(std::move(entry));
    }
  }
  if (auto p = document.find("punctuation"); p != document.end() && p->is_object())
    for (auto it = p->begin(); it != p->end(); ++it)
      if (it->is_array()) punctuation_[it.key()] = it->get<std::vector<std::string>>();
  return {};
}

const VocabEntry* Vocabulary::find(VocabKind kind, std::string_view name) const {
  const auto& map = by_key_[int(kind)];
  auto it = map.find(text::name_key(name));
  return it == map.end() ? nullptr : &lists_[int(kind)][it->second];
}

const VocabEntry* Vocabulary::by_id(VocabKind kind, std::string_view id) const {
  const auto& map = by_id_[int(kind)];
  auto it = map.find(std::string(id));
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
