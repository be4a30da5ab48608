// libFuzzer target: `talec po import`. Each input is read as a PO file and, if
// it reads, imported into a small translation compiled once in memory; the
// files an accepted import would write are compiled again (they must parse).
#include <cstddef>
#include <cstdint>
#include <string>

#include "compiler/driver/book_loader.hpp"
#include "compiler/translate/po.hpp"
#include "compiler/translate/po_book.hpp"

namespace {

const char* const text = "@1\nA merchant greets you.\nNo Skill: You buy a lamp. [S1]\n"
                         "@2\nThe storm rises.\n"
                         "Seamanship: You steer. [S1]\nNo Skill: You wait. [S1]\n";

talebook::Compilation& translation() {
  static talebook::Compilation c = [] {
    talebook::Compilation out;
    talebook::LoadError error =
        out.vocabulary.load_file(std::string(TALEBOOK_SOURCE_DIR) + "/locales/en/vocabulary.json");
    if (!error.empty()) __builtin_trap();
    out.book.language = "en";
    out.sources.add("tr.tales", text);
    talebook::compile_loaded(out);
    return out;
  }();
  return c;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  talebook::Compilation& tr = translation();
  std::string input(reinterpret_cast<const char*>(data), size);
  talebook::PoFile po;
  talebook::PoError error;
  if (!talebook::read_po(input, po, error)) return 0;
  talebook::write_po(po);
  talebook::SourceSet sources;
  sources.add("tr.tales", text);
  std::uint32_t po_file = sources.add("in.po", input);
  talebook::Diagnostics diagnostics;
  talebook::PoImport result =
      talebook::import_po(po, po_file, sources, tr.book, nullptr, nullptr, diagnostics);
  for (const auto& [file, written] : result.files) {
    talebook::Compilation again;
    again.vocabulary = tr.vocabulary;
    again.book.language = "en";
    again.sources.add("tr.tales", written);
    talebook::compile_loaded(again);
  }
  return 0;
}
