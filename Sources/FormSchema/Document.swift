import FormCore

extension SchemaForm {
  /// The document's fields from the rows: nested objects, arrays, values as
  /// the schema holds them, in the order a document gave them (then the
  /// schema's); a row the form has beside the schema's (a script's) by its
  /// name. A document that is no object is one field (`WholeDocument.key`).
  public func document(of form: Form) -> [Value.Field] {
    if root.isWrapper {
      guard let (_, n) = root.children.first, let v = value(of: n) else { return [] }
      return [.init(WholeDocument.key, v)]
    }
    var out = document(root)
    for section in form.sections where !section.hidden {
      for item in section.items where !item.hidden && item.kind.hasValue && rows[ObjectIdentifier(item)] == nil {
        if let name = item.name, !out.contains(where: { $0.key == name }) { out.append(.init(name, item.value)) }
      }
    }
    return out
  }

  func document(_ object: ObjectNode) -> [Value.Field] {
    var out: [Value.Field] = []
    var seen = Set<String>()
    for (key, node) in object.children where !seen.contains(key) {
      if let v = value(of: node) {
        out.append(.init(key, v))
        seen.insert(key)
      }
    }
    guard !object.order.isEmpty, out.count > 1 else { return out }
    // the document's keys in its order, then those added in the form in the schema's
    var rank: [String: Int] = [:]
    for (i, k) in object.order.enumerated() where rank[k] == nil { rank[k] = i }
    let given = out.filter { rank[$0.key] != nil }.sorted { rank[$0.key]! < rank[$1.key]! }
    return given + out.filter { rank[$0.key] == nil }
  }

  /// A node's value in the document; nil when it is left out.
  func value(of node: Node) -> Value? {
    switch node {
    case .row(let r): return r.json
    case .object(let o):
      guard !o.section.hidden else { return nil }
      let d = document(o)
      return d.isEmpty && !o.given ? nil : .record(d)
    case .array(let a):
      guard !a.header.hidden else { return nil }
      var values: [Value] = []
      for e in a.elements {
        switch e {
        case .object(let o): values.append(.record(document(o)))
        case .row(let r): if let v = r.json { values.append(v) }
        }
      }
      // elements made ahead (for `minItems`) with nothing in them are no value yet
      let anything = values.contains { v in v.list.map { !$0.isEmpty } ?? (v.isRecordWithFields || !v.isRecord) }
      return a.given || a.touched || anything ? .list(values) : nil
    }
  }

  /// Every way the whole document breaks the schema, one line each.
  public func problems(in document: [Value.Field]) -> [String] {
    if root.isWrapper, document.isEmpty { return [say("schemaform.no_value")] }
    let catalogue = form?.catalogue ?? .english
    return schema.checking { schema.validate(WholeDocument.value(of: document)) }.map { $0.sentence(in: catalogue) }
  }

  /// The row values a document sets (rows, elements and keys are made as
  /// it needs them, the branch that holds for it chosen), each value first
  /// checked against its part of the schema.
  public func assignments(from document: Value, in form: Form) -> Result<[Value.Field], DocumentError> {
    var out: [Value.Field] = []
    let wasBuilding = building
    building = true
    reading = (document, nil)
    defer {
      building = wasBuilding
      reading = nil
      refreshDeep(root)
    }
    do throws(DocumentError) {
      // one budget for the whole document's checks
      try schema.checking { () throws(DocumentError) in
        if !root.shapes.isEmpty { chooseShape(for: document) }
        if root.isWrapper {
          if let (_, n) = root.children.first { try assign(document, to: n, key: "", in: root, into: &out) }
        } else {
          try assign(document, to: root, into: &out)
        }
      }
    } catch {
      return .failure(error)
    }
    return .success(out)
  }

  /// The shape a document has: the first branch that takes it, else the
  /// first of its JSON type.
  func chooseShape(for document: Value) {
    let branches = root.shapes
    let i =
      branches.firstIndex { schema.accepts(document, against: $0.place) }
      ?? branches.firstIndex { b in
        let f = Facet.of([JSONPointer(), b.place], in: schema)
        return f.types.contains(jsonType(document)) || (jsonType(document) == "integer" && f.types.contains("number"))
      } ?? 0
    choose(shape: i, of: root)
  }

  func assign(_ doc: Value, to object: ObjectNode, into out: inout [Value.Field]) throws(DocumentError) {
    guard case .record(let fields) = doc else {
      throw refusal(doc, at: object.pointer, against: object.facet.places)
        ?? said(.typeObject, at: object.pointer)
    }
    object.given = true
    object.order = fields.map(\.key)
    for f in fields {
      guard let node = node(for: f.key, given: doc, in: object) else {
        throw refusal(.record([f]), at: object.pointer, against: object.facet.places)
          ?? said(.falseSchema, at: object.pointer.appending(f.key))
      }
      try assign(f.value, to: node, key: f.key, in: object, into: &out)
    }
  }

  /// The node a document's key goes to: the property's (of the branch that
  /// holds for the document, when branches give it two), a waiting one made,
  /// or a key of a map (any key the schema allows, as a JSON row at worst).
  func node(for key: String, given doc: Value, in object: ObjectNode) -> Node? {
    let candidates = object.children.filter { $0.key == key }.map(\.node)
    if candidates.count == 1 { return candidates[0] }
    if candidates.count > 1 {
      for n in candidates {
        guard let b = branch(of: n) else { return n }
        if schema.accepts(doc, against: object.conditions[b.condition].ifPlace) == b.when { return n }
      }
      return candidates[0]
    }
    if let n = make(waiting: key, in: object) { return n }
    return make(key: key, in: object)
  }

  func assign(
    _ v: Value, to node: Node, key: String, in object: ObjectNode, into out: inout [Value.Field]
  ) throws(DocumentError) {
    // a key only a branch names, given a value another branch allows: the whole document is its check
    if object.branchKeys.contains(key), !places(of: node).allSatisfy({ schema.accepts(v, against: $0) }) {
      return try assign(v, to: asJSONRow(node, key: key, in: object, places: []), into: &out)
    }
    switch node {
    case .row(let r): try assign(v, to: r, into: &out)
    case .object(let o):
      guard case .record = v else { return try assign(v, to: asJSONRow(node, key: key, in: object), into: &out) }
      try assign(v, to: o, into: &out)
    case .array(let a):
      guard case .list(let list) = v,
        list.count <= Limits.sections,
        !a.holdsObjects || list.allSatisfy({ if case .record = $0 { return true } else { return false } })
      else { return try assign(v, to: asJSONRow(node, key: key, in: object), into: &out) }
      // the document's elements replace the array's, each made afresh
      while let last = a.elements.last { removeElement(last, from: a) }
      a.given = true
      for _ in list { addElement(to: a, at: a.elements.count) }
      for (e, v) in zip(a.elements, list) {
        switch e {
        case .object(let o): try assign(v, to: o, into: &out)
        case .row(let r): try assign(v, to: r, into: &out)
        }
      }
    }
  }

  /// A node that cannot hold a document's value (an object given text the
  /// schema also allows) becomes one JSON row in its place.
  func asJSONRow(_ n: Node, key: String, in object: ObjectNode, places given: [JSONPointer]? = nil) -> RowNode {
    let places = given ?? self.places(of: n)
    let branch = self.branch(of: n)
    let i = object.children.firstIndex { c in
      switch (c.node, n) {
      case (.row(let x), .row(let y)): return x === y
      case (.object(let x), .object(let y)): return x === y
      case (.array(let x), .array(let y)): return x === y
      default: return false
      }
    }
    remove(n)
    let r = row(key, facet: Facet.of(places, in: schema), places: places, holder: .object(Up(object)), json: true)
    r.branch = branch
    place(r, in: object.section, before: object.addProperty ?? object.addKey)
    if let i { object.children[i] = (key, .row(r)) } else { object.children.append((key, .row(r))) }
    return r
  }

  func assign(_ v: Value, to r: RowNode, into out: inout [Value.Field]) throws(DocumentError) {
    for place in r.places {
      guard let p = schema.validate(v, against: place, at: r.pointer).first else { continue }
      // the row's part alone refuses what the whole document holds (a
      // branch's part, an applicator the row cannot see): the whole is its check
      if wholeDocumentValid() {
        r.places = []
        break
      }
      throw DocumentError(p.clause(in: form?.catalogue ?? .english))
    }
    let item = r.item
    var rowValue: Value? = v.isNull ? .null : r.codec.row(v)
    var parsed: Parsed?
    if let given = rowValue {
      parsed = given.string.map { item.kind.parse($0, for: item) } ?? item.kind.accept(given, for: item)
    }
    if rowValue == nil || parsed == nil || { if case .refused = parsed! { return true } else { return false } }() {
      // the schema takes it but the row's kind cannot hold it (a line break
      // in one line of text, a value no option has): a JSON row holds it
      let fresh = Item(kind: JSONKind(), title: item.title, name: item.name)
      fresh.description = item.description
      fresh.placeholder = item.placeholder
      fresh.enabled = item.enabled
      fresh.validators = item.validators
      fresh.rowActions = item.rowActions
      try? item.adopt(fresh)
      r.codec = .json
      r.offered = nil
      rowValue = r.codec.row(v)
      parsed = item.kind.parse(rowValue?.string ?? "", for: item)
    }
    if item.hidden { item.hidden = false }
    // written back as it came while the row keeps the value it became
    if case .value(let x)? = parsed { r.kept = (x, v) }
    let given = rowValue ?? .null
    // set at once, so the branches that hold for the document show its rows;
    // given back too, to be set again by name as typed values are (a no-op
    // here; checked for control characters first)
    if case .value(let x)? = parsed, item.value != x { form?.setValue(item, x, origin: .user) }
    if item.enabled, item.name != nil { out.append(.init(r.name, given)) }
  }

  /// The rows that names of rows (a draft's, a typed line's) need: a
  /// waiting property made, an array's elements up to the number named, a
  /// map's key.
  public func makeRows(named names: [String], in form: Form) {
    let wasBuilding = building
    building = true
    for name in names where form.find(name) == nil { ensure(Substring(name), in: root) }
    building = wasBuilding
    if !building { refreshDeep(root) }
  }

  /// A typed name's row, when the schema names it (no key of a map is made for a typed word).
  public func makeRow(named name: String, in form: Form) {
    guard form.find(name) == nil else { return }
    let wasBuilding = building
    building = true
    ensure(Substring(name), in: root, keys: false)
    building = wasBuilding
    if !building { refreshDeep(root) }
  }

  /// Make what `rest` (a name after an object's prefix) needs in `object`
  /// (`keys`: a map's keys too, as a draft names them).
  func ensure(_ rest: Substring, in object: ObjectNode, keys: Bool = true) {
    guard !root.isWrapper || object !== root else {
      if case .array(let a)? = root.children.first?.node { ensure(rest, in: a, keys: keys) }
      return
    }
    // the longest key the name begins with: a property, a waiting one, else a map's key
    let known = object.children.map(\.key) + object.waiting.map(\.key)
    var key = known.filter { rest == $0 || rest.hasPrefix($0 + ".") }.max { $0.count < $1.count }
    // (a map's key by a typed name: below the root only, where a name has a dot)
    if key == nil, keys || (object !== root && takesKeys(object.facet)) {
      let first = String(rest.prefix { $0 != "." })
      // a map's key: up to the first dot when its values are objects or arrays, else the whole rest
      if let places = placesOfKey(first, in: object) {
        let f = Facet.of(places, in: schema)
        key = isObject(f) || f.types.subtracting(["null"]) == ["array"] ? first : String(rest)
      } else if placesOfKey(String(rest), in: object) != nil {
        key = String(rest)
      }
    }
    guard let key else { return }
    let n: Node?
    if let made = object.child(key) {
      n = made
    } else if let made = make(waiting: key, in: object) {
      n = made
    } else {
      n = make(key: key, in: object)
    }
    guard let n, rest.count > key.count else { return }
    let after = rest.dropFirst(key.count + 1)
    switch n {
    case .row: break
    case .object(let o): ensure(after, in: o, keys: keys)
    case .array(let a): ensure(after, in: a, keys: keys)
    }
  }

  func ensure(_ rest: Substring, in a: ArrayNode, keys: Bool = true) {
    guard let n = Int(rest.prefix { $0 != "." }), n >= 1 else { return }
    let wanted = min(n, a.maxItems ?? Limits.sections, Limits.sections)
    while a.elements.count < wanted, addElement(to: a, at: a.elements.count) != nil {}
    guard n <= a.elements.count, case .object(let o) = a.elements[n - 1] else { return }
    let after = rest.drop { $0 != "." }.dropFirst()
    if !after.isEmpty { ensure(after, in: o, keys: keys) }
  }

  /// A choice row's label for text that spells one of its values (`--set strategy=recreate`).
  public func typed(_ text: String, for item: Item) -> String? {
    guard let r = rows[ObjectIdentifier(item)], case .choice(let choices) = r.codec,
      !choices.contains(where: { $0.label == text })
    else { return nil }
    return choices.first { ($0.value.string ?? JSON.encode($0.value)) == text }?.label
  }

  /// Whether the whole schema takes the document being read (asked once).
  func wholeDocumentValid() -> Bool {
    guard let r = reading else { return false }
    if let valid = r.valid { return valid }
    let valid = schema.accepts(r.document)
    reading?.valid = valid
    return valid
  }

  /// The places that describe a node.
  func places(of n: Node) -> [JSONPointer] {
    switch n {
    case .row(let r): return r.places
    case .object(let o): return o.facet.places
    case .array(let a): return a.facet.places
    }
  }

  /// The schema's first word against a value at `pointer` (nil: it takes it).
  func refusal(_ v: Value, at pointer: JSONPointer, against places: [JSONPointer]) -> DocumentError? {
    for place in places {
      if let p = schema.validate(v, against: place, at: pointer).first {
        return DocumentError(p.clause(in: form?.catalogue ?? .english))
      }
    }
    return nil
  }

  /// A refusal of the form's own (the schema alone would take the value) in the form's words.
  func said(_ phrase: SchemaPhrase, at pointer: JSONPointer) -> DocumentError {
    DocumentError(
      SchemaProblem(instance: pointer, keyword: JSONPointer(), phrase: phrase, details: [:]).clause(
        in: form?.catalogue ?? .english))
  }
}

extension Value {
  var isRecord: Bool {
    if case .record = self { return true }
    return false
  }

  var isRecordWithFields: Bool {
    if case .record(let f) = self { return !f.isEmpty }
    return false
  }
}
