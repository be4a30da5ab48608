// Parsing `.tales` sources into the book model (the first stage).
#pragma once

#include <cstdint>
#include <span>
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
// The same, with the file's first paragraphs moved into `slots` (then into
// the book's vector): how many went there.
std::size_t parse_tales(std::uint32_t file, const SourceSet& sources, const Vocabulary& vocabulary,
                        Book& book, Diagnostics& diagnostics, std::span<Paragraph> slots);

// The paragraph headers of a file's text, counted without parsing: the lines
// that start with `@` (or `＠`) and an ASCII or full-width digit. As many as
// the paragraphs it holds, but for a header the grammar refuses (one more) or
// one in another script's digits (one less): parse_files sizes the book by it.
std::size_t paragraph_headers(std::string_view text);

// The vocabulary's code punctuation (`punctuation`: forms beyond ASCII, by
// role) as the table the grammar reads. A form of more than one character is
// left out, but `digits`, which lists the digits of a script.
grammar::CodeMarks code_marks(const Vocabulary& vocabulary);

} // namespace talebook
