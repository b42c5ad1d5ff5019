import FormCore

/// A form built from a JSON Schema, and the shape of the document it submits.
///
/// An object's properties become rows in declaration order; a nested object
/// becomes a section; an array a section of repeated groups (objects) or of
/// rows (other values) the person adds (an `Add …` row, `insert`) and
/// deletes (`delete N`); a property no kind can hold a `json` row. A large
/// object's optional properties, and a level the schema reaches again
/// through `$ref`, wait behind `Add a property` until someone adds them (or a
/// document brings them); a map's keys come with `Add a key`; a root that
/// is a `oneOf`/`anyOf` of shapes starts with the choice of one. Each row
/// checks its value against its part of the schema at every edit, and a
/// submit checks the whole document. Rows are named by their path:
/// `spec.replicas`, `containers.1.image`.
///
/// The document is what was given: a row nobody set stays out (a `default`
/// is offered, not given), values read from a document come back as they
/// came, in the order they came.
public final class SchemaForm: DocumentShape {
  /// The schema the form was built from.
  public let schema: Schema
  var root: ObjectNode!
  weak var form: Form?
  var rows: [ObjectIdentifier: RowNode] = [:]
  /// The rows that add to an object (a property, a key) or choose its shape.
  var adders: [ObjectIdentifier: ObjectNode] = [:]
  /// Rows and sections whose words come from the catalogue: said again when the language changes.
  var worded: [() -> Void] = []
  /// The first row an adder made, until a front end takes it (`takeMade`).
  weak var made: Item?
  var building = true
  /// While the form is first built (or built again for a shape): sections go at the end, in order.
  var initial = true
  /// What the build met that it cannot make (refused once the rows are made).
  var refusal: SchemaError?
  /// The document `assignments` reads, and (once asked) whether the whole schema takes it.
  var reading: (document: Value, valid: Bool?)?
  /// A `patternProperties` pattern gave up (backtracked too far) placing a
  /// key: no pattern is searched again to place the next keys, so a map of
  /// many keys, or many such patterns, costs one give-up, not one a key
  /// (the document's checks then say the pattern failed, and refuse it).
  var placingGaveUp = false

  /// An object with more optional properties than this keeps them behind `Add a property`.
  static let rowsAtOnce = 20
  /// Nesting deeper than this is made on demand too.
  static let deepest = 24
  /// An array's elements made before anyone adds one (its `minItems`, at most this many).
  static let elementsAtOnce = 20
  /// A `minItems` past this many is refused: more than a person adds.
  static let maxStartElements = 1000

  init(schema: Schema) { self.schema = schema }

  /// A schema's value (a `const`, `default`, `enum` or `examples`) holding
  /// an integer past what formrun keeps exactly: refused, naming its place
  /// (it would be written as another number).
  public static func inexactValue(in text: String, name: String) -> SchemaError? {
    let values: Set<String> = ["const", "default", "enum", "examples"]
    guard let big = JSON.inexactIntegers(in: text).first(where: { !values.isDisjoint(with: $0.pointer) }) else {
      return nil
    }
    return SchemaError(file: name, at: JSONPointer(big.pointer), message: big.message)
  }

  /// Build the form of `schema` into `form` (its rows after any it has) and
  /// make it the form's document shape.
  @discardableResult
  public static func build(_ schema: Schema, into form: Form) throws(SchemaError) -> SchemaForm {
    let shape = SchemaForm(schema: schema)
    shape.form = form
    let facet = Facet.of(JSONPointer(), in: schema)
    if let locale = facet.formrun?["locale"] {
      guard let name = locale.string else {
        throw SchemaError(file: "", at: JSONPointer(["x-formrun", "locale"]), message: "'locale' must be a string")
      }
      do { try form.setLocale(name) } catch {
        throw SchemaError(file: "", at: JSONPointer(["x-formrun", "locale"]), message: error.description)
      }
    }
    if form.title == nil { form.title = facet.title }
    let section = Section()
    section.footer = facet.description
    _ = try? form.insertSection(section)
    let root = ObjectNode(role: .root, facet: facet, section: section)
    shape.root = root
    if facet.properties.isEmpty, let shapes = shape.shapes(of: facet) {
      root.shapes = shapes
      shape.makeShapeRow(root)
    } else {
      shape.build(root, places: [JSONPointer()])
    }
    if let refusal = shape.refusal { throw refusal }
    form.documentShape = shape
    shape.building = false
    shape.initial = false
    shape.refresh(root, deep: true)
    return shape
  }

  /// The root's rows from `places` (the root, and a chosen shape's branch).
  func build(_ root: ObjectNode, places: [JSONPointer]) {
    let facet = Facet.of(places, in: schema)
    root.facet = facet
    if isObject(facet) {
      root.isWrapper = false
      fill(root)
    } else {
      // a document that is no object: one row, or an array's rows, holds it
      root.isWrapper = true
      if let n = node("", places: places, in: root, wrapper: true) { root.children = [("", n)] }
    }
  }

  // MARK: what a subschema becomes

  /// An object with properties, or keys of a map: rows in a section.
  func isObject(_ f: Facet) -> Bool {
    let t = f.types.subtracting(["null"])
    if t == ["object"] { return true }
    return t.contains("object") && (!f.properties.isEmpty || takesKeys(f))
  }

  /// An object that names the schema of keys it does not list (`additionalProperties`, `patternProperties`).
  func takesKeys(_ f: Facet) -> Bool {
    if case .record? = f["additionalProperties"] { return true }
    if case .record(let p)? = f["patternProperties"], !p.isEmpty { return true }
    return false
  }

  /// The branches of a `oneOf`/`anyOf` that are shapes to choose among
  /// (two or more, at least one an object): each one's title and place.
  func shapes(of facet: Facet) -> [(title: String, place: JSONPointer)]? {
    for (at, key) in facet.alternatives {
      guard let branches = schema.value(at)?[key]?.list, branches.count > 1 else { continue }
      var out: [(String, JSONPointer)] = []
      var objects = 0
      for (i, _) in branches.enumerated() {
        let place = at.appending(key).appending(i)
        let b = Facet.of([JSONPointer(), place], in: schema)
        if isObject(b) { objects += 1 }
        let types = b.types.subtracting(["null"])
        let what = types.count == 1 ? " (\(types.first!))" : ""
        let title =
          Facet.of(place, in: schema).title ?? say("schemaform.shape_option", ["number": String(i + 1)]) + what
        out.append((title, place))
      }
      // titles tell the shapes apart (two branches of one title get their numbers)
      var seen: [String: Int] = [:]
      for t in out.map(\.0) { seen[t, default: 0] += 1 }
      for i in out.indices where seen[out[i].0]! > 1 { out[i].0 += " (\(i + 1))" }
      if objects > 0 { return out }
    }
    return nil
  }

  func say(_ key: String, _ args: KeyValuePairs<String, String> = [:]) -> String {
    (form?.catalogue ?? .english).say(key, args)
  }

  /// The node of a property (or of the document itself, `wrapper`); nil
  /// when it is made on demand (a level reached again, or too deep).
  func node(_ key: String, places: [JSONPointer], in object: ObjectNode, wrapper: Bool = false) -> Node? {
    let facet = Facet.of(places, in: schema)
    let types = facet.types.subtracting(["null"])
    let chosenKind = facet.formrun?["kind"] != nil || facet.formrun?["mask"] != nil
    if !chosenKind, !object.inElement {
      if !wrapper, isObject(facet), types == ["object"] || !facet.properties.isEmpty {
        if !Set(facet.places).isDisjoint(with: object.ancestorPlaces) || depth(of: object) >= Self.deepest {
          return nil
        }
        let section = Section(header: facet.title ?? key)
        section.footer = facet.description
        insert(section, after: object)
        let child = ObjectNode(role: .property(Up(object), key), facet: facet, section: section)
        fill(child)
        return .object(child)
      }
      if types == ["array"], let items = itemsPlaces(facet), kind(of: facet).0 != "multiple" {
        let itemFacet = Facet.of(items, in: schema)
        // a list of objects, or of values a kind holds; anything else is one JSON row
        if (itemFacet.types.contains("object") && !itemFacet.properties.isEmpty) || kind(of: itemFacet).0 != nil {
          return .array(array(key, facet: facet, items: itemFacet, in: object))
        }
      }
    }
    let r = row(key, facet: facet, places: places, holder: .object(Up(object)))
    place(r, in: object.section, before: object.addProperty ?? object.addKey)
    return .row(r)
  }

  func depth(of object: ObjectNode) -> Int {
    var n = 0
    var up = object.parent
    while let o = up {
      n += 1
      up = o.parent
    }
    return n
  }

  /// Where an array's elements are described: `items` (or draft-07's one-schema `items`).
  func itemsPlaces(_ facet: Facet) -> [JSONPointer]? {
    var out: [JSONPointer] = []
    for p in facet.places {
      guard let s = schema.value(p), let items = s["items"] else { continue }
      // a tuple (prefixItems, or draft-07's array of items) is one JSON row
      if items.list != nil || s["prefixItems"] != nil { return nil }
      out.append(p.appending("items"))
    }
    return out.isEmpty ? nil : out
  }

  // MARK: objects

  /// The rows, sections and arrays of an object's properties.
  func fill(_ object: ObjectNode) {
    let facet = object.facet
    let optional = facet.properties.filter { !object.isRequired($0.key) }.count
    let many = optional > Self.rowsAtOnce
    for p in facet.properties {
      if many, !object.isRequired(p.key) {
        object.waiting.append(p)
        continue
      }
      if let n = node(p.key, places: p.places, in: object) {
        object.children.append((p.key, n))
      } else {
        object.waiting.append(p)
      }
    }
    // properties only a branch of an if/then/else names: shown while that
    // branch holds; two branches giving one property two shapes give it two
    // nodes, one shown at a time
    for place in object.facet.places where schema.value(place)?["if"] != nil {
      let then = schema.value(place)?["then"] != nil ? Facet.of(place.appending("then"), in: schema) : nil
      let otherwise = schema.value(place)?["else"] != nil ? Facet.of(place.appending("else"), in: schema) : nil
      let index = object.conditions.count
      object.conditions.append((place.appending("if"), then, otherwise))
      for (branch, f) in [(true, then), (false, otherwise)] {
        for p in f?.properties ?? [] where !facet.properties.contains(where: { $0.key == p.key }) {
          guard let n = node(p.key, places: p.places, in: object) else { continue }
          setBranch(n, (index, branch))
          object.children.append((p.key, n))
        }
      }
    }
    // properties only a oneOf/anyOf branch names (tsconfig's files, include):
    // known, so they wait to be added; one several branches name (each its
    // own way, as a tagged union's tag) is checked by the whole document only
    var branchOnly: [(key: String, places: [JSONPointer])] = []
    for (at, keyword) in object.facet.alternatives {
      for (i, _) in (schema.value(at)?[keyword]?.list ?? []).enumerated() {
        for p in Facet.of(at.appending(keyword).appending(i), in: schema).properties
        where object.child(p.key) == nil && !facet.properties.contains(where: { $0.key == p.key })
          && !object.waiting.contains(where: { $0.key == p.key })
        {
          if let w = branchOnly.firstIndex(where: { $0.key == p.key }) {
            if branchOnly[w].places.map({ schema.value($0) }) != p.places.map({ schema.value($0) }) {
              branchOnly[w].places = []
            }
          } else {
            branchOnly.append(p)
          }
        }
      }
    }
    object.waiting += branchOnly
    object.branchKeys.formUnion(branchOnly.map(\.key))
    makeAdders(object)
  }

  func setBranch(_ n: Node, _ branch: (condition: Int, when: Bool)) {
    switch n {
    case .row(let r):
      r.branch = branch
      r.item.hidden = true
    case .object(let o):
      o.branch = branch
      setShown(n, false)
    case .array(let a):
      a.branch = branch
      setShown(n, false)
    }
  }

  /// `Add a property` (the properties waiting) and `Add a key` (a map's).
  func makeAdders(_ object: ObjectNode) {
    if !object.waiting.isEmpty, object.addProperty == nil {
      object.addProperty = makeAdder(
        kind: "radio", in: object, title: "schemaform.add_property", about: "schemaform.add_property_about")
      if object.addProperty != nil { updateWaiting(object) }
    }
    if object.addKey == nil, takesKeys(object.facet) || object.facet.properties.isEmpty && !object.isWrapper,
      object.facet["additionalProperties"] != .bool(false)
    {
      object.addKey = makeAdder(
        kind: "text", in: object, title: "schemaform.add_key", about: "schemaform.add_key_about")
    }
  }

  /// One adder row at the end of `object`'s section, worded by the catalogue
  /// keys `title` and `about` (again when the form's language changes).
  func makeAdder(kind: String, in object: ObjectNode, title: String, about: String) -> Item? {
    guard let form, let add = form.newItem(kind: kind) else { return nil }
    adders[ObjectIdentifier(add)] = object
    try? object.section.append(add)
    let retitle = { [weak self, weak add] in
      guard let self, let add else { return }
      add.title = self.say(title)
      add.description = self.say(about)
    }
    retitle()
    worded.append(retitle)
    return add
  }

  /// The waiting properties as the options of `Add a property` (hidden when none wait).
  func updateWaiting(_ object: ObjectNode) {
    guard let add = object.addProperty else { return }
    _ = add.setOption("options", to: .list(object.waiting.map { .string($0.key) }))
    add.hidden = object.waiting.isEmpty
  }

  /// The choice of a root's shape.
  func makeShapeRow(_ root: ObjectNode) {
    guard let form else { return }
    let choose = form.newItem(kind: "radio")!
    adders[ObjectIdentifier(choose)] = root
    _ = choose.setOption("options", to: .list(root.shapes.map { .string($0.title) }))
    try? root.section.append(choose)
    root.shapeRow = choose
    let retitle = { [weak self, weak choose] in
      guard let self, let choose else { return }
      choose.title = self.say("schemaform.shape")
      choose.description = self.say("schemaform.shape_about")
    }
    retitle()
    worded.append(retitle)
  }

  /// The root built again for the shape at `index` (nil: none chosen).
  func choose(shape index: Int?, of root: ObjectNode) {
    clear(root)
    guard let index else {
      root.facet = Facet.of(JSONPointer(), in: schema)
      return
    }
    let wasBuilding = building
    building = true
    initial = true
    build(root, places: [JSONPointer(), root.shapes[index].place])
    initial = false
    building = wasBuilding
    if let r = root.shapeRow, r.value != .string(root.shapes[index].title) {
      r.assign(.string(root.shapes[index].title))
    }
    if !building { refresh(root, deep: true) }
  }

  /// Every row and section an object made, gone (its own section stays, with its shape row).
  func clear(_ object: ObjectNode) {
    for (_, n) in object.children { remove(n) }
    object.children = []
    object.waiting = []
    object.conditions = []
    object.given = false
    object.order = []
    for adder in [object.addProperty, object.addKey].compactMap({ $0 }) {
      adders[ObjectIdentifier(adder)] = nil
      object.section.remove(adder)
    }
    object.addProperty = nil
    object.addKey = nil
  }

  /// A node's rows and sections taken out of the form.
  func remove(_ n: Node) {
    switch n {
    case .row(let r):
      rows[ObjectIdentifier(r.item)] = nil
      r.item.section?.remove(r.item)
    case .object(let o):
      clear(o)
      form?.removeSection(o.section)
    case .array(let a):
      for e in a.elements { remove(e) }
      a.elements = []
      form?.removeSection(a.header)
    }
  }

  func remove(_ e: ArrayNode.Element) {
    switch e {
    case .object(let o): remove(Node.object(o))
    case .row(let r): remove(Node.row(r))
    }
  }

  /// A waiting property made a node (added by a person, a document or a name).
  @discardableResult
  func make(waiting key: String, in object: ObjectNode) -> Node? {
    guard let i = object.waiting.firstIndex(where: { $0.key == key }) else { return nil }
    let p = object.waiting[i]
    // a level reached again is made now: it was asked for
    guard let n = node(p.key, places: p.places, in: object) ?? madeAnyway(p.key, p.places, object) else { return nil }
    object.waiting.remove(at: i)
    object.children.append((p.key, n))
    updateWaiting(object)
    return n
  }

  /// The node of a level reached again through `$ref`, asked for by name: a section after all.
  func madeAnyway(_ key: String, _ places: [JSONPointer], _ object: ObjectNode) -> Node? {
    let facet = Facet.of(places, in: schema)
    guard !object.inElement else { return nil }
    let section = Section(header: facet.title ?? key)
    section.footer = facet.description
    insert(section, after: object)
    let child = ObjectNode(role: .property(Up(object), key), facet: facet, section: section)
    fill(child)
    return .object(child)
  }

  /// The places that describe a key an object's properties do not name:
  /// its `patternProperties` that match, else its `additionalProperties`.
  /// Nil when the object takes no such key.
  func placesOfKey(_ key: String, in object: ObjectNode) -> [JSONPointer]? {
    var out: [JSONPointer] = []
    var closed = false
    for p in object.facet.places {
      guard let s = schema.value(p) else { continue }
      if case .record(let pats)? = s["patternProperties"] {
        for pat in pats where !placingGaveUp {
          switch schema.search(pat.key, key) {
          case .success(true)?: out.append(p.appending("patternProperties").appending(pat.key))
          case .failure(.tooCostly)?: placingGaveUp = true
          default: break
          }
        }
      }
    }
    if out.isEmpty {
      for p in object.facet.places {
        guard let s = schema.value(p), let extra = s["additionalProperties"] else { continue }
        if extra == .bool(false) { closed = true } else { out.append(p.appending("additionalProperties")) }
      }
    }
    return closed && out.isEmpty ? nil : out
  }

  /// A node for a key of a map (or one the schema does not name at all: a JSON row).
  @discardableResult
  func make(key: String, in object: ObjectNode) -> Node? {
    guard object.child(key) == nil, let places = placesOfKey(key, in: object) else { return nil }
    let n: Node
    if places.isEmpty {
      let r = row(key, facet: Facet(), places: [], holder: .object(Up(object)))
      place(r, in: object.section, before: object.addProperty ?? object.addKey)
      n = .row(r)
    } else if let made = node(key, places: places, in: object) ?? madeAnyway(key, places, object) {
      n = made
    } else {
      return nil
    }
    object.children.append((key, n))
    return n
  }

  // MARK: sections' places

  /// Insert a nested object's or an array's section: while the form is
  /// built, after everything its object holds (at the end); made later (a
  /// property added, a document's key), right after its object's own
  /// section, where the row that added it is.
  func insert(_ section: Section, after object: ObjectNode) {
    guard let form else { return }
    if initial {
      _ = try? form.insertSection(section)
      return
    }
    let own = form.sections.firstIndex { $0 === object.section }
    _ = try? form.insertSection(section, at: own.map { $0 + 1 })
  }

  func lastSection(of object: ObjectNode) -> Section? {
    var last: Section? = object.section
    for (_, n) in object.children {
      switch n {
      case .row: break
      case .object(let o): last = lastSection(of: o) ?? last
      case .array(let a): last = lastSection(of: a) ?? last
      }
    }
    return last
  }

  func lastSection(of a: ArrayNode) -> Section? {
    var last: Section? = a.header
    for case .object(let o) in a.elements { last = lastSection(of: o) ?? last }
    return last
  }

  // MARK: rows

  /// A slider's or a number's options the schema gives and `x-formrun.options`
  /// does not: `minimum`, `maximum` (a slider's both or neither, within a
  /// slider's ±10^15) and, for an integer, whole steps.
  func bounds(of facet: Facet, integer: Bool, slider: Bool, over given: [(String, Value)]) -> [(String, Value)] {
    let limit = slider ? 1e15 : 1e300
    func bound(_ key: String) -> Value? {
      guard let v = facet[key], let n = v.number, abs(n) <= limit else { return nil }
      return v
    }
    let taken = Set(given.map(\.0))
    var out: [(String, Value)] = []
    let (min, max) = (bound("minimum"), bound("maximum"))
    if slider {
      // a slider needs both ends; either end given by the options keeps the other's default
      if let min, let max, !taken.contains("min"), !taken.contains("max") {
        out += [("min", min), ("max", max)]
      } else if let min, !taken.contains("min"), taken.contains("max") {
        out.append(("min", min))
      } else if let max, !taken.contains("max"), taken.contains("min") {
        out.append(("max", max))
      }
      if integer, !taken.contains("step") { out.append(("step", .int(1))) }
    } else {
      if let min, !taken.contains("min") { out.append(("min", min)) }
      if let max, !taken.contains("max") { out.append(("max", max)) }
      if integer, !taken.contains("decimals") { out.append(("decimals", .int(0))) }
    }
    return out
  }

  /// What kind a row of this facet is, its options, and how its values convert.
  func kind(of facet: Facet) -> (String?, [(String, Value)], Codec) {
    let integer = facet.types.subtracting(["null"]) == ["integer"]
    if let x = facet.formrun, let kind = x["kind"]?.string ?? (x["mask"] != nil ? "masked" : nil) {
      var options: [(String, Value)] = []
      if case .record(let o)? = x["options"] { options = o.map { ($0.key, $0.value) } }
      if let mask = x["mask"] { options.append(("format", mask)) }
      if kind == "float" || kind == "number" {
        options += bounds(of: facet, integer: integer, slider: kind == "float", over: options)
      }
      return (kind, options, integer ? .integer : .plain)
    }
    // null is no option: an empty choice is null
    if let values = facet["enum"]?.list?.filter({ !$0.isNull }), !values.isEmpty {
      let choices = Codec.choices(values)
      return ("radio", [("options", .list(choices.map { .string($0.label) }))], .choice(choices))
    }
    if let c = facet["const"] {
      let choices = Codec.choices([c], titles: [facet.title])
      return ("radio", [("options", .list(choices.map { .string($0.label) }))], .choice(choices))
    }
    if let labelled = facet.labelledConstants(in: schema)?.filter({ !$0.value.isNull }), !labelled.isEmpty {
      let choices = Codec.choices(labelled.map(\.value), titles: labelled.map(\.title))
      return ("radio", [("options", .list(choices.map { .string($0.label) }))], .choice(choices))
    }
    let types = facet.types.subtracting(["null"])
    // an enum beside a pattern (tsconfig's `target`): its values are the
    // options; another value the schema allows makes the row a JSON row
    if let offered = facet.offeredEnum(in: schema), types.isSubset(of: ["string"]) || offered.strings {
      let values = offered.values.filter { !$0.isNull }
      if !values.isEmpty, values.allSatisfy({ $0.string != nil }) {
        let choices = Codec.choices(values)
        return ("radio", [("options", .list(choices.map { .string($0.label) }))], .choice(choices))
      }
    }
    switch types {
    case ["string"]:
      switch facet["format"]?.string {
      case "date": return ("date", [("mode", .string("date"))], .plain)
      case "time": return ("date", [("mode", .string("time"))], .moment(dateTime: false))
      case "date-time": return ("date", [("mode", .string("datetime"))], .moment(dateTime: true))
      default: break
      }
      let long = facet["contentMediaType"]?.string == "text/plain" || (facet["maxLength"]?.number ?? 0) > 300
      var options: [(String, Value)] = []
      if let n = facet["maxLength"]?.number, n <= 1e9 { options.append(("max_length", .int(Int(n)))) }
      if long { return ("longtext", options, .plain) }
      if facet["writeOnly"] == .bool(true) { options.append(("secure", .bool(true))) }
      return ("text", options, .plain)
    case ["integer"], ["number", "integer"]:
      var options: [(String, Value)] = []
      if types == ["integer"] { options.append(("decimals", .int(0))) }
      if let m = facet["minimum"], m.number.map({ abs($0) < 1e300 }) == true { options.append(("min", m)) }
      if let m = facet["maximum"], m.number.map({ abs($0) < 1e300 }) == true { options.append(("max", m)) }
      return ("number", options, integer ? .integer : .plain)
    case ["boolean"]: return ("bool", [("unset", .bool(true))], .plain)
    case ["array"]:
      if let at = itemsPlaces(facet), facet["uniqueItems"] == .bool(true) {
        let items = Facet.of(at, in: schema)
        var values: [Value]? = items["enum"]?.list
        var titles: [String?] = []
        if values == nil, let labelled = items.labelledConstants(in: schema) {
          values = labelled.map(\.value)
          titles = labelled.map(\.title)
        }
        if let values, !values.isEmpty {
          let choices = Codec.choices(values, titles: titles)
          return ("multiple", [("options", .list(choices.map { .string($0.label) }))], .choices(choices))
        }
      }
    default: break
    }
    return (nil, [], .json)
  }

  /// A row of this facet, not yet in a section (`place` puts it there once its holder knows it).
  func row(_ key: String, facet: Facet, places: [JSONPointer], holder: Holder, json: Bool = false) -> RowNode {
    let form = form!
    let (kindName, options, codec) = json ? (nil, [], .json) : kind(of: facet)
    let made: any ItemKind = kindName.flatMap { form.kinds[$0] } ?? JSONKind()
    // untitled, a property is called by its key, the document's own row (a scalar root) by its name
    var label = facet.title ?? (key.isEmpty && holder.isWrapperRoot ? "value" : key)
    if facet.deprecated { label = say("schemaform.deprecated", ["title": label]) }
    let item = Item(kind: made, title: label)
    for (k, v) in options { _ = item.setOption(k, to: v) }
    // a switch nobody set is neither on nor off (and stays out of the document)
    if !item.value.isNull, case .value(let empty) = item.kind.accept(.null, for: item), empty.isNull {
      item.assign(.null)
    }
    let node = RowNode(
      key: key, holder: holder, item: item, codec: made is JSONKind ? .json : codec, places: places,
      nullable: !places.isEmpty && places.allSatisfy { schema.accepts(.null, against: $0) })
    if case .object(let o) = holder {
      node.required.always = o.node.isRequired(key)
      node.required.now = node.required.always
    }
    item.description = describe(facet)
    if let x = facet.formrun {
      if let p = x["placeholder"]?.string { item.placeholder = p }
      if let h = x["hint"]?.string { item.description = h }
    }
    if facet["readOnly"] == .bool(true) { item.enabled = false }
    item.validators = [RequiredCheck(node: node, flag: node.required), SchemaRowCheck(node: node, schema: schema)]
    rows[ObjectIdentifier(item)] = node
    offerDefault(node, facet: facet)
    return node
  }

  /// The description, with an enum's `enumDescriptions` as a line for each option.
  func describe(_ facet: Facet) -> String? {
    var text = facet.description
    let hints = (facet["enumDescriptions"] ?? facet["markdownEnumDescriptions"])?.list
    if let hints, let values = facet["enum"]?.list, hints.count == values.count {
      let lines = zip(values, hints).compactMap { v, h -> String? in
        guard let h = h.string, !h.isEmpty else { return nil }
        return say("schemaform.option_hint", ["value": v.string ?? JSON.encode(v), "hint": Facet.paragraphs(h)])
      }
      if !lines.isEmpty {
        text = ((text.map { [$0] } ?? []) + [lines.joined(separator: "\n")]).joined(separator: "\n\n")
      }
    }
    return text
  }

  /// A `default` (or the one value of a `const`) offered: shown as the
  /// placeholder, given only when someone takes it.
  func offerDefault(_ node: RowNode, facet: Facet) {
    let item = node.item
    var offered = facet["default"]
    if offered == nil, case .choice(let c) = node.codec, c.count == 1, facet["const"] != nil { offered = c[0].value }
    if let d = offered, let v = node.codec.row(d) {
      let parsed = v.string.map { item.kind.parse($0, for: item) } ?? item.kind.accept(v, for: item)
      if case .value(let x) = parsed, !x.isNull {
        item.defaultValue = x
        // (kept as the document's value while the row holds it: `1.0` stays `1.0`)
        node.offered = (x, d)
      }
    }
    if item.placeholder == nil {
      let words = { [weak self, weak item, weak node] in
        guard let self, let item, let node else { return }
        if let x = node.offered?.row {
          let shown = item.kind.display(x, for: item)
          item.placeholder = self.say("schemaform.default", ["value": shown.isEmpty ? JSON.encode(x) : shown])
        } else if let example = facet["examples"]?.list?.first {
          item.placeholder = self.say("schemaform.example", ["value": example.string ?? JSON.encode(example)])
        }
      }
      words()
      worded.append(words)
    }
  }

  /// Put a row in its section (before the adders, which stay last) under its name.
  func place(_ r: RowNode, in section: Section, before adder: Item?, at index: Int? = nil) {
    // (the document's key "" makes a row with no name)
    try? r.item.rename(r.name.isEmpty ? nil : r.name)
    let at = index ?? adder.flatMap { a in section.items.firstIndex { $0 === a } }
    if (try? section.insert(r.item, at: at)) == nil {
      // a name another row has (a property spelt as another's path): the row goes unnamed
      try? r.item.rename(nil)
      try? section.insert(r.item, at: at)
    }
  }

  /// Give a row a value as a script does (no `on_change`), read by its kind.
  func set(_ node: RowNode, _ v: Value) {
    let item = node.item
    let parsed = v.string.map { item.kind.parse($0, for: item) } ?? item.kind.accept(v, for: item)
    if case .value(let x) = parsed { item.assign(x) }
  }

  // MARK: arrays

  func array(_ key: String, facet: Facet, items: Facet, in object: ObjectNode) -> ArrayNode {
    let header = Section(header: facet.title ?? (key.isEmpty ? nil : key))
    header.footer = facet.description
    insert(header, after: object)
    let a = ArrayNode(key: key, owner: object, facet: facet, itemFacet: items, header: header, title: items.title)
    let add = form!.newItem(kind: "item")!
    let retitle = { [weak self, weak add, weak a] in
      guard let self, let add, let a else { return }
      add.title = self.say("schemaform.add_element", ["noun": self.noun(a)])
      self.renumber(a, from: 0)
    }
    add.onWillSelect = Action { [weak self, weak a] _ in
      guard let self, let a, let max = a.maxItems, a.elements.count >= max else { return .returned([]) }
      return .returned([.string(self.say("schemaform.at_most", ["array": a.header.header ?? key, "max": String(max)]))])
    }
    add.onSelect = Action { [weak self, weak a] _ in
      if let self, let a {
        a.touched = true
        self.made = self.addElement(to: a, at: a.elements.count).flatMap {
          switch $0 {
          case .row(let r): return r.item
          case .object(let o): return o.section.items.first { !$0.hidden }
          }
        }
      }
      return .returned([])
    }
    a.add = add
    try? header.append(add)
    retitle()
    worded.append(retitle)
    // a person adds the elements `minItems` asks for (a few are made at the
    // start); more than a person can make is refused, naming the place
    if a.minItems > Self.maxStartElements {
      let at = facet.places.first { schema.value($0)?["minItems"] != nil }?.appending("minItems")
      refusal =
        refusal
        ?? SchemaError(
          file: "", at: at,
          message: "'minItems' \(a.minItems) asks for more elements than formrun makes at the start of a form"
            + " (at most \(Self.maxStartElements))", kind: .bound)
    } else {
      for _ in 0..<min(a.minItems, Self.elementsAtOnce) { addElement(to: a, at: a.elements.count) }
    }
    return a
  }

  /// What an array's element is called.
  func noun(_ a: ArrayNode) -> String { a.title ?? say("schemaform.item") }

  /// A new element of an array at `index` (0-based): its section and rows, or its row.
  @discardableResult
  func addElement(to a: ArrayNode, at index: Int) -> ArrayNode.Element? {
    guard let form else { return nil }
    if !a.holdsObjects {
      let r = row("", facet: a.itemFacet, places: a.itemFacet.places, holder: .element(Up(a)))
      a.elements.insert(.row(r), at: index)
      let before =
        a.elements.dropFirst(index + 1).first.map { e -> Item? in
          if case .row(let next) = e { return next.item }
          return nil
        } ?? a.add
      place(r, in: a.header, before: before)
      elementActions(r.item, of: a, element: .row(r))
      renumber(a, from: index)
      if !building { refreshOwn(a.owner) }
      return .row(r)
    }
    let section = Section(header: "")
    let element = ObjectNode(role: .element(Up(a)), facet: a.itemFacet, section: section)
    a.elements.insert(.object(element), at: index)
    // the elements' sections follow the array's own, in order (an element holds no nested section)
    // (the one before it is the last of them: not every earlier one looked up, n² for a document's n)
    var at = (form.sections.firstIndex { $0 === a.header } ?? form.sections.count - 1) + 1
    if index > 0, case .object(let o) = a.elements[index - 1] {
      at = max(at, (form.sections.firstIndex { $0 === o.section } ?? at - 1) + 1)
    }
    _ = try? form.insertSection(section, at: at)
    section.onInsert = Action { [weak self, weak a, weak element] _ in
      guard let self, let a, let element, let i = a.index(of: element) else { return .returned([]) }
      if let max = a.maxItems, a.elements.count >= max {
        return .returned([
          .string(self.say("schemaform.at_most", ["array": a.header.header ?? a.key, "max": String(max)]))
        ])
      }
      a.touched = true
      self.addElement(to: a, at: i)
      return .returned([])
    }
    renumber(a, from: index)
    fill(element)
    for case .row(let r) in element.children.map(\.node) { elementActions(r.item, of: a, element: .object(element)) }
    if !building { refresh(element, deep: true) }
    return .object(element)
  }

  /// A row of an element deletes the element.
  func elementActions(_ item: Item, of a: ArrayNode, element: ArrayNode.Element) {
    let target: AnyObject
    switch element {
    case .object(let o): target = o
    case .row(let r): target = r
    }
    item.rowActions.deletable = true
    item.rowActions.onDelete = Action { [weak self, weak a, weak target] _ in
      guard let self, let a, let target else { return .returned([]) }
      if a.elements.count <= a.minItems {
        return .returned([
          .string(self.say("schemaform.at_least", ["array": a.header.header ?? a.key, "min": String(a.minItems)]))
        ])
      }
      a.touched = true
      if let o = target as? ObjectNode {
        self.removeElement(.object(o), from: a)
      } else if let r = target as? RowNode {
        self.removeElement(.row(r), from: a)
      }
      return .returned([.bool(true)])
    }
  }

  func removeElement(_ element: ArrayNode.Element, from a: ArrayNode) {
    let i: Int?
    switch element {
    case .object(let o):
      i = a.index(of: o)
      form?.removeSection(o.section)
    case .row(let r):
      i = a.index(of: r)
      rows[ObjectIdentifier(r.item)] = nil
      r.item.section?.remove(r.item)
    }
    guard let i else { return }
    a.elements.remove(at: i)
    renumber(a, from: i)
    if !building { refreshOwn(a.owner) }
  }

  /// Headers, titles and row names follow the elements' places.
  func renumber(_ a: ArrayNode, from index: Int) {
    guard index < a.elements.count else { return }
    let later = a.elements[index...]
    // two passes: no name is taken twice on the way
    for e in later { rename(e) { "\u{1}" + $0 } }
    for (offset, e) in later.enumerated() {
      let n = String(index + offset + 1)
      switch e {
      case .object(let o): o.section.header = say("schemaform.element", ["noun": noun(a), "number": n])
      case .row(let r): r.item.title = say("schemaform.element", ["noun": noun(a), "number": n])
      }
      rename(e) { $0 }
    }
  }

  func rename(_ e: ArrayNode.Element, _ name: (String) -> String) {
    switch e {
    case .row(let r): try? r.item.rename(name(r.name))
    case .object(let o): renameNested(o, name)
    }
  }

  func renameNested(_ o: ObjectNode, _ name: (String) -> String) {
    for (_, n) in o.children {
      switch n {
      case .row(let r): try? r.item.rename(name(r.name))
      case .object(let child): renameNested(child, name)
      case .array(let child): for e in child.elements { rename(e, name) }
      }
    }
  }

  // MARK: conditions

  /// Whether an object is in the document: given by one, or something in it set.
  func present(_ object: ObjectNode) -> Bool { object.given || !document(object).isEmpty }

  /// Whether the document needs this object (so its `required` holds): it
  /// is there, or its object requires it and is needed itself.
  func needed(_ object: ObjectNode) -> Bool {
    switch object.role {
    case .root: return true
    case .element(let a):
      let array = a.node
      return array.present || (array.owner.isRequired(array.key) && needed(array.owner))
    case .property(let parent, let key):
      return present(object) || (parent.node.isRequired(key) && needed(parent.node))
    }
  }

  /// Required flags and branch rows follow the object's values (`deep`: and those of every object in it).
  func refresh(_ object: ObjectNode, deep: Bool) {
    let doc = Value.record(document(object))
    var arraysChanged: [ArrayNode] = []
    for case (let key, .array(let a)) in object.children {
      let now = doc[key] != nil
      if a.present != now {
        a.present = now
        arraysChanged.append(a)
      }
    }
    var requiredNow = Set(object.facet.required)
    var holds: [Bool] = []
    for c in object.conditions {
      let yes = schema.accepts(doc, against: c.ifPlace)
      holds.append(yes)
      requiredNow.formUnion((yes ? c.then : c.else)?.required ?? [])
    }
    // an object the document may leave out requires nothing until it is there
    if !needed(object) { requiredNow = [] }
    for place in object.facet.places {
      guard case .record(let deps)? = schema.value(place)?["dependentRequired"] else { continue }
      for d in deps where doc[d.key] != nil { requiredNow.formUnion(d.value.list?.compactMap(\.string) ?? []) }
    }
    // which node of each property shows: its branch holds, or (none holds) it has a value
    var shownKeys = Set<String>()
    let branchHolds = { (b: (condition: Int, when: Bool)?) -> Bool in b.map { holds[$0.condition] == $0.when } ?? true }
    for (key, n) in object.children where !shownKeys.contains(key) {
      if branchHolds(branch(of: n)) {
        shownKeys.insert(key)
      }
    }
    var decided = Set<String>()
    var counted = Set<String>()
    var variants = Set<String>()
    for (key, _) in object.children where !counted.insert(key).inserted { variants.insert(key) }
    for (key, n) in object.children {
      let shown: Bool
      if decided.contains(key) {
        shown = false
      } else if shownKeys.contains(key) {
        shown = branchHolds(branch(of: n))
      } else {
        shown = hasValue(n)
      }
      if shown { decided.insert(key) }
      if shown, variants.contains(key), !holdsNames(n) { claimNames(n, in: object) }
      setShown(n, shown)
      guard case .row(let r) = n else { continue }
      let now = requiredNow.contains(key)
      if r.required.now != now {
        r.required.now = now
        // the row's mark and title width follow its validators
        r.item.validators = r.item.validators
        form?.validate(r.item)
      }
    }
    for a in arraysChanged where !deep { for case .object(let e) in a.elements { refresh(e, deep: true) } }
    guard deep else { return }
    for (_, n) in object.children {
      switch n {
      case .row: break
      case .object(let child): refresh(child, deep: true)
      case .array(let a): for case .object(let e) in a.elements { refresh(e, deep: true) }
      }
    }
  }

  func branch(of n: Node) -> (condition: Int, when: Bool)? {
    switch n {
    case .row(let r): return r.branch
    case .object(let o): return o.branch
    case .array(let a): return a.branch
    }
  }

  /// A node with a value in the document, or one a document gave.
  func hasValue(_ n: Node) -> Bool {
    switch n {
    case .row(let r): return r.kept != nil || r.codec.json(r.item.value) != nil
    case .object(let o): return present(o)
    case .array(let a):
      // (whether shown or not: a hidden array a document gave stays in sight)
      return a.given || a.touched
        || a.elements.contains { e in
          switch e {
          case .row(let r): return hasValue(.row(r))
          case .object(let o): return !document(o).isEmpty
          }
        }
    }
  }

  /// Whether a node's first row has its name (a branch's node may have given it to another's).
  func holdsNames(_ n: Node) -> Bool {
    switch n {
    case .row(let r): return r.item.name == r.name
    case .object(let o): return o.children.first.map { holdsNames($0.node) } ?? true
    case .array(let a):
      switch a.elements.first {
      case .row(let r)?: return r.item.name == r.name
      case .object(let o)?: return holdsNames(.object(o))
      case nil: return true
      }
    }
  }

  /// A property's node of the branch that now holds takes the rows' names
  /// from the node of another branch (one name, one row: the shown one's).
  func claimNames(_ n: Node, in object: ObjectNode) {
    let key = object.children.first { same($0.node, n) }?.key
    for (k, other) in object.children where k == key && !same(other, n) { names(of: other, { _ in nil }) }
    names(of: n) { $0 }
  }

  func same(_ a: Node, _ b: Node) -> Bool {
    switch (a, b) {
    case (.row(let x), .row(let y)): return x === y
    case (.object(let x), .object(let y)): return x === y
    case (.array(let x), .array(let y)): return x === y
    default: return false
    }
  }

  /// Rename every row of a node: `name` of its proper name.
  func names(of n: Node, _ name: (String) -> String?) {
    switch n {
    case .row(let r): try? r.item.rename(name(r.name))
    case .object(let o):
      for (_, c) in o.children { names(of: c, name) }
    case .array(let a):
      for e in a.elements {
        switch e {
        case .row(let r): try? r.item.rename(name(r.name))
        case .object(let o): names(of: .object(o), name)
        }
      }
    }
  }

  func setShown(_ n: Node, _ shown: Bool) {
    switch n {
    case .row(let r): if r.item.hidden == shown { r.item.hidden = !shown }
    case .object(let o):
      if o.section.hidden == shown { o.section.hidden = !shown }
      // its nested sections with it (a branch's own waits for its object's refresh)
      for (_, c) in o.children where !shown || branch(of: c) == nil {
        if case .row = c { continue }
        setShown(c, shown)
      }
    case .array(let a):
      if a.header.hidden == shown { a.header.hidden = !shown }
      for case .object(let e) in a.elements {
        if e.section.hidden == shown { e.section.hidden = !shown }
      }
    }
  }

  /// After a row changed: its object's conditions, and every object above
  /// it (and all within an object that came into or went out of the document).
  public func changed(_ item: Item, in form: Form) {
    guard !building else { return }
    if let object = adders[ObjectIdentifier(item)] {
      added(item, to: object)
      return
    }
    guard let node = rows[ObjectIdentifier(item)] else { return }
    if let kept = node.kept, kept.row != item.value { node.kept = nil }
    var o: ObjectNode? = node.owner
    while let at = o {
      let was = at.wasPresent
      refreshOwn(at)
      let now = present(at)
      at.wasPresent = now
      if was != now { refreshDeep(at) }
      o = at.parent
    }
  }

  /// A person chose in an adder row: the property, key or shape it names.
  func added(_ item: Item, to object: ObjectNode) {
    guard let text = item.value.string, !text.isEmpty else { return }
    if item === object.shapeRow {
      if let i = object.shapes.firstIndex(where: { $0.title == text }) { choose(shape: i, of: object) }
      return
    }
    var n: Node?
    if item === object.addProperty {
      n = make(waiting: text, in: object)
    } else if item === object.addKey, object.child(text) == nil {
      n = make(waiting: text, in: object) ?? make(key: text, in: object)
    }
    item.assign(.null)
    refreshDeep(object)
    made = n.flatMap(firstRow)
  }

  /// The row a person would fill first in what a node made: its own row, or
  /// its section's first (a list's `Add item`, an object's first property).
  func firstRow(_ n: Node) -> Item? {
    switch n {
    case .row(let r): return r.item
    case .object(let o): return o.section.items.first { !$0.hidden }
    case .array(let a): return a.header.items.first { !$0.hidden }
    }
  }

  /// The first row the last adder made, once (see `DocumentShape.takeMade`).
  public func takeMade() -> Item? {
    defer { made = nil }
    return made
  }

  func refreshOwn(_ object: ObjectNode) {
    building = true
    defer { building = false }
    refresh(object, deep: false)
  }

  func refreshDeep(_ object: ObjectNode) {
    building = true
    defer { building = false }
    refresh(object, deep: true)
  }

  /// The form's words said again in its language (`Form.catalogue` changed).
  public func relabel(in form: Form) {
    for words in worded { words() }
  }
}
