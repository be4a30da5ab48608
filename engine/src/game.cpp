#include "talebook/engine/game.hpp"

#include <memory>
#include <sstream>

#include "talebook/engine/session.hpp"
#include "talebook/engine/variants.hpp"

namespace talebook::engine {
namespace {

constexpr std::string_view kHeader = "talebook game 1";

// Answers each question from the game's answers; at the first question past
// them it keeps the question and where the transcript stood, and quits.
class Replay : public Chooser {
public:
  // Answers from answers[first] on.
  Replay(const std::vector<std::size_t>& answers, std::size_t first, std::ostringstream& out)
      : used_(first), answers_(answers), out_(out) {}

  int choose(const std::string& question, std::size_t count) override {
    return choose_among(question, std::vector<std::string>(count), nullptr);
  }
  int choose_among(const std::string& question, const std::vector<std::string>& options,
                   const std::vector<std::uint32_t>* labels) override {
    if (used_ < answers_.size()) {
      const std::size_t answer = answers_[used_++];
      if (answer == Game::kQuit) {
        out_ << "> q\n";
        return -1;
      }
      if (answer == Game::kEndOfInput) {
        out_ << "> \n(end of input)\n";
        return kEndOfInput;
      }
      if (answer < options.size()) return static_cast<int>(answer);
      misfit_ = true;
      return -1;
    }
    if (!pending_) {
      pending_ = Question{question, options, {}};
      for (std::size_t i = 0; i < options.size(); ++i)
        pending_->numbers.push_back(labels ? (*labels)[i] : static_cast<std::uint32_t>(i + 1));
      said_ = static_cast<std::size_t>(out_.tellp());
    }
    return -1;
  }

  std::optional<Question> pending_;
  std::size_t said_ = 0; // the transcript's length when pending_ was asked
  std::size_t used_;     // answers given to questions
  bool misfit_ = false;  // an answer past its question's options

private:
  const std::vector<std::size_t>& answers_;
  std::ostringstream& out_;
};

// Keeps a copy of the session as each turn begins, while the answers last:
// the next answer plays on from the last copy kept.
class Keeper : public TurnKeeper {
public:
  Keeper(const Replay& player, std::ostringstream& out) : player_(player), out_(out) {}
  void turn_begins(const Session& session) override {
    if (player_.pending_ || player_.misfit_) return;
    kept_ = std::make_shared<const Session>(session);
    answers_ = player_.used_;
    said_ = static_cast<std::size_t>(out_.tellp());
  }
  std::shared_ptr<const Session> kept_;
  std::size_t answers_ = 0; // the answers the copy has played
  std::size_t said_ = 0;    // what the session had said when it was copied

private:
  const Replay& player_;
  std::ostringstream& out_;
};

// What begin() and restore() refuse in a setup; `start` is its stated
// situation, read.
bool setup_fits(const tbook::Book& book, const GameSetup& setup, std::optional<Start>& start,
                std::string& error) {
  if (book.version().major == 1 && book.version().minor == 0) {
    error = "the book is format 1.0, which lacks resolved matrix rows and treasure paragraphs; "
            "rebuild it with talec build";
    return false;
  }
  if (!setup.start.empty() && !(start = read_start(book, setup.start, error))) return false;
  if (setup.from && !read_from(book, *setup.from, error)) return false;
  if (setup.players < 0 || setup.players > 6) {
    error = "a game has 1 to 6 players";
    return false;
  }
  if (!setup.variant.empty()) {
    const std::optional<Variants> variants = read_variants(setup.variant, error);
    if (!variants) return false;
    error = variants_misfit(*variants, setup.players);
    if (!error.empty()) return false;
  }
  if (setup.players && setup.from) {
    error = "a game of players starts with turns, not from a paragraph";
    return false;
  }
  return true;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

} // namespace

bool Game::replay() {
  std::istringstream no_input;
  std::ostringstream out;
  Replay player(answers_, kept_answers_, out);
  Keeper keeper(player, out);
  if (kept_) {
    Session session(*kept_);
    session.keep_turns(&keeper);
    session.resume(no_input, out, &player);
  } else {
    Session session(*book_, no_input, out, setup_.seed, /*echo=*/true);
    session.automate(&player);
    session.keep_turns(&keeper);
    if (start_) session.start_from(*start_);
    if (setup_.from) session.start_at(*setup_.from);
    session.set_players(setup_.players);
    if (!setup_.variant.empty()) session.set_variant(setup_.variant);
    session.run();
  }
  if (player.misfit_ || player.used_ < answers_.size()) return false;
  question_ = player.pending_;
  transcript_.resize(kept_said_);
  transcript_ += question_ ? out.str().substr(0, player.said_) : out.str();
  if (keeper.kept_) {
    kept_ = std::move(keeper.kept_);
    kept_answers_ = keeper.answers_;
    kept_said_ += keeper.said_;
  }
  return true;
}

std::optional<Game> Game::begin(const tbook::Book& book, GameSetup setup, std::string& error) {
  std::optional<Start> start;
  if (!setup_fits(book, setup, start, error)) return std::nullopt;
  Game game(book, std::move(setup), std::move(start));
  game.replay();
  return game;
}

bool Game::answer(std::size_t index) {
  if (over() || index >= question_->options.size()) return false;
  answers_.push_back(index);
  if (replay()) return true;
  answers_.pop_back(); // cannot happen: the question took the answer
  return false;
}

void Game::quit() {
  if (over()) return;
  answers_.push_back(kQuit);
  replay();
}

void Game::end_input() {
  if (over()) return;
  answers_.push_back(kEndOfInput);
  replay();
}

std::string Game::save() const {
  std::string out(kHeader);
  out += "\nbook " + std::string(book_->title()) + "\nlanguage " + std::string(book_->language()) +
         "\nseed " + std::to_string(setup_.seed) + "\n";
  if (!setup_.start.empty()) out += "start " + setup_.start + "\n";
  if (setup_.from) out += "from " + std::to_string(*setup_.from) + "\n";
  if (setup_.players) out += "players " + std::to_string(setup_.players) + "\n";
  if (!setup_.variant.empty()) out += "variant " + setup_.variant + "\n";
  out += "answers";
  for (std::size_t a : answers_)
    out += a == kQuit         ? std::string(" q")
           : a == kEndOfInput ? std::string(" end")
                              : " " + std::to_string(a + 1);
  return out + "\n";
}

std::optional<Game> Game::restore(const tbook::Book& book, std::string_view saved,
                                  std::string& error) {
  std::istringstream in{std::string(saved)};
  std::string line;
  if (!std::getline(in, line) || line != kHeader) {
    error = "not a saved game: the first line is not '" + std::string(kHeader) + "'";
    return std::nullopt;
  }
  GameSetup setup;
  std::vector<std::size_t> answers;
  bool seeded = false;
  for (int number = 2; std::getline(in, line); ++number) {
    const std::size_t blank = line.find(' ');
    const std::string key = line.substr(0, blank);
    const std::string value = blank == std::string::npos ? "" : line.substr(blank + 1);
    auto fail = [&](const std::string& why) {
      error = "saved game, line " + std::to_string(number) + ": " + why;
      return std::nullopt;
    };
    auto number_of = [](const std::string& text, std::uint64_t& n) {
      if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != text.npos)
        return false;
      n = std::stoull(text);
      return true;
    };
    std::uint64_t n = 0;
    if (key == "book" && value != book.title()) {
      return fail("the game was saved over the book '" + value + "', not '" +
                  std::string(book.title()) + "'");
    } else if (key == "language" && value != book.language()) {
      return fail("the game was saved over a book in '" + value + "', not '" +
                  std::string(book.language()) + "'");
    } else if (key == "seed") {
      if (!number_of(value, n)) return fail("the seed is not a number");
      setup.seed = n;
      seeded = true;
    } else if (key == "start") {
      setup.start = value;
    } else if (key == "from") {
      if (!number_of(value, n) || n > 0xFFFFFFFFu) return fail("'from' is not a paragraph number");
      setup.from = static_cast<std::uint32_t>(n);
    } else if (key == "players") {
      if (!number_of(value, n) || n < 1 || n > 6) return fail("'players' is not 1 to 6");
      setup.players = static_cast<int>(n);
    } else if (key == "variant") {
      setup.variant = value; // checked with the rest of the setup
    } else if (key == "answers") {
      std::istringstream words(value);
      for (std::string word; words >> word;) {
        if (word == "q")
          answers.push_back(kQuit);
        else if (word == "end")
          answers.push_back(kEndOfInput);
        else if (number_of(word, n) && n >= 1 && n <= 0xFFFFu)
          answers.push_back(static_cast<std::size_t>(n - 1));
        else
          return fail("'" + word + "' is not an answer (a number from 1, q or end)");
      }
    } else if (key != "book" && key != "language" && !line.empty() && !starts_with(line, "#")) {
      return fail("unknown line '" + key + "'");
    }
  }
  if (!seeded) {
    error = "saved game: no seed";
    return std::nullopt;
  }
  std::optional<Start> start;
  if (!setup_fits(book, setup, start, error)) return std::nullopt;
  Game game(book, std::move(setup), std::move(start));
  game.answers_ = std::move(answers);
  if (!game.replay()) {
    error = "saved game: its answers do not fit this book's game (a different book, or edited)";
    return std::nullopt;
  }
  return game;
}

} // namespace talebook::engine
