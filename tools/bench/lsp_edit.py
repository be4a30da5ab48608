#!/usr/bin/env python3
"""Time the language server on a large book against its targets; print a table.

lsp_edit.py [--talec PATH] [--paragraphs N] [--lang en|zh] [--book DIR] [--edits N]
            [--timeout S]

Starts `talec lsp` on stdin and stdout (as an editor does: docs/editor.md) for a
book: the synthetic book of --paragraphs paragraphs (default 100,000) that
gen_book.py writes in --lang into a temporary folder, or --book DIR. It opens the
middle file of paragraphs of the book and measures (issue 24; a `hover` is asked
at a blank line of the file, where it answers nothing and costs little):

- open: from `didOpen` to the open file's first `publishDiagnostics` (the server
  sends the document's version with them; a server that does not is timed to the
  answer of a `hover` sent right after the change, which comes after them).
  Target: at most 2x the wall time of `talec check` of the same book (the median
  of 3 runs, printed in the header).
- edit in a paragraph: --edits keystrokes (default 15), each a full-text
  `didChange` that adds one character to a line of prose of a paragraph in the
  middle of the file, timed from the change written to the open file's
  `publishDiagnostics` of that version. Median and max; target: median <= 50 ms.
- renumber: --edits changes of that paragraph's header to a number no paragraph
  has (900001, 900002, ...: a new one each time), timed alike. Target: median
  <= 250 ms.
- peak memory: the server's VmHWM (/proc/PID/status) just before `shutdown`.
  Target: at most 3x the book's source bytes (its *.tales files).
- burst: five keystrokes' `didChange` written back to back, then one `hover`: the
  wall time from the first change to the answer, the server's CPU time (user +
  system, /proc/PID/stat) and how many `publishDiagnostics` of the open file came
  meanwhile (1: the five changes were checked once; 5: each was). No target.

The header gives the book, its files and source bytes and the `talec check`
times; the table `what | figure | target | met` one row per measure, its verdict
computed from the figure; below it, the server's CPU time per change (the wall
times of a loaded machine are long) and the `publishDiagnostics` each change
brought. While it waits for an answer the script reads every message the server
sends (`publishDiagnostics` counted per uri, other notifications dropped).
Progress goes to stderr, the figures to stdout. A benchmark prints: it exits 0
whether the targets are met or not, 1 only when the server fails (dies, answers
an error, breaks the protocol or answers nothing within --timeout seconds).
"""
import argparse
import collections
import json
import os
import pathlib
import re
import resource
import select
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the tree
from gen_book import LANG  # noqa: E402

BURST = 5
HEADER = re.compile(r"^@(\d+)[ \t]*$")  # an award paragraph's header: `@` and its number
ANY_HEADER = re.compile(rb"^@(\d+)\b", re.M)


class Failure(Exception):
    """The server died, answered an error, broke the protocol or stopped answering."""


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_bytes(pid):
    """The process's peak resident set (VmHWM), in bytes."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise Failure("no VmHWM in /proc/%d/status" % pid)


class Server:
    """`talec lsp` as a child process. Writing and reading go on together (select),
    so that neither side blocks on a full pipe; every message read is handled at
    once: answers kept by id, `publishDiagnostics` counted per uri (`published`),
    other notifications dropped."""

    def __init__(self, talec, timeout=600):
        self.proc = subprocess.Popen([talec, "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        os.set_blocking(self.proc.stdin.fileno(), False)
        self.timeout = timeout
        self.next_id = 1
        self.published = collections.Counter()
        self.versions = {}  # uri -> the version of its last publishDiagnostics
        self.answers = {}
        self._in = bytearray()
        self._out = bytearray()

    def send(self, message):
        """Queue a message and return once it is written (answers are not awaited)."""
        self._out += frame(message)
        self._pump(lambda: not self._out)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        self._pump(lambda: rid in self.answers)
        answer = self.answers.pop(rid)
        if "error" in answer:
            raise Failure("%s answered an error: %s" % (method, json.dumps(answer["error"])))
        return answer

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.stdin.close()
        try:
            code = self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.kill()
            raise Failure("the server did not exit within 60 s of 'exit'")
        self.proc.stdout.close()
        if code != 0:
            raise Failure("the server exited with %d after shutdown and exit" % code)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def _died(self):
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return "the server closed its pipes but is still running"
        return "the server died (exit %d)" % code if code >= 0 else \
            "the server was killed by signal %d" % -code

    def _pump(self, done):
        deadline = time.monotonic() + self.timeout
        out_fd, in_fd = self.proc.stdin.fileno(), self.proc.stdout.fileno()
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                raise Failure("no answer from the server within %g s" % self.timeout)
            readable, writable, _ = select.select([in_fd], [out_fd] if self._out else [], [], left)
            if writable:
                try:
                    del self._out[:os.write(out_fd, self._out[:1 << 16])]
                except BlockingIOError:
                    pass
                except BrokenPipeError:
                    raise Failure(self._died())
            if readable:
                chunk = os.read(in_fd, 1 << 20)
                if not chunk:
                    raise Failure(self._died())
                self._in += chunk
                self._read_messages()

    def _read_messages(self):
        while True:
            end = self._in.find(b"\r\n\r\n")
            if end < 0:
                return
            length = None
            for line in bytes(self._in[:end]).split(b"\r\n"):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            if length is None:
                raise Failure("a message without Content-Length: %r" % bytes(self._in[:end]))
            if len(self._in) < end + 4 + length:
                return
            body = bytes(self._in[end + 4:end + 4 + length])
            del self._in[:end + 4 + length]
            try:
                message = json.loads(body)
            except ValueError:
                raise Failure("a message that is not JSON: %r" % body[:200])
            self._handle(message)

    def _handle(self, message):
        if not isinstance(message, dict):
            raise Failure("a message that is not an object: %r" % message)
        method = message.get("method")
        if method == "textDocument/publishDiagnostics":
            uri = urllib.parse.unquote(message["params"]["uri"])
            self.published[uri] += 1
            self.versions[uri] = message["params"].get("version")
        elif method is not None and "id" in message:
            # A request of the server's (it sends none today): answered with nothing.
            self._out += frame({"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif method is None:
            if "id" not in message:
                raise Failure("a message with neither method nor id: %r" % message)
            self.answers[message["id"]] = message


def tales_files(book):
    out = []
    for folder, _, names in os.walk(book):
        out += [os.path.join(folder, n) for n in names if n.endswith(".tales")]
    return sorted(out)


def pick_paragraph(lines):
    """The award paragraph nearest the middle of a file that has a line of prose:
    (the header's line, the prose line's), else None."""
    found = []
    for i, line in enumerate(lines):
        if not HEADER.match(line):
            continue
        for j in range(i + 1, len(lines)):
            text = lines[j]
            if text.startswith(("@", "＠")):
                break
            if text and "[" not in text and not text[0].isdigit() and not text[0].isspace() \
                    and not text.startswith("%"):
                found.append((i, j))
                break
    return found[len(found) // 2] if found else None


def check_book(talec, book, runs=3):
    """`talec check` of the book, `runs` times: (wall times, median CPU, exit code)."""
    walls, cpus, code = [], [], 0
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([talec, "check", book], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        code = done.returncode
        if code not in (0, 1):  # 1: the book has errors; anything else is a failure
            raise Failure("talec check %s exited with %d" % (book, code))
    return walls, statistics.median(cpus), code


def span(seconds):
    if seconds < 0.1:
        return "%.1f ms" % (seconds * 1000)
    if seconds < 1:
        return "%.0f ms" % (seconds * 1000)
    return "%.2f s" % seconds


def mib(n):
    return "%.1f MiB" % (n / 1048576) if n >= 1048576 else "%.0f KiB" % (n / 1024)


def progress(text):
    print("lsp_edit.py: " + text, file=sys.stderr, flush=True)


def measure(args, book):
    """Run every measure on the book; return what the report prints."""
    files = tales_files(book)
    if not files:
        sys.exit("lsp_edit.py: no *.tales file in %s" % book)
    source = sum(os.path.getsize(f) for f in files)
    with_paragraphs, top = [], 0
    for f in files:
        with open(f, "rb") as stream:
            numbers = [int(n) for n in ANY_HEADER.findall(stream.read())]
        if numbers:
            with_paragraphs.append(f)
            top = max(top, max(numbers))
    if not with_paragraphs:
        sys.exit("lsp_edit.py: no numbered paragraph in %s" % book)
    # The middle file of paragraphs, else the nearest one with an award paragraph.
    middle = len(with_paragraphs) // 2
    for path in sorted(with_paragraphs, key=lambda f: abs(with_paragraphs.index(f) - middle)):
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        picked = pick_paragraph(lines)
        if picked:
            break
    else:
        sys.exit("lsp_edit.py: no award paragraph with a line of prose in %s" % book)
    header, prose = picked
    number = int(HEADER.match(lines[header]).group(1))
    blank = next((i for i, line in enumerate(lines) if not line.strip()), 0)
    fresh = max(900000, top + 1)  # the renumbered header's numbers: fresh + 1, fresh + 2...
    uri = pathlib.Path(path).as_uri()
    key = urllib.parse.unquote(uri)  # as `published` counts it

    progress("talec check x3")
    check_walls, check_cpu, check_code = check_book(args.talec, book)

    progress("talec lsp")
    server = Server(args.talec, args.timeout)
    try:
        server.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                      "capabilities": {}})
        server.notify("initialized", {})
        # The hover that follows each change asks about a blank line: it answers
        # nothing, so that it costs little beside the change it waits for.
        hover = {"textDocument": {"uri": uri}, "position": {"line": blank, "character": 0}}
        version = [1]

        def diagnosed(version):
            """Wait for the diagnostics of the open file at `version` (a server that
            sends no version with them: for the answer of a hover sent now, which
            comes after them)."""
            server._pump(lambda: key in server.versions)  # the file's first diagnostics
            if server.versions[key] is None:
                server.request("textDocument/hover", hover)
            else:
                server._pump(lambda: server.versions.get(key) == version)

        def change(wait):
            """One full-text didChange of `lines`; with `wait`, its time and server CPU
            to the open file's diagnostics of that version."""
            version[0] += 1
            cpu = cpu_seconds(server.proc.pid)
            start = time.perf_counter()
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version[0]},
                "contentChanges": [{"text": "\n".join(lines)}]})
            if wait:
                diagnosed(version[0])
            return time.perf_counter() - start, cpu_seconds(server.proc.pid) - cpu

        published = sum(server.published.values())
        start = time.perf_counter()
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "tales", "version": 1, "text": "\n".join(lines)}})
        diagnosed(1)
        opened = time.perf_counter() - start
        open_published = (server.published[key], sum(server.published.values()) - published)

        progress("%d keystrokes in paragraph %d of %s" % (args.edits, number, path))
        edits, edit_published = [], (server.published[key], sum(server.published.values()))
        for _ in range(args.edits):
            lines[prose] += "x"
            edits.append(change(True))
        edit_published = (server.published[key] - edit_published[0],
                          sum(server.published.values()) - edit_published[1])

        progress("%d renumberings of paragraph %d" % (args.edits, number))
        renumbers = []
        for k in range(1, args.edits + 1):
            lines[header] = "@%d" % (fresh + k)
            renumbers.append(change(True))

        progress("a burst of %d keystrokes" % BURST)
        before = server.published[key]
        cpu = cpu_seconds(server.proc.pid)
        start = time.perf_counter()
        for _ in range(BURST):
            lines[prose] += "x"
            change(False)
        diagnosed(version[0])
        server.request("textDocument/hover", hover)
        burst = (time.perf_counter() - start, cpu_seconds(server.proc.pid) - cpu,
                 server.published[key] - before)

        peak = peak_bytes(server.proc.pid)
        server.close()
    finally:
        server.kill()
    return dict(files=files, source=source, path=path, number=number,
                check_walls=check_walls, check_cpu=check_cpu, check_code=check_code,
                opened=opened, open_published=open_published, edits=edits,
                edit_published=edit_published, renumbers=renumbers, peak=peak, burst=burst)


def report(args, book, r):
    check = statistics.median(r["check_walls"])
    name = args.book or "gen_book.py %d --lang %s" % (args.paragraphs, args.lang)
    print("book: %s (%d files, %s of source: %d bytes)"
          % (name, len(r["files"]), mib(r["source"]), r["source"]))
    print("talec check: %s wall (median of 3 runs: %s), %s CPU%s"
          % (span(check), ", ".join(span(w) for w in r["check_walls"]), span(r["check_cpu"]),
             "; exit 1, the book has errors" if r["check_code"] else ""))
    print("opened: %s, paragraph %d (edited, then renumbered)"
          % (os.path.relpath(r["path"], book), r["number"]))
    print()
    edit_cpu = statistics.median(c for _, c in r["edits"])
    renumber_cpu = statistics.median(c for _, c in r["renumbers"])
    edits, renumbers = [w for w, _ in r["edits"]], [w for w, _ in r["renumbers"]]
    edit, renumber = statistics.median(edits), statistics.median(renumbers)
    wall, cpu, publishes = r["burst"]
    verdict = lambda ok: "met" if ok else "NOT met"
    rows = [
        ("what", "figure", "target", "met"),
        ("open", "%s (%.2f× check)" % (span(r["opened"]), r["opened"] / check),
         "≤ 2× check (%s)" % span(2 * check), verdict(r["opened"] <= 2 * check)),
        ("edit in a paragraph", "median %s, max %s (%d edits)"
         % (span(edit), span(max(edits)), len(edits)),
         "median ≤ 50 ms", verdict(edit <= 0.050)),
        ("renumber", "median %s, max %s (%d edits)"
         % (span(renumber), span(max(renumbers)), len(renumbers)),
         "median ≤ 250 ms", verdict(renumber <= 0.250)),
        ("peak memory", "%s (%.2f× source)" % (mib(r["peak"]), r["peak"] / r["source"]),
         "≤ 3× source (%s)" % mib(3 * r["source"]), verdict(r["peak"] <= 3 * r["source"])),
        ("burst", "%d changes + hover: %s wall, %s server CPU, %d publishDiagnostics "
         "of the open file" % (BURST, span(wall), span(cpu), publishes), "none", "-"),
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    line = lambda row: "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |"
    print(line(rows[0]))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows[1:]:
        print(line(row))
    print()
    print("server CPU (user + system), median per change: keystroke %s, renumber %s "
          "(a talec check: %s)" % (span(edit_cpu), span(renumber_cpu), span(r["check_cpu"])))
    print("publishDiagnostics: after didOpen %d of the open file, %d in all; per keystroke "
          "%.1f of the open file, %.1f in all"
          % (r["open_published"] + tuple(n / len(r["edits"]) for n in r["edit_published"])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--talec", default=os.path.join(ROOT, "build", "tools", "talec"))
    ap.add_argument("--paragraphs", type=int, default=100000,
                    help="the synthetic book's size (default 100000)")
    ap.add_argument("--lang", choices=sorted(LANG), default="en",
                    help="the synthetic book's language (gen_book.py --lang)")
    ap.add_argument("--book", help="a book folder (else a synthetic one)")
    ap.add_argument("--edits", type=int, default=15,
                    help="keystrokes, and renumberings, to time (default 15)")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds to wait for any one answer (default 600)")
    args = ap.parse_args()
    if args.edits < 1:
        ap.error("--edits must be at least 1")
    if not os.access(args.talec, os.X_OK):
        ap.error("no program %s: build talec first, or give --talec" % args.talec)
    with tempfile.TemporaryDirectory() as tmp:
        book = args.book
        if not book:
            book = os.path.join(tmp, "book")
            progress("writing a book of %d paragraphs (%s)" % (args.paragraphs, args.lang))
            subprocess.run([sys.executable, os.path.join(HERE, "gen_book.py"),
                            str(args.paragraphs), book, "--lang", args.lang],
                           check=True, stdout=subprocess.DEVNULL)
        book = os.path.abspath(book)
        try:
            figures = measure(args, book)
        except Failure as e:
            sys.exit("lsp_edit.py: %s" % e)
    report(args, book, figures)


if __name__ == "__main__":
    main()
