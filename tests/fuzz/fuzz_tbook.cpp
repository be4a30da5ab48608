// libFuzzer target: the .tbook reader. Each input is opened as it is, and once
// more with its header's file size and checksum repaired, so that mutations
// reach the structural validator and not only the checksum. A file the reader
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

#include "compiler/emit/emit_json.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"

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

// The file size and checksum a writer would have put in the header.
std::string resealed(std::string bytes) {
  using namespace talebook::tbook::layout;
  if (bytes.size() < sizeof(Header)) return bytes;
  std::uint64_t size = bytes.size();
  std::memcpy(bytes.data() + offsetof(Header, file_size), &size, 8);
  std::memset(bytes.data() + checksum_offset, 0, 8);
  std::uint64_t sum =
      fnv1a(fnv_offset, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  std::memcpy(bytes.data() + checksum_offset, &sum, 8);
  return bytes;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  open_and_walk(bytes);
  const std::string sealed = resealed(bytes);
  open_and_walk(sealed);
  mapped_and_walk(sealed);
  return 0;
}
