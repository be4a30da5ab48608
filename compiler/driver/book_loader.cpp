// Loading a book: manifest, vocabulary, sources; then parse and check.
#include "compiler/driver/book_loader.hpp"

#include <algorithm>
#include <filesystem>
#include <fnmatch.h>

#include <nlohmann/json.hpp>

#include "compiler/check/checks.hpp"
#include "compiler/model/json_input.hpp"
#include "compiler/parse/parser.hpp"
#include "compiler/translate/translation.hpp"

namespace talebook {

namespace fs = std::filesystem;

namespace {

// A source pattern must name files inside the book's folder: relative, and
// without a '..' step.
bool inside_book(const std::string& glob) {
  fs::path pattern(glob);
  if (pattern.is_absolute() || pattern.has_root_name()) return false;
  for (const fs::path& step : pattern)
    if (step == "..") return false;
  return true;
}

} // namespace

LoadError load_manifest(const std::string& path, Manifest& out) {
  fs::path p(path);
  std::error_code ec;
  if (fs::is_directory(p, ec)) p /= "book.json";
  if (!fs::exists(p, ec)) return "no book manifest at '" + p.string() + "'";
  nlohmann::json j;
  if (LoadError error = read_json_object(p.string(), j); !error.empty()) return error;
  out.path = p.string();
  out.dir = p.parent_path().empty() ? "." : p.parent_path().string();
  JsonInput json(out.path);
  for (auto [key, field] : {std::pair<const char*, std::string*>{"title", &out.title},
                            {"language", &out.language},
                            {"vocabulary", &out.vocabulary},
                            {"translates", &out.translates}})
    if (const nlohmann::json* value = json.member(j, key))
      if (!json.string(*value, JsonInput::pointer("", key), *field)) return json.error();
  if (out.language.empty()) return out.path + ": 'language' is missing";
  if (out.vocabulary.empty()) return out.path + ": 'vocabulary' is missing";
  out.vocabulary = (fs::path(out.dir) / out.vocabulary).lexically_normal().string();
  if (!out.translates.empty())
    out.translates = (fs::path(out.dir) / out.translates).lexically_normal().string();
  out.sources.clear();
  const nlohmann::json* sources = json.member(j, "sources");
  if (!sources) {
    out.sources.push_back("*.tales");
  } else {
    if (!json.array(*sources, "/sources")) return json.error();
    for (std::size_t i = 0; i < sources->size(); ++i) {
      std::string glob;
      if (!json.string((*sources)[i], JsonInput::pointer("/sources", i), glob)) return json.error();
      if (!inside_book(glob))
        return LoadError(Code::glob_outside_book, {glob},
                         out.path + ": source pattern '" + glob + "' leaves the book folder");
      out.sources.push_back(glob);
    }
  }
  return {};
}

std::vector<std::string> source_files(const Manifest& manifest) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const std::string& glob : manifest.sources) {
    fs::path pattern(glob);
    fs::path dir = fs::path(manifest.dir) / pattern.parent_path();
    std::string leaf = pattern.filename().string();
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      if (fnmatch(leaf.c_str(), it->path().filename().string().c_str(), FNM_PERIOD) == 0)
        files.push_back(it->path().lexically_normal().string());
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

bool compile_book(const std::string& path, Compilation& out) {
  if (LoadError e = load_manifest(path, out.manifest); !e.empty()) {
    out.diagnostics.report(e.code, {}, e.args);
    return false;
  }
  if (LoadError e = out.vocabulary.load_file(out.manifest.vocabulary); !e.empty()) {
    out.diagnostics.report(e.code, {}, e.args);
    return false;
  }
  out.book.title = out.manifest.title;
  out.book.language = out.manifest.language;
  out.book.translates = out.manifest.translates;
  std::vector<std::uint32_t> ids;
  bool read_all = true;
  for (const std::string& file : source_files(out.manifest)) {
    std::string error;
    std::uint32_t id = out.sources.load(file, error);
    if (id == 0) {
      out.diagnostics.report(Code::cannot_read, {}, {file, error});
      read_all = false;
      continue;
    }
    ids.push_back(id);
  }
  if (ids.empty() && read_all)
    out.diagnostics.report(Code::bad_manifest, {},
                           {"no source file matches the 'sources' of '" + out.manifest.path + "'"});
  compile_loaded(out);
  if (!out.manifest.translates.empty()) {
    check_translation(out); // compares with the source book (compiler/translation.hpp)
    out.diagnostics.sort();
  }
  return read_all;
}

void compile_loaded(Compilation& out) {
  BookNames names;
  for (std::uint32_t id = 1; id <= out.sources.size(); ++id)
    collect_names(out.sources.file(id).text(), names);
  for (std::uint32_t id = 1; id <= out.sources.size(); ++id)
    parse_tales(id, out.sources, out.vocabulary, names, out.book, out.diagnostics);
  out.book.index();
  link_book(out.book);
  check_book(out.book, out.sources, out.vocabulary, out.diagnostics);
  out.diagnostics.sort();
}

} // namespace talebook
