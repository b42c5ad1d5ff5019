#!/usr/bin/env python3
"""formrun at a terminal: each test drives the built binary through a
pseudo-terminal (pexpect) as a person would type, and checks the values, the
history file and the terminal's modes afterwards.

Run from anywhere: python3 Tests/Terminal/test_terminal.py [NAME...]
(the binary is $FORMRUN_BINARY, else .build/debug/formrun; Scripts/test
builds it first and names it).
Prints one line per test and last `N passed, N failed`; exit 1 on a failure.
"""
import json
import time
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import termios
import traceback

import pexpect

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FORMRUN = os.environ.get("FORMRUN_BINARY") or os.path.join(ROOT, ".build", "debug", "formrun")
SIGNUP = os.path.join(ROOT, "Examples", "signup.lua")
TODO = os.path.join(ROOT, "Examples", "todo.lua")
CONTROLS = os.path.join(ROOT, "Examples", "controls.lua")

LEFT, RIGHT, UP = "\x1b[D", "\x1b[C", "\x1b[A"
BACKSPACE = "\x7f"
PROMPT = "\r\n> "


class Run:
    """One formrun (or shell) in a fresh pty, with its own HOME."""

    def __init__(self, args, home, size=(40, 80), program=FORMRUN, extra_env=None):
        # the line mode: at a terminal formrun opens the screen mode
        # unless told otherwise (test_screen.py tests that one)
        env = dict(os.environ, HOME=home, TERM="xterm", LANG="C.UTF-8", NO_COLOR="1", PS1="SH$ ",
                   FORMRUN_MODE="line")
        env.pop("ACCESSIBLE", None)
        env.update(extra_env or {})
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        env.pop("XDG_STATE_HOME", None)  # drafts go to HOME/.local/state, fresh for each test
        self.child = pexpect.spawn(program, args, env=env, cwd=ROOT, encoding="utf-8",
                                   timeout=15, dimensions=size)
        # formrun takes typed-ahead keys as they come: no pauses needed
        self.child.delaybeforesend = None
        self.child.delayafterclose = 0.01
        self.child.delayafterterminate = 0.01

    def expect(self, pattern):
        return self.child.expect(pattern)

    def send(self, text):
        self.child.send(text)

    def line(self, text):
        """Type a line and wait for the next command prompt."""
        self.child.send(text + "\r")
        self.child.expect(PROMPT)
        return self.child.before

    def values(self):
        out = self.line("values")
        return json.loads(out[out.index("{"):out.rindex("}") + 1])

    def echo(self):
        """Whether the terminal echoes now (the pty master shares the modes);
        after the end, whether it echoed as formrun left it."""
        if self.child.closed:
            return self.echo_at_end
        return bool(termios.tcgetattr(self.child.child_fd)[3] & termios.ECHO)

    def quit(self):
        # the whole word: a form may have a row that `q` begins, which formrun would ask about
        self.child.send("cancel\r")
        # with changed values formrun asks before discarding them
        if self.child.expect([re.escape("[y/N] "), pexpect.EOF]) == 0:
            self.child.send("y\r")
        return self.end()

    def end(self):
        self.child.expect(pexpect.EOF)
        self.echo_at_end = self.echo()
        self.child.close()
        return self.child.exitstatus, self.child.signalstatus


def history(home):
    path = os.path.join(home, ".formrun_history")
    return open(path, encoding="utf-8").read() if os.path.exists(path) else ""


def check(condition, message):
    if not condition:
        raise AssertionError(message)


# --- the tests: each takes a fresh HOME ---------------------------------------

def test_editing_keys_change_the_value(home):
    r = Run([SIGNUP], home)
    r.expect(PROMPT)
    # a@b.cx, Left Left, Backspace (the dot), X, Right, Y  ->  a@bXcYx
    r.send("email a@b.cx" + LEFT + LEFT + BACKSPACE + "X" + RIGHT + "Y")
    r.line("")
    v = r.values()
    check(v["email"] == "a@bXcYx", f"email is {v['email']!r}, expected 'a@bXcYx'")
    # Ctrl-A goes to the start of the line, Ctrl-E to its end
    r.send("em" + "\x01" + "clear " + "\x05" + "ail")
    r.line("")
    check(r.values()["email"] is None, "Ctrl-A/Ctrl-E did not edit the line as typed")
    r.quit()


def test_an_editor_starts_with_the_value(home):
    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(PROMPT)
    r.line("name Ada")
    r.send("name\r")
    r.expect("Name: ")
    r.send(BACKSPACE + "y\r")
    r.expect(PROMPT)
    check(r.values()["name"] == "Ady", "the editor did not start with the value 'Ada'")
    # never for a secure row
    r.line("password hunter22x")
    r.send("password\r")
    r.expect("Password: ")
    r.send("\r")
    r.expect(PROMPT)
    check("hunter22x" not in r.child.before, "the secure editor showed the value")
    r.quit()


def test_tab_completes_a_name_and_an_option(home):
    r = Run([SIGNUP], home)
    r.expect(PROMPT)
    r.send("ter\t")  # a title with spaces
    r.expect("Terms of service ")
    r.child.sendcontrol("u")  # Ctrl-U empties the line
    r.line("")
    r.quit()

    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(PROMPT)
    r.send("pl\t" + "T\t")  # plan, then its option Team
    r.line("")
    check(r.values()["plan"] == "Team", "pl<Tab>T<Tab> did not give 'plan Team'")
    r.send("pizz\t" + "l, thic\t")  # a picker: the second part's options
    r.line("")
    check(r.values()["pizza"] == ["L", "Thick"], "picker parts were not completed")
    r.quit()


def test_tab_completes_a_row_action(home):
    r = Run([TODO], home)
    r.expect(PROMPT)
    r.send("do 1 D\t")  # the action titles of row 1: Done
    r.expect("one")  # libedit writes only what the completion adds
    r.line("")
    check("Done" in r.line("show").split("Buy milk")[0].splitlines()[-1], "do 1 D<Tab> did not run 'Done'")
    r.send("do 2 i\t")  # Important
    r.expect("mportant")
    r.line("")
    check("! Task" in r.line("show"), "do 2 i<Tab> did not run 'Important'")
    r.quit()


def test_history_recalls_the_last_line(home):
    r = Run([SIGNUP], home)
    r.expect(PROMPT)
    r.line("password hunter22x")  # never kept: it sets a secure row
    r.line("Pass hunter22y")  # nor by the beginning of its title
    r.line("email q@r.st")
    r.send(UP + BACKSPACE + "u")
    r.line("")
    check(r.values()["email"] == "q@r.su", "Up did not bring back the last line")
    r.send("\x04")
    # values were changed: Ctrl-D asks, and Ctrl-D again ends
    r.expect(re.escape("[y/N] "))
    r.send("\x04")
    r.end()
    kept = history(home)
    check("fill\temail q@r.st\n" in kept, "the fill line was not kept in ~/.formrun_history")
    check("hunter22" not in kept, "a line setting the password was kept:\n" + kept)
    # a later run finds them too: values, then the line before it
    r = Run([SIGNUP], home)
    r.expect(PROMPT)
    r.send(UP + UP + BACKSPACE + "v")
    r.line("")
    check(r.values()["email"] == "q@r.sv", "history did not carry over to the next run")
    r.quit()


def test_control_characters_never_reach_a_value(home):
    # through a pipe: an arrow key's bytes refuse the line
    p = subprocess.run([FORMRUN, SIGNUP], input=b"email Ada\x1b[DX\nemail a\tb\nvalues\n",
                       capture_output=True, cwd=ROOT, timeout=10)
    err = p.stderr.decode()
    check(err.count("control character") == 2, f"two lines should be refused:\n{err}")
    check('"email":null' in err, "a value with control characters was stored")
    # the REPL: Lua may hold a tab; a line for the form may not
    p = subprocess.run([FORMRUN, "repl", SIGNUP], input=b"x =\t41 + 1\nx\n:email a\tb\n:values\n",
                       capture_output=True, cwd=ROOT, timeout=10)
    err = p.stderr.decode()
    check("\n42\n" in err, f"a Lua line with a tab did not run:\n{err}")
    check(err.count("control character") == 1 and '"email":null' in err, f"a : line with a tab was used:\n{err}")


def test_echo_is_on_after_ctrl_c_at_a_password_editor(home):
    r = Run([SIGNUP], home)
    r.expect(PROMPT)
    r.send("password\r")
    r.expect("Password: ")
    check(not r.echo(), "the password editor did not turn the echo off")
    r.child.sendintr()
    status, _ = r.end()
    check(status == 130, f"exit status {status}, expected 130")
    check(r.echo(), "the terminal's echo is off after Ctrl-C")


def test_echo_is_on_after_sigterm_and_sighup(home):
    for sig in (signal.SIGTERM, signal.SIGHUP):
        r = Run([SIGNUP], home)
        r.expect(PROMPT)
        r.send("password\r")
        r.expect("Password: ")
        check(not r.echo(), "the password editor did not turn the echo off")
        r.child.kill(sig)
        _, signalled = r.end()
        check(signalled == sig, f"not ended by signal {sig}")
        check(r.echo(), f"the terminal's echo is off after signal {sig}")
    # at the command prompt libedit has the terminal raw: given back too
    r = Run([SIGNUP], home)
    r.expect(PROMPT)
    r.child.kill(signal.SIGTERM)
    r.end()
    check(r.echo(), "the terminal's echo is off after SIGTERM at the prompt")


def test_ctrl_z_gives_the_terminal_back_and_fg_hides_again(home):
    # dash, which leaves the terminal's modes as the stopped job left them (bash would restore its own)
    sh = Run(["-i"], home, program="dash")
    sh.expect(r"SH\$ ")
    sh.send(f"{FORMRUN} {SIGNUP}\r")
    sh.expect(PROMPT)
    sh.send("password\r")
    sh.expect("Password: ")
    sh.child.sendcontrol("z")
    sh.expect(r"Stopped.*SH\$ ")
    sh.send("stty -a | tr ' ' '\\n' | grep -x -- '-*echo'\r")
    sh.expect(r"(?<![a-z-])(-?echo)\r\n")
    check(sh.child.match.group(1) == "echo", "echo is off while formrun is stopped")
    sh.expect(r"SH\$ ")
    sh.send("fg\r")
    sh.expect("Password: ")
    sh.send("sesame12\r")
    sh.expect(PROMPT)
    check("sesame12" not in sh.child.before, "after fg the password was shown as typed")
    sh.send("values\r")
    sh.expect(PROMPT)
    # `values` masks a secret: the submitted values on stdout say what was taken
    check('"password":"(secret)"' in sh.child.before, "the password typed after fg was not taken")
    sh.send("email a@b.co\r")
    sh.expect(PROMPT)
    sh.send("s\r")
    sh.expect(r"SH\$ ")
    check('"password":"sesame12"' in sh.child.before, "the password typed after fg was not the one submitted")
    sh.send("exit\r")
    sh.end()


def test_repl_history_holds_no_secret(home):
    r = Run(["repl", SIGNUP], home)
    r.expect(PROMPT)
    r.line(":password secret123")
    r.send(":2\r")
    r.expect("Password: ")
    check(not r.echo(), "the REPL read a secure row with the echo on")
    r.send("hunter2222\r")
    r.expect(PROMPT)
    check("hunter2222" not in r.child.before, "the REPL showed the secret as typed")
    r.line('form:find("password").value = "luaSecret9"')
    r.line("1 + 1")
    r.line(":values")
    r.send("\x04")  # Ctrl-D on an empty line ends the REPL
    status, _ = r.end()
    check(status == 0, f"Ctrl-D: exit status {status}")
    kept = history(home)
    check("repl\t1 + 1\n" in kept, "the REPL kept no history at all:\n" + kept)
    for secret in ("secret123", "hunter2222", "luaSecret9"):
        check(secret not in kept, f"{secret} is in the history file:\n{kept}")


def test_repl_ctrl_c_cancels_the_line(home):
    r = Run(["repl", SIGNUP], home)
    r.expect(PROMPT)
    r.send("function f()\r")
    r.expect(r"\r\n>> ")
    r.child.sendintr()  # drops the unfinished chunk
    r.expect(PROMPT)
    r.send("1 +")
    r.expect(r"1 \+")  # echoed: the editor holds the line (else Ctrl-C can race the typing)
    r.child.sendintr()  # drops the line being typed
    r.expect(PROMPT)
    out = r.line("2 + 3")
    check(out.endswith("\r\n5"), f"after Ctrl-C the next line did not run alone: {out!r}")
    r.send("\x04")
    status, _ = r.end()
    check(status == 0, f"Ctrl-D: exit status {status}")


def test_repl_runs_a_pasted_chunk(home):
    # a bracketed paste of two lines, then Enter: each line runs, as lua.c runs the chunk
    r = Run(["repl"], home)
    r.expect(PROMPT)
    r.send("\x1b[200~a = 1\nb = 2\x1b[201~")
    r.send("\r")
    r.expect(PROMPT)
    check("control character" not in r.child.before, f"the paste was refused: {r.child.before!r}")
    out = r.line("= a, b")
    check(re.search(r"\r\n1\t2$", out), f"= a, b after the paste: {out!r}")
    # another control character in a pasted line still refuses that line (and only it)
    r.send("\x1b[200~c = 3\x01\rd = 4\x1b[201~\r")
    r.expect(PROMPT)
    check("Ctrl-A at column 6" in r.child.before, f"a pasted Ctrl-A was not refused: {r.child.before!r}")
    out = r.line("= c, d")
    check(re.search(r"\r\nnil\t4$", out), f"= c, d after the paste: {out!r}")
    r.send("\x04")
    status, _ = r.end()
    check(status == 0, f"Ctrl-D: exit status {status}")


def test_ctrl_c_stops_a_running_handler_and_the_form_goes_on(home):
    form = os.path.join(home, "loop.lua")
    with open(form, "w") as f:
        f.write('local s = form:section{}\n'
                's:text{ name = "a", title = "A", on_change = function() while true do end end }\n'
                's:text{ name = "b", title = "B" }\n')
    r = Run([form], home)
    r.expect(PROMPT)
    r.send("a x\r")
    r.expect(r"a x\r\n")
    time.sleep(0.3)  # the handler is looping now (its budget would stop it only after seconds)
    r.child.sendintr()
    r.expect(PROMPT)  # the prompt comes back
    out = r.child.before
    check("loop.lua:2: interrupted" in out, f"the handler was not interrupted: {out!r}")
    check(r.values() == {"a": "x", "b": None}, "the form did not go on with its values")
    r.child.sendintr()  # at the prompt Ctrl-C still ends formrun
    status, _ = r.end()
    check(status == 130, f"Ctrl-C at the prompt: exit status {status}")


def test_a_resize_changes_the_drawn_width(home):
    def border(text):
        widths = [len(line) for line in text.split("\r\n") if line.startswith("╰")]
        check(widths, "no border drawn")
        return widths[-1]

    r = Run([SIGNUP], home, size=(40, 80))
    r.expect(PROMPT)
    first = border(r.child.before)
    r.child.setwinsize(40, 60)
    out = r.line("show")
    second = border(out)
    check(first == 79 and second == 59, f"widths {first} then {second}, expected 79 then 59")
    # the line editor follows too: a line wider than the new width still reads whole
    r.line("email " + "x" * 70 + "@y.co")
    check(r.values()["email"] == "x" * 70 + "@y.co", "a long line was not read whole after the resize")
    r.quit()


def test_colon_q_leaves_a_prefilled_editor_unchanged(home):
    r = Run([CONTROLS], home, size=(80, 80))
    r.expect(PROMPT)
    r.line("name Ada")
    r.send("name\r")
    r.expect("Name: ")
    r.send("\x15:q\r")  # Ctrl-U empties the pre-filled line, then the escape
    r.expect(PROMPT)
    check("left the editor" in r.child.before, "the editor did not say it was left")
    check(r.values()["name"] == "Ada", "the value changed on :q")
    r.quit()


def test_a_long_form_keeps_its_beginning_on_the_first_screen(home):
    form = os.path.join(home, "long.lua")
    with open(form, "w") as f:
        f.write('form.title = "Long form"\nlocal s = form:section{ header = "Fields" }\n')
        f.write('for i = 1, 38 do s:text{ name = "f" .. i, title = "Field " .. i } end\n')
    r = Run([form], home, size=(30, 80))
    r.expect(PROMPT)
    first = r.child.before.split("\r\n")
    check(len(first) <= 29, f"the first screen is {len(first)} lines in a 30-line terminal")
    check(first[0].strip() == "Long form", f"the title scrolled away: the first line is {first[0]!r}")
    more = [line for line in first if "more line" in line]
    check(more and "show" in more[0], "no line says how to see the rest")
    m = re.search(r"show (\d+)-38", more[0])
    check(m is not None, f"no rows to show in {more[0]!r}")
    out = r.line("show " + m.group(1) + "-38")
    check("Field 38" in out, "show A-B did not print the rest")
    r.quit()
def test_accessible_at_a_terminal_starts_the_guided_walk(home):
    r = Run([SIGNUP], home, extra_env={"ACCESSIBLE": "1"})
    r.expect(re.escape("1 of 3: Email, required"))
    r.expect("Email: ")
    check("\u256d" not in r.child.before and "\u2502" not in r.child.before, "frames were drawn")
    r.send("a@b.co\r")
    r.expect("Password: ")
    check(not r.echo(), "the walk's password question did not turn the echo off")
    r.send("hunter22x\r")
    r.expect("Newsletter: ")
    check("hunter22x" not in r.child.before, "the password was shown")
    r.send("\r")
    r.expect(re.escape("Submit, y or n? "))
    r.send("y\r")
    status, _ = r.end()
    check(status == 0, f"exit status {status}, expected 0")
    check(r.echo(), "the terminal's echo is off after the walk")
    check("hunter22x" not in r.child.before, "the values, the password among them, were read out at the terminal")
    check(".formrun_history" not in os.listdir(home) or "hunter22x" not in history(home), "the password was kept")


def main(namespace=None):
    """Run the `test_*` functions of `namespace` (this file's by default; the
    drafts suite passes its own), each with a fresh HOME."""
    if not os.access(FORMRUN, os.X_OK):
        print(f"no {FORMRUN}: build first (swift build)")
        return 2
    wanted = sys.argv[1:]
    tests = [(n, f) for n, f in (namespace or globals()).items() if n.startswith("test_") and callable(f)]
    passed = failed = 0
    for name, fn in tests:
        if wanted and not any(w in name for w in wanted):
            continue
        home = tempfile.mkdtemp(prefix="formrun-pty-")
        try:
            fn(home)
            print(f"ok   {name}")
            passed += 1
        except Exception as e:  # one test's failure does not stop the others
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
