#include "talebook/engine/table.hpp"

namespace talebook::engine {

namespace {
std::string lookup(const Names::ById& names, std::string_view id) {
  auto it = names.find(id);
  return it == names.end() ? std::string(id) : it->second;
}
} // namespace

std::string Names::skill(std::string_view id) const {
  return lookup(skills, id);
}
std::string Names::status(std::string_view id) const {
  return lookup(statuses, id);
}
std::string Names::wealth_level(int level) const {
  return lookup(wealth, wealth_id(level));
}
std::string Names::word(std::string_view id) const {
  return lookup(words, id);
}

} // namespace talebook::engine
