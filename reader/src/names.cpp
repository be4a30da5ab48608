// The C API's names of the enums: the ids of talebook/kinds.hpp.
#include "talebook/kinds.hpp"
#include "talebook/talebook.h"

namespace {

using namespace talebook::tbook;

template <class E> const char* id_of(int32_t value) {
  return value >= 0 && is_kind<E>(std::uint32_t(value)) ? Kind<E>::ids[value] : "";
}

// The C enums are the same lists.
static_assert(TALEBOOK_PARAGRAPH_QUEST + 1 == Kind<ParagraphKind>::count);
static_assert(TALEBOOK_AWARD_USE_ANY_SKILL + 1 == Kind<AwardKind>::count);
static_assert(TALEBOOK_LIMIT_MIN + 1 == Kind<WealthLimit>::count);
static_assert(TALEBOOK_TERM_MASTER_COMPANION + 1 == Kind<AwardTerm>::count);
static_assert(TALEBOOK_QUALIFIER_IF_QUEST + 1 == Kind<AwardQualifier>::count);
static_assert(TALEBOOK_CONDITION_EFFECT + 1 == Kind<ConditionKind>::count);
static_assert(TALEBOOK_EFFECT_ENDS_BY_GIVING + 1 == Kind<EffectKind>::count);
static_assert(TALEBOOK_SEX_FEMALE + 1 == Kind<BeingSex>::count);
static_assert(TALEBOOK_CELL_NO_ENCOUNTER + 1 == Kind<CellKind>::count);
static_assert(TALEBOOK_ROUTE_SEA + 1 == Kind<RouteKind>::count);
static_assert(TALEBOOK_CARD_SPECIAL + 1 == Kind<CardKind>::count);
static_assert(TALEBOOK_VOCAB_TERRAIN + 1 == Kind<VocabKind>::count);
static_assert(TALEBOOK_SHAPE_RIGHT + 1 == Kind<CounterShape>::count);
static_assert(TALEBOOK_AWARD_GO_TO == int(AwardKind::GoTo) &&
              TALEBOOK_CONDITION_TREASURE == int(ConditionKind::Treasure));

} // namespace

extern "C" {
const char* talebook_paragraph_kind_name(int32_t kind) {
  return id_of<ParagraphKind>(kind);
}
const char* talebook_award_kind_name(int32_t kind) {
  return id_of<AwardKind>(kind);
}
const char* talebook_condition_kind_name(int32_t kind) {
  return id_of<ConditionKind>(kind);
}
const char* talebook_card_kind_name(int32_t kind) {
  return id_of<CardKind>(kind);
}
const char* talebook_vocab_kind_name(int32_t kind) {
  return id_of<VocabKind>(kind);
}
const char* talebook_counter_shape_name(int32_t shape) {
  return id_of<CounterShape>(shape);
}
}
