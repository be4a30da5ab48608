// The one writer of a .tbook file, part by part instead of assembled in
// memory: the default form (string blocks, record sections compressed), whose
// packed blocks go to the file as they are made and the records once they are
// complete, and the unpacked form (STRS and the records plain; --stream packs
// its image afterwards). The reader checks what was written, read back a part
// at a time, before the checksum is written last. The emitter's memory is then
// its records and the pool's views, not the file.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/text/files.hpp"
#include "talebook/format.hpp"
#include "talebook/read_error.hpp"

namespace talebook {

// Where a file's bytes go: an AtomicFile (opened), or memory.
class FileOutput {
public:
  FileOutput(AtomicFile* file, std::string& memory) : file_(file), memory_(memory) {}
  void write_at(std::uint64_t at, std::string_view bytes);
  bool read_at(std::uint64_t at, std::uint64_t size, std::string& out) const; // appends
  void truncate(std::uint64_t size);
  // Bytes [from, from + size) to `to` (the ranges may overlap).
  void move(std::uint64_t from, std::uint64_t to, std::uint64_t size);
  void sync();
  bool failed() const { return file_ && !file_->error().empty(); }

private:
  AtomicFile* file_;
  std::string& memory_;
};

class FileWriter {
public:
  using PoolReader = std::function<void(std::size_t start, std::size_t size, std::string& out)>;
  struct Part {
    std::uint32_t tag;
    std::uint32_t record_size;
    std::string* bytes; // null: the packed blocks (SDAT), written already (the default form)
    bool zstd = false;  // stored compressed (a record section: record_frames)
  };

  // `frame_size`: the bytes of records in a frame of a compressed section.
  FileWriter(AtomicFile* file, std::string& memory,
             std::uint32_t frame_size = tbook::layout::frame_target)
      : out_(file, memory), frame_size_(frame_size) {}

  // Before the first block: a table of `entries`, a dictionary of this size,
  // and about `blocks` blocks (their records come before the packed bytes;
  // a wrong guess costs a move of the packed bytes at the end).
  void start(std::size_t entries, std::size_t dictionary, std::size_t blocks);
  // The pipeline's sink: a block's packed bytes at their offset in SDAT.
  void block(std::uint64_t data_offset, const std::string& packed);

  // The file's size with these parts (SUMS added last) and `data` packed bytes.
  // Compresses the zstd parts first, in place, on up to `jobs` threads (0: one
  // per core); the bytes are the same for any number.
  std::uint64_t layout(const std::vector<Part>& parts, std::uint64_t data, unsigned jobs);
  // Writes the rest (the parts' records are freed once written), has the reader
  // check what was written, then writes the checksum. No error on success,
  // else what the reader refused (an emitter bug). A file's I/O error is left
  // to its commit(). `check` false: the parts are written and nothing else
  // (--stream, whose packed file is checked whole instead).
  tbook::ReadError write(const std::vector<Part>& parts, tbook::layout::Header header,
                         const PoolReader& pool, const std::function<void(std::string&)>& damage,
                         unsigned jobs, bool check = true);

private:
  FileOutput out_;
  std::uint32_t frame_size_;
  std::uint64_t provisional_ = 0; // where the packed blocks are being written
  std::uint64_t data_at_ = 0, data_size_ = 0, file_size_ = 0;
  std::vector<tbook::layout::SectionEntry> table_;
};

} // namespace talebook
