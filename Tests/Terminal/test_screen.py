#!/usr/bin/env python3
"""The screen mode at a terminal: each test starts an interactive shell
(dash) in a pseudo-terminal, runs the built formrun in it as a person would,
types keys, and reads the screen through a terminal emulator (pyte), so what
is checked is what a person sees. `stty -a` is taken before and after each
run: every way out gives the terminal back as it was.

Run from anywhere: python3 Tests/Terminal/test_screen.py [NAME...]
(installs pyte with pip when it is missing; the binary is .build/debug/formrun).
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import pexpect

try:
    import pyte
except ImportError:  # the one thing this suite needs beyond pexpect
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "pyte"], check=False)
    try:
        import pyte
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--break-system-packages", "pyte"],
                       check=False)
        import pyte

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_terminal import FORMRUN, ROOT, check  # noqa: E402
from test_terminal import main as run_tests  # noqa: E402

ESC = "\x1b"
KEYS = {
    "up": ESC + "[A", "down": ESC + "[B", "right": ESC + "[C", "left": ESC + "[D",
    "enter": "\r", "space": " ", "tab": "\t", "shift-tab": ESC + "[Z", "esc": ESC,
    "backspace": "\x7f", "ctrl-s": "\x13", "ctrl-c": "\x03", "ctrl-d": "\x04", "ctrl-z": "\x1a",
    "ctrl-u": "\x15", "ctrl-e": "\x05", "ctrl-a": "\x01",
    "pgdn": ESC + "[6~", "pgup": ESC + "[5~", "home": ESC + "[H", "end": ESC + "[F",
}

with open(os.path.join(os.path.dirname(__file__), "..", "Fixtures", "review-signup.lua")) as _f:
    SIGNUP = _f.read()


def words(n):
    """n different option texts made of syllables (deterministic)."""
    heads = ["Ar", "Bel", "Cor", "Dan", "El", "Fin", "Gar", "Hol", "Is", "Jor", "Kal", "Lan", "Mor", "Nor",
             "Or", "Pan", "Qua", "Ros", "Sen", "Tor"]
    tails = ["agna", "ania", "olia", "enta", "ovia", "ugal", "inea", "ador", "istan", "and"]
    return [h + t for h in heads for t in tails][:n]


def holds(typed, option):
    """The letters of `typed` in order in `option`, any case."""
    it = iter(option.lower())
    return all(c in it for c in typed.lower())


class Shell:
    """An interactive dash in a fresh pty (the prompt `SH$ `), seen through pyte."""

    def __init__(self, home, size=(30, 100), env=None):
        self.rows, self.cols = size
        e = dict(os.environ, HOME=home, TERM="xterm", LANG="C.UTF-8", PS1="SH$ ", NO_COLOR="1")
        for k in ("ACCESSIBLE", "FORMRUN_MODE", "COLUMNS", "LINES", "XDG_STATE_HOME", "VISUAL", "EDITOR"):
            e.pop(k, None)
        e.update(env or {})
        self.home = home
        self.screen = pyte.HistoryScreen(self.cols, self.rows, history=5000)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.child = pexpect.spawn("dash", ["-i"], env=e, cwd=home, dimensions=size)
        self.child.delaybeforesend = None
        self.wait_for(r"SH\$$")

    # --- reading the screen -------------------------------------------------
    def pump(self, quiet=0.12, timeout=5.0):
        """Read until nothing more comes for `quiet` seconds."""
        end = time.time() + timeout
        last = time.time()
        while time.time() < end:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.03)
                self.raw += data
                self.stream.feed(data)
                last = time.time()
            except pexpect.TIMEOUT:
                if time.time() - last >= quiet:
                    return
            except pexpect.EOF:
                return

    def wait_for(self, pattern, timeout=5.0):
        end = time.time() + timeout
        while time.time() < end:
            self.pump(quiet=0.05, timeout=0.3)
            if re.search(pattern, self.text(), re.M):
                return
        raise AssertionError(f"waited for {pattern!r}; the screen shows:\n{self.text()}")

    def lines(self):
        return [l.rstrip() for l in self.screen.display]

    def text(self):
        lines = self.lines()
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines)

    def transcript(self):
        """The lines scrolled off the top, then the screen."""
        top = ["".join(line[x].data for x in range(self.cols)).rstrip() for line in self.screen.history.top]
        return top + self.lines()

    def line_with(self, text):
        for l in self.lines():
            if text in l:
                return l
        raise AssertionError(f"no line holds {text!r}:\n{self.text()}")

    def focused(self, drawings=1):
        """The focused row's line (marked by ›) in the last drawing (after
        `fg` the one drawn before the stop is still on the screen above)."""
        marked = [l for l in self.lines() if l.startswith("› ")]
        check(len(marked) == drawings, f"{drawings} row(s) focused, not {len(marked)}:\n{self.text()}")
        return marked[-1]

    # --- typing -------------------------------------------------------------
    def press(self, *keys):
        for k in keys:
            self.child.send(KEYS.get(k, k))
            self.pump()
        return self

    def type(self, text):
        self.child.send(text)
        self.pump()
        return self

    def run(self, command):
        self.child.send(command + "\r")

    # --- formrun in the shell -----------------------------------------------
    def stty(self):
        out = os.path.join(self.home, "stty.txt")
        self.run(f"stty -a > {out}")
        self.wait_for(r"SH\$$")
        with open(out) as f:
            return f.read()

    def start(self, form_source, args=(), env_prefix="", name="form.lua"):
        """formrun on a form written to a file: its stdout to out.json, its exit status kept."""
        path = os.path.join(self.home, name)
        with open(path, "w") as f:
            f.write(form_source)
        self.before = self.stty()
        self.out = os.path.join(self.home, "out.json")
        self.rc = os.path.join(self.home, "rc")
        for p in (self.out, self.rc):
            if os.path.exists(p):
                os.unlink(p)
        extra = " ".join(args)
        self.run(f"{env_prefix}{FORMRUN} {path} {extra} > {self.out}; echo $? > {self.rc}")
        self.pump(quiet=0.3)
        return self

    def pid(self):
        # formrun runs itself again (Terminal.settleBacktracer), so its name may be `exe`
        out = subprocess.run(["pgrep", "-P", str(self.child.pid)], capture_output=True, text=True)
        pids = out.stdout.split()
        check(len(pids) == 1, f"formrun's pid: {pids}")
        return int(pids[0])

    def finished(self):
        """formrun's exit status and stdout, once the shell prompt is back; the terminal checked."""
        self.wait_for(r"SH\$$")
        end = time.time() + 3
        while not os.path.exists(self.rc) and time.time() < end:
            time.sleep(0.02)
        with open(self.rc) as f:
            rc = int(f.read().strip())
        with open(self.out) as f:
            out = f.read()
        after = self.stty()
        size = re.compile(r"rows \d+; columns \d+;")
        check(size.sub("", after) == size.sub("", self.before), f"stty -a changed:\n--- before\n{self.before}\n--- after\n{after}")
        check(not self.screen.cursor.hidden, "the cursor is left hidden")
        tail = bytes(self.raw)
        on = tail.rfind(b"\x1b[?2004h")
        check(on < 0 or on < tail.rfind(b"\x1b[?2004l"), "bracketed paste is left on")
        return rc, out

    def close(self):
        self.child.close(force=True)


def fill_signup(sh):
    """The clean path of the review's form (a), checking the screen at each step."""
    sh.start(SIGNUP)
    sh.wait_for("Join the club")
    check(sh.focused().startswith("› Email"), sh.text())
    # Enter opens, Enter takes the value and goes on to the next row
    sh.press("enter").type("ada@club.org").press("enter")
    check("ada@club.org" in sh.line_with("Email"), sh.text())
    check(sh.focused().startswith("› Password"), sh.text())
    sh.press("enter").type("hunter22x").press("enter")
    pw = sh.line_with("Password")
    check("hunter22x" not in sh.text() and "••••••••" in pw, f"the password shows: {pw}")
    # Enter opens the radio, ↓ ↓ Enter chooses the third option
    check(sh.focused().startswith("› Plan"), sh.text())
    sh.press("enter")
    for option in ["Free", "Basic", "Plus", "Pro", "Enterprise"]:
        sh.line_with("( ) " + option)
    check("› ( ) Free" in sh.text(), "the list's highlight starts on the first option\n" + sh.text())
    sh.press("down", "down")
    check("› ( ) Plus" in sh.text(), sh.text())
    sh.press("enter")
    check(sh.line_with("Plan").endswith("Plus") and sh.focused().startswith("› Topics"), sh.text())
    check("( ) Free" not in sh.text(), "the list stays open after the choice\n" + sh.text())
    # Space toggles options of the multiple: Lua and Go
    sh.press("enter", "space", "down", "down", "space")
    check("[x] Lua" in sh.text() and "[x] Go" in sh.text() and "[ ] Swift" in sh.text(), sh.text())
    sh.press("enter")
    check(sh.line_with("Topics").endswith("Lua, Go"), sh.text())
    sh.press("down", "enter").type("1990-03-12").press("enter")
    check("Mar 12, 1990" in sh.line_with("Birthday"), sh.text())


def test_a_signup_is_filled_with_arrows_enter_and_space(home):
    sh = Shell(home, size=(30, 100))
    try:
        fill_signup(sh)
        sh.press("ctrl-s")
        rc, out = sh.finished()
        check(rc == 0, f"exit status {rc}")
        values = json.loads(out)
        check(values == {"email": "ada@club.org", "password": "hunter22x", "plan": "Plus",
                         "topics": ["Lua", "Go"], "newsletter": False, "birthday": "1990-03-12"}, values)
        # the final form is left in the scrollback once, not once per key
        count = sum(1 for l in sh.transcript() if l == "Join the club")
        check(count == 1, f"the form's title shows {count} times in the scrollback")
        check(any("Submitted." in l for l in sh.transcript()), "no word on how it ended")
    finally:
        sh.close()


def test_a_refused_value_keeps_the_editor_open_and_the_next_keys_edit_it(home):
    sh = Shell(home)
    try:
        sh.start(SIGNUP)
        sh.wait_for("Join the club")
        sh.press("enter").type("ada@example").press("enter")
        check("! Email is not a valid email." in sh.text(), sh.text())
        check("ada@example" in sh.line_with("Email"), sh.text())
        check(not sh.screen.cursor.hidden, "the editor's cursor is hidden")
        # the refused text stays, selected: End puts the cursor at its end
        sh.press("end").type(".com").press("enter")
        check("not a valid email" not in sh.text(), sh.text())
        check(sh.line_with("Email").endswith("ada@example.com"), sh.text())
        # a kind's refusal too: a date out of its bounds; typing replaces the refused text
        sh.press("end", "up", "enter").type("1800-01-01").press("enter")
        check("on or after" in sh.text() and "1800-01-01" in sh.line_with("Birthday"), sh.text())
        sh.type("1990-01-01").press("enter")
        check("Jan 1, 1990" in sh.line_with("Birthday"), sh.text())
        # the limits are in the hint line before anyone fails them
        sh.press("up", "up", "up", "up", "up", "enter")
        check("8 to 64 characters" in sh.text(), "the password's length is not said\n" + sh.text())
        sh.press("esc", "esc")
        check(re.search(r"Discard 2 changed values\? \[y/N\]", sh.text()), sh.text())
        sh.press("y")
        rc, out = sh.finished()
        check(rc == 1 and out == "", f"exit status {rc}, stdout {out!r}")
    finally:
        sh.close()


def test_typing_filters_a_long_list_live_best_first(home):
    options = words(200)
    form = ("local s = form:section{}\n"
            "s:radio{ name = 'place', title = 'Place', options = { " + ", ".join(f"'{o}'" for o in options)
            + " } }\n")
    sh = Shell(home, size=(30, 100))
    try:
        sh.start(form)
        sh.wait_for("Place")
        sh.press("enter")
        check("type to filter the 200 options" in sh.text(), sh.text())
        sh.type("agn")
        expected = [o for o in options if holds("agn", o)]
        check(f"{len(expected)} of 200" in sh.text(), f"the count of {len(expected)} matches is not shown\n"
              + sh.text())
        shown = [m.group(1) for m in (re.search(r"\( \) (\S+)$", l) for l in sh.lines()) if m]
        check(shown and all(holds("agn", o) for o in shown), f"options without a-g-n in order: {shown}")
        check(all(o in expected for o in shown), shown)
        # best first: the options that begin with the letters' word come before the others
        check(shown[0].lower().startswith("a"), f"the best match is not first: {shown[:5]}")
        sh.press("enter", "ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"place": shown[0]}, f"{rc} {out}")
    finally:
        sh.close()


def test_leaving_after_a_change_asks_and_no_keeps_every_value(home):
    sh = Shell(home)
    try:
        sh.start(SIGNUP)
        sh.wait_for("Join the club")
        sh.press("enter").type("ada@club.org").press("enter")
        sh.press("down", "enter", "down", "enter")
        for key in ("esc", "ctrl-c", "ctrl-d"):
            sh.press(key)
            check("Discard 2 changed values? [y/N]" in sh.text(), f"{key} did not ask:\n{sh.text()}")
            sh.press("n")
            check("Nothing was discarded." in sh.text(), sh.text())
            check(sh.line_with("Email").endswith("ada@club.org") and sh.line_with("Plan").endswith("Basic"),
                  f"after {key} and n the values changed:\n{sh.text()}")
        # Ctrl-C asked, then y: interrupted as at the line mode's prompt
        sh.press("ctrl-c", "y")
        rc, out = sh.finished()
        check(rc == 130 and out == "", f"exit status {rc}")
        check("interrupted" in sh.text(), sh.text())
    finally:
        sh.close()


def test_leaving_with_nothing_changed_does_not_ask(home):
    sh = Shell(home)
    try:
        sh.start(SIGNUP)
        sh.wait_for("Join the club")
        sh.press("esc")
        rc, _ = sh.finished()
        check(rc == 1, f"Esc with nothing changed: exit status {rc}")
        sh.start(SIGNUP)
        sh.wait_for("Join the club")
        sh.press("ctrl-d")
        rc, _ = sh.finished()
        check(rc == 3, f"Ctrl-D with nothing changed: exit status {rc}")
    finally:
        sh.close()


def test_one_focus_move_rewrites_only_the_two_rows(home):
    rows = "\n".join(f"s:text{{ name = 'f{i}', title = 'Field {i}', value = 'value {i}' }}" for i in range(1, 51))
    sh = Shell(home, size=(30, 100))
    try:
        sh.start("local s = form:section{}\n" + rows)
        sh.wait_for("Field 1 ")
        before = len(sh.raw)
        sh.press("down")
        written = bytes(sh.raw[before:]).decode()
        # the two rows (the reversed bar an erase to the end of the line, not
        # spaces) and a few cursor moves: at most 80 bytes at 100 columns
        check(len(sh.raw) - before <= 80, f"one move wrote {len(sh.raw) - before} bytes: {written!r}")
        check("Field 2" in written and "Field 1" in written and "Field 3" not in written, repr(written))
        check(sh.focused().startswith("› Field 2"), sh.text())
        sh.press("esc")
        sh.finished()
    finally:
        sh.close()


def test_a_tall_form_scrolls_with_the_focus_in_a_viewport(home):
    rows = "\n".join(f"s:text{{ name = 'f{i}', title = 'Field {i}' }}" for i in range(1, 41))
    sh = Shell(home, size=(12, 60))
    try:
        sh.start("local s = form:section{ header = 'Long' }\n" + rows)
        sh.wait_for("Field 1")
        check("more below" in sh.text(), sh.text())
        sh.press(*["down"] * 15)
        check(sh.focused().startswith("› Field 16"), sh.text())
        check("Field 1 " not in sh.text() + " ", "the top did not scroll away\n" + sh.text())
        sh.press("end")
        check("[ Submit ]" in sh.focused(), sh.text())
        sh.press("home")
        check(sh.focused().startswith("› Field 1"), sh.text())
        sh.press("pgdn")
        check(not sh.focused().startswith("› Field 1 "), sh.text())
        sh.press("esc")
        sh.finished()
    finally:
        sh.close()


def test_every_way_out_gives_the_terminal_back(home):
    sh = Shell(home)
    try:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGSEGV):
            sh.start(SIGNUP)
            sh.wait_for("Join the club")
            sh.press("down", "enter")  # an editor open: the cursor shown, keys mode on
            os.kill(sh.pid(), sig)
            rc, _ = sh.finished()
            check(rc != 0, f"signal {sig}: exit status {rc}")
        # a submit, Esc, Ctrl-D: the clean ways
        sh.start("local s = form:section{}\ns:text{ name = 'a', title = 'A', value = 'x' }")
        sh.wait_for("A ")
        sh.press("ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"a": "x"}, f"{rc} {out}")
    finally:
        sh.close()


def test_timeout_ends_the_screen_after_that_long_without_a_key(home):
    # each key starts the clock again; then no key for 2 s ends with 124, the terminal given back
    sh = Shell(home)
    try:
        sh.start("local s = form:section{}\ns:text{ name = 'a', title = 'A' }\ns:text{ name = 'b', title = 'B' }",
                 args=("--timeout", "2"))
        sh.wait_for("Ctrl-S submit")
        started = time.time()
        for _ in range(3):
            time.sleep(1.0)
            sh.press("down")
        rc, _ = sh.finished()
        took = time.time() - started
        check(rc == 124, f"exit status {rc}")
        check(took >= 4.5, f"ended {took:.1f} s after the first of three keys a second apart")
        said = "\n".join(sh.transcript())
        check("timed out: no input for 2 seconds" in said, said[-300:])
    finally:
        sh.close()


def test_ctrl_z_gives_the_terminal_back_and_fg_draws_the_form_again(home):
    sh = Shell(home)
    try:
        sh.start(SIGNUP)
        sh.wait_for("Join the club")
        sh.press("enter").type("ada@club.org").press("enter", "up")
        sh.press("ctrl-z")
        sh.wait_for(r"Stopped[\s\S]*SH\$$")
        stopped = sh.stty()
        check(stopped == sh.before, "the terminal's modes while formrun is stopped are not the shell's")
        sh.run("fg")
        sh.pump(quiet=0.3)
        check(sh.focused(2).startswith("› Email") and "ada@club.org" in sh.focused(2), sh.text())
        sh.press("down")
        check(sh.focused(2).startswith("› Password"), "keys after fg do nothing\n" + sh.text())
        sh.press("esc", "y")
        # the shell's $? was taken when the job stopped; the terminal is what counts
        sh.finished()
        check(subprocess.run(["pgrep", "-P", str(sh.child.pid)], capture_output=True).stdout == b"",
              "formrun did not end")
    finally:
        sh.close()


def test_a_resize_draws_the_form_again_at_the_new_width(home):
    sh = Shell(home, size=(30, 100))
    try:
        sh.start(SIGNUP)
        sh.wait_for("Join the club")
        sh.child.setwinsize(30, 50)
        sh.screen.resize(30, 50)
        sh.cols = 50
        sh.pump(quiet=0.3)
        form = sh.lines()[[i for i, l in enumerate(sh.lines()) if l == "Join the club"][0]:]
        check(any("move" in l for l in form) and all(len(l) < 50 for l in form), sh.text())
        check(sh.text().count("Join the club") == 1, "the form is drawn twice\n" + sh.text())
        sh.press("down")
        check(sh.focused().startswith("› Password"), sh.text())
        sh.press("esc")
        sh.finished()
    finally:
        sh.close()


def test_pasted_text_goes_into_an_editor_and_a_pasted_newline_is_refused(home):
    sh = Shell(home)
    try:
        sh.start(SIGNUP)
        sh.wait_for("Join the club")
        check(b"\x1b[?2004h" in sh.raw, "bracketed paste is not turned on")
        sh.press("enter")
        sh.type(ESC + "[200~ada@club.org\nrm -rf /" + ESC + "[201~")
        check("nothing was pasted" in sh.text(), sh.text())
        sh.type(ESC + "[200~ada@club.org" + ESC + "[201~").press("enter")
        check(sh.line_with("Email").endswith("ada@club.org"), sh.text())
        # a control character typed is never part of a value
        sh.press("up", "enter", "end").type("\x07\x1b[15~x").press("enter")
        check(sh.line_with("Email").endswith("ada@club.orgx"), sh.text())
        sh.press("esc", "y")
        sh.finished()
    finally:
        sh.close()


def test_no_color_leaves_attributes_only(home):
    # a terminal whose terminfo entry has no colours (ncurses-base's vt100, xterm-mono) is drawn as NO_COLOR
    cases = (({"NO_COLOR": "1"}, False), ({"NO_COLOR": ""}, True), ({"NO_COLOR": "", "TERM": "vt100"}, False),
             ({"NO_COLOR": "", "TERM": "xterm-mono"}, False))
    for env, colored in cases:
        sh = Shell(home, env=env)
        try:
            sh.start(SIGNUP)
            sh.wait_for("Join the club")
            sh.press("enter").type("bad").press("enter")
            raw = bytes(sh.raw).decode(errors="replace")
            codes = set(re.findall(r"\x1b\[([0-9;]*)m", raw))
            check("7" in codes, "the focus is not in reverse video")
            # a colour is 30-37, 90-97 (or 38;…); bold, dim, italic and reverse are not colours
            params = {p for c in codes for p in c.split(";")}
            has_color = any(p.isdigit() and (30 <= int(p) <= 38 or 90 <= int(p) <= 97) for p in params)
            check(has_color == colored, f"{env}: codes {codes}")
            sh.press("esc", "esc", "y")
            sh.finished()
        finally:
            sh.close()


def test_a_slow_handler_shows_a_spinner_until_it_returns(home):
    form = """
local s = form:section{}
s:text{ name = 'a', title = 'Slow row', on_change = function()
  local t = os.clock() while os.clock() - t < 0.8 do end end }
"""
    sh = Shell(home)
    try:
        sh.start(form)
        sh.wait_for("Slow row")
        sh.press("enter").type("x")
        sh.child.send("\r")
        sh.pump(quiet=0.5, timeout=0.6)
        check(re.search(r"^. Slow row is running", sh.text(), re.M), "no spinner while it runs\n" + sh.text())
        sh.pump(quiet=0.5)
        check("is running" not in sh.text(), "the spinner stays\n" + sh.text())
        check(sh.line_with("Slow row").endswith("x"), sh.text())
        sh.press("ctrl-s")
        sh.finished()
    finally:
        sh.close()


CONFIRM = """
form.title = "Confirm probe"
local s = form:section{ header = "S" }
local answer = s:text{ name = "answer", title = "Answer" }
s:item{ title = "Ask", on_select = function()
  print("asked once more")
  answer.value = tostring(formrun.confirm("Really?"))
end }
"""


def test_a_handlers_question_is_asked_on_the_screen_and_a_key_answers_it(home):
    sh = Shell(home)
    try:
        sh.start(CONFIRM)
        sh.wait_for("Confirm probe")
        sh.press("down", "enter")
        check(re.search(r"^Really\? \[y/N\]", sh.text(), re.M), "the question is not on the screen\n" + sh.text())
        check(re.search(r"^y yes +n no", sh.text(), re.M), "the keys that answer are not said\n" + sh.text())
        check("asked once more" not in sh.text(), "the handler's print is written over the screen\n" + sh.text())
        sh.press("x")
        check(re.search(r"^Really\?", sh.text(), re.M), "another key answered the question\n" + sh.text())
        sh.press("y")
        check(sh.line_with("Answer").endswith("true"), sh.text())
        check(re.search(r"^asked once more$", sh.text(), re.M), "the print is not on the status line\n" + sh.text())
        sh.press("enter", "n")
        check(sh.line_with("Answer").endswith("false"), sh.text())
        sh.press("enter", "esc")
        check(sh.line_with("Answer").endswith("false"), "Esc is not a no\n" + sh.text())
        sh.press("enter", "y", "ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"answer": "true"}, f"exit {rc}: {out}")
        # what the handler printed is kept below the final form, once a time
        check(sh.transcript().count("asked once more") == 4, "\n".join(sh.transcript()))
    finally:
        sh.close()


def test_a_german_forms_question_takes_j_for_yes(home):
    sh = Shell(home)
    try:
        sh.start('form.locale = "de"\n' + CONFIRM)
        sh.wait_for("Confirm probe")
        sh.press("down", "enter")
        check(re.search(r"^Really\? \[j/N\]", sh.text(), re.M), "the question's letters are not German\n" + sh.text())
        check(re.search(r"^j ja +n nein", sh.text(), re.M), "the keys are not said in German\n" + sh.text())
        sh.press("j", "ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"answer": "true"}, f"exit {rc}: {out}")
    finally:
        sh.close()


def test_ctrl_c_in_a_running_handler_stops_the_handler_and_the_form_goes_on(home):
    form = """
local s = form:section{}
s:text{ name = 'a', title = 'Loop row', on_change = function() while true do end end }
s:text{ name = 'b', title = 'Other' }
"""
    sh = Shell(home)
    try:
        sh.start(form)
        sh.wait_for("Loop row")
        sh.press("enter").type("x")
        sh.child.send("\r")
        sh.pump(quiet=0.5, timeout=0.8)
        check("Loop row is running" in sh.text(), "no spinner while it runs\n" + sh.text())
        sh.press("ctrl-c")
        sh.wait_for("interrupted")
        check("is running" not in sh.text(), sh.text())
        # the frame is whole: the Submit line once, nothing written over it
        check(sum(1 for l in sh.lines() if "[ Submit ]" in l) == 1, sh.text())
        check(not any("in function" in l for l in sh.lines()), "a traceback line on the status line\n" + sh.text())
        check(sh.focused().startswith("› Other"), "Enter went on to the next row\n" + sh.text())
        sh.type("y").press("enter")
        check(sh.line_with("Other").endswith("y"), "the form did not go on\n" + sh.text())
        sh.press("ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"a": "x", "b": "y"}, f"{rc} {out}")
    finally:
        sh.close()


def test_a_draft_is_kept_after_ctrl_c_resumed_in_the_screen_and_a_cancel_removes_it(home):
    draft = os.path.join(home, "signup.draft.json")
    sh = Shell(home)
    try:
        sh.start(SIGNUP, args=["--draft", draft])
        sh.wait_for("Join the club")
        sh.press("enter").type("ada@club.org").press("enter")
        # on the disk as soon as it shows
        with open(draft) as f:
            check("ada@club.org" in f.read(), "the change is not in the draft")
        sh.press("ctrl-c", "y")
        rc, _ = sh.finished()
        check(rc == 130 and os.path.exists(draft), f"exit status {rc}; draft kept: {os.path.exists(draft)}")
        sh.start(SIGNUP, args=["--draft", draft])
        sh.wait_for(r"Resume the draft from .*\[Y/n\]")
        sh.press("enter")
        sh.wait_for("Join the club")
        check(sh.line_with("Email").endswith("ada@club.org"), "the draft was not resumed\n" + sh.text())
        # Esc with nothing changed since the start does not ask; a cancel removes the draft
        sh.press("esc")
        rc, _ = sh.finished()
        check(rc == 1 and not os.path.exists(draft), f"exit status {rc}; draft left: {os.path.exists(draft)}")
    finally:
        sh.close()


def test_set_prefills_the_screen_and_its_values_are_submitted(home):
    sh = Shell(home)
    try:
        sh.start(SIGNUP, args=["--set", "plan=Pro", "--set", "email=ada@club.org"])
        sh.wait_for("Join the club")
        check(sh.line_with("Plan").endswith("Pro") and sh.line_with("Email").endswith("ada@club.org"), sh.text())
        sh.press("ctrl-s")
        # refused (rows to fill): the focus goes to the first row that needs a fix
        check("Not submitted" in sh.text() and sh.focused().startswith("› Password"), sh.text())
        sh.press("esc")
        check("Discard" not in sh.text(), "what --set gave counts as a change\n" + sh.text())
        rc, _ = sh.finished()
        check(rc == 1, f"exit status {rc}")
    finally:
        sh.close()


def test_a_long_text_opens_in_the_editor_named_by_visual(home):
    editor = os.path.join(home, "ed.sh")
    with open(editor, "w") as f:
        f.write("#!/bin/sh\nstat -c %a \"$1\" > \"$HOME/mode\"\nprintf 'line one\\nline two\\n' > \"$1\"\n")
    os.chmod(editor, 0o755)
    sh = Shell(home, env={"VISUAL": editor})
    try:
        sh.start("local s = form:section{}\ns:longtext{ name = 'notes', title = 'Notes' }")
        sh.wait_for("Notes")
        sh.press("e")
        sh.pump(quiet=0.3)
        check("line one … (2 lines)" in sh.line_with("Notes"), sh.text())
        with open(os.path.join(home, "mode")) as f:
            check(f.read().strip() == "600", "the temporary file is readable by others")
        # typed in place too: Enter a new line, Ctrl-S accepts
        sh.press("enter", "end").type("!").press("enter").type("three").child.send("\x13")
        sh.pump()
        sh.press("ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"notes": "line one\nline two!\nthree"}, out)
    finally:
        sh.close()


def test_the_line_mode_stays_for_line_accessible_and_dumb(home):
    for args, env_prefix, marker in (
        (["--line"], "", "> "),
        ([], "FORMRUN_MODE=line ", "> "),
        ([], "TERM=dumb ", "> "),
        (["--accessible"], "", "Email"),
        (["--guided"], "", "Email"),
        # a screen reader's user set ACCESSIBLE once: never the screen mode
        ([], "ACCESSIBLE=1 ", "Email"),
        (["--quiet"], "", "> "),
    ):
        sh = Shell(home)
        try:
            sh.start(SIGNUP, args=args, env_prefix=env_prefix)
            sh.pump(quiet=0.4)
            check("[ Submit ]" not in sh.text() and "? all keys" not in sh.text(),
                  f"{args} {env_prefix}: the screen mode opened\n{sh.text()}")
            check(b"\x1b[?2004h" not in sh.raw, f"{args} {env_prefix}: bracketed paste was turned on")
            sh.child.sendcontrol("c")
            sh.finished()
        finally:
            sh.close()


SCHEMA = """{
  "title": "Deploy",
  "type": "object",
  "properties": {
    "service": { "type": "string", "title": "Service", "minLength": 2 },
    "region": { "title": "Region", "enum": ["eu-west-1", "us-east-1", "ap-south-1"] },
    "replicas": { "type": "integer", "title": "Replicas", "minimum": 1, "maximum": 9, "default": 2 },
    "canary": { "type": "boolean", "title": "Canary" },
    "owner": { "type": "object", "title": "Owner",
               "properties": { "email": { "type": "string", "format": "email", "title": "Owner email" } } }
  },
  "required": ["service", "region"]
}"""


def test_a_json_schema_form_is_filled_in_the_screen_mode(home):
    sh = Shell(home)
    try:
        sh.start(SCHEMA, name="deploy.json")
        sh.wait_for("Deploy")
        check("? all keys" in sh.text() and sh.focused().startswith("› Service"), sh.text())
        sh.press("enter").type("a").press("enter")
        check("at least 2" in sh.text(), "the schema's minLength is not said\n" + sh.text())
        sh.press("end").type("pi").press("enter")
        check(sh.line_with("Service").endswith("api"), sh.text())
        sh.press("enter", "down", "enter")
        check(sh.line_with("Region").endswith("us-east-1"), sh.text())
        sh.press("enter", "ctrl-u").type("12").press("enter")
        check("at most 9" in sh.text(), "the schema's maximum is not said\n" + sh.text())
        sh.type("3").press("enter", "space", "down", "enter").type("ops@example.org").press("enter")
        sh.press("ctrl-s")
        rc, out = sh.finished()
        check(rc == 0, f"exit status {rc}: {sh.text()}")
        check(json.loads(out) == {"service": "api", "region": "us-east-1", "replicas": 3, "canary": True,
                                  "owner": {"email": "ops@example.org"}}, out)
    finally:
        sh.close()


def test_a_piped_fill_is_the_line_mode_byte_for_byte(home):
    path = os.path.join(home, "form.lua")
    with open(path, "w") as f:
        f.write(SIGNUP)
    lines = b"email ada@club.org\nplan 2\nshow\nsubmit\n"
    plain = subprocess.run([FORMRUN, path], input=lines, capture_output=True, env=dict(os.environ, TERM="xterm"))
    line = subprocess.run([FORMRUN, path, "--line"], input=lines, capture_output=True,
                          env=dict(os.environ, TERM="xterm"))
    check(plain.stdout == line.stdout and plain.stderr == line.stderr, "a pipe and --line differ")
    check(b"\x1b[?2004h" not in plain.stderr, "a pipe got the screen mode")



# --- the habits a huh user brings (issue: the screen mode at any size) -------

def cells_of(sh, text, row=""):
    """pyte's cells of the first shown occurrence of `text` (its attributes),
    on the first line holding `row` when given."""
    for y, line in enumerate(sh.screen.display):
        x = line.find(text, line.find(row) + len(row) if row and row in line else 0)
        if (not row or row in line) and x >= 0:
            return [sh.screen.buffer[y][x + k] for k in range(len(text))]
    raise AssertionError(f"{text!r} is not on the screen:\n{sh.text()}")


def test_the_sign_up_takes_at_most_52_keys_with_enter_and_arrows_only(home):
    """huh's habits: Enter opens a row and Enter takes it and goes on (no Tab, no Ctrl-S)."""
    sh = Shell(home, size=(30, 100))
    keys = 0

    def key(*names):
        nonlocal keys
        keys += len(names)
        sh.press(*names)

    def typed(text):
        nonlocal keys
        keys += len(text)
        sh.type(text)

    try:
        sh.start(SIGNUP)
        sh.wait_for("Join the club")
        key("enter"); typed("grace@navy.mil"); key("enter")
        check(sh.focused().startswith("› Password"), "Enter did not go on to Password\n" + sh.text())
        key("enter"); typed("cobol1959"); key("enter")
        key("enter", "down", "down", "enter")
        check(sh.focused().startswith("› Topics"), sh.text())
        key("enter", "space", "down", "down", "space", "enter")
        key("down")
        key("enter"); typed("1906-12-09"); key("enter")
        check(sh.focused().startswith("› [ Submit ]"), "Enter on the last row goes to Submit\n" + sh.text())
        key("enter")
        rc, out = sh.finished()
        check(rc == 0, f"exit status {rc}\n{sh.text()}")
        check(json.loads(out) == {"email": "grace@navy.mil", "password": "cobol1959", "plan": "Plus",
                                  "topics": ["Lua", "Go"], "newsletter": False, "birthday": "1906-12-09"}, out)
        check(keys <= 52, f"{keys} keys")
    finally:
        sh.close()


def test_typing_on_a_filled_row_replaces_it_and_a_refused_text_is_selected(home):
    form = """
form.title = "Booking"
local s = form:section{}
s:date{ name = "arrival", title = "Arrival", value = "2025-07-14" }
s:number{ name = "guests", title = "Guests", min = 1, max = 8, value = 2 }
s:text{ name = "room", title = "Room", value = "Garden view" }
"""
    sh = Shell(home)
    try:
        sh.start(form)
        sh.wait_for("Booking")
        # a character typed on a filled row opens it with the value replaced
        sh.type("Aug 3 2025").press("enter")
        check(sh.line_with("Arrival").endswith("Aug 3, 2025"), sh.text())
        # Enter opens it with the value selected (reverse video): typing replaces it
        sh.press("enter")
        check(cells_of(sh, "2", row="Guests")[0].reverse, "the value is not shown selected\n" + sh.text())
        sh.type("12").press("enter")
        check("at most 8" in sh.text(), sh.text())
        check(all(c.reverse for c in cells_of(sh, "12", row="Guests")), "the refused text is not selected")
        sh.type("5").press("enter")
        # F2 edits in place: the cursor after the value
        sh.press(ESC + "OQ").type(" and a balcony").press("enter")
        sh.press("ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"arrival": "2025-08-03", "guests": 5,
                                              "room": "Garden view and a balcony"}, f"{rc} {out}")
    finally:
        sh.close()


def test_what_handlers_print_never_lands_in_the_frame(home):
    form = """
form.title = "Warehouse"
local s = form:section{ header = "Stock" }
s:text{ name = "sku", title = "SKU", on_change = function(item) print("checking", item.value) end }
s:text{ name = "bin", title = "Bin", on_change = function(item) io.stderr:write("bin " .. item.value .. " is free\\n") end }
s:text{ name = "qty", title = "Quantity", on_change = function() os.execute("echo counted by a script >&2") end }
s:text{ name = "who", title = "Counted by" }
"""
    sh = Shell(home)
    try:
        sh.start(form)
        sh.wait_for("Warehouse")
        sh.type("A-1077").press("enter")
        sh.type("B12").press("enter")
        sh.type("40").press("enter")
        rows = [sh.line_with(t) for t in ("SKU", "Bin", "Quantity", "Counted by")]
        check(rows[0].endswith("A-1077") and rows[1].endswith("B12") and rows[2].endswith("40"),
              "a row was written over:\n" + sh.text())
        check(sum(1 for l in sh.lines() if "SKU" in l) == 1, "a row is drawn twice\n" + sh.text())
        help_line = [l for l in sh.lines() if l][-1]
        check(help_line.endswith("? all keys"), "something glued to the help line:\n" + sh.text())
        check(any(l.startswith("counted by a script") for l in sh.lines()), "the status line\n" + sh.text())
        # Ctrl-O: every line printed, in order
        sh.press("\x0f")
        log = sh.text()
        check(log.index("checking") < log.index("bin B12 is free") < log.index("counted by a script"), log)
        sh.press("x", "ctrl-s")
        rc, _ = sh.finished()
        lines = sh.transcript()
        check(sum(1 for l in lines if l == "Warehouse") == 1, "the final form is not there once")
        end = lines.index("Submitted.")
        after = [l for l in lines[end + 1:] if l and not l.startswith("SH$")]
        check([l.split()[0] for l in after[:3]] == ["checking", "bin", "counted"],
              f"after the final form: {after}")
    finally:
        sh.close()


def test_a_placeholder_is_distinct_without_colour(home):
    form = """
local s = form:section{}
s:text{ name = "who", title = "Contact", placeholder = "Jane Doe" }
s:text{ name = "tel", title = "Phone", value = "555 0100" }
"""
    for env in ({"NO_COLOR": "1"}, {"NO_COLOR": "", "TERM": "vt100"}):
        sh = Shell(home, env=env)
        try:
            sh.start(form)
            sh.wait_for("Contact")
            check(all(c.italics for c in cells_of(sh, "Jane Doe")), f"{env}: a focused placeholder looks like a value")
            check(not any(c.italics for c in cells_of(sh, "555 0100")), f"{env}: a value looks like a placeholder")
            sh.press("down")
            check(all(c.italics for c in cells_of(sh, "Jane Doe")), f"{env}: a placeholder looks like a value")
            check(all(c.fg == "default" for c in cells_of(sh, "Jane Doe")), f"{env}: the placeholder is told by colour")
            sh.press("esc")
            sh.finished()
        finally:
            sh.close()


def test_while_typing_the_description_stays_and_a_long_error_wraps_and_ctrl_r_shows_all(home):
    form = """
local s = form:section{}
s:text{ name = "iban", title = "IBAN", description = "From your bank's app, under Account details.",
        validate = function(item) if #item.value < 15 then
          return "an IBAN has 15 to 34 letters and digits: two letters for the country, two check digits, then the account" end end }
s:text{ name = "holder", title = "Holder" }
"""
    sh = Shell(home, size=(20, 60))
    try:
        sh.start(form)
        sh.wait_for("IBAN")
        sh.press("enter")
        lines = sh.lines()
        at = next(i for i, l in enumerate(lines) if l.startswith("› IBAN"))
        check("From your bank's app" in lines[at + 1], "the description gave way to the hint\n" + sh.text())
        check("one line of text" in lines[at + 2], sh.text())
        sh.type("DE89").press("enter")
        text = " ".join(l.strip() for l in sh.lines())
        check("then the account" in text, "the error is cut\n" + sh.text())
        check(not any(l.endswith("…") for l in sh.lines()), "a line is cut\n" + sh.text())
        sh.press("\x12")
        check("Account details." in sh.text() and "then the account" in " ".join(sh.lines()), sh.text())
        sh.press("x", "esc", "esc", "y")
        sh.finished()
    finally:
        sh.close()


def test_tab_completes_a_path_and_the_picker_takes_a_file(home):
    folder = os.path.join(home, "scans")
    os.makedirs(os.path.join(folder, "2024"))
    for name in ("receipt-march.png", "receipt-may.png", "todo.md", "2024/jan.png", "evil\x1b[2Jname.png"):
        open(os.path.join(folder, name), "w").close()
    form = f"""
local s = form:section{{}}
s:file{{ name = "scan", title = "Scan", base = "{folder}", extensions = {{ "png" }} }}
s:text{{ name = "note", title = "Note" }}
"""
    sh = Shell(home)
    try:
        sh.start(form)
        sh.wait_for("Scan")
        sh.press("enter")
        check("    2024/" in sh.text() and "receipt-may.png" in sh.text(), sh.text())
        check("todo.md" not in sh.text(), "a file the row does not take is offered\n" + sh.text())
        check("evil\\e[2Jname.png" in sh.text(), "a name's control bytes are not escaped\n" + sh.text())
        check(b"evil\x1b[2J" not in bytes(sh.raw), "a name's escape reached the terminal")
        sh.type("rec").press("tab")
        check(sh.line_with("Scan").endswith("receipt-ma"), "Tab does not complete\n" + sh.text())
        sh.type("y").press("tab")
        check(sh.line_with("Scan").endswith("receipt-may.png"), sh.text())
        sh.press("ctrl-u").type("20").press("tab")
        check(sh.line_with("Scan").endswith("2024/"), sh.text())
        sh.press("down", "enter")
        check(sh.line_with("Scan").endswith("2024/jan.png"), sh.text())
        sh.press("ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"scan": "2024/jan.png", "note": None}, f"{rc} {out}")
    finally:
        sh.close()


def test_a_card_shows_its_brand_last_four_and_expiry_and_its_luhn_error_at_the_number(home):
    form = """
local s = form:section{}
s:creditcard{ name = "card", title = "Payment card" }
s:text{ name = "ref", title = "Reference" }
"""
    sh = Shell(home)
    try:
        sh.start(form)
        sh.wait_for("Payment card")
        sh.press("enter").type("378282246310006").press("tab").type("0931").press("tab").type("1234").press("enter")
        check("not a valid card number" in sh.text(), sh.text())
        check(sh.line_with("› card number") is not None, "the cursor is not back in the number")
        sh.press("backspace").type("5")
        check("not a valid card number" not in sh.text(), "the stale error stays\n" + sh.text())
        sh.press("enter", "enter", "enter")
        check(sh.line_with("Payment card").endswith("Amex •••• 0005  09/31"), sh.text())
        check("378282246310005" not in sh.text(), "the number shows")
        sh.press("esc", "y")
        sh.finished()
    finally:
        sh.close()


def test_text_open_in_an_editor_is_asked_about_and_kept_in_the_draft(home):
    draft = os.path.join(home, "minutes.draft.json")
    form = """
form.title = "Minutes"
local s = form:section{}
s:longtext{ name = "notes", title = "Notes" }
s:text{ name = "chair", title = "Chair" }
"""
    sh = Shell(home)
    try:
        sh.start(form, args=["--draft", draft])
        sh.wait_for("Minutes")
        sh.press("enter").type("Budget approved").press("enter").type("Next meeting in May")
        sh.press("ctrl-c")
        check("Discard 1 changed value? [y/N]" in sh.text(), "Ctrl-C did not ask\n" + sh.text())
        sh.press("n")
        check("Next meeting in May" in sh.text(), "the text was lost\n" + sh.text())
        sh.press("ctrl-c", "y")
        rc, _ = sh.finished()
        check(rc == 130, f"exit status {rc}")
        with open(draft) as f:
            check("Next meeting in May" in f.read(), "the open text is not in the draft")
    finally:
        sh.close()


def test_esc_and_ctrl_d_with_text_typed_ask_before_discarding_it(home):
    form = """
form.title = "Lost and found"
local s = form:section{}
s:text{ name = "item", title = "What was found" }
s:text{ name = "where", title = "Where" }
"""
    draft = os.path.join(home, "found.draft.json")
    for key, code in (("esc", 1), ("ctrl-d", 3)):
        sh = Shell(home)
        try:
            sh.start(form, args=["--draft", draft])
            sh.wait_for("Lost and found")
            sh.type("a blue umbrella")
            sh.press(key)
            check("Discard 1 changed value? [y/N]" in sh.text(), f"{key} did not ask\n" + sh.text())
            sh.press("n")
            check(sh.line_with("What was found").endswith("a blue umbrella"), f"{key}: the text was lost\n" + sh.text())
            sh.type(" with a dent").press(key, "y")
            rc, _ = sh.finished()
            check(rc == code, f"{key}: exit status {rc}")
            if key == "ctrl-d":
                with open(draft) as f:
                    check("a blue umbrella with a dent" in f.read(), "the open text is not in the draft")
        finally:
            sh.close()


def test_bytes_that_are_not_utf8_are_refused_in_an_editor(home):
    sh = Shell(home)
    try:
        sh.start("local s = form:section{}\ns:text{ name = 'tag', title = 'Tag' }")
        sh.wait_for("Tag")
        sh.type("ok")
        sh.child.send(b"\xff\xfe")
        sh.pump()
        check("not valid UTF-8" in sh.text(), sh.text())
        sh.type("!").press("enter", "ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"tag": "ok!"}, f"{rc} {out!r}")
    finally:
        sh.close()


def test_themes_are_drawn_by_flag_environment_or_the_form(home):
    form = """
form.theme = "light"
local s = form:section{ header = "Garden" }
s:text{ name = "plant", title = "Plant", value = "Fern" }
s:text{ name = "pot", title = "Pot", value = "Clay", style = { color = "green" } }
"""
    cases = [((), "", "34"), (("--theme", "high-contrast"), "", "1;96"), ((), "FORMRUN_THEME=monochrome ", "1")]
    for args, env, value_codes in cases:
        sh = Shell(home, env={"NO_COLOR": ""})
        try:
            sh.start(form, args=args, env_prefix=env)
            sh.wait_for("Garden")
            sh.press("down")
            raw = bytes(sh.raw).decode(errors="replace")
            check(f"\x1b[{value_codes}mFern" in raw, f"{args} {env!r}: Fern not drawn with {value_codes}: {raw[-400:]!r}")
            check("\x1b[32mClay" in raw, "a row's own style is not on top")
            sh.press("esc")
            sh.finished()
        finally:
            sh.close()


def test_a_text_rows_suggestions_show_as_it_is_typed(home):
    form = """
local s = form:section{}
s:text{ name = "lang", title = "Language", suggestions = { "Lua", "Python", "Perl", "PHP", "Pascal" } }
s:text{ name = "tag", title = "Tag", suggestions = function(text) return { "#" .. text, "@" .. text } end }
"""
    sh = Shell(home)
    try:
        sh.start(form)
        sh.wait_for("Language")
        sh.press("enter").type("pe")
        check("    Perl" in sh.text(), "no suggestion shown\n" + sh.text())
        check("    Lua" not in sh.text(), sh.text())
        sh.press("tab")
        check(sh.line_with("Language").endswith("Perl"), "Tab does not take it\n" + sh.text())
        sh.press("enter").type("fast")
        check("    #fast" in sh.text() and "    @fast" in sh.text(), sh.text())
        sh.press("down", "down", "enter", "ctrl-s")
        rc, out = sh.finished()
        check(rc == 0 and json.loads(out) == {"lang": "Perl", "tag": "@fast"}, f"{rc} {out}")
    finally:
        sh.close()

if __name__ == "__main__":
    sys.exit(run_tests(globals()))
