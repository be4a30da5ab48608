// What each committed grammar rule expected: the keyword of its syntax error
// (TB0003 "expected ..."), which the message `select`s on (the English and
// every translated table spell it out). A rule used in must<> without one here
// fails to compile (see ParseControl::raise).
#pragma once

#include "grammar/tales.hpp"

namespace talebook {

template <typename Rule> inline constexpr const char* expected = nullptr;

namespace g = grammar;
// clang-format off
template <> inline constexpr const char* expected<g::paragraph_number> = "paragraph_number";
template <> inline constexpr const char* expected<g::header_tail> = "header_tail";
template <> inline constexpr const char* expected<g::matrix_letter> = "matrix_letter";
template <> inline constexpr const char* expected<tao::pegtl::eol> = "end_of_line";
template <> inline constexpr const char* expected<g::sps> = "blanks";
template <> inline constexpr const char* expected<g::option_name> = "option_name";
template <> inline constexpr const char* expected<tao::pegtl::list_must<g::option_name, g::cell_separator>> = "option_names";
template <> inline constexpr const char* expected<g::row_cells> = "row_cells";
template <> inline constexpr const char* expected<g::matrix_cell> = "matrix_cell";
template <> inline constexpr const char* expected<g::matrix_row> = "matrix_row";
template <> inline constexpr const char* expected<g::card_kind> = "card_kind";
template <> inline constexpr const char* expected<g::character_body> = "character_body";
template <> inline constexpr const char* expected<g::terrain_body> = "terrain_body";
template <> inline constexpr const char* expected<g::city_body> = "city_body";
template <> inline constexpr const char* expected<g::special_body> = "special_body";
template <> inline constexpr const char* expected<g::city_result> = "city_result";
template <> inline constexpr const char* expected<g::deck_paragraph> = "deck_paragraph";
template <> inline constexpr const char* expected<g::terrain_entry> = "terrain_entry";
template <> inline constexpr const char* expected<g::award_list> = "award_list";
template <> inline constexpr const char* expected<g::award_item> = "award_item";
template <> inline constexpr const char* expected<g::award_close> = "award_close";
template <> inline constexpr const char* expected<g::movement_rate> = "movement_rate";
template <> inline constexpr const char* expected<g::rate_values> = "rate_values";
template <> inline constexpr const char* expected<g::space_body> = "space_body";
template <> inline constexpr const char* expected<g::space_attribute> = "space_attribute";
template <> inline constexpr const char* expected<g::place_number> = "place_number";
template <> inline constexpr const char* expected<g::route_line> = "route_line";
template <> inline constexpr const char* expected<g::route_targets> = "route_targets";
template <> inline constexpr const char* expected<g::route_target> = "route_target";
template <> inline constexpr const char* expected<g::product_names> = "product_names";
template <> inline constexpr const char* expected<g::product_name> = "product_name";
template <> inline constexpr const char* expected<g::display_row> = "display_row";
template <> inline constexpr const char* expected<g::display_box> = "display_box";
template <> inline constexpr const char* expected<g::counter_list> = "counter_list";
template <> inline constexpr const char* expected<g::counter_entry> = "counter_entry";
template <> inline constexpr const char* expected<g::counter_count> = "counter_count";
template <> inline constexpr const char* expected<g::treasury_kind> = "treasury_kind";
template <> inline constexpr const char* expected<g::night_kind> = "night_kind";
template <> inline constexpr const char* expected<g::deck_card_body> = "deck_card_body";
template <> inline constexpr const char* expected<g::deck_card_line> = "deck_card_line";
template <> inline constexpr const char* expected<g::score_values> = "score_values";
template <> inline constexpr const char* expected<g::copies_value> = "copies_value";
template <> inline constexpr const char* expected<g::effect_value> = "effect_value";
template <> inline constexpr const char* expected<g::named_cards> = "named_cards";
template <> inline constexpr const char* expected<g::named_card> = "named_card";
template <> inline constexpr const char* expected<g::tile_body> = "tile_body";
template <> inline constexpr const char* expected<g::tile_colour> = "tile_colour";
template <> inline constexpr const char* expected<g::others_line> = "others_line";
template <> inline constexpr const char* expected<g::other_numbers> = "other_numbers";
template <> inline constexpr const char* expected<g::other_number> = "other_number";
template <> inline constexpr const char* expected<g::verdict_row> = "verdict_row";
template <> inline constexpr const char* expected<g::verdict_to> = "verdict_to";
// clang-format on

} // namespace talebook
