import FormCore

extension SchemaForm {
  /// The document's fields from the rows: nested objects, arrays, values as
  /// the schema holds them; a row the form has beside the schema's (a
  /// script's) by its name.
  public func document(of form: Form) -> [Value.Field] {
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
    for (key, node) in object.children {
      switch node {
      case .row(let r):
        if let v = r.json { out.append(.init(key, v)) }
      case .object(let o):
        let d = document(o)
        if !d.isEmpty || object.isRequired(key) { out.append(.init(key, .record(d))) }
      case .array(let a):
        if !a.elements.isEmpty || object.isRequired(key) {
          out.append(.init(key, .list(a.elements.map { .record(document($0)) })))
        }
      }
    }
    if let extra = object.extra, case .record(let more)? = extra.json {
      for f in more where !out.contains(where: { $0.key == f.key }) { out.append(f) }
    }
    return out
  }

  /// Every way the whole document breaks the schema, one line each.
  public func problems(in document: [Value.Field]) -> [String] {
    let catalogue = form?.catalogue ?? .english
    return schema.checking { schema.validate(.record(document)) }.map { $0.sentence(in: catalogue) }
  }

  /// The row values a document sets (array elements are added as it needs
  /// them, rows only a branch names are shown), each value first checked
  /// against its part of the schema.
  public func assignments(from document: Value, in form: Form) -> Result<[Value.Field], DocumentError> {
    var out: [Value.Field] = []
    do throws(DocumentError) {
      // one budget for the whole document's checks
      try schema.checking { () throws(DocumentError) in try assign(document, to: root, into: &out) }
    } catch {
      return .failure(error)
    }
    return .success(out)
  }

  func assign(_ doc: Value, to object: ObjectNode, into out: inout [Value.Field]) throws(DocumentError) {
    let at = object.pointer
    guard case .record(let fields) = doc else {
      throw DocumentError("\(place(at)) must be an object (got \(jsonType(doc)))")
    }
    var others: [Value.Field] = []
    for f in fields {
      guard let node = object.children.first(where: { $0.key == f.key })?.node else {
        others.append(f)
        continue
      }
      switch node {
      case .row(let r): try assign(f.value, to: r, into: &out)
      case .object(let o): try assign(f.value, to: o, into: &out)
      case .array(let a):
        guard case .list(let list) = f.value else {
          throw DocumentError("\(place(at.appending(f.key))) must be an array (got \(jsonType(f.value)))")
        }
        // the document's elements replace the array's, each made afresh (with its defaults)
        while let last = a.elements.last { removeElement(last, from: a) }
        for _ in list { addElement(to: a, at: a.elements.count) }
        for (e, v) in zip(a.elements, list) { try assign(v, to: e, into: &out) }
      }
    }
    if !others.isEmpty {
      let extra = object.extra ?? makeExtra(object)
      try assign(.record(others), to: extra, into: &out)
    }
  }

  func assign(_ v: Value, to r: RowNode, into out: inout [Value.Field]) throws(DocumentError) {
    if r.extra == false {
      for place in r.places {
        if let p = schema.validate(v, against: place, at: r.pointer).first {
          throw DocumentError(p.clause(in: form?.catalogue ?? .english))
        }
      }
    }
    guard var rowValue = r.codec.row(v) else {
      throw DocumentError("\(place(r.pointer)): a \(r.item.kind.name) row cannot hold \(JSON.encode(v))")
    }
    let item = r.item
    if case .refused = rowValue.string.map({ item.kind.parse($0, for: item) }) ?? item.kind.accept(rowValue, for: item)
    {
      // the schema accepts it but the row's kind cannot hold it (a line break in
      // one line of text, a number past 2^63): the row becomes a json row
      let fresh = Item(kind: JSONKind(), title: item.title, name: item.name)
      fresh.description = item.description
      fresh.placeholder = item.placeholder
      fresh.enabled = item.enabled
      fresh.validators = item.validators
      fresh.rowActions = item.rowActions
      try? item.adopt(fresh)
      r.codec = .json
      rowValue = .string(JSON.encode(v))
    }
    if r.item.hidden { r.item.hidden = false }
    if case .moment = r.codec {
      // kept as it came while the row keeps the value it became
      let parsed = r.item.kind.parse(rowValue.string ?? "", for: r.item)
      if case .value(let x) = parsed { r.kept = (x, v) }
    }
    if r.item.enabled {
      out.append(.init(r.name, rowValue))
    } else {
      set(r, rowValue)
    }
  }

  /// The elements and `Other properties` rows that names of rows (a draft's)
  /// need: an array gets elements up to the highest number named under it.
  public func makeRows(named names: [String], in form: Form) {
    grow(root, names: names)
  }

  func grow(_ object: ObjectNode, names: [String]) {
    if object.extra == nil, names.contains(object.prefix + "*") { _ = makeExtra(object) }
    for (key, node) in object.children {
      switch node {
      case .row: break
      case .object(let o): grow(o, names: names)
      case .array(let a):
        let head = object.prefix + key + "."
        var highest = 0
        for name in names where name.hasPrefix(head) {
          let rest = name.utf8.dropFirst(head.utf8.count)
          if let dot = rest.firstIndex(of: UInt8(ascii: ".")), let n = Int(String(Substring(rest[..<dot]))) {
            highest = max(highest, n)
          }
        }
        let wanted = min(highest, a.maxItems ?? Limits.sections, Limits.sections)
        while a.elements.count < wanted, addElement(to: a, at: a.elements.count) != nil {}
        for e in a.elements { grow(e, names: names) }
      }
    }
  }

  /// `Other properties`: a JSON row for the keys of a document the schema names no row for.
  func makeExtra(_ object: ObjectNode) -> RowNode {
    let item = Item(kind: JSONKind(), title: "Other properties", name: object.prefix + "*")
    let r = RowNode(key: "*", owner: object, item: item, codec: .json, places: [], nullable: false)
    r.extra = true
    item.description = "properties the schema does not name, as a JSON object"
    try? object.section.append(item)
    rows[ObjectIdentifier(item)] = r
    object.extra = r
    return r
  }

  /// A choice row's label for text that spells one of its values (`--set strategy=recreate`).
  public func typed(_ text: String, for item: Item) -> String? {
    guard let r = rows[ObjectIdentifier(item)], case .choice(let choices) = r.codec,
      !choices.contains(where: { $0.label == text })
    else { return nil }
    return choices.first { ($0.value.string ?? JSON.encode($0.value)) == text }?.label
  }

  func place(_ p: JSONPointer) -> String { p.tokens.isEmpty ? "the document" : p.description }
}
