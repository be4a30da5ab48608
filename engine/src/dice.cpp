#include "talebook/engine/dice.hpp"

namespace talebook::engine {

std::uint64_t Dice::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

int Dice::below(int n) {
  const auto bound = static_cast<std::uint64_t>(n);
  const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound; // reject the uneven tail
  std::uint64_t x = next();
  while (x >= limit)
    x = next();
  return static_cast<int>(x % bound);
}

} // namespace talebook::engine
