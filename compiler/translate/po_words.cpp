// word_table and translate_words (po_words.hpp).
#include "compiler/translate/po_words.hpp"

#include <algorithm>
#include <filesystem>

namespace talebook {
namespace {

namespace fs = std::filesystem;

fs::path normal(const fs::path& p) {
  return fs::absolute(p).lexically_normal();
}

bool word_char(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool same_at(std::string_view text, std::size_t at, std::string_view form) {
  if (text.size() - at < form.size()) return false;
  for (std::size_t i = 0; i < form.size(); ++i)
    if (lower(text[at + i]) != lower(form[i])) return false;
  return true;
}

} // namespace

Words word_table(const FallbackBooks& books, const Book& translation) {
  Words words;
  for (VocabKind kind : {VocabKind::Skill, VocabKind::Status, VocabKind::Wealth, VocabKind::Heading,
                         VocabKind::Award, VocabKind::Terrain})
    for (const VocabEntry& e : books.source_vocabulary.entries(kind)) {
      const VocabEntry* to = books.translation_vocabulary.by_id(kind, e.id);
      const std::string name = to ? to->name : std::string();
      words.emplace_back(e.name, name);
      for (const std::string& alias : e.aliases)
        words.emplace_back(alias, name);
    }
  for (const Paragraph& s : books.source.paragraphs) {
    if (s.kind != ParagraphKind::Treasure && s.kind != ParagraphKind::Place &&
        s.kind != ParagraphKind::Quest)
      continue;
    const Paragraph* t = translation.paragraph(s.number);
    if (t && !t->name.empty() && !s.name.empty())
      words.emplace_back(std::string(s.name), std::string(t->name));
  }
  std::stable_sort(words.begin(), words.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  return words;
}

std::string translate_words(std::string_view text, const Words& words, std::string& missing) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    bool start = i == 0 || !word_char(static_cast<unsigned char>(text[i - 1]));
    const std::pair<std::string, std::string>* found = nullptr;
    if (start)
      for (const auto& w : words) {
        if (w.first.empty() || !same_at(text, i, w.first)) continue;
        std::size_t end = i + w.first.size();
        if (end < text.size() && word_char(static_cast<unsigned char>(text[end])) &&
            word_char(static_cast<unsigned char>(text[end - 1])))
          continue;
        found = &w;
        break;
      }
    if (found && found->second.empty() && missing.empty()) missing = found->first;
    if (found) {
      out += found->second.empty() ? found->first : found->second;
      i += found->first.size();
    } else {
      out += text[i++];
    }
  }
  return out;
}

std::string mirror_of(const SourceSet& sources, std::uint32_t file, const FallbackBooks& books) {
  const fs::path rel =
      normal(sources.file(file).path()).lexically_relative(normal(books.source_dir));
  const fs::path mirror = (fs::path(books.translation_dir) / rel).lexically_normal();
  if (rel.empty() || *rel.begin() == ".." || !books.reads(mirror.string())) return {};
  return mirror.string();
}

std::uint32_t file_of(const SourceSet& sources, const std::string& path) {
  for (std::uint32_t id = 1; id <= sources.size(); ++id)
    if (normal(sources.file(id).path()) == normal(path)) return id;
  return 0;
}

} // namespace talebook
