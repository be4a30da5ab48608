// talec po: a book's translatable text as a gettext PO file, and back.
#include <filesystem>
#include <iostream>
#include <optional>

#include "compiler/driver/book_po.hpp"
#include "tools/talec/commands.hpp"

namespace talec {
namespace {

const char* help = R"(usage: talec po export [options] BOOK [-o FILE]
       talec po import [options] FILE.po TRANSLATION

export  writes the translatable text of BOOK as gettext PO: for a source book
        a template (.pot, empty msgstr); for a translation a PO file whose
        msgstr are the translation's text, '#, fuzzy' where the translated
        unit is stale ('#| msgid' the source text it was reviewed with) or
        was never reviewed. One entry per paragraph's prose and per section's
        text; msgctxt says which ("@12", "@12 section 2"), '#.' notes what it
        is. Award codes, headings and other mechanics are never in the file;
        exporting over an earlier PO file keeps its '# ' comments. Default
        output: stdout.
import  writes the PO file's translations back into the translation's .tales
        files, replacing exactly the translated spans (comments, award codes,
        everything else stay byte for byte). Empty entries are left out, and
        fuzzy ones with a warning (TB0142). A msgstr that changes mechanics
        (award groups, references, headers) refuses the whole import; files
        are written all or none.
        Run 'talec review' afterwards to mark reviewed paragraphs current.

options:
  -o FILE, --output FILE       where export writes (never a file of the book: TB0053)
  --format, --werror, --color, --lang  as for 'talec check' (for diagnostics)
  -h, --help                   show this help

exit codes: 0 done, 1 the book or the PO file has errors, 2 usage or I/O failure.
)";

int export_po(const std::string& path, const std::string& output,
              const DiagnosticOptions& options) {
  talebook::Compilation book;
  if (!talebook::compile_book(path, book)) {
    print_diagnostics(book, options);
    return exit_usage;
  }
  if (talebook::book_errors(book.diagnostics)) {
    print_diagnostics(book, options);
    std::cerr << "talec po: error: fix the errors of '" << shown(path) << "' before exporting it\n";
    return exit_errors;
  }
  if (!book.manifest.translates.empty() && !book.translation) {
    // A translation whose source book cannot be compiled: diagnostics say why.
    print_diagnostics(book, options);
    return exit_usage;
  }
  std::optional<talebook::PoFile> earlier = talebook::read_earlier_po(output);
  std::string text = talebook::write_po(talebook::book_po(
      book, std::filesystem::current_path().string(), earlier ? &*earlier : nullptr));
  if (output.empty() || output == "-") {
    std::cout << text;
    return exit_ok;
  }
  if (refuse_output(output, book)) { // never over a file of the book (TB0053, TB0054)
    print_diagnostics(book, options);
    return exit_errors; // as build refuses
  }
  if (std::string error = talebook::write_file_atomically(output, text); !error.empty()) {
    std::cerr << "talec po: error: " << shown(error) << "\n";
    return exit_usage;
  }
  return exit_ok;
}

int import_po(const std::string& po_path, const std::string& path,
              const DiagnosticOptions& options) {
  talebook::Compilation translation;
  if (!talebook::compile_book(path, translation)) {
    print_diagnostics(translation, options);
    return exit_usage;
  }
  if (translation.manifest.translates.empty())
    return usage_error("po",
                       "'" + path + "' is not a translation (its book.json has no \"translates\")");
  if (talebook::book_errors(translation.diagnostics)) {
    print_diagnostics(translation, options);
    std::cerr << "talec po: error: fix the errors of '" << shown(path)
              << "' before importing into it\n";
    return exit_errors;
  }
  // From here on, only what the import finds is shown ('talec check' shows the rest).
  translation.diagnostics = talebook::Diagnostics();
  std::string error;
  std::uint32_t po_file = translation.sources.load(po_path, error);
  if (!po_file) {
    std::cerr << "talec po: error: " << shown(error) << '\n';
    return exit_usage;
  }
  const talebook::CompiledBook* source = translation.source.get();
  const talebook::PoImportPlan plan = talebook::plan_po_import(
      po_file, translation.sources, translation.book, source ? &source->book : nullptr,
      translation.translation ? &translation.translation->state_file : nullptr,
      translation.diagnostics);
  if (plan.stop != talebook::PoImportPlan::Stop::None) {
    print_diagnostics(translation, options);
    if (plan.stop == talebook::PoImportPlan::Stop::Refused)
      std::cerr << "talec po: error: '" << shown(po_path)
                << "' not imported: nothing was written\n";
    return exit_errors;
  }
  const talebook::PoImport& result = plan.result;
  // The translation as the import would leave it, compiled in memory first: an
  // import that would not check writes nothing.
  {
    talebook::Compilation after;
    if (talebook::compile_po_import(path, po_path, plan, after)) {
      print_diagnostics(translation, options);
      print_diagnostics(after, options);
      std::cerr << "talec po: error: '" << shown(po_path)
                << "' not imported: nothing was written\n";
      return exit_errors;
    }
  }
  if (std::string error = talebook::write_files_atomically(plan.writes); !error.empty()) {
    std::cerr << "talec po: error: " << shown(error) << "; nothing was written\n";
    return exit_usage;
  }
  if (options.werror) translation.diagnostics.promote_warnings();
  print_diagnostics(translation, options);
  // With --format json (or sarif), stdout holds the one document and nothing else.
  std::ostream& summary = options.format == "text" ? std::cout : std::cerr;
  summary << "imported " << result.changed << " changed, " << result.unchanged
          << " unchanged; left out " << result.fuzzy << " fuzzy, " << result.untranslated
          << " untranslated, " << result.skipped << " not applicable; " << result.files.size()
          << (result.files.size() == 1 ? " file" : " files") << " written\n";
  if (result.changed) summary << "next: 'talec check " << path << "', then 'talec review'\n";
  return exit_code(translation);
}

} // namespace

int cmd_po(const Args& args) {
  DiagnosticOptions options;
  std::vector<std::string> positional;
  std::string output;
  ArgScanner scan(args, "po", help, &options);
  for (std::string a; scan.next(a);) {
    if (scan.value(a, {"-o", "--output"}, output)) continue;
    if (scan.positional(a)) positional.push_back(a);
  }
  if (scan.done) return *scan.done;
  if (positional.empty()) return usage_error("po", "'export' or 'import'?");
  if (positional[0] == "export") {
    if (positional.size() != 2) return usage_error("po", "usage: talec po export BOOK [-o FILE]");
    return export_po(positional[1], output, options);
  }
  if (positional[0] == "import") {
    if (positional.size() != 3)
      return usage_error("po", "usage: talec po import FILE.po TRANSLATION");
    if (!output.empty())
      return usage_error("po", "import writes into the translation; '-o' is for export");
    return import_po(positional[1], positional[2], options);
  }
  return usage_error("po", "unknown subcommand '" + positional[0] + "' ('export' or 'import')");
}

} // namespace talec
