#include "compiler/model/model.hpp"

namespace talebook {

bool Section::mandatory() const {
  for (const Condition& c : conditions)
    if (c.mandatory) return true;
  return false;
}

} // namespace talebook
