#include "compiler/translate/po_book.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <vector>

#include "compiler/text/text.hpp"
#include "compiler/translate/translation_units.hpp"

namespace talebook {
namespace {

std::string reference(const SourceSet& sources, SourceRange range, const std::string& base) {
  if (!range.valid()) return {};
  const SourceFile& file = sources.file(range.file);
  std::filesystem::path path = std::filesystem::absolute(file.path()).lexically_normal();
  std::string shown =
      base.empty() ? file.path()
                   : path.lexically_proximate(std::filesystem::absolute(base)).generic_string();
  return shown + ":" + std::to_string(file.position(range.begin).line);
}

std::map<std::string, const TextUnit*> by_context(const std::vector<TextUnit>& units) {
  std::map<std::string, const TextUnit*> out;
  for (const TextUnit& u : units)
    out.emplace(u.context, &u);
  return out;
}

} // namespace

PoFile export_po(const PoExport& request) {
  PoFile po;
  const bool is_template = request.translation == nullptr;
  std::string language = is_template ? "" : request.translation->language;
  po.header_comments = {
      is_template ? "Template of the translatable text of '" + request.source.title + "'."
                  : "Translation of '" + request.source.title + "' (" + language + ").",
      "Written by 'talec po export'; write it back with 'talec po import'.",
      "msgctxt is the paragraph (@N) and section; award codes are not translated here."};
  po.header = {{"Project-Id-Version", request.source.title},
               {"Report-Msgid-Bugs-To", ""},
               {"PO-Revision-Date", "YEAR-MO-DA HO:MI+ZONE"},
               {"Last-Translator", "FULL NAME <EMAIL@ADDRESS>"},
               {"Language-Team", is_template ? "LANGUAGE" : language},
               {"Language", language},
               {"MIME-Version", "1.0"},
               {"Content-Type", "text/plain; charset=UTF-8"},
               {"Content-Transfer-Encoding", "8bit"},
               {"X-Generator", std::string("talec ") + TALEBOOK_VERSION}};

  std::vector<TextUnit> source_units = text_units(request.source, request.source_sources);
  std::vector<TextUnit> translated_units;
  if (!is_template)
    translated_units = text_units(*request.translation, *request.translation_sources);
  auto translated = by_context(translated_units);

  for (const TextUnit& unit : source_units) {
    if (unit.text.empty()) continue;
    PoEntry entry;
    entry.has_context = true;
    entry.context = unit.context;
    entry.id = unit.text;
    entry.references.push_back(
        reference(request.source_sources, unit.span, request.reference_base));
    if (!is_template) {
      auto it = translated.find(unit.context);
      if (it != translated.end()) {
        entry.str = it->second->text;
        entry.references.push_back(
            reference(*request.translation_sources, it->second->span, request.reference_base));
        bool current = unit.paragraph == 0 // matrices and cards have no versions
                       || (request.report && request.report->current(unit.paragraph));
        if (!entry.str.empty() && !current) entry.flags.push_back("fuzzy");
        if (it->second->comments)
          entry.extracted.push_back("the translation keeps comment lines inside this text");
      }
    }
    po.entries.push_back(std::move(entry));
  }
  return po;
}

namespace {

// Why a msgstr cannot become the text of a .tales file (empty if it can): it
// must be UTF-8 without control characters (tab and line ends aside), and no
// line of it may start a header ('@') or a comment ('%').
std::string unfit_msgstr(const std::string& text) {
  if (text::first_invalid_utf8(text)) return "not_utf8";
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (c == '\0') return "nul";
    if ((byte < 0x20 && c != '\n' && c != '\t' && c != '\r') || byte == 0x7F) return "control";
  }
  for (std::size_t line = 0; line < text.size();) {
    std::size_t first = text.find_first_not_of(" \t\r\n", line);
    if (first == std::string::npos) break;
    std::size_t end = text.find('\n', line);
    if (end == std::string::npos) end = text.size();
    if (first < end && (text[first] == '@' || text[first] == '%'))
      return text[first] == '@' ? "header_line" : "comment_line";
    line = end + 1;
  }
  return {};
}

} // namespace

PoImport import_po(const PoFile& po, std::uint32_t po_file, const SourceSet& sources,
                   const Book& translation, const Book* source, const SourceSet* source_sources,
                   Diagnostics& out) {
  PoImport result;
  std::vector<TextUnit> units = text_units(translation, sources);
  auto target = by_context(units);
  std::vector<TextUnit> source_units;
  if (source && source_sources) source_units = text_units(*source, *source_sources);
  auto original = by_context(source_units);

  struct Edit {
    std::uint32_t begin, end;
    std::string text;
  };
  std::map<std::uint32_t, std::vector<Edit>> edits;
  std::set<std::string> contexts;
  for (const PoEntry& entry : po.entries) {
    SourceRange at{po_file, entry.offset, entry.offset};
    // Two entries for one text would replace one span twice (and cut the
    // file): the whole import is refused, as for a msgstr that cannot be text.
    if (!contexts.insert(entry.context).second) {
      out.report(Code::po_duplicate_entry, at, {entry.context});
      result.refused = true;
      continue;
    }
    if (std::string why = unfit_msgstr(entry.str); !why.empty()) {
      out.report(Code::po_bad_msgstr, at, {entry.context, arg::keyword(why)});
      result.refused = true;
      continue;
    }
    if (entry.str.empty()) {
      ++result.untranslated;
      continue;
    }
    if (entry.fuzzy()) {
      ++result.fuzzy;
      continue;
    }
    auto it = target.find(entry.context);
    if (it == target.end()) {
      ++result.skipped;
      out.report(Code::po_unknown_unit, at, {entry.context});
      continue;
    }
    const TextUnit& unit = *it->second;
    if (source && source_sources) {
      auto from = original.find(entry.context);
      if (from != original.end() && from->second->text != entry.id)
        out.report(Code::po_outdated_msgid, at, {entry.context});
    }
    std::string text = entry.str;
    text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
    // Units are trimmed; so is what replaces them (a stray final "\n" would add a line).
    std::size_t first = text.find_first_not_of(" \t\n"), last = text.find_last_not_of(" \t\n");
    text = first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
    if (text.empty()) {
      ++result.untranslated;
      continue;
    }
    if (text == unit.text) {
      ++result.unchanged;
      continue;
    }
    if (unit.text.empty()) {
      // A new text where there was none: a space before what follows it on the
      // line, unless the text ends in a wide character (`你付了船钱。[S1]`).
      bool wide_end = !text.empty() && static_cast<unsigned char>(text.back()) >= 0x80;
      if (!(unit.suffix == " " && wide_end)) text += unit.suffix;
    }
    if (unit.comments || !unit.span.valid()) {
      ++result.skipped;
      Diagnostic& d = out.report(Code::po_unknown_unit, at, {entry.context});
      if (unit.comments) d.note(Code::po_comment_inside, unit.span);
      continue;
    }
    // Keep the file's line ends.
    std::string_view file = sources.file(unit.span.file).text();
    std::size_t eol = file.find('\n');
    if (eol != std::string_view::npos && eol > 0 && file[eol - 1] == '\r') {
      std::string crlf;
      for (char c : text)
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
      text = std::move(crlf);
    }
    edits[unit.span.file].push_back({unit.span.begin, unit.span.end, std::move(text)});
    ++result.changed;
  }
  if (result.refused) return result; // nothing is written
  for (auto& [file, list] : edits) {
    std::sort(list.begin(), list.end(),
              [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
    std::string text(sources.file(file).text());
    for (const Edit& e : list)
      text.replace(e.begin, e.end - e.begin, e.text);
    result.files[file] = std::move(text);
  }
  return result;
}

} // namespace talebook
