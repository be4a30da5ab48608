// The translation stage of the driver: a book whose manifest has `translates`
// is compared with its source book, compiled once into the same SourceSet.
// Nothing here recurses: the source book is read as a book of its own
// (read_book), whatever its own manifest translates.
#include <algorithm>
#include <filesystem>
#include <string_view>

#include "compiler/driver/book_loader.hpp"
#include "compiler/translate/fallback.hpp"

namespace talebook {
namespace {

namespace fs = std::filesystem;

// The same file reached by another path (`../zh/book.json`, a symbolic link)
// has the same key.
std::string canonical_key(const std::string& path) {
  std::error_code ec;
  fs::path key = fs::weakly_canonical(path, ec);
  if (ec) key = fs::absolute(path, ec).lexically_normal();
  return key.string();
}

// Where findings about a manifest point: its `"translates"` entry (or
// another). The manifest is read into `sources` once.
SourceRange translates_entry(SourceSet& sources, const std::string& manifest,
                             std::string_view key = "\"translates\"") {
  std::uint32_t id = 0;
  for (std::uint32_t i = 1; i <= sources.size() && id == 0; ++i)
    if (sources.file(i).path() == manifest) id = i;
  if (id == 0) {
    std::string error;
    id = sources.load(manifest, error);
    if (id == 0) return {};
  }
  std::string_view text = sources.file(id).text();
  std::size_t at = text.find(key);
  if (at == std::string_view::npos) return {id, 0, 0};
  std::size_t end = text.find('\n', at);
  if (end == std::string_view::npos) end = text.size();
  while (end > at && (text[end - 1] == '\r' || text[end - 1] == ',' || text[end - 1] == ' '))
    --end;
  return {id, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(end)};
}

// Follows the chain of source books (manifests only) from the translation:
// true, with one TB0128, when it comes back to a manifest it has seen. A
// manifest that cannot be read ends the chain (the direct source's is TB0100).
bool report_cycle(Compilation& out) {
  std::vector<Manifest> chain{out.manifest};
  std::vector<std::string> seen{canonical_key(out.manifest.path)};
  while (!chain.back().translates.empty()) {
    Manifest next;
    if (!load_manifest(chain.back().translates, next).empty()) return false;
    auto repeat = std::find(seen.begin(), seen.end(), canonical_key(next.path));
    if (repeat == seen.end()) {
      seen.push_back(canonical_key(next.path));
      chain.push_back(std::move(next));
      continue;
    }
    // The cycle: chain[first] translates chain[first + 1] ... chain.back()
    // translates chain[first] again (`next`).
    std::size_t first = static_cast<std::size_t>(repeat - seen.begin());
    chain.push_back(std::move(next));
    Diagnostic& d = out.diagnostics.report(
        Code::translation_cycle, translates_entry(out.sources, chain[first].path),
        {arg::text(chain[first].path), arg::text(chain[first + 1].path)});
    for (std::size_t i = first + 1; i + 1 < chain.size(); ++i)
      d.note(Code::translates_link, translates_entry(out.sources, chain[i].path),
             {arg::text(chain[i].path), arg::text(chain[i + 1].path)});
    return true;
  }
  return false;
}

// The translation state next to the translation's manifest (TB0123, TB0124).
StateFile read_state_file(Compilation& out, SourceRange anchor) {
  StateFile file;
  file.path = state_path(out.manifest.dir);
  if (!fs::exists(file.path)) {
    out.diagnostics.report(Code::no_translation_state, anchor, {arg::text(file.path)});
  } else if (file.error = load_state(file.path, file.state); !file.error.empty()) {
    file.state = TranslationState();
    out.diagnostics.report(Code::bad_translation_state, anchor,
                           {arg::text(file.path), arg::text(file.error)});
  } else {
    file.read = true;
  }
  return file;
}

// A translation that must be complete: each fallback is an error, with a
// note that says why.
void refuse_fallbacks(Compilation& out, bool by_option) {
  SourceRange manifest = translates_entry(out.sources, out.manifest.path, "\"require_complete\"");
  for (Diagnostic& d : out.diagnostics.all())
    if (is_fallback_code(d.code)) {
      d.severity = Severity::Error;
      d.note(Code::translation_must_be_complete, by_option ? SourceRange{} : manifest,
             {arg::keyword(by_option ? "option" : "manifest")});
    }
}

} // namespace

void start_translation(Compilation& out, const CompileOptions& options) {
  if (report_cycle(out)) return;
  // The manifest is read before the source book's files (notes point into both).
  SourceRange anchor = translates_entry(out.sources, out.manifest.path);
  auto source = std::make_unique<CompiledBook>();
  if (!read_book(out.manifest.translates, out.sources, *source, options.jobs)) {
    out.diagnostics.report(Code::source_unreadable, anchor, {arg::text(out.manifest.translates)});
    return;
  }
  add_fallbacks(source->book, out.book, out.vocabulary);
  out.source = std::move(source);
}

void finish_translation(Compilation& out, const CompileOptions& options) {
  if (!out.source) return; // a cycle (TB0128) or an unreadable source (TB0100)
  SourceRange anchor = translates_entry(out.sources, out.manifest.path);
  const CompiledBook& source = *out.source;
  if (std::size_t errors = source.diagnostics.errors())
    out.diagnostics.report(Code::source_has_errors, anchor,
                           {arg::text(out.manifest.translates), errors});
  StateFile state = read_state_file(out, anchor);
  TranslationReport report = compare_translation(
      {source.book, out.book, out.sources, state.read ? &state.state : nullptr, anchor},
      out.diagnostics);
  report.state_file = std::move(state);
  out.translation = std::move(report);
  if (options.require_complete || out.manifest.require_complete)
    refuse_fallbacks(out, options.require_complete);
  out.diagnostics.sort();
}

} // namespace talebook
