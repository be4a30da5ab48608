// What `talec simulate` reports on (simulate_report.hpp): every paragraph,
// section, chart line and matrix cell of the book, where it is written and how
// often play reached it; shared by the text, JSON and LCOV reports.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "compiler/graph/simulate_report.hpp"

namespace talebook::simulate {

enum class What { Paragraph, Section, ChartLine, Cell, Space };

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
  char matrix = 0;             // a cell's; a space's index is `index`
  std::size_t row = 0;
  bool reachable = false; // a paragraph the book's links lead to (compiler/graph/)
};

class Items {
public:
  explicit Items(const SimulateRun& run);

  std::vector<Item> all;

  // The file and line of a paragraph, for dead ends.
  std::pair<std::string, std::uint32_t> where(std::uint32_t number) const;

private:
  Item& add(What what, SourceRange range, std::uint64_t hits);
  const SimulateRun& run_;
};

struct Tally {
  std::size_t total = 0, hit = 0;
};

Tally tally(const Items& items, What what, const char* kind = nullptr, bool reachable = false);

} // namespace talebook::simulate
