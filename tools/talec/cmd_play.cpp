// talec play: the reference engine, a game of the Standard rules over a .tbook.
#include <unistd.h>

#include <iostream>
#include <random>

#include <talebook/reader.hpp>

#include "tools/play/session.hpp"
#include "tools/talec/commands.hpp"

namespace {

const char* const help = R"(usage: talec play FILE.tbook [--seed S]

Plays the Standard game of Tales of the Arabian Nights for one character over a
compiled book (docs/play.md): a character sheet (Destiny, Story, wealth, skills
at Talent or Master, one status, treasures), encounter cards and charts,
reaction matrices, award paragraphs and their awards.

Answers are read line by line from standard input: a number picks a choice, q
quits, and the end of input ends the game, so a session can be scripted. When
the input is not a terminal, each answer is echoed after its prompt.

options:
  --seed S    seed the dice with the number S: the same seed and the same
              answers play the same game; without it a seed is chosen at
              random and printed
  -h, --help  show this help

exit codes: 0 the game ended (quit, end of input or death), 1 the book file is
damaged, 2 usage or I/O failure.
)";

bool parse_seed(const std::string& text, std::uint64_t& seed) {
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  try {
    seed = std::stoull(text);
  } catch (const std::out_of_range&) {
    return false;
  }
  return true;
}

} // namespace

int talec::cmd_play(const Args& args) {
  std::string path;
  std::uint64_t seed = 0;
  bool seeded = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (is_help(arg)) {
      std::cout << help;
      return exit_ok;
    }
    if (arg == "--seed" || arg.rfind("--seed=", 0) == 0) {
      std::string value;
      if (arg == "--seed") {
        if (i + 1 == args.size()) return usage_error("play", "'--seed' needs a number");
        value = args[++i];
      } else {
        value = arg.substr(7);
      }
      if (!parse_seed(value, seed))
        return usage_error("play", "'--seed' needs a number from 0 to 2^64-1, not '" + value + "'");
      seeded = true;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return usage_error("play", "unknown option '" + arg + "'");
    } else if (!path.empty()) {
      return usage_error("play", "one .tbook file only (got '" + path + "' and '" + arg + "')");
    } else {
      path = arg;
    }
  }
  if (path.empty()) return usage_error("play", "which .tbook file? (talec play FILE.tbook)");
  std::string error;
  auto book = talebook::tbook::Book::open_file(path, error);
  if (!book) {
    std::cerr << "talec play: error: " << error << '\n';
    return error.rfind("bad book file", 0) == 0 ? exit_errors : exit_usage;
  }
  if (!seeded) seed = (std::uint64_t(std::random_device{}()) << 32) | std::random_device{}();
  talebook::play::Session session(*book, std::cin, std::cout, seed, !isatty(STDIN_FILENO));
  session.run();
  return exit_ok;
}
