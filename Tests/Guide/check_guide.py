#!/usr/bin/env python3
"""The guide's examples, run as the guide shows them (Docs/guide/**/*.md).

Every Markdown file of the guide names its folder of examples once:

    <!-- examples: examples/tutorial -->

(relative to the Markdown file). The folder is copied into a fresh home
folder, and then, in the order they are written:

- a fenced block right after `<!-- file: NAME -->` must be the text of the
  file NAME of that folder, exactly: what the guide shows is the file CI runs
  (read from the copy, so a file an earlier command wrote can be shown);
- every ```console block is run: each `$ COMMAND` line (a line ending in `\\`
  goes on on the next) runs in bash in the copied folder, with `formrun` on
  PATH, stdin empty unless the command pipes one, stdout and stderr in one
  stream as a terminal shows them (piped: the line mode, no colour, 72
  columns); what it writes must be the lines that follow it, up to the next
  `$ ` line. The copy is the same for the whole page, so a page is a session
  a reader types through.

Any other fenced block must follow `<!-- not run: WHY -->` (a command for a
person at a terminal, say), so that nothing is quoted unchecked by mistake.

Every relative link of a page must lead to a file of the repository, and a
link's `#anchor` to a heading of the page it names (as GitHub makes anchors).

Every file of an examples folder must be shown by a `file:` block or named by
a `$` command (a spec under `spec/` by a `formrun test` in its folder), so no
example goes unchecked.

Before comparing, both sides have the copy's home folder written `~`, busted's
`: 0.0049 seconds` as `: N seconds`, ISO-8601 times (as drafts and
collected answers hold) as `TIME`, a port of 127.0.0.1 (`formrun serve
--listen 127.0.0.1:0`) as `PORT` and 32 hex digits (an answer's id) as
`ID`; nothing else is forgiven.

Run: python3 Tests/Guide/check_guide.py [--update] [FILE.md...]
The binary is $FORMRUN_BINARY, else .build/debug/formrun. `--update` writes
the files' text into their blocks and what the commands print into the
console blocks (a block that already matches is left as written), then
fails no check but the folders'. Prints a line per page, last
`N passed, N failed`; exit 1 when a page failed.
"""
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GUIDE = os.path.join(ROOT, "Docs", "guide")
FORMRUN = os.environ.get("FORMRUN_BINARY") or os.path.join(ROOT, ".build", "debug", "formrun")
TIMEOUT = 120

EXAMPLES = re.compile(r"^<!-- examples: (\S+) -->\s*$")
FILE = re.compile(r"^<!-- file: (\S+) -->\s*$")
NOT_RUN = re.compile(r"^<!-- not run: .+ -->\s*$")
FENCE = re.compile(r"^(```+|~~~+)(\S*)\s*$")
SECONDS = re.compile(r": \d+(\.\d+)?(e-?\d+)? seconds")
TIME = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?Z?")
PORT = re.compile(r"\b127\.0\.0\.1:\d+")
ID = re.compile(r"\b[0-9a-f]{32}\b")


class Page:
    """One Markdown file: its lines, its blocks, and what was wrong."""

    def __init__(self, path):
        self.path = path
        self.name = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            self.lines = f.read().split("\n")
        self.problems = []
        self.folder = None
        for line in self.lines:
            m = EXAMPLES.match(line)
            if m:
                self.folder = os.path.normpath(os.path.join(os.path.dirname(path), m.group(1)))
                break

    def blocks(self):
        """(start, end, info, file) of each fenced block: lines start+1..end-1 are its body."""
        found, i = [], 0
        while i < len(self.lines):
            m = FENCE.match(self.lines[i])
            if not m:
                i += 1
                continue
            fence, info = m.group(1), m.group(2)
            j = i + 1
            while j < len(self.lines) and self.lines[j].rstrip() != fence:
                j += 1
            if j == len(self.lines):
                self.problems.append(f"{self.name}:{i + 1}: a block that never ends")
                return found
            prev = self.lines[i - 1] if i > 0 else ""
            fm = FILE.match(prev)
            if not fm and info != "console" and not NOT_RUN.match(prev):
                self.problems.append(f"{self.name}:{i + 1}: a block that is neither a file's (<!-- file: NAME -->) "
                                     f"nor run (```console), nor said not to be (<!-- not run: WHY -->)")
            found.append((i, j, info, fm.group(1) if fm else None))
            i = j + 1
        return found


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path):
    """The anchors GitHub makes of a Markdown file's headings."""
    found = set()
    with open(path, encoding="utf-8") as f:
        inside = False
        for line in f:
            if FENCE.match(line.rstrip("\n")):
                inside = not inside
            elif not inside and line.startswith("#"):
                title = line.lstrip("#").strip().lower()
                found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def check_links(page):
    inside = False
    for n, line in enumerate(page.lines, 1):
        if FENCE.match(line):
            inside = not inside
        if inside:
            continue
        for target in LINK.findall(line):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            path, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(os.path.dirname(page.path), path)) if path else page.path
            if not os.path.exists(full):
                page.problems.append(f"{page.name}:{n}: the link {target} leads to no file")
            elif anchor and full.endswith(".md") and anchor not in anchors(full):
                page.problems.append(f"{page.name}:{n}: the link {target}: {os.path.relpath(full, ROOT)} "
                                     f"has no heading #{anchor}")


def commands(body):
    """[(command, expected lines)] of a console block's lines."""
    runs, i = [], 0
    while i < len(body):
        line = body[i]
        if not line.startswith("$ "):
            return None, f"a line before the first '$ ' command: {line!r}"
        cmd = line[2:]
        while cmd.endswith("\\") and i + 1 < len(body):
            i += 1
            cmd = cmd + "\n" + body[i]
        i += 1
        out = []
        while i < len(body) and not body[i].startswith("$ "):
            out.append(body[i])
            i += 1
        runs.append((cmd, out))
    return runs, None


def normal(lines, home):
    text = "\n".join(lines).replace(home, "~")
    text = SECONDS.sub(": N seconds", text)
    text = PORT.sub("127.0.0.1:PORT", text)
    text = ID.sub("ID", text)
    return TIME.sub("TIME", text).split("\n")


def run(cmd, cwd, env):
    p = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
    text = p.stdout.decode("utf-8", "backslashreplace")
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n") if text else []


def check(page, update, tmp):
    if page.folder is None:
        for start, _, info, fname in page.blocks():
            if info == "console" or fname is not None:
                page.problems.append(f"{page.name}:{start + 1}: a block to check in a page that names "
                                     f"no examples folder (<!-- examples: DIR -->)")
        return
    if not os.path.isdir(page.folder):
        page.problems.append(f"{page.name}: its examples folder {page.folder} does not exist")
        return
    home = os.path.join(tmp, "home")
    work = os.path.join(home, os.path.basename(page.folder))
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(page.folder, work)
    bindir = os.path.join(tmp, "bin")
    os.makedirs(bindir, exist_ok=True)
    link = os.path.join(bindir, "formrun")
    if not os.path.lexists(link):
        os.symlink(os.path.abspath(FORMRUN), link)
    # a reader's shell, not the one running the check: no CI, no NO_COLOR, no FORMRUN_* (stderr is a pipe,
    # so no colour anyway; TERM is a real terminal's, so the frames are drawn as a terminal draws them)
    env = {"PATH": bindir + ":/usr/local/bin:/usr/bin:/bin", "HOME": home, "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC", "USER": "guide"}
    named = set()
    ran_tests = False
    edits = []  # (start, end, new body lines)
    for start, end, info, fname in page.blocks():
        body = page.lines[start + 1:end]
        where = f"{page.name}:{start + 1}"
        if fname is not None:
            named.add(os.path.normpath(fname))
            # the copy as the commands above left it (a file `formrun new` wrote, too)
            path = os.path.join(work, fname)
            if not os.path.isfile(path):
                page.problems.append(f"{where}: no file {fname} in {os.path.relpath(page.folder, ROOT)}")
                continue
            with open(path, encoding="utf-8") as f:
                want = f.read()
            want_lines = want[:-1].split("\n") if want.endswith("\n") else want.split("\n")
            if body != want_lines:
                if update:
                    edits.append((start, end, want_lines))
                else:
                    page.problems.append(f"{where}: the block is not {fname} as it is now:\n"
                                         + diff(body, want_lines))
            continue
        if info != "console":
            continue
        runs, why = commands(body)
        if runs is None:
            page.problems.append(f"{where}: {why}")
            continue
        new_body, changed = [], False
        for cmd, expected in runs:
            for word in re.findall(r"[\w./-]+", cmd):
                named.add(os.path.normpath(word))
            if re.search(r"\bformrun test\b", cmd):
                ran_tests = True
            try:
                got = run(cmd, work, env)
            except subprocess.TimeoutExpired:
                page.problems.append(f"{where}: '$ {cmd}' ran past {TIMEOUT} s")
                got = expected
            got = [line.replace(home, "~") for line in got]
            new_body += ("$ " + cmd).split("\n")
            if normal(got, home) == normal(expected, home):
                new_body += expected
            else:
                changed = True
                new_body += got
                if not update:
                    page.problems.append(f"{where}: '$ {cmd}' printed otherwise than the guide says "
                                         f"(- the guide, + formrun):\n" + diff(expected, got))
        if update and changed:
            edits.append((start, end, new_body))
    # every example is shown or run
    for path in sorted(glob.glob(os.path.join(page.folder, "**", "*"), recursive=True)):
        if os.path.isdir(path):
            continue
        rel = os.path.relpath(path, page.folder)
        parts = rel.split(os.sep)
        if "spec" in parts[:-1] and ran_tests:
            continue
        if rel in named or os.path.basename(rel) in named:
            continue
        page.problems.append(f"{page.name}: {os.path.relpath(path, ROOT)} is neither shown (<!-- file: {rel} -->) "
                             f"nor run by a command of the page")
    if edits:
        for start, end, body in sorted(edits, reverse=True):
            page.lines[start + 1:end] = body
        with open(page.path, "w", encoding="utf-8") as f:
            f.write("\n".join(page.lines))
        print(f"formrun: rewrote {len(edits)} block(s) of {page.name}", file=sys.stderr)


def diff(a, b):
    return "\n".join("    " + line for line in difflib.unified_diff(a, b, lineterm="", n=2))


def main():
    args = sys.argv[1:]
    update = "--update" in args
    files = [a for a in args if a != "--update"]
    if not files:
        files = sorted(glob.glob(os.path.join(GUIDE, "**", "*.md"), recursive=True))
    if not os.access(FORMRUN, os.X_OK):
        print(f"formrun: no binary at {FORMRUN} (swift build, or set FORMRUN_BINARY)", file=sys.stderr)
        return 2
    # every examples folder is some page's
    pages = [Page(os.path.abspath(f)) for f in files]
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="guide.") as tmp:
        for page in pages:
            check_links(page)
            check(page, update, tmp)
            if page.problems:
                failed += 1
                print(f"FAIL {page.name}")
                for p in page.problems:
                    print("  " + p.replace("\n", "\n  "))
            else:
                passed += 1
                print(f"ok   {page.name}")
    if not [a for a in args if a != "--update"]:
        used = {p.folder for p in pages if p.folder}
        for folder in sorted(glob.glob(os.path.join(GUIDE, "examples", "*", ""))):
            folder = os.path.normpath(folder)
            if folder not in used:
                failed += 1
                print(f"FAIL {os.path.relpath(folder, ROOT)}: no page of the guide names it (<!-- examples: … -->)")
    print(f"{passed} passed, {failed} failed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
