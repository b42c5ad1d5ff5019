"""formrun's benchmarks: series of sizes, each figure a median of repeated runs.

Run through Scripts/bench (which builds the release binary first). For every
series it prints the figures, the growth factor per 10x of size (about 10 is
linear, 1 is flat; more than linear is a defect to name) and, where the
pure-Lua reference floor.lua does the same work, its figure from the same run
and the ratio. Times are CPU time (user + system) of the child process, which
other work on the machine disturbs less than wall time; the start-up line
gives wall time too.

  Scripts/bench [--quick] [--only start,rows,sections,options,tests,strings,screen,serve]

--quick: fewer runs and smaller sizes (no million-row screen, 200 visitors
for serve); --only: the series named, comma-separated, in the order above.

FLOOR=path/to/floor.lua names the reference (default: ../shared/bench/floor.lua
from the repository root); without it the floor columns are left out.
"""
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

BIN = ".build/release/formrun"


def default_floor():
    """../shared/bench/floor.lua beside the repository's main checkout (a
    worktree's own parent folder does not hold it)."""
    here = "../shared/bench/floor.lua"
    if os.path.exists(here):
        return here
    try:
        common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"],
                                capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return here
    main = os.path.dirname(common)
    beside = os.path.join(os.path.dirname(main), "shared", "bench", "floor.lua")
    return beside if os.path.exists(beside) else here


FLOOR = os.environ.get("FLOOR") or default_floor()


# GNU time, which reports its child's peak RSS: a process started from this
# one counts this Python's own RSS in its peak (the memory it is forked from
# is its own until it execs), so a small process's peak reads as Python's
GNU_TIME = "/usr/bin/time"


def run(args, stdin=b"", env=None, rss=False):
    """CPU seconds, wall seconds, peak RSS (KiB) and exit code of one run
    (with `rss`, the peak measured through GNU time, which is exact for a
    process smaller than this one)."""
    e = dict(os.environ, **(env or {}))
    with tempfile.TemporaryFile() as f, tempfile.NamedTemporaryFile("r") as peak:
        f.write(stdin)
        f.seek(0)
        measured = rss and os.path.exists(GNU_TIME)
        if measured:
            args = [GNU_TIME, "-f", "%M", "-o", peak.name] + args
        start = time.perf_counter()
        p = subprocess.Popen(args, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=e)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        maxrss = usage.ru_maxrss
        if measured:
            lines = peak.read().split()
            if lines and lines[-1].isdigit():
                maxrss = int(lines[-1])
    return usage.ru_utime + usage.ru_stime, wall, maxrss, os.waitstatus_to_exitcode(status)


class Median:
    def __init__(self, samples):
        self.cpu = statistics.median(s[0] for s in samples)
        self.wall = statistics.median(s[1] for s in samples)
        self.rss = statistics.median(s[2] for s in samples)
        self.codes = sorted({s[3] for s in samples})


def median_of(n, args, **kw):
    return Median([run(args, **kw) for _ in range(n)])


def paired(n, ours, theirs, **kw):
    """Medians of formrun's and floor.lua's runs taken in turn, so that both
    see the same load from whatever else the machine runs."""
    a, b = [], []
    for _ in range(n):
        a.append(run(ours, **kw))
        if theirs:
            b.append(run(theirs, **kw))
    m = Median(a)
    if theirs:
        # the median of each pair's ratio: a burst of load hits both runs of a pair
        m.pair_cpu = statistics.median(x[0] / y[0] for x, y in zip(a, b) if y[0] > 0)
        m.pair_wall = statistics.median(x[1] / y[1] for x, y in zip(a, b) if y[1] > 0)
    return m, (Median(b) if theirs else None)


def growth(sizes, values):
    """Growth per 10x of size between the first and the last point (a log-log slope)."""
    if len(values) < 2 or values[0] <= 0 or values[-1] <= 0:
        return None
    return 10 ** (math.log(values[-1] / values[0]) / math.log(sizes[-1] / sizes[0]))


def fmt_growth(g):
    return "n/a" if g is None else f"{g:.1f}"


def ms(s):
    return f"{s * 1e3:.1f} ms" if s < 1 else f"{s:.2f} s"


def us(s):
    return f"{s * 1e6:.1f} µs"


def have_floor():
    return os.path.exists(FLOOR)


def floor_cmd(form):
    return ["lua5.4", FLOOR, form]


# ---------------------------------------------------------------- series


def start(reps):
    print("\n== start: 10-row form, piped fill (10 answers) and submit")
    answers = "".join(f"f{i} v{i}\n" for i in range(1, 11)) + "submit\n"
    floor = floor_cmd("Benchmarks/ten.lua") if have_floor() else None
    # a start is a few milliseconds: many pairs, so that the median of their ratios holds
    pairs = max(reps, 30)
    ours, base = paired(pairs, [BIN, "Benchmarks/ten.lua"], floor, stdin=answers.encode())
    line = f"  formrun {ms(ours.cpu)} cpu, {ms(ours.wall)} wall, peak RSS {ours.rss / 1024:.1f} MiB"
    if base:
        line += f"   floor.lua {ms(base.cpu)} cpu, {ms(base.wall)} wall   ratio of medians {ours.cpu / base.cpu:.2f}x cpu"
        line += f", {ours.wall / base.wall:.2f}x wall"
    print(line)
    if base:
        print(f"  median of {pairs} paired ratios: {ours.pair_cpu:.2f}x cpu, {ours.pair_wall:.2f}x wall")
        worst = max(ours.pair_cpu, ours.pair_wall)
        print(f"  target: <= 1.3x floor.lua's (median of paired ratios): worst {worst:.2f}x  {verdict(worst <= 1.3)}")
    if ours.codes != [0]:
        print(f"  (formrun exited {ours.codes}: the fill did not submit)")


def heap_bytes(rows):
    """Bytes the process holds after loading (FORMRUN_STATS)."""
    p = subprocess.run([BIN, "Benchmarks/sections.lua"], input=b"q\n", capture_output=True,
                       env=dict(os.environ, ROWS=str(rows), FORMRUN_STATS="1"))
    for line in p.stderr.decode().splitlines():
        if line.startswith("formrun stats:"):
            fields = line.split()
            return int(fields[fields.index("heap_bytes") + 1])
    return None


def verdict(ok):
    return "met" if ok else "MISSED"


def rows_series(reps):
    print("\n== rows: a form of N rows in sections of 50 built from Lua, validated, drawn, submitted")
    if not os.path.exists(GNU_TIME):
        print(f"  (no {GNU_TIME}: a peak below this script's own RSS reads as that, so bytes a row read low)")
    sizes = [1_000, 10_000, 100_000]
    ours, floor = [], []
    small = heap_bytes(10)
    theirs0 = floor_cmd("Benchmarks/sections.lua") if have_floor() else None
    # the empty form: what a row's share of the peak is measured from
    empty, empty_floor = paired(reps, [BIN, "Benchmarks/sections.lua"], theirs0, stdin=b"submit\n",
                                env={"ROWS": "0", "SECTION": "50"}, rss=True)
    for n in sizes:
        env = {"ROWS": str(n), "SECTION": "50"}
        theirs = floor_cmd("Benchmarks/sections.lua") if have_floor() else None
        o, f = paired(reps, [BIN, "Benchmarks/sections.lua"], theirs, stdin=b"submit\n", env=env, rss=True)
        ours.append(o.cpu)
        held = heap_bytes(n)
        per_row = (o.rss - empty.rss) * 1024 / n
        line = f"  {n:>7} rows: formrun {ms(o.cpu)}  peak RSS {o.rss / 1024:.1f} MiB ({per_row:.0f} B/row over an empty form)"
        if held is not None and small is not None:
            line += f"  {(held - small) / n:.0f} bytes/row held after load"
        if f:
            floor.append(f.cpu)
            line += f"   floor.lua {ms(f.cpu)} ({(f.rss - empty_floor.rss) * 1024 / n:.0f} B/row)  ratio {o.cpu / f.cpu:.2f}x"
        print(line)
        if n == sizes[-1]:
            if f:
                ratio = o.pair_cpu
                print(f"  target: 100k rows <= 0.50x floor.lua's time (median of paired ratios): {ratio:.2f}x"
                      f"  {verdict(ratio <= 0.5)}")
            print(f"  target: peak RSS <= 300 B/row over an empty form: {per_row:.0f} B/row  {verdict(per_row <= 300)}")
    print(f"  growth per 10x rows: formrun {fmt_growth(growth(sizes, ours))}"
          + (f", floor.lua {fmt_growth(growth(sizes, floor))}" if floor else ""))


def edit_lines(count, rows):
    """Edits of text rows spread over the form (every third row is a switch)."""
    out = []
    for i in range(count):
        n = (i * 7919) % (rows - 1) + 1
        if n % 3 == 0:
            n += 1
        out.append(f"f{n} edit {i}\n")
    return "".join(out)


def session_cpu(args, stdin, env):
    """CPU seconds between the first screen and the end, as the process itself
    counts them (FORMRUN_STATS / FLOOR_STATS): load and start-up left out."""
    e = dict(os.environ, **env, FORMRUN_STATS="1", FLOOR_STATS="1")
    p = subprocess.run(args, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=e)
    marks = {}
    for line in p.stderr.decode(errors="replace").splitlines():
        f = line.split()
        if line.startswith("formrun stats:") and "cpu_ms" in f:
            marks["end" if "end" in f else "first"] = float(f[f.index("cpu_ms") + 1])
        elif line.startswith("[floor]") and len(f) > 2 and f[1] in ("rendered", "submitted"):
            marks["first" if f[1] == "rendered" else "end"] = float(f[2])
    if "first" not in marks or "end" not in marks:
        raise RuntimeError(f"{' '.join(args)}: no timing marks (exit {p.returncode})")
    return (marks["end"] - marks["first"]) / 1e3


def per_op(reps, args, ops, count, env, end="q\n"):
    """CPU per operation: a session of `count` operations less one without,
    both measured inside the process (medians of `reps`, taken in turn)."""
    none, some = [], []
    for _ in range(reps):
        none.append(session_cpu(args, end.encode(), env))
        some.append(session_cpu(args, (ops + end).encode(), env))
    return (statistics.median(some) - statistics.median(none)) / count


def sections_series(reps, edits):
    print(f"\n== one edit in a 100,000-row form, by section size ({edits} edits a run, less a run without;"
          " CPU time counted by each process from its first screen to its end)")
    rows = 100_000
    sizes = [50, 1_000, 10_000, 100_000]
    ops = edit_lines(edits, rows)
    ours, floor = [], []
    for size in sizes:
        env = {"ROWS": str(rows), "SECTION": str(size)}
        # both end with a submit, which floor.lua marks (its cancel does not)
        o = per_op(reps, [BIN, "Benchmarks/sections.lua"], ops, edits, env, end="submit\n")
        ours.append(o)
        line = f"  sections of {size:>7}: formrun {us(o)}"
        if have_floor():
            f = per_op(reps, floor_cmd("Benchmarks/sections.lua"), ops, edits, env, end="submit\n")
            floor.append(f)
            line += f"   floor.lua {us(f)}  ratio {o / f:.2f}x" if f > 0 else f"   floor.lua {us(f)}"
        print(line)
    g = growth(sizes, ours)
    print(f"  growth per 10x section size: formrun {fmt_growth(g)}"
          + (f", floor.lua {fmt_growth(growth(sizes, floor))}" if floor else ""))
    if floor:
        worst = max(o / f for o, f in zip(ours, floor) if f > 0)
        print(f"  target: every edit <= 1x floor.lua's: worst {worst:.2f}x  {verdict(worst <= 1)}")
    # flat: well under the 10 of linear growth
    if g is not None:
        print(f"  target: flat (growth per 10x well under 10, about 1): {g:.1f}  {verdict(g < 2)}")


def options_series(reps):
    print("\n== a radio of N options (formrun only: floor.lua has no option kinds)")
    sizes = [5_000, 10_000, 20_000, 40_000]
    picks, filters, draws = 2_000, 40, 20
    choose = "".join(f"pick {(i * 31) % 5_000 + 1}\npick Option {(i * 17) % 5_000 + 1}\n" for i in range(picks // 2))
    # a text no option equals or starts with, which some contain: the answer lists those
    filt = "".join(f"pick ption {i % 9 + 1}23\n" for i in range(filters))
    draw = "".join("pick\n\n" for _ in range(draws))
    table = {"load": [], "choose": [], "filter": [], "draw": []}
    for n in sizes:
        env = {"OPTIONS": str(n)}
        args = [BIN, "Benchmarks/options.lua"]
        load = median_of(reps, args, stdin=b"q\n", env=env).cpu
        table["load"].append(load)
        table["choose"].append(per_op(reps, args, choose, picks, env))
        table["filter"].append(per_op(reps, args, filt, filters, env))
        table["draw"].append(per_op(reps, args, draw, draws, env))
        print(f"  {n:>6} options: load {ms(load)}   choose {us(table['choose'][-1])}"
              f"   filter {us(table['filter'][-1])}   draw {ms(table['draw'][-1])}")
    print("  growth per 10x options: " + ", ".join(f"{k} {fmt_growth(growth(sizes, v))}" for k, v in table.items()))


def screen_session(rows, keys, cols=100, height=30):
    """formrun's screen mode in a pseudo-terminal on a form of `rows` rows:
    once its first frame is written, `keys` typed one at a time (each after
    the last frame came), then Esc. What FORMRUN_STATS says of the frames
    (bytes of each, median time from a key to its frame written), and the
    wall time from the start to the first frame."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", height, cols, 0, 0))
        # (a million rows load in more than the default 10 s on a busy machine)
        os.environ.update(ROWS=str(rows), SECTION="50", FORMRUN_STATS="1", TERM="xterm", LANG="C.UTF-8",
                          NO_COLOR="1", FORMRUN_MODE="screen", FORMRUN_TIME_BUDGET="300")
        os.execv(BIN, [BIN, "Benchmarks/screen.lua", "--no-draft"])
    out = bytearray()

    def settle(quiet=0.05, limit=10.0):
        end = time.time() + limit
        while time.time() < end:
            r, _, _ = select.select([fd], [], [], quiet)
            if not r:
                return
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            out.extend(data)

    # the first frame: its help line is its last line
    first = None
    limit = time.time() + 120
    while first is None and time.time() < limit:
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            out.extend(os.read(fd, 65536))
            if b"all keys" in out:
                first = time.perf_counter() - started
    settle(quiet=0.3)
    for k in keys:
        os.write(fd, k)
        settle(quiet=0.01)
    # Esc: the final form goes to the scrollback (every row), then the stats: read to the end
    os.write(fd, b"\x1b")
    tail = bytearray()
    while True:
        r, _, _ = select.select([fd], [], [], 60)
        try:
            data = os.read(fd, 1 << 20) if r else b""
        except OSError:
            data = b""
        if not data:
            break
        tail.extend(data)
        del tail[:-4096]
    os.waitpid(pid, 0)
    for line in (out + tail).decode(errors="replace").splitlines():
        if "formrun stats: screen" in line:
            f = line[line.index("formrun stats: screen"):].split()
            bytes_ = [int(b) for b in f[f.index("bytes") + 1].split(",") if b]
            return bytes_, float(f[f.index("us_median") + 1]), first
    raise RuntimeError("no screen stats")


def screen_in_process(rows, keys, work="keys"):
    """The screen mode without a terminal (`formrun test` on
    Benchmarks/screen_spec.lua): the first screen's CPU seconds and a key's
    (with its frame), or, for `work` typing, the seconds to type `keys`
    characters into one editor."""
    env = dict(os.environ, ROWS=str(rows), KEYS=str(keys), WORK=work, FORMRUN_TIME_BUDGET="300")
    p = subprocess.run([BIN, "test", "Benchmarks/screen_spec.lua"], env=env, capture_output=True, text=True)
    for line in (p.stdout + p.stderr).splitlines():
        if line.startswith("bench screen"):
            f = line.split()
            return {f[i]: float(f[i + 1]) for i in range(2, len(f) - 1, 2)}
    raise RuntimeError("no screen figures from formrun test:\n" + p.stdout + p.stderr)


def screen_series(reps, quick=False):
    print("\n== the screen mode (a pty of 100x30; the frame writer rewrites changed lines only)")
    down = b"\x1b[B"
    moves = []
    for _ in range(reps):
        bytes_, _, _ = screen_session(50, [down] * 10)
        moves.append(statistics.median(bytes_[:10]))
    move = statistics.median(moves)
    print(f"  one focus move in a 50-row form at 100 columns: {move:.0f} bytes written"
          f" (target: at most 80)  {verdict(move <= 80)}")
    sizes = [1_000, 10_000, 100_000] + ([] if quick else [1_000_000])
    inproc, pty_us, firsts, inproc_first = [], [], [], []
    for n in sizes:
        runs = reps if n < 1_000_000 else max(1, reps // 2)
        # 1,000 keys a run: 200 (some 9 ms of CPU) left the ratio to the scheduler on a busy machine
        figures = [screen_in_process(n, 1_000) for _ in range(runs)]
        inproc.append(statistics.median(f["key_s"] for f in figures))
        inproc_first.append(statistics.median(f["first_s"] for f in figures))
        sessions = [screen_session(n, [down] * 200) for _ in range(runs)]
        pty_us.append(statistics.median(s[1] for s in sessions))
        firsts.append(statistics.median(s[2] for s in sessions if s[2] is not None))
        print(f"  {n:>9,} rows: key -> frame in-process {inproc[-1] * 1e3:.3f} ms, through a pty"
              f" {pty_us[-1] / 1000:.3f} ms;  first screen in-process {ms(inproc_first[-1])} cpu,"
              f" through a pty {ms(firsts[-1])} wall")
    i1, i100 = sizes.index(1_000), sizes.index(100_000)
    ratio_in = inproc[i100] / inproc[i1]
    ratio_pty = pty_us[i100] / pty_us[i1]
    print(f"  key -> frame, 100,000 rows over 1,000 rows: in-process {ratio_in:.2f}, through a pty {ratio_pty:.2f}"
          f" (target: at most 1.5)  {verdict(ratio_in <= 1.5 and ratio_pty <= 1.5)}")
    worst = max(inproc[i100] * 1e3, pty_us[i100] / 1000)
    print(f"  key -> frame at 100,000 rows: worst {worst:.3f} ms (target: at most 1 ms)  {verdict(worst <= 1)}")
    print(f"  growth per 10x rows: in-process {fmt_growth(growth(sizes, inproc))},"
          f" through a pty {fmt_growth(growth(sizes, pty_us))}")
    typed = {n: statistics.median(screen_in_process(1_000, n, "typing")["typing_s"] for _ in range(reps))
             for n in (2_000, 8_000)}
    print(f"  typing into one editor: 2,000 characters {ms(typed[2_000])}, 8,000 {ms(typed[8_000])}"
          f" ({typed[8_000] / typed[2_000]:.1f}x for 4x the characters; linear is 4)")


def busted():
    """busted under Lua 5.4 (plain `busted` runs on Lua 5.2 here), or None."""
    path = subprocess.run(["sh", "-c", "command -v busted"], capture_output=True, text=True).stdout.strip()
    return ["lua5.4", path] if path else None


def tests_series(reps):
    print("\n== formrun test: N generated form tests (open, send, submit each)"
          " beside N empty tests under lua5.4 busted (target: 1,000 within 1.25x)")
    sizes = [100, 1_000, 10_000]
    times = []
    target = None
    reference = busted()
    with tempfile.TemporaryDirectory() as d:
        for n in sizes:
            gen = subprocess.run(["lua5.4", "Benchmarks/tests_gen.lua", str(n)], capture_output=True, check=True)
            path = os.path.join(d, f"many{n}_test.lua")
            with open(path, "wb") as f:
                f.write(gen.stdout)
            empty = os.path.join(d, f"empty{n}_spec.lua")
            with open(empty, "w") as f:
                f.write('describe("many", function()\n')
                f.writelines(f'  it("test {i}", function() end)\n' for i in range(1, n + 1))
                f.write("end)\n")
            runs = reps if n < 10_000 else max(1, reps // 2)
            m, b = paired(runs, [BIN, "test", path], reference + [empty] if reference else None)
            times.append(m.cpu)
            note = "" if m.codes == [0] else f"  (exit {m.codes}: not every test passed)"
            line = f"  {n:>6} tests: {ms(m.cpu)}{note}"
            if b:
                line += f"   busted, empty tests: {ms(b.cpu)}   ratio {m.cpu / b.cpu:.2f}x"
            print(line)
            if b and n == 1_000:
                target = m.pair_cpu
    if target is not None:
        print(f"  target: 1,000 tests <= 1.25x busted's 1,000 empty tests (median of paired ratios): {target:.2f}x"
              f"  {verdict(target <= 1.25)}")
    print(f"  growth per 10x tests: {fmt_growth(growth(sizes, times))}")


def strings_series(reps):
    print("\n== string functions: a dkjson round trip of 5,000 records, and 200 finds near the end"
          " of a 1 MB string (target: within 1.5x of Lua's, in a form and in a spec)")
    reference = busted()
    spec = "Benchmarks/strings_spec.lua"
    for work in ["json", "find"]:
        env = {"WORK": work}
        lua, form = paired(reps, ["lua5.4", "Benchmarks/strings.lua"], [BIN, "Benchmarks/strings.lua", "--submit"],
                           env=env)
        ours, theirs = paired(reps, [BIN, "test", spec], reference + [spec] if reference else None, env=env)
        line = f"  {work:>5}: lua5.4 {ms(lua.cpu)}   in a form {ms(form.cpu)} ({form.cpu / lua.cpu:.2f}x)"
        worst = form.cpu / lua.cpu
        if theirs:
            line += (f"   as a spec: formrun test {ms(ours.cpu)}, lua5.4 busted {ms(theirs.cpu)}"
                     f" ({ours.cpu / theirs.cpu:.2f}x)")
            worst = max(worst, ours.cpu / theirs.cpu)
        else:
            line += f"   as a spec: formrun test {ms(ours.cpu)} (no busted for the reference)"
        codes = form.codes + ours.codes
        if codes != [0, 0]:
            line += f"  (exits {form.codes} {ours.codes})"
        print(line)
        print(f"  target: {work} within 1.5x: worst {worst:.2f}x  {verdict(worst <= 1.5)}")


def serve_series(quick):
    """formrun serve under load (Benchmarks/serve_load.py): visitors at once,
    each opening the 10-row form, making 10 changes and submitting; then a
    kill -9 while submissions arrive; then hostile traffic
    (Benchmarks/serve_hostile.py). Each prints its own figures and verdict."""
    visitors = "200" if quick else "1000"
    print(f"\n== formrun serve: {visitors} visitors at once, each opening a 10-row form, making 10 changes and"
          " submitting (Benchmarks/serve_load.py; wall time as a client sees it)")
    sys.stdout.flush()
    subprocess.run([sys.executable, "Benchmarks/serve_load.py", "--visitors", visitors, BIN])
    print("\n== formrun serve: kill -9 while submissions arrive (--collect FILE.jsonl)")
    sys.stdout.flush()
    subprocess.run([sys.executable, "Benchmarks/serve_load.py", "--visitors", visitors, "--kill", BIN])
    print("\n== formrun serve: hostile traffic (Benchmarks/serve_hostile.py)")
    sys.stdout.flush()
    subprocess.run([sys.executable, "Benchmarks/serve_hostile.py", "--sessions", "2000" if quick else "10000", BIN])


def main():
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__.strip())
        return
    quick = "--quick" in sys.argv
    only = None
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    reps = 3 if quick else 5
    print(f"formrun benchmarks: medians of {reps} runs (start: {reps * 8}), CPU time of the process")
    if not have_floor():
        print(f"(no {FLOOR}: set FLOOR=path/to/floor.lua for the reference figures)")
    nproc = os.cpu_count() or 1
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {nproc} cores at the start" + ("  (other work shared the cores)" if load > nproc * 0.5 else ""))
    series = [
        ("start", lambda: start(reps * 8)),
        ("rows", lambda: rows_series(reps)),
        ("sections", lambda: sections_series(reps, 5_000 if quick else 20_000)),
        ("options", lambda: options_series(reps)),
        ("tests", lambda: tests_series(reps)),
        ("screen", lambda: screen_series(reps, quick)),
        ("strings", lambda: strings_series(reps)),
        ("serve", lambda: serve_series(quick)),
    ]
    for name, fn in series:
        if only is None or name in only:
            fn()
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
