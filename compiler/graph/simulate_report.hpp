// `talec simulate` output: the engine's counts (talebook/engine/autoplay.hpp) laid
// over the book's model, so that every paragraph, section, chart line and
// matrix cell is named with its file and line: a text report, JSON, and LCOV
// tracefile for genhtml.
#pragma once

#include <string>

#include "compiler/graph/book_graph.hpp"
#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"
#include "talebook/engine/autoplay.hpp"

namespace talebook {

struct SimulateRun {
  const Book& book;
  const SourceSet& sources;
  const BookGraph& graph; // what the book's links lead to
  const talebook::engine::AutoplayOptions& options;
  const talebook::engine::PlayCounts& counts;
};

std::string simulate_text(const SimulateRun& run);
std::string simulate_json(const SimulateRun& run);
// LCOV: a record per source file; DA lines for paragraph headers (reads), sections
// (applied) and chart lines (rolled), a branch (BRDA) per cell of a matrix row.
std::string simulate_lcov(const SimulateRun& run);

} // namespace talebook
