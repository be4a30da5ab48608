#include "compiler/lsp/positions.hpp"

#include <filesystem>

#include "compiler/text/source.hpp"

namespace talebook::lsp {
namespace {

// Bytes of the UTF-8 sequence led by `lead` (1 for a stray continuation byte).
std::uint32_t sequence_length(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

std::uint32_t units(std::uint32_t bytes, Encoding encoding) {
  if (encoding == Encoding::Utf8) return bytes;
  return bytes == 4 ? 2 : 1; // outside the BMP: a surrogate pair
}

// Lines end with LF, CRLF or a lone CR (LSP's three line ends; SourceFile reads
// them so too): the end of the line ending at `at` (a CR or LF byte).
bool ends_line(std::string_view text, std::uint32_t at) {
  return text[at] == '\n' || (text[at] == '\r' && (at + 1 == text.size() || text[at + 1] != '\n'));
}

} // namespace

Position position_of(std::string_view text, std::uint32_t offset, Encoding encoding) {
  if (offset > text.size()) offset = static_cast<std::uint32_t>(text.size());
  Position p;
  std::uint32_t start = 0;
  for (std::uint32_t i = 0; i < offset; ++i)
    if (ends_line(text, i)) {
      ++p.line;
      start = i + 1;
    }
  for (std::uint32_t i = start; i < offset;) {
    std::uint32_t n = sequence_length(static_cast<unsigned char>(text[i]));
    if (i + n > offset) break; // inside a character: its start
    p.character += units(n, encoding);
    i += n;
  }
  return p;
}

Position position_of(const SourceFile& file, std::uint32_t offset, Encoding encoding) {
  const std::string_view text = file.text();
  if (offset > text.size()) offset = static_cast<std::uint32_t>(text.size());
  const std::uint32_t start = file.line_start(offset);
  Position p = position_of(text.substr(start), offset - start, encoding);
  p.line = file.position(offset).line - 1;
  return p;
}

std::uint32_t offset_of(std::string_view text, Position position, Encoding encoding) {
  std::uint32_t i = 0;
  for (std::uint32_t line = 0; line < position.line; ++line) {
    while (i < text.size() && !ends_line(text, i))
      ++i;
    if (i == text.size()) return i;
    ++i;
  }
  std::uint32_t counted = 0;
  while (i < text.size() && text[i] != '\n' && text[i] != '\r' && counted < position.character) {
    std::uint32_t n = sequence_length(static_cast<unsigned char>(text[i]));
    if (i + n > text.size() || counted + units(n, encoding) > position.character)
      break; // inside a character (half a surrogate pair): its start
    counted += units(n, encoding);
    i += n;
  }
  return i;
}

std::string path_of_uri(std::string_view uri) {
  constexpr std::string_view scheme = "file://";
  // No file has a longer path (PATH_MAX, 4096 bytes with its end): a longer
  // URI, even %-encoded, names none (and is not decoded).
  constexpr std::size_t most = 4095;
  if (uri.substr(0, scheme.size()) != scheme || uri.size() > scheme.size() + 3 * most) return {};
  uri.remove_prefix(scheme.size());
  std::size_t slash = uri.find('/'); // skip an authority (`file://localhost/...`)
  if (slash == std::string_view::npos) return {};
  uri.remove_prefix(slash);
  std::string path;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    if (uri[i] == '%' && i + 2 < uri.size() && hex(uri[i + 1]) >= 0 && hex(uri[i + 2]) >= 0) {
      path += static_cast<char>(hex(uri[i + 1]) * 16 + hex(uri[i + 2]));
      i += 2;
    } else if (uri[i] == '?' || uri[i] == '#') {
      break;
    } else {
      path += uri[i];
    }
  }
  if (path.size() > most) return {};
  return std::filesystem::path(path).lexically_normal().string();
}

std::string uri_of_path(std::string_view path) {
  static const char digits[] = "0123456789ABCDEF";
  std::string uri = "file://";
  for (char c : path) {
    unsigned char b = static_cast<unsigned char>(c);
    bool plain = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') ||
                 c == '/' || c == '-' || c == '.' || c == '_' || c == '~';
    if (plain) {
      uri += c;
    } else {
      uri += '%';
      uri += digits[b >> 4];
      uri += digits[b & 15];
    }
  }
  return uri;
}

} // namespace talebook::lsp
