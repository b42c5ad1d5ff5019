#!/usr/bin/env python3
"""The official JSON-Schema-Test-Suite through formrun, as a person's tool sees it.

Each case's schema is wrapped as a one-property object schema
({"properties": {"v": CASE}, "required": ["v"]}, the case's own $refs moved
under /properties/v), its data given as --answers {"v": DATA} --submit, and
formrun's decision compared with the suite's:

  valid    exit 0 and the same document on stdout (JSON Schema equality)
  invalid  refused: exit 3 (the submit was refused) or 2 (the answers were)
  refused  at load, naming the keyword formrun does not support (exit 2)

A valid case refused, an invalid one accepted, or a document that comes out
changed is a wrong decision. Usage:

  run_suite.py FORMRUN SUITE_TESTS_DIR [--draft 2020-12|7] [--jobs N] [--verbose]

SUITE_TESTS_DIR is the suite's tests/draft2020-12 (or tests/draft7) folder.
The suite is not in the repository: Scripts/jsonschema-suite finds it.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

SCHEMA_KEYS = {"additionalProperties", "propertyNames", "contains", "not", "if", "then", "else",
               "additionalItems", "unevaluatedProperties", "unevaluatedItems", "contentSchema"}
MAP_KEYS = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
LIST_KEYS = {"allOf", "anyOf", "oneOf", "prefixItems"}

# optional files whose keywords formrun supports (format is asserted: formrun
# checks the formats it knows, so the required format.json's "only an
# annotation by default" cases are decided by optional/format instead)
OPTIONAL = ["optional/ecmascript-regex.json", "optional/non-bmp-regex.json", "optional/float-overflow.json"]
OPTIONAL_FORMATS = "optional/format"


def rewrite(schema, base):
    """The case's schema with its local $refs pointing under /properties/v."""
    if isinstance(schema, list):
        return [rewrite(s, base) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {}
    for k, v in schema.items():
        if k == "$ref" and isinstance(v, str):
            if base and v == base:
                v = base + "#"
            for prefix in ["#"] + ([base + "#"] if base else []):
                if v == prefix or v.startswith(prefix + "/"):
                    v = prefix + "/properties/v" + v[len(prefix):]
                    break
            out[k] = v
        elif k in SCHEMA_KEYS:
            out[k] = rewrite(v, base)
        elif k in MAP_KEYS and isinstance(v, dict):
            out[k] = {n: rewrite(s, base) for n, s in v.items()}
        elif k in LIST_KEYS or (k == "items"):
            out[k] = rewrite(v, base)
        elif k == "dependencies" and isinstance(v, dict):
            out[k] = {n: (s if isinstance(s, list) else rewrite(s, base)) for n, s in v.items()}
        else:
            out[k] = v
    return out


def wrap(schema, draft):
    dialect = ("https://json-schema.org/draft/2020-12/schema" if draft == "2020-12"
               else "http://json-schema.org/draft-07/schema#")
    root = {"$schema": dialect}
    case = schema
    if isinstance(schema, dict):
        case = dict(schema)
        own = case.pop("$schema", None)
        if own and own.rstrip("#") not in (dialect.rstrip("#"),):
            root["$schema"] = own  # a metaschema of its own: formrun says whether it reads it
        base = case.pop("$id", None)
        if base:
            root["$id"] = base
            base = base.split("#")[0]
        case = rewrite(case, base)
    root.update({"type": "object", "properties": {"v": case}, "required": ["v"],
                 "additionalProperties": False})
    return root


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


def decide(formrun, folder, index, schema, data):
    schema_path = os.path.join(folder, f"case{index}.schema.json")
    answers_path = os.path.join(folder, f"case{index}.answers.json")
    with open(schema_path, "w") as f:
        json.dump(schema, f)
    with open(answers_path, "w") as f:
        json.dump({"v": data}, f)
    p = subprocess.run([formrun, schema_path, "--answers", answers_path, "--submit", "--quiet"],
                       capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, TZ="UTC", NO_COLOR="1"))
    if p.returncode == 0:
        try:
            out = json.loads(p.stdout)
        except ValueError:
            return "changed", p.stdout.strip()
        return ("valid", "") if same(out, {"v": data}) else ("changed", p.stdout.strip())
    if p.returncode == 2 and "(--lenient loads the schema without it)" in p.stderr:
        return "unsupported", p.stderr.strip().splitlines()[-1]
    if p.returncode in (2, 3):
        return "invalid", p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""
    return "crash", f"exit {p.returncode}: {p.stderr.strip()[-300:]}"


def files(folder, draft):
    names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    out = [os.path.join(folder, n) for n in names]
    for extra in OPTIONAL:
        path = os.path.join(folder, extra)
        if os.path.exists(path):
            out.append(path)
    fmt = os.path.join(folder, OPTIONAL_FORMATS)
    if os.path.isdir(fmt):
        out += [os.path.join(fmt, n) for n in sorted(os.listdir(fmt)) if n.endswith(".json")]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("formrun")
    ap.add_argument("tests")
    ap.add_argument("--draft", default="2020-12", choices=["2020-12", "7"])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    cases = []
    for path in files(a.tests, a.draft):
        rel = os.path.relpath(path, a.tests)
        for group in json.load(open(path)):
            for test in group["tests"]:
                if rel == "format.json" and "only an annotation" in test["description"]:
                    continue  # formrun asserts formats: optional/format decides these
                cases.append((rel, group["description"], test["description"], wrap(group["schema"], a.draft),
                              test["data"], test["valid"]))
    counts = {"right": 0, "unsupported": 0, "wrong": 0}
    wrong = []
    by_file = {}
    with tempfile.TemporaryDirectory() as folder:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            futures = [pool.submit(decide, a.formrun, folder, i, c[3], c[4]) for i, c in enumerate(cases)]
            for c, fut in zip(cases, futures):
                got, why = fut.result()
                stats = by_file.setdefault(c[0], [0, 0, 0])
                if got == "unsupported":
                    counts["unsupported"] += 1
                    stats[1] += 1
                elif (got == "valid" and c[5]) or (got == "invalid" and not c[5]):
                    counts["right"] += 1
                    stats[0] += 1
                else:
                    counts["wrong"] += 1
                    stats[2] += 1
                    wrong.append(f"WRONG {c[0]}: {c[1]} / {c[2]}: expected {'valid' if c[5] else 'invalid'}, "
                                 f"got {got} {why}")
    for w in wrong:
        print(w)
    if a.verbose:
        for name, (r, u, w) in sorted(by_file.items()):
            print(f"  {name:45} {r:4} decided  {u:4} refused at load  {w:3} wrong")
    total = sum(counts.values())
    print(f"draft {a.draft}: {total} cases: {counts['right']} decided as the suite says, "
          f"{counts['unsupported']} refused at load (unsupported keyword), {counts['wrong']} wrong")
    print(f"{counts['right'] + counts['unsupported']} passed, {counts['wrong']} failed")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
