#include "compiler/driver/book_po.hpp"

#include <map>
#include <optional>

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

std::size_t compile_po_import(const std::string& path, const std::string& po_path,
                              const PoImportPlan& plan, Compilation& after) {
  std::map<std::string, std::string> overlay;
  for (const FileWrite& w : plan.writes)
    overlay[w.path] = w.bytes;
  compile_book_over(path, overlay, after);
  const std::size_t errors = book_errors(after.diagnostics);
  if (errors) {
    std::string load_error;
    // At the PO file's start when it can be read again; with no place if not.
    const std::uint32_t po_file = after.sources.load(po_path, load_error);
    after.diagnostics.report(Code::po_import_breaks_book, {po_file, 0, 0}, {errors});
  }
  return errors;
}

} // namespace talebook
