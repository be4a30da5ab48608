// Reading one book: manifest, vocabulary, sources; then parse, resolve, check.
#include "compiler/driver/book_loader.hpp"

#include <algorithm>
#include <filesystem>
#include <fnmatch.h>
#include <functional>
#include <span>

#include <nlohmann/json.hpp>

#include "compiler/check/checks.hpp"
#include "compiler/driver/installed_vocabularies.hpp"
#include "compiler/driver/stages.hpp"
#include "compiler/driver/workers.hpp"
#include "compiler/graph/book_graph.hpp"
#include "compiler/model/json_input.hpp"
#include "compiler/resolve/resolver.hpp"
#include "compiler/text/book_lock.hpp"
#include "compiler/text/journal.hpp"
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

// True when `file` is reached through a symbolic link (to the file or to a
// folder on its way) whose target lies outside the book folder `dir`: such a
// file is not read.
bool links_outside(const std::string& file, const std::string& dir) {
  std::error_code ec;
  fs::path target = fs::weakly_canonical(file, ec);
  fs::path root = fs::weakly_canonical(dir.empty() ? "." : dir, ec);
  auto [r, t] = std::mismatch(root.begin(), root.end(), target.begin(), target.end());
  return r != root.end();
}

// The file `path` among `sources`, added when it is not there yet: 0 when it
// cannot be read.
std::uint32_t file_id(SourceSet& sources, const std::string& path) {
  for (std::uint32_t id = 1; id <= sources.size(); ++id)
    if (sources.file(id).path() == path) return id;
  std::string error;
  return sources.load(path, error);
}

// Where `e` points (LoadError::file): its file joins `sources`, so that the
// diagnostic shows the line. On one line: a value that spans several is shown
// by its first.
SourceRange where(SourceSet& sources, const LoadError& e) {
  if (e.file.empty()) return {};
  std::uint32_t id = file_id(sources, e.file);
  if (id == 0) return {};
  std::string_view text = sources.file(id).text();
  JsonSpan span;
  if (e.offset != LoadError::no_offset)
    span = {std::min(e.offset, text.size()), std::min(e.offset + 1, text.size())};
  else
    span = json_span(text, e.pointer);
  std::size_t line_end = text.find_first_of("\r\n", span.begin);
  span.end = std::min(span.end, std::min(line_end, text.size()));
  return {id, static_cast<std::uint32_t>(span.begin), static_cast<std::uint32_t>(span.end)};
}

// The manifest's "sources" glob that matched `file` ("/sources/1"), so that a
// source that cannot be read points into book.json; "/sources" if none did (a
// manifest without "sources" is pointed at as a whole).
std::string source_pointer(const Manifest& manifest, const std::string& file) {
  fs::path f = fs::path(file).lexically_normal();
  for (std::size_t i = 0; i < manifest.sources.size(); ++i) {
    fs::path pattern(manifest.sources[i]);
    fs::path dir = fs::path(manifest.dir) / pattern.parent_path();
    if ((dir / f.filename()).lexically_normal() == f &&
        fnmatch(pattern.filename().string().c_str(), f.filename().string().c_str(), FNM_PERIOD) ==
            0)
      return "/sources/" + std::to_string(i);
  }
  return "/sources";
}

// The counts of `key` ("deck", "tiles"): an object whose members are `names`.
LoadError read_counts(JsonInput& json, const nlohmann::json& j, const std::string& path,
                      const char* key, std::span<const std::string_view> names,
                      std::span<std::uint32_t> counts, bool& has) {
  const nlohmann::json* value = json.member(j, key);
  if (!value) return {};
  if (!json.object(*value, JsonInput::pointer("", key))) return json.error();
  has = true;
  std::fill(counts.begin(), counts.end(), UINT32_MAX); // a stack it does not state: unchecked
  for (const auto& [member, count] : value->items()) {
    const std::string at = JsonInput::pointer(JsonInput::pointer("", key), member);
    auto name = std::find(names.begin(), names.end(), member);
    LoadError error;
    if (name == names.end())
      error = LoadError(
          Code::game_manifest,
          {arg::keyword(std::string_view(key) == "deck" ? "deck" : "tiles"), arg::text(member)});
    else if (!count.is_number_unsigned() || count.get<std::uint64_t>() > 999)
      error = LoadError(Code::game_manifest, {arg::keyword("count"), arg::text(member)});
    else
      counts[static_cast<std::size_t>(name - names.begin())] =
          static_cast<std::uint32_t>(count.get<std::uint64_t>());
    if (!error.empty()) {
      error.file = path, error.pointer = at;
      return error;
    }
  }
  return {};
}

// The game a manifest's "game" names: "morgenland" or "shahrazad" (not
// "tales": a Book of Tales says no "game").
std::optional<GameKind> game_named(std::string_view name) {
  if (name == "morgenland") return GameKind::morgenland;
  if (name == "shahrazad") return GameKind::shahrazad;
  return std::nullopt;
}

// A game's keys (docs/games.md): "game", "deck", "named", "tiles".
LoadError read_game(JsonInput& json, const nlohmann::json& j, Manifest& out) {
  if (const nlohmann::json* value = json.member(j, "game")) {
    std::string game;
    if (!json.string(*value, "/game", game)) return json.error();
    const std::optional<GameKind> kind = game_named(game);
    if (!kind) {
      LoadError error(Code::game_manifest, {arg::keyword("game"), arg::text(game)});
      error.file = out.path, error.pointer = "/game";
      return error;
    }
    out.game = *kind;
  }
  if (LoadError e =
          read_counts(json, j, out.path, "deck", deck_class_names, out.deck, out.has_deck);
      !e.empty())
    return e;
  if (LoadError e =
          read_counts(json, j, out.path, "tiles", tile_colour_names, out.tiles, out.has_tiles);
      !e.empty())
    return e;
  out.named.clear();
  if (const nlohmann::json* named = json.member(j, "named")) {
    if (!json.array(*named, "/named")) return json.error();
    for (std::size_t i = 0; i < named->size(); ++i) {
      std::string name;
      if (!json.string((*named)[i], JsonInput::pointer("/named", i), name)) return json.error();
      out.named.push_back(name);
    }
  }
  return {};
}

// The game of the book `out` translates (its "translates", as written): a
// translation is its source's game.
GameKind translated_game(const Manifest& out) {
  if (out.translates.empty()) return GameKind::tales;
  nlohmann::json source;
  const fs::path path = fs::path(out.dir) / out.translates;
  if (!read_json_object(path.string(), source).empty() || !source.is_object())
    return GameKind::tales;
  const auto game = source.find("game");
  if (game == source.end() || !game->is_string()) return GameKind::tales;
  return game_named(game->get<std::string>()).value_or(GameKind::tales);
}

} // namespace

LoadError load_manifest(const std::string& path, Manifest& out) {
  fs::path p(path);
  std::error_code ec;
  if (fs::is_directory(p, ec)) p /= "book.json";
  if (!fs::exists(p, ec)) return LoadError(Code::no_manifest, {arg::text(p.string())});
  nlohmann::json j;
  if (LoadError error = read_json_object(p.string(), j); !error.empty()) return error;
  out.path = p.string();
  out.dir = p.parent_path().empty() ? "." : p.parent_path().string();
  JsonInput json(out.path);
  if (const nlohmann::json* value = json.member(j, "require_complete")) {
    if (!json.boolean(*value, "/require_complete", out.require_complete)) return json.error();
  }
  for (auto [key, field] : {std::pair<const char*, std::string*>{"title", &out.title},
                            {"language", &out.language},
                            {"vocabulary", &out.vocabulary},
                            {"translates", &out.translates}})
    if (const nlohmann::json* value = json.member(j, key))
      if (!json.string(*value, JsonInput::pointer("", key), *field)) return json.error();
  if (LoadError e = read_game(json, j, out); !e.empty()) return e;
  // A game (or a translation of one) needs no vocabulary of its own: its
  // markup is the format's; it reads with its language's installed one, or English's.
  if (out.game == GameKind::tales) out.game = translated_game(out);
  bool installed = false;
  if (out.vocabulary.empty() && !out.language.empty() && out.game != GameKind::tales) {
    out.vocabulary = installed_vocabulary(out.language.substr(0, out.language.find('-')));
    if (out.vocabulary.empty()) out.vocabulary = installed_vocabulary("en");
    installed = !out.vocabulary.empty();
  }
  for (auto [key, field] : {std::pair<const char*, std::string*>{"language", &out.language},
                            {"vocabulary", &out.vocabulary}})
    if (field->empty()) {
      LoadError error(Code::manifest_key_missing, {std::string(key)});
      error.file = out.path, error.pointer = JsonInput::pointer("", key);
      return error;
    }
  // "vocabulary": "en" names an installed vocabulary (unless the book has a
  // file of that name); any other value is a path relative to the manifest.
  fs::path own = fs::path(out.dir) / out.vocabulary;
  if (installed) {
    // read_game found it installed: a path already
  } else if (names_language(out.vocabulary) && !fs::exists(own, ec)) {
    std::string installed = installed_vocabulary(out.vocabulary);
    if (installed.empty()) {
      std::vector<std::string> languages = installed_languages();
      std::string list;
      for (const std::string& l : languages)
        list += (list.empty() ? "" : ", ") + l;
      LoadError error(Code::vocabulary_not_installed,
                      {arg::text(out.vocabulary), languages.size(), arg::text(list)});
      error.file = out.path, error.pointer = "/vocabulary";
      return error;
    }
    out.vocabulary = installed;
  } else {
    out.vocabulary = own.lexically_normal().string();
  }
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
      if (!inside_book(glob)) {
        LoadError error(Code::glob_outside_book, {arg::text(glob)});
        error.file = out.path, error.pointer = JsonInput::pointer("/sources", i);
        return error;
      }
      out.sources.push_back(glob);
    }
  }
  out.entry_points.clear();
  if (const nlohmann::json* entries = json.member(j, "entry_points")) {
    if (!json.array(*entries, "/entry_points")) return json.error();
    for (std::size_t i = 0; i < entries->size(); ++i) {
      const nlohmann::json& entry = (*entries)[i];
      std::string written;
      if (entry.is_number_unsigned())
        written = std::to_string(entry.get<std::uint64_t>()); // 635 as well as "635"
      else if (!json.string(entry, JsonInput::pointer("/entry_points", i), written))
        return json.error();
      out.entry_points.push_back(written);
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

bool reads_source_file(const Manifest& manifest, const std::string& path) {
  const fs::path file = fs::absolute(path).lexically_normal();
  for (const std::string& glob : manifest.sources) {
    fs::path pattern(glob);
    fs::path dir = fs::absolute(fs::path(manifest.dir) / pattern.parent_path()).lexically_normal();
    if ((dir / file.filename()).lexically_normal() == file &&
        fnmatch(pattern.filename().string().c_str(), file.filename().string().c_str(),
                FNM_PERIOD) == 0)
      return true;
  }
  return false;
}

namespace {

// Takes the book's lock shared (`lock` holds it until the caller's reads are
// done), then completes or undoes what a killed write left (journal.hpp),
// with the lock exclusive meanwhile: false when the lock cannot be had or the
// book stays half-written.
bool lock_and_recover(SourceSet& sources, CompiledBook& out, BookLock& lock) {
  LoadError e;
  e.file = out.manifest.path;
  if (std::string busy = lock.acquire(out.manifest.path, BookLock::Mode::Shared); !busy.empty()) {
    e = LoadError(Code::cannot_read, {arg::text(out.manifest.path), arg::text(busy)});
    e.file = out.manifest.path;
    out.diagnostics.report(e.code, where(sources, e), e.args);
    return false;
  }
  if (!write_interrupted(out.manifest.dir)) return true;
  BookLock writing; // this process's shared lock, exclusive while the book is put right
  if (std::string busy = writing.acquire(out.manifest.path, BookLock::Mode::Exclusive);
      !busy.empty()) {
    e = LoadError(Code::cannot_read, {arg::text(out.manifest.path), arg::text(busy)});
    e.file = out.manifest.path;
    out.diagnostics.report(e.code, where(sources, e), e.args);
    return false;
  }
  const Recovery r = recover_writes(out.manifest.dir);
  switch (r.state) {
  case Recovery::State::None:
    return true;
  case Recovery::State::Failed:
    e = LoadError(
        Code::write_half_applied,
        {r.command.empty() ? arg::keyword("unknown") : arg::text(r.command), arg::text(r.error)});
    break;
  case Recovery::State::Completed:
  case Recovery::State::RolledBack:
    e = LoadError(Code::write_recovered,
                  {arg::text(r.command),
                   arg::keyword(r.command.empty()                       ? "unknown"
                                : r.state == Recovery::State::Completed ? "completed"
                                                                        : "rolled_back"),
                   r.files});
    break;
  }
  e.file = out.manifest.path, e.offset = 0; // the book as a whole: its manifest's start
  out.diagnostics.report(e.code, where(sources, e), e.args);
  return r.state != Recovery::State::Failed;
}

// Reads the manifest, the vocabulary and the sources into `sources` under the
// book's lock (`lock`, held after): false when the manifest or the vocabulary
// cannot be read. `read_all` is false when a source cannot be. The files are
// read on up to `jobs` threads, then added to `sources` and reported on in
// file order.
bool load_book(const std::string& path, SourceSet& sources, CompiledBook& out,
               std::vector<std::uint32_t>& ids, bool& read_all, unsigned jobs, BookLock& lock) {
  if (LoadError e = load_manifest(path, out.manifest); !e.empty()) {
    out.diagnostics.report(e.code, where(sources, e), e.args);
    return false;
  }
  if (!lock_and_recover(sources, out, lock)) return false;
  if (LoadError e = out.vocabulary.load_file(out.manifest.vocabulary); !e.empty()) {
    if (e.file.empty()) // it cannot be read: the manifest's line that names it
      e.file = out.manifest.path, e.pointer = "/vocabulary";
    out.diagnostics.report(e.code, where(sources, e), e.args);
    return false;
  }
  out.book.title = out.manifest.title;
  out.book.language = out.manifest.language;
  out.book.translates = out.manifest.translates;
  out.book.entry_points = out.manifest.entry_points;
  out.book.game.game = out.manifest.game;
  GameManifest& game = out.book.game.manifest;
  game.has_deck = out.manifest.has_deck, game.deck = out.manifest.deck;
  game.has_tiles = out.manifest.has_tiles, game.tiles = out.manifest.tiles;
  for (const std::string& name : out.manifest.named)
    game.named.push_back({out.book.keep(name), {}, UINT32_MAX});
  read_all = true;
  std::vector<std::string> files = source_files(out.manifest);
  // Files an overlay adds (an import's new file) are read as if they were there.
  if (const auto* overlay = sources.overlay()) {
    for (const auto& [file, text] : *overlay)
      if (!fs::exists(file) && reads_source_file(out.manifest, file)) files.push_back(file);
    std::sort(files.begin(), files.end());
    files.erase(std::unique(files.begin(), files.end()), files.end());
  }
  struct Read {
    bool outside = false;
    std::string error;
    std::string text;
  };
  std::vector<Read> reads(files.size());
  for_each_index(files.size(), jobs, [&](std::size_t i) {
    reads[i].outside = links_outside(files[i], out.manifest.dir);
    if (!reads[i].outside) reads[i].error = sources.read(files[i], reads[i].text);
  });
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (reads[i].outside) {
      LoadError e(Code::source_link_outside, {arg::text(files[i])});
      e.file = out.manifest.path, e.pointer = source_pointer(out.manifest, files[i]);
      out.diagnostics.report(e.code, where(sources, e), e.args);
      read_all = false;
    } else if (!reads[i].error.empty()) {
      LoadError e(Code::cannot_read, {arg::text(files[i]), arg::text(reads[i].error)});
      e.file = out.manifest.path, e.pointer = source_pointer(out.manifest, files[i]);
      out.diagnostics.report(e.code, where(sources, e), e.args);
      read_all = false;
    } else {
      ids.push_back(sources.add(files[i], std::move(reads[i].text)));
    }
  }
  if (ids.empty() && read_all) {
    LoadError e(Code::no_source_files, {arg::text(out.manifest.path)});
    e.file = out.manifest.path, e.pointer = "/sources"; // the manifest's object when it has none
    out.diagnostics.report(e.code, where(sources, e), e.args);
  }
  return true;
}

// Parses, resolves and checks the files `ids` of `sources` as one book.
// `incremental`: where to keep what recheck_file needs (CompileOptions::incremental).
// Whether a compile with `options` is to stop here (Compilation::cancelled).
bool stop(const CompileOptions& options, Compilation& out) {
  if (options.cancel && options.cancel->load(std::memory_order_relaxed)) out.cancelled = true;
  return out.cancelled;
}

// Parses, resolves and checks; `cancel` (when given) may stop it between stages.
void compile_files(const std::vector<std::uint32_t>& ids, const SourceSet& sources,
                   CompiledBook& out, unsigned jobs, Compilation* incremental = nullptr,
                   const std::function<bool()>& cancel = nullptr) {
  jobs = jobs_for(jobs, ids, sources);
  parse_files(ids, sources, out, jobs);
  if (cancel && cancel()) return;
  resolve_book(out.book, sources, out.vocabulary, out.diagnostics);
  if (incremental) incremental->front = out.diagnostics.all();
  if (cancel && cancel()) return;
  check_resolved(out, sources, jobs, incremental ? &incremental->paragraph_reports : nullptr);
  out.diagnostics.sort();
}

// What a game's manifest states against its deck or tile set (TB0402,
// TB0405, TB0411): reported in book.json, which joins `sources` only then.
void check_manifest(CompiledBook& out, SourceSet& sources) {
  if (out.book.game.game == GameKind::tales) return;
  check_game_manifest(out.book, out.diagnostics, [&](const std::string& pointer) {
    LoadError e;
    e.file = out.manifest.path, e.pointer = pointer;
    return where(sources, e);
  });
  out.diagnostics.sort();
}

} // namespace

bool read_book(const std::string& path, SourceSet& sources, CompiledBook& out, unsigned jobs) {
  std::vector<std::uint32_t> ids;
  bool read_all = false;
  BookLock lock;
  if (!load_book(path, sources, out, ids, read_all, jobs, lock)) return false;
  lock.release(); // every file is read
  compile_files(ids, sources, out, jobs);
  check_manifest(out, sources);
  return read_all;
}

// A translation: its source book is compiled before the translation is
// resolved, so that what the translation lacks falls back to the source's
// (compiler/translate/fallback.hpp) before any reference is looked up.
bool compile_book(const std::string& path, Compilation& out, const CompileOptions& options) {
  std::vector<std::uint32_t> ids;
  bool read_all = false;
  BookLock lock; // until the translation's state is read too
  if (!load_book(path, out.sources, out, ids, read_all, options.jobs, lock)) return false;
  if (stop(options, out)) return read_all;
  if (out.book.translates.empty()) {
    lock.release(); // every file is read
    compile_files(ids, out.sources, out, options.jobs,
                  options.incremental && read_all ? &out : nullptr,
                  [&] { return stop(options, out); });
    if (!out.cancelled) check_manifest(out, out.sources);
    return read_all;
  }
  unsigned jobs = jobs_for(options.jobs, ids, out.sources);
  parse_files(ids, out.sources, out, jobs);
  if (stop(options, out)) return read_all;
  start_translation(out, options);
  if (out.source) out.book.game.game = out.source->book.game.game; // its source's game
  if (stop(options, out)) return read_all;
  resolve_book(out.book, out.sources, out.vocabulary, out.diagnostics);
  if (out.source) add_fallback_sections(out.source->book, out.book);
  if (stop(options, out)) return read_all;
  check_resolved(out, out.sources, jobs);
  out.diagnostics.sort();
  if (stop(options, out)) return read_all;
  finish_translation(out, options);
  return read_all;
}

bool compile_book_over(const std::string& path, const std::map<std::string, std::string>& files,
                       Compilation& out, const CompileOptions& options) {
  out.sources.set_overlay(&files);
  const bool read = compile_book(path, out, options);
  out.sources.set_overlay(nullptr);
  return read;
}

void compile_loaded(Compilation& out, unsigned jobs) {
  std::vector<std::uint32_t> ids;
  for (std::uint32_t id = 1; id <= out.sources.size(); ++id)
    ids.push_back(id);
  compile_files(ids, out.sources, out, jobs);
}

const BookGraph& book_graph(CompiledBook& book) {
  if (!book.graph) book.graph = std::make_shared<const BookGraph>(book.book);
  return *book.graph;
}

} // namespace talebook
