// What each committed grammar rule expected: the messages of syntax errors
// (TB0003 "expected ..."). A rule used in must<> without a message here fails
// to compile (see ParseControl::raise).
#pragma once

#include "grammar/tales.hpp"

namespace talebook {

template <typename Rule> inline constexpr const char* expected = nullptr;

namespace g = grammar;
// clang-format off
template <> inline constexpr const char* expected<g::paragraph_number> = "a paragraph number, 'matrix' or 'card' after '@'";
template <> inline constexpr const char* expected<g::header_tail> = "a paragraph kind and name, or the end of the line";
template <> inline constexpr const char* expected<g::matrix_letter> = "a capital letter naming the matrix";
template <> inline constexpr const char* expected<tao::pegtl::eol> = "the end of the line";
template <> inline constexpr const char* expected<g::sps> = "blanks";
template <> inline constexpr const char* expected<g::option_name> = "an option name after '|'";
template <> inline constexpr const char* expected<tao::pegtl::list_must<g::option_name, g::cell_separator>> = "option names separated by '|'";
template <> inline constexpr const char* expected<g::row_cells> = "cells: a paragraph number, '\xE2\x98\x85' or 'NE'";
template <> inline constexpr const char* expected<g::matrix_cell> = "a cell after '|': a paragraph number, '\xE2\x98\x85' or 'NE'";
template <> inline constexpr const char* expected<g::matrix_row> = "a matrix row 'Adjective: cell | cell ...' or 'Options: ...'";
template <> inline constexpr const char* expected<g::card_kind> = "'character', 'terrain' or 'city' after '@card'";
template <> inline constexpr const char* expected<g::character_body> = "'Name (L): 1st, 2nd, 3rd' on a character card";
template <> inline constexpr const char* expected<g::terrain_body> = "'Name: Terrain n, Terrain n*, ...' on a terrain card";
template <> inline constexpr const char* expected<g::city_body> = "the city's name";
template <> inline constexpr const char* expected<g::city_result> = "a city card result 'n: text'";
template <> inline constexpr const char* expected<g::deck_paragraph> = "a paragraph number after ','";
template <> inline constexpr const char* expected<g::terrain_entry> = "'Terrain n' after ','";
template <> inline constexpr const char* expected<g::award_list> = "an award item after '['";
template <> inline constexpr const char* expected<g::award_item> = "an award item after '/'";
template <> inline constexpr const char* expected<g::award_close> = "']' to close the award group";
// clang-format on

} // namespace talebook
