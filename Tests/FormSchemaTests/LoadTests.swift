import FormCore
import Testing

@testable import FormSchema

/// Files from memory, as a schema's `$ref`s read them.
struct MemoryFiles: SchemaFiles {
  var files: [String: String]
  func read(_ path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }
  func jsonFiles(in folder: String) -> [String] {
    files.keys.filter { $0.hasPrefix(folder) && !$0.dropFirst(folder.count).contains("/") && $0.hasSuffix(".json") }
      .sorted()
  }
  func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : "/cwd/" + path }
}

/// Loading: dialects, annotations, references to other files, malformed schemas.
@Suite struct LoadTests {
  static func load(_ files: [String: String], _ path: String = "/s/main.json", searchPath: [String] = [])
    throws(SchemaError) -> Schema
  {
    try Schema.load(path: path, searchPath: searchPath, files: MemoryFiles(files: files))
  }

  @Test func unknownKeywordsAndFormatsAreAnnotationsListedAsUnused() throws {
    let s = try Schema.load(
      ##"{"properties":{"a/b":{"frobnicate":1,"format":"color","markdownDescription":"*a*"}},"x-tool":{}}"##,
      name: "s.json")
    #expect(
      s.unused.map(\.description) == [
        "s.json: #/properties/a~1b/frobnicate: keyword 'frobnicate' is not one formrun uses (2020-12): kept as an annotation",
        "s.json: #/properties/a~1b/format: format 'color' is not one formrun checks: an annotation, any string passes",
        "s.json: #/x-tool: keyword 'x-tool' is not one formrun uses (2020-12): kept as an annotation",
      ])
    #expect(s.validate(try JSON.decode(##"{"a/b":"not a colour"}"##)).isEmpty)
  }

  @Test func aRefIntoAnUnknownKeywordFindsItsData() throws {
    // Vector's schemas keep $ref targets under `full`
    let s = try Schema.load(
      ##"{"definitions":{"x":{"full":{"type":"integer"}}},"properties":{"a":{"$ref":"#/definitions/x/full"}}}"##,
      name: "s.json")
    #expect(s.validate(try JSON.decode(##"{"a":"x"}"##)).map(\.description) == ["/a must be a whole number."])
  }

  @Test(arguments: [
    ("http://json-schema.org/draft-04/schema#", Draft.draft4), ("http://json-schema.org/draft-06/schema", .draft6),
    ("https://json-schema.org/draft-07/schema#", .draft07),
    ("https://json-schema.org/draft/2019-09/schema", .draft2019),
    ("https://json-schema.org/draft/2020-12/schema", .draft2020), ("http://json-schema.org/schema#", .draft2020),
  ])
  func dialects(_ uri: String, _ draft: Draft) throws {
    #expect(try Schema.load(##"{"$schema":"\##(uri)"}"##, name: "s.json").draft == draft)
  }

  @Test func noSchemaIsTheLatestDraft() throws {
    #expect(try Schema.load(##"{}"##, name: "s.json").draft == .draft2020)
  }

  @Test func draft07HidesARefsSiblingsInItsOwnObjectOnly() throws {
    // the F2 shape: the root's own properties stay beside allOf's $ref
    let s = try Schema.load(
      ##"{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"name":{"type":"string"}},"##
        + ##""required":["name"],"allOf":[{"$ref":"#/definitions/B"}],"##
        + ##""definitions":{"B":{"properties":{"extra":{"type":"boolean"}}}},"##
        + ##""patternProperties":{"^x":{"$ref":"#/definitions/B","title":"X","type":"string"}}}"##,
      name: "s.json")
    let facet = Facet.of(JSONPointer(), in: s)
    #expect(facet.properties.map(\.key) == ["name", "extra"])
    // one property two places give is one row with both places
    let both = try Schema.load(
      ##"{"properties":{"name":{"type":"string"}},"allOf":[{"properties":{"name":{"maxLength":3}}}]}"##, name: "b.json")
    #expect(Facet.of(JSONPointer(), in: both).properties.map(\.places.count) == [2])
    #expect(facet.required == ["name"])
    // a $ref's own siblings: annotations kept, assertions hidden
    let x = try #require(s.value(JSONPointer(["patternProperties", "^x"])))
    #expect(x == (try JSON.decode(##"{"$ref":"#/definitions/B","title":"X"}"##)))
    #expect(
      s.unused.map(\.message) == ["'type' beside '$ref' is ignored in draft-07 (its $ref's siblings do not apply)"])
  }

  @Test func aRefToAFileBesideTheSchema() throws {
    let files = [
      "/s/main.json": ##"{"properties":{"a":{"$ref":"defs.json#/$defs/n"},"b":{"$ref":"sub/more.json"}}}"##,
      "/s/defs.json": ##"{"$defs":{"n":{"type":"integer"}}}"##,
      "/s/sub/more.json": ##"{"$ref":"../defs.json#/$defs/n"}"##,
    ]
    let s = try Self.load(files)
    #expect(s.documents.map(\.name) == ["/s/main.json", "/s/defs.json", "/s/sub/more.json"])
    #expect(
      s.validate(try JSON.decode(##"{"a":"x","b":"y"}"##)).map(\.description) == [
        "/a must be a whole number.", "/b must be a whole number.",
      ])
  }

  @Test func aRefToAURLFindsTheFileByIdOrByPath() throws {
    let files = [
      "/s/main.json":
        ##"{"$id":"https://example.com/schemas/main.json","properties":{"a":{"$ref":"common.json"},"##
        + ##""b":{"$ref":"https://other.test/x/y/z.json"},"c":{"$ref":"https://ids.test/anything"}}}"##,
      // beside the schema: the same host, the same folder
      "/s/common.json": ##"{"type":"integer"}"##,
      // in a --schema-path folder, by the URL's path
      "/lib/y/z.json": ##"{"type":"string"}"##,
      // in a --schema-path folder, by its $id
      "/lib/w.json": ##"{"$id":"https://ids.test/anything","type":"boolean"}"##,
    ]
    let s = try Self.load(files, searchPath: ["/lib"])
    #expect(
      s.validate(try JSON.decode(##"{"a":"1","b":2,"c":3}"##)).map(\.description) == [
        "/a must be a whole number.", "/b must be a string.", "/c must be true or false.",
      ])
  }

  @Test func aURLOnTheHostOfTheSchemasIdIsTheFileAtThatPlaceBesideIt() throws {
    let files = [
      "/s/a/main.json": ##"{"$id":"https://example.com/x/main.json","$ref":"../lib/common.json#/$defs/n"}"##,
      "/s/lib/common.json": ##"{"$defs":{"n":{"type":"integer"}}}"##,
    ]
    let s = try Self.load(files, "/s/a/main.json")
    #expect(s.documents.map(\.path) == ["/s/a/main.json", "/s/lib/common.json"])
    #expect(s.validate(.string("x")).map(\.description) == ["the document must be a whole number."])
  }

  @Test func aDocumentNoFileHoldsIsRefusedNamingTheURLAndTheFlag() {
    do {
      _ = try Self.load(["/s/main.json": ##"{"$ref":"https://example.com/none.json#/a"}"##])
      Issue.record("loaded")
    } catch {
      #expect(
        error.description
          == "/s/main.json: #/$ref: '$ref' https://example.com/none.json#/a names https://example.com/none.json, which no local file holds: formrun never reads schemas from the network; put the file beside the schema or name its folder with --schema-path DIR"
      )
      #expect(error.kind == .unsupported)
    }
  }

  @Test func embeddedResourcesAnchorsAndEscapedPointers() throws {
    let s = try Schema.load(
      ##"{"$id":"http://x.test/root.json","$defs":{"a":{"$id":"inner.json","$defs":{"b":{"$anchor":"here","type":"string"}}},"##
        + ##""p%q":{"type":"integer"},"t~/u":{"type":"boolean"}},"##
        + ##""properties":{"one":{"$ref":"inner.json#here"},"two":{"$ref":"#/$defs/p%25q"},"##
        + ##""three":{"$ref":"#/$defs/t~0~1u"},"four":{"$ref":"http://x.test/inner.json#/$defs/b"}}}"##,
      name: "s.json")
    #expect(
      s.validate(try JSON.decode(##"{"one":1,"two":"x","three":2,"four":3}"##)).map(\.description) == [
        "/one must be a string.", "/two must be a whole number.", "/three must be true or false.",
        "/four must be a string.",
      ])
  }

  @Test(arguments: [
    ##"{"type":"object","properties":{"a":{"$ref":"#"}}}"##,
    ##"{"type":"object","properties":{"x":{"$ref":""}}}"##,
    ##"{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"},"v":{"type":"string"}}}},"$ref":"#/$defs/n"}"##,
    ##"{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"$ref":"#/properties/a"}}}}}"##,
  ])
  func aSchemaThatRefersToItselfLoadsAndChecks(_ text: String) throws {
    let s = try Schema.load(text, name: "r.json")
    #expect(s.accepts(try JSON.decode(##"{}"##)))
  }

  @Test func aFileThatIsNotUTF8IsRefusedNamingTheByte() {
    do {
      _ = try Schema.load(
        path: "/s/u.json", files: BytesFiles(bytes: Array(##"{"title":"a"##.utf8) + [0xFF, 0x22, 0x7D]))
      Issue.record("loaded")
    } catch {
      #expect(
        error.description
          == "/s/u.json: not valid UTF-8 (byte 0xFF at offset 11): a schema is JSON, which is UTF-8")
    }
  }

  @Test(arguments: [
    (##"{"minLength":-1}"##, "s.json: #/minLength: 'minLength' must be a whole number of at least 0"),
    (
      ##"{"pattern":"(a"}"##,
      "s.json: #/pattern: 'pattern' is not a regular expression PCRE2 reads: missing closing parenthesis at offset 2"
    ),
    (##"{"$ref":"#/$defs/none"}"##, "s.json: #/$ref: '$ref' #/$defs/none names no place in this schema"),
    (
      ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}}}"##,
      "s.json: #/$defs/a/$ref: '$ref' #/$defs/b leads back to itself through $ref alone (it would never end)"
    ),
    (
      ##"{"type":"strnig"}"##,
      "s.json: #/type: 'type' must be one of null, boolean, object, array, number, string, integer, or an array of them"
    ),
    (
      ##"{"$defs":{"t":{"items":[{"type":"string"}]}},"$ref":"#/$defs/t/items"}"##,
      "s.json: #/$ref: '$ref' #/$defs/t/items names an array, not a schema"
    ),
    (
      ##"{"$anchor":"1a"}"##,
      "s.json: #/$anchor: '$anchor' must be a name: a letter or '_', then letters, digits, '-', '_' or '.'"
    ),
    (
      ##"{"$schema":"http://json-schema.org/draft-03/schema#"}"##,
      "s.json: #/$schema: 'http://json-schema.org/draft-03/schema#' is draft-03, which formrun does not read (draft-04 and later)"
    ),
  ])
  func malformed(_ text: String, _ message: String) {
    do {
      _ = try Schema.load(text, name: "s.json")
      Issue.record("loaded \(text)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func anItemsArrayIn202012IsReadAsTheTupleItWasWrittenFor() throws {
    // a schema that names no draft, written for draft-07's tuple form
    let s = try Schema.load(##"{"items":[{"type":"string"},{"type":"integer"}]}"##, name: "s.json")
    #expect(s.validate(try JSON.decode(##"["a",1,true]"##)).isEmpty)
    #expect(s.validate(try JSON.decode(##"[1]"##)).map(\.description) == ["/0 must be a string."])
    #expect(s.unused.map(\.at?.fragment) == ["#/items"])
  }

  @Test func lenientLeavesOutWhatItCannotCheckAndSaysSo() throws {
    let s = try Schema.load(
      ##"{"properties":{"a":{"type":"string","pattern":"(?<=a+)b"}}}"##, name: "s.json", lenient: true)
    #expect(s.ignored.map(\.at?.fragment) == ["#/properties/a/pattern"])
    #expect(s.root == (try JSON.decode(##"{"properties":{"a":{"type":"string"}}}"##)))
  }
}

/// One file's bytes, whatever the path.
struct BytesFiles: SchemaFiles {
  var bytes: [UInt8]
  func read(_ path: String) -> [UInt8]? { bytes }
  func jsonFiles(in folder: String) -> [String] { [] }
  func absolute(_ path: String) -> String { path }
}
