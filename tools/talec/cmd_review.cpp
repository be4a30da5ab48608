// Placeholder until its issue lands; replaced by the real command.
#include <iostream>

#include "tools/talec/commands.hpp"

int talec::cmd_review(const Args&) {
  std::cerr << "talec: error: 'review' is not built yet\n";
  return exit_usage;
}
