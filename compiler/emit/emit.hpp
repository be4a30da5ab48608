// The emitter: a checked Book -> the bytes of a .tbook file (format 1.x,
// docs/binary-format.md). Deterministic: the same book gives the same bytes on
// every machine, whatever order its sources were read in.
#pragma once

#include <string>
#include <string_view>
#include <vector>

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

// A string pool cut into blocks of whole strings, each packed against a
// dictionary drawn from the pool (docs/binary-format.md, "String blocks (1.2)"):
// the sections SDIC, SBLK and SDAT.
struct StringBlocks {
  std::string dictionary, blocks, data;
};
StringBlocks pack_strings(std::string_view pool);

// The vocabulary entries a .tbook of this book carries, in file order (by kind,
// then order): every wealth level, and each other entry the book uses.
std::vector<std::pair<VocabKind, const VocabEntry*>> tbook_vocabulary(const Book& book,
                                                                      const Vocabulary& vocabulary);

// The cards in file order: by kind, then name, then source order.
std::vector<const Card*> tbook_cards(const Book& book);

} // namespace talebook
