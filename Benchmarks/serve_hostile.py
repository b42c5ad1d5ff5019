#!/usr/bin/env python3
"""Hostile traffic against formrun serve: malformed requests, huge headers
and bodies, clients that send slowly or not at all, and sessions opened by
the thousand and dropped. Serve must answer each with an error or cut it
off, never crash, keep answering a well-behaved visitor meanwhile, and give
its memory back once the dropped sessions expire.

  python3 Benchmarks/serve_hostile.py [--sessions N] [FORMRUN]

Prints what each attack got and the server's memory (RSS) before, with the
sessions open, and after they expired; exits 1 when serve crashed, stopped
answering, or kept more than 10 MiB above where it started.
"""
import http.client
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
FORM = os.path.join(ROOT, "Benchmarks", "serve.lua")
EXPIRE = 3


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def raw(port, data, read=True, timeout=10):
    """Send bytes, read what comes back until the server closes or `timeout`."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        if data:
            s.sendall(data)
        out = b""
        if read:
            try:
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    out += chunk
                    if len(out) > 1 << 20:
                        break
            except socket.timeout:
                out += b"<timeout>"
        return out
    except (ConnectionResetError, BrokenPipeError) as e:
        return f"<{e.__class__.__name__}>".encode()
    finally:
        s.close()


def status(reply):
    m = re.match(rb"HTTP/1\.[01] (\d{3})", reply)
    return m.group(1).decode() if m else reply[:40].decode("latin-1", "replace") or "<closed>"


def healthy(port):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", "/")
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status == 200 and b"Ten rows" in body


def main():
    args = sys.argv[1:]
    sessions = int(args[args.index("--sessions") + 1]) if "--sessions" in args else 10_000
    rest = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] != "--sessions")]
    binary = rest[0] if rest else os.path.join(ROOT, ".build", "release", "formrun")
    err = tempfile.TemporaryFile()
    proc = subprocess.Popen([binary, "serve", FORM, "--listen", "127.0.0.1:0", "--no-token", "--max-sessions",
                             str(sessions), "--expire", str(EXPIRE)], stderr=err, stdout=subprocess.DEVNULL)
    port = None
    for _ in range(200):
        err.seek(0)
        m = re.search(rb"127\.0\.0\.1:(\d+)/", err.read())
        if m:
            port = int(m.group(1))
            break
        time.sleep(0.05)
    if port is None:
        raise SystemExit("serve did not start")
    time.sleep(0.3)
    ok = True
    # one visitor first: the baseline holds what a first session leaves (libraries, tables made once)
    healthy(port)
    time.sleep(EXPIRE + 6)
    base = rss_kib(proc.pid)

    attacks = [
        ("garbage bytes", b"\x00\xff\x13garbage\r\n\r\n"),
        ("no HTTP version", b"GET /\r\n\r\n"),
        ("a bad method", b"FR\x00B / HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a header line without a colon", b"GET / HTTP/1.1\r\nHost x\r\nnonsense\r\n\r\n"),
        ("headers of 1 MiB", b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (1 << 20) + b"\r\n\r\n"),
        ("a body declared as 10 GB", b"POST /change HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000000\r\n\r\nabc"),
        ("a body of 3 MiB", b"POST /change HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded"
         b"\r\nContent-Length: 3145728\r\n\r\n" + b"a=" + b"b" * (3145728 - 2)),
        ("a chunked body without end", b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffff\r\n"
         + b"x" * 70000),
        ("a negative length", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n"),
        ("a POST without a session", b"POST /change HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nrow=1&r1="),
        ("a path of 64 KiB", b"GET /" + b"a" * 65536 + b" HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("percent-encoding cut short", b"GET /?again=%4 HTTP/1.1\r\nHost: x\r\nCookie: formrun_session_1=%\r\n\r\n"),
    ]
    for name, data in attacks:
        reply = raw(port, data)
        print(f"  {name}: {status(reply)}")
    # clients that send slowly, or nothing: cut off when idle (15 s), none holds the others
    slow = []
    for _ in range(50):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        slow.append(s)
    silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(50)]
    t = time.perf_counter()
    answered = healthy(port)
    print(f"  100 slow and silent clients open: a visitor answered in {1000 * (time.perf_counter() - t):.1f} ms")
    ok &= answered
    time.sleep(17)
    cut = 0
    for s in slow + silent:
        s.settimeout(1)
        try:
            if s.recv(1) == b"":
                cut += 1
        except (socket.timeout, ConnectionResetError):
            cut += isinstance(sys.exc_info()[1], ConnectionResetError)
        s.close()
    print(f"  after 17 s: {cut} of 100 cut off")
    ok &= cut == 100

    # sessions opened and dropped: each GET with no cookie starts one
    t = time.perf_counter()
    done = [0]

    def opener(n):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for _ in range(n):
            c.request("GET", "/")
            r = c.getresponse()
            r.read()
            if r.status == 200:
                done[0] += 1
        c.close()
    threads = [threading.Thread(target=opener, args=(sessions // 8,)) for _ in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    full = rss_kib(proc.pid)
    print(f"  {done[0]} sessions opened in {time.perf_counter() - t:.1f} s and dropped: {full / 1024:.1f} MiB")
    # expired after EXPIRE s; the sweep runs every 5 s
    time.sleep(EXPIRE + 7)
    after = rss_kib(proc.pid)
    alive = proc.poll() is None and healthy(port)
    print(f"  memory: {base / 1024:.1f} MiB before, {full / 1024:.1f} MiB with them, {after / 1024:.1f} MiB"
          f" after they expired; serve {'answers' if alive else 'is GONE'}")
    ok &= alive and after - base <= 10 * 1024
    proc.terminate()
    rc = proc.wait(timeout=30)
    print(f"  SIGTERM: exit {rc}")
    ok &= rc == 0
    print(f"  target: no crash, memory back to its baseline: {'met' if ok else 'NOT MET'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
