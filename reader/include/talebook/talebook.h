/* talebook.h: the C API of the .tbook reader, for engines and language
 * bindings (C#, Rust, Godot, Unity...). Plain C99; the library is C++17 with
 * no dependency beyond the standard library.
 *
 * Opening validates the whole file once; afterwards every call is a
 * constant-time view into the book. Records are addressed by index: a struct
 * that owns a list gives `first_x` and `x_count`, and talebook_x_at(book,
 * first_x + i) reads item i. The *_at functions return 1 on success and 0 for
 * an index out of range (out is then zeroed). Strings point into the book
 * (valid UTF-8, NUL-terminated) and live until talebook_close.
 *
 *   talebook_book* book = talebook_open_file("sample.tbook");
 *   if (!book) { fprintf(stderr, "%s\n", talebook_last_error()); return 1; }
 *   talebook_paragraph p;
 *   if (talebook_find_paragraph(book, 328, &p)) ...
 *   talebook_close(book);
 *
 * The enum values are those of the file and never change within format 1.x.
 */
#ifndef TALEBOOK_TALEBOOK_H
#define TALEBOOK_TALEBOOK_H

#include "talebook/format_version.h"
#include "talebook/kinds.def"
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct talebook_book talebook_book;

typedef struct talebook_string {
  const char* data; /* NUL-terminated; never NULL (an empty string is "") */
  size_t size;      /* bytes, without the NUL */
} talebook_string;

enum {
  TALEBOOK_FORMAT_MAJOR = TALEBOOK_FORMAT_VERSION_MAJOR,
  TALEBOOK_FORMAT_MINOR = TALEBOOK_FORMAT_VERSION_MINOR
};
/* A matrix row that a reference does not carry (a bare `(H)`, a format 1.0 file). */
#define TALEBOOK_NO_ROW 0xFFFFFFFFu

/* The enums of kinds.def (the C++ reader's ParagraphKind, AwardKind...). */
#define TALEBOOK_C_ENUM(prefix, value, c_name, id, words) TALEBOOK_##prefix##_##c_name,
#define TALEBOOK_C_PARAGRAPH(v, c, i, w) TALEBOOK_C_ENUM(PARAGRAPH, v, c, i, w)
#define TALEBOOK_C_AWARD(v, c, i, w) TALEBOOK_C_ENUM(AWARD, v, c, i, w)
#define TALEBOOK_C_LIMIT(v, c, i, w) TALEBOOK_C_ENUM(LIMIT, v, c, i, w)
#define TALEBOOK_C_TERM(v, c, i, w) TALEBOOK_C_ENUM(TERM, v, c, i, w)
#define TALEBOOK_C_QUALIFIER(v, c, i, w) TALEBOOK_C_ENUM(QUALIFIER, v, c, i, w)
#define TALEBOOK_C_CONDITION(v, c, i, w) TALEBOOK_C_ENUM(CONDITION, v, c, i, w)
#define TALEBOOK_C_SEX(v, c, i, w) TALEBOOK_C_ENUM(SEX, v, c, i, w)
#define TALEBOOK_C_EFFECT(v, c, i, w) TALEBOOK_C_ENUM(EFFECT, v, c, i, w)
#define TALEBOOK_C_CELL(v, c, i, w) TALEBOOK_C_ENUM(CELL, v, c, i, w)
#define TALEBOOK_C_ROUTE(v, c, i, w) TALEBOOK_C_ENUM(ROUTE, v, c, i, w)
#define TALEBOOK_C_CARD(v, c, i, w) TALEBOOK_C_ENUM(CARD, v, c, i, w)
#define TALEBOOK_C_VOCAB(v, c, i, w) TALEBOOK_C_ENUM(VOCAB, v, c, i, w)
#define TALEBOOK_C_SHAPE(v, c, i, w) TALEBOOK_C_ENUM(SHAPE, v, c, i, w)
#define TALEBOOK_C_GAME(v, c, i, w) TALEBOOK_C_ENUM(GAME, v, c, i, w)
#define TALEBOOK_C_DECK(v, c, i, w) TALEBOOK_C_ENUM(DECK, v, c, i, w)
#define TALEBOOK_C_ROLE(v, c, i, w) TALEBOOK_C_ENUM(ROLE, v, c, i, w)
#define TALEBOOK_C_CARD_EFFECT(v, c, i, w) TALEBOOK_C_ENUM(CARD_EFFECT, v, c, i, w)
#define TALEBOOK_C_TILE(v, c, i, w) TALEBOOK_C_ENUM(TILE, v, c, i, w)
enum talebook_paragraph_kind { TALEBOOK_PARAGRAPH_KINDS(TALEBOOK_C_PARAGRAPH) };
enum talebook_award_kind { TALEBOOK_AWARD_KINDS(TALEBOOK_C_AWARD) };
enum talebook_wealth_limit { TALEBOOK_WEALTH_LIMITS(TALEBOOK_C_LIMIT) };
enum talebook_award_term { TALEBOOK_AWARD_TERMS(TALEBOOK_C_TERM) };
enum talebook_award_qualifier { TALEBOOK_AWARD_QUALIFIERS(TALEBOOK_C_QUALIFIER) };
enum talebook_condition_kind { TALEBOOK_CONDITION_KINDS(TALEBOOK_C_CONDITION) };
enum talebook_being_sex { TALEBOOK_BEING_SEXES(TALEBOOK_C_SEX) };
enum talebook_effect_kind { TALEBOOK_EFFECT_KINDS(TALEBOOK_C_EFFECT) };
enum talebook_cell_kind { TALEBOOK_CELL_KINDS(TALEBOOK_C_CELL) };
enum talebook_route_kind { TALEBOOK_ROUTE_KINDS(TALEBOOK_C_ROUTE) };
enum talebook_card_kind { TALEBOOK_CARD_KINDS(TALEBOOK_C_CARD) };
enum talebook_vocab_kind { TALEBOOK_VOCAB_KINDS(TALEBOOK_C_VOCAB) };
enum talebook_counter_shape { TALEBOOK_COUNTER_SHAPES(TALEBOOK_C_SHAPE) };
/* 1.7: the game family (TALEBOOK_GAME_MORGENLAND, TALEBOOK_DECK_ATTACK,
   TALEBOOK_ROLE_FLYING, TALEBOOK_CARD_EFFECT_DRAW, TALEBOOK_TILE_RED...). */
enum talebook_game_kind { TALEBOOK_GAME_KINDS(TALEBOOK_C_GAME) };
enum talebook_deck_class { TALEBOOK_DECK_CLASSES(TALEBOOK_C_DECK) };
enum talebook_card_role { TALEBOOK_CARD_ROLES(TALEBOOK_C_ROLE) };
enum talebook_card_effect_kind { TALEBOOK_CARD_EFFECT_KINDS(TALEBOOK_C_CARD_EFFECT) };
enum talebook_tile_colour { TALEBOOK_TILE_COLOURS(TALEBOOK_C_TILE) };
#undef TALEBOOK_C_TILE
#undef TALEBOOK_C_CARD_EFFECT
#undef TALEBOOK_C_ROLE
#undef TALEBOOK_C_DECK
#undef TALEBOOK_C_GAME
#undef TALEBOOK_C_SHAPE
#undef TALEBOOK_C_VOCAB
#undef TALEBOOK_C_CARD
#undef TALEBOOK_C_CELL
#undef TALEBOOK_C_ROUTE
#undef TALEBOOK_C_SEX
#undef TALEBOOK_C_EFFECT
#undef TALEBOOK_C_CONDITION
#undef TALEBOOK_C_QUALIFIER
#undef TALEBOOK_C_TERM
#undef TALEBOOK_C_LIMIT
#undef TALEBOOK_C_AWARD
#undef TALEBOOK_C_PARAGRAPH
#undef TALEBOOK_C_ENUM

typedef struct talebook_vocab_entry {
  uint32_t index;
  int32_t kind; /* talebook_vocab_kind */
  uint32_t order;
  talebook_string id;   /* "courtly_graces" */
  talebook_string name; /* the book's word */
} talebook_vocab_entry;

typedef struct talebook_paragraph {
  uint32_t index;
  uint32_t number;
  int32_t kind; /* talebook_paragraph_kind */
  talebook_string name;
  talebook_string name_id;
  talebook_string prose;
  uint32_t first_section, section_count;       /* talebook_section_at */
  uint32_t first_ref, ref_count;               /* talebook_reference_at */
  uint32_t first_matrix_ref, matrix_ref_count; /* talebook_matrix_ref_at */
  int32_t has_chart;
  uint32_t first_chart_entry, chart_entry_count; /* talebook_chart_entry_at */
  int32_t fallback; /* the source book's text: a translation lacks it (format 1.2) */
} talebook_paragraph;

typedef struct talebook_section {
  uint32_t index;
  talebook_string text;
  uint32_t first_condition, condition_count; /* talebook_condition_at */
  int32_t mandatory;
  int32_t has_award;
  int32_t bracketed;
  uint32_t first_award, award_count; /* talebook_award_at */
  int32_t fallback;                  /* the source book's section (format 1.2) */
} talebook_section;

typedef struct talebook_condition {
  int32_t kind; /* talebook_condition_kind */
  int32_t mandatory;
  int32_t roll_low;
  int32_t roll_high; /* 0 = "and up" */
  talebook_string id;
  talebook_string name;
  uint32_t paragraph; /* treasure: the treasure's paragraph (0 in a format 1.0 file) */
} talebook_condition;

typedef struct talebook_award {
  int32_t kind; /* talebook_award_kind */
  int32_t amount;
  talebook_string id;
  talebook_string name;
  int32_t limit; /* talebook_wealth_limit */
  talebook_string limit_id;
  talebook_string limit_name;
  int32_t term;      /* talebook_award_term */
  int32_t qualifier; /* talebook_award_qualifier */
  uint32_t paragraph;
  uint32_t space; /* format 1.6, MOVE_TO_SPACE: the space's index (talebook_space_at) */
} talebook_award;

typedef struct talebook_award_group {
  uint32_t first_award, award_count;
  int32_t bracketed;
} talebook_award_group;

typedef struct talebook_matrix_ref {
  talebook_string being;
  char letter;
  uint32_t row; /* the being's row in the matrix, or TALEBOOK_NO_ROW */
} talebook_matrix_ref;

typedef struct talebook_chart_entry {
  int32_t roll;
  talebook_string being;
  talebook_string adjective;
  char matrix;
  uint8_t sex;  /* talebook_being_sex (format 1.5): unstated in older files */
  uint32_t row; /* the being's row in the matrix, or TALEBOOK_NO_ROW (format 1.0) */
} talebook_chart_entry;

typedef struct talebook_matrix {
  uint32_t index;
  char letter;
  uint32_t option_count; /* columns: talebook_matrix_option */
  uint32_t row_count;    /* rows: talebook_matrix_row, cells: talebook_matrix_cell */
  int32_t fallback;      /* the source book's matrix (format 1.2) */
} talebook_matrix;

typedef struct talebook_cell {
  int32_t kind; /* talebook_cell_kind */
  uint32_t number;
} talebook_cell;

typedef struct talebook_card {
  uint32_t index;
  int32_t kind; /* talebook_card_kind */
  talebook_string name;
  char matrix;
  uint32_t first_deck, deck_count;       /* talebook_reference_at */
  uint32_t first_terrain, terrain_count; /* talebook_terrain_at */
  uint32_t first_result, result_count;   /* talebook_city_result_at */
  int32_t fallback;                      /* the source book's card (format 1.2) */
} talebook_card;

typedef struct talebook_terrain {
  talebook_string terrain_id;
  talebook_string terrain_name;
  uint32_t paragraph;
  int32_t illustrated;
} talebook_terrain;

/* 1.6: a space of the map (rule 9) and a move out of it. */
typedef struct talebook_space {
  uint32_t index;
  talebook_string name;
  talebook_string terrain_id;
  talebook_string terrain_name;
  uint32_t black;                    /* encounter rolls + it (11.5) */
  int32_t start;                     /* where characters start and win (Baghdad) */
  int32_t wild;                      /* the Wild Area: encounter rolls +2 */
  uint32_t place;                    /* a place of power's paragraph, or 0 */
  uint32_t first_route, route_count; /* talebook_route_at */
  int32_t fallback;                  /* the source book's space */
  /* its products (rule 23.1), talebook_space_product_at; none without a display */
  uint32_t first_product, product_count;
} talebook_space;

typedef struct talebook_route {
  uint32_t space; /* talebook_space_at */
  int32_t kind;   /* talebook_route_kind */
} talebook_route;

/* 1.6: a product of the cities in its box of the Merchant Display (rule 23.1),
   and the trade route counters of one shape in the cup with `wealth` on their
   back (rule 23.5: 0 none, 1 "1 Wealth T/M", 2 "2 Wealth M"). */
typedef struct talebook_product {
  uint32_t index;
  talebook_string name;
  uint32_t row, column; /* its box, from 0 */
  int32_t fallback;     /* the source book's (a translation's) */
} talebook_product;

typedef struct talebook_counter_group {
  int32_t shape; /* talebook_counter_shape */
  uint32_t count;
  uint32_t wealth;
} talebook_counter_group;

/* 1.7: a card of the deck of "Da geht was ab im Morgenland", a story tile of
   Shahrazad (tile `number` is talebook_story_tile_at(book, number)), a line
   of the King's verdicts. */
typedef struct talebook_deck_card {
  uint32_t index;
  int32_t deck_class; /* talebook_deck_class: its stack */
  int32_t role;       /* talebook_card_role */
  talebook_string name;
  talebook_string gloss; /* the English gloss, "" when none */
  talebook_string text;
  int32_t has_scores; /* a Night card (attack or defence): key 1-6 */
  uint32_t attack, defence, key;
  uint32_t copies;                             /* 1-99 */
  int32_t effect;                              /* talebook_card_effect_kind */
  uint32_t effect_amount;                      /* 1-3 for draw, discard, attack and key, else 0 */
  uint32_t first_stopped_by, stopped_by_count; /* talebook_deck_card_ref_at */
  uint32_t first_bars, bars_count;             /* talebook_deck_card_ref_at */
  int32_t fallback;                            /* the source book's card */
} talebook_deck_card;

typedef struct talebook_story_tile {
  uint32_t number;
  int32_t colour; /* talebook_tile_colour */
  talebook_string title;
  int32_t fallback;
} talebook_story_tile;

typedef struct talebook_verdict {
  uint32_t index;
  uint32_t from, to; /* to: 0xFFFFFFFF when open */
  int32_t open;      /* the last, `40+` */
  talebook_string words;
  int32_t fallback;
} talebook_verdict;

typedef struct talebook_city_result {
  int32_t roll;
  talebook_string text;
  uint32_t first_group, group_count;           /* talebook_award_group_at */
  uint32_t first_ref, ref_count;               /* talebook_reference_at */
  uint32_t first_matrix_ref, matrix_ref_count; /* talebook_matrix_ref_at */
} talebook_city_result;

/* ---- opening ------------------------------------------------------------ */

/* NULL on failure: talebook_last_error_info() says what and where (its kind),
   talebook_last_error() in English ("bad book file: ..."). */
talebook_book* talebook_open_file(const char* path);
/* Copies the bytes. */
talebook_book* talebook_open_memory(const void* data, size_t size);
/* Zero-copy: the bytes (e.g. a read-only mapping) must outlive the book. */
talebook_book* talebook_open_borrowed(const void* data, size_t size);
/* Maps the file read-only and reads it in place: a file of format 1.2 is
   checked in parts, each when first read (the C++ Book::open_mapped). An
   accessor that meets a damaged part says 0 (a string: empty) and sets
   talebook_last_error(); talebook_verify checks the whole file at once. A
   file truncated while it is mapped never ends the process (the C++
   Book::open_mapped's SIGBUS guard): the read that meets the missing bytes
   fails with TALEBOOK_ERROR_FILE_CHANGED. */
talebook_book* talebook_open_mapped(const char* path);
/* 1 if the whole file is sound (always, after the other opens); else 0 and
   talebook_last_error() says why. */
int talebook_verify(const talebook_book* book);
void talebook_close(talebook_book* book); /* NULL is fine */
/* The message of this thread's last failed open, or of the last damage an
   accessor met in a mapped book ("" if none): English, for people. */
const char* talebook_last_error(void);

/* What a reader error is (the C++ ReadErrorKind; numbers stable within 1.x). */
enum talebook_error_kind {
#define TALEBOOK_READ_ERROR(name, c_name, layer, text) TALEBOOK_ERROR_##c_name,
#include "talebook/read_errors.def"
#undef TALEBOOK_READ_ERROR
  TALEBOOK_ERROR_KIND_COUNT
};
/* Which of the file's checks refused it (the C++ ReadLayer). */
enum talebook_error_layer {
  TALEBOOK_LAYER_NONE,
  TALEBOOK_LAYER_IO,
  TALEBOOK_LAYER_HEADER,
  TALEBOOK_LAYER_TABLE,
  TALEBOOK_LAYER_SUMS,
  TALEBOOK_LAYER_STRINGS,
  TALEBOOK_LAYER_RECORDS
};
#define TALEBOOK_NO_SECTION (-1)
#define TALEBOOK_NO_RECORD 0xFFFFFFFFu
typedef struct talebook_error_info {
  int32_t kind;      /* talebook_error_kind; TALEBOOK_ERROR_NONE if there was none */
  int32_t layer;     /* talebook_error_layer */
  int32_t section;   /* the record section (the order of talebook_section_name), or
                        TALEBOOK_NO_SECTION */
  uint32_t record;   /* the record, string block or table entry, or TALEBOOK_NO_RECORD */
  const char* field; /* the record's field, or "" when not known */
} talebook_error_info;
/* The error behind talebook_last_error(). out may not be NULL. */
void talebook_last_error_info(talebook_error_info* out);
/* "section_checksum", "bad_reference"...; "" if out of range. */
const char* talebook_error_kind_name(int32_t kind);
/* "paragraphs", "awards"... (the names of the reader's messages); "" if out of range. */
const char* talebook_section_name(int32_t section);

/* ---- the book ------------------------------------------------------------ */

void talebook_format_version(const talebook_book* book, uint32_t* major, uint32_t* minor);
talebook_string talebook_title(const talebook_book* book);
talebook_string talebook_language(const talebook_book* book);
talebook_string talebook_translates(const talebook_book* book);

uint32_t talebook_vocabulary_count(const talebook_book* book);
int talebook_vocabulary_at(const talebook_book* book, uint32_t index, talebook_vocab_entry* out);
/* id is NUL-terminated; 0 if the book has no such entry. */
int talebook_find_vocabulary(const talebook_book* book, int32_t kind, const char* id,
                             talebook_vocab_entry* out);

uint32_t talebook_paragraph_count(const talebook_book* book);
int talebook_paragraph_at(const talebook_book* book, uint32_t index, talebook_paragraph* out);
int talebook_find_paragraph(const talebook_book* book, uint32_t number, talebook_paragraph* out);

int talebook_section_at(const talebook_book* book, uint32_t index, talebook_section* out);
int talebook_condition_at(const talebook_book* book, uint32_t index, talebook_condition* out);
int talebook_award_group_at(const talebook_book* book, uint32_t index, talebook_award_group* out);
int talebook_award_at(const talebook_book* book, uint32_t index, talebook_award* out);
int talebook_reference_at(const talebook_book* book, uint32_t index, uint32_t* number);
int talebook_matrix_ref_at(const talebook_book* book, uint32_t index, talebook_matrix_ref* out);
int talebook_chart_entry_at(const talebook_book* book, uint32_t index, talebook_chart_entry* out);

uint32_t talebook_matrix_count(const talebook_book* book);
int talebook_matrix_at(const talebook_book* book, uint32_t index, talebook_matrix* out);
int talebook_find_matrix(const talebook_book* book, char letter, talebook_matrix* out);
int talebook_matrix_option(const talebook_book* book, uint32_t matrix_index, uint32_t column,
                           talebook_vocab_entry* out);
int talebook_matrix_row(const talebook_book* book, uint32_t matrix_index, uint32_t row,
                        talebook_string* adjective);
int talebook_matrix_cell(const talebook_book* book, uint32_t matrix_index, uint32_t row,
                         uint32_t column, talebook_cell* out);

uint32_t talebook_card_count(const talebook_book* book);
/* 1.5: a city (fate) card's quest half (rule 22.1): 1 and its quest paragraph
   and being, 0 when the card has none (or is no city card). */
int talebook_card_quest(const talebook_book* book, uint32_t card_index, uint32_t* paragraph,
                        talebook_string* being);
int talebook_card_at(const talebook_book* book, uint32_t index, talebook_card* out);
int talebook_terrain_at(const talebook_book* book, uint32_t index, talebook_terrain* out);
int talebook_city_result_at(const talebook_book* book, uint32_t index, talebook_city_result* out);

/* 1.6: the map; no spaces in a book without one. talebook_movement_rate: 1 and
   the land and sea rates of the wealth level whose id is `wealth_id` ("poor"),
   0 when the map gives none. */
uint32_t talebook_space_count(const talebook_book* book);
int talebook_space_at(const talebook_book* book, uint32_t index, talebook_space* out);
int talebook_route_at(const talebook_book* book, uint32_t index, talebook_route* out);
int talebook_movement_rate(const talebook_book* book, const char* wealth_id, uint32_t* land,
                           uint32_t* sea);

/* 1.6: the Merchant Display (rule 23); 0 rows, no products and no counter
   groups in a book without one. talebook_space_product_at: the product index
   (talebook_product_at) of entry `index` of a space's products
   (first_product + i); talebook_find_product: 0 if the display has no product
   of that name (NUL-terminated). */
uint32_t talebook_display_rows(const talebook_book* book);
uint32_t talebook_display_columns(const talebook_book* book);
uint32_t talebook_product_count(const talebook_book* book);
int talebook_product_at(const talebook_book* book, uint32_t index, talebook_product* out);
int talebook_find_product(const talebook_book* book, const char* name, talebook_product* out);
int talebook_space_product_at(const talebook_book* book, uint32_t index, uint32_t* product);
uint32_t talebook_counter_group_count(const talebook_book* book);
int talebook_counter_group_at(const talebook_book* book, uint32_t index,
                              talebook_counter_group* out);

/* 1.7: the game family. talebook_book_game: a talebook_game_kind (TALEBOOK_GAME_TALES
   for a Book of Tales or an older file). The deck (a morgenland book's: none
   in any other); talebook_deck_card_ref_at: the deck card index of entry
   `index` of a card's stopped_by or bars (first_x + i); talebook_find_deck_card:
   0 if the deck has no card of that name (NUL-terminated). The story tiles
   and the verdicts (a shahrazad book's); talebook_verdict_for: the verdict of
   a total score (0 only in a book without verdicts). */
int32_t talebook_book_game(const talebook_book* book);
uint32_t talebook_deck_card_count(const talebook_book* book);
int talebook_deck_card_at(const talebook_book* book, uint32_t index, talebook_deck_card* out);
int talebook_find_deck_card(const talebook_book* book, const char* name, talebook_deck_card* out);
int talebook_deck_card_ref_at(const talebook_book* book, uint32_t index, uint32_t* card);
uint32_t talebook_story_tile_count(const talebook_book* book);
int talebook_story_tile_at(const talebook_book* book, uint32_t number, talebook_story_tile* out);
uint32_t talebook_verdict_count(const talebook_book* book);
int talebook_verdict_at(const talebook_book* book, uint32_t index, talebook_verdict* out);
int talebook_verdict_for(const talebook_book* book, uint32_t score, talebook_verdict* out);

/* Stable lowercase names of enum values ("go_to", "one_use"...); "" if out of range. */
const char* talebook_paragraph_kind_name(int32_t kind);
const char* talebook_award_kind_name(int32_t kind);
const char* talebook_condition_kind_name(int32_t kind);
const char* talebook_card_kind_name(int32_t kind);
const char* talebook_vocab_kind_name(int32_t kind);
const char* talebook_counter_shape_name(int32_t shape);   /* 1.6: "straight", "diagonal"... */
const char* talebook_game_kind_name(int32_t game);        /* 1.7: "tales", "morgenland"... */
const char* talebook_deck_class_name(int32_t deck_class); /* 1.7: "insignia", "attack"... */
const char* talebook_card_role_name(int32_t role);        /* 1.7: "none", "flying"... */
const char* talebook_card_effect_name(int32_t effect);    /* 1.7: "none", "draw"... */
const char* talebook_tile_colour_name(int32_t colour);    /* 1.7: "red", "blue"... */

#ifdef __cplusplus
}
#endif

#endif /* TALEBOOK_TALEBOOK_H */
