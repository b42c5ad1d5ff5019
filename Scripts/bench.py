"""formrun's benchmarks: each figure is a median of repeated runs in one go.

Run through Scripts/bench (which builds the release binary first).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BIN = ".build/release/formrun"


def run(args, stdin=b"", env=None):
    """Wall time (s) and peak RSS (KiB) of one run."""
    e = dict(os.environ, **(env or {}))
    start = time.perf_counter()
    p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, env=e)
    p.stdin.write(stdin)
    p.stdin.close()
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, usage.ru_maxrss, p.returncode


def heap_stats(rows):
    """Bytes the process holds after loading a form of `rows` rows (FORMRUN_STATS)."""
    p = subprocess.run([BIN, "Benchmarks/big.lua"], input=b"q\n", capture_output=True,
                       env=dict(os.environ, ROWS=str(rows), FORMRUN_STATS="1"))
    line = [l for l in p.stderr.decode().splitlines() if l.startswith("formrun stats:")][0]
    fields = line.split()
    return int(fields[fields.index("heap_bytes") + 1])


def median_of(n, args, **kw):
    times, rss = [], []
    for _ in range(n):
        t, m, _ = run(args, **kw)
        times.append(t)
        rss.append(m)
    return statistics.median(times), statistics.median(rss)


def main():
    quick = "--quick" in sys.argv
    if "--tests" in sys.argv:
        bench_tests(5)
        return
    reps = 5 if quick else 21
    print(f"formrun benchmarks ({reps} runs each unless said; medians)")

    sets = sum((["--set", f"f{i}=v{i}"] for i in range(1, 11)), [])
    base, _ = median_of(reps, ["lua5.4", "Benchmarks/ten_pure.lua"])
    ours, rss10 = median_of(reps, [BIN, "Benchmarks/ten.lua", *sets, "--submit"])
    print(f"start, 10 rows, submit:  lua5.4 {base*1000:.2f} ms   formrun {ours*1000:.2f} ms"
          f"   ratio {ours/base:.2f}x   (peak RSS {rss10/1024:.1f} MiB)")

    r = 3 if quick else 5
    small = heap_stats(10)
    for rows in (10_000, 100_000):
        t, rss = median_of(r, [BIN, "Benchmarks/big.lua"], stdin=b"q\n", env={"ROWS": str(rows)})
        per_row = (heap_stats(rows) - small) / rows
        print(f"{rows:>7} rows built from Lua, validated, rendered once: {t*1000:.0f} ms"
              f"   peak RSS {rss/1024:.1f} MiB   {per_row:.0f} bytes/row held after load ({r} runs)")

    edits = 2000
    def target(i):
        n = (i * 7919) % 99_000 + 1
        return n + 1 if n % 3 == 0 else n  # a text row (every third row is a switch)
    lines = "".join(f"f{target(i)} edit {i}\n" for i in range(edits))
    t_edit, _ = median_of(r, [BIN, "Benchmarks/big.lua"], stdin=(lines + "q\n").encode(),
                          env={"ROWS": "100000"})
    t_none, _ = median_of(r, [BIN, "Benchmarks/big.lua"], stdin=b"q\n", env={"ROWS": "100000"})
    print(f"one edit in the 100,000-row form (validated, answered): "
          f"{(t_edit - t_none) / edits * 1e6:.1f} µs  ({edits} edits per run, {r} runs)")

    bench_tests(r)


def bench_tests(r):
    """1,000 form tests through busted, beside busted alone on 1,000 trivial tests."""
    with tempfile.TemporaryDirectory() as d:
        gen = subprocess.run(["lua5.4", "Benchmarks/tests_gen.lua", "1000"], capture_output=True, check=True)
        path = os.path.join(d, "many_spec.lua")
        with open(path, "wb") as f:
            f.write(gen.stdout)
        trivial = os.path.join(d, "trivial_spec.lua")
        with open(trivial, "w") as f:
            f.write('describe("many", function()\n')
            f.writelines(f'  it("test {i}", function() assert.equals(1, 1) end)\n' for i in range(1000))
            f.write("end)\n")
        t, _ = median_of(r, [BIN, "test", path])
        alone, _ = median_of(r, ["lua5.4", shutil.which("busted") or "busted", trivial])
        print(f"1000 headless form tests (formrun test: open, 5 sends, submit): {t*1000:.0f} ms;"
              f" busted alone on 1000 trivial tests: {alone*1000:.0f} ms ({r} runs)")

if __name__ == "__main__":
    main()
