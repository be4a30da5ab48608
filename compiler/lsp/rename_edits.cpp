#include "compiler/lsp/rename_edits.hpp"

#include <filesystem>

#include "compiler/text/files.hpp"
#include "compiler/translate/stale.hpp"

namespace talebook::lsp::renaming {

void refuse(const char* why, std::uint32_t paragraph, std::uint32_t cell, const std::string& name,
            const std::string& other, const char* kind) {
  throw RpcError{-32803, // LSP's RequestFailed
                 MessageText::RenameRefused,
                 {arg::keyword(why), paragraph, cell, cell == 0 ? 0 : cell - 1, cell + 1,
                  arg::name(name), arg::text(other), arg::keyword(kind)}};
}

// The translations of the book at `manifest` found beside it: the book.json
// files up to three folders below its folder's parent (not the root folder's;
// at most 20,000 entries looked at).
std::vector<std::string> translations_of(const std::string& manifest) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  const fs::path source = fs::weakly_canonical(manifest, ec);
  const fs::path root = fs::path(manifest).parent_path().parent_path();
  if (root.empty() || root == root.root_path()) return out; // never the whole disk
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  // At most so many entries: a book kept among many files is not searched forever.
  std::size_t seen = 0;
  for (; !ec && it != end && ++seen < 20000; it.increment(ec)) {
    const fs::path& p = it->path();
    const std::string name = p.filename().string();
    if (it->is_directory(ec) && (it.depth() >= 3 || name.empty() || name[0] == '.' ||
                                 name.rfind("build", 0) == 0 || name == "node_modules")) {
      it.disable_recursion_pending();
      continue;
    }
    if (name != "book.json") continue;
    Manifest m;
    if (!load_manifest(p.string(), m).empty() || m.translates.empty()) continue;
    if (fs::weakly_canonical(m.translates, ec) == source)
      out.push_back(fs::weakly_canonical(p, ec).string());
  }
  return out;
}

void keep_review_state(const LoadedBook& source, const std::vector<LoadedBook*>& books,
                       const std::map<std::uint32_t, std::uint32_t>& renamed, Changes& changes,
                       std::map<std::string, std::string>& texts) {
  // A source paragraph's text after the changes (its version for the review state).
  auto changed_text = [&](const Paragraph& p) {
    const SourceFile& file = source.compilation.sources.file(p.range.file);
    std::string text(file.text().substr(p.range.begin, p.range.end - p.range.begin));
    auto in = changes.find(file.path());
    if (in == changes.end()) return text;
    for (auto c = in->second.rbegin(); c != in->second.rend(); ++c)
      if (c->first >= p.range.begin && c->second.end <= p.range.end)
        text.replace(c->first - p.range.begin, c->second.end - c->first, c->second.text);
    return text;
  };
  // A translation's review state is kept by paragraph number (talec review):
  // renumbered, and a paragraph reviewed against the source as it is stays
  // reviewed against the source as the rename leaves it.
  for (std::size_t i = 1; i < books.size(); ++i) {
    const std::string path = state_path(books[i]->compilation.manifest.dir);
    TranslationState state;
    if (!std::filesystem::exists(path) || !load_state(path, state).empty()) continue;
    TranslationState next = state;
    next.reviewed.clear();
    for (const auto& [number, version] : state.reviewed) {
      const auto moved = renamed.find(number);
      const std::uint32_t now = moved == renamed.end() ? number : moved->second;
      std::string kept = version;
      if (const Paragraph* p = source.compilation.book.paragraph(number);
          p && version == paragraph_version(*p, source.compilation.sources))
        kept = paragraph_version(changed_text(*p));
      next.reviewed[now] = kept;
    }
    auto renumbered = [&](const std::string& context) {
      for (const auto& [old, now] : renamed) {
        const std::string key = "@" + std::to_string(old);
        if (context == key || context.rfind(key + " ", 0) == 0)
          return "@" + std::to_string(now) + context.substr(key.size());
      }
      return context;
    };
    next.units.clear();
    for (const auto& [context, unit] : state.units)
      next.units[renumbered(context)] = unit;
    next.comments.clear();
    for (const auto& [context, lines] : state.comments)
      next.comments[renumbered(context)] = lines;
    std::string bytes;
    if (!read_regular_file(path, bytes).empty()) continue;
    const std::string now = state_json(next);
    if (now == bytes) continue;
    changes[path].emplace(0, Change{static_cast<std::uint32_t>(bytes.size()), now});
    texts[path] = std::move(bytes);
  }
}

Json workspace_edit(const Changes& changes, const std::map<std::string, std::string>& texts,
                    Encoding encoding) {
  Json out = Json::object();
  for (const auto& [path, by_place] : changes) {
    const std::string& text = texts.at(path);
    Json list = Json::array();
    for (const auto& [begin, change] : by_place) {
      const Position a = position_of(text, begin, encoding);
      const Position b = position_of(text, change.end, encoding);
      list.push_back({{"range",
                       {{"start", {{"line", a.line}, {"character", a.character}}},
                        {"end", {{"line", b.line}, {"character", b.character}}}}},
                      {"newText", change.text}});
    }
    out[uri_of_path(path)] = list;
  }
  return {{"changes", out}};
}

} // namespace talebook::lsp::renaming
