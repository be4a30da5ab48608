// `talec lsp`: the Language Server Protocol 3.17 over a byte stream
// (JSON-RPC 2.0 messages framed by a Content-Length header). The server reads
// requests and notifications, answers each request, and publishes a book's
// diagnostics whenever one of its files is opened or changed.
#pragma once

#include <atomic>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/diagnostics/messages.hpp"
#include "compiler/lsp/background.hpp"
#include "compiler/lsp/positions.hpp"
#include "compiler/lsp/workspace.hpp"

namespace talebook::lsp {

using Json = nlohmann::json;

// A kind's words in `language` (`text`, one of MessageText::*KindWords,
// selects on the kind's keyword): "award paragraph", "奖励段落".
template <class Kind>
std::string kind_in(MessageText text, Kind kind, const std::string& language) {
  return localized(text, {arg::keyword(tbook::name_of(kind))}, language);
}

// Reads one framed message's body. False at the end of the stream; a header
// block without a usable Content-Length sets `error` to the reason, a keyword
// of the protocol_error text ("header_too_long", "no_length", which the server
// writes in its language), and returns true with an empty body.
bool read_message(std::istream& in, std::string& body, std::string& error);
// Writes one message with its Content-Length header.
void write_message(std::ostream& out, const Json& message);

class Server {
public:
  // `language`: the messages' language (talec lsp --lang); empty: the
  // client's `locale` (initialize), else the environment's.
  explicit Server(std::ostream& out, std::string language = {})
      : out_(out), fixed_language_(std::move(language)),
        language_(fixed_language_.empty() ? "en" : fixed_language_) {}
  // Handles one message body (which may be no JSON at all), and checks
  // again what an edit among them changed.
  void handle(std::string_view body);
  // Reads framed messages until `exit` or the end of the stream; the process's exit code.
  int run(std::istream& in);
  bool exited() const { return exited_; }
  // The background compiles of run() so far (read by another thread: tests).
  struct Activity {
    std::atomic<std::size_t> started{0}, cancelled{0}, installed{0};
  };
  const Activity& activity() const { return activity_; }
  Encoding encoding() const { return encoding_; }

private:
  Json dispatch(const std::string& method, const Json& params, bool request);
  Json initialize(const Json& params);
  void did_open(const Json& params);
  void did_change(const Json& params);
  void did_close(const Json& params);
  void receive(std::string_view body);
  // Opened, changed and closed files wait in edited_ to be checked again,
  // in the order they came (coalesced: run()).
  void edited(const std::string& path);
  // Checks what was edited: in place at once, and (in run()) the books to
  // compile whole on threads of their own (a book's compile that an edit made
  // stale is cancelled, and started again with the new texts).
  void check_edited();
  // The background compiles that ended: installed and published, or (cancelled) to start again.
  void settle(std::vector<Background::Done> done);
  // Waits until no book is being compiled (every edit checked).
  void finish_checks();
  // Before a request is answered: waits for the compiles it needs (`edits`:
  // it answers with edits of the texts, so every book must be up to date).
  void ready_for(bool edits);
  // Each file's diagnostics; the other files' only when they changed.
  void publish(LoadedBook& book, const std::string& edited);
  Json diagnostic(const LoadedBook& book, const Diagnostic& d) const;
  // A JSON-RPC error's message (`why`: a keyword of the protocol_error text).
  std::string protocol_error(const char* why) const {
    return localized(MessageText::ProtocolError, {arg::keyword(why)}, language_);
  }

  // Request helpers: the book and byte offset of a textDocument/position.
  struct Place {
    LoadedBook* book = nullptr;
    std::uint32_t file = 0;
    std::uint32_t offset = 0;
  };
  Place place(const Json& params);
  Json location(const LoadedBook& book, SourceRange range) const;
  Json range(const LoadedBook& book, SourceRange range) const;

  Json definition(const Json& params);
  Json references(const Json& params);
  Json hover(const Json& params);
  Json completion(const Json& params);
  Json document_symbols(const Json& params);
  Json workspace_symbols(const Json& params);
  Json code_actions(const Json& params);
  Json inlay_hints(const Json& params);    // hints.cpp
  Json document_links(const Json& params); // hints.cpp
  static Json semantic_tokens_legend();    // semantic_tokens.cpp
  Json semantic_tokens(const Json& params);
  // Renumbering (rename.cpp): what a rename of `o` (what is at `at`, if
  // anything) renumbers, old -> new (`to`; none: only checked, the number's
  // digits put in `name`), refused (an RpcError) with the reason when it cannot.
  std::map<std::uint32_t, std::uint32_t> renumbering(const Place& at, const Occurrence* o,
                                                     std::optional<std::uint32_t> to,
                                                     SourceRange* name);
  // A name renamed (rename_names.cpp): the prepareRename answer (no `to`) or
  // the WorkspaceEdit; none when `o` is no name (a number).
  std::optional<Json> rename_name(const Place& at, const Occurrence* o,
                                  const std::optional<std::string>& to);
  Json prepare_rename(const Json& params);
  Json rename(const Json& params);
  // Play from here (play_lens.cpp): a code lens on each paragraph header that
  // `talec play --from` plays, and the command it runs (play_from_command),
  // one encounter of the book as it is compiled now, its transcript returned.
  static constexpr const char* play_from_command = "talec.playFrom";
  Json code_lenses(const Json& params);
  Json execute_command(const Json& params);

  std::ostream& out_;
  Workspace workspace_;
  std::vector<std::string> edited_;
  Background* background_ = nullptr; // run()'s, while it runs: null in handle()
  Activity activity_;
  // book.json -> the edited files its next whole compile checks (started when
  // no other compile of the book runs)
  std::map<std::string, std::vector<std::string>> pending_;
  std::map<std::string, std::optional<std::int64_t>> versions_; // open files: their version
  // path -> what its diagnostics last sent were made of (server.cpp: fingerprint)
  std::map<std::string, std::optional<std::string>> published_;
  Encoding encoding_ = Encoding::Utf16;
  std::string fixed_language_;
  // Every message to the writer is written in it (before initialize: --lang's, else English).
  std::string language_;
  bool initialized_ = false;
  bool shut_down_ = false;
  bool exited_ = false;
};

} // namespace talebook::lsp
