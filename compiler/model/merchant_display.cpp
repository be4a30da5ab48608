#include "compiler/model/merchant_display.hpp"

namespace talebook {

std::vector<CounterGroup> counter_groups(const MerchantDisplay& display) {
  constexpr std::size_t shapes = tbook::Kind<CounterShape>::count;
  std::uint32_t counts[shapes][3] = {}; // by shape, by wealth
  for (const CounterLine& line : display.counters) {
    if (!display.first_block(line.header) || line.wealth > 2 || (line.marked && !line.wealth))
      continue;
    for (const CounterCount& c : line.counts)
      for (std::size_t s = 0; s < shapes; ++s)
        if (c.known && c.shape == tbook::Kind<CounterShape>::ids[s])
          counts[s][line.wealth] += c.count;
  }
  std::vector<CounterGroup> out;
  for (std::size_t s = 0; s < shapes; ++s) {
    // The cup's counters of this shape: those without wealth are the rest.
    const std::uint32_t marked = counts[s][1] + counts[s][2];
    const std::uint32_t plain = counts[s][0] > marked ? counts[s][0] - marked : 0;
    const std::uint32_t by_wealth[3] = {plain, counts[s][1], counts[s][2]};
    for (std::uint32_t w = 0; w < 3; ++w)
      if (by_wealth[w] > 0) out.push_back({CounterShape(s), by_wealth[w], w});
  }
  return out;
}

} // namespace talebook
