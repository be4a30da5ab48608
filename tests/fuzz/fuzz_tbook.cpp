// libFuzzer target: the .tbook reader. Each input is opened as it is, and once
// more with every sum repaired (the string blocks' sums, the SUMS section's
// per-section and table sums, the header's file size and checksum:
// tests/tbook_reseal.hpp), so that mutations reach the record and string
// checks and not only the sums. A file the reader
// accepts is walked whole (every record, through the JSON dump). The resealed
// input is also opened by Book::open_mapped (from a scratch file: the mapped
// open checks a 1.2 file in parts, each when first read) and walked, and then
// verified whole; damage must come out as BadBookError, never as a bad read.
// The same file is opened mapped through the C API (talebook.h) and walked
// with every accessor; a damaged part is a 0 from it, never a bad read.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>

#include "talebook/dump/dump.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "talebook/talebook.h"
#include "tests/tbook_reseal.hpp"

namespace {

void open_and_walk(const std::string& bytes) {
  std::string error;
  auto book = talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  if (!book) return;
  talebook::tbook_json(*book).dump();
}

const std::string& scratch() {
  static const std::string path = "/tmp/fuzz_tbook_" + std::to_string(::getpid()) + ".tbook";
  return path;
}

void mapped_and_walk(const std::string& bytes) {
  const std::string& path = scratch();
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  std::string error;
  auto book = talebook::tbook::Book::open_mapped(path, error);
  if (!book) return;
  try {
    talebook::tbook_json(*book).dump();
  } catch (const talebook::tbook::BadBookError&) {
  }
  book->verify(error);
}

// Every record the C API reaches from the book's counts and the runs its
// records name, each read at most once a run. A damaged part fails every read
// of it alike: the walk stops after a few failed reads (a damaged section of a
// million records would otherwise be a million failed reads, each an
// exception inside the reader: minutes under ASan).
void c_walk(const std::string& path) {
  talebook_book* book = talebook_open_mapped(path.c_str());
  if (!book) return;
  int failures = 0;
  auto failed = [&failures] { return ++failures > 16; };
  talebook_vocab_entry v;
  for (std::uint32_t i = 0, n = talebook_vocabulary_count(book); i < n; ++i)
    talebook_vocabulary_at(book, i, &v);
  talebook_paragraph p;
  for (std::uint32_t i = 0, n = talebook_paragraph_count(book); i < n; ++i) {
    if (!talebook_paragraph_at(book, i, &p)) {
      if (failed()) break;
      continue;
    }
    talebook_paragraph found;
    talebook_find_paragraph(book, p.number, &found);
    for (std::uint32_t k = 0; k < p.section_count; ++k) {
      talebook_section s;
      if (!talebook_section_at(book, p.first_section + k, &s)) break;
      talebook_condition c;
      for (std::uint32_t j = 0; j < s.condition_count; ++j)
        if (!talebook_condition_at(book, s.first_condition + j, &c)) break;
      talebook_award a;
      for (std::uint32_t j = 0; j < s.award_count; ++j)
        if (!talebook_award_at(book, s.first_award + j, &a)) break;
    }
    std::uint32_t number;
    for (std::uint32_t k = 0; k < p.ref_count; ++k)
      if (!talebook_reference_at(book, p.first_ref + k, &number)) break;
    talebook_matrix_ref m;
    for (std::uint32_t k = 0; k < p.matrix_ref_count; ++k)
      if (!talebook_matrix_ref_at(book, p.first_matrix_ref + k, &m)) break;
    talebook_chart_entry e;
    for (std::uint32_t k = 0; k < p.chart_entry_count; ++k)
      if (!talebook_chart_entry_at(book, p.first_chart_entry + k, &e)) break;
  }
  talebook_matrix m;
  for (std::uint32_t i = 0, n = talebook_matrix_count(book); i < n; ++i) {
    if (!talebook_matrix_at(book, i, &m)) {
      if (failed()) break;
      continue;
    }
    talebook_matrix again;
    talebook_find_matrix(book, m.letter, &again);
    talebook_string adjective;
    talebook_cell cell;
    for (std::uint32_t c = 0; c < m.option_count; ++c)
      if (!talebook_matrix_option(book, i, c, &v)) break;
    for (std::uint32_t r = 0; r < m.row_count && r < 64; ++r) {
      if (!talebook_matrix_row(book, i, r, &adjective)) break;
      for (std::uint32_t c = 0; c < m.option_count && c < 64; ++c)
        if (!talebook_matrix_cell(book, i, r, c, &cell)) break;
    }
  }
  talebook_card card;
  for (std::uint32_t i = 0, n = talebook_card_count(book); i < n; ++i) {
    if (!talebook_card_at(book, i, &card)) {
      if (failed()) break;
      continue;
    }
    talebook_terrain t;
    for (std::uint32_t k = 0; k < card.terrain_count; ++k)
      if (!talebook_terrain_at(book, card.first_terrain + k, &t)) break;
    talebook_city_result r;
    for (std::uint32_t k = 0; k < card.result_count; ++k)
      if (!talebook_city_result_at(book, card.first_result + k, &r)) break;
  }
  talebook_book_game(book); // 1.7: the game family
  talebook_deck_card d;
  for (std::uint32_t i = 0, n = talebook_deck_card_count(book); i < n; ++i) {
    if (!talebook_deck_card_at(book, i, &d)) {
      if (failed()) break;
      continue;
    }
    std::uint32_t target;
    for (std::uint32_t k = 0; k < d.stopped_by_count; ++k)
      if (!talebook_deck_card_ref_at(book, d.first_stopped_by + k, &target)) break;
    for (std::uint32_t k = 0; k < d.bars_count; ++k)
      if (!talebook_deck_card_ref_at(book, d.first_bars + k, &target)) break;
  }
  talebook_story_tile tile;
  for (std::uint32_t i = 0, n = talebook_story_tile_count(book); i < n; ++i)
    if (!talebook_story_tile_at(book, i, &tile) && failed()) break;
  talebook_verdict verdict;
  for (std::uint32_t i = 0, n = talebook_verdict_count(book); i < n; ++i)
    if (!talebook_verdict_at(book, i, &verdict) && failed()) break;
  talebook_verdict_for(book, 25, &verdict);
  talebook_error_info info;
  talebook_last_error_info(&info);
  talebook_verify(book);
  talebook_close(book);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  open_and_walk(bytes);
  const std::string sealed = tbook_test::resealed_all(bytes);
  open_and_walk(sealed);
  mapped_and_walk(sealed);
  c_walk(scratch());
  return 0;
}
