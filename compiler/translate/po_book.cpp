#include "compiler/translate/po_book.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <vector>

#include <unicode/locid.h>

#include "compiler/text/text.hpp"
#include "compiler/translate/po_mechanics.hpp"
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

struct UnitReview {
  bool fuzzy = false;
  std::string previous; // the unit's source text when it was last reviewed, if known
};

// A unit is to be reviewed again when its paragraph was never reviewed, or when
// the paragraph is stale and this unit's text or mechanics changed since its
// review (a paragraph reviewed before units were recorded: every unit of it).
UnitReview review_of(const TextUnit& unit, const TranslationReport* report,
                     const TranslationState* state) {
  if (!unit.block.empty()) { // a game's card, tile or verdict table: reviewed as one
    if (!report) return {true, {}};
    const GameBlockComparison* g = report->game(unit.block);
    if (!g || g->state == ParagraphState::Current) return {};
    if (g->state != ParagraphState::Stale || !state) return {true, {}};
    auto it = state->units.find(unit.context);
    if (it == state->units.end()) return {true, {}};
    ReviewedUnit now{normalized_unit_text(unit.text), unit.about};
    return {!(it->second == now), it->second.text};
  }
  if (unit.paragraph == 0) return {}; // matrices and cards have no versions
  if (!report) return {true, {}};
  const ParagraphComparison* p = report->paragraph(unit.paragraph);
  if (!p || p->state == ParagraphState::Current) return {};
  if (p->state != ParagraphState::Stale || !state) return {true, {}};
  auto it = state->units.find(unit.context);
  if (it == state->units.end()) return {true, {}};
  ReviewedUnit now{normalized_unit_text(unit.text), unit.about};
  return {!(it->second == now), it->second.text};
}

} // namespace

std::string plural_forms(const std::string& language) {
  if (language.empty()) return "nplurals=INTEGER; plural=EXPRESSION;";
  std::string lang = icu::Locale::createCanonical(language.c_str()).getLanguage();
  static const std::set<std::string> one = {"zh", "ja", "ko", "vi", "th", "id", "ms", "lo", "my"};
  static const std::set<std::string> many = {"fr", "pt", "hi", "fa", "tr"};
  if (one.count(lang)) return "nplurals=1; plural=0;";
  if (many.count(lang)) return "nplurals=2; plural=(n > 1);";
  if (lang == "ar")
    return "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 "
           ": n%100>=11 ? 4 : 5);";
  if (lang == "ru" || lang == "uk")
    return "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 "
           "|| n%100>=20) ? 1 : 2);";
  return "nplurals=2; plural=(n != 1);";
}

bool same_language(const std::string& po_language, const std::string& book_language) {
  if (po_language == book_language) return true;
  auto maximal = [](const std::string& tag) {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale locale = icu::Locale::createCanonical(tag.c_str());
    locale.addLikelySubtags(status);
    return std::make_pair(std::string(locale.getLanguage()), std::string(locale.getScript()));
  };
  auto a = maximal(po_language), b = maximal(book_language);
  return !a.first.empty() && a == b;
}

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
               {"POT-Creation-Date", request.creation_date},
               {"PO-Revision-Date", "YEAR-MO-DA HO:MI+ZONE"},
               {"Last-Translator", "FULL NAME <EMAIL@ADDRESS>"},
               {"Language-Team", is_template ? "LANGUAGE" : language},
               {"Language", language},
               {"MIME-Version", "1.0"},
               {"Content-Type", "text/plain; charset=UTF-8"},
               {"Content-Transfer-Encoding", "8bit"},
               {"Plural-Forms", plural_forms(language)},
               {"X-Generator", std::string("talec ") + TALEBOOK_VERSION}};
  // A template leaves Plural-Forms to the translation (msgfmt --check refuses the placeholder).
  if (is_template)
    po.header.erase(std::find_if(po.header.begin(), po.header.end(),
                                 [](const auto& field) { return field.first == "Plural-Forms"; }));

  std::vector<TextUnit> source_units = text_units(request.source, request.source_sources);
  std::vector<TextUnit> translated_units;
  if (!is_template)
    translated_units = text_units(*request.translation, *request.translation_sources);
  auto translated = by_context(translated_units);
  const TranslationState* state = request.report && request.report->state_file.read
                                      ? &request.report->state_file.state
                                      : nullptr;
  std::map<std::string, std::vector<std::string>> comments;
  if (state) comments = state->comments;
  if (request.earlier)
    for (const PoEntry& e : request.earlier->entries)
      if (!e.comments.empty()) comments[current_context(e.context)] = e.comments;

  for (const TextUnit& unit : source_units) {
    if (unit.text.empty()) continue;
    PoEntry entry;
    entry.has_context = true;
    entry.context = unit.context;
    entry.id = unit.text;
    entry.extracted = unit.notes;
    if (auto it = comments.find(unit.context); it != comments.end()) entry.comments = it->second;
    entry.references.push_back(
        reference(request.source_sources, unit.span, request.reference_base));
    if (!is_template) {
      auto it = translated.find(unit.context);
      if (it != translated.end()) {
        entry.str = it->second->text;
        entry.references.push_back(
            reference(*request.translation_sources, it->second->span, request.reference_base));
        UnitReview review = review_of(unit, request.report, state);
        if (!entry.str.empty() && review.fuzzy) {
          entry.flags.push_back("fuzzy");
          if (!review.previous.empty() && review.previous != normalized_unit_text(unit.text))
            entry.previous_id = review.previous;
        }
        if (it->second->comments)
          entry.extracted.push_back("the translation keeps comment lines inside this text");
      }
    }
    po.entries.push_back(std::move(entry));
  }
  return po;
}

namespace {

// `text` (LF line ends) with the line ends of file `file` (LF or CRLF).
std::string with_line_ends(std::string text, const SourceSet& sources, std::uint32_t file) {
  std::string_view all = sources.file(file).text();
  std::size_t eol = all.find('\n');
  if (eol == std::string_view::npos || eol == 0 || all[eol - 1] != '\r') return text;
  std::string crlf;
  for (char c : text)
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return crlf;
}

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
                   Diagnostics& out, const FallbackBooks* books) {
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
  // Fallback paragraphs the PO file translates: number -> context -> text.
  std::map<std::uint32_t, std::map<std::string, std::string>> fills;
  std::map<std::uint32_t, SourceRange> fill_at; // where each one's first entry is
  // Fallback matrices and cards the PO file translates: block -> context -> text.
  std::map<std::string, std::map<std::string, std::string>> block_fills;
  std::map<std::string, SourceRange> block_at;
  // Units are trimmed; so is what replaces them (a stray final "\n" would add a line).
  auto trimmed = [](std::string text) {
    text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
    std::size_t first = text.find_first_not_of(" \t\n"), last = text.find_last_not_of(" \t\n");
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
  };
  for (const PoEntry& entry : po.entries) {
    SourceRange at{po_file, entry.offset, entry.offset};
    const std::string context = current_context(entry.context);
    result.comments[context] = entry.comments;
    // Two entries for one text would replace one span twice (and cut the
    // file): the whole import is refused, as for a msgstr that cannot be text.
    if (!contexts.insert(context).second) {
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
      out.report(Code::po_fuzzy_entry, at, {entry.context});
      continue;
    }
    auto from = original.find(context);
    auto it = target.find(context);
    // The msgstr carries the same mechanics as its source text (without a source
    // book: as the translation's text now), or nothing is written.
    const TextUnit* against = from != original.end() ? from->second
                              : it != target.end()   ? it->second
                                                     : nullptr;
    if (against && against->one_line && trimmed(entry.str).find('\n') != std::string::npos) {
      out.report(Code::po_bad_msgstr, at, {entry.context, arg::keyword("line_break")});
      result.refused = true;
      continue;
    }
    if (against) {
      std::vector<std::string> want = text_mechanics(against->text);
      std::vector<std::string> got = text_mechanics(entry.str);
      if (got != want) {
        // The caret under the first code the source text lacks, by its place in
        // the PO file (escapes and continuation lines followed).
        std::uint32_t caret = entry.str_offset;
        if (std::size_t extra = first_extra_mechanic(entry.str, want); extra != std::string::npos)
          caret = po_string_position(sources.file(po_file).text(), entry.str_offset, extra);
        SourceRange str_at{po_file, caret, caret};
        out.report(Code::po_mechanics_differ, str_at,
                   {entry.context, mechanics_summary(got), mechanics_summary(want)});
        result.refused = true;
        continue;
      }
    }
    const Paragraph* fallback = books && from != original.end() && from->second->paragraph
                                    ? translation.paragraph(from->second->paragraph)
                                    : nullptr;
    if (it == target.end() && fallback && fallback->fallback) {
      if (std::string text = trimmed(entry.str); !text.empty()) {
        fills[fallback->number][context] = std::move(text);
        fill_at.emplace(fallback->number, at);
        ++result.changed;
      } else {
        ++result.untranslated;
      }
      continue;
    }
    if (std::string block = block_of(context); it == target.end() && books &&
                                               from != original.end() && !block.empty() &&
                                               fallback_block(books->source, translation, block)) {
      if (std::string text = trimmed(entry.str); !text.empty()) {
        block_fills[block][context] = std::move(text);
        block_at.emplace(block, at);
        ++result.changed;
      } else {
        ++result.untranslated;
      }
      continue;
    }
    if (it == target.end()) {
      ++result.skipped;
      out.report(Code::po_unknown_unit, at, {entry.context});
      continue;
    }
    const TextUnit& unit = *it->second;
    if (from != original.end() && from->second->text != entry.id)
      out.report(Code::po_outdated_msgid, at, {entry.context});
    std::string text = trimmed(entry.str);
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
    for (const SourceRange& also : unit.also) // a space's routes (translation_units.hpp)
      edits[also.file].push_back({also.begin, also.end, text});
    edits[unit.span.file].push_back(
        {unit.span.begin, unit.span.end, with_line_ends(std::move(text), sources, unit.span.file)});
    ++result.changed;
  }
  if (result.refused) return result; // nothing is written
  if (!fills.empty() || !block_fills.empty()) {
    std::vector<UnwrittenParagraph> unwritten;
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::string> inserts; // (file, at) -> text
    auto place = [&](const NewParagraph& p) {
      if (!p.file) {
        std::string& file = result.created[p.path];
        file += (file.empty() ? "" : "\n") + p.text + "\n";
        return;
      }
      std::string_view file = sources.file(p.file).text();
      std::string& text = inserts[{p.file, p.at}];
      if (p.at < file.size())
        text += p.text + "\n\n"; // before a paragraph
      else if (text.empty() && !file.empty())
        text += (file.back() == '\n' ? "\n" : "\n\n") + p.text + "\n";
      else
        text += (text.empty() ? "" : "\n") + p.text + "\n";
    };
    for (NewParagraph& p : fallback_paragraphs(fills, sources, translation, *books, unwritten)) {
      result.paragraphs.push_back(p.number);
      place(p);
    }
    for (NewParagraph& p : fallback_blocks(block_fills, sources, translation, *books, unwritten)) {
      result.blocks.push_back(p.block);
      place(p);
    }
    for (auto& [where, text] : inserts)
      edits[where.first].push_back(
          {where.second, where.second, with_line_ends(std::move(text), sources, where.first)});
    for (const UnwrittenParagraph& u : unwritten) {
      const bool is_block = !u.block.empty();
      const std::size_t units = is_block ? block_fills[u.block].size() : fills[u.number].size();
      const SourceRange where = is_block ? block_at[u.block] : fill_at[u.number];
      result.changed -= units;
      result.skipped += units;
      if (u.word.empty())
        out.report(Code::po_unknown_unit, where,
                   {is_block ? u.block : "@" + std::to_string(u.number)});
      else
        out.report(Code::po_fallback_unwritten, where,
                   {u.number, u.word, is_block ? arg::text(u.block) : arg::keyword("paragraph")});
    }
  }
  for (auto& [file, list] : edits) {
    std::stable_sort(list.begin(), list.end(),
                     [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
    std::string text(sources.file(file).text());
    for (const Edit& e : list)
      text.replace(e.begin, e.end - e.begin, e.text);
    result.files[file] = std::move(text);
  }
  return result;
}

} // namespace talebook
