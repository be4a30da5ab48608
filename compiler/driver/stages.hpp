// The driver's stages that may run on several threads (talec -j): parsing
// the files and checking the resolved book. Each piece of work reports into a
// Diagnostics of its own; the pieces are joined in the order one thread would
// have done them, so that the book and its diagnostics never depend on the
// number of threads. Internal to compiler/driver/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "compiler/driver/book_loader.hpp"

namespace talebook {

// The threads for parsing and checking the files `ids`: `jobs` as asked,
// but one when `jobs` is 0 (automatic) and the files are too small for threads
// to gain anything (under parallel_bytes: a thread costs more than it saves).
inline constexpr std::size_t parallel_bytes = std::size_t(64) << 10;
unsigned jobs_for(unsigned jobs, const std::vector<std::uint32_t>& ids, const SourceSet& sources);

// Parses the files `ids` of `sources` into out.book and out.diagnostics.
void parse_files(const std::vector<std::uint32_t>& ids, const SourceSet& sources, CompiledBook& out,
                 unsigned jobs);

// check_book of out.book (resolved) into out.diagnostics. `kept`: where to
// keep the paragraph passes' reports about paragraphs (Compilation::paragraph_reports).
void check_resolved(CompiledBook& out, const SourceSet& sources, unsigned jobs,
                    ParagraphReports* kept = nullptr);
// recheck_file's edit inside paragraphs [first, first + count), all of `file`.
struct EditedParagraphs {
  std::uint32_t file = 0;
  std::size_t first = 0, count = 0;
};
// The checks alone, over out.graph (built already). With `kept` and
// `edited`: the paragraph passes' reports about the other paragraphs are
// taken from `kept`, those about the edited ones made anew (and kept).
void run_checks(CompiledBook& out, const SourceSet& sources, unsigned jobs,
                ParagraphReports* kept = nullptr, const EditedParagraphs* edited = nullptr);

} // namespace talebook
