// What a .tbook of a book carries, and in which order, decided from the model:
// the emitter writes it so (compiler/emit/emit.cpp) and model_json prints it so
// (compiler/model/model_json.hpp).
#pragma once

#include <utility>
#include <vector>

#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

// The vocabulary entries a .tbook of this book carries, in file order (by kind,
// then order): every wealth level, and each other entry the book uses.
std::vector<std::pair<VocabKind, const VocabEntry*>> tbook_vocabulary(const Book& book,
                                                                      const Vocabulary& vocabulary);

// The cards in file order: by kind, then name, then source order.
std::vector<const Card*> tbook_cards(const Book& book);

} // namespace talebook
