#!/usr/bin/env python3
"""Drafts at a terminal: a long form keeps one by default in the state
folder, the next start asks to resume it, and a kill -9 loses nothing.

Run from anywhere: python3 Tests/Terminal/test_drafts.py [NAME...]
(uses the helpers of test_terminal.py; Scripts/test runs both).
"""
import os
import shutil
import signal
import sys
import tempfile
import traceback

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_terminal import CONTROLS, FORMRUN, PROMPT, SIGNUP, Run, check  # noqa: E402

QUESTION = r"Resume the draft from \d{4}-\d\d-\d\d \d\d:\d\d \((\d+) values?\)\? \[Y/n\] "


def drafts(home):
    folder = os.path.join(home, ".local", "state", "formrun")
    return [os.path.join(folder, f) for f in os.listdir(folder)] if os.path.isdir(folder) else []


def killed(r):
    r.child.kill(signal.SIGKILL)
    r.child.expect(pexpect.EOF)
    r.child.close()


def test_a_long_form_keeps_a_draft_that_survives_kill_9(home):
    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(PROMPT)
    r.line("name Ada")
    r.line("password hunter22x")
    r.line("seats 9")
    killed(r)
    files = drafts(home)
    check(len(files) == 1, f"drafts: {files}")
    text = open(files[0]).read()
    check("hunter22x" not in text, "the draft holds the password")
    folder = os.path.dirname(files[0])
    check(os.stat(folder).st_mode & 0o777 == 0o700, "the state folder is not 0700")
    check(os.stat(files[0]).st_mode & 0o777 == 0o600, "the draft is not 0600")
    # the next start asks; Enter resumes
    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(QUESTION)
    check(r.child.match.group(1) == "2", f"the question counts {r.child.match.group(1)} values, not 2")
    r.send("\r")
    r.expect("type Password again")
    r.expect(PROMPT)
    v = r.values()
    check(v["name"] == "Ada" and v["seats"] == 9 and v["password"] is None, f"resumed {v}")
    # a cancel removes the draft
    status, _ = r.quit()
    check(status == 1, f"cancel exited {status}")
    check(drafts(home) == [], f"the draft is still there after a cancel: {drafts(home)}")


def test_no_starts_afresh_and_no_draft_keeps_none(home):
    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(PROMPT)
    r.line("name Ada")
    killed(r)
    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(QUESTION)
    r.send("n\r")
    r.expect(PROMPT)
    check(r.values()["name"] is None, "'n' resumed the draft")
    check(drafts(home) == [], "'n' left the draft")
    r.quit()
    # --no-draft keeps none; a short form keeps none by default
    for args in ([CONTROLS, "--no-draft"], [SIGNUP]):
        r = Run(args, home, size=(80, 80))
        r.expect(PROMPT)
        r.line("name Ada" if args[0] == CONTROLS else "email a@b.co")
        killed(r)
        check(drafts(home) == [], f"{args} kept a draft")


def test_a_corrupt_draft_is_reported_and_kept(home):
    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(PROMPT)
    r.line("name Ada")
    killed(r)
    [path] = drafts(home)
    cut = open(path).read()[:40]
    with open(path, "w") as f:
        f.write(cut)
    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(r"cannot be read: line 1: .*cut short or not JSON")
    r.expect("--fresh removes it")
    status, _ = r.end()
    check(status == 2, f"exited {status}")
    check(open(path).read() == cut, "the corrupt draft was changed")
    r = Run([CONTROLS, "--fresh"], home, size=(80, 80))
    r.expect(PROMPT)
    check(drafts(home) == [], "--fresh kept the corrupt draft")
    r.quit()


def main():
    if not os.access(FORMRUN, os.X_OK):
        print(f"no {FORMRUN}: build first (swift build)")
        return 2
    wanted = sys.argv[1:]
    tests = [(n, f) for n, f in globals().items() if n.startswith("test_") and callable(f)]
    passed = failed = 0
    for name, fn in tests:
        if wanted and not any(w in name for w in wanted):
            continue
        home = tempfile.mkdtemp(prefix="formrun-pty-")
        try:
            fn(home)
            print(f"ok   {name}")
            passed += 1
        except Exception as e:
            failed += 1
            print(f"FAIL {name}: {e}")
            if not isinstance(e, AssertionError):
                traceback.print_exc(limit=3)
        finally:
            shutil.rmtree(home, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
