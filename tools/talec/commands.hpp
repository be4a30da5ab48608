// The talec commands; each lives in its own cmd_<name>.cpp.
#pragma once

#include "tools/talec/cli.hpp"

namespace talec {

int cmd_check(const Args& args);
int cmd_build(const Args& args);
int cmd_dump(const Args& args);
int cmd_play(const Args& args);
int cmd_stats(const Args& args);
int cmd_po(const Args& args);
int cmd_review(const Args& args);
int cmd_fmt(const Args& args);
int cmd_graph(const Args& args);
int cmd_html(const Args& args);
int cmd_simulate(const Args& args);
int cmd_lsp(const Args& args);
int cmd_init(const Args& args);
int cmd_vocab(const Args& args);

} // namespace talec
