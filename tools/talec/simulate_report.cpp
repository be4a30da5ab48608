#include "tools/talec/simulate_report.hpp"

#include <filesystem>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "compiler/graph/graph_reach.hpp"

namespace talec {
namespace {

using talebook::engine::PlayCounts;

enum class What { Paragraph, Section, ChartLine, Cell };

// One thing play can reach, where it is written, and how often it was reached.
struct Item {
  What what = What::Paragraph;
  std::string kind;  // paragraph kind ("award"...)
  std::string label; // a section's heading, a cell's "H Old / Talk 42", a chart line
  std::string file;
  std::uint32_t line = 0;
  std::uint64_t hits = 0;
  std::uint32_t paragraph = 0; // paragraph, section, chart line
  std::size_t index = 0;       // section or chart line; a cell's option
  char matrix = 0;
  std::size_t row = 0;
  bool reachable = false; // a paragraph the book's links lead to (compiler/graph/)
};

template <class Map, class Key> std::uint64_t count(const Map& map, const Key& key) {
  auto it = map.find(key);
  return it == map.end() ? 0 : it->second;
}

std::string one_line(std::string_view text) {
  std::string out(text.substr(0, text.find('\n')));
  while (!out.empty() && (out.back() == ' ' || out.back() == '\r'))
    out.pop_back();
  return out;
}

class Items {
public:
  explicit Items(const SimulateRun& run) : run_(run) {
    const PlayCounts& c = run.counts;
    const talebook::BookGraph& g = *run.book.graph; // cmd_simulate: always built
    // What play can reach: the rules and every chart lead to, or (--from) the one paragraph.
    const talebook::GraphReach reach =
        run.options.from ? talebook::reach_from(g, run.book.book, *run.options.from)
                         : talebook::reach_in_play(g, run.book.book);
    const std::uint8_t by = run.options.from ? talebook::reach_rules : talebook::reach_charts;
    for (std::size_t pi = 0; pi < run.book.book.paragraphs.size(); ++pi) {
      const talebook::Paragraph& p = run.book.book.paragraphs[pi];
      Item& item = add(What::Paragraph, p.header(), count(c.paragraphs, p.number));
      item.paragraph = p.number;
      item.kind = talebook::keyword(p.kind);
      item.reachable = reach.reached(g.paragraph(pi), by);
      for (std::size_t i = 0; i < p.sections.size(); ++i) {
        const talebook::Section& s = p.sections[i];
        Item& section = add(What::Section, s.heading().valid() ? s.heading() : s.range(),
                            count(c.sections, std::pair{p.number, i}));
        section.paragraph = p.number;
        section.index = i;
        section.label = s.heading().valid() ? one_line(run.book.sources.text(s.heading())) : "";
      }
      if (!p.chart) continue;
      for (std::size_t i = 0; i < p.chart->entries.size(); ++i) {
        const talebook::ChartEntry& e = p.chart->entries[i];
        Item& line = add(What::ChartLine, e.range, count(c.chart_lines, std::pair{p.number, i}));
        line.paragraph = p.number;
        line.index = i;
        line.label = std::to_string(e.roll) + ". " + std::string(e.being) + " (" + e.matrix + ")";
      }
    }
    for (const talebook::ReactionMatrix& m : run.book.book.matrices)
      for (std::size_t r = 0; r < m.rows.size(); ++r)
        for (std::size_t k = 0; k < m.rows[r].cells.size(); ++k) {
          const talebook::MatrixCell& cell = m.rows[r].cells[k];
          if (cell.kind == talebook::CellKind::Forbidden) continue; // never an option
          Item& item = add(What::Cell, cell.range,
                           count(c.cells, std::tuple{m.letter, static_cast<std::uint32_t>(r),
                                                     static_cast<std::uint32_t>(k)}));
          item.matrix = m.letter;
          item.row = r;
          item.index = k;
          std::string option = k < m.option_ranges.size()
                                   ? std::string(run.book.sources.text(m.option_ranges[k]))
                                   : std::to_string(k + 1);
          item.label =
              std::string(1, m.letter) + " " + m.rows[r].adjective + " / " + option +
              (cell.kind == talebook::CellKind::Number ? " " + std::to_string(cell.number) : "");
        }
  }

  std::vector<Item> all;

  // The file and line of a paragraph, for dead ends.
  std::pair<std::string, std::uint32_t> where(std::uint32_t number) const {
    for (const Item& i : all)
      if (i.what == What::Paragraph && i.paragraph == number) return {i.file, i.line};
    return {"", 0};
  }

private:
  Item& add(What what, talebook::SourceRange range, std::uint64_t hits) {
    Item item;
    item.what = what;
    item.hits = hits;
    if (range.valid()) {
      const talebook::SourceFile& f = run_.book.sources.file(range.file);
      item.file = f.path();
      item.line = f.position(range.begin).line;
    }
    all.push_back(std::move(item));
    return all.back();
  }
  const SimulateRun& run_;
};

struct Tally {
  std::size_t total = 0, hit = 0;
};

Tally tally(const Items& items, What what, const char* kind = nullptr, bool reachable = false) {
  Tally t;
  for (const Item& i : items.all)
    if (i.what == what && (!kind || i.kind == kind) && (!reachable || i.reachable)) {
      ++t.total;
      t.hit += i.hits > 0;
    }
  return t;
}

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
  }
  return "";
}

} // namespace

std::string simulate_text(const SimulateRun& run) {
  const Items items(run);
  const PlayCounts& c = run.counts;
  std::ostringstream out;
  out << run.book.book.title << ": " << c.runs;
  if (run.options.from)
    out << " runs of one encounter from paragraph " << *run.options.from;
  else
    out << " runs of at most " << run.options.turns << " turns";
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
  const char* headings[] = {"paragraphs never read:", "sections never applied:",
                            "chart lines never rolled:", "matrix cells never chosen:"};
  for (What what : {What::Paragraph, What::Section, What::ChartLine, What::Cell}) {
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
      if (what == What::Cell) out << i.label;
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
  j["book"] = run.book.book.title;
  j["runs"] = c.runs;
  j["seed"] = run.options.seed;
  j["turns_per_run"] = run.options.turns;
  j["from"] = run.options.from ? json(*run.options.from) : json(nullptr); // --from N
  j["turns"] = c.turns;
  j["deaths"] = c.deaths;
  j["stuck"] = c.stuck;
  json totals;
  auto total = [](Tally t) { return json{{"total", t.total}, {"hit", t.hit}}; };
  for (What what : {What::Paragraph, What::Section, What::ChartLine, What::Cell})
    totals[what_id(what)] = total(tally(items, what));
  totals["award_paragraphs"] = total(tally(items, What::Paragraph, "award"));
  totals["reachable_paragraphs"] = total(tally(items, What::Paragraph, nullptr, true));
  j["coverage"] = totals;
  json hits = json::object(), never = json::object();
  for (What what : {What::Paragraph, What::Section, What::ChartLine, What::Cell}) {
    hits[what_id(what)] = json::array();
    never[what_id(what)] = json::array();
  }
  for (const Item& i : items.all) {
    json e;
    if (i.what == What::Cell) {
      e["matrix"] = std::string(1, i.matrix);
      e["row"] = i.row;
      e["option"] = i.index;
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

std::string simulate_lcov(const SimulateRun& run) {
  const Items items(run);
  struct Line {
    std::uint64_t hits = 0;
    bool set = false;
    std::vector<std::pair<std::size_t, std::uint64_t>> branches; // (option, hits)
  };
  std::map<std::string, std::map<std::uint32_t, Line>> files;
  std::map<std::string, std::vector<const Item*>> functions; // paragraphs, by file
  for (const Item& i : items.all) {
    if (i.file.empty()) continue;
    Line& line = files[i.file][i.line];
    // Several things on one line: the line counts as often as the least reached.
    line.hits = line.set ? std::min(line.hits, i.hits) : i.hits;
    line.set = true;
    if (i.what == What::Cell) line.branches.push_back({i.index, i.hits});
    if (i.what == What::Paragraph) functions[i.file].push_back(&i);
  }
  std::ostringstream out;
  out << "TN:talec_simulate\n";
  for (const auto& [file, lines] : files) {
    std::error_code error;
    std::filesystem::path path = std::filesystem::absolute(file, error);
    out << "SF:" << (error ? file : path.lexically_normal().string()) << "\n";
    std::size_t hit_functions = 0;
    for (const Item* p : functions[file]) {
      out << "FN:" << p->line << ",paragraph_" << p->paragraph << "\n";
      out << "FNDA:" << p->hits << ",paragraph_" << p->paragraph << "\n";
      hit_functions += p->hits > 0;
    }
    out << "FNF:" << functions[file].size() << "\nFNH:" << hit_functions << "\n";
    std::size_t branches = 0, hit_branches = 0, hit_lines = 0;
    for (const auto& [number, line] : lines)
      for (const auto& [option, hits] : line.branches) {
        out << "BRDA:" << number << ",0," << option << "," << hits << "\n";
        ++branches;
        hit_branches += hits > 0;
      }
    out << "BRF:" << branches << "\nBRH:" << hit_branches << "\n";
    for (const auto& [number, line] : lines) {
      out << "DA:" << number << "," << line.hits << "\n";
      hit_lines += line.hits > 0;
    }
    out << "LF:" << lines.size() << "\nLH:" << hit_lines << "\nend_of_record\n";
  }
  return out.str();
}

} // namespace talec
