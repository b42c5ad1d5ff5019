#!/usr/bin/env python3
"""The official JSON-Schema-Test-Suite through formrun, every draft.

Each group's schema is written to a file of its own (with the draft's
$schema when it names none) and its tests' data beside it, and

  formrun schema --check SCHEMA.json DATA1.json DATA2.json ...

decides each document (valid, or not valid); the suite's remote documents
(http://localhost:1234/...) are the suite's remotes/ folder, given with
--schema-path, so nothing is fetched. A case is

  right        decided as the suite says
  unsupported  the schema refused at load naming what formrun cannot check
               (a $ref to a document no local file holds: the meta-schemas)
  wrong        decided otherwise, or the schema refused as malformed

With --form each case goes through a form instead (the schema wrapped as the
property v of an object schema, its data given as --answers {"v": DATA}
--submit): the document must come back the same (JSON Schema equality).

  run_suite.py FORMRUN SUITE [--draft D]... [--form] [--jobs N] [--verbose]

SUITE is the suite's root folder (tests/ and remotes/ in it), or a tests
folder of one draft (Debian's /usr/share/json-schema-test-suite/tests/draft7);
D is 4, 6, 7, 2019-09 or 2020-12 (all the folder holds when none is given).
Exit 1 when a decision is wrong.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

DRAFTS = {
    "4": ("draft4", "http://json-schema.org/draft-04/schema#"),
    "6": ("draft6", "http://json-schema.org/draft-06/schema#"),
    "7": ("draft7", "http://json-schema.org/draft-07/schema#"),
    "2019-09": ("draft2019-09", "https://json-schema.org/draft/2019-09/schema"),
    "2020-12": ("draft2020-12", "https://json-schema.org/draft/2020-12/schema"),
}

# the formats formrun asserts (any other is an annotation: its optional/format
# file, which expects it asserted, is not run)
FORMATS = {"email", "hostname", "ipv4", "ipv6", "uuid", "uri", "uri-reference", "json-pointer", "relative-json-pointer",
           "date", "time", "date-time"}

# optional files whose behaviour formrun does not take on, and why
SKIPPED_OPTIONAL = {
    # format-assertion vocabulary turned off by a meta-schema: formrun asserts the formats it knows
    "format-assertion.json",
    # 2019-09/2020-12 dropped `dependencies`; formrun reads it only up to draft-07, as the drafts say
    "dependencies-compatibility.json",
    # contentMediaType/contentEncoding are annotations: formrun does not decode content
    "content.json",
}


def same(a, b):
    """JSON Schema equality: numbers by value, objects unordered."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def with_dialect(schema, dialect):
    if isinstance(schema, dict) and "$schema" not in schema:
        return dict({"$schema": dialect}, **schema)
    return schema


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, TZ="UTC", NO_COLOR="1"))


def check_group(formrun, remotes, folder, index, schema, tests):
    """Each test's decision through `formrun schema --check`: a list of (got, why)."""
    here = os.path.join(folder, f"g{index}")
    os.makedirs(here, exist_ok=True)
    schema_path = os.path.join(here, "schema.json")
    with open(schema_path, "w") as f:
        json.dump(schema, f)
    docs = []
    for i, t in enumerate(tests):
        p = os.path.join(here, f"d{i}.json")
        with open(p, "w") as f:
            json.dump(t["data"], f)
        docs.append(p)
    cmd = [formrun, "schema", "--check", schema_path] + docs
    if remotes:
        cmd[3:3] = ["--schema-path", remotes]
    p = run(cmd)
    if p.returncode == 2:
        why = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
        kind = "unsupported" if "(--lenient loads the schema without it)" in why else "refused"
        return [(kind, why)] * len(tests)
    if p.returncode not in (0, 3):
        return [("crash", f"exit {p.returncode}: {p.stderr.strip()[-300:]}")] * len(tests)
    verdict = {}
    problems = {}
    for line in p.stdout.splitlines():
        for d in docs:
            if line.startswith(d + ": valid"):
                verdict[d] = "valid"
            elif line.startswith(d + ": not valid"):
                verdict[d] = "invalid"
            elif line.startswith("  " + d + ": "):
                problems.setdefault(d, line.strip())
    return [(verdict.get(d, "missing"), problems.get(d, "")) for d in docs]


def wrap(schema):
    """The case as the property v of an object schema: its own file, named by $ref."""
    return {"type": "object", "properties": {"v": {"$ref": "case.json"}}, "required": ["v"],
            "additionalProperties": False}


def form_group(formrun, remotes, folder, index, schema, tests):
    """Each test through a form: --answers {"v": DATA} --submit, the document back the same."""
    here = os.path.join(folder, f"g{index}")
    os.makedirs(here, exist_ok=True)
    with open(os.path.join(here, "case.json"), "w") as f:
        json.dump(schema, f)
    root = wrap(schema)
    # the wrapper in the case's draft (a meta-schema of the case's own is the case's alone)
    if isinstance(schema, dict) and schema.get("$schema") in [d[1] for d in DRAFTS.values()]:
        root = dict({"$schema": schema["$schema"]}, **root)
    schema_path = os.path.join(here, "form.json")
    with open(schema_path, "w") as f:
        json.dump(root, f)
    out = []
    for i, t in enumerate(tests):
        answers = os.path.join(here, f"a{i}.json")
        with open(answers, "w") as f:
            json.dump({"v": t["data"]}, f)
        cmd = [formrun, schema_path, "--answers", answers, "--submit", "--quiet", "--no-draft"]
        if remotes:
            cmd += ["--schema-path", remotes]
        p = run(cmd)
        why = p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
        if p.returncode == 0:
            try:
                doc = json.loads(p.stdout)
            except ValueError:
                out.append(("changed", p.stdout.strip()))
                continue
            out.append(("valid", "") if same(doc, {"v": t["data"]}) else ("changed", p.stdout.strip()[:200]))
        elif p.returncode == 2 and "(--lenient loads the schema without it)" in why:
            out.append(("unsupported", why))
        elif p.returncode in (2, 3):
            out.append(("invalid", why))
        else:
            out.append(("crash", f"exit {p.returncode}: {p.stderr.strip()[-300:]}"))
    return out


def files(folder):
    """The draft's test files: required, then optional ones formrun takes on."""
    out = [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".json")]
    optional = os.path.join(folder, "optional")
    if os.path.isdir(optional):
        out += [os.path.join(optional, n) for n in sorted(os.listdir(optional))
                if n.endswith(".json") and n not in SKIPPED_OPTIONAL]
        fmt = os.path.join(optional, "format")
        if os.path.isdir(fmt):
            out += [os.path.join(fmt, n) for n in sorted(os.listdir(fmt))
                    if n.endswith(".json") and n[:-5] in FORMATS]
    return out


def run_draft(a, tests_dir, remotes, draft):
    dialect = DRAFTS[draft][1]
    groups = []
    for path in files(tests_dir):
        rel = os.path.relpath(path, tests_dir)
        for g in json.load(open(path)):
            tests = g["tests"]
            if rel == "format.json":
                # formrun asserts the formats it knows: optional/format decides these
                tests = [t for t in tests if "only an annotation" not in t["description"]]
            schema = g["schema"]
            if rel.startswith("optional") and isinstance(schema, dict) and schema.get("format", "email") not in FORMATS:
                continue  # an optional test of a format formrun does not assert (older suites: optional/format.json)
            if tests:
                groups.append((rel, g["description"], with_dialect(g["schema"], dialect), tests))
    counts = {"right": 0, "unsupported": 0, "wrong": 0}
    wrong, by_file = [], {}
    decide = form_group if a.form else check_group
    with tempfile.TemporaryDirectory() as folder:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            futures = [pool.submit(decide, a.formrun, remotes, folder, i, g[2], g[3]) for i, g in enumerate(groups)]
            for g, fut in zip(groups, futures):
                for t, (got, why) in zip(g[3], fut.result()):
                    stats = by_file.setdefault(g[0], [0, 0, 0])
                    if got == "unsupported":
                        counts["unsupported"] += 1
                        stats[1] += 1
                    elif (got == "valid" and t["valid"]) or (got == "invalid" and not t["valid"]):
                        counts["right"] += 1
                        stats[0] += 1
                    else:
                        counts["wrong"] += 1
                        stats[2] += 1
                        wrong.append(f"WRONG draft {draft} {g[0]}: {g[1]} / {t['description']}: expected "
                                     f"{'valid' if t['valid'] else 'invalid'}, got {got} {why}")
    for w in wrong:
        print(w)
    if a.verbose:
        for name, (r, u, w) in sorted(by_file.items()):
            print(f"  {name:45} {r:4} right  {u:4} unsupported  {w:3} wrong")
    total = sum(counts.values())
    share = 100.0 * (counts["right"] + counts["wrong"]) / total if total else 0
    print(f"draft {draft}{' (through a form)' if a.form else ''}: {total} cases: {counts['right']} right, "
          f"{counts['unsupported']} unsupported (refused at load), {counts['wrong']} wrong; "
          f"{share:.1f}% supported")
    return counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("formrun")
    ap.add_argument("suite")
    ap.add_argument("--draft", action="append", choices=list(DRAFTS))
    ap.add_argument("--form", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    a.formrun = os.path.abspath(a.formrun)
    suite = os.path.abspath(a.suite)
    if os.path.isdir(os.path.join(suite, "tests")):
        remotes = os.path.join(suite, "remotes")
        wanted = a.draft or [d for d in DRAFTS if os.path.isdir(os.path.join(suite, "tests", DRAFTS[d][0]))]
        folders = [(d, os.path.join(suite, "tests", DRAFTS[d][0])) for d in wanted]
    else:
        # one draft's tests folder: its name says which
        name = os.path.basename(suite.rstrip("/"))
        draft = next((d for d in DRAFTS if DRAFTS[d][0] == name), None)
        if draft is None:
            sys.exit(f"run_suite.py: {suite}: neither a suite (tests/ in it) nor one draft's folder")
        remotes = os.path.join(os.path.dirname(os.path.dirname(suite)), "remotes")
        folders = [(a.draft[0] if a.draft else draft, suite)]
    if not os.path.isdir(remotes):
        remotes = None
    failed = False
    for draft, folder in folders:
        counts = run_draft(a, folder, remotes, draft)
        failed = failed or counts["wrong"] > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
