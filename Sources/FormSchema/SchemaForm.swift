import FormCore

/// A form built from a JSON Schema, and the shape of the document it submits.
///
/// An object's properties become rows in declaration order; a nested object
/// becomes a section; an array of objects a section of repeated groups the
/// person adds (an `Add …` row, `insert`) and deletes (`delete N`); a
/// property no kind can hold a `json` row. Each row checks its value against
/// its part of the schema at every edit, and a submit checks the whole
/// document. Rows are named by their path: `spec.replicas`, `containers.1.image`.
public final class SchemaForm: DocumentShape {
  /// The schema the form was built from.
  public let schema: Schema
  var root: ObjectNode!
  weak var form: Form?
  var rows: [ObjectIdentifier: RowNode] = [:]
  var building = true
  /// What the build met that it cannot make (refused once the rows are made).
  var refusal: SchemaError?

  init(schema: Schema) { self.schema = schema }

  /// Build the form of `schema` into `form` (its rows after any it has) and
  /// make it the form's document shape.
  @discardableResult
  public static func build(_ schema: Schema, into form: Form) throws(SchemaError) -> SchemaForm {
    let shape = SchemaForm(schema: schema)
    shape.form = form
    let facet = Facet.of(JSONPointer(), in: schema)
    guard facet.types.contains("object"), !facet.properties.isEmpty else {
      throw SchemaError(
        file: "", at: JSONPointer(),
        message: "the schema describes no object properties: formrun makes a row of each property", kind: .unsupported)
    }
    if form.title == nil { form.title = facet.title }
    let section = Section()
    section.footer = facet.description
    _ = try? form.insertSection(section)
    shape.root = ObjectNode(role: .root, facet: facet, section: section)
    shape.fill(shape.root, in: form)
    if let refusal = shape.refusal { throw refusal }
    form.documentShape = shape
    shape.building = false
    shape.refresh(shape.root)
    return shape
  }

  // MARK: building

  /// The rows, sections and arrays of an object's properties.
  func fill(_ object: ObjectNode, in form: Form) {
    for p in object.facet.properties {
      object.children.append((p.key, node(p.key, places: p.places, in: object, form: form)))
    }
    // properties only a branch of an if/then/else names: shown while that branch holds
    for place in object.facet.places where schema.value(place)?["if"] != nil {
      let then = schema.value(place)?["then"] != nil ? Facet.of(place.appending("then"), in: schema) : nil
      let otherwise = schema.value(place)?["else"] != nil ? Facet.of(place.appending("else"), in: schema) : nil
      let index = object.conditions.count
      object.conditions.append((place.appending("if"), then, otherwise))
      for (branch, facet) in [(true, then), (false, otherwise)] {
        for p in facet?.properties ?? [] where !object.children.contains(where: { $0.key == p.key }) {
          let n = node(p.key, places: p.places, in: object, form: form)
          if case .row(let r) = n {
            r.branch = (index, branch)
            r.item.hidden = true
          }
          object.children.append((p.key, n))
        }
      }
    }
  }

  func node(_ key: String, places: [JSONPointer], in object: ObjectNode, form: Form) -> Node {
    var facet = Facet()
    for p in places { facet.merge(p, schema, depth: 0) }
    let types = facet.types
    // inside an array's element, nested objects and arrays are JSON rows (sections do not nest)
    var inElement = false
    var up: ObjectNode? = object
    while let o = up {
      if case .element = o.role { inElement = true }
      up = o.parent
    }
    if facet.formrun?["kind"] == nil, !inElement {
      if types.subtracting(["null"]) == ["object"], !facet.properties.isEmpty, !recurs(facet, below: object) {
        let section = Section(header: facet.title ?? key)
        section.footer = facet.description
        _ = try? form.insertSection(section)
        let child = ObjectNode(role: .property(Up(object), key), facet: facet, section: section)
        fill(child, in: form)
        return .object(child)
      }
      if types.subtracting(["null"]) == ["array"], let itemsPlace = itemsPlace(facet) {
        let items = Facet.of(itemsPlace, in: schema)
        if items.types.subtracting(["null"]) == ["object"], !items.properties.isEmpty {
          return .array(array(key, facet: facet, items: items, in: object, form: form))
        }
      }
    }
    return .row(row(key, facet: facet, places: places, in: object, form: form))
  }

  /// Whether an object is one reached again through `$ref` (a place of its
  /// facet is an enclosing object's, as in a linked list or `{"$ref": "#"}`):
  /// its sections would nest without end, so it is a JSON row.
  func recurs(_ facet: Facet, below object: ObjectNode) -> Bool {
    var at: ObjectNode? = object
    var depth = 0
    while let o = at {
      if depth >= Self.maxNesting || o.facet.places.contains(where: facet.places.contains) { return true }
      at = o.parent
      depth += 1
    }
    return false
  }

  /// Sections nest at most this deep.
  static let maxNesting = 32
  /// The most elements of an array of objects made when the form is built (`minItems`).
  static let maxStartElements = 1000

  func itemsPlace(_ facet: Facet) -> JSONPointer? {
    guard let at = facet.places.first(where: { schema.value($0)?["items"] != nil }),
      schema.value(at)?["items"]?.list == nil, schema.value(at)?["prefixItems"] == nil
    else { return nil }
    return at.appending("items")
  }

  /// What kind a row of this facet is, its options, and how its values convert.
  func kind(of facet: Facet, form: Form) -> (String?, [(String, Value)], Codec) {
    if let x = facet.formrun, let kind = x["kind"]?.string {
      var options: [(String, Value)] = []
      if case .record(let o)? = x["options"] { options = o.map { ($0.key, $0.value) } }
      if let mask = x["mask"] { options.append(("format", mask)) }
      return (kind, options, .plain)
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
      return ("number", options, .plain)
    case ["boolean"]: return ("bool", [], .plain)
    case ["array"]:
      if let at = itemsPlace(facet), facet["uniqueItems"] == .bool(true) {
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

  func row(_ key: String, facet: Facet, places: [JSONPointer], in object: ObjectNode, form: Form) -> RowNode {
    let (kindName, options, codec) = kind(of: facet, form: form)
    let made: any ItemKind = kindName.flatMap { form.kinds[$0] } ?? JSONKind()
    let item = Item(kind: made, title: facet.title ?? key, name: object.prefix + key)
    for (k, v) in options { _ = item.setOption(k, to: v) }
    let node = RowNode(
      key: key, owner: object, item: item, codec: made is JSONKind ? .json : codec, places: places,
      nullable: places.allSatisfy { schema.accepts(.null, against: $0) })
    node.required.always = object.isRequired(key)
    node.required.now = node.required.always
    item.description = facet.description
    if let x = facet.formrun {
      if let p = x["placeholder"]?.string { item.placeholder = p }
      if let h = x["hint"]?.string { item.description = h }
    }
    if item.placeholder == nil, let example = facet["examples"]?.list?.first {
      item.placeholder = example.string ?? JSON.encode(example)
    }
    if facet["readOnly"] == .bool(true) { item.enabled = false }
    item.validators = [RequiredCheck(node: node, flag: node.required), SchemaRowCheck(node: node, schema: schema)]
    try? object.section.append(item)
    rows[ObjectIdentifier(item)] = node
    var initial = facet["default"]
    if initial == nil, case .choice(let c) = codec, c.count == 1, facet["const"] != nil { initial = c[0].value }
    if let d = initial, let v = node.codec.row(d) { set(node, v) }
    return node
  }

  /// Give a row a value as a script does (no `on_change`), read by its kind.
  func set(_ node: RowNode, _ v: Value) {
    let item = node.item
    let parsed = v.string.map { item.kind.parse($0, for: item) } ?? item.kind.accept(v, for: item)
    if case .value(let x) = parsed { item.assign(x) }
  }

  func array(_ key: String, facet: Facet, items: Facet, in object: ObjectNode, form: Form) -> ArrayNode {
    let header = Section(header: facet.title ?? key)
    header.footer = facet.description
    _ = try? form.insertSection(header)
    let noun = items.title ?? "item"
    let a = ArrayNode(key: key, owner: object, facet: facet, itemFacet: items, header: header, noun: noun)
    let add = Item(kind: form.kinds["item"]!, title: "Add \(noun.lowercased() == noun ? noun : noun)")
    add.onWillSelect = Action { [weak a] _ in
      guard let a, let max = a.maxItems, a.elements.count >= max else { return .returned([]) }
      return .returned([.string("\(a.header.header ?? key) takes at most \(max).")])
    }
    add.onSelect = Action { [weak self, weak a] _ in
      if let self, let a { self.addElement(to: a, at: a.elements.count) }
      return .returned([])
    }
    a.add = add
    try? header.append(add)
    // the elements `minItems` asks for are made at the start: only so many
    if a.minItems > Self.maxStartElements {
      let at = facet.places.first { schema.value($0)?["minItems"] != nil }?.appending("minItems")
      refusal =
        refusal
        ?? SchemaError(
          file: "", at: at,
          message: "'minItems' \(a.minItems) asks for more elements than formrun makes at the start of a form"
            + " (at most \(Self.maxStartElements))", kind: .bound)
    } else {
      for _ in 0..<a.minItems { addElement(to: a, at: a.elements.count) }
    }
    return a
  }

  /// A new element of an array at `index` (0-based): its section and rows.
  @discardableResult
  func addElement(to a: ArrayNode, at index: Int) -> ObjectNode? {
    guard let form else { return nil }
    let section = Section(header: "")
    let element = ObjectNode(role: .element(Up(a)), facet: a.itemFacet, section: section)
    a.elements.insert(element, at: index)
    // the elements' sections follow the array's own, in order (an element holds no nested section)
    let at = (form.sections.firstIndex { $0 === a.header } ?? form.sections.count - 1) + 1 + index
    _ = try? form.insertSection(section, at: at)
    section.onInsert = Action { [weak self, weak a, weak element] _ in
      guard let self, let a, let element, let i = a.index(of: element) else { return .returned([]) }
      if let max = a.maxItems, a.elements.count >= max {
        return .returned([.string("\(a.header.header ?? a.key) takes at most \(max).")])
      }
      self.addElement(to: a, at: i)
      return .returned([])
    }
    renumber(a, from: index)
    fill(element, in: form)
    for case .row(let r) in element.children.map(\.node) {
      r.item.rowActions.deletable = true
      r.item.rowActions.onDelete = Action { [weak self, weak a, weak element] _ in
        guard let self, let a, let element else { return .returned([]) }
        if a.elements.count <= a.minItems {
          return .returned([.string("\(a.header.header ?? a.key) needs at least \(a.minItems).")])
        }
        self.removeElement(element, from: a)
        return .returned([.bool(true)])
      }
    }
    if !building { refresh(element) }
    return element
  }

  func removeElement(_ element: ObjectNode, from a: ArrayNode) {
    guard let i = a.index(of: element) else { return }
    form?.removeSection(element.section)
    a.elements.remove(at: i)
    renumber(a, from: i)
  }

  /// Headers and row names follow the elements' places.
  func renumber(_ a: ArrayNode, from index: Int) {
    let later = a.elements[index...]
    // two passes: no name is taken twice on the way
    for e in later { for case .row(let r) in e.children.map(\.node) { try? r.item.rename("\u{1}" + r.name) } }
    for e in later {
      e.section.header = "\(a.noun) \((a.index(of: e) ?? 0) + 1)"
      for case .row(let r) in e.children.map(\.node) { try? r.item.rename(r.name) }
      renumberNested(e)
    }
  }

  func renumberNested(_ o: ObjectNode) {
    for (_, n) in o.children {
      switch n {
      case .row(let r): try? r.item.rename(r.name)
      case .object(let child): renumberNested(child)
      case .array(let child):
        for e in child.elements { renumberNested(e) }
      }
    }
  }

  // MARK: conditions

  /// Required flags and branch rows follow the object's values.
  func refresh(_ object: ObjectNode) {
    let doc = Value.record(document(object))
    var requiredNow = Set(object.facet.required)
    var holds: [Bool] = []
    for c in object.conditions {
      let yes = schema.accepts(doc, against: c.ifPlace)
      holds.append(yes)
      requiredNow.formUnion((yes ? c.then : c.else)?.required ?? [])
    }
    // an object the document may leave out requires nothing until one of its values is given
    if case .property(let parent, let key) = object.role, !parent.node.isRequired(key), doc == .record([]) {
      requiredNow = []
    }
    for place in object.facet.places {
      guard case .record(let deps)? = schema.value(place)?["dependentRequired"] else { continue }
      for d in deps where doc[d.key] != nil { requiredNow.formUnion(d.value.list?.compactMap(\.string) ?? []) }
    }
    for case (let key, .row(let r)) in object.children {
      let shown = r.branch.map { holds[$0.condition] == $0.when } ?? true || r.codec.json(r.item.value) != nil
      if r.item.hidden == shown { r.item.hidden = !shown }
      let now = requiredNow.contains(key)
      if r.required.now != now {
        r.required.now = now
        // the row's mark and title width follow its validators
        r.item.validators = r.item.validators
        form?.validate(r.item)
      }
    }
    for case .object(let child) in object.children.map(\.node) { refresh(child) }
    for case .array(let a) in object.children.map(\.node) { for e in a.elements { refresh(e) } }
  }

  /// After a row changed: its object's conditions, and every object above it.
  public func changed(_ item: Item, in form: Form) {
    guard !building, let node = rows[ObjectIdentifier(item)] else { return }
    var o: ObjectNode? = node.owner
    while let at = o {
      refreshOwn(at)
      o = at.parent
    }
  }

  func refreshOwn(_ object: ObjectNode) {
    building = true
    defer { building = false }
    refresh(object)
  }
}
