#!/usr/bin/env python3
"""A paged form (huh's groups, a wizard) at a terminal: the screen mode and
the guided walk in a pseudo-terminal, read through a terminal emulator
(pyte) as a person sees them; the terminal checked after each run.

Run from anywhere: python3 Tests/Terminal/test_pages.py [NAME...]
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_screen import ESC, KEYS, Shell  # noqa: E402
from test_terminal import check  # noqa: E402
from test_terminal import main as run_tests  # noqa: E402

KEYS.setdefault("alt-left", ESC + "[1;3D")

with open(os.path.join(os.path.dirname(__file__), "..", "Fixtures", "paged-order.lua")) as _f:
    WIZARD = _f.read()


def test_the_screen_shows_one_page_refuses_next_goes_back_and_submits_from_the_summary(home):
    sh = Shell(home, size=(24, 80))
    try:
        sh.start(WIZARD)
        sh.wait_for("Page 1 of 3: Account")
        check("Plan" not in sh.text() and "Note" not in sh.text(), "another page shows\n" + sh.text())
        # Next with Email empty: refused, naming it; the focus on it
        sh.press("down", "enter").type("Ada").press("enter", "ctrl-s")
        sh.wait_for("Account is not finished: Email can't be blank")
        check(sh.focused().startswith("› Email"), sh.text())
        check(sh.line_with("Name").endswith("Ada"), "what was typed is lost\n" + sh.text())
        sh.press("enter").type("ada@club.org").press("ctrl-s")
        sh.wait_for("Page 2 of 3: Payment")
        check("Email" not in sh.text(), "page 1 still shows\n" + sh.text())
        # Back with the page unfinished, then on again
        sh.press("alt-left")
        sh.wait_for("Page 1 of 3: Account")
        sh.press("ctrl-s", "enter", "down", "enter")
        check(sh.line_with("Plan").endswith("Pro"), sh.text())
        # the hidden Extras is no page: Notes is page 3, then the summary
        sh.press("ctrl-s")
        sh.wait_for("Page 3 of 3: Notes")
        sh.press("ctrl-s")
        sh.wait_for("Summary: check the values, then submit")
        check("ada@club.org" in sh.text() and "Pro" in sh.text(), sh.text())
        check(sh.focused().startswith("› [ Submit ]"), sh.text())
        sh.press("enter")
        rc, out = sh.finished()
        check(rc == 0, f"exit status {rc}")
        check(json.loads(out) == {"email": "ada@club.org", "name": "Ada", "plan": "Pro", "note": None}, out)
    finally:
        sh.close()


def test_the_guided_walk_says_each_page_and_refuses_next_at_a_terminal(home):
    sh = Shell(home, size=(40, 100))
    try:
        sh.start(WIZARD, args=["--guided"])
        sh.wait_for(r"Page 1 of 3: Account\.")
        sh.wait_for(r"^Email:$")
        sh.type("\r")
        sh.wait_for(r"^Name:$")
        sh.type("Ada\r")
        sh.wait_for("Account is not finished: Email can't be blank.")
        sh.wait_for(r"^Email:$")
        sh.type("ada@club.org\r")
        sh.wait_for(r"^Email: ada@club\.org\.$")
        sh.type("\r")
        sh.wait_for(r"Page 2 of 3: Payment\.")
        sh.type("2\r")
        sh.wait_for(r"Page 3 of 3: Notes\.")
        sh.type("\r")
        sh.wait_for(r"^Submit\? \[Y/n\]$")
        sh.type(":page 2\r")
        sh.wait_for(r"^Page 2 of 3: Payment\.\n(.*\n)*Plan:")
        sh.type("\r")
        sh.pump(quiet=0.3)
        sh.type("\r")
        sh.pump(quiet=0.3)
        sh.type("y\r")
        rc, out = sh.finished()
        check(rc == 0, f"exit status {rc}")
        check(json.loads(out)["plan"] == "Pro", out)
    finally:
        sh.close()


if __name__ == "__main__":
    sys.exit(run_tests(globals()))
