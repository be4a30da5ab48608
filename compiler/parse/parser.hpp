// Parsing `.tales` sources into the book model (the first stage).
#pragma once

#include <cstdint>
#include <string_view>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"
#include "compiler/text/source.hpp"
#include "grammar/code_marks.hpp"

namespace talebook {

// Parses one file into the book: names stay as written, for the resolver
// (compiler/resolve/resolver.hpp), which runs once every file is parsed.
void parse_tales(std::uint32_t file, const SourceSet& sources, const Vocabulary& vocabulary,
                 Book& book, Diagnostics& diagnostics);

// The vocabulary's code punctuation (`punctuation`: forms beyond ASCII, by
// role) as the table the grammar reads. A form of more than one character is
// left out, but `digits`, which lists the digits of a script.
grammar::CodeMarks code_marks(const Vocabulary& vocabulary);

} // namespace talebook
