#!/usr/bin/env python3
"""What completion answers, and how fast, at book scale; print the figures.

lsp_completion.py [--talec PATH] [--paragraphs N] [--book DIR] [--repeat N]

Starts `talec lsp` (as lsp_edit.py does), opens one file of the book (a
synthetic book of --paragraphs paragraphs written by gen_book.py, or --book
DIR), and asks for completion at four places of it: the start of a section's
line, just after a `[` of an award group, after `Go to ` and inside prose.
Prints, for each, the items returned, whether the list is cut
(`isIncomplete`), the size of the answer in bytes and the median wall time of
--repeat requests. A benchmark prints; it never fails.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from lsp_edit import ROOT, Server  # noqa: E402


def find(lines, test):
    """The first line of an award paragraph (under `@` and a digit) that `test` accepts."""
    header = ""
    for i, line in enumerate(lines):
        if line.startswith("@"):
            header = line
            continue
        col = test(line) if header[1:2].isdigit() else None
        if col is not None:
            return i, col
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--talec", default=os.path.join(ROOT, "build", "tools", "talec"))
    ap.add_argument("--paragraphs", type=int, default=100000)
    ap.add_argument("--book", help="a book folder (else a synthetic one)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        book = args.book
        if not book:
            book = os.path.join(tmp, "book")
            subprocess.run([sys.executable, os.path.join(HERE, "gen_book.py"),
                            str(args.paragraphs), book], check=True, stdout=subprocess.DEVNULL)
        book = os.path.abspath(book)
        files = sorted(f for f in os.listdir(book) if f.endswith(".tales"))
        server = Server(args.talec)
        server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        server.notify("initialized", {})
        places = {}
        for name in files:  # the first file that has each kind of place
            path = os.path.join(book, name)
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
            tests = {
                "a section's line (headings)":
                    lambda l: 0 if ": " in l and "[" in l and not l.startswith(("@", "%", " ")) else None,
                "after '[' (award names)":
                    lambda l: l.find("[") + 1 if "[" in l and not l.startswith("%") else None,
                "after 'Go to ' (numbers)":
                    lambda l: l.find("Go to ") + 6 if "Go to " in l else None,
                "in prose (nothing)":
                    lambda l: 3 if l and l[0].isalpha() and ":" not in l and "|" not in l else None,
            }
            for what, test in tests.items():
                if what in places:
                    continue
                found = find(lines, test)
                if found:
                    places[what] = ("file://" + path, found)
        opened = set()
        rows = []
        for what, (uri, (line, col)) in places.items():
            if uri not in opened:
                with open(uri[len("file://"):], encoding="utf-8") as f:
                    server.notify("textDocument/didOpen", {"textDocument": {
                        "uri": uri, "languageId": "tales", "version": 1, "text": f.read()}})
                opened.add(uri)
            params = {"textDocument": {"uri": uri}, "position": {"line": line, "character": col}}
            server.request("textDocument/completion", params)  # the compilation, if any
            times, answer = [], None
            for _ in range(args.repeat):
                t = time.perf_counter()
                answer = server.request("textDocument/completion", params)["result"]
                times.append(time.perf_counter() - t)
            items = answer["items"] if isinstance(answer, dict) else answer
            cut = answer.get("isIncomplete", False) if isinstance(answer, dict) else False
            rows.append((what, len(items), cut, len(json.dumps(answer)),
                         statistics.median(times) * 1000))
        server.close()
    print("book: %s (%d files)" % (args.book or "gen_book.py %d" % args.paragraphs, len(files)))
    print("%-30s %7s %6s %10s %9s" % ("completion at", "items", "cut", "bytes", "ms"))
    for what, n, cut, size, ms in rows:
        print("%-30s %7d %6s %10d %9.1f" % (what, n, "yes" if cut else "no", size, ms))


if __name__ == "__main__":
    main()
