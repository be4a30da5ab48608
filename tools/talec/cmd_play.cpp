// talec play: the reference engine, a game of the Standard rules over a .tbook.
#include <unistd.h>

#include <iostream>
#include <random>

#include <talebook/reader.hpp>

#include "talebook/engine/console.hpp"
#include "talebook/engine/game.hpp"
#include "talebook/engine/variants.hpp"
#include "tools/talec/commands.hpp"
#include "tools/talec/play_family.hpp"

namespace {

const char* const help =
    R"(usage: talec play FILE.tbook [--seed S] [--players N] [--variant V]
                  [--start LIST] [--from N]

Plays the Standard game of Tales of the Arabian Nights for one character over a
compiled book (docs/play.md): a character sheet (Destiny, Story, wealth, skills
at Talent or Master, one status, treasures), encounter cards and charts,
reaction matrices, award paragraphs and their awards. In a book with a map
(rule 9), characters start in its start space and move along its routes as
their wealth allows; the terrain, black number and city of the space they
stand on decide the terrain card's chart, the encounter roll and the city
cards they may play. In a book without one, where you stand is yours to say.

A book of the game family (docs/games.md) plays its own game: a Shahrazad
tile set for one or two players (--players, default 1), or the deck of "Da
geht was ab im Morgenland" for two to five (default 2); every player's
questions are asked in turn, at one terminal. --start, --from and --variant
are the Book of Tales'.

Answers are read line by line from standard input: a number picks a choice, q
quits, and the end of input ends the game, so a session can be scripted. When
the input is not a terminal, each answer is echoed after its prompt.

options:
  --seed S    seed the dice with the number S: the same seed and the same
              answers play the same game; without it a seed is chosen at
              random and printed
  --players N the Standard game for N players (1-6): each makes a character
              and chooses a victory formula (Destiny and Story points adding
              up to 20, rule 4.3), the dice say who goes first, and a player
              wins in Baghdad with the formula fulfilled or as Sultan once
              the others have taken one last turn (rules 5 and 6); a player
              may give a wealth level to another in the same space (16.4).
              Without it, one character plays on with no victory
  --variant V a variant, or several joined by commas (quest,merchant,skills):
              storytelling, with --players 2 or more: the Storytelling game
              (rules 17-19): after an encounter's award paragraph its player
              may tell the story, propose an experience and an excellence
              award and a best supporting player, and the others vote.
              solitaire: the Solitaire game for one player (rules 27-29): two
              cards drawn and one kept; you win with your formula, Fabulous
              wealth and two quests fulfilled before the 3rd deck is used up
              (and trades by the Merchant rules). zh: the Chinese rules'
              solo variant, the same three goals before the night's deck runs
              out; with --players 2 or more, their player against player:
              at the end of your turn you may use one of fifteen skills on a
              player in your space for D4 (D2 at Master), and the other may
              pay the same to avoid it, holding the skill, or roll 4 or more
              with Luck or Quick Thinking (docs/play.md).
              merchant, with --players: the Merchant rules (rule 23): a player
              may play a merchant instead of a formula and wins with Fabulous
              wealth in Baghdad; an award 'if Merchant' is a merchant's only;
              in a book with a Merchant Display a merchant who had an
              encounter in a city draws trade route counters for wealth
              levels and places them, or cashes in the routes that lead to
              the city's products (rules 23.1-23.6; Solitaire trades too).
              quest, with --players: the quest rules (rule 22): a player may
              undertake quests instead of a formula, draws a Quest card (the
              'Quest:' half of a city card) from the deck, rolls on its
              table in one of its spaces or extends it with another card,
              fulfils it with a Q:S there or in an encounter with its being,
              and wins with two quests fulfilled in Baghdad.
              skills, with --players 2 or more: rule 26, skills used on other
              players, as the Chinese rules' but for 5 Destiny at Talent (2
              at Master), avoided only by paying with the same skill, and
              with the rulebook's twelve skills (Luck, Major and Minor Magic
              among them).
              statuses: rule 25, no status limit: a character keeps every
              status received until a paragraph or a roll takes it.
              interactive, with --players 2 or more: rule 24, Interactive
              Card Play: each player holds five cards for the others; after
              moving you ask another player for an Encounter card instead of
              drawing, and give back a fate card from your hand (a hand
              without the card asked for is discarded for five new ones);
              a player on a quest asks for a Quest card the same way
  --start LIST
              start from a stated situation, put on the character sheet
              once the character is made: key=value items separated by
              commas; keys destiny and story (0-99), wealth, status (one,
              held as a normal status), treasure (may repeat), enter (an
              opportunity to enter a place of power, by name or number; may
              repeat), space (a space of the book's map, by name: where
              the character stands) and master (a skill the character holds
              at Master; may repeat).
              A status or wealth level is its vocabulary id or the book's
              word, a treasure its name or paragraph number, in any case:
              --start "status=wounded,wealth=Fabulous,treasure=151".
              Fabulous wealth needs a treasure; a word the book does not
              know is a usage error
  --from N    play one encounter from paragraph N instead of turns: once
              the character is made, paragraph N is read (rolled on, if it
              is a chart), its awards and Go to are followed, and the game
              ends. A book needs no card or chart for it, so a writer can
              try a few linked paragraphs; a number that is not a
              paragraph of the book is a usage error
  -h, --help  show this help

exit codes: 0 the game ended (quit, end of input or death), 1 the book file is
damaged or of format 1.0 (rebuild it), 2 usage or I/O failure.
)";

// The game at the terminal: what it says, then each question answered from a
// line of standard input (a number shown, or q). `echo` writes the answer
// after its prompt, as a transcript of piped input shows it.
void play_at_terminal(talebook::engine::Game& game, bool echo) {
  std::size_t shown = 0;
  auto show = [&] {
    std::cout << game.transcript().substr(shown);
    shown = game.transcript().size();
  };
  show();
  while (!game.over()) {
    std::cout << "> " << std::flush;
    // The game's transcript has the answer after its prompt, as the terminal
    // has it already: what follows that line is shown.
    const std::size_t before = game.transcript().size();
    auto answered = [&] { shown = game.transcript().find('\n', before) + 1; };
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::cout << '\n';
      game.end_input();
      answered();
      break;
    }
    const talebook::engine::TypedAnswer answer = talebook::engine::read_typed(line);
    if (echo) std::cout << answer.text << '\n';
    if (answer.quit) {
      game.quit();
      answered();
      break;
    }
    const std::vector<std::uint32_t>& numbers = game.question().numbers;
    bool counted = true; // numbered 1, 2, ...
    for (std::size_t i = 0; i < numbers.size(); ++i)
      counted = counted && numbers[i] == i + 1;
    std::size_t index = numbers.size();
    if (answer.number)
      for (index = 0; index < numbers.size() && numbers[index] != *answer.number; ++index) {
      }
    if (index < numbers.size() && game.answer(index)) {
      answered();
      show();
      continue;
    }
    std::cout << talebook::engine::please_answer(counted, numbers.size()) << '\n';
  }
  show();
}

} // namespace

int talec::cmd_play(const Args& args) {
  std::string path;
  std::uint64_t seed = 0;
  bool seeded = false;
  std::string start_text;
  bool started = false;
  std::optional<std::uint64_t> from_number;
  std::uint64_t players = 0;
  std::string variant;
  ArgScanner scan(args, "play", help);
  for (std::string arg; scan.next(arg);) {
    if (scan.number(arg, {"--seed"}, seed, UINT64_MAX)) {
      seeded = true;
    } else if (scan.number(arg, {"--players"}, players, 6, 1)) {
    } else if (scan.value(arg, {"--variant"}, variant)) {
    } else if (scan.value(arg, {"--start"}, start_text)) {
      started = true;
    } else if (std::uint64_t n = 0; scan.paragraph(arg, {"--from"}, n)) {
      from_number = n;
    } else if (!scan.positional(arg)) {
      break;
    } else if (!path.empty()) {
      return scan.fail("one .tbook file only (got '" + path + "' and '" + arg + "')");
    } else {
      path = arg;
    }
  }
  if (scan.done) return *scan.done;
  if (players && from_number) return usage_error("play", "'--players' and '--from': one at a time");
  talebook::engine::Variants variants;
  if (!variant.empty()) {
    std::string error;
    const std::optional<talebook::engine::Variants> read =
        talebook::engine::read_variants(variant, error);
    if (!read)
      return usage_error("play", "'--variant' is " + std::string(talebook::engine::kVariantNames) +
                                     " (or several, joined by commas), not '" + variant + "'");
    variants = *read;
  }
  if ((variants.merchant || variants.quest) && players < 1)
    return usage_error("play", std::string("'--variant ") +
                                   (variants.merchant ? "merchant" : "quest") +
                                   "' needs '--players N': it is a player's choice of how to win");
  if (variants.storytelling && players < 2)
    return usage_error("play", "'--variant storytelling' needs '--players 2' or more: the others "
                               "vote on the story");
  if (variants.skills && players < 2)
    return usage_error("play", "'--variant skills' needs '--players 2' or more: skills are used "
                               "on other players");
  if (variants.solitaire && players > 1)
    return usage_error("play", "'--variant solitaire' is for one player");
  if (variants.solitaire || (variants.zh && players == 0)) players = 1;
  if (path.empty()) return usage_error("play", "which .tbook file? (talec play FILE.tbook)");
  talebook::tbook::ReadError read_error;
  auto book = talebook::tbook::Book::open_file(path, read_error);
  if (!book) return refuse_tbook("play", read_error, path);
  // Format 1.0 does not carry the matrix rows and treasure paragraphs the
  // compiler resolved, and the engine matches no names.
  if (book->version().major == 1 && book->version().minor == 0) {
    std::cerr << "talec play: error: '" << shown(path)
              << "' is format 1.0, which lacks resolved matrix rows and treasure paragraphs;"
                 " rebuild it with talec build\n";
    return exit_errors;
  }
  if (!seeded) seed = (std::uint64_t(std::random_device{}()) << 32) | std::random_device{}();
  if (book->game() != talebook::tbook::GameKind::tales) {
    if (started || from_number || !variant.empty())
      return usage_error("play", "'--start', '--from' and '--variant' are the Book of Tales'; '" +
                                     shown(path) + "' is a game of the family (docs/games.md)");
    return talec::play_family(*book, seed, players, !isatty(STDIN_FILENO));
  }
  std::optional<talebook::engine::Start> start;
  if (started) {
    std::string error;
    start = talebook::engine::read_start(*book, start_text, error);
    if (!start) return usage_error("play", error);
  }
  std::optional<std::uint32_t> from;
  if (from_number) {
    std::string error;
    from = talebook::engine::read_from(*book, *from_number, error);
    if (!from) return usage_error("play", "'--from': " + error);
  }
  talebook::engine::GameSetup setup;
  setup.seed = seed;
  setup.start = start_text;
  setup.from = from;
  setup.players = static_cast<int>(players);
  setup.variant = variant;
  std::string error;
  auto game = talebook::engine::Game::begin(*book, setup, error);
  if (!game) return usage_error("play", error);
  play_at_terminal(*game, !isatty(STDIN_FILENO));
  return exit_ok;
}
