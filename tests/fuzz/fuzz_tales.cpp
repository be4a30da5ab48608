// libFuzzer target: one .tales file through the whole compiler. The input is
// parsed, resolved and checked as a one-file English book; its diagnostics are
// rendered in every output format; a book without errors is emitted (packed and
// unpacked) and the .tbook read back and walked.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "compiler/driver/book_loader.hpp"
#include "compiler/emit/emit.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/reader.hpp"

namespace {

const talebook::Vocabulary& english() {
  static talebook::Vocabulary vocabulary = [] {
    talebook::Vocabulary v;
    talebook::LoadError error =
        v.load_file(std::string(TALEBOOK_SOURCE_DIR) + "/locales/en/vocabulary.json");
    if (!error.empty()) __builtin_trap();
    return v;
  }();
  return vocabulary;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  talebook::Compilation c;
  c.vocabulary = english();
  c.book.language = "en";
  c.sources.add("fuzz.tales", std::string(reinterpret_cast<const char*>(data), size));
  talebook::compile_loaded(c);
  std::ostringstream text;
  talebook::render_text(text, c.sources, c.diagnostics.all(), {true});
  talebook::render_json(c.sources, c.diagnostics.all());
  talebook::render_sarif(c.sources, c.diagnostics.all());
  if (c.diagnostics.errors() == 0) {
    for (bool pack : {true, false}) {
      std::string bytes;
      talebook::EmitOptions options;
      options.pack = pack;
      if (!talebook::emit_tbook(c.book, c.vocabulary, bytes, options).empty()) continue;
      std::string error;
      auto book = talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
      if (!book) __builtin_trap(); // the emitter wrote a file its own reader refuses
      talebook::tbook_json(*book).dump();
    }
  }
  return 0;
}
