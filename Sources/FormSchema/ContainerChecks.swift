import FormCore

/// The checks of arrays' and objects' keywords (items, properties and the
/// keywords that count or name them).
extension Checks {
  // MARK: arrays

  /// `items` up to 2019-09: one schema for every item, or one for each of the first items.
  static let items: KeywordCheck = { e, k in
    guard case .list(let a) = k.instance else { return }
    if let list = k.value.list {
      for (i, v) in a.enumerated().prefix(list.count) where !e.done {
        e.descend(list[i], k.place(String(i)), v, k.at.appending(i), k.scope)
      }
      e.evaluated.prefix = max(e.evaluated.prefix, min(a.count, list.count))
    } else {
      for (i, v) in a.enumerated() where !e.done { e.descend(k.value, k.place, v, k.at.appending(i), k.scope) }
      e.evaluated.allItems = true
    }
  }

  /// `additionalItems`: the items past an array `items`.
  static let additionalItems: KeywordCheck = { e, k in
    guard case .list(let a) = k.instance, let prefix = k.sibling("items")?.list else { return }
    for (i, v) in a.enumerated().dropFirst(prefix.count) where !e.done {
      e.descend(k.value, k.place, v, k.at.appending(i), k.scope)
    }
    if a.count > prefix.count { e.evaluated.allItems = true }
  }

  static let prefixItems: KeywordCheck = { e, k in
    guard case .list(let a) = k.instance, let list = k.value.list else { return }
    for (i, v) in a.enumerated().prefix(list.count) where !e.done {
      e.descend(list[i], k.place(String(i)), v, k.at.appending(i), k.scope)
    }
    e.evaluated.prefix = max(e.evaluated.prefix, min(a.count, list.count))
  }

  /// 2020-12's `items`: every item past `prefixItems` (an array, the tuple
  /// form of earlier drafts, is read as `prefixItems`).
  static let items2020: KeywordCheck = { e, k in
    if k.value.list != nil { return prefixItems(&e, k) }
    guard case .list(let a) = k.instance else { return }
    let skip = k.sibling("prefixItems")?.list?.count ?? 0
    for (i, v) in a.enumerated().dropFirst(skip) where !e.done {
      e.descend(k.value, k.place, v, k.at.appending(i), k.scope)
    }
    e.evaluated.allItems = true
  }

  static let contains: KeywordCheck = { e, k in
    guard case .list(let a) = k.instance else { return }
    let counted = k.scope.dialect.draft >= .draft2019
    let least = counted ? k.sibling("minContains")?.number ?? 1 : 1
    let most = counted ? k.sibling("maxContains")?.number : nil
    var found = 0
    for (i, v) in a.enumerated() {
      if e.budget.stopped != nil { return }
      guard e.valid(k.value, k.place, v, k.at.appending(i), k.scope) != nil else { continue }
      found += 1
      if k.scope.dialect.draft >= .draft2020 { e.evaluated.indices.insert(i) }
      if most == nil, Double(found) >= least, !e.schema.collectsAnnotations { break }
    }
    if Double(found) < least {
      if least == 1 {
        e.fail(k.at, k.place, .contains, ["place": k.place.fragment])
      } else {
        e.fail(
          k.at, k.place, .minContains,
          ["count": Value.formatNumber(least), "place": k.place.fragment, "found": String(found)])
      }
    }
    if let most, Double(found) > most {
      e.fail(
        k.at, k.place, .maxContains,
        ["count": Value.formatNumber(most), "place": k.place.fragment, "found": String(found)])
    }
  }

  static let maxItems: KeywordCheck = { e, k in
    guard let a = k.instance.list, let n = k.value.number, Double(a.count) > n else { return }
    e.fail(k.at, k.place, .maxItems, ["count": Value.formatNumber(n)])
  }

  static let minItems: KeywordCheck = { e, k in
    guard let a = k.instance.list, let n = k.value.number, Double(a.count) < n else { return }
    e.fail(k.at, k.place, .minItems, ["count": Value.formatNumber(n)])
  }

  /// No two items equal: each item's canonical JSON hashed (linear, not pairwise).
  static let uniqueItems: KeywordCheck = { e, k in
    guard k.value == .bool(true), let a = k.instance.list, a.count > 1 else { return }
    var seen: [[UInt8]: Int] = [:]
    seen.reserveCapacity(a.count)
    for (i, v) in a.enumerated() {
      var text = ""
      canonicalJSON(v, into: &text)
      if let first = seen.updateValue(i, forKey: Array(text.utf8)) {
        e.fail(k.at, k.place, .uniqueItems, ["found": String(first + 1), "other": String(i + 1)])
        return
      }
    }
  }

  static let unevaluatedItems: KeywordCheck = { e, k in
    guard case .list(let a) = k.instance else { return }
    for (i, v) in a.enumerated() where !e.evaluated.covers(i) && !e.done {
      e.descend(k.value, k.place, v, k.at.appending(i), k.scope)
    }
    e.evaluated.allItems = true
  }

  // MARK: objects

  static let properties: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance, case .record(let props) = k.value else { return }
    let index = e.schema.keyIndex(props, at: k.place)
    for f in o where !e.done {
      guard let i = index?[f.key] ?? (index == nil ? props.firstIndex(where: { $0.key == f.key }) : nil) else {
        continue
      }
      e.evaluated.names.insert(f.key)
      e.descend(props[i].value, k.place(f.key), f.value, k.at.appending(f.key), k.scope)
    }
  }

  static let patternProperties: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance, case .record(let patterns) = k.value else { return }
    for p in patterns {
      for f in o where !e.done {
        switch e.schema.search(p.key, f.key) ?? .success(false) {
        case .success(true):
          e.evaluated.names.insert(f.key)
          e.descend(p.value, k.place(p.key), f.value, k.at.appending(f.key), k.scope)
        case .success(false): break
        case .failure:
          e.stop(
            SchemaProblem(
              instance: k.at.appending(f.key), keyword: k.place.appending(p.key), phrase: .patternTooCostly,
              details: ["limit": p.key]))
        }
      }
    }
  }

  static let additionalProperties: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance else { return }
    var named: Set<String> = []
    if case .record(let props)? = k.sibling("properties") { named = Set(props.map(\.key)) }
    var patterns: [String] = []
    if case .record(let f)? = k.sibling("patternProperties") { patterns = f.map(\.key) }
    for f in o where !e.done && !named.contains(f.key) {
      if patterns.contains(where: { (try? e.schema.search($0, f.key)?.get()) == true }) { continue }
      e.evaluated.names.insert(f.key)
      if k.value == .bool(false) {
        e.fail(k.at, k.place, .additionalProperty, ["name": f.key])
      } else {
        e.descend(k.value, k.place, f.value, k.at.appending(f.key), k.scope)
      }
    }
  }

  static let unevaluatedProperties: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance else { return }
    for f in o where !e.done && !e.evaluated.names.contains(f.key) {
      if k.value == .bool(false) {
        e.fail(k.at, k.place, .unevaluatedProperty, ["name": f.key])
      } else {
        e.descend(k.value, k.place, f.value, k.at.appending(f.key), k.scope)
      }
      e.evaluated.names.insert(f.key)
    }
  }

  static let propertyNames: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance else { return }
    for f in o where !e.done && e.valid(k.value, k.place, .string(f.key), k.at, k.scope) == nil {
      e.fail(k.at, k.place, .propertyName, ["name": f.key, "place": k.place.fragment])
    }
  }

  static let required: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance, let names = k.value.list else { return }
    let has = keys(o)
    for case .string(let name) in names where !has(name) { e.fail(k.at, k.place, .required, ["name": name]) }
  }

  /// Whether an object has a key: a set made when it has many.
  static func keys(_ o: [Value.Field]) -> (String) -> Bool {
    if o.count > 8 {
      let set = Set(o.map(\.key))
      return { set.contains($0) }
    }
    return { name in o.contains { $0.key == name } }
  }

  static let dependentRequired: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance, case .record(let deps) = k.value else { return }
    let has = keys(o)
    for d in deps where has(d.key) {
      for case .string(let name) in d.value.list ?? [] where !has(name) {
        e.fail(k.at, k.place, .dependentRequired, ["name": name, "other": d.key])
      }
    }
  }

  static let dependentSchemas: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance, case .record(let deps) = k.value else { return }
    let has = keys(o)
    for d in deps where !e.done && has(d.key) {
      e.apply(d.value, k.place(d.key), k.instance, k.at, k.scope)
    }
  }

  /// draft-04 to draft-07's `dependencies`: names, or a schema, each property asks for.
  static let dependencies: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance, case .record(let deps) = k.value else { return }
    let has = keys(o)
    for d in deps where !e.done && has(d.key) {
      if let names = d.value.list {
        for case .string(let name) in names where !has(name) {
          e.fail(k.at, k.place, .dependentRequired, ["name": name, "other": d.key])
        }
      } else {
        e.apply(d.value, k.place(d.key), k.instance, k.at, k.scope)
      }
    }
  }

  static let maxProperties: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance, let n = k.value.number, Double(o.count) > n else { return }
    e.fail(k.at, k.place, .maxProperties, ["count": Value.formatNumber(n)])
  }

  static let minProperties: KeywordCheck = { e, k in
    guard case .record(let o) = k.instance, let n = k.value.number, Double(o.count) < n else { return }
    e.fail(k.at, k.place, .minProperties, ["count": Value.formatNumber(n)])
  }
}
