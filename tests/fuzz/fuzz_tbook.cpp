// libFuzzer target: the .tbook reader. Each input is opened as it is, and once
// more with every sum repaired (the string blocks' sums, the SUMS section's
// per-section and table sums, the header's file size and checksum:
// tests/tbook_reseal.hpp), so that mutations reach the record and string
// checks and not only the sums. A file the reader
// accepts is walked whole (every record, through the JSON dump). The resealed
// input is also opened by Book::open_mapped (from a scratch file: the mapped
// open checks a 1.2 file in parts, each when first read) and walked, and then
// verified whole; damage must come out as BadBookError, never as a bad read.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>

#include "talebook/dump/dump.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "tests/tbook_reseal.hpp"

namespace {

void open_and_walk(const std::string& bytes) {
  std::string error;
  auto book = talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  if (!book) return;
  talebook::tbook_json(*book).dump();
}

void mapped_and_walk(const std::string& bytes) {
  static const std::string path = "/tmp/fuzz_tbook_" + std::to_string(::getpid()) + ".tbook";
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

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  open_and_walk(bytes);
  const std::string sealed = tbook_test::resealed_all(bytes);
  open_and_walk(sealed);
  mapped_and_walk(sealed);
  return 0;
}
