/* A C program that reads a .tbook through the installed C API:
 *   consumer FILE.tbook NUMBER
 * prints the title, the paragraph count, paragraph NUMBER's sections and
 * awards, then what the reader says about a cut copy of the file.
 *   consumer FILE.tbook game
 * prints a game of the family (format 1.7): a deck's cards (the first in
 * full, the copies counted) or a tile set (the first tile) and its verdicts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <talebook/talebook.h>

static int game(talebook_book* book) {
  uint32_t i, copies = 0;
  talebook_deck_card card;
  talebook_story_tile tile;
  talebook_verdict verdict;
  printf("game: %s\n", talebook_game_kind_name(talebook_book_game(book)));
  if (talebook_book_game(book) == TALEBOOK_GAME_MORGENLAND) {
    for (i = 0; i < talebook_deck_card_count(book); ++i) {
      if (!talebook_deck_card_at(book, i, &card)) return 1;
      copies += card.copies;
    }
    printf("deck: %u cards, %u with copies\n", (unsigned)talebook_deck_card_count(book),
           (unsigned)copies);
    if (!talebook_deck_card_at(book, 0, &card)) return 1;
    printf("card 0: %s [%s] %s %s\n", card.name.data, card.gloss.data,
           talebook_deck_class_name(card.deck_class), talebook_card_role_name(card.role));
  } else if (talebook_book_game(book) == TALEBOOK_GAME_SHAHRAZAD) {
    printf("tiles: %u\n", (unsigned)talebook_story_tile_count(book));
    if (!talebook_story_tile_at(book, 0, &tile)) return 1;
    printf("tile 0: %s %s\n", talebook_tile_colour_name(tile.colour), tile.title.data);
    if (!talebook_verdict_for(book, 0, &verdict)) return 1;
    printf("verdicts: %u, at 0: %s\n", (unsigned)talebook_verdict_count(book), verdict.words.data);
  }
  return 0;
}

int main(int argc, char** argv) {
  talebook_book* book;
  talebook_paragraph p;
  uint32_t s, a;
  FILE* f;
  char* bytes;
  long size;
  if (argc != 3) return 2;
  book = talebook_open_file(argv[1]);
  if (!book) {
    printf("error: %s\n", talebook_last_error());
    return 1;
  }
  printf("title: %s\n", talebook_title(book).data);
  if (strcmp(argv[2], "game") == 0) {
    int status = game(book);
    talebook_close(book);
    return status;
  }
  printf("paragraphs: %u\n", (unsigned)talebook_paragraph_count(book));
  if (!talebook_find_paragraph(book, (uint32_t)atoi(argv[2]), &p)) return 1;
  printf("paragraph %u: %u sections\n", (unsigned)p.number, (unsigned)p.section_count);
  for (s = 0; s < p.section_count; ++s) {
    talebook_section section;
    talebook_section_at(book, p.first_section + s, &section);
    for (a = 0; a < section.award_count; ++a) {
      talebook_award award;
      talebook_award_at(book, section.first_award + a, &award);
      printf("  %s %s\n", talebook_award_kind_name(award.kind), award.id.data);
    }
  }
  talebook_close(book);

  f = fopen(argv[1], "rb");
  if (!f) return 2;
  fseek(f, 0, SEEK_END);
  size = ftell(f);
  fseek(f, 0, SEEK_SET);
  bytes = malloc((size_t)size);
  if (!bytes || fread(bytes, 1, (size_t)size, f) != (size_t)size) return 2;
  fclose(f);
  book = talebook_open_memory(bytes, (size_t)size - 1);
  printf("cut: %s\n", book ? "opened" : talebook_last_error());
  talebook_close(book);
  free(bytes);
  return 0;
}
