/* A C program that reads a .tbook through the installed C API:
 *   consumer FILE.tbook NUMBER
 * prints the title, the paragraph count, paragraph NUMBER's sections and
 * awards, then what the reader says about a cut copy of the file. */
#include <stdio.h>
#include <stdlib.h>

#include <talebook/talebook.h>

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
