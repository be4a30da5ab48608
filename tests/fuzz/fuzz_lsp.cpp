// libFuzzer target: the language server's input (`talec lsp`). An input that
// begins with "Content-Length" is read as the byte stream an editor sends
// (framing included); any other is a list of message bodies separated by
// lines "---", each handled as one message. The book is a small one on disk
// (/tmp/talebook-fuzz-lsp/), which the messages open and edit as
// file:///tmp/talebook-fuzz-lsp/road.tales. The seeds are in
// tests/fuzz/corpus/lsp/; tests/fuzz/replay.cpp runs them in every build.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "compiler/lsp/server.hpp"

namespace {

void make_book() {
  static const bool made = [] {
    const std::filesystem::path dir = "/tmp/talebook-fuzz-lsp";
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "book.json") << R"({"title": "Fuzz", "language": "en", "vocabulary": ")"
                                     << TALEBOOK_SOURCE_DIR << R"(/locales/en/vocabulary.json"})";
    std::ofstream(dir / "road.tales") << "@1\nThe road.\nNo Skill: You walk. [Go to 2]\n\n"
                                         "@2\nThe well.\nNo Skill: You drink. [S1]\n";
    return true;
  }();
  (void)made;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  make_book();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::ostringstream out;
  talebook::lsp::Server server(out);
  if (input.rfind("Content-Length", 0) == 0) {
    std::istringstream in{std::string(input)};
    server.run(in);
    return 0;
  }
  constexpr std::string_view separator = "\n---\n";
  for (std::size_t at = 0; at <= input.size() && !server.exited();) {
    std::size_t end = input.find(separator, at);
    if (end == std::string_view::npos) end = input.size();
    server.handle(input.substr(at, end - at));
    at = end + separator.size();
  }
  return 0;
}
