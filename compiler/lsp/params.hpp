// A message's parameters, read through checked accessors: each member has
// the type and range the protocol gives it, or the request fails with
// InvalidParams (an RpcError, which the server answers in its language). Nothing is converted
// unchecked (a position sent as 1e30 or -1 is refused, not cast), and no
// member is read that is not there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/diagnostics/messages.hpp"
#include "compiler/lsp/positions.hpp"

namespace talebook::lsp {

using Json = nlohmann::json;

// JSON-RPC 2.0 and LSP error codes.
namespace rpc {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;
inline constexpr int server_not_initialized = -32002;
} // namespace rpc

// A request that fails: answered as an error response with `code` and a
// message: `text` with `args` in the server's language, or (no text) the
// words of `message` as they are (a library's, the engine's).
struct RpcError {
  RpcError(int c, std::string words) : code(c), message(std::move(words)) {}
  RpcError(int c, MessageText t, std::vector<Arg> a) : code(c), text(t), args(std::move(a)) {}
  int code;
  std::string message;
  std::optional<MessageText> text;
  std::vector<Arg> args;
  // The message in `language`.
  std::string in(std::string_view language) const {
    return text ? localized(*text, args, language) : message;
  }
};

// The largest LSP `uinteger` (2^31 - 1).
inline constexpr std::uint32_t max_uinteger = 0x7FFFFFFF;

// Member `name` of `object` (which must be an object), required.
const Json& member(const Json& object, std::string_view name);
// Member `name` of `object`, or null when absent or null (an optional member).
const Json* optional_member(const Json& object, std::string_view name);
// A string member.
const std::string& string_member(const Json& object, std::string_view name);
// A `uinteger` member: an integer from 0 to max_uinteger, never a fraction.
std::uint32_t uinteger_member(const Json& object, std::string_view name);
// An optional boolean member (`otherwise` when absent).
bool bool_member(const Json& object, std::string_view name, bool otherwise);
// A Position member: {"line": uinteger, "character": uinteger}.
Position position_member(const Json& object, std::string_view name);
struct PositionRange {
  Position start, end;
};
// A Range member: {"start": Position, "end": Position}.
PositionRange range_member(const Json& object, std::string_view name);
// The path of params.textDocument.uri; empty for a URI that names no file
// this server can read (not `file:`, or longer than a path can be).
std::string document_path(const Json& params);

} // namespace talebook::lsp
