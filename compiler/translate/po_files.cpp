#include "compiler/translate/po_files.hpp"

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "compiler/text/source.hpp"

namespace talebook {

bool read_earlier_po(const std::string& path, SourceSet& sources, Diagnostics& out,
                     std::optional<PoFile>& earlier) {
  earlier.reset();
  std::error_code ec;
  if (path.empty() || path == "-" || !std::filesystem::is_regular_file(path, ec)) return true;
  std::string error;
  const std::uint32_t file = sources.load(path, error); // lone CRs read as the import reads them
  if (!file) return true;                               // unreadable: writing it will say why
  PoFile po;
  PoError syntax;
  if (!read_po(sources.file(file).text(), po, syntax)) {
    out.report(Code::po_syntax, {file, syntax.offset, syntax.offset},
               {arg::keyword(syntax.kind), arg::text(syntax.subject)});
    return false;
  }
  earlier = std::move(po);
  return true;
}

void keep_translator_fields(const PoFile& earlier, PoFile& po) {
  for (auto& [key, value] : po.header)
    if (key == "PO-Revision-Date" || key == "Last-Translator" || key == "Language-Team")
      if (std::string kept = earlier.header_field(key); !kept.empty()) value = kept;
}

std::string po_creation_date() {
  std::time_t now = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"))
    now = static_cast<std::time_t>(std::strtoll(epoch, nullptr, 10));
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M+0000", &utc);
  return text;
}

PoImportPlan plan_po_import(std::uint32_t po_file, const SourceSet& sources,
                            const Book& translation, const Book* source, const StateFile* state,
                            Diagnostics& out, const FallbackBooks* books) {
  PoImportPlan plan;
  const std::string_view text = sources.file(po_file).text();
  PoFile po;
  PoError syntax;
  if (!read_po(text, po, syntax)) {
    out.report(Code::po_syntax, {po_file, syntax.offset, syntax.offset},
               {arg::keyword(syntax.kind), arg::text(syntax.subject)});
    plan.stop = PoImportPlan::Stop::Syntax;
    return plan;
  }
  const std::string language = po.header_field("Language");
  if (!language.empty() && !same_language(language, translation.language)) {
    auto at = static_cast<std::uint32_t>(std::min(text.find("\"Language:"), text.size()));
    out.report(Code::po_language_differs, {po_file, at, at}, {language, translation.language});
    plan.stop = PoImportPlan::Stop::Refused;
    return plan;
  }
  plan.result =
      import_po(po, po_file, sources, translation, source, source ? &sources : nullptr, out, books);
  if (plan.result.refused) {
    plan.stop = PoImportPlan::Stop::Refused;
    return plan;
  }
  for (const auto& [file, bytes] : plan.result.files)
    plan.writes.push_back({sources.file(file).path(), bytes});
  for (const auto& [path, bytes] : plan.result.created)
    plan.writes.push_back({path, bytes});
  if (state) { // the translator comments, kept for the next export
    TranslationState next = state->state;
    for (const auto& [context, lines] : plan.result.comments)
      if (lines.empty())
        next.comments.erase(context);
      else
        next.comments[context] = lines;
    if (state->read && next.comments != state->state.comments)
      plan.writes.push_back({state->path, state_json(next)});
  }
  return plan;
}

} // namespace talebook
