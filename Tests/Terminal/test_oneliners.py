#!/usr/bin/env python3
"""One-liners at a terminal: `formrun -` takes its answers from the
controlling terminal once the script is read from stdin, `-e` in `$(...)`
asks at the terminal and hands the value to the shell, and the line editor
(libedit, opened on first use) is loaded at a terminal, never before.

Run from anywhere: python3 Tests/Terminal/test_oneliners.py [NAME...]
(uses the helpers of test_terminal.py; Scripts/test runs it).
"""
import os
import sys

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_terminal import FORMRUN, PROMPT, Run, check  # noqa: E402
from test_terminal import main as run_tests  # noqa: E402


def shell(home, script, extra_env=None):
    """A sh in the pty running `script` ($FORMRUN is the binary)."""
    return Run(["-c", script], home, program="/bin/sh", extra_env=dict(FORMRUN=FORMRUN, **(extra_env or {})))


def test_a_script_on_stdin_is_answered_at_the_terminal(home):
    r = shell(home, """printf 'form:text{ name = "who", title = "Who" }\\n' | "$FORMRUN" - --field who; echo "rc=$?" """)
    r.expect(PROMPT)
    r.line("who Ada")
    r.send("submit\r")
    r.expect(r"\r\nAda\r\n")
    r.expect(r"rc=0")
    status, _ = r.end()
    check(status == 0, f"sh exited {status}")
    check(r.echo(), "the terminal's echo is off after formrun -")


def test_a_one_liner_hands_the_value_to_the_shell(home):
    r = shell(home, """name=$("$FORMRUN" -e 'form:text{name="name", title="Your name"}' --field name); echo "got:$name" """)
    r.expect("Your name")
    r.expect(PROMPT)
    # the line editor is there: Tab completes the row's name
    r.send("na\t")
    r.expect("name ")
    r.send("Ada Lovelace\r")
    r.expect(PROMPT)
    r.send("submit\r")
    r.expect("got:Ada Lovelace")
    r.end()
    check(r.echo(), "the terminal's echo is off after the one-liner")


def test_the_line_editor_is_loaded_at_the_first_terminal_prompt(home):
    # the dynamic loader's log of the files it maps goes to HOME/ld.PID
    r = Run(["-e", 'form:text{ name = "a" }'], home,
            extra_env=dict(LD_DEBUG="files", LD_DEBUG_OUTPUT=os.path.join(home, "ld")))
    r.expect(PROMPT)
    r.send("q\r")
    r.end()
    logs = [f for f in os.listdir(home) if f.startswith("ld.")]
    check(logs, "the dynamic loader wrote no log")
    text = "".join(open(os.path.join(home, f)).read() for f in logs)
    check("liblua5.4" in text, "the log names no library")
    check("file=libedit.so.2" in text, "libedit was not loaded at a terminal")

if __name__ == "__main__":
    sys.exit(run_tests(globals()))
