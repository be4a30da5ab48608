// The protocol half of the server: framing, JSON-RPC, the life cycle
// (initialize, shutdown, exit), document sync and diagnostics. The requests
// about the book are in server_requests.cpp.
#include "compiler/lsp/server.hpp"

#include "compiler/diagnostics/messages.hpp"
#include "compiler/lsp/inbox.hpp"
#include "compiler/lsp/params.hpp"

#include <algorithm>
#include <functional>
#include <istream>
#include <iterator>
#include <ostream>

namespace talebook::lsp {
namespace {

// A document's version (didOpen, didChange), sent back with its diagnostics.
std::optional<std::int64_t> version_of(const Json& document) {
  const Json* version = optional_member(document, "version");
  if (!version || !version->is_number_integer()) return std::nullopt;
  return version->get<std::int64_t>();
}

using namespace rpc;

Json error_response(const Json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

bool valid_id(const Json& id) {
  return id.is_string() || id.is_number_integer() || id.is_null();
}

// A JSON-RPC error of the protocol (`why`: a keyword of the protocol_error text).
RpcError protocol_refusal(int code, const char* why) {
  return {code, MessageText::ProtocolError, {arg::keyword(why)}};
}

int severity_of(Severity s) {
  switch (s) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  default:
    return 3;
  }
}

// JSON nested deeper than any request (nlohmann::json frees a value
// recursively: a million brackets would overflow the stack).
bool too_deep(std::string_view body) {
  constexpr int most = 256;
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > most) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

// One header line without its end into `line`, of which at most `most`
// bytes are kept (`too_long` when there were more); false at the end of the
// stream with nothing read.
bool header_line(std::istream& in, std::string& line, bool& too_long) {
  constexpr std::size_t most = 4096; // a header is a name and a number
  line.clear();
  bool any = false;
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    any = true;
    if (c == '\n') return true;
    if (line.size() < most)
      line.push_back(char(c));
    else
      too_long = true;
  }
  return any;
}

} // namespace

bool read_message(std::istream& in, std::string& body, std::string& error) {
  body.clear();
  error.clear();
  std::string line;
  long long length = -1;
  bool any = false, too_long = false;
  while (header_line(in, line, too_long)) {
    any = true;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) break;
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    for (char& c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name != "content-length") continue;
    try {
      length = std::stoll(line.substr(colon + 1));
    } catch (const std::exception&) {
      length = -1;
    }
  }
  if (!any) return false;
  if (too_long) {
    error = "header_too_long";
    return true;
  }
  constexpr long long most = 64ll << 20; // no editor sends a 64 MB message
  if (length < 0 || length > most) {
    error = "no_length";
    return true;
  }
  body.resize(static_cast<std::size_t>(length));
  in.read(body.data(), length);
  if (in.gcount() != length) {
    body.resize(static_cast<std::size_t>(in.gcount()));
    return !body.empty();
  }
  return true;
}

void write_message(std::ostream& out, const Json& message) {
  std::string body = message.dump(-1, ' ', false, Json::error_handler_t::replace);
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

// Edits are coalesced: the books are checked again once no message waits
// (five changes sent at once are checked once, with the last text), or
// before a request is answered (it sees every edit before it). An edit
// that compiles a book whole compiles it on a thread of its own: meanwhile
// requests are answered from the book as last checked, and a new edit of
// the book cancels the compile and starts it again once no message waits.
int Server::run(std::istream& in) {
  Inbox inbox;
  Background background([&inbox] { inbox.compiled(); });
  background_ = &background;
  // The reading thread must not flush the output (std::cin is tied to
  // std::cout), which this thread writes.
  std::ostream* tied = in.tie(nullptr);
  inbox.read_from(in);
  for (bool end = false; !end && !exited_;) {
    Inbox::Item item = inbox.pop();
    switch (item.kind) {
    case Inbox::Item::Message:
      receive(item.body);
      break;
    case Inbox::Item::BadFrame:
      write_message(out_, error_response(nullptr, parse_error, protocol_error(item.body.c_str())));
      break;
    case Inbox::Item::Compiled:
      settle(background.ended());
      break;
    case Inbox::Item::End: // what was sent is checked before the server stops
      end = true;
      finish_checks();
      break;
    }
    if (!end && !exited_ && inbox.empty()) check_edited();
  }
  background_ = nullptr; // its jobs are cancelled and joined as it goes
  in.tie(tied);
  return shut_down_ ? 0 : 1;
}

void Server::handle(std::string_view body) {
  receive(body);
  check_edited();
}

void Server::check_edited() {
  std::vector<std::string> paths = std::move(edited_);
  edited_.clear();
  for (const std::string& path : paths) {
    Workspace::Deferral deferral;
    if (background_) deferral.busy = background_->busy();
    for (LoadedBook* book : workspace_.recompile(path, background_ ? &deferral : nullptr))
      publish(*book, path);
    for (const std::string& manifest : deferral.compile) {
      std::vector<std::string>& waiting = pending_[manifest];
      if (std::find(waiting.begin(), waiting.end(), path) == waiting.end()) waiting.push_back(path);
    }
  }
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (background_->running(it->first)) { // stale: started again once it stops
      background_->cancel(it->first);
      ++it;
      continue;
    }
    background_->start(it->first, workspace_.buffers(), std::move(it->second));
    ++activity_.started;
    it = pending_.erase(it);
  }
}

void Server::settle(std::vector<Background::Done> done) {
  for (Background::Done& d : done) {
    if (d.book->compilation.cancelled) { // its edits wait for the next compile
      ++activity_.cancelled;
      std::vector<std::string>& waiting = pending_[d.book->manifest];
      for (std::string& path : d.paths)
        if (std::find(waiting.begin(), waiting.end(), path) == waiting.end())
          waiting.push_back(std::move(path));
      continue;
    }
    LoadedBook* book = workspace_.install(std::move(d.book));
    ++activity_.installed;
    for (const std::string& path : d.paths)
      if (book->own.count(path) || book->file_id(path)) publish(*book, path);
  }
}

void Server::finish_checks() {
  check_edited();
  while (background_ && background_->any()) {
    settle(background_->wait());
    check_edited();
  }
}

void Server::ready_for(bool edits) {
  check_edited();
  if (!background_ || !background_->any()) return;
  // A book compiled for the first time has no earlier state to answer from.
  bool first = false;
  for (const std::string& manifest : background_->busy())
    first = first || !workspace_.loaded(manifest);
  if (edits || first) finish_checks();
}

void Server::edited(const std::string& path) {
  if (std::find(edited_.begin(), edited_.end(), path) == edited_.end()) edited_.push_back(path);
}

void Server::receive(std::string_view body) {
  if (too_deep(body)) {
    write_message(out_, error_response(nullptr, parse_error, protocol_error("nested")));
    return;
  }
  Json message = Json::parse(body, nullptr, false);
  if (message.is_discarded()) {
    write_message(out_, error_response(nullptr, parse_error, protocol_error("no_json")));
    return;
  }
  bool has_id = message.is_object() && message.contains("id");
  Json id = has_id && valid_id(message["id"]) ? message["id"] : Json();
  if (!message.is_object() || message.value("jsonrpc", Json()) != "2.0" ||
      (has_id && !valid_id(message["id"]))) {
    write_message(out_, error_response(id, invalid_request, protocol_error("not_rpc")));
    return;
  }
  if (!message.contains("method")) {
    // A response to a request of ours: the server sends none, so it is dropped.
    if (has_id && (message.contains("result") || message.contains("error"))) return;
    write_message(out_, error_response(id, invalid_request, protocol_error("no_method")));
    return;
  }
  if (!message["method"].is_string()) {
    write_message(out_, error_response(id, invalid_request, protocol_error("method_not_string")));
    return;
  }
  std::string method = message["method"];
  Json params = message.value("params", Json::object());
  try {
    Json result = dispatch(method, params, has_id);
    if (has_id) write_message(out_, {{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
  } catch (const RpcError& e) {
    if (has_id) write_message(out_, error_response(id, e.code, e.in(language_)));
  } catch (const nlohmann::json::exception& e) {
    if (has_id) write_message(out_, error_response(id, invalid_params, e.what()));
  } catch (const std::exception& e) {
    if (has_id) write_message(out_, error_response(id, internal_error, e.what()));
  }
}

Json Server::dispatch(const std::string& method, const Json& params, bool request) {
  if (method == "exit") {
    exited_ = true;
    return {};
  }
  if (method == "initialize") {
    if (initialized_) throw protocol_refusal(invalid_request, "initialized_twice");
    return initialize(params);
  }
  if (!initialized_) {
    if (request) throw protocol_refusal(server_not_initialized, "not_initialized");
    return {}; // a notification before initialize is dropped
  }
  if (shut_down_) {
    if (request) throw protocol_refusal(invalid_request, "shut_down");
    return {};
  }
  // The answer sees every edit before it: at once what was checked in place;
  // a book being compiled whole answers as last checked, unless the answer
  // is edits or the book was never checked.
  if (request)
    ready_for(method == "textDocument/rename" || method == "textDocument/prepareRename" ||
              method == "textDocument/codeAction" || method == "workspace/executeCommand");
  if (method == "shutdown") {
    shut_down_ = true;
    return nullptr;
  }
  if (method == "textDocument/definition") return definition(params);
  if (method == "textDocument/references") return references(params);
  if (method == "textDocument/hover") return hover(params);
  if (method == "textDocument/completion") return completion(params);
  if (method == "textDocument/documentSymbol") return document_symbols(params);
  if (method == "workspace/symbol") return workspace_symbols(params);
  if (method == "textDocument/codeAction") return code_actions(params);
  if (method == "textDocument/prepareRename") return prepare_rename(params);
  if (method == "textDocument/inlayHint") return inlay_hints(params);
  if (method == "textDocument/documentLink") return document_links(params);
  if (method == "textDocument/semanticTokens/full") return semantic_tokens(params);
  if (method == "textDocument/rename") return rename(params);
  if (method == "textDocument/codeLens") return code_lenses(params);
  if (method == "workspace/executeCommand") return execute_command(params);
  if (method == "textDocument/didOpen")
    did_open(params);
  else if (method == "textDocument/didChange")
    did_change(params);
  else if (method == "textDocument/didClose")
    did_close(params);
  else if (request)
    throw RpcError{method_not_found,
                   MessageText::ProtocolError,
                   {arg::keyword("unknown_method"), arg::name(method)}};
  return {}; // other notifications ($/cancelRequest, initialized...) need nothing
}

Json Server::initialize(const Json& params) {
  initialized_ = true;
  encoding_ = Encoding::Utf16;
  // The messages' language: talec lsp --lang, else the editor's locale, else the environment's.
  const Json* locale = optional_member(params, "locale");
  language_ =
      !fixed_language_.empty() ? fixed_language_
      : locale && locale->is_string() && !message_language_of(locale->get<std::string>()).empty()
          ? message_language_of(locale->get<std::string>())
          : message_language_from_environment();
  const Json* client = optional_member(params, "capabilities");
  const Json* general = client ? optional_member(*client, "general") : nullptr;
  const Json* offered = general ? optional_member(*general, "positionEncodings") : nullptr;
  if (offered && offered->is_array())
    for (const Json& e : *offered)
      if (e == "utf-8") encoding_ = Encoding::Utf8;
  Json capabilities = {
      {"positionEncoding", encoding_ == Encoding::Utf8 ? "utf-8" : "utf-16"},
      {"textDocumentSync", {{"openClose", true}, {"change", 1}}},
      {"definitionProvider", true},
      {"referencesProvider", true},
      {"hoverProvider", true},
      {"completionProvider", {{"triggerCharacters", {"(", "[", "/"}}}},
      {"documentSymbolProvider", true},
      {"workspaceSymbolProvider", true},
      {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
      {"renameProvider", {{"prepareProvider", true}}},
      {"inlayHintProvider", true},
      {"documentLinkProvider", {{"resolveProvider", false}}},
      {"semanticTokensProvider", {{"legend", semantic_tokens_legend()}, {"full", true}}},
      {"codeLensProvider", {{"resolveProvider", false}}},
      {"executeCommandProvider", {{"commands", Json::array({play_from_command})}}},
  };
  return {{"capabilities", capabilities},
          {"serverInfo", {{"name", "talec"}, {"version", TALEBOOK_VERSION}}}};
}

void Server::did_open(const Json& params) {
  std::string path = document_path(params);
  if (path.empty()) return;
  workspace_.open(path, string_member(member(params, "textDocument"), "text"));
  versions_[path] = version_of(member(params, "textDocument"));
  edited(path);
}

void Server::did_change(const Json& params) {
  std::string path = document_path(params);
  if (path.empty()) return;
  auto it = workspace_.buffers().find(path);
  std::string text = it == workspace_.buffers().end() ? std::string() : it->second;
  const Json& changes = member(params, "contentChanges");
  if (!changes.is_array())
    throw RpcError{invalid_params,
                   MessageText::BadParam,
                   {arg::name("contentChanges"), arg::keyword("array")}};
  for (const Json& change : changes) {
    const std::string& replacement = string_member(change, "text");
    if (!optional_member(change, "range")) {
      text = replacement;
      continue;
    }
    const PositionRange r = range_member(change, "range");
    std::uint32_t begin = offset_of(text, r.start, encoding_);
    std::uint32_t end = std::max(begin, offset_of(text, r.end, encoding_));
    text.replace(begin, end - begin, replacement);
  }
  workspace_.change(path, std::move(text));
  versions_[path] = version_of(member(params, "textDocument"));
  edited(path);
}

void Server::did_close(const Json& params) {
  std::string path = document_path(params);
  if (path.empty()) return;
  workspace_.close(path);
  versions_.erase(path);
  edited(path);
}

Json Server::range(const LoadedBook& book, SourceRange r) const {
  const SourceFile& file = book.compilation.sources.file(r.file);
  Position a = position_of(file, r.begin, encoding_);
  Position b = position_of(file, r.end, encoding_);
  return {{"start", {{"line", a.line}, {"character", a.character}}},
          {"end", {{"line", b.line}, {"character", b.character}}}};
}

Json Server::location(const LoadedBook& book, SourceRange r) const {
  return {{"uri", uri_of_path(book.compilation.sources.file(r.file).path())},
          {"range", range(book, r)}};
}

Json Server::diagnostic(const LoadedBook& book, const Diagnostic& d) const {
  std::string message = full_message_in(d, language_);
  Json related = Json::array();
  for (const Note& n : d.notes) {
    if (n.range.valid())
      related.push_back(
          {{"location", location(book, n.range)}, {"message", message_in(n, language_)}});
    else
      message += "\n" + message_in(n, language_);
  }
  Json out = {{"severity", severity_of(d.severity)},
              {"code", info(d.code).code},
              {"source", "talec"},
              {"message", message}};
  if (d.range.valid()) {
    out["range"] = range(book, d.range);
  } else {
    out["range"] = {{"start", {{"line", 0}, {"character", 0}}},
                    {"end", {{"line", 0}, {"character", 0}}}};
  }
  if (!related.empty()) out["relatedInformation"] = related;
  if (!d.suggestion.empty()) out["data"] = {{"suggestion", d.suggestion}};
  return out;
}

namespace {

// What a file's published list is made of, as one string; none when a note
// points into the edited file (its lines may have moved under the same bytes).
std::optional<std::string> fingerprint(const std::vector<const Diagnostic*>& list,
                                       std::uint32_t edited) {
  std::string out;
  auto range = [&out](SourceRange r) {
    out += std::to_string(r.file) + ':' + std::to_string(r.begin) + '-' + std::to_string(r.end);
  };
  for (const Diagnostic* d : list) {
    out += std::to_string(static_cast<int>(d->code)) + ' ';
    out += std::to_string(static_cast<int>(d->severity)) + ' ';
    range(d->range);
    for (const Arg& a : d->args)
      (out += '\x1f') += a.to_string();
    (out += '\x1e') += d->suggestion;
    for (const Note& n : d->notes) {
      if (n.range.valid() && n.range.file == edited) return std::nullopt;
      range(n.range);
      for (const Arg& a : n.args)
        (out += '\x1f') += a.to_string();
    }
    out += '\n';
  }
  return out;
}

} // namespace

void Server::publish(LoadedBook& book, const std::string& edited) {
  // Each diagnostic by the own file it is in; the book-wide ones (no place,
  // or a place in a file that is not the book's own, such as a manifest
  // error in book.json) apart: they show on each open file.
  const SourceSet& sources = book.compilation.sources;
  std::vector<std::vector<const Diagnostic*>> in(sources.size() + 1);
  std::vector<const Diagnostic*> wide;
  std::vector<char> own(sources.size() + 1, 0);
  std::map<std::string, std::uint32_t> ids; // each own path's file id (none: 0)
  for (std::uint32_t id = 1; id <= sources.size(); ++id)
    if (book.own.count(sources.file(id).path()))
      own[id] = 1, ids.emplace(sources.file(id).path(), id);
  for (const Diagnostic& d : book.compilation.diagnostics.all()) {
    if (d.severity == Severity::Retired) continue;
    (d.range.valid() && own[d.range.file] ? in[d.range.file] : wide).push_back(&d);
  }
  auto id_of = [&ids](const std::string& path) {
    auto it = ids.find(path);
    return it == ids.end() ? 0u : it->second;
  };
  const std::uint32_t edited_id = book.file_id(edited); // also a source book's file
  // The edited file first: the writer sees it soonest.
  std::vector<std::string> paths;
  if (book.own.count(edited)) paths.push_back(edited);
  for (const std::string& path : book.own)
    if (path != edited) paths.push_back(path);
  for (const std::string& path : paths) {
    std::uint32_t id = id_of(path);
    Json list = Json::array();
    bool open = workspace_.buffers().count(path) != 0;
    // In the book's order: both lists point into its one list.
    std::vector<const Diagnostic*> here;
    const std::vector<const Diagnostic*> none;
    const std::vector<const Diagnostic*>& mine = id != 0 ? in[id] : none;
    const std::vector<const Diagnostic*>& others = open ? wide : none;
    std::merge(mine.begin(), mine.end(), others.begin(), others.end(), std::back_inserter(here),
               std::less<const Diagnostic*>());
    if (id == 0 && here.empty() && !open) continue;
    // Another file's list, as last sent (the same places, codes, words and
    // notes, none in the edited file): not sent again.
    std::optional<std::string> sent = fingerprint(here, edited_id);
    std::optional<std::string>& last = published_[path];
    if (path != edited && sent && sent == last) continue;
    last = std::move(sent);
    for (const Diagnostic* d : here) {
      if (!d->range.valid() || own[d->range.file]) {
        list.push_back(diagnostic(book, *d));
        continue;
      }
      Diagnostic placeless = *d;
      placeless.range = {};
      list.push_back(diagnostic(book, placeless));
    }
    Json params = {{"uri", uri_of_path(path)}, {"diagnostics", std::move(list)}};
    if (auto version = versions_.find(path); version != versions_.end() && version->second)
      params["version"] = *version->second;
    write_message(out_, {{"jsonrpc", "2.0"},
                         {"method", "textDocument/publishDiagnostics"},
                         {"params", std::move(params)}});
  }
}

Server::Place Server::place(const Json& params) {
  Place p;
  std::string path = document_path(params);
  // The position is checked whatever the document (a request is refused alike).
  const bool positioned = optional_member(params, "position") != nullptr;
  const Position at = positioned ? position_member(params, "position") : Position{};
  if (path.empty()) return p;
  p.book = workspace_.book_of(path);
  if (!p.book) return p;
  p.file = p.book->file_id(path);
  if (p.file == 0) {
    p.book = nullptr;
    return p;
  }
  if (positioned)
    p.offset = offset_of(p.book->compilation.sources.file(p.file).text(), at, encoding_);
  return p;
}

} // namespace talebook::lsp
