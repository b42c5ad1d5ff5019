#!/usr/bin/env python3
"""Runaway handlers at a terminal: Ctrl-C stops each kind of runaway that an
instruction count cannot see — a loop of C-heavy calls, a handler looping
over a nested `select` (whose own handler loops), a runaway pattern — and
the form goes on; the REPL and `formrun test` too.

Run from anywhere: python3 Tests/Terminal/test_budgets.py [NAME...]
(uses the helpers of test_terminal.py; Scripts/test runs it).
"""
import os
import sys
import time

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_terminal import FORMRUN, PROMPT, Run, check  # noqa: E402
from test_terminal import main as run_tests  # noqa: E402

RUNAWAYS = {
    # each iteration is a handful of instructions and ~0.02 s of C
    "c_heavy": 'while true do local x = ("a"):rep(2e7) end',
    # the nested call catches its own stop; the outer loop goes on calling it
    "nested_select": "while true do busy:select() end",
    # one C call that would run for minutes
    "pattern": 'local r = string.find(("a"):rep(40), ("a*"):rep(30) .. "c")',
}


def form(home, body):
    path = os.path.join(home, "runaway.lua")
    with open(path, "w") as f:
        f.write('local s = form:section{}\n'
                'busy = s:item{ name = "busy", title = "Busy", on_select = function() while true do end end }\n'
                f's:item{{ name = "go", title = "Go", on_select = function() {body} end }}\n'
                's:text{ name = "b", title = "B" }\n')
    return path


def interrupted(home, body):
    r = Run([form(home, body)], home)
    r.expect(PROMPT)
    r.send("go\r")
    r.expect(r"go\r\n")
    time.sleep(0.5)  # running now; its budget would stop it only after seconds
    started = time.monotonic()
    r.child.sendintr()
    r.child.timeout = 8
    r.expect(PROMPT)
    took = time.monotonic() - started
    out = r.child.before
    check("interrupted" in out, f"not interrupted: {out!r}")
    check(took < 4, f"Ctrl-C took {took:.1f} s to stop it")
    r.line("b yes")
    check(r.values() == {"b": "yes"}, "the form did not go on")
    r.child.sendintr()  # at the prompt Ctrl-C still ends formrun
    status, _ = r.end()
    check(status == 130, f"Ctrl-C at the prompt: exit status {status}")
    check(r.echo(), "the terminal was left without echo")


def test_ctrl_c_stops_a_loop_of_c_heavy_calls(home):
    interrupted(home, RUNAWAYS["c_heavy"])


def test_ctrl_c_stops_a_handler_looping_over_a_nested_select(home):
    interrupted(home, RUNAWAYS["nested_select"])


def test_ctrl_c_stops_a_runaway_pattern(home):
    interrupted(home, RUNAWAYS["pattern"])


def test_ctrl_c_stops_a_repl_chunk_of_c_heavy_calls(home):
    r = Run(["repl"], home)
    r.expect("> ")
    r.send('while true do local x = ("a"):rep(1e8) end\r')
    time.sleep(0.5)
    r.child.sendintr()
    r.child.timeout = 8
    r.expect("interrupted")
    r.expect("> ")
    r.send("= 1 + 1\r")
    r.expect("2")
    r.send(":q\r")
    r.end()


if __name__ == "__main__":
    sys.exit(run_tests(globals()))
