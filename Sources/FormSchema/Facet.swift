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

  subscript(_ key: String) -> Value? { keywords[key] }

  /// The JSON types this facet allows (every type when it names none).
  var types: Set<String> {
    guard let t = keywords["type"] else { return Keywords.typeNames }
    let names = Set(t.list?.compactMap(\.string) ?? [t.string ?? ""])
    return names.contains("number") ? names.union(["integer"]) : names
  }

  var title: String? { keywords["title"]?.string }
  var description: String? { keywords["description"]?.string }
  var formrun: Value? { keywords["x-formrun"] }

  static func of(_ place: JSONPointer, in schema: Schema) -> Facet {
    var f = Facet()
    f.merge(place, schema, depth: 0)
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
      guard let branches = keywords[key]?.list, !branches.isEmpty else { continue }
      var out: [(Value, String?)] = []
      for (i, _) in branches.enumerated() {
        let b = Facet.of(places.first { schema.value($0)?[key] != nil }!.appending(key).appending(i), in: schema)
        guard let c = b["const"], b.properties.isEmpty,
          Set(b.keywords.keys).isSubset(of: ["const", "title", "description", "type"])
        else { return nil }
        out.append((c, b.title))
      }
      return out
    }
    return nil
  }
}
