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
