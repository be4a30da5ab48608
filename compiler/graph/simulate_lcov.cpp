#include "compiler/graph/simulate_report.hpp"

#include <filesystem>
#include <map>
#include <sstream>

#include "compiler/graph/simulate_items.hpp"

namespace talebook {

using simulate::Item;
using simulate::Items;
using simulate::What;

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

} // namespace talebook
