// A .tbook as JSON, read through the reader library only: what `talec dump`
// prints, and what an engine author links (talebook::dump) to see a book.
// The compiler's model prints in the same shape (compiler/model/model_json.hpp,
// built with the same object builders, talebook/dump/shape.hpp): a round trip
// is correct when the two are equal.
//
// Shape: {"title", "language", "translates", "vocabulary": [{kind, id, name,
// order}], "paragraphs": [{number, kind, name, name_id, prose, sections: [{
// conditions: [{kind, mandatory, id?, name?, paragraph? (a treasure's), roll_low?,
// roll_high?}], mandatory, text, award?: {bracketed, awards: [...]}}], refs,
// matrix_refs: [{being, letter, row?}], chart?: [{roll, being, adjective, matrix, row?}],
// fallback? (true: a translation's record that holds its source's text)}],
// "matrices": [{letter, options: [{id, name}], rows: [{adjective, cells}]}],
// "cards": [...]}; paragraphs by number, matrices by letter, cards as in the
// file. An award carries its kind and only the fields that kind uses.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "talebook/reader.hpp"

namespace talebook {

nlohmann::json tbook_json(const tbook::Book& book);
nlohmann::json tbook_paragraph_json(const tbook::Book& book, const tbook::Paragraph& paragraph);

// The file's records as stored, walked by the schema (talebook/records.hpp):
// {"PARA": {"name": "paragraphs", "records": [{field: number, ...,
// "strings": {field: text}}]}, "PREF": {"name", "records": [u32...]}, ...}, a
// key a record section of the file (all of them, or the one of `only`, a tag);
// in the file's order, fields in the record's; reserved fields are left out. Throws
// std::invalid_argument for an unknown tag.
nlohmann::ordered_json tbook_records_json(const tbook::Book& book, const std::string& only = "");

} // namespace talebook
