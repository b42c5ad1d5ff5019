#!/usr/bin/env python3
"""Every repro of the round-3 and round-4 reliability reviews (and of the
small wrongs round 4's other reviews met), run as written (and a few
variants), each checked for the exit code and message a user should get.

    python3 Tests/Reliability/repros.py [FORMRUN] [-k NAME]...

FORMRUN defaults to $FORMRUN_BINARY (Scripts/test sets it), else .build/debug/formrun. Each check runs in a
scratch folder of its own, under a timeout, several at once. A check prints
its finding's number; the run fails when one does. With
FORMRUN_LUACOV_SRC naming luacov's src/ folder, the luacov repro runs too.
"""

import concurrent.futures
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.dom.minidom

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
args = [a for a in sys.argv[1:]]
only = []
while "-k" in args:
    i = args.index("-k")
    only.append(args[i + 1])
    del args[i : i + 2]
F = os.path.abspath(args[0] if args else os.environ.get("FORMRUN_BINARY") or os.path.join(ROOT, ".build/debug/formrun"))

# a handler's budget is 5 s of wall-clock time: a runaway handler is stopped
# having spent at most twice that in CPU time (on a loaded machine the wall
# clock says little; these checks find hangs, they do not time formrun)
BUDGET_CPU = 10

T_LUA = 'form:section("A"):text{ name = "t", title = "T" }\n'
SIX_LUA = (
    'local s = form:section("Six")\n'
    's:text{ name = "a", title = "A" }\n'
    's:text{ name = "pw", title = "Password", secure = true }\n'
)


class Failed(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failed(what)


class Run:
    def __init__(self, rc, out, err, seconds):
        self.rc, self.out, self.err, self.seconds = rc, out, err, seconds

    @property
    def both(self):
        return self.out + self.err

    def __repr__(self):
        return "rc=%s after %.1f s, stdout %r, stderr %r" % (self.rc, self.seconds, self.out[-300:], self.err[-300:])


def run(argv, cwd, stdin=b"", timeout=30, env=None, vmem=None, shell=False, **kw):
    e = dict(os.environ)
    e.pop("ACCESSIBLE", None)
    e["HOME"] = os.path.join(cwd, "home")
    e["XDG_STATE_HOME"] = os.path.join(cwd, "state")
    e["NO_COLOR"] = "1"
    e["SWIFT_BACKTRACE"] = "enable=no"
    if env:
        e.update(env)

    def limit():
        if vmem:
            resource.setrlimit(resource.RLIMIT_AS, (vmem, vmem))

    start = time.monotonic()
    if not shell:
        argv = [F if a == "F" else a for a in argv]
    try:
        p = subprocess.run(
            argv,
            cwd=cwd,
            input=stdin if stdin is None or isinstance(stdin, bytes) else stdin.encode(),
            capture_output=True,
            timeout=timeout,
            env=e,
            preexec_fn=limit,
            shell=shell,
            **kw,
        )
    except subprocess.TimeoutExpired as t:
        raise Failed("did not end within %d s: %r" % (timeout, argv))
    r = Run(
        p.returncode,
        p.stdout.decode("utf-8", "replace"),
        p.stderr.decode("utf-8", "replace"),
        time.monotonic() - start,
    )
    check(r.rc >= 0 and r.rc not in (134, 139), "ended by a signal or an abort: %r" % (r,))
    return r


def budgeted(argv, d, stdin):
    """Run formrun under time(1): the run and the CPU seconds it spent."""
    r = run(["/usr/bin/env", "time", "-f", "%U %S", F] + argv, d, stdin=stdin, timeout=120)
    lines = r.err.rstrip("\n").split("\n")
    cpu = sum(float(x) for x in lines[-1].split())
    r.err = "\n".join(lines[:-1])
    return r, cpu


def write(d, name, text):
    path = os.path.join(d, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode())
    return path


def has_raw_controls(s):
    return re.search(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u202a-\u202e\u2066-\u2069]", s) is not None


CHECKS = []


def finding(name):
    def wrap(f):
        CHECKS.append((name, f))
        return f

    return wrap


# ---- crashes ------------------------------------------------------------


@finding("1 removed section")
def f1(d):
    for body in [
        's:add("x")',
        's:text{ name = "x" }',
        's:insert(1, "text", {})',
        "print(s.nosuch)",
        "local f = s.text",
        's:remake{ header = "B" }',
    ]:
        write(d, "rm.lua", 'local s = form:section("A")\nform:remove_section(s)\n' + body + "\n")
        r = run(["F", "rm.lua"], d)
        check(r.rc in (0, 2, 3), "%s: %r" % (body, r))
    write(d, "rm.lua", 'local s = form:section("A")\nform:remove_section(s)\ns:add("x")\n')
    r = run(["F", "rm.lua"], d)
    check(r.rc == 2 and "removed" in r.err, "no clean error for a row added to a removed section: %r" % (r,))
    write(d, "ri.lua", 'local s = form:section("A")\nlocal it = s:text{ name = "i" }\nform:clear()\nit:remake{ title = "y" }\n')
    r = run(["F", "ri.lua"], d)
    check(r.rc == 2, "remake of a removed item: %r" % (r,))
    r = run(["F", "repl", os.path.join(ROOT, "Examples/dynamic.lua")], d, stdin=':guests_on\nform:remove_section("guests")\n:add\n')
    check(r.rc in (0, 3), "Examples/dynamic.lua in the REPL: %r" % (r,))
    write(d, "rm_test.lua", 'describe("r", function() it("opens", function() formrun.open("rm.lua") end) it("runs after", function() end) end)\n')
    r = run(["F", "test", "rm_test.lua"], d)
    check(r.rc == 1 and "1 success" in r.both.replace("successes", "success"), "a spec that opens the form: %r" % (r,))


@finding("5 memory bombs through print, titles and messages")
def f5(d):
    write(
        d,
        "pbomb.lua",
        'local big = ("x"):rep(1e6)\nform:section("A"):item{ name = "go", title = "Go", on_select = function() while true do print(big) end end }\n',
    )
    r = run(["F", "pbomb.lua", "--sandbox"], d, stdin="go\nq\n", vmem=4_000_000_000, timeout=30)
    check(r.rc == 1, "print loop: %r" % (r,))
    write(
        d,
        "tbomb.lua",
        'local big = ("x"):rep(1e8)\nlocal s = form:section("A")\nfor i = 1, 200 do s:text{ name = "r" .. i, title = big .. i } end\n',
    )
    r = run(["F", "tbomb.lua"], d, stdin="q\n", vmem=6_000_000_000, timeout=30)
    check(r.rc == 2, "200 titles of 100 MB: %r" % (r,))
    write(d, "mbomb.lua", 'form.messages = { presence = ("%s"):rep(1e6) }\nform:section("A"):text{ name = "t", required = true }\n')
    r = run(["F", "mbomb.lua"], d, stdin="s\nq\n", vmem=4_000_000_000)
    check(r.rc in (1, 2) and len(r.err) < 1_000_000, "a 1 MB message: %r" % (r,))


# ---- hangs ---------------------------------------------------------------

NS_LUA = """local s = form:section("A")
local busy = s:item{ name = "busy", title = "Busy", on_select = function() for i = 1, 1e7 do end end }
s:item{ name = "go", title = "Go", on_select = function() while true do busy:select() end end }
"""


@finding("3 nested select loop")
def f3(d):
    write(d, "ns.lua", NS_LUA)
    r, cpu = budgeted(["ns.lua"], d, "go\ns\n")
    check(r.rc == 0 and cpu < BUDGET_CPU and "budget" in r.err, "nested select: %.1f s of CPU, %r" % (cpu, r))
    write(
        d,
        "fmt.lua",
        'local k = form:section("A"):text{ name = "k", title = "K" }\nform:section("B"):item{ name = "go", title = "Go", on_select = function() local n = 0; while true do k.value = "x" .. n; n = n + 1 end end }\n',
    )
    r, cpu = budgeted(["fmt.lua"], d, "go\nq\n")
    check(r.rc == 1 and cpu < BUDGET_CPU, "property writes in a loop: %.1f s of CPU, %r" % (cpu, r))
    write(d, "ns_test.lua", 'describe("n", function() it("go", function() local s = formrun.open("ns.lua"); s:send("go") end) end)\n')
    r, cpu = budgeted(["test", "ns_test.lua"], d, "")
    check(r.rc in (0, 1) and cpu < BUDGET_CPU, "nested select in formrun test: %.1f s of CPU, %r" % (cpu, r))


@finding("4 C-heavy loop")
def f4(d):
    write(
        d,
        "rep.lua",
        'form:section("A"):item{ name = "go", title = "Go", on_select = function()\n  while true do local x = ("a"):rep(3e8) end\nend }\n',
    )
    r, cpu = budgeted(["rep.lua"], d, "go\ns\n")
    check(r.rc == 0 and cpu < BUDGET_CPU and "budget" in r.err, "rep loop: %.1f s of CPU, %r" % (cpu, r))
    write(d, "rep_test.lua", 'describe("n", function() it("go", function() local s = formrun.open("rep.lua"); s:send("go") end) end)\n')
    r, cpu = budgeted(["test", "rep_test.lua"], d, "")
    check(r.rc in (0, 1) and cpu < BUDGET_CPU, "rep loop in formrun test: %.1f s of CPU, %r" % (cpu, r))


@finding("15 huge error message")
def f15(d):
    write(d, "bigerr.lua", 'form:section("A"):item{ name = "go", title = "Go", on_select = function() error(("x"):rep(5e8)) end }\n')
    r, cpu = budgeted(["bigerr.lua"], d, "go\nq\n")
    check(r.rc == 1 and cpu < BUDGET_CPU and len(r.err) < 100_000, "5e8-byte error: %.1f s of CPU, %r" % (cpu, r))


@finding("20 busted flags")
def f20(d):
    forms = os.path.join(ROOT, "Tests/forms")
    for extra in (["--repeat", "1e400"], ["--shuffle", "--seed", "99999999999999999999"], ["--lua", "/bin/false"]):
        r = run(["F", "test", forms] + extra, ROOT, timeout=20)
        check(r.rc in (1, 2) and "a bug" not in r.err and r.err.strip(), "%s: %r" % (extra, r))
    r = run(["F", "test", forms, "-o", "/dev/zero"], ROOT, timeout=60)
    # busted's way: it says the handler cannot be loaded, runs with its default one, and counts that as a failure
    check(r.rc == 1 and "Cannot load output library: /dev/zero" in r.err and " 1 failed" in r.err, "-o /dev/zero: %r" % (r,))


# ---- data loss -------------------------------------------------------------


@finding("11 --fresh removes only drafts")
def f11(d):
    write(d, "six.lua", SIX_LUA)
    write(d, "form.lua", SIX_LUA)
    write(d, "notes.txt", "precious notes\n")
    r = run(["F", "form.lua", "--draft", "form.lua", "--fresh"], d)
    check(r.rc == 2 and os.path.exists(os.path.join(d, "form.lua")), "--draft form.lua --fresh: %r" % (r,))
    r = run(["F", "six.lua", "--draft", "notes.txt", "--fresh"], d)
    check(r.rc == 2 and open(os.path.join(d, "notes.txt")).read() == "precious notes\n", "--draft notes.txt: %r" % (r,))
    write(d, "empty.json", "")
    r = run(["F", "six.lua", "--draft", "notes.txt"], d, stdin="a x\nq\n")
    check(open(os.path.join(d, "notes.txt")).read() == "precious notes\n", "a non-draft overwritten by a save: %r" % (r,))


@finding("12 two formruns on one draft")
def f12(d):
    write(d, "two.lua", 'local s = form:section("Six")\ns:text{ name = "a", title = "A" }\ns:text{ name = "b", title = "B" }\n')
    e = dict(os.environ, HOME=os.path.join(d, "home"), NO_COLOR="1")
    a = subprocess.Popen([F, "two.lua", "--draft", "d.json", "--resume"], cwd=d, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=e)
    a.stdin.write(b"a from-A\n")
    a.stdin.flush()
    time.sleep(1.0)
    r = run(["F", "two.lua", "--draft", "d.json", "--resume"], d, stdin="b from-B\n")
    a.stdin.write(b"s\n")
    a.stdin.close()
    a.wait(timeout=20)
    check(r.rc == 2 and re.search(r"in use|held|another", r.err), "second formrun on a held draft: %r" % (r,))


@finding("14 hidden rows kept in drafts")
def f14(d):
    write(
        d,
        "hid.lua",
        'local s = form:section("A")\ns:text{ name = "a", title = "A" }\n'
        's:bool{ name = "sw", title = "Sw", on_change = function(i) form:find_section("x").hidden = not i.value end }\n'
        'form:section{ header = "X", tag = "x" }:text{ name = "hid", title = "Hidden later" }\n',
    )
    run(["F", "hid.lua", "--draft", "d.json"], d, stdin="a hello\nhid precious\nsw\nsw\n")
    check("precious" in open(os.path.join(d, "d.json")).read(), "the hidden row's value is not in the draft")
    r = run(["F", "hid.lua", "--draft", "d.json", "--resume"], d, stdin="sw\nv\nq\n")
    check('"hid":"precious"' in r.both, "not resumed: %r" % (r,))


@finding("18 runs that test nothing or lose their report")
def f18(d):
    forms = os.path.join(ROOT, "Tests/forms")
    r = run(["F", "test", forms, "--loaders", "moonscript"], ROOT)
    check(r.rc == 1, "--loaders moonscript: %r" % (r,))
    r = run(["F", "test", forms, "--repeat", "-1"], ROOT)
    check(r.rc in (1, 2) and r.err.strip(), "--repeat -1: %r" % (r,))
    with open("/dev/full", "wb") as full:
        p = subprocess.run([F, "test", forms, "-o", "junit"], cwd=ROOT, stdout=full, stderr=subprocess.PIPE, timeout=60, env=dict(os.environ, NO_COLOR="1"))
    check(p.returncode == 4, "-o junit > /dev/full: rc=%d %r" % (p.returncode, p.stderr[-300:]))


@finding("19 closed stdin or stderr")
def f19(d):
    write(d, "cmds.txt", "t injected-by-file\ns\n")
    write(d, "in0.lua", 'CFG = io.open("cmds.txt", "r")\n' + T_LUA)
    r = run("%s in0.lua 0<&- 2>/dev/null" % F, d, shell=True, stdin=None)
    check(r.rc == 3 and "injected" not in r.out, "stdin closed: %r" % (r,))
    write(d, "keep.lua", 'LOG = io.open("log.txt", "w"); LOG:write("log line 1\\n"); LOG:flush()\nform:section("A"):text{ name = "t", title = "T", value = "v" }\n')
    r = run("echo s | %s keep.lua 2>&- >/dev/null" % F, d, shell=True, stdin=None)
    check(open(os.path.join(d, "log.txt")).read() == "log line 1\n", "stderr closed: the log got %r" % open(os.path.join(d, "log.txt")).read())


@finding("24 print of a killed handler")
def f24(d):
    write(
        d,
        "pbuf.lua",
        'form:section("A"):item{ name = "go", title = "Go", on_select = function() print("step 1 done"); io.stderr:write("stderr step 1\\n"); local t = os.clock(); while os.clock() - t < 10 do end end }\n',
    )
    r = run("(printf 'go\\n'; sleep 5) | timeout -s TERM 2 %s pbuf.lua 2>&1 >/dev/null | grep step" % F, d, shell=True, stdin=None)
    check("step 1 done" in r.out, "print lost: %r" % (r,))


# ---- security --------------------------------------------------------------


@finding("2 sandboxed forms own the string methods")
def f2(d):
    write(
        d,
        "fmt.lua",
        """local mt = getmetatable("")
local real = mt.__index
mt.__index = setmetatable({ format = function(f, ...)
  if f:find("^echo") then return "touch ESCAPED_VIA_SPEC" end
  return real.format(f, ...) end }, { __index = real })
form:section("A"):text{ name = "t", title = "T", value = "hello" }
""",
    )
    write(
        d,
        "fmt_test.lua",
        'describe("a", function() it("logs", function()\n local s = formrun.open("fmt.lua", { sandbox = true })\n os.execute(("echo %s >> log.txt"):format(s:value("t")))\nend) end)\n',
    )
    run(["F", "test", "fmt_test.lua"], d)
    check(not os.path.exists(os.path.join(d, "ESCAPED_VIA_SPEC")), "the sandboxed form chose the spec's command")
    write(
        d,
        "liar.lua",
        'local mt = getmetatable(""); local lib = {}\nfor k, v in pairs(mt.__index) do lib[k] = v end\n'
        "lib.find = function() return 1, 1 end; lib.match = function(s) return s end\nmt.__index = lib\n" + T_LUA,
    )
    write(
        d,
        "liar_test.lua",
        'describe("liar", function() it("must fail", function()\n local s = formrun.open("liar.lua", { sandbox = true })\n'
        ' assert.matches("THIS TEXT IS NOT ON THE SCREEN", s:screen())\nend) end)\n',
    )
    r = run(["F", "test", "liar_test.lua"], d)
    check(r.rc == 1, "forged result: %r" % (r,))
    write(d, "evil.lua", 'getmetatable("").__index = function() return 1 end\n' + T_LUA)
    write(d, "evil_test.lua", 'describe("e", function() it("o", function() formrun.open("evil.lua", { sandbox = true }) end) end)\n')
    r = run(["F", "test", "evil_test.lua"], d)
    check(r.rc in (0, 1) and "a bug" not in r.both, "__index a function: %r" % (r,))


INJ = '{"t":"\\u001b]52;c;SGVsbG8=\\u0007 \\u009b2J \\u202e"}'


@finding("6 control characters on stdout")
def f6(d):
    write(d, "t.lua", T_LUA)
    write(d, "inj.json", INJ)
    r = run(["F", "t.lua", "--set", "t=\x1b]52;c;SGVsbG8=\x07", "--submit", "--field", "t"], d)
    check(r.rc == 2 and not has_raw_controls(r.out), "--set with OSC 52: %r" % (r,))
    r = run(["F", "t.lua", "--set", "t=\x01\x02\x7f\x08x", "--submit"], d)
    check(r.rc == 2, "--set with C0 and DEL: %r" % (r,))
    for fmt in ("sh", "tsv", "json"):
        r = run(["F", "t.lua", "--answers", "inj.json", "--submit", "--format", fmt], d)
        check(r.rc == 2 and not has_raw_controls(r.out), "--answers --format %s: %r" % (fmt, r))
    write(d, "own.lua", 'form:section("A"):text{ name = "t", title = "T", value = "\\27]52;c;SGVsbG8=\\7\\27[2J" }\n')
    for extra in (["--field", "t"], ["--format", "sh"], ["--format", "tsv"]):
        r = run(["F", "own.lua", "--sandbox", "--submit"] + extra, d)
        check(not has_raw_controls(r.out), "a script's own value with %s: %r" % (extra, r))


@finding("8 credit cards are secrets")
def f8(d):
    write(d, "cc.lua", 'local s = form:section("C")\nfor i = 1, 5 do s:text{ name = "x" .. i } end\ns:creditcard{ name = "card", title = "Card" }\n')
    run(["F", "cc.lua", "--draft", "d.json"], d, stdin="x1 hello\ncard 4242424242424242 12/30 123\n")
    text = open(os.path.join(d, "d.json")).read()
    check("4242424242424242" not in text and '"123"' not in text, "the draft holds the card: %s" % text)


@finding("9 values and the voice hide secure values")
def f9(d):
    write(d, "six.lua", SIX_LUA)
    r = run(["F", "six.lua"], d, stdin="pw secret99\nshow 2\nv\nq\n")
    check("secret99" not in r.err, "values: %r" % (r,))
    r = run(["F", "six.lua", "--accessible"], d, stdin="pw secret99\nv\nq\n")
    check("secret99" not in r.err, "accessible values: %r" % (r,))
    r = run(["F", "repl", "six.lua"], d, stdin='form:find("pw").value = "secret99"\n:values\n')
    check("secret99" not in r.err, "repl :values: %r" % (r,))
    r = run(["F", "six.lua", "--set", "pw=secret99", "--submit"], d)
    check(r.rc == 0 and '"pw":"secret99"' in r.out, "submitted values changed: %r" % (r,))


@finding("10 snapshots through symlinks")
def f10(d):
    proj = os.path.join(d, "proj")
    os.makedirs(os.path.join(proj, "__snapshots__"))
    os.makedirs(os.path.join(d, "outside"))
    write(proj, "y_test.lua", 'describe("s", function() it("x", function() assert.snapshot("ATTACKER CONTENT\\n", "s1") end) end)\n')
    os.symlink("../../outside/created.txt", os.path.join(proj, "__snapshots__/s1.txt"))
    run(["F", "test", "y_test.lua"], proj)
    check(not os.path.exists(os.path.join(d, "outside/created.txt")), "recorded through a dangling link")
    write(d, "outside/victim.txt", "VICTIM\n")
    os.remove(os.path.join(proj, "__snapshots__/s1.txt"))
    os.symlink("../../outside/victim.txt", os.path.join(proj, "__snapshots__/s1.txt"))
    run(["F", "test", "y_test.lua", "--update-snapshots"], proj)
    check(open(os.path.join(d, "outside/victim.txt")).read() == "VICTIM\n", "updated through a link")
    proj2 = os.path.join(d, "proj2")
    os.makedirs(os.path.join(d, "elsewhere"))
    os.makedirs(proj2)
    os.symlink("../elsewhere", os.path.join(proj2, "__snapshots__"))
    write(proj2, "y_test.lua", 'describe("s", function() it("x", function() assert.snapshot("ATTACKER CONTENT\\n", "s1") end) end)\n')
    run(["F", "test", "y_test.lua", "--update-snapshots"], proj2)
    check(os.listdir(os.path.join(d, "elsewhere")) == [], "written through a linked __snapshots__")


@finding("R4-11 a secret remade as another kind")
def r4_11(d):
    write(
        d,
        "rm.lua",
        'local s = form:section("A")\n'
        'local p = s:text{ name = "p", title = "PW", secure = true, value = "hunter2" }\n'
        'form:kind("shown", { format = function(v) return "shown:" .. tostring(v) end })\n'
        'local q = s:text{ name = "q", title = "Q", secure = true, value = "swordfish" }\n'
        'local c = s:creditcard{ name = "c", title = "Card" }\n'
        'c.value = { number = "4242424242424242", expiry = "12/30", cvv = "123" }\n'
        'p:remake{ kind = "text", name = "p" }\n'
        'q:remake{ kind = "shown", name = "q" }\n'
        'c:remake{ kind = "text", name = "c" }\n',
    )
    r = run(["F", "rm.lua"], d, stdin="show 1\nshow 2\nshow 3\nvalues\nsubmit\n")
    for secret in ("hunter2", "swordfish", "4242", "shown:swordfish"):
        check(secret not in r.both, "%s in clear: %r" % (secret, r))
    check("was dropped: it was secret" in r.err, "no notice: %r" % (r,))


@finding("R5 a secret in a schema written out, or in a printed row")
def r5_secret_out(d):
    write(d, "tok.lua", 'local s = form:section("A")\n'
          'local t = s:text{ name = "token", secure = true, value = os.getenv("TOKEN_X") }\n'
          's:creditcard{ name = "c", value = { number = "4242424242424242", expiry = "12/30", cvv = "123" } }\n'
          'print(t, s.items[2])\n')
    r = run(["F", "schema", "tok.lua"], d, env={"TOKEN_X": "hunter2XYZ"})
    check(r.rc == 0 and "hunter2XYZ" not in r.both and "4242424242424242" not in r.both, "%r" % (r,))
    r = run(["F", "tok.lua"], d, stdin="q\n", env={"TOKEN_X": "hunter2XYZ"})
    check("<text 'token'" in r.err and "hunter2XYZ" not in r.both and "4242424242424242" not in r.both, "%r" % (r,))


@finding("R4-12 a sandboxed form probes the disk")
def r4_12(d):
    os.makedirs(os.path.join(d, "there"))
    write(d, "there/file.txt", "x")
    write(
        d,
        "oracle.lua",
        'local s = form:section("A")\n'
        'local f = s:file{ name = "f", title = "F", must_exist = true }\n'
        'local g = s:file{ name = "g", title = "G", dirs_only = true, must_exist = true }\n'
        'local t = s:text{ name = "leak", title = "Leak" }\n'
        "local out = {}\n"
        'for _, p in ipairs{ "there/file.txt", "there", "/nonexistent-%d", "there/missing" } do\n'
        "  local ok = pcall(function() f:set{ value = p } end)\n"
        "  local ok2 = pcall(function() g.value = p end)\n"
        '  out[#out + 1] = tostring(ok) .. tostring(ok2) .. #f.errors .. #g.errors\n'
        "end\n"
        's:text{ name = "h", title = "H", on_change = function() local ok = pcall(function() f.value = "/nonexistent-x" end); t.value = t.value .. tostring(ok) end }\n'
        't.value = table.concat(out, " ")\n' % os.getpid(),
    )
    r = run(["F", "oracle.lua", "--sandbox", "--set", "h=x", "--submit", "--field", "leak"], d)
    leak = r.out.strip()
    check(r.rc == 0 and leak == "truetrue00 truetrue00 truetrue00 truetrue00true", "the sandbox learned of the disk: %r" % (r,))
    # what a person gives is still checked
    r = run(["F", "oracle.lua", "--sandbox", "--set", "f=there/missing", "--submit"], d)
    check(r.rc == 2 and "no such file" in r.err, "a person's path unchecked: %r" % (r,))
    readme = open(os.path.join(ROOT, "README.md")).read()
    check("Nor does a sandboxed form learn what is on the disk" in readme, "README does not say so")
    # form:from_schema reads a file (and the files its $refs name): a sandboxed form reads none
    write(d, "s.json", '{"type":"object","properties":{"secret_name":{"type":"string","default":"hunter2"}}}')
    write(d, "probe.lua",
          'local s = form:section("A")\nlocal t = s:text{ name = "leak", title = "Leak" }\nlocal out = {}\n'
          'for _, p in ipairs{ "s.json", "there/file.txt", "there", "/nonexistent", "/etc/passwd" } do\n'
          '  local ok, e = pcall(form.from_schema, form, p)\n'
          '  out[#out + 1] = tostring(ok) .. ":" .. tostring(e):gsub("^.-from_schema: ", "")\n'
          'end\nt.value = table.concat(out, "|")\n')
    r = run(["F", "probe.lua", "--sandbox", "--submit", "--field", "leak"], d)
    said = set(r.out.strip().split("|"))
    check(r.rc == 0 and len(said) == 1 and "hunter2" not in r.both and "secret_name" not in r.both,
          "from_schema under the sandbox told paths apart: %r" % (r,))


# ---- wrong output ------------------------------------------------------------


@finding("13 snapshot diff memory")
def f13(d):
    write(d, "__snapshots__/big.txt", "\n".join("line %d" % i for i in range(30000)) + "\n")
    write(
        d,
        "big_test.lua",
        'describe("b", function() it("d", function() local t = {} for i = 1, 30000 do t[i] = "other " .. i end assert.snapshot(table.concat(t, "\\n") .. "\\n", "big") end) end)\n',
    )
    r = run(["F", "test", "big_test.lua"], d, vmem=2_000_000_000, timeout=30)
    check(r.rc == 1 and len(r.out) < 200_000, "30,000-line diff: rc=%d, %d bytes of report" % (r.rc, len(r.out)))


@finding("16 snapshot without a final newline")
def f16(d):
    write(d, "__snapshots__/a.txt", "abc")
    write(d, "n_test.lua", 'describe("n", function() it("a", function() assert.snapshot("abc", "a") end) end)\n')
    r = run(["F", "test", "n_test.lua"], d)
    check(r.rc == 0, "abc without a newline: %r" % (r,))
    write(d, "__snapshots__/c.txt", "abc\r\n")
    write(d, "c_test.lua", 'describe("n", function() it("a", function() assert.snapshot("abc", "c") end) end)\n')
    r = run(["F", "test", "c_test.lua"], d)
    check(r.rc == 0 or "\\r" in r.both, "a CRLF snapshot: %r" % (r,))


@finding("17 junit is XML")
def f17(d):
    write(d, "hostile.lua", 'form:section("A"):text{ name = "t", title = "T", value = "\\27]52;c;UFdORUQ=\\7\\27[2J" }\n')
    write(
        d,
        "hf_test.lua",
        'describe("h", function() it("c", function() local s = formrun.open("hostile.lua", { sandbox = true }); assert.equal("expected", s:value("t")) end) end)\n',
    )
    r = run(["F", "test", "hf_test.lua", "-o", "junit"], d)
    try:
        xml.dom.minidom.parseString(r.out.encode())
    except Exception as e:
        raise Failed("not XML (%s): %r" % (e, r.out[-400:]))
    check(not has_raw_controls(r.out.replace("\n", "").replace("\t", "")), "raw controls in the report")


@finding("21 sessions collected")
def f21(d):
    write(d, "handler.lua", 'local s = form:section("A"); s:text{ name = "name", title = "Name", on_change = function(i) return form end }\n')
    write(d, "plain.lua", 'form:section("A"):text{ name = "name", title = "Name" }\n')
    write(
        d,
        "leak_test.lua",
        'describe("l", function() it("o", function() for i = 1, tonumber(os.getenv("N")) do local s = formrun.open(os.getenv("FORM")); s:send("name Ada") end collectgarbage(); collectgarbage() end) end)\n',
    )

    def peak(form, n):
        r = run(["/usr/bin/env", "time", "-f", "%M", F, "test", "leak_test.lua"], d, env={"FORM": form, "N": str(n)}, timeout=60)
        check(r.rc == 0, "%s: %r" % (form, r))
        return int(r.err.strip().splitlines()[-1])

    small, big = peak("handler.lua", 500), peak("handler.lua", 4000)
    check(big - small < 15_000, "memory grows with sessions: %d KB at 500, %d KB at 4000" % (small, big))


@finding("22 sh names of non-ASCII letters")
def f22(d):
    write(d, "uname.lua", 'form:section("A"):text{ name = "名", title = "N" }\nform:section("B"):text{ name = "имя", title = "I" }\n')
    r = run(["F", "uname.lua", "--set", "名=x", "--set", "имя=y", "--submit", "--format", "sh"], d)
    names = [l.split("=")[0] for l in r.out.splitlines()]
    check(r.rc == 0 and len(names) == 2 and all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n) and n.strip("_") for n in names) and len(set(names)) == 2, "names: %r" % (r,))


@finding("25 hand-edited drafts")
def f25(d):
    six = write(d, "six.lua", SIX_LUA)
    write(d, "h.json", '{"formrun_draft":{"form":"%s","saved":"2026-99-99T99:99:99Z"},"values":{"a":"x","pw":"typed-secret"}}' % six)
    r = run(["F", "six.lua", "--draft", "h.json", "--resume"], d, stdin="v\nq\n")
    check("typed-secret" not in r.both and "2034" not in r.err, "secure value or odd date resumed: %r" % (r,))
    write(d, "c.json", '{"formrun_draft":{"form":"%s"},"values":{"a":"\\u001b]52;c;SGVsbG8=\\u0007"}}' % six)
    r = run(["F", "six.lua", "--draft", "c.json", "--resume", "--format", "tsv"], d, stdin="s\n")
    check(not has_raw_controls(r.out), "control characters resumed from a draft: %r" % (r,))


@finding("26 invalid UTF-8 refused")
def f26(d):
    write(d, "t.lua", T_LUA)
    r = run([F.encode(), b"t.lua", b"--set", b"t=\xff\xfe", b"--submit"], d)
    check(r.rc == 2 and "\ufffd" not in r.out, "--set bytes: %r" % (r,))
    write(d, "s.json", '{"t":"\\ud800"}')
    r = run(["F", "t.lua", "--answers", "s.json", "--submit"], d)
    check(r.rc == 2, "lone surrogate: %r" % (r,))


@finding("27 numbers")
def f27(d):
    write(d, "n.lua", 'form:section("A"):number{ name = "num", title = "N" }\n')
    write(d, "z.json", '{"num": -0.0}')
    r = run(["F", "n.lua", "--answers", "z.json", "--submit"], d)
    check(r.rc == 0 and json.loads(r.out)["num"] == 0 and '"num":-0.0' in r.out, "-0.0: %r" % (r,))
    r = run(["F", "n.lua"], d, stdin="num 2.0\ns\n")
    check('"num":2.0' in r.out, "2.0: %r" % (r,))
    r = run(["F", "n.lua"], d, stdin="num 0." + "0" * 400 + "1\nq\n")
    check(r.rc == 1 and re.search(r"too small|too close to 0", r.err), "1e-400: %r" % (r,))
    r = run(["F", "n.lua"], d, stdin="num -9223372036854775809\nq\n")
    check("too small" in r.err or "-9223372036854775808" in r.err, "below the limit: %r" % (r,))


@finding("28 a 1,000,000-option radio")
def f28(d):
    write(d, "big.lua", 'local o = {} for i = 1, 1000000 do o[i] = "option " .. i end\nform:section("A"):radio{ name = "r", title = "R", options = o }\n')
    r = run(["F", "big.lua"], d, stdin="r\n\nq\n", timeout=60)
    check(len(r.err) < 200_000, "the editor wrote %d bytes" % len(r.err))


@finding("29 soft hyphen and keycaps")
def f29(d):
    for v in ("soft\\u{00AD}hyphen", "1\\u{FE0F}\\u{20E3}", "\\u{2603}\\u{FE0F}"):
        write(d, "w.lua", 'form:section("A"):text{ name = "t", title = "T", value = "%s" }\n' % v)
        r = run(["F", "w.lua", "--width", "40"], d, stdin="q\n")
        widths = set()
        for line in r.err.splitlines():
            if line.startswith(("│", "┌", "└", "├", "╭", "╰")):
                widths.add(cells(line))
        check(len(widths) == 1, "%s: framed lines of %s cells" % (v, sorted(widths)))


@finding("R4-8 integers past 2^53 keep their literal or are refused naming the pointer")
def r4_8(d):
    write(d, "n.json", '{"type":"object","properties":{"n":{"type":"integer"}}}')
    for literal in ("99999999999999999999999999999", "9223372036854775808", "-9223372036854775809"):
        write(d, "a.json", '{"n": %s}' % literal)
        r = run(["F", "n.json", "--answers", "a.json", "--submit"], d)
        kept = r.rc == 0 and r.out == '{"n":%s}\n' % literal
        refused = r.rc == 2 and "/n" in r.err and literal in r.err
        check(kept or refused, "%s in answers: %r" % (literal, r))
    for literal in ("9007199254740993", "9223372036854775807"):
        write(d, "a.json", '{"n": %s}' % literal)
        r = run(["F", "n.json", "--answers", "a.json", "--submit"], d)
        check(r.rc == 0 and r.out == '{"n":%s}\n' % literal, "%s, which formrun holds, changed: %r" % (literal, r))
    for keyword in ("const", "default"):
        write(d, "c.json", '{"type":"object","properties":{"n":{"type":"integer","%s":123456789012345678901234567890}}}' % keyword)
        r = run(["F", "schema", "c.json"], d)
        kept = r.rc == 0 and "123456789012345678901234567890" in r.out
        refused = r.rc == 2 and "#/properties/n/" + keyword in r.err
        check(kept or refused, "a schema's %s: %r" % (keyword, r))
        r = run(["F", "c.json", "--defaults", "--submit"], d)
        check(r.rc == 2 and "#/properties/n/" + keyword in r.err or "123456789012345678901234567890" in r.out,
              "a form of a schema's %s: %r" % (keyword, r))


@finding("R4-9 a script's string that is not UTF-8")
def r4_9(d):
    for body in (b"form:text{name='\xff\xfe', value='v'}", b"form:text{name='a', title='T\xc0\xaf'}",
                 b"form:text{name='a', value='ok\xed\xa0\x80'}", b"form:radio{name='a', options={'x', 'b\xff'}}"):
        r = run(["F", "-", "--submit"], d, stdin=body)
        check(r.rc == 2 and "not valid UTF-8 (byte 0x" in r.err and "\ufffd" not in r.both, "%r: %r" % (body, r))
        write(d, "u.lua", body)
        r = run(["F", "u.lua", "--submit", "--format", "sh"], d)
        check(r.rc == 2 and "u.lua:1:" in r.err and "not valid UTF-8" in r.err and "ufffd" not in r.out, "%r: %r" % (body, r))


@finding("R4 two-digit years and the order of figures")
def r4_dates(d):
    for typed, day in (("3/12/90", "1990-03-12"), ("03/12/69", "1969-03-12"), ("3/12/68", "2068-03-12"),
                       ("12.3.90", "1990-03-12"), ("Mar 12, 90", "1990-03-12"), ("12/03/1990", "1990-12-03"),
                       ("12.03.1990", "1990-03-12"), ("0090-03-12", "0090-03-12")):
        r = run(["F", "-e", 'form:date{ name = "d", title = "Date", min = "0001-01-01" }', "--quiet"], d, stdin="d %s\ns\n" % typed)
        check(r.rc == 0 and '"d":"%s"' % day in r.out, "%s: %r" % (typed, r))
    r = run(["F", "-e", 'form:date{ name = "d", title = "Birthday", min = "1900-01-01" }'], d, stdin="d\n")
    check("11/30/2026 reads month first, 30.11.2026 day first" in r.err, "the hint names no order: %r" % (r,))


SHIPPING = """form.title = "Shipping"
local s = form:section{ header = "Where" }
s:radio{ name = "country", title = "Country", options = { "Canada", "United States" }, required = true,
  on_change = function(item) form:find("state").hidden = item.value ~= "United States" end }
s:text{ name = "state", title = "State", hidden = true, required = true }
s:text{ name = "city", title = "City", required = true }
"""


@finding("R4 the walk's count, on_page's place")
def r4_walk(d):
    write(d, "ship.lua", SHIPPING)
    r = run(["F", "ship.lua", "--guided"], d, stdin="1\nBoston\ny\n")
    check(r.rc == 0 and "2 questions." in r.err and "Question 1 of 2" in r.err and "Row 1 of 3" not in r.err, "%r" % (r,))
    write(
        d,
        "pages.lua",
        'form.pages = true\nform:section{ header = "Account" }:text{ name = "email", title = "Email" }\n'
        'form:section{ header = "Plan" }:text{ name = "plan", title = "Plan" }\n'
        'form.on_page = function(f, from, to) print("on_page", from, to) end\n',
    )
    r = run(["F", "pages.lua", "--guided"], d, stdin="a@b.co\nPro\ny\n")
    lines = r.err.splitlines()
    check("on_page\t1\t2" in lines and lines[lines.index("on_page\t1\t2") - 1] == "Email: a@b.co.", "on_page before the answer: %r" % (r,))


@finding("R4 specs as under lua5.4 busted")
def r4_specs(d):
    write(
        d,
        "spec/a_spec.lua",
        'it("runs the interpreter again", function()\n'
        '  assert.equals("lua", arg[-1])\n'
        '  assert.is_truthy(os.execute(require("pl.app").lua() .. \' -e "n=1;os.exit(n-1)"\'))\n'
        "end)\n"
        'it("has no frame of formrun\'s", function()\n'
        "  for level = 1, 40 do\n"
        '    local info = debug.getinfo(level, "S")\n'
        "    if not info then break end\n"
        '    assert.is_nil(info.source:find("formrun test", 1, true))\n'
        "  end\n"
        '  assert.is_nil(debug.traceback():find("formrun test", 1, true))\n'
        "end)\n"
        'it("hears the load\'s print", function()\n'
        '  local s = formrun.open("spec/p.lua")\n'
        '  assert.equals("loaded", s.output)\n'
        "end)\n",
    )
    write(d, "spec/p.lua", 'print("loaded")\nform:section("S"):text{ name = "a", title = "A" }\n')
    write(d, "spec/cl_test_module.lua", 'error("a helper was run as a test file")\n')
    r = run(["F", "test"], d, timeout=60)
    check(r.rc == 0 and r.err.rstrip().endswith("3 passed, 0 failed"), "%r" % (r,))
    write(d, "co.lua", "coroutine.resume(1)\n" + T_LUA)
    r = run(["F", "co.lua", "--submit"], d)
    check("bad argument #1 to 'resume' (thread expected, got number)" in r.err, "%r" % (r,))


@finding("R4 specs: tracebacks, error levels and luacov as under lua5.4 busted; each convention's helpers")
def r4_specs_more(d):
    # error(m, N) and a raw traceback name no frame of formrun's
    write(d, "spec/lvl_spec.lua",
          'for n = 1, 6 do it("level " .. n, function()\n'
          '  local _, m = pcall(function() error("m", n) end)\n'
          '  assert.is_nil(tostring(m):find("formrun test", 1, true), m)\n'
          'end) end\n'
          'it("raw", function() error("raw", 3) end)\n')
    r = run(["F", "test", "-o", "TAP", "spec"], d, timeout=60)
    check(r.rc == 1 and "formrun test:" not in r.both and "6 passed, 1 failed" in r.err
          and re.search(r"busted/\w+\.lua:\d+: raw", r.out), "%r" % (r,))
    if shutil.which("lua5.4") and shutil.which("busted"):
        b = run(["lua5.4", shutil.which("busted"), "-o", "TAP", "spec"], d, timeout=60)
        check(b.out == r.out, "lua5.4 busted says %r, formrun test %r" % (b.out, r.out))
    # a project of _test files takes no _spec helper; one of _spec files no _test helper
    write(d, "t/tests/orders_test.lua", 'it("orders", function() end)\n')
    write(d, "t/tests/db_spec_fixtures.lua", 'error("a helper was run as a test file")\n')
    write(d, "t/tests/cl_spec_module.lua", 'error("a helper was run as a test file")\n')
    r = run(["F", "test", "tests"], os.path.join(d, "t"), timeout=60)
    check(r.rc == 0 and r.err.rstrip().endswith("1 passed, 0 failed"), "a _test project: %r" % (r,))
    write(d, "s/spec/a_spec.lua", 'it("a", function() end)\n')
    write(d, "s/spec/helpers_test_data.lua", 'error("a helper was run as a test file")\n')
    r = run(["F", "test"], os.path.join(d, "s"), timeout=60)
    check(r.rc == 0 and r.err.rstrip().endswith("1 passed, 0 failed"), "a _spec project: %r" % (r,))
    # luacov's stats hold no chunk of formrun's (with luacov on LUA_PATH, when it is there)
    luacov = os.environ.get("FORMRUN_LUACOV_SRC")
    if luacov:
        write(d, "c/spec/m_spec.lua", 'it("m", function() assert.equals(2, 1 + 1) end)\n')
        env = {"LUA_PATH": "%s/?.lua;%s/?/init.lua;;" % (luacov, luacov)}
        r = run(["F", "test", "--coverage"], os.path.join(d, "c"), env=env, timeout=60)
        stats = open(os.path.join(d, "c", "luacov.stats.out")).read()
        check(r.rc == 0 and "formrun test" not in stats and "m_spec.lua" in stats, "luacov: %r" % (r,))


SLIDERS = {
    "type": "object",
    "properties": {
        "age": {"type": "integer", "title": "Age", "minimum": 18, "maximum": 99, "x-formrun": {"kind": "float"}},
        "level": {"type": "integer", "title": "Level", "x-formrun": {"kind": "float", "options": {"min": 0, "max": 10}}},
        "phone": {"type": "string", "title": "Phone", "x-formrun": {"mask": "(XXX) XXX-XXXX"}},
        "pin": {"type": "string", "title": "PIN", "x-formrun": {"mask": "XX-XX"}},
    },
}


@finding("R4 schema rows: an integer slider comes out whole, x-formrun.mask alone masks")
def r4_schema_rows(d):
    write(d, "s.json", json.dumps(SLIDERS))
    r = run(["F", "s.json", "--set", "age=30", "--set", "level=7", "--set", "phone=555 123 4567", "--set", "pin=1234",
             "--submit"], d)
    check(r.rc == 0 and json.loads(r.out) == {"age": 30, "level": 7, "phone": "5551234567", "pin": "1234"}
          and '"age":30,' in r.out and '"level":7,' in r.out, "%r" % (r,))
    r = run(["F", "s.json"], d, stdin="show pin\nq\n")
    check("masked" in r.err, "x-formrun.mask alone: %r" % (r,))
    # in the screen mode: the slider stepped with the arrows, the mask typed
    write(d, "spec/s_spec.lua",
          'it("steps", function()\n'
          '  local s = formrun.open("s.json", { screen = true, width = 70, height = 20 })\n'
          '  s:press("enter", "right", "right", "enter", "enter", "left", "enter", "5551234567", "enter", "ctrl-s")\n'
          '  assert.equals("submitted", s.ending)\n'
          '  local v = s:values()\n'
          '  assert.equals("integer", math.type(v.age)); assert.equals("integer", math.type(v.level))\n'
          '  assert.equals("5551234567", v.phone)\n'
          'end)\n')
    r = run(["F", "test", "-o", "TAP", "spec"], d, timeout=60)
    check(r.rc == 0, "%r" % (r,))


@finding("R4 the screen's card: the Luhn error at the number only, gone when it is fixed")
def r4_card(d):
    write(d, "card.lua", 'local s = form:section{}\ns:creditcard{ name = "card", title = "Card" }\n'
          's:text{ name = "ref", title = "Reference" }\n')
    write(d, "spec/card_spec.lua",
          'local function err(s) return s:screen():find("not a valid card number", 1, true) end\n'
          'local function at(s, f) return s:screen():find("› " .. f, 1, true) end\n'
          'for _, leave in ipairs({ "enter", "tab", "ctrl-s" }) do it("left with " .. leave, function()\n'
          '  local s = formrun.open("card.lua", { screen = true, width = 70, height = 20 })\n'
          '  s:press("enter", "5555555555554443", "tab", "1129", "tab")\n'
          '  assert.is_nil(err(s)); s:press("321"); assert.is_nil(err(s))\n'
          '  s:press(leave)\n'
          '  assert.truthy(err(s)); assert.truthy(at(s, "card number"))\n'
          '  s:press("backspace", "4")\n'
          '  assert.is_nil(err(s))\n'
          '  s:press("tab"); assert.is_nil(err(s))\n'
          'end) end\n')
    r = run(["F", "test", "-o", "TAP", "spec"], d, timeout=60)
    check(r.rc == 0 and "3 passed, 0 failed" in r.err, "%r" % (r,))


def cells(s):
    import unicodedata

    n = 0
    chars = list(s)
    for i, c in enumerate(chars):
        if c == "\u00ad":
            n += 1
        elif unicodedata.combining(c) or c in "\u200b\u200d\ufe0f" or unicodedata.category(c) in ("Mn", "Me", "Cf"):
            if c == "\ufe0f" and i > 0 and chars[i - 1] in "0123456789#*\u2603":
                n += 1
        elif unicodedata.east_asian_width(c) in ("W", "F"):
            n += 2
        else:
            n += 1
    return n


# ---- message notes ------------------------------------------------------------


@finding("M1 a bad snapshot name")
def m1(d):
    write(d, "b_test.lua", 'describe("b", function() it("n", function()\n  assert.snapshot("x", "../up")\nend) end)\n')
    r = run(["F", "test", "b_test.lua"], d)
    check(r.rc == 1 and "b_test.lua:2" in r.out and "luassert/assert.lua" not in r.out, "blame: %r" % (r,))


@finding("M3 float and NaN indexes")
def m3(d):
    for call in (
        's:insert(0/0, "text", {})',
        's:insert(math.huge, "text", {})',
        's:insert(2^63, "text", {})',
        "s:move(1e308, 1)",
    ):
        write(d, "m.lua", 'local s = form:section("A")\ns:text{ name = "a" }\n' + call + "\n")
        r = run(["F", "m.lua"], d)
        check(r.rc == 2 and "index 0" not in r.err, "%s: %r" % (call, r))
    write(d, "m.lua", 'form:section("A"); form:section("B")\nform:move_section(1, 2^53)\n')
    r = run(["F", "m.lua"], d)
    check(r.rc == 2 and "integer expected" not in r.err, "move_section(1, 2^53): %r" % (r,))


@finding("M4 on_submit returning an empty text")
def m4(d):
    write(d, "s.lua", 'form.on_submit = function() return "" end\n' + T_LUA)
    r = run(["F", "s.lua"], d, stdin="s\nq\n")
    check(not re.search(r"cannot submit \(1 problem\):\s*\n\s*\n", r.err), "empty problem line: %r" % (r,))


@finding("M5 long command lines and titles echoed")
def m5(d):
    write(d, "t.lua", T_LUA)
    r = run(["F", "t.lua"], d, stdin="z" * 10_000_000 + "\nq\n")
    check(len(r.err) < 100_000, "a 10 MB unknown line: %d bytes echoed" % len(r.err))
    write(d, "a.lua", 'form:section("A"):item{ name = "go", title = "Go", actions = { { title = ("y"):rep(1e6), run = function() end } } }\n')
    r = run(["F", "a.lua"], d, stdin="do 1\nq\n")
    check(len(r.err) < 100_000, "do N listed %d bytes" % len(r.err))
    # a syntax error quoting a 1 MB token, in a form file and in the REPL
    write(d, "syn.lua", "x y" + "z" * 1_000_000 + "\n")
    r = run(["F", "syn.lua"], d)
    check(r.rc == 2 and len(r.err) < 10_000 and "more characters" in r.err, "a load error: %d bytes" % len(r.err))
    r = run(["F", "repl", "t.lua"], d, stdin="x y" + "z" * 1_000_000 + "\n")
    check(len(r.err) < 10_000 and "more characters" in r.err, "a REPL error: %d bytes" % len(r.err))


@finding("M6 a wrong weekday")
def m6(d):
    write(d, "d.lua", 'form:section("A"):date{ name = "d", title = "D", format = "EEEE, MMMM d, yyyy" }\n')
    r = run(["F", "d.lua"], d, stdin="d Tuesday, November 30, 2026\ns\nq\n")
    check('"d":"2026-11-30"' not in r.out, "wrong weekday accepted: %r" % (r,))


@finding("M7 a BOM in a piped line")
def m7(d):
    write(d, "t.lua", T_LUA)
    r = run(["F", "t.lua"], d, stdin="\ufefft x\nq\n")
    check("\ufeff" not in r.err, "the BOM printed raw: %r" % (r,))


@finding("M8 --seed out of range")
def m8(d):
    r = run(["F", "test", os.path.join(ROOT, "Tests/forms"), "--seed", "99999999999999999999"], ROOT)
    check(r.rc in (1, 2) and "a bug" not in r.err, "%r" % (r,))


@finding("M9 dofile of a binary chunk")
def m9(d):
    write(d, "chunk.luac", b"\x1bLua\x54\x00")
    write(d, "b.lua", 'dofile("chunk.luac")\n' + T_LUA)
    r = run(["F", "b.lua"], d)
    check(r.rc == 2 and "chunk.luac" in r.err, "%r" % (r,))


@finding("M10 M11 README notes")
def m10(d):
    readme = open(os.path.join(ROOT, "README.md")).read()
    check(re.search(r"sandboxed form can read your environment", readme), "README does not say the sandbox reads the environment")
    check(re.search(r"wall-clock time \(5 s a handler, 10 s a load\)", readme), "README does not give the budget of a load")


# ---- round 4: JSON Schema bounds (R4-1 ... R4-5, R4-9) -----------------------------

RECURSIVE_SCHEMAS = [
    {"type": "object", "properties": {"a": {"$ref": "#"}}},
    {"type": "object", "properties": {"x": {"$ref": ""}}},
    {"$defs": {"n": {"type": "object", "properties": {"next": {"$ref": "#/$defs/n"}, "v": {"type": "string"}}}},
     "$ref": "#/$defs/n"},
    {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"$ref": "#/properties/a"}}}}},
    # loki's shape: a property that $refs the object that holds it, under definitions, in draft-07
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
     "properties": {"ruler": {"$ref": "#/definitions/ruler"}},
     "definitions": {"ruler": {"type": "object", "properties": {"remote_write": {
         "type": "object", "properties": {"client": {"$ref": "#/definitions/ruler/properties/remote_write",
                                                     "description": "its own parent"},
                                          "url": {"type": "string"}}}}}}},
    {"anyOf": [{"$ref": "#"}, {"type": "object", "properties": {"a": {"$ref": "#"}}}]},
]


@finding("R4-1 a schema that refers to itself")
def r4_1(d):
    for i, schema in enumerate(RECURSIVE_SCHEMAS):
        write(d, "r%d.json" % i, json.dumps(schema))
        # loaded, or (a root of no object properties) refused with a message; never a signal
        r, cpu = budgeted(["r%d.json" % i, "--submit"], d, "")
        check(r.rc in (0, 2, 3) and cpu < BUDGET_CPU and (r.rc != 2 or "formrun:" in r.err),
              "fill of %s: %.1f s of CPU, %r" % (json.dumps(schema), cpu, r))
        r, cpu = budgeted(["schema", "r%d.json" % i], d, "")
        check(r.rc in (0, 2) and cpu < BUDGET_CPU, "formrun schema of %s: %.1f s of CPU, %r" % (json.dumps(schema), cpu, r))
        write(d, "deep.json", json.dumps({"a": {"a": {"a": {"a": {}}}}}))
        r, cpu = budgeted(["schema", "--check", "r%d.json" % i, "deep.json"], d, "")
        check(r.rc in (0, 3) and cpu < BUDGET_CPU, "check of %s: %.1f s of CPU, %r" % (json.dumps(schema), cpu, r))


@finding("R4-2 uniqueItems is linear")
def r4_2(d):
    write(d, "ui.json", json.dumps({"type": "object", "properties": {"a": {"type": "array", "uniqueItems": True}}}))
    write(d, "ui.ans.json", json.dumps({"a": [[i] for i in range(8000)]}))
    r, cpu = budgeted(["ui.json", "--answers", "ui.ans.json", "--submit"], d, "")
    check(r.rc == 0 and cpu < 5, "8,000 arrays: %.1f s of CPU, %r" % (cpu, r))
    write(d, "ui2.ans.json", json.dumps({"a": [{"x": i, "y": [i]} for i in range(20000)] + [{"y": [0], "x": 0.0}]}))
    r, cpu = budgeted(["ui.json", "--answers", "ui2.ans.json", "--submit"], d, "")
    check(r.rc in (2, 3) and "items 1 and 20001 are the same" in r.err and cpu < 5,
          "20,001 objects, the last a repeat: %.1f s of CPU, %r" % (cpu, r))


@finding("R4-3 a huge minItems is refused with its pointer")
def r4_3(d):
    for n in ["1000000000000000000", "1e300", "100000"]:
        write(d, "mi.json", '{"type":"object","properties":{"a":{"type":"array","minItems":%s,'
              '"items":{"type":"object","properties":{"x":{"type":"string"}}}}}}' % n)
        r, cpu = budgeted(["mi.json", "--submit"], d, "")
        check(r.rc == 2 and "#/properties/a/minItems" in r.err and cpu < BUDGET_CPU,
              "minItems %s: %.1f s of CPU, %r" % (n, cpu, r))


@finding("R4-4 one budget for a document's patterns")
def r4_4(d):
    write(d, "pi.json", json.dumps({"type": "object", "properties": {
        "a": {"type": "array", "items": {"type": "string", "pattern": "^(a|aa)+$"}}}}))
    write(d, "pi.ans.json", json.dumps({"a": ["a" * 40 + "!"] * 200}))
    r, cpu = budgeted(["pi.json", "--answers", "pi.ans.json", "--submit"], d, "")
    check(r.rc in (2, 3) and "backtracks too far" in r.err and cpu < BUDGET_CPU,
          "200 catastrophic patterns: %.1f s of CPU, %r" % (cpu, r))
    # fifty properties, each its own catastrophic pattern: one budget for them all
    props = {"p%d" % i: {"type": "string", "pattern": "^(a+)+$" + "(?:x{0,%d})" % i} for i in range(50)}
    write(d, "pj.json", json.dumps({"type": "object", "properties": props}))
    write(d, "pj.ans.json", json.dumps({k: "a" * 40 + "!" for k in props}))
    r, cpu = budgeted(["pj.json", "--answers", "pj.ans.json", "--submit"], d, "")
    check(r.rc in (2, 3) and cpu < BUDGET_CPU, "50 rows of catastrophic patterns: %.1f s of CPU, %r" % (cpu, r))


@finding("R5 patternProperties placing many keys: one give-up, not one a key")
def r5_pattern_keys(d):
    for n, pats in ((300, 1), (100, 50)):
        props = {"^(a+)+$" + "(?:x{0,%d})" % i: {"type": "string"} for i in range(pats)}
        write(d, "pk.json", json.dumps({"type": "object", "patternProperties": props}))
        write(d, "pk.ans.json", json.dumps({"a" * 30 + "!%d" % i: "x" for i in range(n)}))
        r, cpu = budgeted(["pk.json", "--answers", "pk.ans.json", "--submit"], d, "")
        check(r.rc in (2, 3) and "backtracks too far" in r.err and cpu < BUDGET_CPU,
              "%d keys, %d patterns: %.1f s of CPU, %r" % (n, pats, cpu, r))


@finding("R4-5 a schema's load is linear in its properties")
def r4_5(d):
    write(d, "p.json", json.dumps({"type": "object", "properties": {"p%d" % i: {"type": "string"} for i in range(50000)}}))
    r, cpu = budgeted(["p.json", "--submit"], d, "")
    check(r.rc == 0 and cpu < BUDGET_CPU, "50,000 properties: %.1f s of CPU, %r" % (cpu, r))


@finding("R4-9 a schema file that is not UTF-8")
def r4_9(d):
    write(d, "u.json", b'{"type":"object","properties":{"a\xff":{"type":"string"}}}')
    for argv in (["u.json", "--submit"], ["schema", "u.json"], ["schema", "--check", "u.json"]):
        r = run(["F"] + argv, d)
        check(r.rc == 2 and "byte 0xFF at offset 33" in r.err, "%s: %r" % (argv, r))
    write(d, "u.lua", 'form:from_schema("u.json")\n')
    r = run(["F", "u.lua", "--submit"], d)
    check(r.rc == 2 and "byte 0xFF at offset 33" in r.err, "from_schema: %r" % (r,))


# ---- at a terminal --------------------------------------------------------------


def pty_checks():
    try:
        import pexpect  # noqa: F401
    except ImportError:
        return []
    return PTY


PTY = []


def pty(name):
    def wrap(f):
        PTY.append((name, f))
        return f

    return wrap


def spawn_with_stty(d, cmd, mode="line"):
    import pexpect

    env = dict(os.environ, HOME=os.path.join(d, "home"), NO_COLOR="1", TERM="xterm", FORMRUN_MODE=mode)
    p = pexpect.spawn("bash", ["--norc", "-c", cmd + "; echo RC=$?; stty -a"], encoding="utf-8", env=env, cwd=d, timeout=20)
    return p


@pty("7 23 signals give the terminal back")
def p7(d):
    import pexpect

    write(d, "six.lua", SIX_LUA)
    for how, cmd in (
        ("ctrl-\\", "%s six.lua" % F),
        ("ctrl-\\ at a password", "%s six.lua" % F),
        ("ctrl-\\ repl", "%s repl six.lua" % F),
        ("USR1", "%s six.lua" % F),
        ("ALRM", "%s six.lua" % F),
        ("XCPU", "%s six.lua" % F),
        ("ctrl-\\ in the screen mode", "%s six.lua" % F),
        ("USR1 in the screen mode", "%s six.lua" % F),
    ):
        screen = "screen mode" in how
        p = spawn_with_stty(d, cmd, "screen" if screen else "line")
        try:
            if screen:
                p.expect("Ctrl-S")  # the key help under the form
            else:
                p.expect(["s to submit", "leaves"])
                p.expect(["> "])
            if "password" in how:
                p.send("pw\r")
                p.expect("Password")
                time.sleep(0.5)
            if how.startswith("ctrl"):
                p.sendcontrol("\\")
            else:
                time.sleep(0.3)
                child = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split()
                os.kill(int(child[0]), getattr(signal, "SIG" + how.split()[0]))
            p.expect("RC=")
            p.expect(pexpect.EOF)
        except pexpect.ExceptionPexpect:
            raise Failed("%s: no end (%r)" % (how, (p.before or "")[-300:]))
        modes = p.before
        check(re.search(r"(?<!-)echo\b", modes) and re.search(r"(?<!-)icanon", modes), "%s: terminal left %s" % (how, modes[-300:]))


def spawn(d, argv, mode="line", columns=80, env=None):
    import pexpect

    e = dict(os.environ, HOME=os.path.join(d, "home"), NO_COLOR="1", TERM="xterm", FORMRUN_MODE=mode, LANG="C.UTF-8")
    e.pop("ACCESSIBLE", None)
    e.update(env or {})
    return pexpect.spawn(F, argv, env=e, cwd=d, timeout=20, dimensions=(30, columns))


@pty("R4-10 Tab lists file names escaped, and asks before a long list")
def r4_10(d):
    import pexpect

    data = os.path.join(d, "data")
    os.makedirs(data)
    for name in ["a.csv", "esc\x1b[2J.csv", "bell\x07.csv", "new\nline.csv", "\u202eevil.csv", "osc\x1b]52;c;SGVsbG8=\x07.csv"]:
        open(os.path.join(data, name), "w").close()
    many = os.path.join(d, "many")
    os.makedirs(many)
    for i in range(100_000):
        open(os.path.join(many, "%d.csv" % i), "w").close()
    write(d, "fp.lua", 'local s = form:section("A")\ns:file{ name = "f", title = "F", extensions = { "csv" } }\n')
    p = spawn(d, ["fp.lua", "--line"])
    try:
        p.expect("> ")
        p.send("f data/\t\t")
        p.expect(re.escape("\\u{202E}evil.csv"))
        shown = p.before
        for raw in (b"\x1b[2J", b"\x1b]52", b"\x07", "\u202e".encode(), b"new\nline"):
            check(raw not in shown, "%r reached the terminal: %r" % (raw, shown[-400:]))
        start = time.monotonic()
        p.send("\x15f many/\t")
        p.expect(re.escape("Display all 100000 possibilities? (y or n)"))
        p.send("n")
        p.send("\x15q\r")
        p.expect(["y/N", pexpect.EOF])
        check(b"99999.csv" not in p.before, "listed without asking")
    finally:
        p.close(force=True)


@pty("R4 a refused answer is asked again on an empty line")
def r4_reask(d):
    write(d, "plan.lua", 'local s = form:section("A")\ns:radio{ name = "plan", title = "Plan", options = { "Free", "Basic", "Pro" } }\ns:text{ name = "t", title = "T" }\n')
    for args in (["plan.lua", "--accessible"], ["plan.lua", "--guided"]):
        p = spawn(d, args)
        try:
            p.expect("Plan: ")
            p.send("7\r")
            p.expect(["Your answer was: 7", "your answer was: 7"])
            p.expect("Plan: ")
            p.send("pr\r")
            p.expect("T: ")
            check(b"7pr" not in p.before, "glued: %r" % p.before)
            p.send("\x1b[A")  # the history has the refused answer
            p.expect("7")
        finally:
            p.close(force=True)


@pty("R4 the line mode: a pasted line, ↑ in a choice editor, a wrapped message")
def r4_line(d):
    write(d, "shop.lua", 'local s = form:section("A")\ns:text{ name = "item", title = "Item", value = "Tea" }\n'
          's:number{ name = "quantity", title = "Quantity", min = 1 }\n'
          's:radio{ name = "plan", title = "Plan", options = { "Free", "Pro" } }\n')
    p = spawn(d, ["shop.lua", "--line"], columns=100)
    try:
        p.expect("> ")
        # a paste of a line with its line break is taken
        p.send("item \x1b[200~Coffee beans\n\x1b[201~\r")
        p.expect("> ")
        check(b"control character" not in p.before, "the paste was refused: %r" % p.before)
        p.send("values\r")
        p.expect("> ")
        check(b'"item":"Coffee beans"' in p.before, "%r" % p.before)
        # ↑ in a choice editor gives an option, not a command typed before
        p.send("plan\r")
        p.expect("Plan: ")
        p.send("\x1b[A\r")
        p.expect("> ")
        p.send("values\r")
        p.expect("> ")
        check(b'"plan":"Free"' in p.before, "%r" % p.before)
        # the question about q is broken between words
        p.send("q\r")
        p.expect("> ")
        said = p.before.decode("utf-8", "replace")
        check("quantity (or 2)" in said.replace("\r\n", " ") and all(len(l) <= 100 for l in said.split("\r\n")), "%r" % said)
    finally:
        p.close(force=True)


@pty("R5 a mistyped secure row's name keeps its value out of the history")
def r5_history(d):
    write(d, "pw.lua", 'local s = form:section("A")\ns:text{ name = "email", title = "Email" }\n'
          's:text{ name = "password", title = "Password", secure = true }\n')
    p = spawn(d, ["pw.lua", "--line"])
    try:
        p.expect("> ")
        for line in ("pasword hunter2XYZ", "Passwort hunter2XYZ", "email a@b.co"):
            p.send(line + "\r")
            p.expect("> ")
        p.send("q\r")
        p.expect(["y/N", "\\$ ", pexpect_eof()])
        p.send("y\r")
        time.sleep(0.5)
    finally:
        p.close(force=True)
    path = os.path.join(d, "home", ".formrun_history")
    kept = open(path, encoding="utf-8", errors="replace").read() if os.path.exists(path) else ""
    check("email a@b.co" in kept and "hunter2XYZ" not in kept, "the history holds %r" % kept)


def pexpect_eof():
    import pexpect

    return pexpect.EOF


# ---- driver --------------------------------------------------------------------


def main():
    checks = CHECKS + pty_checks()
    if only:
        checks = [(n, f) for n, f in checks if any(k in n for k in only)]
    failed = []

    def one(item):
        name, f = item
        d = tempfile.mkdtemp(prefix="formrun-repro-")
        os.makedirs(os.path.join(d, "home"))
        start = time.monotonic()
        try:
            f(d)
            return name, None, time.monotonic() - start
        except Failed as e:
            return name, str(e), time.monotonic() - start
        except Exception as e:
            return name, "%s: %s" % (type(e).__name__, e), time.monotonic() - start
        finally:
            shutil.rmtree(d, ignore_errors=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        for name, err, secs in pool.map(one, checks):
            if err:
                failed.append(name)
                print("FAIL %s (%.1f s): %s" % (name, secs, err[:1500]))
            else:
                print("ok   %s (%.1f s)" % (name, secs))
    print("%d of %d repros hold" % (len(checks) - len(failed), len(checks)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
