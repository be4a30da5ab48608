// talec po: a book's translatable text as a gettext PO file, and back.
#include <filesystem>
#include <iostream>
#include <optional>

#include "compiler/driver/book_po.hpp"
#include "compiler/translate/po_files.hpp"
#include "compiler/translate/po_merge.hpp"
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
        is. Award codes, headings and other mechanics are never in the file.
        Exporting over an earlier PO file merges into it as msgmerge does:
        its msgstr not imported yet, '# ' comments and flags stay (fuzzy
        where the source text changed), entries of units the book no longer
        has stay as obsolete '#~' entries; a file there that is not PO is
        never written over (TB0125). Fallback paragraphs are empty entries.
        The file is what msgcat writes (79 columns); '#:' paths are relative
        to BOOK's folder. Default output: stdout.
import  writes the PO file's translations back into the translation's .tales
        files, replacing exactly the translated spans (comments, award codes,
        everything else stay byte for byte). Empty entries are left out, and
        fuzzy ones with a warning (TB0142). Filled entries of a fallback
        paragraph write it into the translation's file that mirrors the
        source's, in the translation's words (TB0090 when it has no word).
        A msgstr that changes mechanics (award groups, references, headers)
        refuses the whole import; files are written all or none (killed
        halfway, the next talec run completes or undoes it: TB0081).
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
  // `#:` paths are relative to the book's folder, wherever talec runs.
  std::string base = std::filesystem::absolute(book.manifest.dir).string();
  const bool to_stdout = output.empty() || output == "-";
  if (!to_stdout &&
      talebook::refuse_write(
          book, output,
          talebook::WriteScope::Output)) { // never over a file of the book (book_writes.hpp)
    print_diagnostics(book, options);
    return exit_errors; // as build refuses
  }
  // An earlier PO file is merged into, never replaced; one that is not PO is left alone.
  std::optional<talebook::PoFile> earlier;
  talebook::Diagnostics merging;
  if (!talebook::read_earlier_po(output, book.sources, merging, earlier)) {
    book.diagnostics = std::move(merging);
    print_diagnostics(book, options);
    std::cerr << "talec po: error: '" << shown(output)
              << "' is not written over: it is not a PO file that can be merged into (fix it, "
                 "or remove it to export afresh)\n";
    return exit_errors;
  }
  if (!book.manifest.translates.empty() && !book.translation) {
    // A translation whose source book cannot be compiled: diagnostics say why.
    print_diagnostics(book, options);
    return exit_usage;
  }
  talebook::PoFile po = talebook::book_po(book, base, earlier ? &*earlier : nullptr);
  talebook::PoMerge merge;
  // Over a translation's earlier PO file, what its translator wrote there stays (msgmerge).
  if (earlier && !book.manifest.translates.empty())
    merge = talebook::merge_earlier_po(*earlier, po);
  std::string text = talebook::write_po(po);
  if (to_stdout) {
    std::cout << text;
    return exit_ok;
  }
  if (std::string error = talebook::write_file_atomically(output, text); !error.empty()) {
    std::cerr << "talec po: error: " << shown(error) << "\n";
    return exit_usage;
  }
  if (merge.kept || merge.obsolete)
    std::cerr << "talec po: merged into '" << shown(output) << "': kept " << merge.kept
              << (merge.kept == 1 ? " translation" : " translations") << " not imported yet ("
              << merge.fuzzy << " fuzzy: their source changed), " << merge.obsolete
              << (merge.obsolete == 1 ? " obsolete entry" : " obsolete entries") << "\n";
  return exit_ok;
}

int import_po(const std::string& po_path, const std::string& path,
              const DiagnosticOptions& options) {
  // The translation is read, imported into and written under its lock: no
  // other talec reads it half-written or writes it meanwhile.
  talebook::BookLock lock;
  if (std::string busy = talebook::lock_book(path, lock); !busy.empty()) {
    std::cerr << "talec po: error: '" << shown(path) << "': " << busy << '\n';
    return exit_usage;
  }
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
  const talebook::PoImportPlan plan = talebook::plan_book_po_import(translation, po_file);
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
    if (talebook::compile_po_import(path, po_path, plan, translation.diagnostics, after)) {
      talebook::adopt_import_errors(translation, after); // one report
      print_diagnostics(translation, options);
      std::cerr << "talec po: error: '" << shown(po_path)
                << "' not imported: nothing was written\n";
      return exit_errors;
    }
  }
  // All or none, even when talec is killed halfway (the next run completes it).
  if (std::string error; !talebook::write_book_files(translation, "po import", plan.writes, error,
                                                     test_commit_step())) {
    print_diagnostics(translation, options);
    if (error.empty())
      std::cerr << "talec po: error: '" << shown(po_path)
                << "' not imported: nothing was written\n";
    else
      std::cerr << "talec po: error: " << shown(error) << '\n';
    return error.empty() ? exit_errors : exit_usage;
  }
  if (options.werror) translation.diagnostics.promote_warnings();
  print_diagnostics(translation, options);
  // With --format json (or sarif), stdout holds the one document and nothing else.
  std::ostream& summary = options.format == "text" ? std::cout : std::cerr;
  summary << "imported " << result.changed << " changed, " << result.unchanged
          << " unchanged; left out " << result.fuzzy << " fuzzy, " << result.untranslated
          << " untranslated, " << result.skipped << " not applicable; "
          << result.files.size() + result.created.size()
          << (result.files.size() + result.created.size() == 1 ? " file" : " files")
          << " written\n";
  if (!result.paragraphs.empty() || !result.blocks.empty()) {
    const std::size_t paragraphs = result.paragraphs.size(), blocks = result.blocks.size();
    summary << "wrote ";
    if (paragraphs) summary << paragraphs << (paragraphs == 1 ? " paragraph" : " paragraphs");
    if (paragraphs && blocks) summary << " and ";
    if (blocks) summary << blocks << (blocks == 1 ? " matrix or card" : " matrices and cards");
    summary << " that fell back to the source (";
    for (std::size_t i = 0; i < paragraphs; ++i)
      summary << (i ? ", @" : "@") << result.paragraphs[i];
    for (std::size_t i = 0; i < blocks; ++i)
      summary << (i || paragraphs ? ", " : "") << result.blocks[i];
    summary << ")";
    if (!result.created.empty())
      summary << ", in " << result.created.size() << " new file"
              << (result.created.size() == 1 ? "" : "s");
    summary << "\n";
  }
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
