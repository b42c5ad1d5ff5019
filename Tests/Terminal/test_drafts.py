#!/usr/bin/env python3
"""Drafts at a terminal: a long form keeps one by default in the state
folder, the next start asks to resume it, and a kill -9 loses nothing.

Run from anywhere: python3 Tests/Terminal/test_drafts.py [NAME...]
(uses the helpers of test_terminal.py; Scripts/test runs both).
"""
import os
import re
import signal
import sys

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_terminal import CONTROLS, PROMPT, SIGNUP, Run, check  # noqa: E402
from test_terminal import main as run_tests  # noqa: E402

QUESTION = r"Resume the draft from \d{4}-\d\d-\d\d \d\d:\d\d \((\d+) values?\)\? \[Y/n\] "


def drafts(home):
    folder = os.path.join(home, ".local", "state", "formrun")
    # a kill leaves the draft's lock file (`.NAME.lock`) beside it: no draft
    return ([os.path.join(folder, f) for f in os.listdir(folder) if not f.endswith(".lock")]
            if os.path.isdir(folder) else [])


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
    r.expect("type Password, Card again")  # a card is a secret too
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


def test_a_second_formrun_on_the_draft_opens_it_read_only_or_leaves(home):
    first = Run([CONTROLS], home, size=(80, 80))
    first.expect(PROMPT)
    first.line("name Ada")
    # a second terminal on the same form: told who has the draft
    second = Run([CONTROLS], home, size=(80, 80))
    second.expect(r"is in use by formrun \(process (\d+)\)")
    check(int(second.child.match.group(1)) == first.child.pid, "the holder named is not the first formrun")
    second.expect(re.escape("Open it read-only (its values resumed, nothing saved)? [Y/n] "))
    second.send("\r")
    second.expect(PROMPT)
    check(second.values()["name"] == "Ada", "read-only did not resume the draft's values")
    second.line("name Bob")
    status, _ = second.quit()  # its cancel removes nothing
    check(status == 1, f"the read-only run exited {status}")
    [path] = drafts(home)
    check('"Ada"' in open(path).read(), "the read-only run wrote the draft")
    # 'n' leaves it to the first one: exit 2
    third = Run([CONTROLS], home, size=(80, 80))
    third.expect(re.escape("[Y/n] "))
    third.send("n\r")
    status, _ = third.end()
    check(status == 2, f"declining exited {status}")
    first.line("seats 9")
    check('"seats":9' in open(path).read(), "the first formrun could not save after the others")
    first.quit()
    check(drafts(home) == [], "the cancel left the draft")


if __name__ == "__main__":
    sys.exit(run_tests(globals()))
