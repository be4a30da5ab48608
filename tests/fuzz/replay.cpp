// A fuzz target's inputs run once each, without libFuzzer: `fuzz_lsp_replay
// FILE...` (tests/fuzz/CMakeLists.txt), so that the corpus kept in the tree is
// a test of every build, sanitized or not. Exit 0 when every input ran.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::ifstream file(argv[i], std::ios::binary);
    if (!file) {
      std::cerr << "replay: cannot read '" << argv[i] << "'\n";
      return 2;
    }
    const std::string input{std::istreambuf_iterator<char>(file), {}};
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
  }
  std::cout << "replay: " << argc - 1 << " inputs\n";
  return 0;
}
