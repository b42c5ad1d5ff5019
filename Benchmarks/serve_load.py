#!/usr/bin/env python3
"""The browser's load: N visitors at once, each opening a 10-row form
(Benchmarks/serve.lua), making 10 changes and submitting, over HTTP/1.1
keep-alive connections as a browser's script makes them (POST /change, then a
POST of the page). Prints the time of a change (median, 99th percentile),
the memory of an open session (the server's RSS with every visitor's form
open, less its RSS before, over N) and the errors; checks that every
submission the server called sent is a whole line of the collect file.

With --kill the submissions are spread over 4 seconds and the server is
killed (SIGKILL) when half the visitors' pages said sent: then every line of the collect file must be whole JSON and every
submission whose "sent" page arrived must be among them.

  python3 Benchmarks/serve_load.py [--visitors N] [--think SECONDS] [--kill] [FORMRUN]

Visitors wait a random time between their actions (0 to 2 x --think, 0.5 s
by default: a person types a field in about that), so N visitors make about
N / think requests a second; they open the form over the first second.
"""
import asyncio
import json
import os
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
FORM = os.path.join(ROOT, "Benchmarks", "serve.lua")

# what each visitor types, by row title: ten changes, every row once
CHANGES = [
    ("Name", "Ada Lovelace"), ("Email", "ada@example.org"), ("Age", "36"), ("Newsletter", "on"), ("Plan", "2"),
    ("City", "London"), ("Start", "2026-12-01"), ("Notes", "first line\nsecond line"), ("Tags", "1,3"),
    ("Code", "X%d"),
]


# a row's title: its label's or its group's legend's words
TITLE = re.compile(r'<(?:label for="r\d+"|legend)[^>]*>([^<]*)')


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Conn:
    """One keep-alive HTTP/1.1 connection, as a browser holds one."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.r = self.w = None

    async def request(self, method, path, body=b"", headers=None):
        if self.w is None:
            self.r, self.w = await asyncio.open_connection(self.host, self.port)
        h = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        for k, v in (headers or {}).items():
            h += f"{k}: {v}\r\n"
        if method == "POST":
            h += f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
        self.w.write(h.encode() + b"\r\n" + body)
        await self.w.drain()
        head = await self.r.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        fields = {}
        cookies = []
        for line in lines[1:]:
            if ":" in line:
                k, v = line.split(":", 1)
                fields[k.strip().lower()] = v.strip()
                if k.strip().lower() == "set-cookie":
                    cookies.append(v.strip().split(";")[0])
        n = int(fields.get("content-length", "0"))
        data = await self.r.readexactly(n) if n else b""
        return status, fields, cookies, data

    def close(self):
        if self.w:
            self.w.close()


class Stats:
    def __init__(self):
        self.changes = []
        self.when = []
        self.opens = []
        self.submits = []
        self.errors = []
        self.sent = []
        self.opened = 0


async def visitor(n, host, port, stats, think, all_open, submit_gate, spread):
    c = Conn(host, port)
    try:
        await asyncio.sleep(random.random())
        t = time.perf_counter()
        status, fields, cookies, body = await c.request("GET", "/")
        stats.opens.append(time.perf_counter() - t)
        if status != 200:
            stats.errors.append(f"open: {status} {body[:200]!r}")
            return
        page = body.decode()
        cookie = "; ".join(cookies)
        csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        # row ids by title: a label's `for`, a group's first control
        rows = {}
        for block in page.split('<div id="row-')[1:]:
            rid = block[:block.index('"')]
            title = TITLE.search(block)
            if title:
                rows[title.group(1).strip()] = rid
        stats.opened += 1
        if stats.opened == all_open[1]:
            all_open[0].set()
        fields_now = {}
        for title, value in CHANGES:
            await asyncio.sleep(random.uniform(0, 2 * think))
            rid = rows.get(title)
            if rid is None:
                stats.errors.append(f"no row {title!r}")
                continue
            if "%d" in value:
                value = value % n
            pairs = [("csrf", csrf), ("row", rid)]
            if title == "Newsletter":
                pairs += [(f"r{rid}", "off"), (f"r{rid}", "on")]
            elif title == "Tags":
                pairs += [(f"r{rid}", "")] + [(f"r{rid}", v) for v in value.split(",")]
            else:
                pairs.append((f"r{rid}", value))
            fields_now[rid] = pairs[2:]
            t = time.perf_counter()
            status, _, _, data = await c.request("POST", "/change", urllib.parse.urlencode(pairs).encode(),
                                                 {"Cookie": cookie})
            stats.changes.append(time.perf_counter() - t)
            stats.when.append(t)
            if status != 200 or not data.startswith(b'{"version"'):
                stats.errors.append(f"change {title}: {status} {data[:200]!r}")
        # every visitor's form is open until all have made their changes
        await submit_gate.wait()
        # spread over `spread` seconds (a kill then comes while submissions arrive)
        await asyncio.sleep(random.uniform(0, spread))
        pairs = [("csrf", csrf)] + [p for ps in fields_now.values() for p in ps] + [("do", "submit")]
        t = time.perf_counter()
        status, _, _, data = await c.request("POST", "/", urllib.parse.urlencode(pairs).encode(), {"Cookie": cookie})
        stats.submits.append(time.perf_counter() - t)
        m = re.search(rb"Reference: ([0-9a-f]{32})", data)
        if status != 200 or not m:
            stats.errors.append(f"submit: {status} {data[:300]!r}")
        else:
            stats.sent.append(m.group(1).decode())
    except (ConnectionError, asyncio.IncompleteReadError, OSError) as e:
        stats.errors.append(f"connection: {e!r}")
    finally:
        c.close()


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] if xs else float("nan")


async def run_load(binary, visitors, think, kill):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    folder = tempfile.mkdtemp(prefix="formrun-load-")
    collect = os.path.join(folder, "answers.jsonl")
    err = open(os.path.join(folder, "stderr"), "w+")
    proc = subprocess.Popen([binary, "serve", FORM, "--listen", "127.0.0.1:0", "--no-token", "--collect", collect,
                             "--max-sessions", str(visitors * 2)], stderr=err, stdout=subprocess.DEVNULL,
                            env=dict(os.environ, FORMRUN_STATS="1"))
    url = None
    for _ in range(200):
        err.seek(0)
        m = re.search(r"at (http://\S+)", err.read())
        if m:
            url = urllib.parse.urlparse(m.group(1))
            break
        time.sleep(0.05)
    if url is None:
        proc.kill()
        raise SystemExit("serve did not start")
    await asyncio.sleep(0.3)
    base = rss_kib(proc.pid)
    stats = Stats()
    all_open = (asyncio.Event(), visitors)
    gate = asyncio.Event()
    started = time.perf_counter()
    tasks = [asyncio.create_task(visitor(n, url.hostname, url.port, stats, think, all_open, gate, 4 if kill else 0))
             for n in range(visitors)]

    peak = 0

    async def watch():
        nonlocal peak
        await all_open[0].wait()
        # every form open, every change made: the memory of N open sessions
        while len(stats.changes) + len(stats.errors) < visitors * len(CHANGES):
            await asyncio.sleep(0.05)
        peak = rss_kib(proc.pid)
        gate.set()

    watcher = asyncio.create_task(watch())
    killed_at = None
    if kill:
        async def killer():
            nonlocal killed_at
            while len(stats.sent) < visitors // 2:
                await asyncio.sleep(0.0005)
            proc.send_signal(signal.SIGKILL)
            killed_at = len(stats.sent)
        asyncio.create_task(killer())
    await asyncio.gather(*tasks)
    if not watcher.done():
        watcher.cancel()
    wall = time.perf_counter() - started
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    rc = proc.wait(timeout=60)
    err.seek(0)
    m = re.search(r"formrun stats: serve changes \d+ p50_ms (\S+) p99_ms (\S+)", err.read())
    server = (m.group(1), m.group(2)) if m else None
    with open(collect, "rb") as f:
        raw = f.read()
    lines = raw.split(b"\n")
    whole = raw.endswith(b"\n") or raw == b""
    kept = set()
    bad = 0
    for line in lines:
        if not line:
            continue
        try:
            kept.add(json.loads(line)["id"])
        except (ValueError, KeyError):
            bad += 1
    missing = [i for i in stats.sent if i not in kept]
    return dict(server=server, stats=stats, base=base, peak=peak, wall=wall, rc=rc, bad=bad, whole=whole, missing=missing,
                kept=len(kept), killed_at=killed_at, visitors=visitors)


def report(r, kill):
    s = r["stats"]
    v = r["visitors"]
    if not s.changes:
        print(f"  no change was answered: {len(s.errors)} errors (first: {s.errors[:3]})")
        return False
    if not kill:
        per = (r["peak"] - r["base"]) / v if r["peak"] else float("nan")
        print(f"  {v} visitors at once, {len(s.changes)} changes in {r['wall']:.1f} s:"
              f" a change median {1000 * statistics.median(s.changes):.2f} ms, p99 {1000 * pct(s.changes, 0.99):.2f} ms"
              f"; an open p99 {1000 * pct(s.opens, 0.99):.1f} ms; a submit p99 {1000 * pct(s.submits, 0.99):.1f} ms")
        if r["server"]:
            print(f"  in the server (from the request read to its answer): a change median {r['server'][0]} ms,"
                  f" p99 {r['server'][1]} ms")
        print(f"  memory: {r['base'] / 1024:.1f} MiB before, {r['peak'] / 1024:.1f} MiB with {v} open sessions:"
              f" {per:.0f} KiB a session")
        print(f"  errors: {len(s.errors)}" + (f" (first: {s.errors[0]})" if s.errors else "")
              + f"; {len(s.sent)} sent, {r['kept']} in the collect file, {len(r['missing'])} sent but missing,"
              f" exit {r['rc']}")
        ok = pct(s.changes, 0.99) <= 0.020 and per <= 200 and not s.errors and not r["missing"] and r["bad"] == 0
        print(f"  target: a change p99 <= 20 ms, <= 200 KiB a session, no error: {'met' if ok else 'NOT MET'}")
    else:
        print(f"  kill -9 after {r['killed_at']} of {v} submissions: {len(s.sent)} pages said sent,"
              f" {r['kept']} lines kept, {r['bad']} not whole JSON, last line {'ended' if r['whole'] else 'cut'},"
              f" {len(r['missing'])} sent but missing")
        ok = r["bad"] == 0 and not r["missing"]
        print(f"  target: every line whole, every sent answer kept: {'met' if ok else 'NOT MET'}")
    return ok


def main():
    args = sys.argv[1:]
    visitors = int(args[args.index("--visitors") + 1]) if "--visitors" in args else 1000
    think = float(args[args.index("--think") + 1]) if "--think" in args else 0.5
    kill = "--kill" in args
    rest = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] not in
                                                                      ("--visitors", "--think"))]
    binary = rest[0] if rest else os.path.join(ROOT, ".build", "release", "formrun")
    r = asyncio.run(run_load(binary, visitors, think, kill))
    ok = report(r, kill)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
