/* A game engine's main in C over the installed engine's C API (talebook/engine.h):
 *   consumer_game FILE.tbook SEED < answers
 * answers each question with the option whose number a line types (as a
 * player of `talec play` types it), then prints the game's transcript; the
 * game saved and restored must say the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <talebook/engine.h>

int main(int argc, char** argv) {
  talebook_book* book;
  talebook_game* game;
  talebook_game* again;
  char line[64];
  int status = 0;
  if (argc != 3) return 2;
  book = talebook_open_file(argv[1]);
  if (!book) {
    printf("error: %s\n", talebook_last_error());
    return 1;
  }
  game = talebook_game_begin(book, strtoull(argv[2], NULL, 10), NULL, 0);
  if (!game) {
    printf("error: %s\n", talebook_game_last_error());
    talebook_close(book);
    return 1;
  }
  while (!talebook_game_over(game) && fgets(line, sizeof line, stdin)) {
    unsigned long typed = strtoul(line, NULL, 10);
    size_t i, count = talebook_game_option_count(game);
    for (i = 0; i < count && talebook_game_option_number(game, i) != typed; ++i) {
    }
    if (i == count || !talebook_game_answer(game, i)) {
      printf("error: no option %lu\n", typed);
      status = 1;
      break;
    }
  }
  fputs(talebook_game_transcript(game).data, stdout);
  again = talebook_game_restore(book, talebook_game_save(game).data);
  if (!again || strcmp(talebook_game_transcript(again).data, talebook_game_transcript(game).data)) {
    fprintf(stderr, "the restored game differs: %s\n", talebook_game_last_error());
    status = 1;
  }
  talebook_game_free(again);
  talebook_game_free(game);
  talebook_close(book);
  return status;
}
