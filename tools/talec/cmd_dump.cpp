// Placeholder until its issue lands; replaced by the real command.
#include <iostream>

#include "tools/talec/commands.hpp"

int talec::cmd_dump(const Args&) {
  std::cerr << "talec: error: 'dump' is not built yet\n";
  return exit_usage;
}
