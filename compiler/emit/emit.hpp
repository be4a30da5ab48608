// The emitter: a checked Book -> the bytes of a .tbook file (format 1.x,
// docs/binary-format.md). Deterministic: the same book gives the same bytes on
// every machine, whatever order its sources were read in.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"
#include "compiler/text/files.hpp" // write_file_atomically

namespace talebook {

struct EmitOptions {
  // Pack the strings in blocks (the default, format 1.2: about half the size,
  // and a mapped reader unpacks only the blocks it reads). Unpacked, every
  // string can be read in place.
  bool pack = true;
  // Pack everything after the section table as one stream instead (the form
  // of format 1.1, which any 1.x reader reads; unpacked whole at open).
  bool stream = false;
  // The largest file written (0: the format's, tbook_file_limit()); a larger
  // book is refused with TB0068, reported to `diagnostics` when given.
  std::uint64_t max_file_size = 0;
  Diagnostics* diagnostics = nullptr;
  // Threads that pack the string blocks (0: one per core). The bytes written are
  // the same for any number.
  unsigned jobs = 0;
  // Tests only: changes a string block's packed bytes (pack_strings), or the
  // whole file, before the self-check: an emitter bug it must catch.
  std::function<void(std::string& packed, std::size_t block)> damage_block{};
  std::function<void(std::string& file)> damage_file{};
};

// Writes the book into `out`; returns an empty string on success, else what
// cannot be encoded (a count beyond the format's limits, a name missing from
// the vocabulary, invalid UTF-8...). Nothing is written to `out` on failure.
// The result has been opened and validated by the reader before it is returned.
std::string emit_tbook(const Book& book, const Vocabulary& vocabulary, std::string& out,
                       const EmitOptions& options = {});

// The packed stream of an image's bytes (docs/binary-format.md, "Packing").
std::string pack_image(std::string_view bytes);
// The packed stream of bytes[start..], whose matches may reach back into
// bytes[..start] (a preset dictionary: "String blocks (1.2)").
std::string pack_block(std::string_view bytes, std::size_t start);

// Packs string blocks against one dictionary: greedy, one probe per position
// (faster than pack_block, a few per cent larger). Thread-safe: pack() may run
// on several threads at once.
class BlockPacker {
public:
  explicit BlockPacker(std::string_view dictionary); // kept as a view
  std::string pack(std::string_view block) const;    // the stream of dictionary + block

private:
  std::string_view dictionary_;
  std::vector<std::int32_t> table_;
};

// A string pool cut into blocks of whole strings, each packed against a
// dictionary drawn from the pool (docs/binary-format.md, "String blocks (1.2)"):
// the sections SDIC, SBLK and SDAT.
// Each block is packed on one of `jobs` threads (0: one per core) and unpacked
// again there: a block that does not give back its strings sets `error`. The
// bytes are the same for any number of threads.
struct PackOptions {
  unsigned jobs = 0;
  // Tests only: changes block b's packed bytes before its check (an emitter bug).
  std::function<void(std::string& packed, std::size_t b)> damage{};
};
struct StringBlocks {
  std::string dictionary, blocks, data;
  std::string error; // "internal error: ..." when a block does not unpack to its strings
};
StringBlocks pack_strings(std::string_view pool, const PackOptions& options = {});

// work(0) ... work(count - 1), on `jobs` threads (0: one per core; this thread is one).
void run_parallel(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work);

// The vocabulary entries a .tbook of this book carries, in file order (by kind,
// then order): every wealth level, and each other entry the book uses.
std::vector<std::pair<VocabKind, const VocabEntry*>> tbook_vocabulary(const Book& book,
                                                                      const Vocabulary& vocabulary);

// The cards in file order: by kind, then name, then source order.
std::vector<const Card*> tbook_cards(const Book& book);

} // namespace talebook
