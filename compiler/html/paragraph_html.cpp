#include "compiler/html/paragraph_html.hpp"

#include "compiler/diagnostics/messages.hpp"

namespace talebook::html {
namespace {

std::vector<AwardCode> awards_of(const Paragraph& p) {
  std::vector<AwardCode> out;
  for (const Section& s : p.sections)
    if (std::optional<AwardCode> code = s.award()) out.push_back(*code);
  return out;
}

std::string text_of(const SiteBook& site, SourceRange range, const std::vector<AwardCode>& awards) {
  if (!range.valid() || range.end <= range.begin) return {};
  return marked_html(site.sources().file(range.file).text(), range.begin, range.end,
                     site.marks(range, awards));
}

} // namespace

std::string mark_html(const char* id, const SiteLanguage& language) {
  return std::string("<span class=\"mark ") + id + "\"" + language.messages_attributes() + ">" +
         escape(site_word(id, language)) + "</span>";
}

ParagraphParts paragraph_parts(const SiteBook& site, std::size_t index, const std::string& marks,
                               bool anchor) {
  const Paragraph& p = site.book().paragraphs[index];
  const SiteLanguage& language = site.language();
  ParagraphParts parts;
  const std::string number = std::to_string(p.number);
  parts.header = "<h2 class=\"header\"";
  if (anchor) parts.header += " id=\"p" + number + "\"";
  parts.header += "><a class=\"number\" href=\"" + escape(site.paragraph_href(p.number)) + "\">" +
                  number + "</a> <span class=\"kind\"" + language.messages_attributes() + ">" +
                  escape(localized(MessageText::ParagraphKindWords,
                                   {arg::keyword(tbook::name_of(p.kind))}, language.messages)) +
                  "</span>";
  if (!p.name.empty()) parts.header += " <span class=\"name\">" + escape(p.name) + "</span>";
  if (!site.reachable(index)) parts.header += " " + mark_html("unreachable", language);
  if (p.fallback) parts.header += " " + mark_html("fallback", language);
  parts.header += marks + "</h2>";

  const std::vector<AwardCode> awards = awards_of(p);
  const SourceRange prose = p.prose_range();
  parts.prose = text_of(site, prose, awards);
  if (!parts.prose.empty()) parts.prose = "<div class=\"prose\">" + parts.prose + "</div>";
  for (const Section& s : p.sections) {
    const SourceRange whole = s.range(), heading = s.heading();
    // A section with no heading that the prose holds (an award in the prose)
    // is shown there.
    if (!heading.valid() && prose.valid() && whole.file == prose.file && whole.begin < prose.end)
      continue;
    std::string html = "<div class=\"section";
    if (s.fallback) html += " fallback";
    html += "\">";
    std::uint32_t body = whole.begin;
    if (heading.valid()) {
      html += "<span class=\"heading\">" + text_of(site, heading, {}) + "</span> ";
      body = heading.end;
    }
    html += text_of(site, {whole.file, body, whole.end}, awards);
    if (s.fallback) html += " " + mark_html("fallback", language);
    parts.sections.push_back(html + "</div>");
  }
  if (p.kind == ParagraphKind::Chart && p.chart) {
    parts.chart = "<ol class=\"chart\">";
    for (const ChartEntry& e : p.chart->entries)
      parts.chart +=
          "<li value=\"" + std::to_string(e.roll) + "\">" + text_of(site, e.range, {}) + "</li>";
    parts.chart += "</ol>";
  }
  return parts;
}

std::string leads_here_html(const SiteBook& site, std::size_t index) {
  std::vector<std::string> from = site.leads_here(index);
  if (from.empty())
    return "<p class=\"leads none\"" + site.language().messages_attributes() + ">" +
           escape(site_word("nothing_leads_here", site.language())) + "</p>";
  std::string out = "<p class=\"leads\"><span class=\"label\"" +
                    site.language().messages_attributes() + ">" +
                    escape(site_word("leads_here", site.language())) + "</span> ";
  for (std::size_t i = 0; i < from.size(); ++i)
    out += (i ? ", " : "") + from[i];
  return out + "</p>";
}

std::string paragraph_article(const SiteBook& site, std::size_t index,
                              const std::vector<const Diagnostic*>& findings) {
  const Paragraph& p = site.book().paragraphs[index];
  bool first = site.book().paragraph(p.number) == &p;
  ParagraphParts parts = paragraph_parts(site, index, "", first);
  std::string out = "<article class=\"paragraph";
  if (!site.reachable(index)) out += " unreachable";
  if (p.fallback) out += " fallback";
  out += "\">" + parts.header + parts.prose;
  for (const std::string& s : parts.sections)
    out += s;
  out += parts.chart;
  if (first) out += findings_html(findings, site.sources(), site.language());
  out += leads_here_html(site, index);
  return out + "</article>\n";
}

} // namespace talebook::html
