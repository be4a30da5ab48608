// A manifest's entry point (`635`, `H`, `Old (H)`): what it names of the book.
#pragma once

#include <cstdint>
#include <string>

#include "compiler/model/model.hpp"

namespace talebook {

struct EntryPoint {
  enum Kind : std::uint8_t { Unknown, Paragraph, Matrix } kind = Unknown;
  std::uint32_t number = 0; // Paragraph: as written
  char letter = 0;          // Matrix
  int row = -1;             // Matrix: the row of `Old (H)`; -1 for the whole matrix (`H`, `(H)`)
};

// What `entry` names: Unknown when it is neither a number nor a matrix (or a
// being of one) of the book; a number is a Paragraph whether or not the book has it.
EntryPoint entry_point(const Book& book, const std::string& entry);

} // namespace talebook
