#!/usr/bin/env python3
"""Every signal that ends formrun gives the terminal back: Ctrl-\\ (SIGQUIT)
and the signals whose default action ends a process (SIGUSR1, SIGALRM,
SIGXCPU, …), at the command prompt, in a password editor, in the REPL and in
the guided walk; and what a handler printed is on the screen before a kill.

Run from anywhere: python3 Tests/Terminal/test_signals.py [NAME...]
(uses the helpers of test_terminal.py; Scripts/test runs it).
"""
import os
import signal
import sys

import pexpect

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_terminal import FORMRUN, PROMPT, SIGNUP, Run, check  # noqa: E402
from test_terminal import main as run_tests  # noqa: E402

# signals whose default action ends the process (SIGKILL and SIGSTOP cannot be
# caught; SIGINT, SIGTERM and SIGHUP have tests of their own in test_terminal.py;
# SIGXFSZ is left out: Python ignores it, so formrun, started from here, keeps it ignored)
ENDING = [signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM, signal.SIGVTALRM, signal.SIGPROF,
          signal.SIGXCPU, signal.SIGPOLL, signal.SIGPWR, signal.SIGSYS,
          signal.SIGRTMIN, signal.SIGRTMAX]


def at_password(home, args=None):
    r = Run(args or [SIGNUP], home)
    r.expect(PROMPT)
    r.send("password\r")
    r.expect("Password: ")
    check(not r.echo(), "the password editor did not turn the echo off")
    return r


def test_ctrl_backslash_gives_the_terminal_back(home):
    # at a password (echo off) and at the prompt (libedit has the terminal raw)
    for where in ("password", "prompt"):
        r = at_password(home) if where == "password" else Run([SIGNUP], home)
        if where == "prompt":
            r.expect(PROMPT)
        r.child.sendcontrol("\\")
        status, _ = r.end()
        check(status == 130, f"Ctrl-\\ at the {where}: exit status {status}, expected 130")
        check(r.echo(), f"the terminal's echo is off after Ctrl-\\ at the {where}")


def test_ctrl_backslash_in_the_repl_and_the_walk(home):
    r = Run(["repl", SIGNUP], home)
    r.expect("> ")
    r.child.sendcontrol("\\")
    status, _ = r.end()
    check(status == 130 and r.echo(), f"repl: status {status}, echo {r.echo()}")
    r = Run([SIGNUP, "--guided"], home)
    r.expect("Password")
    r.expect(": ")
    r.child.sendcontrol("\\")
    status, _ = r.end()
    check(status == 130 and r.echo(), f"guided: status {status}, echo {r.echo()}")


def test_ctrl_c_and_ctrl_backslash_end_in_the_forms_language(home):
    form = os.path.join(home, "de.lua")
    with open(form, "w") as f:
        f.write('form.locale = "de"\nform:section("A"):text{ name = "t", title = "Titel" }\n')
    for mode, key, word, english in (("line", "c", "unterbrochen", "interrupted"), ("line", "\\", "beendet", "quit"),
                                     ("screen", "c", "unterbrochen", "interrupted")):
        r = Run([form], home, extra_env={"FORMRUN_MODE": mode})
        r.expect("Titel")
        if mode == "line":
            r.expect(PROMPT)
        r.child.sendcontrol(key)
        r.child.expect(pexpect.EOF)
        said = r.child.before
        r.child.close()
        check(r.child.exitstatus == 130, f"{mode} Ctrl-{key}: exit {r.child.exitstatus}")
        last = said.replace("\r", "").rstrip("\n").split("\n")[-1]
        check(last.endswith(word) and english not in said, f"{mode} Ctrl-{key} ended with {last!r}")


def test_every_ending_signal_gives_the_terminal_back(home):
    for sig in ENDING:
        r = at_password(home)
        r.child.kill(sig)
        _, signalled = r.end()
        check(signalled == sig, f"not ended by signal {sig} (ended by {signalled})")
        check(r.echo(), f"the terminal's echo is off after signal {sig}")
    # at the command prompt too
    r = Run([SIGNUP], home)
    r.expect(PROMPT)
    r.child.kill(signal.SIGUSR1)
    r.end()
    check(r.echo(), "the terminal's echo is off after SIGUSR1 at the prompt")


def test_an_ignored_signal_stays_ignored(home):
    # nohup-style: a signal the parent ignored is not made to end formrun
    r = Run(["-c", f"trap '' USR1; exec '{FORMRUN}' '{SIGNUP}'"], home, program="sh")
    r.expect(PROMPT)
    r.child.kill(signal.SIGUSR1)
    r.line("email a@b.co")
    r.quit()


if __name__ == "__main__":
    sys.exit(run_tests(globals()))
