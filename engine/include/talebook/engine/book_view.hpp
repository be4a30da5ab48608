// Reading the engine's structs out of a .tbook through the reader library.
#pragma once

#include <string>
#include <vector>

#include <talebook/reader.hpp>

#include "talebook/engine/paragraph.hpp"
#include "talebook/engine/table.hpp"

namespace talebook::engine {

Paragraph read_paragraph(const tbook::Book& book, const tbook::Paragraph& paragraph);
// The awards of one award group (a city card result's `[D2]`).
std::vector<Award> read_award_group(const tbook::Book& book, std::uint32_t group);
// Skill, status and wealth names, heading and award words of the book's vocabulary.
Names read_names(const tbook::Book& book);
// A vocabulary word by kind and id ("no_skill" -> "No Skill"), or the id when
// the book does not carry it (a book carries every heading and award word).
std::string vocabulary_word(const tbook::Book& book, tbook::VocabKind kind, const std::string& id);
// The skill ids of the vocabulary, in its order.
std::vector<std::string> read_skill_ids(const tbook::Book& book);
// Every treasure paragraph (the cup of rule 11.8).
std::vector<HeldTreasure> read_treasures(const tbook::Book& book);

} // namespace talebook::engine
