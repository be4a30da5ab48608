// The model's kinds (talebook/kinds.hpp) and its references: a paragraph's
// number as written, a being and its matrix letter.
// (part of the book model: compiler/model/model.hpp)
#pragma once

#include <cstdint>
#include <string_view>

#include "compiler/model/text_ref.hpp"
#include "compiler/text/source.hpp"
#include "talebook/kinds.hpp"

namespace talebook {

// The enums are the .tbook's (talebook/kinds.hpp, one list each, shared with the
// reader and the engine): tbook::name_of gives their ids, to_string the words
// of a compiler message ("place of power").
using tbook::AwardKind;
using tbook::AwardQualifier;
using tbook::AwardTerm;
using tbook::BeingSex;
using tbook::CardKind;
using tbook::CellKind;
using tbook::ConditionKind;
using tbook::EffectKind;
using tbook::ParagraphKind;
using tbook::RouteKind;
using tbook::WealthLimit;
template <class E>
requires requires {
  tbook::Kind<E>::count;
}
inline const char* to_string(E kind) {
  return tbook::words_of(kind);
}
// The stable keyword of a kind ("award", "place"): a diagnostic argument
// that its pattern selects on.
inline const char* keyword(ParagraphKind kind) {
  return tbook::name_of(kind);
}

// A `(134)` in prose, a `Go to 134`, a card number, a `Treasure (154)`...
struct ParagraphRef {
  std::uint32_t number = 0;
  SourceRange range;
};

// `Old Man (H)`: the being as written and the matrix letter.
struct MatrixRef {
  TextRef being; // "Old Man" (may be empty in prose): into the source or the Book's TextStore
  SourceRange range;
  int row = -1; // resolved: index of the being's row in matrix `letter`, -1 when none matched
  char letter = 'A';
};
static_assert(sizeof(MatrixRef) <= 32);

} // namespace talebook
