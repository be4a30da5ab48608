// Loading a whole book: its manifest (book.json), its vocabulary and every
// source the manifest names, then parsing and checking them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/text/source.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

struct Manifest {
  std::string path; // the book.json
  std::string dir;  // its folder
  std::string title;
  std::string language;             // BCP 47
  std::string vocabulary;           // path of the vocabulary, resolved against dir
  std::vector<std::string> sources; // globs relative to dir ("*.tales")
  std::string translates; // translation: the source book's book.json, resolved against dir
};

// A book folder or its book.json -> the manifest; empty on success.
LoadError load_manifest(const std::string& path, Manifest& out);
// The manifest's source files, sorted by path (the order on disk never matters).
std::vector<std::string> source_files(const Manifest& manifest);

struct Compilation {
  Manifest manifest;
  Vocabulary vocabulary;
  SourceSet sources;
  Book book;
  Diagnostics diagnostics;
  // A translation's source book, compiled once by compile_book (see
  // source_of in compiler/translation.hpp); its files follow the first
  // `source_file_base` files of `sources`, so notes can point into them.
  std::shared_ptr<const Compilation> source;
  std::uint32_t source_file_base = 0;
  bool source_unreadable = false;
};

// Loads, parses and checks. False when the book could not even be read
// (manifest, vocabulary, I/O): diagnostics say why. Check errors return true.
bool compile_book(const std::string& path, Compilation& out);

// Parses and checks every source already in out.sources (with out.vocabulary
// loaded): what compile_book does after reading the manifest.
void compile_loaded(Compilation& out);


} // namespace talebook
