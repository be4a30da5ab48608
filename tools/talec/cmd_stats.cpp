// Placeholder until its issue lands; replaced by the real command.
#include <iostream>

#include "tools/talec/commands.hpp"

int talec::cmd_stats(const Args&) {
  std::cerr << "talec: error: 'stats' is not built yet\n";
  return exit_usage;
}
