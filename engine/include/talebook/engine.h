/* engine.h: the C API of the reference engine (talebook/engine/game.hpp), for
 * engines and front ends in other languages. Plain C99 over the reader's C API
 * (talebook.h): a game is started from an open book and a seed, asks one
 * question at a time and takes the index of an option; it can be saved as
 * text and restored. The same seed and answers play the same game.
 *
 *   talebook_book* book = talebook_open_file("sample.tbook");
 *   talebook_game* game = talebook_game_begin(book, 7, NULL, 0);
 *   while (game && !talebook_game_over(game)) {
 *     fputs(talebook_game_transcript(game).data + shown, stdout);
 *     talebook_game_answer(game, pick(game));  // 0 .. option_count - 1
 *   }
 *   talebook_game_free(game);
 *   talebook_close(book);                      // after every game over it
 *
 * Strings returned by talebook_game_* live until the next call that changes
 * the game (answer, quit, free). On failure a function returns NULL or 0 and
 * talebook_game_last_error() says why (per thread).
 */
#ifndef TALEBOOK_ENGINE_H
#define TALEBOOK_ENGINE_H

#include "talebook/talebook.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct talebook_game talebook_game;

/* A new game of `book`, played to its first question. `start` is a stated
 * situation ("status=wounded,wealth=Rich") or NULL; `from` a paragraph to play
 * one encounter from, or 0 for turns. NULL when they do not fit the book. */
talebook_game* talebook_game_begin(const talebook_book* book, uint64_t seed, const char* start,
                                   uint32_t from);
/* A game of any setup (talebook/engine/game.hpp's GameSetup): */
typedef struct talebook_game_setup {
  uint64_t seed;
  const char* start;   /* a stated situation, or NULL */
  uint32_t from;       /* one encounter from this paragraph, or 0 for turns */
  int players;         /* 1-6: the Standard game to a winner; 0: one character, no victory */
  const char* variant; /* NULL, "storytelling" (2+ players), "solitaire" (1 player), "zh" (1
                          player: solo; more: player against player), "merchant" or "quest"
                          (with players: rules 23, 22), "skills" (rule 26, 2+ players),
                          "statuses" (rule 25), "interactive" (rule 24, 2+ players), or
                          several joined by commas */
} talebook_game_setup;
talebook_game* talebook_game_begin_with(const talebook_book* book,
                                        const talebook_game_setup* setup);
/* A game saved by talebook_game_save, played again to where it was saved. */
talebook_game* talebook_game_restore(const talebook_book* book, const char* saved);
void talebook_game_free(talebook_game* game); /* NULL is fine */

/* 1 once the game has ended (then there is no question), else 0. */
int talebook_game_over(const talebook_game* game);
/* Everything the game has said so far, each answer after its "> " prompt. */
talebook_string talebook_game_transcript(const talebook_game* game);
/* The question asked now and its options ("" and 0 once over). */
talebook_string talebook_game_question(const talebook_game* game);
size_t talebook_game_option_count(const talebook_game* game);
talebook_string talebook_game_option(const talebook_game* game, size_t index);
/* The number a player of `talec play` types for option `index` (1, 2, ... or,
 * for an encounter chart, its paragraph); 0 for no such option. */
uint32_t talebook_game_option_number(const talebook_game* game, size_t index);

/* Answers with option `index`: 1, or 0 (nothing changes) when there is no
 * such option or the game is over. */
int talebook_game_answer(talebook_game* game, size_t index);
/* Ends the game as a player's `q` does. */
void talebook_game_quit(talebook_game* game);
/* The game as text for talebook_game_restore. */
talebook_string talebook_game_save(talebook_game* game);

/* Why the last talebook_game_* call of this thread failed. */
const char* talebook_game_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
