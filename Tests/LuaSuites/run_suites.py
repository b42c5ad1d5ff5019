#!/usr/bin/env python3
"""The Lua libraries' own specs run twice, under `formrun test` and under
`lua5.4 $(command -v busted)` (the reference), and compared test by test:
the full name, file:line and outcome of each test (Tests/LuaSuites/record.lua
records them under both). Every test must agree.

    python3 Tests/LuaSuites/run_suites.py SOURCES [--only NAME]... [--keep DIR] [--show]

SOURCES is a folder holding a git repository (bare or checked out) of each
suite, as `owner+name/repo`, `owner+name` or `name` (the repositories are
not part of formrun). Each suite is taken at the tag that matches the
library Debian installs (`git archive`), into a scratch folder, and run from
its root with its own `.busted` file. The formrun binary is $FORMRUN_BINARY,
else .build/debug/formrun. Prints one line per suite (tests, each runner's
successes/failures/errors/pending, how many differ) and the differing tests;
exits 1 when a test differs or a suite could not run.
"""

import collections
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECORD = os.path.join(HERE, "record.lua")


class Suite:
    def __init__(self, name, repo, tag, args=(), lua_path=(), needs=(), env=None):
        self.name, self.repo, self.tag = name, repo, tag
        self.args = list(args)
        # folders of this suite (relative) or of another suite ("suite:folder") put first on LUA_PATH
        self.lua_path = list(lua_path)
        self.needs = list(needs)
        self.env = env or {}


SUITES = [
    Suite("busted", "lunarmodules/busted", "v2.1.1", args=["spec"]),
    Suite("luassert", "lunarmodules/luassert", "v1.9.0"),
    Suite("lua_cliargs", "lunarmodules/lua_cliargs", "v3.0-2"),
    Suite("say", "lunarmodules/say", "v1.4.1"),
    Suite("Penlight", "lunarmodules/Penlight", "1.13.1", args=["spec"]),
    Suite("luasystem", "lunarmodules/luasystem", "v0.2.1"),
    Suite("inspect", "kikito/inspect.lua", "v3.1.1"),
    Suite("argparse", "luarocks/argparse", "0.7.1", lua_path=["src"]),
    Suite("basexx", "aiq/basexx", "v0.3.0"),
    Suite("binaryheap", "Tieske/binaryheap.lua", "version_0v4", lua_path=["src", "luacov:src"], needs=["luacov"]),
    Suite("fifo", "daurnimator/fifo.lua", "0.2"),
    Suite("mediator_lua", "Olivine-Labs/mediator_lua", "v1.1.2-0", lua_path=["src"]),
    Suite("lpeg_patterns", "daurnimator/lpeg_patterns", "v0.4"),
    Suite("Moses", "Yonaba/Moses", "Moses-2.1.0-1", lua_path=["luacov:src"], needs=["luacov"]),
]
HELPERS = {"luacov": ("lunarmodules/luacov", "v0.15.0")}

# busted's command-line specs (spec/cl_spec.lua) run `bin/busted` in a
# subprocess: run by plain `busted` once with bin/busted running
# `lua5.4 busted`, once with it running `formrun test` (given busted's own
# pattern and ROOT when the command line names none, as busted's .busted
# file would); the outer runner is the same, so only the inner differs.
CLI_SHIM = {
    "busted": 'exec lua5.4 "$(command -v busted)" "$@"\n',
    "formrun": r"""pat=0; pos=0; skip=0
for a in "$@"; do
  if [ $skip = 1 ]; then skip=0; continue; fi
  case "$a" in
    -p|--pattern) pat=1; skip=1;;
    -p*|--pattern=*) pat=1;;
    -o|-C|-f|-t|-m|-r|-e|-Xoutput|-Xhelper|--exclude-pattern|--output|--directory|--config-file|--tags|--exclude-tags|--filter|--filter-out|--lpath|--cpath|--run|--loaders|--lang|--helper|--seed|--repeat|--name|--lua) skip=1;;
    -*) ;;
    *) pos=1;;
  esac
done
extra=()
[ $pat = 0 ] && extra+=(--pattern=_spec)
[ $pos = 0 ] && extra+=(spec)
exec "$FORMRUN_BINARY" test "$@" "${extra[@]}"
""",
}


# differences formrun keeps on purpose (Docs/manual.md, Tests): the test's full name
KNOWN = {
    # formrun test --help exits 0, as formrun's other commands' --help do (busted's exits 1)
    "Tests the busted command-line options tests running with --help specified",
}


def run_cli_specs(sources, scratch, formrun):
    """busted's cl_spec.lua under each shim: (records by shim)."""
    out = {}
    for shim, body in CLI_SHIM.items():
        folder = os.path.join(scratch, "busted-cli-" + shim)
        if os.path.isdir(folder):
            shutil.rmtree(folder)
        export(sources, "lunarmodules/busted", "v2.1.1", folder)
        path = os.path.join(folder, "bin", "busted")
        with open(path, "w") as f:
            f.write("#!/bin/bash\n" + body)
        os.chmod(path, 0o755)
        record = os.path.join(scratch, f"busted-cli.{shim}.tsv")
        env = dict(os.environ, FORMRUN_RECORD_TO=record, FORMRUN_BINARY=formrun)
        env.pop("CI", None)
        subprocess.run(["busted", "-o", RECORD, "spec/cl_spec.lua"], cwd=folder, env=env, capture_output=True,
                       timeout=1800)
        with open(record, encoding="utf-8", errors="replace") as f:
            out[shim] = [l.rstrip("\n") for l in f if l.strip()]
    return out


def find_repo(sources, repo):
    owner, name = repo.split("/")
    for candidate in [f"{owner}+{name}/repo", f"{owner}+{name}", name, name.replace(".lua", "")]:
        path = os.path.join(sources, candidate)
        if os.path.isdir(path):
            return path
    return None


def export(sources, repo, tag, into):
    """The repository's files at `tag`, in the folder `into`."""
    git = find_repo(sources, repo)
    if git is None:
        raise RuntimeError(f"no repository of {repo} in {sources}")
    os.makedirs(into)
    archive = subprocess.run(["git", "-C", git, "archive", tag], capture_output=True)
    if archive.returncode != 0:
        raise RuntimeError(f"{repo}: git archive {tag}: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)


def run(suite, folder, scratch, runner, formrun):
    record = os.path.join(scratch, f"{suite.name}.{runner}.tsv")
    paths = []
    for p in suite.lua_path:
        base = folder if ":" not in p else os.path.join(scratch, p.split(":")[0])
        sub = p.split(":")[-1]
        paths += [os.path.join(base, sub, "?.lua"), os.path.join(base, sub, "?", "init.lua")]
    env = dict(os.environ, FORMRUN_RECORD_TO=record, LUA_PATH=";".join(paths) + ";;")
    env.update(suite.env)
    env.pop("CI", None)
    if runner == "busted":
        argv = ["lua5.4", shutil.which("busted")]
    else:
        argv = [formrun, "test"]
    argv += ["-o", RECORD] + suite.args
    p = subprocess.run(argv, cwd=folder, env=env, capture_output=True, timeout=1800)
    lines = []
    if os.path.exists(record):
        with open(record, encoding="utf-8", errors="replace") as f:
            lines = [l.rstrip("\n") for l in f if l.strip()]
    return p, lines


def counts(lines):
    c = collections.Counter(l.split("\t")[2] for l in lines if not l.startswith("!"))
    return "%d/%d/%d/%d" % (c["success"], c["failure"], c["error"], c["pending"])


def main():
    args = sys.argv[1:]
    only, keep, show = [], None, False
    while "--only" in args:
        i = args.index("--only")
        only.append(args[i + 1])
        del args[i : i + 2]
    if "--keep" in args:
        i = args.index("--keep")
        keep = args[i + 1]
        del args[i : i + 2]
    if "--show" in args:
        args.remove("--show")
        show = True
    if len(args) != 1:
        print(__doc__)
        return 2
    sources = os.path.abspath(args[0])
    formrun = os.path.abspath(os.environ.get("FORMRUN_BINARY") or os.path.join(ROOT, ".build/debug/formrun"))
    if not shutil.which("busted") or not shutil.which("lua5.4"):
        print("needs lua5.4 and busted (Debian: lua5.4, lua-busted)")
        return 2
    scratch = keep or tempfile.mkdtemp(prefix="formrun-lua-suites-")
    os.makedirs(scratch, exist_ok=True)
    status = 0
    total = differ_total = 0
    try:
        for helper, (repo, tag) in HELPERS.items():
            if not os.path.isdir(os.path.join(scratch, helper)):
                export(sources, repo, tag, os.path.join(scratch, helper))
        print("%-14s %6s  %-15s %-15s %s" % ("suite", "tests", "busted", "formrun test", "differ"))
        for suite in SUITES:
            if only and suite.name not in only:
                continue
            folder = os.path.join(scratch, suite.name)
            try:
                if os.path.isdir(folder):
                    shutil.rmtree(folder)
                export(sources, suite.repo, suite.tag, folder)
            except RuntimeError as e:
                print(f"{suite.name:14} could not be had: {e}")
                status = 1
                continue
            a, reference = run(suite, folder, scratch, "busted", formrun)
            # a fresh copy: a suite may leave files behind (luacov's stats, temporary files)
            shutil.rmtree(folder)
            export(sources, suite.repo, suite.tag, folder)
            b, ours = run(suite, folder, scratch, "formrun", formrun)
            left = collections.Counter(reference)
            right = collections.Counter(ours)
            only_busted = list((left - right).elements())
            only_formrun = list((right - left).elements())
            n = len([l for l in reference if not l.startswith("!")])
            differ = max(len(only_busted), len(only_formrun))
            total += n
            differ_total += differ
            print("%-14s %6d  %-15s %-15s %d" % (suite.name, n, counts(reference), counts(ours), differ))
            if not reference:
                print(f"  busted recorded nothing (exit {a.returncode}): {a.stderr.decode(errors='replace')[-600:]}")
                status = 1
            if differ:
                status = 1
                for l in only_busted:
                    print("  busted only:  " + l)
                for l in only_formrun:
                    print("  formrun only: " + l)
            if show or differ:
                if b.returncode not in (0, 1):
                    print(f"  formrun test exit {b.returncode}: {b.stderr.decode(errors='replace')[-600:]}")
        if not only or "busted-cli" in only:
            records = run_cli_specs(sources, scratch, formrun)
            left, right = collections.Counter(records["busted"]), collections.Counter(records["formrun"])
            n = len([l for l in records["busted"] if not l.startswith("!")])
            differing = list((left - right).elements()) + list((right - left).elements())
            known = {l.split("\t")[0] for l in differing} & KNOWN
            differ = len({l.split("\t")[0] for l in differing} - KNOWN)
            if differ:
                status = 1
            print("%-14s %6d  %-15s %-15s %d  (bin/busted: lua5.4 busted, formrun test; outer: busted)"
                  % ("busted-cli", n, counts(records["busted"]), counts(records["formrun"]), differ))
            for name in sorted(known):
                print("  known, on purpose: " + name)
            for l in (left - right).elements():
                if l.split("\t")[0] not in KNOWN:
                    print("  lua5.4 busted only: " + l)
            for l in (right - left).elements():
                if l.split("\t")[0] not in KNOWN:
                    print("  formrun test only:  " + l)
            total += n
            differ_total += differ
        print("%-14s %6d  %d differ" % ("total", total, differ_total))
    finally:
        if not keep:
            shutil.rmtree(scratch, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
