#!/usr/bin/env python3
"""A card at a terminal is a secret like a password: its line stays out of
the history, its editor starts empty with the echo off, the screen shows
only the last four digits.

Run from anywhere: python3 Tests/Terminal/test_secrets.py [NAME...]
(uses the helpers of test_terminal.py; Scripts/test runs it).
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_terminal import PROMPT, Run, check, history  # noqa: E402
from test_terminal import main as run_tests  # noqa: E402

FORM = """
local s = form:section("Pay")
s:text{ name = "name", title = "Name" }
s:creditcard{ name = "card", title = "Card" }
"""


def form_file():
    folder = tempfile.mkdtemp(prefix="formrun-secrets-")
    path = os.path.join(folder, "pay.lua")
    with open(path, "w") as f:
        f.write(FORM)
    return path


def test_a_card_is_kept_out_of_history_and_the_editor(home):
    r = Run([form_file()], home)
    r.expect(PROMPT)
    r.line("name Ada")
    shown = r.line("card 4242424242424242 12/30 123")
    check("4242424242424242" not in shown.split("card 4242424242424242")[-1], "the redrawn form shows the number")
    # the editor: nothing typed into it, the echo off, the row's masked form above it
    r.send("card\r")
    r.expect("Card: ")
    check(not r.echo(), "the card editor echoes what is typed")
    check("4242424242424242" not in r.child.before and "12/30 123" not in r.child.before,
          f"the card editor showed the number: {r.child.before!r}")
    r.send("4000056655665556 11/29 999\r")
    r.expect(PROMPT)
    check("4000056655665556" not in r.child.before, "the number typed into the editor was shown")
    v = r.values()
    check(v["name"] == "Ada", f"values {v}")
    r.quit()
    kept = history(home)
    check("Ada" in kept, f"the history is not kept at all: {kept!r}")
    for secret in ("4242424242424242", "4000056655665556", "123", "999"):
        check(secret not in kept, f"{secret} is in the history: {kept!r}")


if __name__ == "__main__":
    sys.exit(run_tests(globals()))
