import FormCore

/// A subschema as the form is built from it: `$ref` followed and `allOf`
/// merged into one set of keywords (the first place to give a scalar keyword
/// wins; properties keep their first order; `required` and the places are
/// the union). Validation never reads a facet: it checks every place itself.
struct Facet {
  /// Every place merged in (the subschema, its `$ref` targets, its `allOf` branches).
  var places: [JSONPointer] = []
  /// The keywords other than `properties`, `required`, `$ref` and `allOf`, first one wins.
  var keywords: [String: Value] = [:]
  /// Each property's name with every place that describes it, in first-seen order.
  var properties: [(key: String, places: [JSONPointer])] = []
  /// Where each property is in `properties` (a merge is linear in them).
  var propertyIndex: [String: Int] = [:]
  var required: [String] = []
  /// False when a place is the `false` schema (nothing is valid).
  var possible = true
  /// The places of `oneOf`/`anyOf` lists met on the way (with the keyword).
  var alternatives: [(place: JSONPointer, keyword: String)] = []

  subscript(_ key: String) -> Value? { keywords[key] }

  /// The JSON types this facet allows (every type when it names none).
  var types: Set<String> {
    guard let t = keywords["type"] else { return Keywords.typeNames }
    let names = Set(t.list?.compactMap(\.string) ?? [t.string ?? ""])
    return names.contains("number") ? names.union(["integer"]) : names
  }

  var title: String? { keywords["title"]?.string.map(Self.paragraphs) }
  /// The description, else an editor's `markdownDescription`, its line breaks kept as paragraphs.
  var description: String? {
    (keywords["description"]?.string ?? keywords["markdownDescription"]?.string).map(Self.paragraphs)
  }
  var formrun: Value? { keywords["x-formrun"] }
  /// Marked `deprecated` (2019-09 on, and editors' schemas before).
  var deprecated: Bool { keywords["deprecated"] == .bool(true) || keywords["deprecationMessage"]?.string != nil }

  /// Text with its line breaks as the lines and paragraphs they are
  /// (drawn so, never as `\n`): each line's ends trimmed, a run of blank
  /// lines one paragraph break, none at either end.
  static func paragraphs(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    var out: [String] = []
    var blank = false
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let t = line.trimmingSpaces
      if t.isEmpty {
        blank = !out.isEmpty
        continue
      }
      if blank { out.append("") }
      blank = false
      out.append(t)
    }
    return out.joined(separator: "\n")
  }

  static func of(_ place: JSONPointer, in schema: Schema) -> Facet {
    var f = Facet()
    f.merge(place, schema, depth: 0)
    return f
  }

  static func of(_ places: [JSONPointer], in schema: Schema) -> Facet {
    var f = Facet()
    for p in places { f.merge(p, schema, depth: 0) }
    return f
  }

  mutating func merge(_ place: JSONPointer, _ schema: Schema, depth: Int) {
    guard depth < 32, !places.contains(place), let s = schema.value(place) else { return }
    places.append(place)
    guard case .record(let fields) = s else {
      if s == .bool(false) { possible = false }
      return
    }
    for field in fields {
      switch field.key {
      case "$ref", "allOf", "properties", "required": break
      case "oneOf", "anyOf":
        alternatives.append((place, field.key))
        if keywords[field.key] == nil { keywords[field.key] = field.value }
      default: if keywords[field.key] == nil { keywords[field.key] = field.value }
      }
    }
    if case .record(let props)? = s["properties"] {
      for p in props {
        let at = place.appending("properties").appending(p.key)
        if let i = propertyIndex[p.key] {
          properties[i].places.append(at)
        } else {
          propertyIndex[p.key] = properties.count
          properties.append((p.key, [at]))
        }
      }
    }
    for name in s["required"]?.list?.compactMap(\.string) ?? [] where !required.contains(name) { required.append(name) }
    // (up to draft-07 the schema's view of a place with a $ref holds no siblings to merge)
    if let target = schema.refTarget(at: place) {
      merge(target, schema, depth: depth + 1)
    }
    for (i, _) in (s["allOf"]?.list ?? []).enumerated() {
      merge(place.appending("allOf").appending(i), schema, depth: depth + 1)
    }
  }

  /// The constants of a `oneOf`/`anyOf` whose every branch is `{const, title?}`: value and title.
  func labelledConstants(in schema: Schema) -> [(value: Value, title: String?)]? {
    for key in ["oneOf", "anyOf"] {
      guard let at = alternatives.first(where: { $0.keyword == key })?.place,
        let branches = schema.value(at)?[key]?.list, !branches.isEmpty
      else { continue }
      var out: [(Value, String?)] = []
      for (i, _) in branches.enumerated() {
        let b = Facet.of(at.appending(key).appending(i), in: schema)
        guard let c = b["const"] ?? b["enum"]?.list.flatMap({ $0.count == 1 ? $0[0] : nil }), b.properties.isEmpty,
          Set(b.keywords.keys).isSubset(of: Self.constantKeywords)
        else { return nil }
        out.append((c, b.title ?? b.description))
      }
      return out
    }
    return nil
  }

  static let constantKeywords: Set<String> = [
    "const", "enum", "title", "description", "markdownDescription", "type", "$comment", "deprecated",
  ]

  /// The options an enum inside an `anyOf`/`oneOf` offers beside free text
  /// that other branches allow (tsconfig's `target`: its values, or a
  /// pattern): the values, in order, whether other text is allowed too, and
  /// whether every branch takes strings only (then the row is text whatever
  /// `type` says, or when it says nothing).
  func offeredEnum(in schema: Schema) -> (values: [Value], open: Bool, strings: Bool)? {
    for (at, key) in alternatives {
      guard let branches = schema.value(at)?[key]?.list, branches.count > 1 else { continue }
      var values: [Value] = []
      var open = false
      var strings = true
      for (i, _) in branches.enumerated() {
        let b = Facet.of(at.appending(key).appending(i), in: schema)
        if let e = b["enum"]?.list {
          values += e.filter { v in !values.contains { jsonEqual($0, v) } }
          strings = strings && e.allSatisfy { $0.string != nil }
        } else if let c = b["const"] {
          if !values.contains(where: { jsonEqual($0, c) }) { values.append(c) }
          strings = strings && c.string != nil
        } else {
          open = true
          strings = strings && b["type"] != nil && b.types == ["string"]
        }
      }
      if !values.isEmpty { return (values, open, strings) }
    }
    return nil
  }
}
