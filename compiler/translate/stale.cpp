#include "compiler/translate/stale.hpp"

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "compiler/model/json_input.hpp"
#include "compiler/text/files.hpp"
#include "compiler/text/text.hpp"

namespace talebook {

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::string normalized_content(std::string_view text) {
  std::string kept;
  kept.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!text::is_comment_line(line)) {
      kept.append(line);
      kept += '\n';
    }
    pos = end + 1;
  }
  return text::collapse_space(text::to_nfc(kept));
}

std::string normalized_unit_text(std::string_view text) {
  return text::collapse_space(text::to_nfc(text));
}

std::string paragraph_version(std::string_view paragraph_text) {
  std::uint64_t hash = fnv1a64(normalized_content(paragraph_text));
  static const char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4)
    out[static_cast<std::size_t>(i)] = digits[hash & 0xF];
  return out;
}

std::string paragraph_version(const Paragraph& paragraph, const SourceSet& sources) {
  return paragraph_version(sources.text(paragraph.range));
}

std::string state_path(const std::string& translation_dir) {
  return (std::filesystem::path(translation_dir) / "translation-state.json").string();
}

std::string load_state(const std::string& path, TranslationState& out) {
  nlohmann::json document;
  if (LoadError error = read_json_object(path, document); !error.empty()) return error;
  out = {};
  JsonInput json(path);
  if (const nlohmann::json* source = json.member(document, "source"))
    if (!json.string(*source, "/source", out.source)) return json.error();
  const nlohmann::json* paragraphs = json.member(document, "paragraphs");
  if (!paragraphs || !paragraphs->is_object()) return "no 'paragraphs' object";
  for (auto it = paragraphs->begin(); it != paragraphs->end(); ++it) {
    const std::string& key = it.key();
    if (key.empty() || key.size() > 9 || key.find_first_not_of("0123456789") != std::string::npos)
      return "'" + key + "' is not a paragraph number";
    std::string version;
    if (!json.string(*it, JsonInput::pointer("/paragraphs", key), version)) return json.error();
    if (version.size() != 16) return "paragraph " + key + ": the version must be 16 hex digits";
    out.reviewed[static_cast<std::uint32_t>(std::stoul(key))] = version;
  }
  if (const nlohmann::json* units = json.member(document, "units")) {
    if (!units->is_object()) return "'units' is not an object";
    for (auto it = units->begin(); it != units->end(); ++it) {
      std::string at = JsonInput::pointer("/units", it.key());
      if (!it->is_object()) return "'" + it.key() + "': a unit is an object";
      ReviewedUnit unit;
      if (const nlohmann::json* text = json.member(*it, "text"))
        if (!json.string(*text, at + "/text", unit.text)) return json.error();
      if (const nlohmann::json* about = json.member(*it, "about"))
        if (!json.string(*about, at + "/about", unit.about)) return json.error();
      out.units[it.key()] = std::move(unit);
    }
  }
  if (const nlohmann::json* comments = json.member(document, "comments")) {
    if (!comments->is_object()) return "'comments' is not an object";
    for (auto it = comments->begin(); it != comments->end(); ++it) {
      if (!it->is_array()) return "'" + it.key() + "': comments are an array of strings";
      std::vector<std::string> lines;
      for (std::size_t i = 0; i < it->size(); ++i) {
        std::string line;
        if (!json.string((*it)[i],
                         JsonInput::pointer("/comments", it.key()) + "/" + std::to_string(i), line))
          return json.error();
        lines.push_back(std::move(line));
      }
      out.comments[it.key()] = std::move(lines);
    }
  }
  return {};
}

std::string state_json(const TranslationState& state) {
  // Written by hand so that paragraphs come in numeric order (diffs stay small).
  std::ostringstream out;
  out << "{\n  \"comment\": \"written by 'talec review': the source version each translated "
         "paragraph was last reviewed against\",\n";
  out << "  \"source\": " << nlohmann::json(state.source).dump() << ",\n";
  out << "  \"hash\": \"fnv1a-64\",\n";
  out << "  \"paragraphs\": {";
  bool first = true;
  for (const auto& [number, version] : state.reviewed) {
    out << (first ? "\n" : ",\n") << "    \"" << number << "\": " << nlohmann::json(version).dump();
    first = false;
  }
  out << (first ? "}" : "\n  }");
  if (!state.units.empty()) {
    out << ",\n  \"units\": {";
    first = true;
    for (const auto& [context, unit] : state.units) {
      nlohmann::json value = {{"text", unit.text}};
      if (!unit.about.empty()) value["about"] = unit.about;
      out << (first ? "\n" : ",\n") << "    " << nlohmann::json(context).dump() << ": "
          << value.dump();
      first = false;
    }
    out << "\n  }";
  }
  if (!state.comments.empty()) {
    out << ",\n  \"comments\": {";
    first = true;
    for (const auto& [context, lines] : state.comments) {
      out << (first ? "\n" : ",\n") << "    " << nlohmann::json(context).dump() << ": "
          << nlohmann::json(lines).dump();
      first = false;
    }
    out << "\n  }";
  }
  out << "\n}\n";
  return out.str();
}

std::string save_state(const std::string& path, const TranslationState& state) {
  return write_file_atomically(path, state_json(state));
}

} // namespace talebook
