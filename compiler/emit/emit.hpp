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
  // Pack everything after the section table (the default: about half the size).
  // An unpacked file can be mapped and read in place, without a copy.
  bool pack = true;
};

// Writes the book into `out`; returns an empty string on success, else what
// cannot be encoded (a count beyond the format's limits, a name missing from
// the vocabulary, invalid UTF-8...). Nothing is written to `out` on failure.
// The result has been opened and validated by the reader before it is returned.
std::string emit_tbook(const Book& book, const Vocabulary& vocabulary, std::string& out,
                       const EmitOptions& options = {});

// The packed stream of an image's bytes (docs/binary-format.md, "Packing").
std::string pack_image(std::string_view bytes);

// The vocabulary entries a .tbook of this book carries, in file order (by kind,
// then order): every wealth level, and each other entry the book uses.
std::vector<std::pair<VocabKind, const VocabEntry*>> tbook_vocabulary(const Book& book,
                                                                      const Vocabulary& vocabulary);

// The cards in file order: by kind, then name, then source order.
std::vector<const Card*> tbook_cards(const Book& book);

} // namespace talebook
