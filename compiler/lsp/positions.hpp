// Places in the Language Server Protocol's terms: file URIs, and positions as
// a line and a character offset counted in the negotiated encoding (UTF-16
// code units by default, UTF-8 bytes when the client offers them).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace talebook {
class SourceFile;
}

namespace talebook::lsp {

enum class Encoding : std::uint8_t { Utf16, Utf8 };

struct Position {
  std::uint32_t line = 0;      // 0-based
  std::uint32_t character = 0; // 0-based, in units of the encoding
};

// The position of a byte offset of `text` (an offset inside a character
// counts from that character's start).
Position position_of(std::string_view text, std::uint32_t offset, Encoding encoding);
// The same for a file of a SourceSet, found from its table of lines: not a
// count from the file's start (a file's diagnostics, tokens and hints are many).
Position position_of(const SourceFile& file, std::uint32_t offset, Encoding encoding);
// The byte offset of a position; a character past the line's end is its end,
// a line past the last is the end of the text.
std::uint32_t offset_of(std::string_view text, Position position, Encoding encoding);

// `file:///a/b%20c.tales` <-> `/a/b c.tales`; empty when the URI is no file URI.
std::string path_of_uri(std::string_view uri);
std::string uri_of_path(std::string_view path);

} // namespace talebook::lsp
