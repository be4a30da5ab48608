// Compiled by two tests (tests/CMakeLists.txt): as it is, it compiles; with
// TWICE, the string blocks' list declares the paragraph record a second time,
// under another type, and talebook/records.hpp must refuse to compile it.
#include "talebook/records.def"

#ifdef TWICE
#undef TALEBOOK_BLOCK_RECORDS
#define TALEBOOK_BLOCK_RECORDS(R) R(SBLK, StringBlockRecord) R(PARA, ParagraphAgainRecord)
#endif

#include "talebook/records.hpp"

int main() {
  return int(talebook::tbook::layout::record_schema().size()) > 0 ? 0 : 1;
}
