#include "talebook/engine/console.hpp"

#include <istream>
#include <ostream>

namespace talebook::engine {

TypedAnswer read_typed(const std::string& line) {
  TypedAnswer a;
  const auto first = line.find_first_not_of(" \t\r");
  if (first != std::string::npos)
    a.text = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
  a.quit = a.text == "q" || a.text == "Q";
  if (!a.text.empty() && a.text.size() < 10 &&
      a.text.find_first_not_of("0123456789") == std::string::npos)
    a.number = std::stol(a.text);
  return a;
}

std::string please_answer(bool counted, std::size_t count) {
  return "Please answer with " +
         (counted ? "a number from 1 to " + std::to_string(count)
                  : std::string("one of the numbers shown")) +
         ", or q to quit.";
}

Console::Console(std::istream& in, std::ostream& out, bool echo)
    : in_(&in), out_(&out), echo_(echo) {}

void Console::say(const std::string& line) {
  *out_ << line << '\n';
  after_blank_ = line.empty();
}

void Console::blank() {
  if (!after_blank_) *out_ << '\n';
  after_blank_ = true;
}

int Console::choose(const std::string& question, const std::vector<std::string>& options) {
  after_blank_ = false;
  *out_ << question << '\n';
  for (std::size_t i = 0; i < options.size(); ++i)
    *out_ << "  " << i + 1 << ". " << options[i] << '\n';
  *out_ << "  q. Quit\n";
  if (chooser_) return automatic(question, options);
  return choose_again({}, options);
}

int Console::automatic(const std::string& question, const std::vector<std::string>& options,
                       const std::vector<std::uint32_t>* labels) {
  const int k = quit_ ? -1 : chooser_->choose_among(question, options, labels);
  if (k == Chooser::kEndOfInput) {
    input_ended_ = true;
    return -1;
  }
  if (k < 0 || static_cast<std::size_t>(k) >= options.size()) {
    quit_ = true;
    return -1;
  }
  if (echo_) *out_ << "> " << (labels ? (*labels)[k] : static_cast<std::uint32_t>(k) + 1) << '\n';
  return k;
}

template <typename Valid> long Console::read_number(Valid valid, bool counted, std::size_t count) {
  for (;;) {
    if (quit_ || input_ended_) return -1;
    *out_ << "> " << std::flush;
    std::string line;
    if (!std::getline(*in_, line)) {
      input_ended_ = true;
      *out_ << "\n(end of input)\n";
      return -1;
    }
    const TypedAnswer answer = read_typed(line);
    if (echo_) *out_ << answer.text << '\n';
    if (answer.quit) {
      quit_ = true;
      return -1;
    }
    if (answer.number && valid(*answer.number)) return *answer.number;
    *out_ << please_answer(counted, count) << '\n';
  }
}

int Console::choose_again(const std::string& question, const std::vector<std::string>& options) {
  after_blank_ = false;
  if (!question.empty()) *out_ << question << '\n';
  if (chooser_) return automatic(question, options);
  const std::size_t count = options.size();
  const long n = read_number([&](long k) { return k >= 1 && static_cast<std::size_t>(k) <= count; },
                             true, count);
  return n < 0 ? -1 : static_cast<int>(n - 1);
}

int Console::choose_by_key(const std::string& question, const std::vector<std::uint32_t>& keys,
                           const std::vector<std::string>& options) {
  after_blank_ = false;
  *out_ << question << '\n';
  for (std::size_t i = 0; i < options.size(); ++i)
    *out_ << "  " << keys[i] << ". " << options[i] << '\n';
  *out_ << "  q. Quit\n";
  if (chooser_) return automatic(question, options, &keys);
  std::size_t index = 0;
  const long n = read_number(
      [&](long k) {
        for (index = 0; index < keys.size(); ++index)
          if (keys[index] == static_cast<std::uint64_t>(k)) return true;
        return false;
      },
      false, keys.size());
  return n < 0 ? -1 : static_cast<int>(index);
}

} // namespace talebook::engine
