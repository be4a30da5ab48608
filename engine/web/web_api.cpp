// What JavaScript calls besides the C APIs (engine/web/CMakeLists.txt): the
// functions of talebook/engine.h and talebook/talebook.h that take a 64-bit
// seed or return a talebook_string struct, as plain C strings, which cwrap
// passes as JavaScript strings. The seed is a decimal string, as `talec play
// --seed S` reads it (any 64-bit number, beyond JavaScript's exact integers).
#include <cerrno>
#include <cstdlib>

#include "talebook/engine.h"

extern "C" {

// A new game (talebook_game_begin_with); NULL for a seed that is not a
// decimal number of 64 bits (api.js checks it first) or a setup the book does
// not fit (talebook_game_last_error() says why).
talebook_game* talebook_web_begin(const talebook_book* book, const char* seed, const char* start,
                                  uint32_t from, int players, const char* variant) {
  if (!seed || *seed < '0' || *seed > '9') return nullptr;
  char* end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(seed, &end, 10);
  if (errno == ERANGE || *end != '\0') return nullptr;
  const talebook_game_setup setup = {value, start && *start ? start : nullptr, from, players,
                                     variant && *variant ? variant : nullptr};
  return talebook_game_begin_with(book, &setup);
}

const char* talebook_web_transcript(const talebook_game* game) {
  return talebook_game_transcript(game).data;
}

// The transcript's length in bytes (of UTF-8).
size_t talebook_web_transcript_size(const talebook_game* game) {
  return talebook_game_transcript(game).size;
}

const char* talebook_web_question(const talebook_game* game) {
  return talebook_game_question(game).data;
}

const char* talebook_web_option(const talebook_game* game, size_t index) {
  return talebook_game_option(game, index).data;
}

const char* talebook_web_save(talebook_game* game) {
  return talebook_game_save(game).data;
}

const char* talebook_web_title(const talebook_book* book) {
  return talebook_title(book).data;
}

const char* talebook_web_language(const talebook_book* book) {
  return talebook_language(book).data;
}
}
