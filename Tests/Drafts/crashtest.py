#!/usr/bin/env python3
"""The draft survives kill -9: formrun is killed with SIGKILL at random
moments while this driver types edits through a pipe, COUNT times.

After each kill the draft must be the state before or after the last edit
sent (after it, when formrun already showed that edit: the draft is saved
before the change is shown), never a torn or empty file, and never holding
the secure row's value; resuming a copy of it (`--resume --submit`) must give
exactly its values, and that submit must remove the copy. Each run resumes
the draft the last one left, so resuming is tested as often as killing.

Usage: python3 Tests/Drafts/crashtest.py [COUNT] (default 200)
Prints the figures, then `ok` or the first failure; exit 1 on a failure.
"""
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FORMRUN = os.environ.get("FORMRUN_BINARY") or os.path.join(ROOT, ".build", "debug", "formrun")
ROWS = [f"r{i}" for i in range(1, 9)]

FORM = """
form.title = "Crash"
local s = form:section{ header = "Rows" }
"""
for r in ROWS:
    FORM += f's:text{{ name = "{r}", title = "{r}" }}\n'
FORM += """
s:text{ name = "echo", title = "Echo" }
s:text{ name = "pin", title = "PIN", secure = true }
form:find("r1").on_change = function(item) form:find("echo").value = string.upper(item.value or "") end
"""


class Fail(Exception):
    pass


def model_after(state, edit):
    """The values after one edit (name, value), as the form's handler makes them."""
    name, value = edit
    state = dict(state)
    if name != "pin":
        state[name] = value
        if name == "r1":
            state["echo"] = value.upper()
    return state


def kept(values):
    return {k: values.get(k) for k in ROWS + ["echo"]}


def run(count, seed):
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="formrun-crash-")
    try:
        form = os.path.join(work, "crash.lua")
        with open(form, "w") as f:
            f.write(FORM)
        draft = os.path.join(work, "state", "crash.json")
        state = {k: None for k in ROWS + ["echo"]}
        token = 0
        secrets = []
        latency = 0.005
        figures = {"kills": 0, "before": 0, "after": 0, "after, shown": 0, "edits": 0, "resumes": 0, "mid-write": 0}
        for kill in range(count):
            args = [FORMRUN, form, "--draft", draft, "--width", "100"]
            if os.path.exists(draft):
                args.append("--resume")
            p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            seen = bytearray()
            lock = threading.Lock()

            def reader():
                while True:
                    chunk = p.stderr.read1(65536)
                    if not chunk:
                        return
                    with lock:
                        seen.extend(chunk)

            t = threading.Thread(target=reader)
            t.start()
            edits = rng.randint(1, 5)
            before = state
            last = None
            for j in range(edits):
                token += 1
                if rng.random() < 0.15:
                    edit = ("pin", f"s{token:06d}")
                    secrets.append(edit[1])
                else:
                    edit = (rng.choice(ROWS), f"e{token:06d}")
                line = f"{edit[0]} {edit[1]}\n".encode()
                started = time.monotonic()
                with lock:
                    shown_from = len(seen)
                p.stdin.write(line)
                p.stdin.flush()
                last = edit
                if j < edits - 1:
                    # wait until formrun shows it: then it is on the disk
                    mark = edit[1].encode() if edit[0] != "pin" else b"PIN"
                    deadline = started + 10
                    while True:
                        with lock:
                            if mark in seen[shown_from:]:
                                break
                        if time.monotonic() > deadline:
                            raise Fail(f"kill {kill}: formrun did not show {edit} in 10 s")
                        time.sleep(0.0002)
                    latency = 0.8 * latency + 0.2 * (time.monotonic() - started)
                    before = model_after(before, edit)
                    figures["edits"] += 1
            # the last edit: killed at a random moment while (or after) it is done
            time.sleep(rng.uniform(0, 2 * latency))
            p.send_signal(signal.SIGKILL)
            p.wait()
            t.join()
            figures["kills"] += 1
            folder = os.path.dirname(draft)
            if os.path.isdir(folder) and any(f.endswith(".tmp") for f in os.listdir(folder)):
                figures["mid-write"] += 1  # killed between making the new file and its rename
            after = model_after(before, last)
            shown = last[0] != "pin" and last[1].encode() in seen
            # the draft: before or after the last edit, never torn
            if not os.path.exists(draft):
                if any(v is not None for v in before.values()):
                    raise Fail(f"kill {kill}: no draft, though edits were shown")
                if shown:
                    raise Fail(f"kill {kill}: no draft, though the last edit was shown")
                found = {k: None for k in ROWS + ["echo"]}
            else:
                raw = open(draft, "rb").read()
                if not raw:
                    raise Fail(f"kill {kill}: the draft is empty")
                if any(secret.encode() in raw for secret in secrets):
                    raise Fail(f"kill {kill}: the draft holds the secure value: {raw!r}")
                try:
                    doc = json.loads(raw)
                except ValueError as e:
                    raise Fail(f"kill {kill}: the draft is torn ({e}): {raw!r}")
                if doc.get("formrun_draft", {}).get("form") != os.path.realpath(form):
                    raise Fail(f"kill {kill}: the draft names another form: {doc.get('formrun_draft')}")
                if "pin" in doc["values"]:
                    raise Fail(f"kill {kill}: the draft holds the secure row")
                found = kept(doc["values"])
            if found == after and after != before:
                figures["after"] += 1
                if shown:
                    figures["after, shown"] += 1
            elif found == before:
                if shown:
                    raise Fail(f"kill {kill}: the last edit {last} was shown but the draft is the state before it")
                figures["before"] += 1
            else:
                raise Fail(f"kill {kill}: the draft is neither before nor after {last}:\n"
                           f"  draft  {found}\n  before {before}\n  after  {after}")
            state = found
            # resuming a copy gives exactly those values, and its submit removes it
            if os.path.exists(draft):
                copy = draft + ".copy"
                shutil.copyfile(draft, copy)
                r = subprocess.run([FORMRUN, form, "--draft", copy, "--resume", "--submit"],
                                   stdin=subprocess.DEVNULL, capture_output=True)
                if r.returncode != 0:
                    raise Fail(f"kill {kill}: resuming failed ({r.returncode}): {r.stderr.decode()[-500:]}")
                values = json.loads(r.stdout)
                if kept(values) != found or values.get("pin") is not None:
                    raise Fail(f"kill {kill}: resumed {values}, the draft held {found}")
                if os.path.exists(copy):
                    raise Fail(f"kill {kill}: the submit left the draft {copy}")
                figures["resumes"] += 1
        leftovers = [f for f in os.listdir(os.path.dirname(draft)) if f.endswith(".tmp")]
        return figures, leftovers
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    if not os.access(FORMRUN, os.X_OK):
        print(f"no {FORMRUN}: build first (swift build)")
        return 2
    seed = int(os.environ.get("SEED", time.time_ns() % 1_000_000))
    started = time.monotonic()
    try:
        figures, leftovers = run(count, seed)
    except Fail as e:
        print(f"FAIL (seed {seed}): {e}")
        return 1
    took = time.monotonic() - started
    print(f"{figures['kills']} kills with SIGKILL in {took:.1f} s (seed {seed}): the draft was the state before "
          f"the last edit {figures['before']} times, after it {figures['after']} times "
          f"({figures['after, shown']} of them already shown); {figures['mid-write']} kills landed while the new "
          f"draft was being written (its temporary file was left); {figures['edits']} edits shown before the kills; "
          f"{figures['resumes']} resumes gave exactly the draft's values; "
          f"{len(leftovers)} temporary file(s) of killed runs left beside the draft (each start sweeps them)")
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
