// LargeAllocator: the allocator of the ranking's big tables. An allocation of at least HugePage bytes gets
// a mapping of its own, aligned to 2 MiB and rounded up to whole 2 MiB pages, and the kernel is asked to
// back it with huge pages (madvise MADV_HUGEPAGE: a hint, honoured when transparent huge pages are set to
// "madvise" or "always", the Debian default being "madvise"). Smaller ones come from the heap.
//
// Why: an unrank makes about ten lookups in some 200 MB of tables, at uniformly random places. With 4 KiB
// pages each such lookup also misses the TLB, and in a virtual machine the page walk that follows reads
// two levels of page tables; with 2 MiB pages the TLB covers the tables (docs/performance.md).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace chessrank::rank {

template <class T>
class LargeAllocator {
 public:
  using value_type = T;
  static constexpr std::size_t HugePage = std::size_t(1) << 21;

  LargeAllocator() = default;
  template <class U>
  LargeAllocator(const LargeAllocator<U>&) {}  // NOLINT: converting, as allocators are

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
#if defined(__linux__)
    if (bytes >= HugePage) {
      // Map one page more than needed and unmap the ends, so that what stays starts on a 2 MiB boundary.
      const std::size_t size = rounded(bytes), extra = size + HugePage;
      void* raw = mmap(nullptr, extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (raw == MAP_FAILED) throw std::bad_alloc();
      const auto base = reinterpret_cast<std::uintptr_t>(raw);
      const std::uintptr_t start = (base + HugePage - 1) & ~(HugePage - 1);
      if (start > base) munmap(raw, start - base);
      if (const std::size_t tail = base + extra - (start + size)) munmap(reinterpret_cast<void*>(start + size), tail);
      madvise(reinterpret_cast<void*>(start), size, MADV_HUGEPAGE);  // a hint: without it, 4 KiB pages
      return reinterpret_cast<T*>(start);
    }
#endif
    return std::allocator<T>().allocate(n);
  }
  void deallocate(T* p, std::size_t n) {
#if defined(__linux__)
    if (const std::size_t bytes = n * sizeof(T); bytes >= HugePage) {
      munmap(p, rounded(bytes));
      return;
    }
#endif
    std::allocator<T>().deallocate(p, n);
  }

  template <class U>
  bool operator==(const LargeAllocator<U>&) const {
    return true;
  }

 private:
  static constexpr std::size_t rounded(std::size_t bytes) { return (bytes + HugePage - 1) & ~(HugePage - 1); }
};

// A vector whose storage, when large, lies on huge pages.
template <class T>
using LargeVector = std::vector<T, LargeAllocator<T>>;

// LargeArena: keeps copies of many tables too small for a mapping of their own (a few KB to a few MB, the
// pawn suffix tables) in chunks of LargeAllocator's, side by side, until the arena goes. Not thread-safe.
class LargeArena {
 public:
  LargeArena() = default;
  LargeArena(const LargeArena&) = delete;
  LargeArena& operator=(const LargeArena&) = delete;
  ~LargeArena() {
    for (const Chunk& c : chunks_) LargeAllocator<Word>().deallocate(c.words, c.size);
  }

  // Return a copy of v that lives as long as the arena.
  template <class T>
  const T* copy(const std::vector<T>& v) {
    static_assert(alignof(T) <= alignof(Word) && std::is_trivially_copyable_v<T>);
    const std::size_t words = (v.size() * sizeof(T) + sizeof(Word) - 1) / sizeof(Word);
    if (chunks_.empty() || chunks_.back().used + words > chunks_.back().size) {
      const std::size_t size = std::max(words, ChunkWords);
      chunks_.push_back({LargeAllocator<Word>().allocate(size), size, 0});
    }
    Chunk& c = chunks_.back();
    T* out = reinterpret_cast<T*>(c.words + c.used);
    std::copy(v.begin(), v.end(), out);
    c.used += words;
    return out;
  }

 private:
  using Word = std::uint64_t;
  static constexpr std::size_t ChunkWords = (std::size_t(16) << 20) / sizeof(Word);  // 16 MB
  struct Chunk {
    Word* words;
    std::size_t size, used;
  };
  std::vector<Chunk> chunks_;
};

}  // namespace chessrank::rank
