// Reading one book: manifest, vocabulary, sources; then parse, resolve, check.
#include "compiler/driver/book_loader.hpp"

#include <algorithm>
#include <filesystem>
#include <fnmatch.h>

#include <nlohmann/json.hpp>

#include "compiler/check/checks.hpp"
#include "compiler/model/json_input.hpp"
#include "compiler/parse/parser.hpp"
#include "compiler/resolve/resolver.hpp"
#include "compiler/translate/fallback.hpp"

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
  if (const nlohmann::json* value = json.member(j, "require_complete")) {
    if (!value->is_boolean()) return out.path + ": 'require_complete' must be true or false";
    out.require_complete = value->get<bool>();
  }
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
      if (!inside_book(glob)) return LoadError(Code::glob_outside_book, {arg::text(glob)});
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

namespace {

// Reads the manifest, the vocabulary and the sources into `sources`: false
// when the manifest or the vocabulary cannot be read. `read_all` is false when
// a source cannot be.
bool load_book(const std::string& path, SourceSet& sources, CompiledBook& out,
               std::vector<std::uint32_t>& ids, bool& read_all) {
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
  read_all = true;
  for (const std::string& file : source_files(out.manifest)) {
    std::string error;
    std::uint32_t id = sources.load(file, error);
    if (id == 0) {
      out.diagnostics.report(Code::cannot_read, {}, {arg::text(file), arg::text(error)});
      read_all = false;
      continue;
    }
    ids.push_back(id);
  }
  if (ids.empty() && read_all)
    out.diagnostics.report(
        Code::bad_manifest, {},
        {arg::text("no source file matches the 'sources' of '" + out.manifest.path + "'")});
  return true;
}

void parse_files(const std::vector<std::uint32_t>& ids, const SourceSet& sources,
                 CompiledBook& out) {
  for (std::uint32_t id : ids)
    parse_tales(id, sources, out.vocabulary, out.book, out.diagnostics);
}

// Parses, resolves and checks the files `ids` of `sources` as one book.
void compile_files(const std::vector<std::uint32_t>& ids, const SourceSet& sources,
                   CompiledBook& out) {
  parse_files(ids, sources, out);
  resolve_book(out.book, sources, out.vocabulary, out.diagnostics);
  check_book(out.book, sources, out.vocabulary, out.diagnostics);
  out.diagnostics.sort();
}

} // namespace

bool read_book(const std::string& path, SourceSet& sources, CompiledBook& out) {
  std::vector<std::uint32_t> ids;
  bool read_all = false;
  if (!load_book(path, sources, out, ids, read_all)) return false;
  compile_files(ids, sources, out);
  return read_all;
}

// A translation: its source book is compiled before the translation is
// resolved, so that what the translation lacks falls back to the source's
// (compiler/translate/fallback.hpp) before any reference is looked up.
bool compile_book(const std::string& path, Compilation& out, const CompileOptions& options) {
  std::vector<std::uint32_t> ids;
  bool read_all = false;
  if (!load_book(path, out.sources, out, ids, read_all)) return false;
  if (out.book.translates.empty()) {
    compile_files(ids, out.sources, out);
    return read_all;
  }
  parse_files(ids, out.sources, out);
  start_translation(out);
  resolve_book(out.book, out.sources, out.vocabulary, out.diagnostics);
  if (out.source) add_fallback_sections(out.source->book, out.book);
  check_book(out.book, out.sources, out.vocabulary, out.diagnostics);
  out.diagnostics.sort();
  finish_translation(out, options);
  return read_all;
}

void compile_loaded(Compilation& out) {
  std::vector<std::uint32_t> ids;
  for (std::uint32_t id = 1; id <= out.sources.size(); ++id)
    ids.push_back(id);
  compile_files(ids, out.sources, out);
}

} // namespace talebook
