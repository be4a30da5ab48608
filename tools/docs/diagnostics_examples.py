#!/usr/bin/env python3
"""The examples of docs/diagnostics.md, written from the goldens (tests/golden/).

Under each code's `Example` line that names its golden example (a path
`tests/golden/TBxxxx-...` whose name starts with the section's code), the last
code block before the section's next `Example` line (or its end) is what the
example prints: the golden's `.expected`
file (or `expected` in a folder), copied whole. For a one-file example
(`.tales`) with two blocks, the first is the source, copied whole too, unless
the line says it is abridged or shows characters as symbols ("shown as").

    python3 tools/docs/diagnostics_examples.py          # rewrites the doc; lists what changed
    python3 tools/docs/diagnostics_examples.py --check  # exit 1 and a diff when they differ

The test suite runs the second ("docs/diagnostics.md examples are the goldens").
"""
import difflib
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parents[2]
doc_path = root / "docs" / "diagnostics.md"


def blocks(lines, start, end):
    """(first, last) line indexes of each fenced block in lines[start:end]."""
    out, open_at = [], None
    for i in range(start, end):
        if lines[i].startswith("```"):
            if open_at is None:
                open_at = i
            else:
                out.append((open_at, i))
                open_at = None
    return out


def generate(text):
    lines = text.split("\n")
    headings = [i for i, line in enumerate(lines) if line.startswith("## ")] + [len(lines)]
    replacements = []  # (first content line, end, new content lines)
    for h, end in zip(headings, headings[1:]):
        code = re.match(r"## (TB\d{4}) ", lines[h])
        if not code:
            continue
        # Each `Example` line owns the code blocks up to the next one.
        examples = [i for i in range(h, end) if lines[i].startswith("Example")]
        for i, until in zip(examples, examples[1:] + [end]):
            names = [n for n in re.findall(r"tests/golden/([^`/ ]+)", lines[i])
                     if n.startswith(code.group(1))]
            if not names:
                continue
            golden = root / "tests" / "golden" / names[0]
            expected = golden.with_suffix(".expected") if golden.suffix == ".tales" \
                else golden / "expected"
            found = blocks(lines, i, until)
            if not found or not expected.exists():
                continue
            first, last = found[-1]
            replacements.append((first + 1, last, expected.read_text(errors="replace").rstrip("\n").split("\n")))
            # A source abridged, or with invisible characters shown as symbols, stays as written.
            literal = not re.search(r"abridged|shown as", lines[i])
            if golden.suffix == ".tales" and len(found) == 2 and literal:
                first, last = found[0]
                replacements.append((first + 1, last, golden.read_text(errors="replace").rstrip("\n").split("\n")))
    for first, last, content in sorted(replacements, reverse=True):
        lines[first:last] = content
    return "\n".join(lines)


def main():
    check = "--check" in sys.argv[1:]
    text = doc_path.read_text()
    new = generate(text)
    if new == text:
        return 0
    diff = difflib.unified_diff(text.split("\n"), new.split("\n"), "docs/diagnostics.md",
                                "from tests/golden/", lineterm="")
    if check:
        print("docs/diagnostics.md differs from the goldens; run "
              "`python3 tools/docs/diagnostics_examples.py`:")
        print("\n".join(diff))
        return 1
    doc_path.write_text(new)
    print("rewrote docs/diagnostics.md:")
    print("\n".join(diff))
    return 0


if __name__ == "__main__":
    sys.exit(main())
