#include "compiler/html/tables_html.hpp"

namespace talebook::html {
namespace {

std::string text_of(const SiteBook& site, SourceRange range,
                    const std::vector<AwardCode>& awards = {}) {
  if (!range.valid() || range.end <= range.begin) return {};
  return marked_html(site.sources().file(range.file).text(), range.begin, range.end,
                     site.marks(range, awards));
}

// The lines of `range` after `header` (a card's, a space's), one <li> each;
// blank and comment lines left out.
std::string lines_html(const SiteBook& site, SourceRange range, SourceRange header,
                       const std::vector<AwardCode>& awards) {
  std::string_view text = site.sources().file(range.file).text();
  std::string out;
  std::uint32_t at = header.valid() && header.file == range.file ? header.end : range.begin;
  while (at < range.end) {
    std::size_t end = text.find('\n', at);
    std::uint32_t line_end =
        end == std::string_view::npos || end > range.end ? range.end : std::uint32_t(end);
    std::string html = text_of(site, {range.file, at, line_end}, awards);
    if (!html.empty()) out += "<li>" + html + "</li>";
    at = line_end + 1;
  }
  return out.empty() ? out : "<ul class=\"lines\">" + out + "</ul>";
}

std::string option_name(const SiteBook& site, const ReactionMatrix& m, std::size_t c) {
  std::string name = m.options[c];
  if (const VocabEntry* e = site.vocabulary().by_id(VocabKind::Option, name)) name = e->name;
  if (c < m.option_notes.size() && !m.option_notes[c].empty())
    name += " (" + m.option_notes[c] + ")";
  return name;
}

} // namespace

std::string matrices_html(const SiteBook& site, const SiteFindings& findings) {
  std::string out;
  const Book& book = site.book();
  for (const ReactionMatrix& m : book.matrices) {
    const std::string letter(1, m.letter);
    const bool first = book.matrix(m.letter) == &m;
    const std::string id = "m" + letter;
    out += "<section class=\"matrix";
    if (m.fallback) out += " fallback";
    out += "\"";
    if (first) out += " id=\"" + escape(id) + "\"";
    out += "><table><caption>@matrix " + escape(letter);
    if (m.fallback) out += " " + mark_html("fallback", site.language());
    out += "</caption><thead><tr><td></td>";
    for (std::size_t c = 0; c < m.options.size(); ++c)
      out += "<th scope=\"col\">" + escape(option_name(site, m, c)) + "</th>";
    out += "</tr></thead><tbody>";
    for (std::size_t r = 0; r < m.rows.size(); ++r) {
      const MatrixRow& row = m.rows[r];
      const std::string row_id = id + "-r" + std::to_string(r);
      out += "<tr";
      if (first) out += " id=\"" + escape(row_id) + "\"";
      out += "><th scope=\"row\">" + escape(row.adjective) + "</th>";
      for (std::size_t c = 0; c < row.cells.size(); ++c) {
        const MatrixCell& cell = row.cells[c];
        out += "<td";
        if (first) out += " id=\"" + escape(row_id + "-c" + std::to_string(c)) + "\"";
        out += ">";
        if (cell.kind == CellKind::Number) {
          std::string n = std::to_string(cell.number);
          std::string href = site.paragraph_href(cell.number);
          out += href.empty() ? "<span class=\"broken\">" + n + "</span>"
                              : "<a href=\"" + escape(href) + "\">" + n + "</a>";
        } else {
          out += cell.kind == CellKind::Forbidden ? "★" : "NE";
        }
        out += "</td>";
      }
      out += "</tr>";
    }
    out += "</tbody></table>";
    if (auto it = findings.matrices.find(m.letter); it != findings.matrices.end() && first)
      out += findings_html(it->second, site.sources(), site.language());
    out += "</section>\n";
  }
  return out;
}

std::string cards_html(const SiteBook& site, const SiteFindings& findings) {
  std::string out;
  const Book& book = site.book();
  for (std::size_t i = 0; i < book.cards.size(); ++i) {
    const Card& card = book.cards[i];
    std::vector<AwardCode> awards;
    for (const CityResult& result : card.results)
      awards.insert(awards.end(), result.awards.begin(), result.awards.end());
    out += "<section class=\"card";
    if (card.fallback) out += " fallback";
    out += "\" id=\"card-" + std::to_string(i) + "\"><h2>" + text_of(site, card.header, awards);
    if (card.fallback) out += " " + mark_html("fallback", site.language());
    out += "</h2>";
    if (card.range.valid()) out += lines_html(site, card.range, card.header, awards);
    if (auto it = findings.cards.find(i); it != findings.cards.end())
      out += findings_html(it->second, site.sources(), site.language());
    out += "</section>\n";
  }
  return out;
}

std::string map_html(const SiteBook& site) {
  std::string out;
  const WorldMap& map = site.book().map;
  for (std::size_t i = 0; i < map.spaces.size(); ++i) {
    const Space& s = map.spaces[i];
    out += "<section class=\"space\" id=\"space-" + std::to_string(i) + "\"><h2>" +
           text_of(site, s.header) + "</h2>";
    if (s.range.valid()) out += lines_html(site, s.range, s.header, {});
    out += "</section>\n";
  }
  return out;
}

} // namespace talebook::html
