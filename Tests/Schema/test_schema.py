#!/usr/bin/env python3
"""JSON Schema forms end to end: the example schemas filled through a pipe
and at a terminal (pexpect), their output validated against the schema by
the jsonschema package (from PyPI, installed here when missing), and
`formrun schema` of every example form checked against the 2020-12
metaschema and round-tripped (the schema's form gives the same schema and
the same rows).

Run: python3 Tests/Schema/test_schema.py [NAME...]  (the binary is
$FORMRUN_BINARY, else .build/debug/formrun). Prints one line per test and last `N passed, N failed`.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback


def need(module, package):
    try:
        __import__(module)
    except ImportError:
        cmd = [sys.executable, "-m", "pip", "install", "-q", package]
        if subprocess.run(cmd).returncode != 0:
            subprocess.run(cmd + ["--break-system-packages"], check=True)


need("jsonschema", "jsonschema")
need("pexpect", "pexpect")
import jsonschema  # noqa: E402
import pexpect  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FORMRUN = os.environ.get("FORMRUN_BINARY") or os.path.join(ROOT, ".build", "debug", "formrun")
DEPLOY = os.path.join(ROOT, "Examples", "deploy.schema.json")
PACKAGE = os.path.join(ROOT, "Examples", "package.schema.json")
ENV = dict(os.environ, NO_COLOR="1", TZ="UTC")


def run(args, stdin=""):
    return subprocess.run([FORMRUN] + args, input=stdin, capture_output=True, text=True, env=ENV, cwd=ROOT,
                          timeout=60)


def valid(document, schema_path):
    """The document checked by python's jsonschema, the validator formrun is not."""
    schema = json.load(open(schema_path))
    jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker()).validate(document)


def filled(args, stdin, schema):
    p = run(args, stdin)
    assert p.returncode == 0, f"exit {p.returncode}: {p.stderr[-800:]}"
    document = json.loads(p.stdout)
    valid(document, schema)
    return document


def test_deploy_piped():
    doc = filled([DEPLOY, "--quiet"], "\n".join([
        "name web", "maxSurge 1", "containers.1.name app", "containers.1.image nginx:1.27",
        "add", "containers.2.name sidecar", "containers.2.image busybox", "containers.2.port 8080",
        "strategy 2", "resources.memoryMiB 128", "default resources.cpu", "default replicas", "public",
        "host web.example.com", "submit"]) + "\n", DEPLOY)
    assert doc["containers"] == [{"name": "app", "image": "nginx:1.27"},
                                 {"name": "sidecar", "image": "busybox", "port": 8080}], doc
    # keys in the schema's order, defaults only where taken
    assert list(doc) == ["name", "replicas", "strategy", "maxSurge", "resources", "containers", "public", "host"], doc
    assert doc["strategy"] == "recreate" and doc["resources"] == {"cpu": "500m", "memoryMiB": 128}, doc
    assert isinstance(doc["replicas"], int) and doc["public"] is True


def test_deploy_refuses_what_the_schema_refuses():
    p = run([DEPLOY, "--quiet"], "name Web\nresources.memoryMiB 100\nreplicas 50\nerrors\n")
    assert p.returncode == 3, p.stderr
    assert "Name must match the pattern ^[a-z][a-z0-9-]*$." in p.stderr, p.stderr
    assert "Memory (MiB) must be a multiple of 64." in p.stderr, p.stderr
    assert "Replicas must be at most 20" in p.stderr, p.stderr


def test_deploy_answers_in_the_schemas_shape():
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"name": "api", "replicas": 3, "strategy": "recreate", "resources": {"cpu": "2"},
                   "containers": [{"name": "a", "image": "x"}, {"name": "b", "image": "y", "port": 1}],
                   "public": False}, f)
    doc = filled([DEPLOY, "--answers", f.name, "--set", "containers.2.port=443", "--submit"], "", DEPLOY)
    assert doc["containers"][1]["port"] == 443 and doc["resources"] == {"cpu": "2"}, doc
    sh = run([DEPLOY, "--answers", f.name, "--submit", "--format", "sh"])
    assert sh.returncode == 0, sh.stderr
    assert "resources_cpu='2'" in sh.stdout and "containers_2_name='b'" in sh.stdout, sh.stdout
    field = run([DEPLOY, "--answers", f.name, "--submit", "--field", "containers.2.image"])
    assert field.returncode == 0 and field.stdout == "y\n", (field.stdout, field.stderr)
    os.unlink(f.name)


def test_package_piped():
    doc = filled([PACKAGE, "--quiet"], "\n".join([
        "name @acme/forms", "version 2.1.0", "keywords.1 cli", "keywords.2 forms", "scripts.test node --test",
        "author.name Ada", "author.email ada@example.com", "author.url https://ada.example", "license 1",
        "type ES", "engines.node >=20", "submit"]) + "\n", PACKAGE)
    assert doc["type"] == "module" and doc["license"] == "MIT" and doc["author"]["name"] == "Ada", doc
    assert "engines" in doc and doc["scripts"] == {"test": "node --test"}, doc
    assert doc["keywords"] == ["cli", "forms"] and "private" not in doc, doc


def test_a_choice_is_set_by_its_value_or_its_label():
    for given in ["module", "ES modules (import)", "2"]:
        p = run([PACKAGE, "--set", "name=x", "--set", f"type={given}", "--set", "version=1.0.0", "--submit"])
        assert p.returncode == 0 and json.loads(p.stdout)["type"] == "module", (given, p.stderr)


def test_unknown_keywords_load_and_check_lists_them():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.schema.json")
        json.dump({"properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}},
                                        "unevaluatedProperties": False, "tsType": "A"}}}, open(path, "w"))
        p = run([path, "--set", "a.b=x", "--submit"])
        assert p.returncode == 0 and json.loads(p.stdout) == {"a": {"b": "x"}}, p.stderr
        p = run(["schema", "--check", path])
        assert p.returncode == 0, p.stderr
        assert "#/properties/a/tsType: keyword 'tsType' is not one formrun uses" in p.stdout, p.stdout


def test_what_formrun_cannot_check_is_named_and_lenient_loads():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.schema.json")
        json.dump({"properties": {"a": {"type": "string", "pattern": "(?<=a+)b"}}}, open(path, "w"))
        p = run([path, "--submit"])
        assert p.returncode == 2, p.stderr
        assert "#/properties/a/pattern: 'pattern' is not a regular expression PCRE2 reads" in p.stderr, p.stderr
        assert "(--lenient loads the schema without it)" in p.stderr
        p = run([path, "--lenient", "--set", "a=x", "--submit"])
        assert p.returncode == 0 and json.loads(p.stdout) == {"a": "x"}, p.stderr
        assert "--lenient: ignored" in p.stderr and "pattern" in p.stderr


def test_a_ref_to_another_file_is_read_from_beside_the_schema_or_the_schema_path():
    with tempfile.TemporaryDirectory() as d:
        os.mkdir(os.path.join(d, "lib"))
        path = os.path.join(d, "s.schema.json")
        json.dump({"properties": {"n": {"$ref": "defs.json#/$defs/n"},
                                  "c": {"$ref": "https://example.com/schemas/colour.json"}}}, open(path, "w"))
        json.dump({"$defs": {"n": {"type": "integer", "maximum": 3}}}, open(os.path.join(d, "defs.json"), "w"))
        json.dump({"$id": "https://example.com/schemas/colour.json", "enum": ["red", "green"]},
                  open(os.path.join(d, "lib", "c.json"), "w"))
        p = run([path, "--set", "n=2", "--set", "c=red", "--submit"])
        assert p.returncode == 2, p.stderr
        assert "https://example.com/schemas/colour.json, which no local file holds" in p.stderr, p.stderr
        assert "--schema-path DIR" in p.stderr
        p = run([path, "--schema-path", os.path.join(d, "lib"), "--set", "n=2", "--set", "c=red", "--submit"])
        assert p.returncode == 0 and json.loads(p.stdout) == {"n": 2, "c": "red"}, p.stderr
        p = run([path, "--schema-path", os.path.join(d, "lib"), "--set", "n=5", "--set", "c=red", "--submit"])
        assert p.returncode in (2, 3) and "must be at most 3" in p.stderr, p.stderr


def test_deploy_at_a_terminal():
    with tempfile.TemporaryDirectory() as home:
        # the line mode at a terminal (the screen mode is the default there)
        env = dict(ENV, HOME=home, TERM="xterm", LANG="C.UTF-8", FORMRUN_MODE="line")
        child = pexpect.spawn(FORMRUN, [DEPLOY], env=env, cwd=ROOT, encoding="utf-8", timeout=10,
                              dimensions=(60, 90))
        child.delaybeforesend = None
        for line in ["name web", "maxSurge 2", "containers.1.name app", "containers.1.image nginx"]:
            child.expect("> ")
            child.send(line + "\r")
        child.expect("> ")
        child.send("strategy\r")  # an editor opens with the labels
        child.expect("Recreate")
        child.expect("Strategy: ")  # the editor is reading (nobody chose: nothing prefilled)
        child.send("2\r")
        child.expect("> ")
        # `s` begins the row Strategy: at a terminal formrun would ask which was meant
        child.send("submit\r")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0, child.before
        out = child.before[child.before.rindex('{"name":"web"'):]
        doc = json.JSONDecoder().raw_decode(out)[0]
        valid(doc, DEPLOY)
        assert doc["strategy"] == "recreate" and doc["maxSurge"] == 2, doc


def test_every_example_exports_a_valid_schema_that_round_trips():
    forms = sorted(glob.glob(os.path.join(ROOT, "Examples", "*.lua"))) + [DEPLOY, PACKAGE]
    meta = jsonschema.Draft202012Validator
    for form in forms:
        p = run(["schema", form])
        assert p.returncode == 0, f"{form}: {p.stderr}"
        schema = json.loads(p.stdout)
        meta.check_schema(schema)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "exported.schema.json")
            json.dump(schema, open(path, "w"))
            again = run(["schema", path])
            assert again.returncode == 0, f"{form}: {again.stderr}"
            assert json.loads(again.stdout) == schema, f"{form}: the round trip changed the schema"
            # the schema's form has the form's named rows (each a property, nested by its path)
            names = run([form, "--quiet"], "help names\n").stderr
            schema_names = run([path, "--quiet"], "help names\n").stderr
            rows = lambda text: sorted(l.split()[1] for l in text.splitlines() if l.strip()[:1].isdigit()
                                       and len(l.split()) > 1 and l.split()[1] != "-")
            assert rows(names) == rows(schema_names), f"{form}:\n{names}\n---\n{schema_names}"


def test_a_schema_keeps_every_supported_keyword_through_the_form():
    for path in [DEPLOY, PACKAGE]:
        p = run(["schema", path])
        exported = json.loads(p.stdout)
        original = json.load(open(path))
        assert exported == original, path



def test_a_draft_keeps_every_element_of_an_array():
    # elements added past the first are made again on resume, in order, with their values
    with tempfile.TemporaryDirectory() as d:
        draft = os.path.join(d, "deploy.draft")
        typed = "name web\nmaxSurge 1\n9\n9\n"
        for i, (n, img) in enumerate([("a", "x"), ("b", "y"), ("c", "z")], 1):
            typed += f"containers.{i}.name {n}\ncontainers.{i}.image {img}\n"
        p = subprocess.run([FORMRUN, DEPLOY, "--draft", draft], input=typed, capture_output=True, text=True,
                           env=ENV, timeout=60)
        assert p.returncode != 0 and os.path.exists(draft), p.stderr
        p = subprocess.run([FORMRUN, DEPLOY, "--draft", draft, "--resume", "--submit"], capture_output=True,
                           text=True, env=ENV, timeout=60)
        assert p.returncode == 0, p.stderr
        doc = json.loads(p.stdout)
        valid(doc, DEPLOY)
        assert [c["name"] for c in doc["containers"]] == ["a", "b", "c"], doc
        assert [c["image"] for c in doc["containers"]] == ["x", "y", "z"], doc

# (schema, document): a valid document given with --answers and submitted
# with no edits comes back as it was given: values, types, array order, key order
ROUND_TRIPS = [
    # draft-04: its id, a boolean exclusiveMinimum; a switch off, a null, an empty list and object
    ({"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.com/d4.json", "type": "object",
      "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": True}, "on": {"type": "boolean"},
                     "note": {"type": ["string", "null"]}, "tags": {"type": "array", "items": {"type": "string"}},
                     "meta": {"type": "object", "properties": {"k": {"type": "string"}}}}},
     {"meta": {}, "tags": [], "note": None, "on": False, "n": 1.5}),
    # draft-06 and 2019-09; editors' annotations and keywords formrun does not know
    ({"$schema": "http://json-schema.org/draft-06/schema#", "type": "object",
      "properties": {"level": {"enum": ["low", "high"], "enumDescriptions": ["quiet", "loud"],
                               "markdownDescription": "How *loud*.\n\nSecond paragraph."},
                     "old": {"type": "string", "deprecated": True, "tsType": "string"}}},
     {"old": "x", "level": "high"}),
    ({"$schema": "https://json-schema.org/draft/2019-09/schema", "type": "object",
      "properties": {"a": {"type": "integer"}}, "unevaluatedProperties": {"type": "string"}},
     {"z": "free", "a": 2}),
    # recursion through $ref; a list of choices in its own order
    ({"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"node": {"type": "object", "properties": {
        "name": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}},
        "next": {"$ref": "#/$defs/node"}}}}, "$ref": "#/$defs/node"},
     {"next": {"next": {"name": "c"}, "name": "b"}, "kids": [{"name": "k"}], "name": "a"}),
    ({"type": "object", "properties": {"pick": {"type": "array", "uniqueItems": True,
                                                "items": {"enum": ["a", "b", "c"]}}}},
     {"pick": ["c", "a"]}),
    # roots that are not objects with properties: an array, a map, a scalar, a oneOf of shapes
    ({"type": "array", "items": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}},
     [{"id": 2}, {"id": 1}]),
    ({"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
     {"b": 2, "x-a": "s", "a": 1}),
    ({"type": "string", "format": "date"}, "2026-11-30"),
    ({"oneOf": [{"type": "object", "properties": {"host": {"type": "string"}}, "required": ["host"],
                 "additionalProperties": False}, {"type": "array", "items": {"type": "string"}}]},
     ["a", "b"]),
    # branches that give one property two shapes
    ({"type": "object", "properties": {"kind": {"enum": ["note", "box"]}}, "required": ["kind"], "allOf": [
        {"if": {"properties": {"kind": {"const": "note"}}},
         "then": {"properties": {"attrs": {"type": "object", "required": ["value"],
                                           "properties": {"value": {"type": "string"}}}}}},
        {"if": {"properties": {"kind": {"const": "box"}}},
         "then": {"properties": {"attrs": {"type": "object", "required": ["label"],
                                           "properties": {"label": {"type": "string"}}}}}}]},
     {"attrs": {"label": "L"}, "kind": "box"}),
    # a nullable date holds null; numbers as written
    ({"type": "object", "properties": {"end": {"type": ["string", "null"], "format": "date-time"},
                                       "ratio": {"type": "number"}, "big": {"type": "integer"}}},
     {"big": 9007199254740993, "ratio": 1.0, "end": None}),
]


def test_the_document_given_is_the_document_out():
    for i, (schema, document) in enumerate(ROUND_TRIPS):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "s.schema.json")
            answers = os.path.join(d, "a.json")
            json.dump(schema, open(path, "w"))
            json.dump(document, open(answers, "w"))
            jsonschema.validators.validator_for(schema)(schema).validate(document)
            p = run([path, "--answers", answers, "--submit"])
            assert p.returncode == 0, (i, p.stderr[-600:])
            assert p.stdout == json.dumps(document, separators=(",", ":"), ensure_ascii=False) + "\n", \
                (i, p.stdout, document)


def test_an_invalid_document_is_refused_naming_its_place():
    schema = {"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "replicas": {"type": "integer", "maximum": 10}}, "required": ["image"]}}, "required": ["spec"]}
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.schema.json")
        json.dump(schema, open(path, "w"))
        for document, code, words in [({"spec": {"replicas": 11, "image": "x"}}, 2, "/spec/replicas must be at most 10"),
                                      ({"spec": {"replicas": 1}}, 3, "needs the property 'image'"),
                                      ({}, 3, "the document needs the property 'spec'"),
                                      ({"spec": {"image": "x", "replicas": 99999999999999999999}}, 2,
                                       "/spec/replicas: the integer 99999999999999999999 is past what formrun keeps")]:
            answers = os.path.join(d, "a.json")
            open(answers, "w").write(json.dumps(document))
            p = run([path, "--answers", answers, "--submit"])
            assert p.returncode == code and words in p.stderr, (document, p.returncode, p.stderr[-500:])


def test_a_default_is_given_only_when_taken():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.schema.json")
        json.dump({"type": "object", "properties": {"size": {"type": "integer", "default": 3},
                                                    "on": {"type": "boolean", "default": False},
                                                    "opt": {"type": "object", "properties": {
                                                        "x": {"type": "string", "default": "d"}}}}}, open(path, "w"))
        assert run([path, "--submit"]).stdout == "{}\n"
        assert json.loads(run([path, "--submit", "--defaults"]).stdout) == {"size": 3, "on": False, "opt": {"x": "d"}}
        p = run([path, "--quiet"], "show 1\ndefault 1\nsubmit\n")
        assert "default: 3" in p.stderr and json.loads(p.stdout) == {"size": 3}, p.stderr


def test_a_german_schema_form_speaks_german():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.schema.json")
        json.dump({"x-formrun": {"locale": "de"}, "type": "object", "required": ["n"],
                   "properties": {"n": {"type": "integer", "multipleOf": 5, "default": 5},
                                  "tags": {"type": "array", "items": {"type": "string"}}}}, open(path, "w"))
        p = run([path], "n 7\nsubmit\n")
        assert "Vorgabe: 5" in p.stderr and "Eintrag hinzufügen" in p.stderr, p.stderr
        assert "Vielfaches von 5" in p.stderr, p.stderr


TSCONFIG = os.environ.get("FORMRUN_SCHEMASTORE")
TSCONFIG_VALUES = {"compilerOptions": {"target": "es2020", "strict": True, "outDir": "dist",
                                       "lib": ["ES2020", "DOM"]}, "include": ["src"]}
TSCONFIG_LINES = ["compilerOptions.target es2020", "compilerOptions.strict on", "compilerOptions.outDir dist",
                  "compilerOptions.lib.1 ES2020", "compilerOptions.lib.2 DOM", "include.1 src"]


def tsconfig_schema():
    """SchemaStore's tsconfig schema: from a checkout named by FORMRUN_SCHEMASTORE, else skipped."""
    if not TSCONFIG:
        return None
    path = os.path.join(TSCONFIG, "src", "schemas", "json", "tsconfig.json")
    return path if os.path.exists(path) else None


def test_tsconfig_filled_from_empty_gives_exactly_its_values():
    path = tsconfig_schema()
    if not path:
        print("      (skipped: FORMRUN_SCHEMASTORE names no SchemaStore checkout)")
        return
    p = run([path, "--quiet", "--schema-path", os.path.dirname(path)], "\n".join(TSCONFIG_LINES + ["submit"]) + "\n")
    assert p.returncode == 0, p.stderr[-1500:]
    assert json.loads(p.stdout) == TSCONFIG_VALUES, p.stdout


def test_tsconfig_filled_from_empty_in_the_screen_mode_gives_exactly_its_values():
    path = tsconfig_schema()
    if not path:
        print("      (skipped: FORMRUN_SCHEMASTORE names no SchemaStore checkout)")
        return
    down, up, enter = "\x1b[B", "\x1b[A", "\r"
    steps = [
        # the root's Add a property: include, a list; its first element
        ["/", "Add a", enter, enter, "include", enter], [down, enter, up, enter, "src", enter],
        # compilerOptions' Add a property (the next section): each row added above it, then set
        [down, down, enter, "target", enter, up, enter, "es2020", enter],
        [down, enter, "strict", enter, up, " "],
        [down, enter, "outDir", enter, up, enter, "dist", enter],
        # lib, a list of choices, opens below it
        [down, enter, "lib", enter, down, enter, up, enter, "ES2020", enter],
        [down, enter, up, enter, "DOM", enter], ["\x13"]]
    with tempfile.TemporaryDirectory() as home:
        out = os.path.join(home, "out.json")
        env = dict(ENV, HOME=home, TERM="xterm", LANG="C.UTF-8")
        env.pop("FORMRUN_MODE", None)
        child = pexpect.spawn("sh", ["-c", f"exec {FORMRUN} {path} --no-draft --schema-path {os.path.dirname(path)} > {out}"],
                              env=env, cwd=ROOT, encoding="utf-8", timeout=20, dimensions=(30, 90))
        child.delaybeforesend = None
        child.expect("compileOnSave")
        for step in steps:
            for key in step:
                child.send(key)
                time.sleep(0.15)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0, child.before[-1500:]
        assert json.load(open(out)) == TSCONFIG_VALUES, open(out).read()


TESTS = {n[5:]: f for n, f in sorted(globals().items()) if n.startswith("test_") and callable(f)}


def main():
    picked = sys.argv[1:] or list(TESTS)
    passed = failed = 0
    for name in picked:
        try:
            TESTS[name]()
            print(f"ok    {name}")
            passed += 1
        except Exception:
            print(f"FAIL  {name}\n{traceback.format_exc()}")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
