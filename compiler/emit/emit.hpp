// The emitter: a checked Book -> the bytes of a .tbook file (format 1.x,
// docs/binary-format.md). Deterministic: the same book gives the same bytes on
// every machine, whatever order its sources were read in.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/emit/string_blocks.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"
#include "compiler/text/files.hpp" // AtomicFile, write_file_atomically
#include "talebook/format.hpp"

namespace talebook {

struct EmitOptions {
  // Pack the strings in blocks (the default, format 1.2: about half the size,
  // and a mapped reader unpacks only the blocks it reads). Unpacked, every
  // string can be read in place.
  bool pack = true;
  // Pack everything after the section table as one stream instead (the form
  // of format 1.1, which any 1.x reader reads; unpacked whole at open).
  bool stream = false;
  // The largest file written (0: the format's, tbook_file_limit()); a larger
  // book is refused with TB0068, reported to `diagnostics` when given.
  std::uint64_t max_file_size = 0;
  Diagnostics* diagnostics = nullptr;
  // The bytes of records in a frame of a compressed record section (format
  // 1.4, docs/binary-format.md, "Compression"): a section larger than this is
  // stored as frames, each read on its own by a mapped reader. At least
  // min_frame_size.
  std::uint32_t frame_size = tbook::layout::frame_target;
  // Threads that pack the string blocks (0: one per core). The bytes written are
  // the same for any number.
  unsigned jobs = 0;
  // The file to write (opened, not committed): when given, the bytes are
  // written to it instead of returned (the default form: part by part as they
  // are made, never held whole; the reader checks what was written, read back),
  // flushed, and it is discarded on failure; the caller commits it.
  AtomicFile* file = nullptr;
  // Tests only: changes a string block's packed bytes (pack_strings), or the
  // whole file (as written, before its checksum in the default form), before
  // the self-check: an emitter bug it must catch.
  std::function<void(std::string& packed, std::size_t block)> damage_block{};
  std::function<void(std::string& file)> damage_file{};
};

// The smallest and largest EmitOptions::frame_size (talec build --frame-size).
inline constexpr std::uint32_t min_frame_size = 64, max_frame_size = 16u << 20;

// Writes the book into `out` (or options.file); returns an empty string on
// success, else what cannot be encoded (a count beyond the format's limits, a
// name missing from the vocabulary, invalid UTF-8...). Nothing is written to
// `out` on failure. The result has been validated by the reader before it is
// returned. An I/O error of options.file is left to its commit().
std::string emit_tbook(const Book& book, const Vocabulary& vocabulary, std::string& out,
                       const EmitOptions& options = {});
// The same, consuming the book (talec build): the same bytes, in less memory.
// Each paragraph's sections, conditions, award items and references are freed
// from the book's stores once the paragraph is written (ModelRelease, in
// compiler/emit/model_release.hpp), and freed memory goes back to the system.
// The book is left empty (a new Book) after the call, on success, failure or
// exception; its text (and the sources) must live until the call returns.
std::string emit_tbook(Book&& book, const Vocabulary& vocabulary, std::string& out,
                       const EmitOptions& options = {});

// For a process that compiles a book and then consumes it (talec build), called
// before the book is read: each allocation of 1 MiB or more is mapped on its own
// and returned to the system when freed. glibc otherwise raises that threshold
// each time it frees such a block, and later large blocks freed by the
// emitter stay in its heaps until trimmed (at 100,000 paragraphs the build's
// peak was 1.1 MiB higher). Nothing where the allocator is not glibc's.
void return_large_blocks_when_freed();

// The --stream form's frame of an image's bytes: one zstd frame
// (docs/binary-format.md, "Compression"; emit_zstd.cpp).
std::string pack_image(std::string_view bytes);

} // namespace talebook
