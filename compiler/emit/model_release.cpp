// The plan of ModelRelease: each store chunk's last user, found once (a few ms
// at 100,000 paragraphs: consecutive slices almost always share a chunk).
#include "compiler/emit/model_release.hpp"

#include <algorithm>
#include <limits>

#include "compiler/emit/emit.hpp"

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace talebook {
namespace {

constexpr std::uint32_t never = std::numeric_limits<std::uint32_t>::max();
// Freed memory goes back to the system (malloc_trim) every time this much more
// is free: freed 4 KiB chunks stay in the allocator's lists otherwise, and the
// peak of the process does not fall. The peak is at the first paragraphs (the
// whole model, and the records begin to grow), so the first trims come every
// MiB; later the step is an eighth of what is freed so far, since each trim
// walks all the allocator's free lists (43 trims at 1 MiB cost 0.12 s of CPU
// at 100,000 paragraphs). What is freed outruns what the records add (about
// 440 B a paragraph against 300), so the process stays under that first peak.
constexpr std::size_t trim_step = 1u << 20;

std::uintptr_t address(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

// The chunks of one store by address, and each one's last user.
template <class T> class ChunkUsers {
public:
  explicit ChunkUsers(const Store<T>& store) : last_(store.chunk_count(), never) {
    for (std::size_t i = 0; i < store.chunk_count(); ++i) {
      std::span<const T> c = store.chunk(i);
      if (!c.empty())
        ranges_.push_back({address(c.data()), address(c.data() + c.size()), std::uint32_t(i)});
    }
    std::sort(ranges_.begin(), ranges_.end(),
              [](const Range& a, const Range& b) { return a.begin < b.begin; });
  }
  // The chunk that holds `items` is used by `user` (never: kept to the end).
  // Items of no chunk of this store (another book's) are not this store's.
  void use(const T* items, std::size_t count, std::uint32_t user) {
    if (count == 0) return;
    const std::uintptr_t at = address(items);
    if (!(cached_ && at >= cached_->begin && at < cached_->end)) {
      auto it = std::upper_bound(ranges_.begin(), ranges_.end(), at,
                                 [](std::uintptr_t a, const Range& r) { return a < r.begin; });
      if (it == ranges_.begin() || at >= (--it)->end) return;
      cached_ = &*it;
    }
    last_[cached_->chunk] = user;
  }
  // Each chunk whose last user is a paragraph: (paragraph, chunk).
  template <class F> void each_to_free(F&& f) const {
    for (std::size_t i = 0; i < last_.size(); ++i)
      if (last_[i] != never) f(last_[i], std::uint32_t(i));
  }

private:
  struct Range {
    std::uintptr_t begin, end;
    std::uint32_t chunk;
  };
  std::vector<Range> ranges_;
  const Range* cached_ = nullptr;
  std::vector<std::uint32_t> last_; // by chunk: the last paragraph that uses it, or never
};

} // namespace

ModelRelease::ModelRelease(Book& book, const ParagraphOrder& order) : book_(book) {
  ChunkUsers<Section> sections_(book.section_store);
  ChunkUsers<Condition> conditions_(book.condition_store);
  ChunkUsers<Award> awards_(book.award_store);
  ChunkUsers<ParagraphRef> refs_(book.ref_store);
  ChunkUsers<MatrixRef> matrix_refs_(book.matrix_ref_store);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Paragraph& p = order[i];
    const std::uint32_t user = std::uint32_t(i);
    sections_.use(p.sections.data(), p.sections.size(), user);
    refs_.use(p.refs.data(), p.refs.size(), user);
    matrix_refs_.use(p.matrix_refs.data(), p.matrix_refs.size(), user);
    for (const Section& s : p.sections) {
      conditions_.use(s.conditions.data(), s.conditions.size(), user);
      awards_.use(s.awards().data(), s.awards().size(), user);
    }
  }
  // What is written after the paragraphs (the cards), or read by no writer
  // (the rejected award groups), keeps its chunks to the end.
  for (const Card& c : book.cards)
    for (const CityResult& r : c.results)
      for (const AwardCode& code : r.awards)
        awards_.use(code.awards.data(), code.awards.size(), never);
  for (const AwardCode& code : book.rejected_awards)
    awards_.use(code.awards.data(), code.awards.size(), never);
  auto plan = [this](Kind kind) {
    return [this, kind](std::uint32_t last, std::uint32_t chunk) {
      plan_.push_back({last, kind, chunk});
    };
  };
  sections_.each_to_free(plan(sections));
  conditions_.each_to_free(plan(conditions));
  awards_.each_to_free(plan(awards));
  refs_.each_to_free(plan(refs));
  matrix_refs_.each_to_free(plan(matrix_refs));
  std::sort(plan_.begin(), plan_.end(), [](const Release& a, const Release& b) {
    return a.last != b.last   ? a.last < b.last
           : a.kind != b.kind ? a.kind < b.kind
                              : a.chunk < b.chunk;
  });
}

void ModelRelease::written(std::size_t i) {
  for (; next_ < plan_.size() && plan_[next_].last <= i; ++next_)
    free(plan_[next_]);
  if (untrimmed_ >= std::max(trim_step, freed_ / 8)) trim();
}

void ModelRelease::trim() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
  untrimmed_ = 0;
}

void ModelRelease::free(const Release& r) {
  auto release = [&](auto& store) {
    const std::size_t bytes = store.chunk(r.chunk).size_bytes();
    store.free_chunk(r.chunk);
    freed_ += bytes;
    untrimmed_ += bytes;
  };
  switch (r.kind) {
  case sections:
    return release(book_.section_store);
  case conditions:
    return release(book_.condition_store);
  case awards:
    return release(book_.award_store);
  case refs:
    return release(book_.ref_store);
  case matrix_refs:
    return release(book_.matrix_ref_store);
  case kinds:
    break;
  }
}

void return_large_blocks_when_freed() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 1 << 20); // also keeps the trim threshold at its default
#endif
}

} // namespace talebook
