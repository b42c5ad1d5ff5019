import FormCore

/// Each keyword's check of a document, one small function a keyword
/// (`Keywords` holds the table that names them).
enum Checks {
  // MARK: references

  static let ref: KeywordCheck = { e, k in
    guard let target = e.schema.refs[k.place] else { return }
    e.follow(target, from: k.place, k.instance, k.at)
  }

  /// `$dynamicRef` (2020-12): to the outermost `$dynamicAnchor` of its name
  /// in the dynamic scope, when the place it names statically has one.
  static let dynamicRef: KeywordCheck = { e, k in
    guard var target = e.schema.refs[k.place] else { return }
    if let name = target.dynamicName {
      for r in e.dynamicScope {
        if let place = e.schema.resources[r].dynamicAnchors[name], let t = e.schema.target(place) {
          target = t
          break
        }
      }
    }
    e.follow(target, from: k.place, k.instance, k.at)
  }

  /// `$recursiveRef` (2019-09): to its resource's root, or, when that root
  /// has `$recursiveAnchor: true`, the outermost such root in an unbroken
  /// line of them in the dynamic scope.
  static let recursiveRef: KeywordCheck = { e, k in
    guard var target = e.schema.refs[k.place] else { return }
    if target.value["$recursiveAnchor"] == .bool(true) {
      for r in e.dynamicScope.reversed() {
        let res = e.schema.resources[r]
        guard res.recursiveAnchor, let t = e.schema.target(res.place) else { break }
        target = t
      }
    }
    e.follow(target, from: k.place, k.instance, k.at)
  }

  // MARK: combinations

  static let allOf: KeywordCheck = { e, k in
    for (i, sub) in (k.value.list ?? []).enumerated() where !e.done {
      e.apply(sub, k.place(String(i)), k.instance, k.at, k.scope)
    }
  }

  static let anyOf: KeywordCheck = { e, k in
    let branches = k.value.list ?? []
    var any = false
    for (i, sub) in branches.enumerated() {
      if let ev = e.valid(sub, k.place(String(i)), k.instance, k.at, k.scope) {
        any = true
        e.evaluated.merge(ev)
        if !e.schema.collectsAnnotations { break }
      }
    }
    if !any { e.fail(k.at, k.place, .anyOf, ["count": String(branches.count), "place": k.place.fragment]) }
  }

  static let oneOf: KeywordCheck = { e, k in
    let branches = k.value.list ?? []
    var found = 0
    var matched = Evaluated()
    for (i, sub) in branches.enumerated() {
      if let ev = e.valid(sub, k.place(String(i)), k.instance, k.at, k.scope) {
        found += 1
        matched = ev
        if found > 1 && e.firstOnly { break }
      }
    }
    if found == 1 {
      e.evaluated.merge(matched)
    } else {
      e.fail(
        k.at, k.place, .oneOf,
        ["count": String(branches.count), "place": k.place.fragment, "found": String(found)])
    }
  }

  static let not: KeywordCheck = { e, k in
    if e.valid(k.value, k.place, k.instance, k.at, k.scope) != nil {
      e.fail(k.at, k.place, .not, ["place": k.place.fragment])
    }
  }

  /// `if`, and `then` or `else` as it holds.
  static let ifThenElse: KeywordCheck = { e, k in
    let subschema = k.place.parent
    if let ev = e.valid(k.value, k.place, k.instance, k.at, k.scope) {
      e.evaluated.merge(ev)
      if let then = k.schema["then"] { e.apply(then, subschema.appending("then"), k.instance, k.at, k.scope) }
    } else if let otherwise = k.schema["else"] {
      e.apply(otherwise, subschema.appending("else"), k.instance, k.at, k.scope)
    }
  }

  // MARK: any type

  static let type: KeywordCheck = { e, k in
    let names = k.value.list?.compactMap(\.string) ?? [k.value.string ?? ""]
    guard !names.contains(where: { isType(k.instance, $0, k.scope.dialect.draft) }) else { return }
    if names.count == 1, let phrase = SchemaPhrase.type(names[0]) {
      e.fail(k.at, k.place, phrase)
    } else {
      e.fail(k.at, k.place, .types, ["limit": names.joined(separator: ", ")])
    }
  }

  static func isType(_ v: Value, _ name: String, _ draft: Draft) -> Bool {
    switch (name, v) {
    case ("null", .null), ("boolean", .bool), ("object", .record), ("array", .list), ("string", .string): return true
    case ("number", .int), ("number", .double), ("integer", .int): return true
    // draft-04 counts 1.0 as a number only; a whole number past 2^63 is a
    // double here whatever its spelling: an integer (a bignum)
    case ("integer", .double(let d)): return d == d.rounded() && (draft > .draft4 || abs(d) >= 9.2e18)
    default: return false
    }
  }

  static let enumeration: KeywordCheck = { e, k in
    let values = k.value.list ?? []
    if !values.contains(where: { jsonEqual($0, k.instance) }) {
      e.fail(k.at, k.place, .enumeration, ["limit": values.map(JSON.encode).joined(separator: ", ")])
    }
  }

  static let const: KeywordCheck = { e, k in
    if !jsonEqual(k.value, k.instance) { e.fail(k.at, k.place, .const, ["limit": JSON.encode(k.value)]) }
  }

  // MARK: numbers

  static let multipleOf: KeywordCheck = { e, k in
    guard let x = k.instance.number, let m = k.value.number, m > 0 else { return }
    if !isMultiple(k.instance, x, of: k.value, m) {
      e.fail(k.at, k.place, .multipleOf, ["limit": Value.formatNumber(m)])
    }
  }

  static let maximum: KeywordCheck = { e, k in
    guard k.instance.number != nil, let m = k.value.number, compare(k.instance, k.value) > 0 else { return }
    e.fail(k.at, k.place, .maximum, ["limit": Value.formatNumber(m)])
  }

  static let minimum: KeywordCheck = { e, k in
    guard k.instance.number != nil, let m = k.value.number, compare(k.instance, k.value) < 0 else { return }
    e.fail(k.at, k.place, .minimum, ["limit": Value.formatNumber(m)])
  }

  static let exclusiveMaximum: KeywordCheck = { e, k in
    guard k.instance.number != nil, let m = k.value.number, compare(k.instance, k.value) >= 0 else { return }
    e.fail(k.at, k.place, .exclusiveMaximum, ["limit": Value.formatNumber(m)])
  }

  static let exclusiveMinimum: KeywordCheck = { e, k in
    guard k.instance.number != nil, let m = k.value.number, compare(k.instance, k.value) <= 0 else { return }
    e.fail(k.at, k.place, .exclusiveMinimum, ["limit": Value.formatNumber(m)])
  }

  /// draft-04's `maximum`, exclusive when `exclusiveMaximum` is true.
  static let maximum4: KeywordCheck = { e, k in
    guard k.instance.number != nil, let m = k.value.number else { return }
    if k.schema["exclusiveMaximum"] == .bool(true) {
      if compare(k.instance, k.value) >= 0 {
        e.fail(k.at, k.place, .exclusiveMaximum, ["limit": Value.formatNumber(m)])
      }
    } else if compare(k.instance, k.value) > 0 {
      e.fail(k.at, k.place, .maximum, ["limit": Value.formatNumber(m)])
    }
  }

  /// draft-04's `minimum`, exclusive when `exclusiveMinimum` is true.
  static let minimum4: KeywordCheck = { e, k in
    guard k.instance.number != nil, let m = k.value.number else { return }
    if k.schema["exclusiveMinimum"] == .bool(true) {
      if compare(k.instance, k.value) <= 0 {
        e.fail(k.at, k.place, .exclusiveMinimum, ["limit": Value.formatNumber(m)])
      }
    } else if compare(k.instance, k.value) < 0 {
      e.fail(k.at, k.place, .minimum, ["limit": Value.formatNumber(m)])
    }
  }

  // MARK: strings

  static let maxLength: KeywordCheck = { e, k in
    guard let t = k.instance.string, let n = k.value.number, Double(t.unicodeScalars.count) > n else { return }
    e.fail(k.at, k.place, .maxLength, ["count": Value.formatNumber(n)])
  }

  static let minLength: KeywordCheck = { e, k in
    guard let t = k.instance.string, let n = k.value.number, Double(t.unicodeScalars.count) < n else { return }
    e.fail(k.at, k.place, .minLength, ["count": Value.formatNumber(n)])
  }

  static let pattern: KeywordCheck = { e, k in
    guard let t = k.instance.string, let p = k.value.string, let result = e.schema.search(p, t) else { return }
    switch result {
    case .success(true): break
    case .success(false): e.fail(k.at, k.place, .pattern, ["limit": p])
    case .failure:
      e.stop(SchemaProblem(instance: k.at, keyword: k.place, phrase: .patternTooCostly, details: ["limit": p]))
    }
  }

  static let format: KeywordCheck = { e, k in
    guard let t = k.instance.string, let f = k.value.string, let phrase = Formats.check(f, t) else { return }
    e.fail(k.at, k.place, phrase)
  }

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
      guard let re = e.schema.regex(p.key) else { continue }
      for f in o where !e.done {
        switch re.search(f.key) {
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
    var patterns: [ECMARegex] = []
    if case .record(let f)? = k.sibling("patternProperties") { patterns = f.compactMap { e.schema.regex($0.key) } }
    for f in o where !e.done && !named.contains(f.key) {
      if patterns.contains(where: { (try? $0.search(f.key).get()) == true }) { continue }
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

  // MARK: numbers, exactly

  /// a against b, exactly when both are integers (2^53 + 1 above 2^53).
  static func compare(_ a: Value, _ b: Value) -> Int {
    if case .int(let x) = a, case .int(let y) = b { return x < y ? -1 : x > y ? 1 : 0 }
    let x = a.number!
    let y = b.number!
    return x < y ? -1 : x > y ? 1 : 0
  }

  static func isMultiple(_ a: Value, _ x: Double, of b: Value, _ m: Double) -> Bool {
    if case .int(let i) = a, case .int(let j) = b { return i % j == 0 }
    // as decimals, exactly, when both fit: 19.99 is a multiple of 0.01
    if let (xm, xe) = decimal(x), let (mm, me) = decimal(m), mm != 0 {
      let e = min(xe, me)
      if let xs = scaled(xm, by: xe - e), let ms = scaled(mm, by: me - e) { return xs % ms == 0 }
    }
    // too large to scale: a whole number is a multiple of any m that divides 1 (0.5, 0.25)
    if x == x.rounded(), let (mm, me) = decimal(m), me < 0, let one = scaled(1, by: -me), one % mm == 0 {
      return true
    }
    let q = x / m
    guard q.isFinite else { return false }
    return q == q.rounded()
  }

  /// The shortest decimal that reads back as `d`: mantissa and power of ten.
  static func decimal(_ d: Double) -> (Int, Int)? {
    guard d.isFinite else { return nil }
    var text = "\(d)"
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let n = Int(text[text.index(after: e)...]) else { return nil }
      exponent = n
      text = String(text[..<e])
    }
    if let dot = text.firstIndex(of: ".") {
      let fraction = text[text.index(after: dot)...]
      exponent -= fraction.count
      text = String(text[..<dot]) + fraction
    }
    guard let m = Int(text) else { return nil }
    return (m, exponent)
  }

  /// m × 10^k, nil when it overflows.
  static func scaled(_ m: Int, by k: Int) -> Int? {
    guard k >= 0 else { return nil }
    var out = m
    for _ in 0..<k {
      let (r, o) = out.multipliedReportingOverflow(by: 10)
      if o { return nil }
      out = r
    }
    return out
  }
}
