import FormCore
import Testing

@testable import FormSchema

/// Schema → form: which rows, kinds and sections a schema makes, the document
/// the rows give back, documents read in, and rows that follow conditions.
@Suite struct SchemaFormTests {
  static func form(_ text: String) throws -> (Form, SchemaForm) {
    let form = Form()
    let shape = try SchemaForm.build(try Schema.load(text, name: "t.json"), into: form)
    return (form, shape)
  }

  /// Set rows from a document as `--answers` does (each value as typed or as a script's).
  static func answer(_ form: Form, _ json: String) throws {
    let flat = try form.documentShape!.assignments(from: try JSON.decode(json), in: form).get()
    for f in flat {
      let item = try #require(form.find(f.key))
      let parsed = f.value.string.map { item.kind.parse($0, for: item) } ?? item.kind.accept(f.value, for: item)
      guard case .value(let v) = parsed else {
        Issue.record("\(f.key): \(parsed)")
        continue
      }
      form.setValue(item, v, origin: .user)
    }
  }

  @Test(arguments: [
    (##"{"type":"string"}"##, "text"),
    (##"{"type":"string","maxLength":2000}"##, "longtext"),
    (##"{"type":"string","contentMediaType":"text/plain"}"##, "longtext"),
    (##"{"type":"string","format":"date"}"##, "date"),
    (##"{"type":"string","format":"date-time"}"##, "date"),
    (##"{"type":"integer","minimum":1}"##, "number"),
    (##"{"type":["number","null"]}"##, "number"),
    (##"{"type":"boolean"}"##, "bool"),
    (##"{"enum":["a","b"]}"##, "radio"),
    (##"{"oneOf":[{"const":1,"title":"One"},{"const":2,"title":"Two"}]}"##, "radio"),
    (##"{"type":"array","items":{"enum":["x","y"]},"uniqueItems":true}"##, "multiple"),
    (##"{"type":["string","integer"]}"##, "json"),
    (##"{"type":"object","additionalProperties":{"type":"string"}}"##, "json"),
    (##"{"type":"string","x-formrun":{"kind":"masked","mask":"(XXX) XXX-XXXX"}}"##, "masked"),
  ])
  func kindByTypeAndKeywords(_ property: String, _ kind: String) throws {
    let (form, _) = try Self.form(#"{"properties":{"p":"# + property + "}}")
    #expect(form.find("p")?.kind.name == kind)
  }

  @Test func nestedObjectsAreSectionsAndTheDocumentNests() throws {
    let (form, _) = try Self.form(
      ##"{"title":"T","properties":{"a":{"type":"integer"},"spec":{"type":"object","title":"Spec","properties":{"replicas":{"type":"integer","default":2},"image":{"type":"string"}}}}}"##
    )
    #expect(form.title == "T")
    #expect(form.sections.map(\.header) == [nil, "Spec"])
    #expect(form.find("spec.replicas")?.value == .int(2))
    #expect(JSON.encode(.record(form.document)) == #"{"spec":{"replicas":2}}"#)
    try Self.answer(form, #"{"a":1,"spec":{"image":"nginx"}}"#)
    #expect(JSON.encode(.record(form.document)) == #"{"a":1,"spec":{"replicas":2,"image":"nginx"}}"#)
  }

  @Test func labelsShowAndValuesComeOut() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"n":{"oneOf":[{"const":1,"title":"One"},{"const":2,"title":"Two"}]},"e":{"enum":["1",1,null]}}}"##
    )
    let n = try #require(form.find("n"))
    #expect(n.kind.option("options") == .list([.string("One"), .string("Two")]))
    form.setValue(n, .string("Two"), origin: .user)
    try Self.answer(form, #"{"e":1}"#)
    #expect(JSON.encode(.record(form.document)) == #"{"n":2,"e":1}"#)
    #expect(form.find("e")?.value == .string("1"))
    // null is no option: the empty choice is null
    #expect(form.find("e")?.kind.option("options") == .list([.string("\"1\""), .string("1")]))
  }

  @Test func rowsCheckTheirPartOfTheSchemaAtEveryEdit() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"port":{"type":"integer","minimum":1,"maximum":65535,"multipleOf":2}}}"##)
    let port = try #require(form.find("port"))
    form.setValue(port, .int(3), origin: .user)
    #expect(port.errors == ["port must be a multiple of 2."])
    form.setValue(port, .int(70000), origin: .user)
    #expect(port.errors.contains("port must be at most 65535."))
  }

  @Test func aRequiredEmptyRowRefusesUnlessNullIsAllowed() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"a":{"type":"string"},"b":{"type":["string","null"]}},"required":["a","b"]}"##)
    #expect(form.find("a")!.isRequired)
    guard case .invalid(let items) = form.submit() else {
      Issue.record("submitted")
      return
    }
    #expect(items.map(\.name) == ["a"])
    form.setValue(form.find("a")!, .string(""), origin: .user)
    #expect(form.submit() == .accepted([.init("a", .string("")), .init("b", .null)]))
  }

  @Test func anOptionalObjectRequiresNothingUntilItHasAValue() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"author":{"type":"object","properties":{"name":{"type":"string"},"email":{"type":"string"}},"required":["name"]}}}"##
    )
    #expect(form.submit() == .accepted([]))
    form.setValue(form.find("author.email")!, .string("a@b.co"), origin: .user)
    #expect(form.find("author.name")!.isRequired)
    guard case .invalid = form.submit() else {
      Issue.record("an author without a name was accepted")
      return
    }
  }

  @Test func ifThenElseAndDependentRequiredFollowTheValues() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"country":{"enum":["US","CA"]},"state":{"type":"string"},"vat":{"type":"string"},"tax":{"type":"boolean"}},"if":{"properties":{"country":{"const":"US"}},"required":["country"]},"then":{"required":["state"],"properties":{"zip":{"type":"string","pattern":"^[0-9]{5}$"}}},"else":{"properties":{"postal":{"type":"string"}}},"dependentRequired":{"tax":["vat"]}}"##
    )
    let zip = try #require(form.find("zip"))
    let postal = try #require(form.find("postal"))
    #expect(zip.hidden && !postal.hidden && !form.find("state")!.isRequired)
    form.setValue(form.find("country")!, .string("US"), origin: .user)
    #expect(!zip.hidden && postal.hidden && form.find("state")!.isRequired)
    // a switch is always in the document, so dependentRequired holds at once
    #expect(form.find("vat")!.isRequired)
    form.setValue(zip, .string("123"), origin: .user)
    #expect(zip.errors == ["zip must match the pattern ^[0-9]{5}$."])
    // a row that has a value stays in sight when its branch no longer holds
    form.setValue(form.find("country")!, .string("CA"), origin: .user)
    #expect(!zip.hidden && !postal.hidden)
  }

  @Test func arraysOfObjectsAreGroupsAddedAndDeleted() throws {
    let (form, shape) = try Self.form(
      ##"{"properties":{"containers":{"type":"array","title":"Containers","minItems":1,"maxItems":3,"items":{"type":"object","title":"Container","properties":{"name":{"type":"string"},"port":{"type":"integer"}},"required":["name"]}}}}"##
    )
    #expect(form.sections.map(\.header) == [nil, "Containers", "Container 1"])
    let add = try #require(form.sections[1].items.first)
    #expect(form.activate(add) == .done)
    #expect(form.sections.map(\.header) == [nil, "Containers", "Container 1", "Container 2"])
    form.setValue(form.find("containers.1.name")!, .string("a"), origin: .user)
    form.setValue(form.find("containers.2.name")!, .string("b"), origin: .user)
    form.setValue(form.find("containers.2.port")!, .int(80), origin: .user)
    #expect(JSON.encode(.record(form.document)) == #"{"containers":[{"name":"a"},{"name":"b","port":80}]}"#)
    #expect(form.delete(form.find("containers.1.name")!) == .done)
    #expect(form.sections.map(\.header) == [nil, "Containers", "Container 1"])
    #expect(form.find("containers.1.port")?.value == .int(80))
    #expect(form.find("containers.2.name") == nil)
    // at minItems a delete is refused; at maxItems an add is
    #expect(form.delete(form.find("containers.1.name")!) == .declined("Containers needs at least 1."))
    form.activate(add)
    form.activate(add)
    #expect(form.activate(add) == .vetoed("Containers takes at most 3."))
    try Self.answer(form, #"{"containers":[{"name":"x"}]}"#)
    #expect(JSON.encode(.record(form.document)) == #"{"containers":[{"name":"x"}]}"#)
    _ = shape
  }

  @Test func aDocumentsOtherKeysGoToAnOtherPropertiesRow() throws {
    let (form, _) = try Self.form(##"{"properties":{"a":{"type":"integer"}}}"##)
    try Self.answer(form, #"{"a":1,"b":{"c":[true]}}"#)
    #expect(form.find("*")?.title == "Other properties")
    #expect(JSON.encode(.record(form.document)) == #"{"a":1,"b":{"c":[true]}}"#)
  }

  @Test func answersAreCheckedAgainstTheSchemaBeforeTheyAreSet() throws {
    let (form, _) = try Self.form(##"{"properties":{"n":{"type":"integer","maximum":3},"s":{"type":"string"}}}"##)
    let problem = form.documentShape!.assignments(from: try JSON.decode(#"{"n":5}"#), in: form)
    #expect(problem == .failure(DocumentError("/n must be at most 3")))
    #expect(
      form.documentShape!.assignments(from: try JSON.decode(#"{"s":12}"#), in: form)
        == .failure(DocumentError("/s must be a string")))
  }

  @Test func aValueAOneLineRowCannotHoldMakesItAJSONRow() throws {
    let (form, _) = try Self.form(##"{"properties":{"s":{"type":"string"}}}"##)
    try Self.answer(form, #"{"s":"two\nlines"}"#)
    #expect(form.find("s")?.kind.name == "json")
    #expect(JSON.encode(.record(form.document)) == #"{"s":"two\nlines"}"#)
  }

  @Test func timesComeOutInRFC3339AndUnchangedOnesAsTheyCame() throws {
    let (form, _) = try Self.form(##"{"properties":{"t":{"type":"string","format":"date-time"}}}"##)
    try Self.answer(form, #"{"t":"2026-11-30T14:05:06.5+02:00"}"#)
    #expect(form.find("t")?.value == .string("2026-11-30T14:05:06"))
    #expect(JSON.encode(.record(form.document)) == #"{"t":"2026-11-30T14:05:06.5+02:00"}"#)
    let t = try #require(form.find("t"))
    form.setValue(t, .string("2026-12-01T09:30"), origin: .user)
    let out = form.document.first?.value.string ?? ""
    #expect(out.hasPrefix("2026-12-01T09:30:00") && Formats.dateTime(out))
  }

  @Test func aSubmitChecksTheWholeDocument() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"minProperties":1,"not":{"required":["a","b"]}}"##
    )
    #expect(form.submit() == .refused(.message("the document must have at least 1 property.")))
    form.setValue(form.find("a")!, .int(1), origin: .user)
    form.setValue(form.find("b")!, .int(2), origin: .user)
    #expect(form.submit() == .refused(.message("the document must not match the schema #/not.")))
    form.setValue(form.find("b")!, .null, origin: .user)
    #expect(form.submit() == .accepted([.init("a", .int(1))]))
  }

  @Test func aRootThatIsNoObjectIsRefused() {
    #expect(throws: SchemaError.self) { try Self.form(#"{"type":"string"}"#) }
  }

  /// The nodes hold the node above unowned: a form built from a schema, its
  /// nested objects and its arrays' elements are freed with the form.
  @Test func aBuiltFormIsFreedWithItsNodes() throws {
    weak var root: ObjectNode?
    weak var element: ObjectNode?
    do {
      let form = Form()
      let text = #"""
        {"type": "object", "properties": {
          "spec": {"type": "object", "properties": {"name": {"type": "string"}}},
          "ports": {"type": "array", "minItems": 1,
                    "items": {"type": "object", "properties": {"port": {"type": "integer"}}}}}}
        """#
      let shape = try SchemaForm.build(try Schema.load(text, name: "t.json"), into: form)
      root = shape.root
      for case (_, .array(let a)) in shape.root.children { element = a.elements.first }
      #expect(element != nil)
    }
    #expect(root == nil)
    #expect(element == nil)
  }
}
