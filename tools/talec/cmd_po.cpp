// talec po: a book's translatable text as a gettext PO file, and back.
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <optional>

#include "compiler/text/files.hpp"
#include "compiler/translate/po_book.hpp"
#include "compiler/translate/stale.hpp"
#include "compiler/translate/translation.hpp"
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
        everything else stay byte for byte). Fuzzy and empty entries are left
        out. A msgstr that changes mechanics (award groups, references,
        headers) refuses the whole import; files are written all or none.
        Run 'talec review' afterwards to mark reviewed paragraphs current.

options:
  -o FILE, --output FILE       where export writes
  --format, --werror, --color, --lang  as for 'talec check' (for diagnostics)
  -h, --help                   show this help

exit codes: 0 done, 1 the book or the PO file has errors, 2 usage or I/O failure.
)";

// The PO file an export writes over, if it is one: its translator comments
// and the header fields its editor wrote are kept.
std::optional<talebook::PoFile> earlier_po(const std::string& output) {
  if (output.empty() || output == "-" || !std::filesystem::exists(output)) return std::nullopt;
  std::string text;
  if (!talebook::read_regular_file(output, text).empty()) return std::nullopt;
  talebook::PoFile earlier;
  talebook::PoError error;
  if (!talebook::read_po(text, earlier, error)) return std::nullopt;
  return earlier;
}

// Exporting over an earlier PO file keeps what the translator's editor wrote in
// its header (who translated it, when, which team).
void keep_translator_fields(const talebook::PoFile& earlier, talebook::PoFile& po) {
  for (auto& [key, value] : po.header)
    if (key == "PO-Revision-Date" || key == "Last-Translator" || key == "Language-Team")
      if (std::string kept = earlier.header_field(key); !kept.empty()) value = kept;
}

// POT-Creation-Date: now, or SOURCE_DATE_EPOCH for a reproducible export.
std::string creation_date() {
  std::time_t now = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"))
    now = static_cast<std::time_t>(std::strtoll(epoch, nullptr, 10));
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M+0000", &utc);
  return text;
}

int export_po(const std::string& path, const std::string& output,
              const DiagnosticOptions& options) {
  talebook::Compilation book;
  if (!talebook::compile_book(path, book)) {
    print_diagnostics(book, options);
    return exit_usage;
  }
  if (talebook::book_errors(book.diagnostics)) {
    print_diagnostics(book, options);
    std::cerr << "talec po: error: fix the errors of '" << path << "' before exporting it\n";
    return exit_errors;
  }
  std::string base = std::filesystem::current_path().string();
  talebook::PoFile po;
  std::optional<talebook::PoFile> earlier = earlier_po(output);
  const talebook::PoFile* kept = earlier ? &*earlier : nullptr;
  if (book.manifest.translates.empty()) {
    po = talebook::export_po(
        {book.book, book.sources, nullptr, nullptr, nullptr, base, creation_date(), kept});
  } else {
    if (!book.translation) { // the source book cannot be compiled: diagnostics say why
      print_diagnostics(book, options);
      return exit_usage;
    }
    po = talebook::export_po({book.source->book, book.sources, &book.book, &book.sources,
                              &*book.translation, base, creation_date(), kept});
  }
  if (earlier) keep_translator_fields(*earlier, po);
  std::string text = talebook::write_po(po);
  if (output.empty() || output == "-") {
    std::cout << text;
    return exit_ok;
  }
  if (std::string error = talebook::write_file_atomically(output, text); !error.empty()) {
    std::cerr << "talec po: error: " << error << "\n";
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
    std::cerr << "talec po: error: fix the errors of '" << path << "' before importing into it\n";
    return exit_errors;
  }
  // From here on, only what the import finds is shown ('talec check' shows the rest).
  translation.diagnostics = talebook::Diagnostics();
  std::string error;
  std::uint32_t po_file = translation.sources.load(po_path, error);
  if (!po_file) {
    std::cerr << "talec po: error: " << error << '\n';
    return exit_usage;
  }
  talebook::PoFile po;
  talebook::PoError syntax;
  if (!talebook::read_po(translation.sources.file(po_file).text(), po, syntax)) {
    translation.diagnostics.report(talebook::Code::po_syntax,
                                   {po_file, syntax.offset, syntax.offset},
                                   {talebook::arg::text(syntax.message)});
    print_diagnostics(translation, options);
    return exit_errors;
  }
  std::string language = po.header_field("Language");
  if (!language.empty() && !talebook::same_language(language, translation.book.language)) {
    std::string_view text = translation.sources.file(po_file).text();
    auto at = static_cast<std::uint32_t>(std::min(text.find("\"Language:"), text.size()));
    translation.diagnostics.report(talebook::Code::po_language_differs, {po_file, at, at},
                                   {language, translation.book.language});
    print_diagnostics(translation, options);
    std::cerr << "talec po: error: '" << po_path << "' not imported: nothing was written\n";
    return exit_errors;
  }
  const talebook::CompiledBook* source = translation.source.get();
  talebook::PoImport result = talebook::import_po(
      po, po_file, translation.sources, translation.book, source ? &source->book : nullptr,
      source ? &translation.sources : nullptr, translation.diagnostics);
  if (result.refused) {
    print_diagnostics(translation, options);
    std::cerr << "talec po: error: '" << po_path << "' not imported: nothing was written\n";
    return exit_errors;
  }
  // The .tales files and the state file (the translator comments) together, or nothing.
  std::vector<talebook::FileWrite> writes;
  for (const auto& [file, text] : result.files)
    writes.push_back({translation.sources.file(file).path(), text});
  if (translation.translation) {
    const talebook::StateFile& file = translation.translation->state_file;
    talebook::TranslationState state = file.state;
    for (const auto& [context, lines] : result.comments)
      if (lines.empty())
        state.comments.erase(context);
      else
        state.comments[context] = lines;
    if (file.read && state.comments != file.state.comments)
      writes.push_back({file.path, talebook::state_json(state)});
  }
  if (std::string error = talebook::write_files_atomically(writes); !error.empty()) {
    std::cerr << "talec po: error: " << error << "; nothing was written\n";
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
