// The string blocks (docs/binary-format.md, "String blocks"): the pool is cut
// at string boundaries into blocks of about string_block_target bytes, each
// compressed on its own (one zstd frame) against one dictionary,
// so that a reader unpacks one block to read one string. The blocks are packed
// in a pipeline: each on a worker as soon as its strings are in the pool.
// Deterministic: the bytes depend on the pool and the dictionary only.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include "compiler/emit/string_blocks.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"

namespace talebook {
namespace {

using namespace tbook::layout;

std::uint32_t size_at(std::string_view pool, std::size_t at) {
  std::uint32_t size;
  std::memcpy(&size, pool.data() + at, 4);
  return size;
}

std::atomic<std::uint64_t> generations{0};

struct Block {
  std::size_t start, end;
  std::string packed;
  std::uint64_t sum = 0;
  std::size_t packed_size = 0;
  bool bad = false;
  bool done = false; // packed (and checked)
};

} // namespace

struct StringBlockPipeline::State {
  State(std::string d, PackOptions o, PoolReader r, BlockSink k)
      : dictionary(std::move(d)), packer(dictionary), options(std::move(o)), read(std::move(r)),
        sink(std::move(k)) {}

  const std::string dictionary;
  const std::uint64_t generation = ++generations; // never 0
  const BlockPacker packer;
  const PackOptions options;
  const PoolReader read;
  const BlockSink sink;
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<Block> blocks; // a deque: a worker's block stays put while more are added
  std::size_t next = 0;     // the first block no thread has taken
  std::size_t sunk = 0;     // the first block not yet given to the sink
  std::uint64_t data = 0;   // the packed bytes given to the sink
  bool sinking = false;     // a thread is giving blocks to the sink
  bool closed = false, stopped = false;
  std::vector<std::thread> threads;
  std::exception_ptr failure; // the first exception of a worker

  // Packs `b` and unpacks it again: the check of what was packed. The
  // thread's buffers begin with the dictionary, copied once per pipeline.
  void pack(Block& b, std::size_t index) const {
    thread_local std::string work, back;
    thread_local std::uint64_t holds = 0; // the pipeline whose dictionary they hold
    if (holds != generation) {
      work.assign(dictionary);
      back.assign(dictionary);
      holds = generation;
    }
    work.resize(dictionary.size());
    read(b.start, b.end - b.start, work);
    b.packed = packer.pack(std::string_view(work).substr(dictionary.size()));
    if (options.damage) options.damage(b.packed, index);
    b.sum = word_sum(reinterpret_cast<const unsigned char*>(b.packed.data()), b.packed.size());
    back.resize(work.size());
    b.bad = !tbook::unpack_stream(b.packed.data(), b.packed.size(), back.data(), back.size(),
                                  dictionary.size()) ||
            back != work;
    b.packed_size = b.packed.size();
  }

  // Block `index` is packed: hands the blocks that are ready, in order, to the
  // sink (one thread at a time; another that finishes meanwhile leaves its
  // block to this one) and frees their bytes.
  void done(std::size_t index) {
    std::unique_lock<std::mutex> lock(mutex);
    blocks[index].done = true;
    if (!sink || sinking) return;
    sinking = true;
    while (sunk < blocks.size() && blocks[sunk].done && !stopped) {
      Block& b = blocks[sunk++];
      const std::uint64_t at = data;
      data += b.packed_size;
      lock.unlock();
      sink(at, b.packed);
      std::string().swap(b.packed);
      lock.lock();
    }
    sinking = false;
  }

  // Takes blocks until none is left and no more will come (closed), or a stop.
  void work() {
    try {
      for (;;) {
        Block* b = nullptr;
        std::size_t index = 0;
        {
          std::unique_lock<std::mutex> lock(mutex);
          ready.wait(lock, [&] { return next < blocks.size() || closed || stopped; });
          if (stopped || next == blocks.size()) return;
          index = next++;
          b = &blocks[index];
        }
        pack(*b, index);
        done(index);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      stopped = true;
      ready.notify_all();
    }
  }

  void join() {
    for (std::thread& t : threads)
      t.join();
    threads.clear();
  }
};

StringBlockPipeline::StringBlockPipeline(std::string dictionary, PackOptions options,
                                         PoolReader read, BlockSink sink)
    : state_(std::make_unique<State>(std::move(dictionary), std::move(options), std::move(read),
                                     std::move(sink))) {}

StringBlockPipeline::~StringBlockPipeline() {
  {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->stopped = true;
  }
  state_->ready.notify_all();
  state_->join();
}

void StringBlockPipeline::add(std::size_t start, std::size_t end) {
  State& s = *state_;
  bool first = false;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.blocks.push_back({start, end, {}});
    first = s.blocks.size() == 1;
  }
  s.ready.notify_one();
  // The workers start with the first block: this thread is one of the jobs,
  // and packs with them from finish() on.
  const unsigned jobs =
      s.options.jobs ? s.options.jobs : std::max(1u, std::thread::hardware_concurrency());
  if (first)
    for (unsigned t = 1; t < jobs; ++t)
      s.threads.emplace_back([&s] { s.work(); });
}

StringBlocks StringBlockPipeline::finish() {
  State& s = *state_;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.closed = true;
  }
  s.ready.notify_all();
  s.work();
  s.join();
  if (s.failure) std::rethrow_exception(s.failure);
  StringBlocks out;
  out.dictionary = s.dictionary;
  out.blocks.reserve(s.blocks.size() * sizeof(StringBlockRecord));
  out.packed.reserve(s.blocks.size());
  std::size_t data = 0;
  for (std::size_t i = 0; i < s.blocks.size(); ++i) {
    Block& b = s.blocks[i];
    if (b.bad && out.error.empty())
      out.error =
          "internal error: string block " + std::to_string(i) + " does not unpack to its strings";
    StringBlockRecord r{std::uint32_t(b.start), std::uint32_t(b.end - b.start), std::uint32_t(data),
                        std::uint32_t(b.packed_size), b.sum};
    append_record(out.blocks, r);
    data += b.packed_size;
    if (!s.sink) out.packed.push_back(std::move(b.packed));
  }
  out.data_size = data;
  s.blocks.clear();
  return out;
}

std::string dictionary_of(const std::vector<std::string_view>& pieces) {
  if (pieces.empty()) return {};
  return train_dictionary(pieces, dictionary_capacity);
}

std::string pool_dictionary(std::string_view pool) {
  std::vector<std::string_view> pieces;
  if (pool.size() >= 64 * 1024) {
    const std::size_t step = pool.size() / dictionary_pieces;
    for (std::size_t k = 0; k < dictionary_pieces; ++k)
      pieces.push_back(pool.substr(k * step, dictionary_piece));
  }
  return dictionary_of(pieces);
}

StringBlocks pack_strings(std::string_view pool, const PackOptions& options) {
  StringBlockPipeline pipeline(pool_dictionary(pool), options,
                               [pool](std::size_t start, std::size_t size, std::string& out) {
                                 out.append(pool.substr(start, size));
                               });
  for (std::size_t start = 0; start < pool.size();) {
    std::size_t end = start;
    while (end < pool.size() && (end == start || end - start < string_block_target))
      end += (4 + std::size_t(size_at(pool, end)) + 1 + 3) / 4 * 4;
    pipeline.add(start, end);
    start = end;
  }
  StringBlocks out = pipeline.finish();
  for (std::string& p : out.packed)
    out.data += p;
  out.packed.clear();
  return out;
}

} // namespace talebook
