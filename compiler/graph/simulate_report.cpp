#include "compiler/graph/simulate_report.hpp"

#include <filesystem>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>

#include "compiler/graph/simulate_items.hpp"

namespace talebook {
namespace {

using simulate::Item;
using simulate::Items;
using simulate::Tally;
using simulate::What;
using talebook::engine::PlayCounts;

std::string percent(const Tally& t) {
  std::ostringstream out;
  out << t.hit << " of " << t.total;
  if (t.total) out << " (" << std::fixed << std::setprecision(1) << 100.0 * t.hit / t.total << "%)";
  return out.str();
}

std::string place(const std::string& file, std::uint32_t line) {
  if (file.empty()) return "";
  return " (" + std::filesystem::path(file).filename().string() + ":" + std::to_string(line) + ")";
}

const char* what_id(What what) {
  switch (what) {
  case What::Paragraph:
    return "paragraphs";
  case What::Section:
    return "sections";
  case What::ChartLine:
    return "chart_lines";
  case What::Cell:
    return "cells";
  case What::Space:
    return "spaces";
  }
  return "";
}

} // namespace

std::string simulate_text(const SimulateRun& run) {
  const Items items(run);
  const PlayCounts& c = run.counts;
  std::ostringstream out;
  out << run.book.title << ": " << c.runs;
  if (run.options.from)
    out << " runs of one encounter from paragraph " << *run.options.from;
  else
    out << " runs of at most " << run.options.turns << " turns";
  if (run.options.players)
    out << " of " << run.options.players << (run.options.players == 1 ? " player" : " players");
  out << " (seed " << run.options.seed << ")\n"
      << "turns played      " << c.turns << "; deaths " << c.deaths;
  if (c.stuck) out << "; stopped going round in circles " << c.stuck;
  out << "\nparagraphs read   " << percent(tally(items, What::Paragraph)) << "; award paragraphs "
      << percent(tally(items, What::Paragraph, "award")) << "\nreachable read    "
      << percent(tally(items, What::Paragraph, nullptr, true))
      << (run.options.from ? " (what paragraph " + std::to_string(*run.options.from) + " leads to)"
                           : std::string(" (what the rules and charts lead to)"))
      << "\nsections applied  " << percent(tally(items, What::Section)) << "\nchart lines       "
      << percent(tally(items, What::ChartLine)) << "\nmatrix cells      "
      << percent(tally(items, What::Cell)) << "\n";
  if (!run.book.map.spaces.empty()) // rule 9: where the turns ended
    out << "spaces stood on   " << percent(tally(items, What::Space)) << "\n";
  const char* headings[] = {
      "paragraphs never read:", "sections never applied:", "chart lines never rolled:",
      "matrix cells never chosen:", "spaces never stood on:"};
  for (What what : {What::Paragraph, What::Section, What::ChartLine, What::Cell, What::Space}) {
    bool first = true;
    for (const Item& i : items.all) {
      if (i.what != what || i.hits) continue;
      if (first) out << headings[static_cast<int>(what)] << "\n";
      first = false;
      out << "  ";
      if (what == What::Paragraph) out << i.paragraph << " " << i.kind;
      if (what == What::Section)
        out << i.paragraph << " section " << i.index + 1 << (i.label.empty() ? "" : " ") << i.label;
      if (what == What::ChartLine) out << "chart " << i.paragraph << ", " << i.label;
      if (what == What::Cell || what == What::Space) out << i.label;
      out << place(i.file, i.line) << "\n";
    }
  }
  if (!c.dead_ends.empty()) out << "dead ends (times met):\n";
  for (const auto& [key, times] : c.dead_ends) {
    const auto& [kind, paragraph, matrix] = key;
    out << "  " << talebook::engine::dead_end_id(kind);
    if (paragraph) {
      auto [file, line] = items.where(*paragraph);
      out << " at " << *paragraph << place(file, line);
    }
    if (matrix) out << " in matrix " << matrix;
    out << ": " << times << "\n";
  }
  out << "paragraph reads:";
  std::size_t n = 0;
  for (const Item& i : items.all)
    if (i.what == What::Paragraph)
      out << (n++ % 8 == 0 ? "\n " : "") << " " << i.paragraph << "×" << i.hits;
  out << "\n";
  return out.str();
}

std::string simulate_json(const SimulateRun& run) {
  const Items items(run);
  const PlayCounts& c = run.counts;
  using json = nlohmann::ordered_json;
  json j;
  j["book"] = run.book.title;
  j["runs"] = c.runs;
  j["seed"] = run.options.seed;
  j["turns_per_run"] = run.options.turns;
  j["from"] = run.options.from ? json(*run.options.from) : json(nullptr); // --from N
  j["players"] = run.options.players;                                     // --players N, 0 without
  j["turns"] = c.turns;
  j["deaths"] = c.deaths;
  j["stuck"] = c.stuck;
  json totals;
  auto total = [](Tally t) { return json{{"total", t.total}, {"hit", t.hit}}; };
  for (What what : {What::Paragraph, What::Section, What::ChartLine, What::Cell, What::Space})
    totals[what_id(what)] = total(tally(items, what));
  totals["award_paragraphs"] = total(tally(items, What::Paragraph, "award"));
  totals["reachable_paragraphs"] = total(tally(items, What::Paragraph, nullptr, true));
  j["coverage"] = totals;
  json hits = json::object(), never = json::object();
  for (What what : {What::Paragraph, What::Section, What::ChartLine, What::Cell, What::Space}) {
    hits[what_id(what)] = json::array();
    never[what_id(what)] = json::array();
  }
  for (const Item& i : items.all) {
    json e;
    if (i.what == What::Cell) {
      e["matrix"] = std::string(1, i.matrix);
      e["row"] = i.row;
      e["option"] = i.index;
    } else if (i.what == What::Space) {
      e["space"] = i.label;
    } else {
      e["paragraph"] = i.paragraph;
    }
    if (i.what == What::Paragraph) {
      e["kind"] = i.kind;
      e["reachable"] = i.reachable;
    }
    if (i.what == What::Section || i.what == What::ChartLine) e["index"] = i.index;
    if (!i.label.empty()) e["label"] = i.label;
    e["file"] = i.file;
    e["line"] = i.line;
    e["hits"] = i.hits;
    (i.hits ? hits : never)[what_id(i.what)].push_back(std::move(e));
  }
  j["hit"] = std::move(hits);
  j["never_hit"] = std::move(never);
  json dead = json::array();
  for (const auto& [key, times] : c.dead_ends) {
    const auto& [kind, paragraph, matrix] = key;
    json e;
    e["kind"] = talebook::engine::dead_end_id(kind);
    if (paragraph) e["paragraph"] = *paragraph;
    if (matrix) e["matrix"] = std::string(1, matrix);
    e["times"] = times;
    dead.push_back(std::move(e));
  }
  j["dead_ends"] = std::move(dead);
  return j.dump(2) + "\n";
}

} // namespace talebook
