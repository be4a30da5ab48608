// A client for the language server's tests: framed messages in, framed
// messages out, through Server::run as an editor's stream would be.
#pragma once

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/lsp/server.hpp"
#include "tests/support.hpp"

namespace test {

using talebook::lsp::Json;

inline std::string frame(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

// Splits the server's output into messages (each must be well framed).
inline std::vector<Json> unframe(const std::string& out) {
  std::vector<Json> messages;
  std::istringstream in(out);
  std::string body, error;
  while (talebook::lsp::read_message(in, body, error)) {
    if (!error.empty()) throw std::runtime_error(error);
    messages.push_back(Json::parse(body));
  }
  return messages;
}

struct LspClient {
  std::ostringstream out;
  talebook::lsp::Server server;
  // `language`: as talec lsp --lang (empty: the editor's locale, initialize).
  explicit LspClient(std::string language = {}) : server(out, std::move(language)) {}
  int next_id = 1;
  int last_exit = -1;

  // Sends raw bytes; the messages the server wrote in answer.
  std::vector<Json> send_raw(const std::string& bytes) {
    out.str("");
    std::istringstream in(bytes);
    last_exit = server.run(in);
    return unframe(out.str());
  }
  std::vector<Json> send(const Json& message) { return send_raw(frame(message.dump())); }
  // A request: its response (the notifications written meanwhile are dropped).
  Json request(const std::string& method, const Json& params) {
    int id = next_id++;
    for (const Json& m :
         send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}))
      if (m.contains("id") && m["id"] == id) return m;
    throw std::runtime_error("no response to " + method);
  }
  Json result(const std::string& method, const Json& params) {
    Json r = request(method, params);
    if (!r.contains("result")) throw std::runtime_error(r.dump());
    return r["result"];
  }
  std::vector<Json> notify(const std::string& method, const Json& params) {
    return send({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  }
  // `locale`: the editor's language, which the messages follow ("en" unless
  // said: the tests must not follow the environment's).
  Json initialize(bool utf8 = false, const std::string& locale = "en") {
    Json caps = Json::object();
    if (utf8) caps["general"]["positionEncodings"] = {"utf-8", "utf-16"};
    Json r = result(
        "initialize",
        {{"processId", nullptr}, {"rootUri", nullptr}, {"capabilities", caps}, {"locale", locale}});
    notify("initialized", Json::object());
    return r;
  }
  // Opens a file of the repository with `text` (its text on disk when empty);
  // the diagnostics published, by URI.
  std::map<std::string, Json> open(const std::string& relative, std::string text = "") {
    std::string path = source_dir() + "/" + relative;
    if (text.empty()) text = read_file(path);
    return diagnostics(notify(
        "textDocument/didOpen",
        {{"textDocument",
          {{"uri", uri(relative)}, {"languageId", "tales"}, {"version", 1}, {"text", text}}}}));
  }
  std::map<std::string, Json> change(const std::string& relative, const std::string& text) {
    return diagnostics(notify("textDocument/didChange",
                              {{"textDocument", {{"uri", uri(relative)}, {"version", 2}}},
                               {"contentChanges", Json::array({{{"text", text}}})}}));
  }
  static std::string uri(const std::string& relative) {
    return talebook::lsp::uri_of_path(source_dir() + "/" + relative);
  }
  static std::map<std::string, Json> diagnostics(const std::vector<Json>& messages) {
    std::map<std::string, Json> by_uri;
    for (const Json& m : messages)
      if (m.value("method", "") == "textDocument/publishDiagnostics")
        by_uri[m["params"]["uri"]] = m["params"]["diagnostics"];
    return by_uri;
  }
  static Json at(const std::string& relative, std::uint32_t line, std::uint32_t character) {
    return {{"textDocument", {{"uri", uri(relative)}}},
            {"position", {{"line", line}, {"character", character}}}};
  }
};

// The 0-based line holding `needle` in a file's text, and the column of the
// needle counted in UTF-16 units (or UTF-8 bytes).
struct Found {
  std::uint32_t line = 0, utf16 = 0, utf8 = 0;
};
inline Found find_in(const std::string& text, const std::string& needle, std::size_t from = 0) {
  std::size_t at = text.find(needle, from);
  if (at == std::string::npos) throw std::runtime_error("not found: " + needle);
  Found f;
  std::size_t start = 0;
  for (std::size_t i = 0; i < at; ++i)
    if (text[i] == '\n') {
      ++f.line;
      start = i + 1;
    }
  f.utf8 = static_cast<std::uint32_t>(at - start);
  for (std::size_t i = start; i < at; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) == 0x80) continue;
    f.utf16 += c >= 0xF0 ? 2 : 1;
  }
  return f;
}

} // namespace test
