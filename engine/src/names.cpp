#include "talebook/engine/table.hpp"

namespace talebook::engine {

namespace {
std::string lookup(const std::map<std::string, std::string>& names, const std::string& id) {
  auto it = names.find(id);
  return it == names.end() ? id : it->second;
}
} // namespace

std::string Names::skill(const std::string& id) const {
  return lookup(skills, id);
}
std::string Names::status(const std::string& id) const {
  return lookup(statuses, id);
}
std::string Names::wealth_level(int level) const {
  return lookup(wealth, wealth_id(level));
}
std::string Names::word(const std::string& id) const {
  return lookup(words, id);
}

} // namespace talebook::engine
