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
static_assert(TALEBOOK_GAME_SHAHRAZAD + 1 == Kind<GameKind>::count);
static_assert(TALEBOOK_DECK_VAGUWAM + 1 == Kind<DeckClass>::count);
static_assert(TALEBOOK_ROLE_COURT + 1 == Kind<CardRole>::count);
static_assert(TALEBOOK_CARD_EFFECT_PEEK + 1 == Kind<CardEffectKind>::count);
static_assert(TALEBOOK_TILE_YELLOW + 1 == Kind<TileColour>::count);
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
const char* talebook_game_kind_name(int32_t game) {
  return id_of<GameKind>(game);
}
const char* talebook_deck_class_name(int32_t deck_class) {
  return id_of<DeckClass>(deck_class);
}
const char* talebook_card_role_name(int32_t role) {
  return id_of<CardRole>(role);
}
const char* talebook_card_effect_name(int32_t effect) {
  return id_of<CardEffectKind>(effect);
}
const char* talebook_tile_colour_name(int32_t colour) {
  return id_of<TileColour>(colour);
}
}
