// The engine's C API (talebook/engine.h) over talebook::engine::Game.
#include "talebook/engine.h"

#include <exception>
#include <string>

#include "talebook/engine/game.hpp"

struct talebook_game {
  talebook::engine::Game game;
  std::string saved; // what talebook_game_save returned last
};

namespace {

thread_local std::string last_error;

talebook_string str(const std::string& s) {
  return {s.c_str(), s.size()};
}

talebook_game* wrap(std::optional<talebook::engine::Game> game, const std::string& error) {
  if (!game) {
    last_error = error;
    return nullptr;
  }
  return new talebook_game{std::move(*game), {}};
}

const talebook::tbook::Book* book_or_error(const talebook_book* handle) {
  const talebook::tbook::Book* book = talebook::tbook::book_of(handle);
  if (!book) last_error = "no book (NULL)";
  return book;
}

const std::string empty;

} // namespace

extern "C" {

talebook_game* talebook_game_begin_with(const talebook_book* handle,
                                        const talebook_game_setup* c_setup) {
  try {
    const talebook::tbook::Book* book = book_or_error(handle);
    if (!book) return nullptr;
    talebook::engine::GameSetup setup;
    if (c_setup) {
      setup.seed = c_setup->seed;
      if (c_setup->start) setup.start = c_setup->start;
      if (c_setup->from) setup.from = c_setup->from;
      setup.players = c_setup->players;
      if (c_setup->variant) setup.variant = c_setup->variant;
    }
    std::string error;
    return wrap(talebook::engine::Game::begin(*book, setup, error), error);
  } catch (const std::exception& e) {
    last_error = e.what();
    return nullptr;
  }
}

talebook_game* talebook_game_begin(const talebook_book* handle, uint64_t seed, const char* start,
                                   uint32_t from) {
  const talebook_game_setup setup = {seed, start, from, 0, nullptr};
  return talebook_game_begin_with(handle, &setup);
}

talebook_game* talebook_game_restore(const talebook_book* handle, const char* saved) {
  try {
    const talebook::tbook::Book* book = book_or_error(handle);
    if (!book) return nullptr;
    std::string error;
    return wrap(talebook::engine::Game::restore(*book, saved ? saved : "", error), error);
  } catch (const std::exception& e) {
    last_error = e.what();
    return nullptr;
  }
}

void talebook_game_free(talebook_game* game) {
  delete game;
}

int talebook_game_over(const talebook_game* game) {
  return !game || game->game.over();
}

talebook_string talebook_game_transcript(const talebook_game* game) {
  return str(game ? game->game.transcript() : empty);
}

talebook_string talebook_game_question(const talebook_game* game) {
  return str(game && !game->game.over() ? game->game.question().text : empty);
}

size_t talebook_game_option_count(const talebook_game* game) {
  return game && !game->game.over() ? game->game.question().options.size() : 0;
}

talebook_string talebook_game_option(const talebook_game* game, size_t index) {
  if (index >= talebook_game_option_count(game)) return str(empty);
  return str(game->game.question().options[index]);
}

uint32_t talebook_game_option_number(const talebook_game* game, size_t index) {
  if (index >= talebook_game_option_count(game)) return 0;
  return game->game.question().numbers[index];
}

int talebook_game_answer(talebook_game* game, size_t index) {
  try {
    if (!game) return 0;
    if (game->game.answer(index)) return 1;
    last_error = game->game.over() ? "the game is over" : "no such option";
    return 0;
  } catch (const std::exception& e) {
    last_error = e.what();
    return 0;
  }
}

void talebook_game_quit(talebook_game* game) {
  try {
    if (game) game->game.quit();
  } catch (const std::exception& e) {
    last_error = e.what();
  }
}

talebook_string talebook_game_save(talebook_game* game) {
  if (!game) return str(empty);
  game->saved = game->game.save();
  return str(game->saved);
}

const char* talebook_game_last_error(void) {
  return last_error.c_str();
}

} // extern "C"
