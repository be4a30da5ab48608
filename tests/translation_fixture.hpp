// A copy of tests/data/translation/{source,zh} in a temporary folder, so that
// each test can change one thing and see exactly what talebook reports.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "compiler/driver/book_loader.hpp"
#include "compiler/translate/translation.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace translation_test {

namespace fs = std::filesystem;

// A fresh path of the system's temporary folder, unique to this process and
// call (test::temp_path; test runs of several build folders share the machine).
inline fs::path scratch(const std::string& name) {
  return test::temp_path(name);
}

inline std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void spit(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

struct RiverBooks {
  test::TempDir temp;
  fs::path root, source, zh;

  explicit RiverBooks(const std::string& name) : temp(name) {
    root = temp.path;
    fs::path data = fs::path(test::tests_dir()) / "data" / "translation";
    fs::copy(data, root, fs::copy_options::recursive);
    source = root / "source";
    zh = root / "zh";
    // The vocabularies stay where they are.
    for (const fs::path& book : {source, zh}) {
      auto manifest = nlohmann::json::parse(slurp(book / "book.json"));
      fs::path vocabulary =
          (data / book.filename() / manifest["vocabulary"].get<std::string>()).lexically_normal();
      manifest["vocabulary"] = vocabulary.string();
      spit(book / "book.json", manifest.dump(2));
    }
  }

  // Replaces the first `from` by `to` in a file; fails the test if absent.
  void edit(const fs::path& file, const std::string& from, const std::string& to) const {
    std::string text = slurp(file);
    std::size_t at = text.find(from);
    if (at == std::string::npos)
      throw std::runtime_error("'" + from + "' is not in " + file.string());
    spit(file, text.replace(at, from.size(), to));
  }
  fs::path zh_tales() const { return zh / "river.tales"; }
  fs::path source_tales() const { return source / "river.tales"; }
};

// The translation findings (TB01xx) of a compiled and checked translation.
inline std::multiset<std::string> translation_codes(const talebook::Compilation& c) {
  std::multiset<std::string> codes;
  for (const auto& d : c.diagnostics.all()) {
    std::string code = talebook::info(d.code).code;
    if (code.rfind("TB01", 0) == 0) codes.insert(code);
  }
  return codes;
}

// Each note a translation finding carries is documented as attached to it
// (docs/diagnostics.md: "Attached to: TB0105, ..." in the note's section).
inline void check_notes_documented(const talebook::Compilation& c) {
  static const std::string doc = [] {
    std::ifstream in(test::source_dir() + "/docs/diagnostics.md");
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }();
  for (const auto& d : c.diagnostics.all())
    for (const auto& n : d.notes) {
      std::string carrier = talebook::info(d.code).code, note = talebook::info(n.code).code;
      INFO(carrier << " carries note " << note);
      std::size_t section = doc.find("## " + note + " `");
      REQUIRE(section != std::string::npos);
      std::size_t line = doc.find("\nAttached to: ", section);
      REQUIRE(line != std::string::npos);
      std::string carriers = doc.substr(line, doc.find('\n', line + 1) - line);
      CHECK(carriers.find(carrier) != std::string::npos);
    }
}

inline std::multiset<std::string> check(const fs::path& translation, talebook::Compilation& c) {
  // compile_book compiles the source book too and compares the two.
  if (!talebook::compile_book(translation.string(), c))
    throw std::runtime_error("cannot read the translation");
  check_notes_documented(c);
  return translation_codes(c);
}

inline std::multiset<std::string> check(const fs::path& translation) {
  talebook::Compilation c;
  return check(translation, c);
}

} // namespace translation_test
