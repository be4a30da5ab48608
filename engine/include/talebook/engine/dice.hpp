// The engine's dice: splitmix64, so that a seed gives the same session with
// every standard library (std::uniform_int_distribution does not).
#pragma once

#include <cstdint>

namespace talebook::engine {

class Dice {
public:
  explicit Dice(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  // 0 <= result < n, without modulo bias; n > 0.
  int below(int n);
  // One six-sided die.
  int roll() { return 1 + below(6); }

private:
  std::uint64_t state_;
};

} // namespace talebook::engine
