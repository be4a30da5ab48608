// Parsing `.tales` sources into the book model (the first stage).
#pragma once

#include <cstdint>
#include <string_view>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"
#include "compiler/parse/parser_state.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

// The treasure and place names a file defines (its headers only).
void collect_names(std::string_view text, BookNames& names);
// Parses one file into the book, with the names the whole book defines.
void parse_tales(std::uint32_t file, const SourceSet& sources, const Vocabulary& vocabulary,
                 const BookNames& names, Book& book, Diagnostics& diagnostics);
// Parses one source into the book (no cross-reference checks).
void parse_source(std::uint32_t file, const SourceSet& sources, const Vocabulary& vocabulary,
                  Book& book, Diagnostics& diagnostics);

} // namespace talebook
