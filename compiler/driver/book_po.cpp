#include "compiler/driver/book_po.hpp"

#include <map>
#include <optional>
#include <set>
#include <utility>

namespace talebook {

PoFile book_po(const Compilation& book, const std::string& base, const PoFile* earlier) {
  PoFile po;
  if (book.manifest.translates.empty())
    po = export_po(
        {book.book, book.sources, nullptr, nullptr, nullptr, base, po_creation_date(), earlier});
  else
    po = export_po({book.source->book, book.sources, &book.book, &book.sources, &*book.translation,
                    base, po_creation_date(), earlier});
  if (earlier) keep_translator_fields(*earlier, po);
  return po;
}

PoImportPlan plan_book_po_import(Compilation& translation, std::uint32_t po_file) {
  const CompiledBook* source = translation.source.get();
  std::optional<FallbackBooks> books;
  if (source)
    books.emplace(FallbackBooks{source->book, source->vocabulary, source->manifest.dir,
                                translation.manifest.dir, translation.vocabulary,
                                [&manifest = translation.manifest](const std::string& file) {
                                  return reads_source_file(manifest, file);
                                }});
  return plan_po_import(po_file, translation.sources, translation.book,
                        source ? &source->book : nullptr,
                        translation.translation ? &translation.translation->state_file : nullptr,
                        translation.diagnostics, books ? &*books : nullptr);
}

namespace {

// The errors of `after` that `before` does not have. A translation finding is
// matched by its code and message (its place moves with the import's edits);
// the book's own errors are all new (an import starts from a book without).
std::size_t new_errors(const Diagnostics& before, const Diagnostics& after) {
  std::multiset<std::pair<Code, std::string>> had;
  for (const Diagnostic& d : before.all())
    if (d.severity == Severity::Error && is_translation_code(d.code))
      had.insert({d.code, d.message});
  std::size_t count = 0;
  for (const Diagnostic& d : after.all()) {
    if (d.severity != Severity::Error) continue;
    if (is_translation_code(d.code))
      if (auto it = had.find({d.code, d.message}); it != had.end()) {
        had.erase(it);
        continue;
      }
    ++count;
  }
  return count;
}

} // namespace

std::size_t compile_po_import(const std::string& path, const std::string& po_path,
                              const PoImportPlan& plan, const Diagnostics& before,
                              Compilation& after) {
  std::map<std::string, std::string> overlay;
  for (const FileWrite& w : plan.writes)
    overlay[w.path] = w.bytes;
  compile_book_over(path, overlay, after);
  const std::size_t errors = new_errors(before, after.diagnostics);
  if (errors) {
    std::string load_error;
    // At the PO file's start when it can be read again; with no place if not.
    const std::uint32_t po_file = after.sources.load(po_path, load_error);
    after.diagnostics.report(Code::po_import_breaks_book, {po_file, 0, 0}, {errors});
  }
  return errors;
}

void adopt_import_errors(Compilation& translation, const Compilation& after) {
  std::map<std::uint32_t, std::uint32_t> ids; // after's file id -> translation's
  auto moved = [&](SourceRange r) {
    if (r.file == 0 || r.file > after.sources.size()) return SourceRange{};
    auto [it, added] = ids.emplace(r.file, 0);
    if (added)
      it->second = translation.sources.add(after.sources.file(r.file).path(),
                                           std::string(after.sources.file(r.file).text()));
    r.file = it->second;
    return r;
  };
  for (const Diagnostic& d : after.diagnostics.all()) {
    if (d.severity != Severity::Error) continue; // its warnings are the translation's own
    Diagnostic copy = d;
    copy.range = moved(d.range);
    for (Note& n : copy.notes)
      n.range = moved(n.range);
    translation.diagnostics.all().push_back(std::move(copy));
  }
}

} // namespace talebook
