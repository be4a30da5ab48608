// The driver: a book's manifest (book.json), its vocabulary and every source
// the manifest names, parsed, resolved and checked; for a translation, its
// source book compiled the same way into the same SourceSet and the two books
// compared (compiler/translate/).
#pragma once

#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"
#include "compiler/text/source.hpp"
#include "compiler/translate/translation.hpp"

namespace talebook {

class BookGraph; // compiler/graph/book_graph.hpp

struct Manifest {
  std::string path; // the book.json
  std::string dir;  // its folder
  std::string title;
  std::string language;             // BCP 47
  std::string vocabulary;           // path of the vocabulary, resolved against dir
  std::vector<std::string> sources; // globs relative to dir ("*.tales")
  std::string translates;        // translation: the source book's book.json, resolved against dir
  bool require_complete = false; // translation: a fallback to the source is an error
  std::vector<std::string> entry_points; // what the rules reach outside the book (check_reach)
  // A game of the family (docs/games.md): "game", and what the rules state:
  // "deck" (the six stacks' counts), "named" (cards), "tiles" (by colour).
  GameKind game = GameKind::tales;
  bool has_deck = false, has_tiles = false;
  std::array<std::uint32_t, deck_class_count> deck{};
  std::array<std::uint32_t, tile_colour_count> tiles{};
  std::vector<std::string> named;
};

// A book folder or its book.json -> the manifest; empty on success.
LoadError load_manifest(const std::string& path, Manifest& out);
// The manifest's source files, sorted by path (the order on disk never matters).
std::vector<std::string> source_files(const Manifest& manifest);

// One book, compiled. Its files live in a SourceSet the caller owns.
struct CompiledBook {
  Manifest manifest;
  Vocabulary vocabulary;
  Book book;
  Diagnostics diagnostics;
  // What leads where in `book` (compiler/graph/): built once, after resolve,
  // before the checks (null before); stale once `book` changes.
  std::shared_ptr<const BookGraph> graph;
};

// The book's graph: the one its checks built, or built now for a book that
// was never checked (one that could not be read, or had errors before).
const BookGraph& book_graph(CompiledBook& book);

// The reports of each of the paragraph passes (compiler/check/checks.hpp)
// about paragraphs, in its order.
using ParagraphReports = std::vector<std::vector<Diagnostic>>;

struct Compilation : CompiledBook {
  // Every file read: the book's sources first; for a translation, then its
  // manifest (book-wide findings point into it) and its source book's files,
  // so that notes point into the source book.
  SourceSet sources;
  // A translation's source book, compiled into `sources` (null for a book that
  // is not a translation, and when the source cannot be compiled).
  std::unique_ptr<CompiledBook> source;
  // The comparison of the translation with its source book (compiler/translate/).
  std::optional<TranslationReport> translation;
  // CompileOptions::incremental, a book read whole that is no translation:
  // the parse and resolve diagnostics, in the order they came, before the
  // checks' (recheck_file keeps those of the other files).
  std::optional<std::vector<Diagnostic>> front;
  ParagraphReports paragraph_reports; // with `front`
  // The bytes of the texts recheck_file replaced: what the book's stores keep
  // unused until it is compiled anew.
  std::size_t replaced_bytes = 0;
  // CompileOptions::cancel was set: the compile stopped between two stages,
  // and the book and its diagnostics are incomplete (only to be thrown away).
  bool cancelled = false;
};

struct CompileOptions {
  // A translation must be complete (--require-complete; also the manifest's
  // "require_complete"): each fallback to the source book is an error.
  bool require_complete = false;
  // Threads that read, parse and check the sources (talec -j): 0 is one per core (one for
  // a book under 64 KiB), 1 does it all in turn. Book and diagnostics never depend on it.
  unsigned jobs = 0;
  // Keep what recheck_file (compiler/driver/incremental.hpp) needs to
  // re-check the book after an edit of one file (the language server).
  bool incremental = false;
  // Set by another thread (the language server, when the book is edited
  // again): the compile stops at the next stage (reading, parsing, resolving,
  // checking, comparing a translation) with Compilation::cancelled.
  const std::atomic<bool>* cancel = nullptr;
};

// Loads, parses, resolves and checks the book; for a translation, compiles
// its source book once, fills what the translation lacks from it (each such
// fallback a warning) and compares the two. False when the book could not
// even be read (manifest, vocabulary, I/O): diagnostics say why. Check errors,
// translation findings and an unreadable source book return true.
bool compile_book(const std::string& path, Compilation& out, const CompileOptions& options = {});
// compile_book with `files` (path -> text) read in place of the files they
// name: an editor's unsaved buffers, or what an import would write.
bool compile_book_over(const std::string& path, const std::map<std::string, std::string>& files,
                       Compilation& out, const CompileOptions& options = {});

// Whether the manifest's `sources` globs read the file `path` (which need not exist).
bool reads_source_file(const Manifest& manifest, const std::string& path);

// One book without any translation logic: reads the manifest, the vocabulary
// and the sources into `sources`, then parses, resolves and checks them into
// `out` (on `jobs` threads, as CompileOptions::jobs). False when the book
// could not be read.
bool read_book(const std::string& path, SourceSet& sources, CompiledBook& out, unsigned jobs = 0);

// Parses, resolves and checks every source already in out.sources (with
// out.vocabulary loaded) as one book; no translation logic.
void compile_loaded(Compilation& out, unsigned jobs = 0);

// The translation stage of compile_book (compiler/driver/translation_stage.cpp),
// for a book whose manifest has `translates`. start_translation, once the
// translation is parsed: finds translation cycles (TB0128), compiles the source
// book into out.sources and adds the fallbacks of what the translation lacks.
// finish_translation, once it is checked: compares the two books.
void start_translation(Compilation& out, const CompileOptions& options);
void finish_translation(Compilation& out, const CompileOptions& options);

} // namespace talebook
