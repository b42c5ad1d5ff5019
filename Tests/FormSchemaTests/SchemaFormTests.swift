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

  /// The document the form would submit, as JSON text.
  static func out(_ form: Form) -> String { JSON.encode(WholeDocument.value(of: form.document)) }

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
    (##"{"type":"string","anyOf":[{"enum":["es5","es2020"]},{"pattern":"^[Ee][Ss]"}]}"##, "radio"),
    // with no `type` of its own: every branch takes strings only
    (##"{"anyOf":[{"enum":["es5","es2020"]},{"type":"string","pattern":"^[Ee][Ss]"}]}"##, "radio"),
    // a branch that takes more than strings: a JSON row
    (##"{"anyOf":[{"enum":["es5","es2020"]},{"pattern":"^[Ee][Ss]"}]}"##, "json"),
    (##"{"type":"array","items":{"enum":["x","y"]},"uniqueItems":true}"##, "multiple"),
    (##"{"type":["string","integer"]}"##, "json"),
    (##"{"type":"string","x-formrun":{"kind":"masked","mask":"(XXX) XXX-XXXX"}}"##, "masked"),
    // a mask alone makes a masked row
    (##"{"type":"string","x-formrun":{"mask":"(XXX) XXX-XXXX"}}"##, "masked"),
  ])
  func kindByTypeAndKeywords(_ property: String, _ kind: String) throws {
    let (form, _) = try Self.form(#"{"properties":{"p":"# + property + "}}")
    #expect(form.find("p")?.kind.name == kind)
  }

  /// The contract: a valid document given with no edits comes back as it
  /// was given — values, types, array order, key order.
  @Test(arguments: [
    // nulls, empty lists and objects are values; a list of choices keeps its order
    (
      ##"{"properties":{"a":{"type":["string","null"]},"b":{"type":"array","items":{"type":"string"}},"c":{"type":"object","properties":{"d":{"type":"boolean"}}},"e":{"type":"array","uniqueItems":true,"items":{"enum":["x","y","z"]}}}}"##,
      ##"{"e":["z","x"],"c":{},"b":[],"a":null}"##
    ),
    // a nullable date holds null; a whole number written 1.0 stays so
    (
      ##"{"properties":{"when":{"type":["string","null"],"format":"date-time"},"n":{"type":"number"},"t":{"type":"string","format":"date-time"}}}"##,
      ##"{"when":null,"n":1.0,"t":"2026-11-30T14:05:06.5+02:00"}"##
    ),
    // switches: on, off and null
    (
      ##"{"properties":{"a":{"type":"boolean"},"b":{"type":"boolean"},"c":{"type":["boolean","null"]}}}"##,
      ##"{"b":false,"a":true,"c":null}"##
    ),
    // keys the schema does not name, in among its own
    (##"{"properties":{"a":{"type":"integer"}}}"##, ##"{"z":{"deep":[1,{"x":null}]},"a":1,"y":"s"}"##),
    // an object given text its schema also allows
    (
      ##"{"properties":{"p":{"type":["object","string"],"properties":{"q":{"type":"string"}}}}}"##,
      ##"{"p":"plain"}"##
    ),
    // the document's own array, map and scalar
    (
      ##"{"type":"array","items":{"type":"object","properties":{"n":{"type":"string"}}}}"##,
      ##"[{"n":"a"},{},{"n":"c"}]"##
    ),
    (##"{"type":"array","items":{"type":"string"}}"##, ##"["b","a"]"##),
    (##"{"type":"object","additionalProperties":{"type":"integer"}}"##, ##"{"b":2,"a":1}"##),
    (##"{"type":"string","maxLength":5}"##, ##""hello""##),
    (##"{"type":"integer"}"##, "7"),
    // a root oneOf of shapes: the branch the document has
    (
      ##"{"oneOf":[{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},{"type":"string"}]}"##,
      ##""text""##
    ),
    (
      ##"{"oneOf":[{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},{"type":"string"}]}"##,
      ##"{"x":3}"##
    ),
    // recursion through $ref: levels made as the document brings them
    (
      ##"{"type":"object","properties":{"name":{"type":"string"},"child":{"$ref":"#"}}}"##,
      ##"{"child":{"child":{"name":"c"},"name":"b"},"name":"a"}"##
    ),
    // a draft-07 $ref beside the schema's own properties (the siblings of a $ref only are left out)
    (
      ##"{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name"],"allOf":[{"$ref":"#/definitions/B"}],"definitions":{"B":{"properties":{"extra":{"type":"boolean"}}}}}"##,
      ##"{"age":3,"name":"n","extra":false}"##
    ),
    // a tagged union in a map: the tag each branch names its own way
    (
      ##"{"type":"object","additionalProperties":{"type":"object","oneOf":[{"properties":{"type":{"const":"file"},"path":{"type":"string"}},"required":["type"]},{"properties":{"type":{"const":"env"},"name":{"type":"string"}},"required":["type"]}]}}"##,
      ##"{"a":{"type":"env","name":"X"},"b":{"type":"file","path":"p"}}"##
    ),
    // a key only one branch names, given a value another branch allows; the key ""
    (
      ##"{"type":"object","anyOf":[{"properties":{"src":{"type":"array"}},"required":["src"]},{"additionalProperties":{"type":"string"}}]}"##,
      ##"{"src":"foo/*","":"root"}"##
    ),
    // a list only a branch that does not hold names (hidden from the start), given all the same
    (
      ##"{"properties":{"v":{"type":"integer"}},"if":{"properties":{"v":{"const":3}}},"then":{"properties":{"other":{"type":"string"}}},"else":{"properties":{"list":{"type":"array","items":{"type":"string"}}}}}"##,
      ##"{"list":[],"v":3}"##
    ),
    // shapes of one title
    (
      ##"{"oneOf":[{"title":"T","type":"object","properties":{"a":{"type":"integer"}},"required":["a"]},{"title":"T","type":"object","properties":{"b":{"type":"string"}},"required":["b"]}]}"##,
      ##"{"b":"x"}"##
    ),
  ])
  func aValidDocumentComesBackAsGiven(_ schema: String, _ document: String) throws {
    let (form, shape) = try Self.form(schema)
    try Self.answer(form, document)
    #expect(Self.out(form) == JSON.encode(try JSON.decode(document)))
    #expect(shape.problems(in: form.document) == [])
    guard case .accepted = form.submit() else {
      Issue.record("refused: \(form.errors)")
      return
    }
  }

  @Test func aRowNobodySetStaysOutAndADefaultIsOfferedNotGiven() throws {
    let (form, _) = try Self.form(
      ##"{"title":"T","properties":{"a":{"type":"integer"},"on":{"type":"boolean","default":true},"spec":{"type":"object","title":"Spec","properties":{"replicas":{"type":"integer","default":2},"image":{"type":"string"}}}}}"##
    )
    #expect(form.title == "T")
    #expect(form.sections.map(\.header) == [nil, "Spec"])
    let replicas = try #require(form.find("spec.replicas"))
    #expect(replicas.value == .null && replicas.defaultValue == .int(2))
    #expect(replicas.placeholder == "default: 2")
    // a switch nobody set is neither on nor off
    let on = try #require(form.find("on"))
    #expect(on.value == .null && on.displayValue == "")
    #expect(Self.out(form) == "{}")
    #expect(form.takeDefault(replicas))
    #expect(Self.out(form) == #"{"spec":{"replicas":2}}"#)
    form.activate(on)
    #expect(Self.out(form) == #"{"on":true,"spec":{"replicas":2}}"#)
    form.activate(on)
    #expect(Self.out(form) == #"{"on":false,"spec":{"replicas":2}}"#)
    // clear empties it again
    if case .value(let empty) = on.kind.accept(.null, for: on) { form.setValue(on, empty, origin: .user) }
    #expect(Self.out(form) == #"{"spec":{"replicas":2}}"#)
  }

  @Test func labelsShowAndValuesComeOut() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"n":{"oneOf":[{"const":1,"title":"One"},{"const":2,"title":"Two"}]},"e":{"enum":["1",1,null]}}}"##
    )
    let n = try #require(form.find("n"))
    #expect(n.kind.option("options") == .list([.string("One"), .string("Two")]))
    form.setValue(n, .string("Two"), origin: .user)
    try Self.answer(form, #"{"e":1}"#)
    #expect(Self.out(form) == #"{"e":1,"n":2}"#)
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

  @Test func aMissingRequiredPropertyIsRefusedNeverInvented() throws {
    let (form, shape) = try Self.form(
      ##"{"properties":{"a":{"type":"string"},"b":{"type":["string","null"]},"build":{"type":"object","properties":{"x":{"type":"string"}}}},"required":["a","b","build"]}"##
    )
    #expect(form.find("a")!.isRequired)
    form.setValue(form.find("a")!, .string(""), origin: .user)
    // nothing is written for b (not even null) nor for build (not even {})
    #expect(Self.out(form) == #"{"a":""}"#)
    #expect(
      shape.problems(in: form.document) == [
        "the document needs the property 'b'.", "the document needs the property 'build'.",
      ])
    guard case .refused = form.submit() else {
      Issue.record("submitted without b")
      return
    }
    try Self.answer(form, #"{"a":"x","b":null,"build":{}}"#)
    #expect(form.submit() == .accepted([.init("a", .string("x")), .init("b", .null), .init("build", .record([]))]))
  }

  @Test func anOptionalObjectRequiresNothingUntilItHasAValue() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"name":{"type":"string"},"build":{"type":"object","properties":{"user":{"type":"string"},"differential":{"type":"boolean"},"inner":{"type":"object","required":["k"],"properties":{"k":{"type":"string"}}}},"required":["user","inner"]}}}"##
    )
    try Self.answer(form, #"{"name":"a"}"#)
    #expect(form.submit() == .accepted([.init("name", .string("a"))]))
    form.activate(form.find("build.differential")!)
    #expect(form.find("build.user")!.isRequired)
    // an object the present one requires is required in turn
    #expect(form.find("build.inner.k")!.isRequired)
    guard case .invalid = form.submit() else {
      Issue.record("a build without a user was accepted")
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
    // a switch nobody set is not in the document: dependentRequired waits for it
    #expect(!form.find("vat")!.isRequired)
    form.activate(form.find("tax")!)
    #expect(form.find("vat")!.isRequired)
    form.setValue(zip, .string("123"), origin: .user)
    #expect(zip.errors == ["zip must match the pattern ^[0-9]{5}$."])
    // a row that has a value stays in sight when its branch no longer holds
    form.setValue(form.find("country")!, .string("CA"), origin: .user)
    #expect(!zip.hidden && !postal.hidden)
  }

  /// Two branches give one property two shapes: rows and checks follow the
  /// branch that holds (github-issue-forms' shape).
  @Test func branchesGivingAPropertyTwoShapes() throws {
    let schema =
      ##"{"type":"object","properties":{"kind":{"enum":["note","box"]}},"allOf":[{"if":{"properties":{"kind":{"const":"note"}}},"then":{"properties":{"attrs":{"type":"object","required":["value"],"properties":{"value":{"type":"string"}}}}}},{"if":{"properties":{"kind":{"const":"box"}}},"then":{"properties":{"attrs":{"type":"object","required":["label"],"properties":{"label":{"type":"string"}}}}}}]}"##
    let (form, _) = try Self.form(schema)
    try Self.answer(form, #"{"kind":"box","attrs":{"label":"L"}}"#)
    #expect(Self.out(form) == #"{"kind":"box","attrs":{"label":"L"}}"#)
    #expect(form.find("attrs.label")?.isShown == true)
    #expect(form.find("attrs.value") == nil || form.find("attrs.value")?.isShown == false)
    guard case .accepted = form.submit() else {
      Issue.record("refused: \(form.errors)")
      return
    }
    // the other branch: its rows, its checks
    let (other, _) = try Self.form(schema)
    other.setValue(other.find("kind")!, .string("note"), origin: .user)
    #expect(other.find("attrs.value")?.isShown == true)
    other.setValue(other.find("attrs.value")!, .string("v"), origin: .user)
    #expect(Self.out(other) == #"{"kind":"note","attrs":{"value":"v"}}"#)
  }

  @Test func arraysOfObjectsAreGroupsAddedAndDeleted() throws {
    let (form, shape) = try Self.form(
      ##"{"properties":{"containers":{"type":"array","title":"Containers","minItems":1,"maxItems":3,"items":{"type":"object","title":"Container","properties":{"name":{"type":"string"},"port":{"type":"integer"}},"required":["name"]}}}}"##
    )
    #expect(form.sections.map(\.header) == [nil, "Containers", "Container 1"])
    // the element made ahead is no value yet: nothing is required of it
    #expect(Self.out(form) == "{}")
    #expect(!form.find("containers.1.name")!.errors.contains { $0.contains("required") })
    let add = try #require(form.sections[1].items.first)
    #expect(add.title == "Add Container")
    #expect(form.activate(add) == .done)
    #expect(form.sections.map(\.header) == [nil, "Containers", "Container 1", "Container 2"])
    form.setValue(form.find("containers.1.name")!, .string("a"), origin: .user)
    form.setValue(form.find("containers.2.name")!, .string("b"), origin: .user)
    form.setValue(form.find("containers.2.port")!, .int(80), origin: .user)
    #expect(Self.out(form) == #"{"containers":[{"name":"a"},{"name":"b","port":80}]}"#)
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
    #expect(Self.out(form) == #"{"containers":[{"name":"x"}]}"#)
    _ = shape
  }

  @Test func anArrayOfValuesIsRowsAddedAndDeleted() throws {
    let (form, _) = try Self.form(##"{"properties":{"tags":{"type":"array","items":{"type":"string"}}}}"##)
    let add = try #require(form.sections.last?.items.last)
    form.activate(add)
    form.activate(add)
    #expect(form.find("tags.1")?.kind.name == "text" && form.find("tags.2")?.title == "item 2")
    form.setValue(form.find("tags.1")!, .string("a"), origin: .user)
    form.setValue(form.find("tags.2")!, .string("b"), origin: .user)
    #expect(Self.out(form) == #"{"tags":["a","b"]}"#)
    #expect(form.delete(form.find("tags.1")!) == .done)
    #expect(Self.out(form) == #"{"tags":["b"]}"#)
    #expect(form.find("tags.1")?.value == .string("b"))
  }

  @Test func aDocumentsOtherKeysAreRowsOfTheirOwn() throws {
    let (form, _) = try Self.form(##"{"properties":{"a":{"type":"integer"}}}"##)
    try Self.answer(form, #"{"a":1,"b":{"c":[true]}}"#)
    #expect(form.find("b")?.kind.name == "json")
    #expect(Self.out(form) == #"{"a":1,"b":{"c":[true]}}"#)
  }

  @Test func answersAreCheckedAgainstTheSchemaBeforeTheyAreSet() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"n":{"type":"integer","maximum":3},"s":{"type":"string"}},"additionalProperties":false}"##)
    let problem = form.documentShape!.assignments(from: try JSON.decode(#"{"n":5}"#), in: form)
    #expect(problem == .failure(DocumentError("/n must be at most 3")))
    #expect(
      form.documentShape!.assignments(from: try JSON.decode(#"{"s":12}"#), in: form)
        == .failure(DocumentError("/s must be a string")))
    #expect(
      form.documentShape!.assignments(from: try JSON.decode(#"{"t":1}"#), in: form)
        == .failure(DocumentError("the document must not have the property 't'")))
  }

  @Test func aValueAOneLineRowCannotHoldMakesItAJSONRow() throws {
    let (form, _) = try Self.form(##"{"properties":{"s":{"type":"string"}}}"##)
    try Self.answer(form, #"{"s":"two\nlines"}"#)
    #expect(form.find("s")?.kind.name == "json")
    #expect(Self.out(form) == #"{"s":"two\nlines"}"#)
  }

  @Test func timesComeOutInRFC3339AndUnchangedOnesAsTheyCame() throws {
    let (form, _) = try Self.form(##"{"properties":{"t":{"type":"string","format":"date-time"}}}"##)
    try Self.answer(form, #"{"t":"2026-11-30T14:05:06.5+02:00"}"#)
    #expect(form.find("t")?.value == .string("2026-11-30T14:05:06"))
    #expect(Self.out(form) == #"{"t":"2026-11-30T14:05:06.5+02:00"}"#)
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

  /// A required property missing below the root is named with the JSON
  /// pointer of the object it is missing from, as a document's refusal names its place.
  @Test func aMissingPropertyBelowTheRootNamesItsObject() throws {
    let (form, _) = try Self.form(
      ##"{"type":"object","required":["top"],"properties":{"top":{"type":"string"},"spec":{"type":"object","required":["image"],"properties":{"image":{"type":"string"},"tag":{"type":"string"}}}}}"##
    )
    try Self.answer(form, #"{"spec":{"tag":"1"}}"#)
    #expect(form.find("top")?.errors == ["top is required."])
    #expect(form.find("spec.image")?.errors == ["image at /spec is required."])
    try form.setLocale("de")
    form.setValue(form.find("spec.tag")!, .string("2"), origin: .user)
    #expect(form.find("spec.image")?.errors == ["image bei /spec ist erforderlich."])
  }

  @Test func aDocumentThatIsNoObjectIsOneRowOrAList() throws {
    let (scalar, shape) = try Self.form(#"{"type":"string","title":"Word"}"#)
    #expect(scalar.find("value")?.kind.name == "text")
    #expect(shape.problems(in: scalar.document) == ["the document needs a value"])
    scalar.setValue(scalar.find("value")!, .string("w"), origin: .user)
    #expect(Self.out(scalar) == #""w""#)
    #expect(scalar.find("value")?.title == "Word")
    // untitled, the row is called by its name (it had no title at all)
    let (untitled, _) = try Self.form(#"{"type":"integer","minimum":3}"#)
    #expect(untitled.find("value")?.title == "value")
    let (list, _) = try Self.form(#"{"type":"array","items":{"type":"integer"}}"#)
    list.activate(list.sections.last!.items.last!)
    list.setValue(list.find("1")!, .int(4), origin: .user)
    #expect(Self.out(list) == "[4]")
  }

  @Test func aRootOfShapesStartsWithTheChoice() throws {
    let (form, _) = try Self.form(
      ##"{"anyOf":[{"title":"Server","type":"object","properties":{"host":{"type":"string"}}},{"title":"Socket","type":"object","properties":{"path":{"type":"string"}}}]}"##
    )
    let shape = try #require(form.rows.first)
    #expect(shape.title == "Shape" && shape.kind.option("options") == .list([.string("Server"), .string("Socket")]))
    form.setValue(shape, .string("Socket"), origin: .user)
    form.setValue(try #require(form.find("path")), .string("/run/s"), origin: .user)
    #expect(Self.out(form) == #"{"path":"/run/s"}"#)
    #expect(form.find("host") == nil)
  }

  @Test func aMapTakesKeys() throws {
    let (form, _) = try Self.form(##"{"type":"object","additionalProperties":{"type":"integer","minimum":0}}"##)
    let add = try #require(form.rows.first)
    #expect(add.title == "Add a key")
    form.setValue(add, .string("port"), origin: .user)
    let port = try #require(form.find("port"))
    #expect(port.kind.name == "number" && add.value == .null)
    form.setValue(port, .int(-1), origin: .user)
    #expect(port.errors == ["port must be at least 0."])
    form.setValue(port, .int(80), origin: .user)
    #expect(Self.out(form) == #"{"port":80}"#)
  }

  /// A large object's optional properties wait behind `Add a property`;
  /// a name, a document or the adder makes them rows.
  @Test func aLargeObjectsOptionalPropertiesWaitToBeAdded() throws {
    let props = (1...30).map { #""p\#($0)":{"type":"boolean"}"# }.joined(separator: ",")
    let (form, shape) = try Self.form(
      #"{"properties":{"name":{"type":"string"},"#
        + #""opts":{"type":"object","properties":{"# + props + #"}}},"required":["name"]}"#)
    #expect(form.find("name") != nil && form.find("opts.p1") == nil)
    let add = try #require(form.sections[1].items.last)
    #expect(add.title == "Add a property" && add.kind.option("options")?.list?.count == 30)
    form.setValue(add, .string("p7"), origin: .user)
    #expect(form.find("opts.p7")?.kind.name == "bool" && add.value == .null)
    #expect(add.kind.option("options")?.list?.count == 29)
    shape.makeRow(named: "opts.p3", in: form)
    form.activate(form.find("opts.p3")!)
    try Self.answer(form, #"{"name":"n","opts":{"p30":false}}"#)
    #expect(Self.out(form) == #"{"name":"n","opts":{"p30":false,"p3":true}}"#)
  }

  @Test func aLevelReachedAgainIsMadeWhenAsked() throws {
    let (form, shape) = try Self.form(
      ##"{"type":"object","properties":{"name":{"type":"string"},"child":{"$ref":"#"}}}"##)
    #expect(form.find("child.name") == nil)
    shape.makeRows(named: ["child.child.name"], in: form)
    form.setValue(try #require(form.find("child.child.name")), .string("c"), origin: .user)
    #expect(Self.out(form) == #"{"child":{"child":{"name":"c"}}}"#)
  }

  @Test func editorsAnnotationsAreRead() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"m":{"type":"string","markdownDescription":"Read *this*.\n\nThen that."},"e":{"enum":["a","b"],"enumDescriptions":["first","second"]},"old":{"type":"string","deprecated":true,"examples":["x"]}}}"##
    )
    #expect(form.find("m")?.description == "Read *this*.\n\nThen that.")
    #expect(form.find("e")?.description == "a: first\nb: second")
    #expect(form.find("old")?.title == "old (deprecated)" && form.find("old")?.placeholder == "e.g. x")
  }

  @Test func theFormSpeaksItsLanguage() throws {
    let (form, _) = try Self.form(
      ##"{"x-formrun":{"locale":"de"},"properties":{"n":{"type":"integer","default":3},"tags":{"type":"array","items":{"type":"string"}}}}"##
    )
    #expect(form.find("n")?.placeholder == "Vorgabe: 3")
    #expect(form.sections.last?.items.last?.title == "Eintrag hinzufügen")
    try form.setLocale("en")
    #expect(form.find("n")?.placeholder == "default: 3")
    #expect(form.sections.last?.items.last?.title == "Add item")
  }

  @Test func anIntegerOnASliderComesOutWhole() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"n":{"type":"integer","x-formrun":{"kind":"float","options":{"min":0,"max":100}}}}}"##)
    form.setValue(form.find("n")!, .double(30), origin: .user)
    #expect(Self.out(form) == #"{"n":30}"#)
  }

  /// A slider or a number chosen by `x-formrun.kind` alone takes its bounds
  /// from the schema's `minimum` and `maximum` (and whole steps for an
  /// integer), unless its `options` give them: a slider of 0 to 1 for an
  /// integer from 18 to 99 would refuse every answer.
  @Test func aKindChosenAloneTakesTheSchemasBounds() throws {
    let (form, _) = try Self.form(
      ##"{"properties":{"age":{"type":"integer","minimum":18,"maximum":99,"x-formrun":{"kind":"float"}},"##
        + ##""w":{"type":"number","minimum":-5,"maximum":5,"x-formrun":{"kind":"float","options":{"max":2}}},"##
        + ##""n":{"type":"integer","maximum":50,"x-formrun":{"kind":"number"}}}}"##)
    let age = try #require(form.find("age"))
    #expect(age.facts.limits.range.min == 18 && age.facts.limits.range.max == 99)
    #expect(age.facts.limits.step == 1)
    form.setValue(age, .double(30), origin: .user)
    #expect(age.errors.isEmpty && Self.out(form) == #"{"age":30}"#)
    let w = try #require(form.find("w"))
    #expect(w.facts.limits.range.min == -5 && w.facts.limits.range.max == 2, "the options win")
    let n = try #require(form.find("n"))
    #expect(n.facts.limits.range.max == 50)
  }

  @Test func anIntegerPastWhatFormrunKeepsIsRefusedWhereItIs() {
    let big = JSON.inexactIntegers(in: #"{"a":[1,{"b":99999999999999999999999999999}],"c":9223372036854775807}"#)
    #expect(big.map(\.place) == ["/a/1/b"])
    #expect(
      SchemaForm.inexactValue(in: #"{"properties":{"n":{"const":123456789012345678901234567890}}}"#, name: "s.json")?
        .description
        == "s.json: #/properties/n/const: the integer 123456789012345678901234567890 is past what formrun keeps exactly (-2^63 to 2^63-1): written as a string, it is kept"
    )
    #expect(SchemaForm.inexactValue(in: #"{"maximum":18446744073709551615}"#, name: "s.json") == nil)
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
      for case (_, .array(let a)) in shape.root.children {
        if case .object(let o)? = a.elements.first { element = o }
      }
      #expect(element != nil)
    }
    #expect(root == nil)
    #expect(element == nil)
  }
}
