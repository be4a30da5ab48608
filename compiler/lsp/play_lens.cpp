// Play from here: a code lens on every paragraph header that `talec play
// --from N` plays (the engine's read_from takes any paragraph of the book:
// a chart is rolled on, any other paragraph read as an encounter reads it),
// and the command it runs, talec.playFrom: one encounter from that paragraph,
// played by the engine library on the book as the server has it compiled now
// (the editor's unsaved buffers), emitted to a .tbook in memory as `talec
// simulate` does. Nothing is read from stdin: each question takes the next of
// the argument's answers, then its first choice (execute_command says when
// not). The transcript is the engine's, the one `talec play --seed S --from N
// --start LIST` prints given the same answers, which the result lists.
#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include <talebook/reader.hpp>

#include "compiler/diagnostics/messages.hpp"
#include "compiler/emit/emit.hpp"
#include "compiler/lsp/params.hpp"
#include "compiler/lsp/server.hpp"
#include "talebook/engine/game.hpp"
#include "talebook/engine/start.hpp"

namespace talebook::lsp {

namespace {

// LSP's RequestFailed: the request is well formed, but what it asks cannot be
// done (a paragraph the book lacks, a book with errors).
constexpr int play_request_failed = -32803;
constexpr std::uint64_t play_default_seed = 1; // a lens's seed
// Questions answered in one game at most: an encounter asks a handful; past
// this the game ends as talec play's does at the end of its input.
constexpr std::size_t play_most_answers = 1000;

// `why`: a keyword of the play_bad_argument text, with its words.
[[noreturn]] void play_bad_argument(const char* why, std::vector<Arg> words = {}) {
  words.insert(words.begin(), arg::keyword(why));
  throw RpcError{rpc::invalid_params, MessageText::PlayBadArgument, std::move(words)};
}
// `why`: a keyword of the play_refused text; the paragraph, a number, the
// reason in the engine's or the emitter's words.
[[noreturn]] void play_refused(const char* why, std::uint32_t paragraph, std::uint64_t number = 0,
                               const std::string& reason = {}) {
  throw RpcError{play_request_failed,
                 MessageText::PlayRefused,
                 {arg::keyword(why), paragraph, number, arg::text(reason)}};
}

// talec.playFrom's one argument: {uri, paragraph, seed?, situation?, answers?}.
struct PlayRequest {
  std::string path; // of `uri`: a file of the book to play
  std::uint32_t paragraph = 0;
  std::uint64_t seed = play_default_seed;
  std::string situation;              // talec play --start LIST; empty: the default character
  std::vector<std::uint32_t> answers; // as a player types them: the numbers the menus show
};

PlayRequest play_request(const Json& params) {
  const Json& arguments = member(params, "arguments");
  if (!arguments.is_array() || arguments.size() != 1 || !arguments[0].is_object())
    play_bad_argument("arguments");
  const Json& a = arguments[0];
  PlayRequest r;
  r.path = path_of_uri(string_member(a, "uri"));
  if (r.path.empty()) play_bad_argument("uri");
  r.paragraph = uinteger_member(a, "paragraph");
  if (const Json* seed = optional_member(a, "seed")) {
    const bool whole =
        seed->is_number_unsigned() || (seed->is_number_integer() && seed->get<std::int64_t>() >= 0);
    if (!whole) play_bad_argument("seed");
    r.seed = seed->get<std::uint64_t>();
  }
  if (const Json* situation = optional_member(a, "situation")) {
    if (!situation->is_string()) play_bad_argument("situation_string");
    r.situation = situation->get<std::string>();
  }
  if (const Json* answers = optional_member(a, "answers")) {
    if (!answers->is_array()) play_bad_argument("answers");
    for (const Json& n : *answers) {
      const bool fits = n.is_number_unsigned() ? n.get<std::uint64_t>() <= UINT32_MAX
                        : n.is_number_integer()
                            ? n.get<std::int64_t>() >= 0 && n.get<std::int64_t>() <= UINT32_MAX
                            : false;
      if (!fits) play_bad_argument("answer", {arg::text(n.dump())});
      r.answers.push_back(static_cast<std::uint32_t>(n.get<std::uint64_t>()));
    }
  }
  return r;
}

// "1, 2, 3": the numbers a question offers but its last (which the
// play_bad_argument text joins with its word for "or").
std::string play_choices(const std::vector<std::uint32_t>& numbers) {
  std::string out;
  for (std::size_t i = 0; i + 1 < numbers.size(); ++i)
    out += (i == 0 ? "" : ", ") + std::to_string(numbers[i]);
  return out;
}

} // namespace

Json Server::code_lenses(const Json& params) {
  Json out = Json::array();
  Place at = place(params);
  if (!at.book) return out;
  const Book& book = at.book->compilation.book;
  const std::string& uri = string_member(member(params, "textDocument"), "uri");
  const std::string title = localized(MessageText::PlayFromHere, {}, language_);
  for (const Paragraph& p : book.paragraphs) {
    if (p.header().file != at.file || !p.header().valid()) continue;
    // A second header of a number (TB0010) plays nothing of its own; a number
    // past a uinteger cannot be an argument.
    if (book.paragraph(p.number) != &p || p.number > max_uinteger) continue;
    Json argument = {
        {"uri", uri}, {"paragraph", p.number}, {"seed", play_default_seed}, {"situation", ""}};
    out.push_back({{"range", range(*at.book, p.header())},
                   {"command",
                    {{"title", title},
                     {"command", play_from_command},
                     {"arguments", Json::array({std::move(argument)})}}}});
  }
  return out;
}

Json Server::execute_command(const Json& params) {
  const std::string& command = string_member(params, "command");
  if (command != play_from_command)
    play_bad_argument("command", {arg::name(command), arg::text(play_from_command)});
  const PlayRequest r = play_request(params);
  LoadedBook* loaded = workspace_.book_of(r.path);
  if (!loaded || loaded->file_id(r.path) == 0) play_bad_argument("not_in_book");
  const Compilation& compilation = loaded->compilation;
  // talec build writes no book with errors, and talec play plays what it wrote.
  if (const std::size_t errors = compilation.diagnostics.errors())
    play_refused("errors", r.paragraph, errors);
  std::string bytes, error;
  EmitOptions emit;
  emit.pack = false; // read in place, never written
  emit.jobs = 1;
  error = emit_tbook(compilation.book, compilation.vocabulary, bytes, emit);
  if (!error.empty()) play_refused("not_built", r.paragraph, 0, error);
  std::unique_ptr<tbook::Book> tbook =
      tbook::Book::open_borrowed(bytes.data(), bytes.size(), error);
  if (!tbook) play_refused("not_built", r.paragraph, 0, error);

  // What talec play --from refuses as usage errors, in its words.
  if (!engine::read_from(*tbook, r.paragraph, error)) throw RpcError{play_request_failed, error};
  if (!r.situation.empty() && !engine::read_start(*tbook, r.situation, error))
    play_bad_argument("situation", {arg::text(error)});
  engine::GameSetup setup;
  setup.seed = r.seed;
  setup.start = r.situation;
  setup.from = r.paragraph;
  std::optional<engine::Game> game = engine::Game::begin(*tbook, setup, error);
  if (!game) play_refused("not_begun", r.paragraph, 0, error);

  // Every answer, as talec play's input would type it. A question asked again
  // with the same choices (a new character's three skills, one menu) takes
  // the first of them not chosen yet: its first choice would be refused
  // again ("You have Acting & Disguise already") for ever.
  Json answered = Json::array();
  std::map<std::vector<std::string>, std::vector<bool>> chosen; // by a question's choices
  std::size_t given = 0;
  while (!game->over()) {
    const engine::Question& q = game->question();
    if (answered.size() >= play_most_answers || q.numbers.empty()) {
      game->end_input();
      break;
    }
    std::vector<bool>& before = chosen[q.options];
    before.resize(q.numbers.size());
    std::size_t index = 0;
    if (given < r.answers.size()) {
      const std::uint32_t typed = r.answers[given];
      index = static_cast<std::size_t>(std::find(q.numbers.begin(), q.numbers.end(), typed) -
                                       q.numbers.begin());
      if (index == q.numbers.size())
        play_bad_argument("not_a_choice",
                          {arg::text(q.text), arg::text(play_choices(q.numbers)), given, typed,
                           q.numbers.size(), q.numbers.empty() ? 0u : q.numbers.back()});
      ++given;
    } else {
      index =
          static_cast<std::size_t>(std::find(before.begin(), before.end(), false) - before.begin());
      if (index == before.size()) { // all chosen once: round again
        before.assign(before.size(), false);
        index = 0;
      }
    }
    before[index] = true;
    answered.push_back(q.numbers[index]);
    if (!game->answer(index))
      throw RpcError{rpc::internal_error,
                     MessageText::PlayRefused,
                     {arg::keyword("engine"), r.paragraph, q.numbers[index], arg::text(q.text)}};
  }
  return {{"transcript", game->transcript()}, {"answers", std::move(answered)}};
}

} // namespace talebook::lsp
