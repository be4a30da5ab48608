// The compiler's model as JSON, in the shape of `talec dump` (talebook/dump/dump.hpp):
// what the emitter is given, printed as a .tbook of it reads back. A round trip
// is correct when model_json(book) == tbook_json(the file written).
#pragma once

#include <nlohmann/json.hpp>

#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

nlohmann::json model_json(const Book& book, const Vocabulary& vocabulary);

} // namespace talebook
