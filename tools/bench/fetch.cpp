// tbook_fetch FILE.tbook [N]: times N times (default 20) opening FILE with
// Book::open_mapped and reading one paragraph whole (its prose, sections,
// conditions and awards), a different paragraph each time; prints the median
// and the largest time in milliseconds, then the time of Book::verify. A
// benchmark (tools/bench/run.sh): it prints, it never fails a build.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "talebook/reader.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using talebook::tbook::Book;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Everything an engine reads to show paragraph `index`; a checksum of it.
std::size_t read_paragraph(const Book& book, std::uint32_t number) {
  auto p = book.find_paragraph(number);
  if (!p) return 0;
  std::size_t sum = p->prose.size() + p->name.size();
  for (std::uint32_t s : p->sections) {
    auto section = book.section(s);
    sum += section.text.size();
    for (std::uint32_t c : section.conditions)
      sum += book.condition(c).name.size();
    for (std::uint32_t a : section.awards)
      sum += book.award(a).name.size() + 1;
  }
  return sum;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: tbook_fetch FILE.tbook [N]\n");
    return 2;
  }
  const std::string path = argv[1];
  const int n = argc > 2 ? std::max(1, std::atoi(argv[2])) : 20;
  std::string error;
  std::vector<std::uint32_t> numbers;
  {
    auto book = Book::open_file(path, error);
    if (!book) {
      std::fprintf(stderr, "tbook_fetch: %s\n", error.c_str());
      return 1;
    }
    const std::uint32_t count = book->paragraph_count();
    for (int i = 0; i < n && count > 0; ++i)
      numbers.push_back(
          book->paragraph(std::uint32_t((std::uint64_t(i) * 7919 + count / 2) % count)).number);
  }
  std::vector<double> times, cpu;
  std::size_t sum = 0;
  for (std::uint32_t number : numbers) {
    auto start = Clock::now();
    std::clock_t cpu_start = std::clock();
    auto book = Book::open_mapped(path, error);
    if (!book) {
      std::fprintf(stderr, "tbook_fetch: %s\n", error.c_str());
      return 1;
    }
    sum += read_paragraph(*book, number);
    times.push_back(ms_since(start));
    cpu.push_back(1000.0 * double(std::clock() - cpu_start) / CLOCKS_PER_SEC);
  }
  std::sort(times.begin(), times.end());
  std::sort(cpu.begin(), cpu.end());
  auto book = Book::open_mapped(path, error);
  auto start = Clock::now();
  bool ok = book && book->verify(error);
  double verify = ms_since(start);
  std::printf("open_mapped + one paragraph: median %.2f ms wall, %.2f ms CPU; max %.2f ms wall "
              "(%zu runs, %zu bytes read); verify %.0f ms%s\n",
              times[times.size() / 2], cpu[cpu.size() / 2], times.back(), times.size(), sum, verify,
              ok ? "" : " (failed)");
  return 0;
}
