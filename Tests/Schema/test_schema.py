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


def test_a_maps_key_added_in_the_screen_mode_has_the_focus_for_its_value():
    with tempfile.TemporaryDirectory() as home:
        path = os.path.join(home, "map.schema.json")
        json.dump({"type": "object", "additionalProperties": {"type": "integer"}}, open(path, "w"))
        sh = Screen([path], home, size=(20, 80))
        sh.wait_for("Add a key")
        sh.press("enter").type("zeta").press("enter")
        assert sh.where()[1] == "zeta", sh.text()
        sh.press("enter").type("5").press("enter")
        sh.press("enter").type("alpha").press("enter").press("enter").type("1").press("enter")
        assert sh.submitted() == '{"zeta":5,"alpha":1}\n'


def test_set_gives_a_maps_key_its_value_as_a_document_would():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.schema.json")
        json.dump({"type": "object", "properties": {"name": {"type": "string"}},
                   "patternProperties": {"^x-": {"type": "string"}, "^n_": {"type": "integer"}},
                   "additionalProperties": False}, open(path, "w"))
        p = run([path, "--set", "x-a=b", "--set", "n_q=3", "--submit"])
        assert p.returncode == 0 and json.loads(p.stdout) == {"x-a": "b", "n_q": 3}, p.stderr
        # a key the schema does not take is refused, as in a document
        p = run([path, "--set", "y=1", "--submit"])
        assert p.returncode == 2 and "--set y" in p.stderr, p.stderr
        open(path, "w").write(json.dumps({"type": "object", "additionalProperties": {"type": "integer"}}))
        p = run([path, "--set", "zeta=5", "--set", "alpha=1", "--submit"])
        assert p.returncode == 0 and json.loads(p.stdout) == {"zeta": 5, "alpha": 1}, p.stderr


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


class Screen:
    """formrun in a pty of `size`, its screen read through pyte, so a test
    moves by what a person sees (the focused row `› ` and the object it is in)."""

    KEYS = {"up": "\x1b[A", "down": "\x1b[B", "home": "\x1b[H", "enter": "\r", "space": " ", "ctrl-s": "\x13"}

    def __init__(self, args, home, size=(30, 100)):
        need("pyte", "pyte")
        import pyte
        env = dict(ENV, HOME=home, TERM="xterm", LANG="C.UTF-8")
        for k in ("FORMRUN_MODE", "ACCESSIBLE", "COLUMNS", "LINES"):
            env.pop(k, None)
        self.out = os.path.join(home, "out.json")
        command = " ".join([FORMRUN] + args + ["--no-draft", ">", self.out])
        self.child = pexpect.spawn("sh", ["-c", "exec " + command], env=env, cwd=ROOT, dimensions=size)
        self.child.delaybeforesend = None
        self.screen = pyte.Screen(size[1], size[0])
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, quiet=0.12, timeout=10.0):
        end, last = time.time() + timeout, time.time()
        while time.time() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.03))
                last = time.time()
            except pexpect.TIMEOUT:
                if time.time() - last >= quiet:
                    return
            except pexpect.EOF:
                return

    def text(self):
        return "\n".join(l.rstrip() for l in self.screen.display).rstrip()

    def wait_for(self, words, timeout=20.0):
        end = time.time() + timeout
        while words not in self.text():
            assert time.time() < end, f"waited for {words!r}:\n{self.text()}"
            self.pump(quiet=0.05, timeout=0.3)

    def press(self, *keys):
        for k in keys:
            self.child.send(self.KEYS.get(k, k))
            self.pump()
        return self

    def type(self, text):
        return self.press(text)

    def where(self):
        """The focused row's line and the object (section) above it; '' when its header scrolled away."""
        lines = [l.rstrip() for l in self.screen.display]
        for i, line in enumerate(lines):
            if line.startswith("› "):
                head = next((lines[j] for j in range(i - 1, -1, -1) if lines[j] and lines[j][0] not in " ›"), "")
                return head.strip(), line[2:].strip()
        return "", ""

    def go(self, row, section=None):
        """From the top, down to the first row beginning with `row` in `section` (by its header)."""
        self.press("home")
        last = None
        for _ in range(400):
            head, line = self.where()
            last = head or last
            if line.startswith(row) and (section is None or last == section):
                return self
            self.press("down")
        raise AssertionError(f"no row {row!r} in {section!r}:\n{self.text()}")

    def back_to(self, row, section=None):
        """Up to the row beginning with `row` (in `section`)."""
        for _ in range(40):
            head, line = self.where()
            if line.startswith(row) and (section is None or head == section):
                return self
            self.press("up")
        raise AssertionError(f"no row {row!r} above:\n{self.text()}")

    def add_property(self, section, name):
        """`Add a property` of the object `section` (None: the root's), its list searched by typing `name`."""
        self.go("Add a property", section).press("enter").type(name)
        assert "filter: " + name in self.text(), self.text()
        return self.press("enter")

    def add_item(self, section, number, text):
        """`Add item` of the list `section`, then the new element (which has the focus) typed (a choice's list searched)."""
        self.go("Add item", section).press("enter")
        assert self.where() == (section, f"item {number}"), self.text()
        return self.press("enter").type(text).press("enter")

    def submitted(self):
        self.press("ctrl-s")
        self.child.expect(pexpect.EOF, timeout=20)
        self.child.close()
        assert self.child.exitstatus == 0, self.text()
        with open(self.out) as f:
            return f.read()


def fill_five_in_the_screen(args, home, first_row, include_waits=True):
    """A tsconfig-like form filled from empty at a terminal: include (a list of
    strings), target (an enum beside a pattern), strict (a switch), outDir (a
    text) and lib (a list of choices), each property found with `Add a property`'s search."""
    sh = Screen(args, home)
    sh.wait_for(first_row)
    if include_waits:  # (a root of few properties shows it at once)
        sh.add_property(None, "include")
        assert sh.where() == ("include", "Add item"), sh.text()  # the list made, at its Add item
    sh.add_item("include", 1, "src")
    # the row a property's choice made has the focus
    sh.add_property("compilerOptions", "target")
    assert sh.where()[1].startswith("target"), sh.text()
    sh.press("enter").type("es2020")
    assert "( ) es2020" in sh.text() or "(•) es2020" in sh.text(), "target is no choice:\n" + sh.text()
    sh.press("enter")
    sh.add_property("compilerOptions", "strict")
    assert sh.where()[1].startswith("strict"), sh.text()
    sh.press("space")
    sh.add_property("compilerOptions", "outDir")
    assert sh.where()[1].startswith("outDir"), sh.text()
    sh.press("enter").type("dist").press("enter")
    sh.add_property("compilerOptions", "lib")
    sh.add_item("lib", 1, "ES2020")
    sh.add_item("lib", 2, "DOM")
    return sh.submitted()


def test_tsconfig_filled_from_empty_in_the_screen_mode_gives_exactly_its_values():
    path = tsconfig_schema()
    if not path:
        print("      (skipped: FORMRUN_SCHEMASTORE names no SchemaStore checkout)")
        return
    with tempfile.TemporaryDirectory() as home:
        out = fill_five_in_the_screen([path, "--schema-path", os.path.dirname(path)], home, "compileOnSave")
        assert out == json.dumps(TSCONFIG_VALUES, separators=(",", ":")) + "\n", out


def big_config(d):
    """A schema written as tsconfig's is (draft-04, `id`, its options in a
    file beside it reached by `$ref`, 40 optional options with
    markdownDescription, an enum beside a pattern, lists of strings and of
    choices), in the folder `d`; the path of the main file."""
    options = {f"option{n:02}": {"type": "boolean", "markdownDescription": f"Option **{n}**."} for n in range(35)}
    options.update({
        "target": {"markdownDescription": "The *language* version.", "anyOf": [
            {"enum": ["es5", "es2015", "es2020", "esnext"]}, {"type": "string", "pattern": "^[Ee][Ss]"}]},
        "strict": {"type": "boolean", "default": True, "deprecated": False},
        "outDir": {"type": "string", "description": "Where files go.\nOne folder."},
        "lib": {"type": "array", "uniqueItems": True, "items": {"anyOf": [
            {"enum": ["ES5", "ES2015", "ES2020", "DOM", "DOM.Iterable", "WebWorker"]},
            {"type": "string", "pattern": "^[A-Za-z]"}]}},
        "paths": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}})
    json.dump({"$schema": "http://json-schema.org/draft-04/schema#", "id": "https://example.com/options.json",
               "definitions": {"compilerOptions": {"type": "object", "properties": options}}},
              open(os.path.join(d, "options.json"), "w"))
    path = os.path.join(d, "bigconfig.json")
    json.dump({"$schema": "http://json-schema.org/draft-04/schema#", "id": "https://example.com/bigconfig.json",
               "title": "A compiler's configuration", "type": "object",
               "properties": {"compileOnSave": {"type": "boolean"},
                              "compilerOptions": {"$ref": "options.json#/definitions/compilerOptions"},
                              "include": {"type": "array", "items": {"type": "string"}},
                              "exclude": {"type": "array", "items": {"type": "string"}},
                              **{f"extra{n:02}": {"type": "string"} for n in range(5)}}},
              open(path, "w"))
    return path


def test_a_big_schema_filled_from_empty_in_the_screen_mode_gives_exactly_its_values():
    with tempfile.TemporaryDirectory() as home:
        out = fill_five_in_the_screen([big_config(home)], home, "compileOnSave", include_waits=False)
        assert out == json.dumps(TSCONFIG_VALUES, separators=(",", ":")) + "\n", out


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
