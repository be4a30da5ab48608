// What a rename changes (rename.cpp, rename_names.cpp): edits by file and
// byte offset, the translations that follow the source book, their review
// state kept, and the WorkspaceEdit an editor applies.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "compiler/lsp/params.hpp"
#include "compiler/lsp/positions.hpp"
#include "compiler/lsp/workspace.hpp"

namespace talebook::lsp::renaming {

// A rename that cannot be: answered as LSP's RequestFailed with the reason,
// `why` a keyword of the rename_refused text, with its words: the paragraph,
// the matrix cell, the name, another word (a mark, a matrix letter), a
// paragraph kind's keyword.
[[noreturn]] void refuse(const char* why, std::uint32_t paragraph = 0, std::uint32_t cell = 0,
                         const std::string& name = {}, const std::string& other = {},
                         const char* kind = "");

// A change of a file's bytes [begin, end) to `text`, keyed by its begin.
struct Change {
  std::uint32_t end = 0;
  std::string text;
};
using Changes = std::map<std::string, std::map<std::uint32_t, Change>>; // by file path

// The translations of the book at `manifest` found beside it: the book.json
// files up to three folders below its folder's parent whose "translates" is it
// (none searched when that parent is the root folder; at most 20,000 entries).
std::vector<std::string> translations_of(const std::string& manifest);

// Each translation's translation-state.json (books after the first, the
// source `source`): paragraphs renumbered as `renamed` says, and a paragraph
// reviewed against the source as it is stays reviewed against the source as
// `changes` leave it; the new state added to `changes` (and its text to `texts`).
void keep_review_state(const LoadedBook& source, const std::vector<LoadedBook*>& books,
                       const std::map<std::uint32_t, std::uint32_t>& renamed, Changes& changes,
                       std::map<std::string, std::string>& texts);

// The WorkspaceEdit of `changes` (`texts`: each changed file's text now).
Json workspace_edit(const Changes& changes, const std::map<std::string, std::string>& texts,
                    Encoding encoding);

} // namespace talebook::lsp::renaming
