// tales_recognise BOOK [RUNS]: the bare `.tales` grammar (grammar/tales.hpp)
// over a book's sources, with no actions (pegtl::nothing) and PEGTL's own
// control: what recognising the text costs, to compare with `talec check`.
// Each source is parsed RUNS times (default 3) with lazy positions
// (tracking_mode::lazy, as the compiler parses) and with eager ones; prints
// the bytes and the median wall and CPU time of each mode. A benchmark
// (tools/bench/run.sh): it prints, it never fails a build.
//
// What the grammar needs, minimally: a state whose `code_marks` points to the
// table of the book's own code punctuation (grammar/code_marks.hpp: Chinese
// `。` and `、`), built from the book's vocabulary with the parser's
// code_marks(); the manifest and the vocabulary are read before the clock
// starts, and the sources are read into memory. Without actions a name
// heading is any name before a colon (the compiler's semantic check of a
// heading against the vocabulary is an action) and nothing is stored.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <tao/pegtl.hpp>

#include "compiler/driver/book_loader.hpp"
#include "compiler/parse/parser.hpp"
#include "grammar/tales.hpp"

namespace {

namespace pegtl = tao::pegtl;
using Clock = std::chrono::steady_clock;

// The one thing the grammar reads from a state (code_char, code_digit).
struct RecogniserState {
  const talebook::grammar::CodeMarks* code_marks = nullptr;
};

struct Times {
  std::vector<double> wall, cpu;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Parses every text once in mode `Tracking`; false when one is not a `file`.
template <pegtl::tracking_mode Tracking>
bool recognise_all(const std::vector<std::string>& texts, RecogniserState& state, Times& times) {
  auto start = Clock::now();
  std::clock_t cpu_start = std::clock();
  bool ok = true;
  for (const std::string& text : texts) {
    pegtl::memory_input<Tracking, pegtl::eol::lf_crlf> in(text.data(), text.size(), "");
    try {
      ok = pegtl::parse<talebook::grammar::file>(in, state) && ok;
    } catch (const pegtl::parse_error&) {
      ok = false;
    }
  }
  times.wall.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  times.cpu.push_back(double(std::clock() - cpu_start) / CLOCKS_PER_SEC);
  return ok;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: tales_recognise BOOK [RUNS]\n");
    return 2;
  }
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  talebook::Manifest manifest;
  talebook::Vocabulary vocabulary;
  if (talebook::LoadError e = talebook::load_manifest(argv[1], manifest); !e.empty()) {
    std::fprintf(stderr, "tales_recognise: %s\n", e.message.c_str());
    return 1;
  }
  if (talebook::LoadError e = vocabulary.load_file(manifest.vocabulary); !e.empty()) {
    std::fprintf(stderr, "tales_recognise: %s\n", e.message.c_str());
    return 1;
  }
  std::vector<std::string> texts;
  std::size_t bytes = 0;
  for (const std::string& path : talebook::source_files(manifest)) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    texts.push_back(std::move(text).str());
    if (!texts.back().empty() && texts.back().back() != '\n') texts.back() += '\n'; // as the parser
    bytes += texts.back().size();
  }
  const talebook::grammar::CodeMarks marks = talebook::code_marks(vocabulary);
  RecogniserState state{&marks};
  Times lazy, eager;
  bool ok = true;
  for (int r = 0; r < runs; ++r) {
    ok = recognise_all<pegtl::tracking_mode::lazy>(texts, state, lazy) && ok;
    ok = recognise_all<pegtl::tracking_mode::eager>(texts, state, eager) && ok;
  }
  std::printf("tales_recognise: %zu bytes in %zu files, median of %d runs%s\n", bytes, texts.size(),
              runs, ok ? "" : " (a file did not match)");
  std::printf("lazy positions: %.4f s wall %.4f s cpu\n", median(lazy.wall), median(lazy.cpu));
  std::printf("eager positions: %.4f s wall %.4f s cpu\n", median(eager.wall), median(eager.cpu));
  return ok ? 0 : 1;
}
