// A .tbook file, written part by part (emit_file.hpp).
#include "compiler/emit/emit_file.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

#include "compiler/emit/string_blocks.hpp"
#include "talebook/reader.hpp"

namespace talebook {
namespace {

using namespace tbook::layout;

constexpr std::uint64_t chunk = std::uint64_t(1) << 20; // read back and moved by MiB

std::uint64_t aligned(std::uint64_t at) {
  return (at + section_align - 1) / section_align * section_align;
}

} // namespace

void FileOutput::write_at(std::uint64_t at, std::string_view bytes) {
  if (file_) {
    file_->write_at(at, bytes); // an error is kept for commit()
    return;
  }
  if (memory_.size() < at + bytes.size()) memory_.resize(std::size_t(at + bytes.size()));
  std::memcpy(memory_.data() + at, bytes.data(), bytes.size());
}

bool FileOutput::read_at(std::uint64_t at, std::uint64_t size, std::string& out) const {
  if (file_) return file_->read_at(at, size, out);
  if (at + size > memory_.size()) return false;
  out.append(memory_, std::size_t(at), std::size_t(size));
  return true;
}

void FileOutput::truncate(std::uint64_t size) {
  if (file_)
    file_->truncate(size);
  else
    memory_.resize(std::size_t(size));
}

void FileOutput::move(std::uint64_t from, std::uint64_t to, std::uint64_t size) {
  if (from == to || size == 0) return;
  if (!file_) {
    if (memory_.size() < to + size) memory_.resize(std::size_t(to + size));
    std::memmove(memory_.data() + to, memory_.data() + from, std::size_t(size));
    return;
  }
  // A chunk is read whole before it is written: forward when moving down,
  // from the end when moving up, no byte is overwritten before it is read.
  std::string buffer;
  for (std::uint64_t done = 0; done < size;) {
    const std::uint64_t n = std::min(chunk, size - done);
    const std::uint64_t at = to < from ? done : size - done - n;
    buffer.clear();
    if (!read_at(from + at, n, buffer)) return;
    write_at(to + at, buffer);
    done += n;
  }
}

void FileOutput::sync() {
  if (file_) file_->sync();
}

void FileWriter::start(std::size_t entries, std::size_t dictionary, std::size_t blocks) {
  const std::uint64_t table_end = sizeof(Header) + entries * sizeof(SectionEntry);
  provisional_ = aligned(aligned(table_end) + dictionary) + blocks * sizeof(StringBlockRecord);
}

void FileWriter::block(std::uint64_t data_offset, const std::string& packed) {
  out_.write_at(provisional_ + data_offset, packed);
}

std::uint64_t FileWriter::layout(const std::vector<Part>& parts, std::uint64_t data,
                                 unsigned jobs) {
  // The record sections compressed, largest first, each on one thread.
  std::vector<std::uint32_t> counts(parts.size(), 0), flags(parts.size(), 0);
  std::vector<std::size_t> order;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (parts[k].bytes) counts[k] = std::uint32_t(parts[k].bytes->size() / parts[k].record_size);
    if (parts[k].bytes && parts[k].zstd) order.push_back(k);
  }
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return parts[a].bytes->size() > parts[b].bytes->size();
  });
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failed;
  auto work = [&] {
    try {
      for (std::size_t i; (i = next++) < order.size();) {
        const Part& p = parts[order[i]];
        *p.bytes =
            record_frames(*p.bytes, p.record_size, zstd_record_level, frame_size_, flags[order[i]]);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(failed);
      failure = std::current_exception();
    }
  };
  const unsigned threads = std::min<std::size_t>(
      order.size(), jobs ? jobs : std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t)
    workers.emplace_back(work);
  work();
  for (std::thread& t : workers)
    t.join();
  if (failure) std::rethrow_exception(failure);
  const std::size_t n = parts.size() + 1;
  std::uint64_t at = sizeof(Header) + n * sizeof(SectionEntry);
  data_at_ = aligned(at); // without packed blocks: the head is read back up to here
  table_.clear();
  for (std::size_t k = 0; k < n; ++k) {
    at = aligned(at);
    const Part p = k + 1 < n ? parts[k] : Part{tag_sums, 8, nullptr};
    const std::uint64_t size = k + 1 == n ? 8 * n : p.bytes ? p.bytes->size() : data;
    if (!p.bytes && k + 1 < n) data_at_ = at;
    const bool zstd = k + 1 < n && p.zstd && p.bytes;
    table_.push_back({p.tag, zstd ? flags[k] : 0, std::uint32_t(at), std::uint32_t(size),
                      zstd ? counts[k] : std::uint32_t(size / p.record_size), p.record_size});
    at += size;
  }
  data_size_ = data;
  file_size_ = at;
  return at;
}

tbook::ReadError FileWriter::write(const std::vector<Part>& parts, Header h, const PoolReader& pool,
                                   const std::function<void(std::string&)>& damage, unsigned jobs,
                                   bool check) {
  const std::size_t n = table_.size();
  const std::uint64_t table_end = sizeof(Header) + n * sizeof(SectionEntry);
  out_.move(provisional_, data_at_, data_size_); // a wrong guess of the blocks' count
  // Each section's sum (SDAT is summed by block), the table's last.
  std::string sums(8 * n, '\0');
  std::uint64_t sum = 0;
  for (std::size_t k = 0; k + 1 < n; ++k) {
    if (!parts[k].bytes) continue;
    const std::string& b = *parts[k].bytes;
    sum = word_sum(reinterpret_cast<const unsigned char*>(b.data()), b.size());
    std::memcpy(sums.data() + 8 * k, &sum, 8);
  }
  h.section_count = std::uint32_t(n);
  h.file_size = h.image_size = file_size_;
  h.checksum = 0; // written last
  std::string head(reinterpret_cast<const char*>(&h), sizeof h);
  for (const SectionEntry& e : table_)
    head.append(reinterpret_cast<const char*>(&e), sizeof e);
  sum = word_sum(reinterpret_cast<const unsigned char*>(head.data()) + sizeof h,
                 n * sizeof(SectionEntry));
  std::memcpy(sums.data() + 8 * (n - 1), &sum, 8);
  // Head, sections and the padding before each; the records freed once written.
  out_.write_at(0, head);
  std::uint64_t end = table_end;
  const std::string zeros(section_align, '\0');
  for (std::size_t k = 0; k < n; ++k) {
    const SectionEntry& e = table_[k];
    out_.write_at(end, std::string_view(zeros).substr(0, e.offset - end));
    end = std::uint64_t(e.offset) + e.size;
    if (k + 1 == n) {
      out_.write_at(e.offset, sums);
    } else if (parts[k].bytes) {
      out_.write_at(e.offset, *parts[k].bytes);
      std::string().swap(*parts[k].bytes);
    }
  }
  out_.truncate(file_size_);
  if (!check) return {};
  if (damage) { // tests only: an emitter bug in the bytes written
    std::string whole;
    if (out_.read_at(0, file_size_, whole)) {
      damage(whole);
      out_.write_at(0, whole);
    }
  }
  // What was written, read back: the head, dictionary and block records
  // before the packed blocks, and the records after them. The packed blocks
  // are read a block at a time by the reader, a MiB at a time by the hash.
  // (The compressed record sections the reader reads back itself, one at a
  // time: WrittenFile::read.)
  std::uint64_t tail_at = data_at_ + data_size_;
  for (const SectionEntry& e : table_)
    if (e.offset >= data_at_ + data_size_ && e.flags == 0) {
      tail_at = e.offset;
      break;
    }
  std::string front, tail;
  if (!out_.read_at(0, data_at_, front) || !out_.read_at(tail_at, file_size_ - tail_at, tail)) {
    tbook::ReadError error;
    if (!out_.failed()) error.kind = tbook::ReadErrorKind::CannotRead; // written, not read back
    return error;
  }
  tbook::Book::WrittenFile file;
  file.head = std::string_view(front).substr(0, std::size_t(table_end));
  file.size = file_size_;
  file.section = [&](std::uint32_t i) -> const void* {
    const std::uint64_t at = table_[i].offset;
    return at < data_at_ ? front.data() + at : tail.data() + (at - tail_at);
  };
  file.read = [&](std::uint64_t at, std::uint64_t size, std::string& to) {
    out_.read_at(at, size, to);
  };
  file.pool = [&](std::uint64_t start, std::uint64_t size, std::string& to) {
    pool(std::size_t(start), std::size_t(size), to);
  };
  // The checksum is hashed on a second thread while the reader checks the
  // parts, and the file is flushed to disk on a third.
  std::uint64_t total = 0;
  auto hash = [&] {
    const auto* p = reinterpret_cast<const unsigned char*>(front.data());
    const unsigned char zero[8] = {};
    std::uint64_t h = fnv1a(fnv_offset, p, checksum_offset);
    h = fnv1a(h, zero, 8);
    h = fnv1a(h, p + checksum_offset + 8, front.size() - checksum_offset - 8);
    std::string buffer;
    for (std::uint64_t at = data_at_; at < tail_at; at += chunk) {
      buffer.clear();
      out_.read_at(at, std::min(chunk, tail_at - at), buffer);
      h = fnv1a(h, reinterpret_cast<const unsigned char*>(buffer.data()), buffer.size());
    }
    total = fnv1a(h, reinterpret_cast<const unsigned char*>(tail.data()), tail.size());
  };
  tbook::ReadError error;
  bool valid = false;
  if (jobs == 1) {
    hash();
    valid = tbook::Book::check_written(file, error);
    if (valid) out_.sync();
  } else {
    std::thread hasher(hash);
    std::thread syncer([this] { out_.sync(); });
    valid = tbook::Book::check_written(file, error);
    hasher.join();
    syncer.join();
  }
  if (out_.failed()) return {}; // the file's own error, for its commit()
  if (!valid) return error;
  out_.write_at(checksum_offset,
                std::string_view(reinterpret_cast<const char*>(&total), sizeof total));
  return {};
}

} // namespace talebook
