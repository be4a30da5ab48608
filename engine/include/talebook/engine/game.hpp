// A game as a value, for engine authors: start it from a .tbook and a seed,
// read what it says, answer the question it asks, save it, restore it.
//
//   std::string error;
//   auto game = talebook::engine::Game::begin(book, {/*seed*/ 7}, error);
//   while (game && !game->over()) {
//     show(game->transcript().substr(shown));     // what it said since
//     game->answer(pick(game->question()));       // an index of question().options
//   }
//   std::string saved = game->save();             // text: the seed and the answers
//
// The rules are the reference engine's (docs/play.md). Every random draw comes
// from the seed, so a game is its seed, its start and its answers. A Game
// keeps them, and the game as the current turn began: an answer plays on from
// there (its cost is the turn's, however long the game). talec play is such a
// Game's client: the same seed and answers give the same transcript as `talec
// play --seed S` given those answers (docs/engine.md).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <talebook/reader.hpp>

#include "talebook/engine/start.hpp"

namespace talebook::engine {

class Session;

struct GameSetup {
  std::uint64_t seed = 1;
  // A stated situation (`talec play --start`: "status=wounded,wealth=Rich").
  std::string start;
  // One encounter from this paragraph instead of turns (`talec play --from`).
  std::optional<std::uint32_t> from;
  // The Standard game for this many players, 1-6, to a winner (`talec play
  // --players`); 0: one character with no victory.
  int players = 0;
  // A variant of the Standard game: "storytelling" (rules 17-19, two
  // players or more), "solitaire" (rules 27-29, one player), "zh" (the
  // Chinese rules: their solo game for one player, player against player for
  // more); "merchant" (rule 23: a player may play a merchant) and "quest"
  // (rule 22: or undertake quests), with players; "skills" (rule 26: skills
  // used on other players, two players or more); "statuses" (rule 25: no
  // status limit); "interactive" (rule 24: cards asked of other players'
  // hands, two players or more); several joined by commas
  // ("quest,merchant,skills"); ""
  // for none (talebook/engine/variants.hpp).
  std::string variant;
};

// What the game asks: the question and its options, in the order the
// transcript numbers them (an answer is an index into `options`).
struct Question {
  std::string text;
  std::vector<std::string> options;
  // The number the transcript shows before each option, which a player of
  // `talec play` types: 1, 2, ... or, where the options are numbered by
  // something of their own (an encounter chart by its paragraph), those.
  std::vector<std::uint32_t> numbers;
};

class Game {
public:
  // A new game of `book` (format 1.1 or later; the Book must outlive the
  // Game), played until its first question; nothing, and a message in
  // `error`, when the setup does not fit the book.
  static std::optional<Game> begin(const tbook::Book& book, GameSetup setup, std::string& error);
  // A game saved by save(), played again to where it was saved; nothing, and
  // a message in `error`, for text that is not a saved game of this book.
  static std::optional<Game> restore(const tbook::Book& book, std::string_view saved,
                                     std::string& error);

  // True once the game has ended (death, quit, the --from encounter done):
  // then there is no question.
  bool over() const { return !question_; }
  // The question asked now; only while !over().
  const Question& question() const { return *question_; }
  // Everything the game has said, each answer after its `> ` prompt as a
  // player's answer stands in a transcript of `talec play`.
  const std::string& transcript() const { return transcript_; }
  // Answers the question with option `index`; false (and nothing changes)
  // when the game is over or there is no such option.
  bool answer(std::size_t index);
  // Ends the game as `q` does: the character sheet is said last.
  void quit();
  // Ends the game as the end of talec play's input does ("(end of input)").
  void end_input();

  const GameSetup& setup() const { return setup_; }
  // The answers given, in order; kQuit for a quit, kEndOfInput for end_input().
  const std::vector<std::size_t>& answers() const { return answers_; }
  static constexpr std::size_t kQuit = static_cast<std::size_t>(-1);
  static constexpr std::size_t kEndOfInput = static_cast<std::size_t>(-2);
  // The game as text: a header line, the book's title and language, the seed,
  // the start, the --from paragraph and the answers (as a player types them,
  // from 1; q for a quit, end for the end of input).
  std::string save() const;

private:
  Game(const tbook::Book& book, GameSetup setup, std::optional<Start> start)
      : book_(&book), setup_(std::move(setup)), start_(std::move(start)) {}
  // Plays the game through answers_ from the last turn kept (or its seed),
  // to the next question or the end; false when an answer does not fit the
  // question it meets.
  bool replay();

  const tbook::Book* book_;
  GameSetup setup_;
  std::optional<Start> start_; // setup_.start, read once
  std::vector<std::size_t> answers_;
  std::optional<Question> question_;
  std::string transcript_;
  // The game as its latest turn began (shared by copies of the Game: it never
  // changes), the answers it had played and the length of the transcript then.
  std::shared_ptr<const Session> kept_;
  std::size_t kept_answers_ = 0;
  std::size_t kept_said_ = 0;
};

} // namespace talebook::engine
