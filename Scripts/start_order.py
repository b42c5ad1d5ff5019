"""Scripts/start-order's work: profile a start of BINARY and write ORDER.

  python3 Scripts/start_order.py BINARY ORDER

The binary is copied without its debug information (valgrind cannot read
the toolchain's), then run on a piped fill of Benchmarks/ten.lua twice:
under callgrind, whose output names every function of the binary that ran,
and under lackey, whose trace of memory accesses gives the .bss symbols
touched. ORDER gets the functions, then those symbols, one name a line.
"""
import bisect
import os
import re
import subprocess
import sys
import tempfile

ANSWERS = "".join(f"f{i} v{i}\n" for i in range(1, 11)) + "submit\n"
FORM = "Benchmarks/ten.lua"


def run(tool, binary, out, extra):
    with tempfile.TemporaryFile() as stdin:
        stdin.write(ANSWERS.encode())
        stdin.seek(0)
        subprocess.run(["valgrind", f"--tool={tool}", *extra, binary, FORM], stdin=stdin,
                       stdout=subprocess.DEVNULL, stderr=open(out, "w"), check=True)


def functions(binary, profile):
    """The binary's functions that ran, in the order callgrind names them.
    Names are written once with their number ("fn=(12) name"), then by it."""
    objects, names, order, seen, current = {}, {}, [], set(), None
    pattern = re.compile(r"^(ob|cob|fn|cfn)=\((\d+)\)(?: (.*))?$")
    for line in open(profile, errors="replace"):
        m = pattern.match(line.rstrip("\n"))
        if not m:
            continue
        kind, number, name = m.groups()
        if kind in ("ob", "cob"):
            if name:
                objects[number] = name
            if kind == "ob":
                current = objects.get(number)
        else:
            if name:
                names[number] = name
            f = names.get(number)
            # "name'2" is callgrind's name of a recursive call's second level
            f = re.sub(r"'\d+$", "", f) if f else f
            if kind == "fn" and current == binary and f and not f.startswith("0x") and f not in seen:
                seen.add(f)
                order.append(f)
    return order


def section(binary, name):
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        fields = line.replace("[ ", "[").split()
        if len(fields) > 5 and fields[1] == name:
            return int(fields[3], 16), int(fields[5], 16)
    raise SystemExit(f"start-order: {binary} has no {name}")


def bss_symbols(binary, trace):
    """The .bss symbols the traced run read or wrote, in the order first touched.
    valgrind loads the binary at some base: the first instruction it runs
    there is the entry point's."""
    entry = int(re.search(r"Entry point address:\s+0x([0-9a-f]+)",
                          subprocess.run(["readelf", "-h", binary], capture_output=True, text=True,
                                         check=True).stdout).group(1), 16)
    start, size = section(binary, ".bss")
    symbols = []
    for line in subprocess.run(["nm", "-S", "-n", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "bB":
            symbols.append((int(f[0], 16), int(f[1], 16), f[3]))
    symbols.sort()
    starts = [s[0] for s in symbols]
    base, order, seen = None, [], set()
    for line in open(trace, errors="replace"):
        if base is None:
            if line.startswith("I "):
                a = int(line.split()[1].split(",")[0], 16)
                if a - entry >= 0 and (a - entry) % 4096 == 0 and a < 0x4000000:
                    base = a - entry
            continue
        if not line.startswith(" "):
            continue
        a = int(line.split()[1].split(",")[0], 16) - base
        if not start <= a < start + size:
            continue
        i = bisect.bisect_right(starts, a) - 1
        if i >= 0 and a < symbols[i][0] + max(symbols[i][1], 1) and symbols[i][2] not in seen:
            seen.add(symbols[i][2])
            order.append(symbols[i][2])
    if base is None:
        raise SystemExit("start-order: the trace never ran the binary's entry point")
    return order


def shared_names(binary):
    """Names the binary defines more than once (local copies in several
    objects). Ordering one orders every copy, and a copy in a static
    library's one-section object (libswift_StringProcessing's .text is
    400 KB) would carry that whole section in among a start's functions."""
    out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    seen, twice = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3:
            (twice if f[2] in seen else seen).add(f[2])
    return twice


def main():
    binary, order_file = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        bare = os.path.join(tmp, "formrun")
        subprocess.run(["strip", "-g", "-o", bare, binary], check=True)
        profile = os.path.join(tmp, "callgrind.out")
        run("callgrind", bare, os.path.join(tmp, "callgrind.log"),
            ["--demangle=no", f"--callgrind-out-file={profile}"])
        trace = os.path.join(tmp, "lackey.log")
        run("lackey", bare, trace, ["--trace-mem=yes"])
        shared = shared_names(bare)
        names = [n for n in functions(bare, profile) + bss_symbols(bare, trace) if n not in shared]
    with open(order_file, "w") as f:
        f.write("\n".join(names) + "\n")
    print(f"start-order: {len(names)} names in {order_file}", file=sys.stderr)


if __name__ == "__main__":
    main()
