// The engine's terminal: numbered menus read line by line, so that a session
// can be scripted. `q` quits at any question; the end of input ends the
// session cleanly.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace talebook::engine {

// A player who is not at the terminal (talec simulate): answers each question
// instead of the input.
class Chooser {
public:
  virtual ~Chooser() = default;
  // The index of one of `count` options (0 <= index < count), -1 to quit, or
  // kEndOfInput to end the game as the end of a player's input does.
  static constexpr int kEndOfInput = -2;
  virtual int choose(const std::string& question, std::size_t count) = 0;
  // The same with the options' words and the numbers a player types for them
  // (`labels`; none: 1, 2, ...), which a Game keeps for its question; by
  // default, choose(question, options.size()).
  virtual int choose_among(const std::string& question, const std::vector<std::string>& options,
                           const std::vector<std::uint32_t>* labels) {
    (void)labels;
    return choose(question, options.size());
  }
};

// A line a player typed, read as every terminal of the engine reads it
// (Console, talec play): trimmed; `q` or `Q` quits; digits (nine at most)
// are a number; anything else is neither.
struct TypedAnswer {
  std::string text; // the line, trimmed: what an echo writes
  bool quit = false;
  std::optional<long> number;
};
TypedAnswer read_typed(const std::string& line);
// What is said to an answer that is no option: `counted` options are
// numbered 1 to `count`, the others by numbers of their own.
std::string please_answer(bool counted, std::size_t count);

class Console {
public:
  // `echo` writes each answer after the prompt (for transcripts of piped input).
  Console(std::istream& in, std::ostream& out, bool echo);

  void say(const std::string& line);
  // An empty line, unless the last line written was empty.
  void blank();
  // Prints the question and the options numbered from 1, reads an answer and
  // returns the option's index, or -1 when the player quits or input ends.
  int choose(const std::string& question, const std::vector<std::string>& options);
  // The same with each option printed after its own number (`keys`, one per
  // option, all different): the answer is a key, the result its index.
  int choose_by_key(const std::string& question, const std::vector<std::uint32_t>& keys,
                    const std::vector<std::string>& options);
  // The same for options printed already (by choose or by the caller).
  int choose_again(const std::string& question, const std::vector<std::string>& options);
  // From now on `chooser` answers every question (null: the input again).
  void set_chooser(Chooser* chooser) { chooser_ = chooser; }
  // From now on the console reads `in` and writes `out` (a copy of a session
  // going on elsewhere).
  void rebind(std::istream& in, std::ostream& out) {
    in_ = &in;
    out_ = &out;
  }
  bool quit() const { return quit_; }
  bool input_ended() const { return input_ended_; }

private:
  // Reads answers until one is a number `valid` accepts (-1: quit or end of
  // input); others are told please_answer(counted, count).
  template <typename Valid> long read_number(Valid valid, bool counted, std::size_t count);
  // The chooser's answer; anything out of range quits. With echo, the answer
  // is written after a prompt as a player's would be (`label`: the number
  // the player would type for each option; none: 1, 2, ...).
  int automatic(const std::string& question, const std::vector<std::string>& options,
                const std::vector<std::uint32_t>* labels = nullptr);

  std::istream* in_;
  std::ostream* out_;
  bool echo_;
  Chooser* chooser_ = nullptr;
  bool quit_ = false;
  bool input_ended_ = false;
  bool after_blank_ = true;
};

} // namespace talebook::engine
