import FormCore

/// One way a document breaks its schema.
public struct SchemaProblem: Equatable, Sendable, CustomStringConvertible {
  /// Where in the document (`/spec/replicas`; empty: the document itself).
  public var instance: JSONPointer
  /// The keyword that refuses it, as a place in the schema.
  public var keyword: JSONPointer
  /// What is wrong, as a phrase that follows the value's name: `must be at most 10`.
  public var message: String

  /// `/spec/replicas must be at most 10` (the document itself: `the document must …`).
  public var description: String {
    (instance.tokens.isEmpty ? "the document" : instance.description) + " " + message
  }
}

extension Schema {
  /// Every way `instance` breaks the schema (none: it is valid).
  public func validate(_ instance: Value) -> [SchemaProblem] { validate(instance, against: JSONPointer()) }

  /// Every way `instance` breaks the subschema at `place`; `at` is where the
  /// instance sits in the whole document (for the problems' pointers).
  public func validate(_ instance: Value, against place: JSONPointer, at: JSONPointer = JSONPointer())
    -> [SchemaProblem]
  {
    guard let schema = value(place) else { return [] }
    var run = Evaluation(schema: self)
    run.eval(schema, place, instance, at, depth: 0)
    return run.problems
  }

  /// True when `instance` is valid against the subschema at `place`.
  public func accepts(_ instance: Value, against place: JSONPointer = JSONPointer()) -> Bool {
    guard let schema = value(place) else { return true }
    var run = Evaluation(schema: self, firstOnly: true)
    run.eval(schema, place, instance, JSONPointer(), depth: 0)
    return run.problems.isEmpty
  }
}

/// One validation pass: the problems found so far.
struct Evaluation {
  let schema: Schema
  /// Stop at the first problem (an `anyOf` branch needs only a yes or no).
  var firstOnly = false
  var problems: [SchemaProblem] = []

  init(schema: Schema, firstOnly: Bool = false) {
    self.schema = schema
    self.firstOnly = firstOnly
  }

  var done: Bool { firstOnly && !problems.isEmpty }

  mutating func fail(_ ip: JSONPointer, _ sp: JSONPointer, _ message: String) {
    problems.append(SchemaProblem(instance: ip, keyword: sp, message: message))
  }

  /// Whether `inst` is valid against the subschema `s` (found at `sp`).
  func valid(_ s: Value, _ sp: JSONPointer, _ inst: Value, depth: Int) -> Bool {
    var sub = Evaluation(schema: schema, firstOnly: true)
    sub.eval(s, sp, inst, JSONPointer(), depth: depth + 1)
    return sub.problems.isEmpty
  }

  mutating func eval(_ s: Value, _ sp: JSONPointer, _ inst: Value, _ ip: JSONPointer, depth: Int) {
    guard depth < 400 else { return fail(ip, sp, "is nested too deeply to check") }
    switch s {
    case .bool(let b):
      if !b { fail(ip, sp, "is not allowed here") }
      return
    case .record(let fields):
      if let ref = s["$ref"]?.string, let target = schema.resolve(ref), let t = schema.value(target) {
        eval(t, target, inst, ip, depth: depth + 1)
        // draft-07 reads nothing beside a $ref
        if schema.draft == .draft07 { return }
      }
      for f in fields where !done { keyword(f.key, f.value, s, sp.appending(f.key), inst, ip, depth: depth) }
    default: return
    }
  }

  // swiftlint:disable:next cyclomatic_complexity
  mutating func keyword(
    _ key: String, _ k: Value, _ s: Value, _ kp: JSONPointer, _ inst: Value, _ ip: JSONPointer, depth: Int
  ) {
    switch key {
    case "type":
      let names = k.list?.compactMap(\.string) ?? [k.string ?? ""]
      if !names.contains(where: { isType(inst, $0) }) {
        fail(
          ip, kp,
          names.count == 1
            ? "must be \(Self.article(names[0]))" : "must be one of the types \(names.joined(separator: ", "))")
      }
    case "enum":
      if !(k.list ?? []).contains(where: { jsonEqual($0, inst) }) {
        fail(ip, kp, "must be one of \((k.list ?? []).map(JSON.encode).joined(separator: ", "))")
      }
    case "const":
      if !jsonEqual(k, inst) { fail(ip, kp, "must be \(JSON.encode(k))") }
    case "multipleOf":
      if let x = inst.number, let m = k.number, !isMultiple(inst, x, of: k, m) {
        fail(ip, kp, "must be a multiple of \(Value.formatNumber(m))")
      }
    case "maximum":
      if inst.number != nil, let m = k.number, compare(inst, k) > 0 {
        fail(ip, kp, "must be at most \(Value.formatNumber(m))")
      }
    case "exclusiveMaximum":
      if inst.number != nil, let m = k.number, compare(inst, k) >= 0 {
        fail(ip, kp, "must be less than \(Value.formatNumber(m))")
      }
    case "minimum":
      if inst.number != nil, let m = k.number, compare(inst, k) < 0 {
        fail(ip, kp, "must be at least \(Value.formatNumber(m))")
      }
    case "exclusiveMinimum":
      if inst.number != nil, let m = k.number, compare(inst, k) <= 0 {
        fail(ip, kp, "must be more than \(Value.formatNumber(m))")
      }
    case "maxLength":
      if let t = inst.string, let n = k.number, Double(t.unicodeScalars.count) > n {
        fail(ip, kp, "must be at most \(Value.formatNumber(n)) characters long")
      }
    case "minLength":
      if let t = inst.string, let n = k.number, Double(t.unicodeScalars.count) < n {
        fail(ip, kp, "must be at least \(Value.formatNumber(n)) characters long")
      }
    case "pattern":
      if let t = inst.string, let p = k.string, let re = schema.regex(p) {
        switch re.search(t) {
        case .success(true): break
        case .success(false): fail(ip, kp, "must match the pattern \(p)")
        case .failure: fail(ip, kp, "could not be checked against the pattern \(p) (it backtracks too far)")
        }
      }
    case "format":
      if let t = inst.string, let f = k.string, let why = Formats.check(f, t) { fail(ip, kp, why) }
    // arrays
    case "items" where schema.draft == .draft07 && k.list != nil:
      guard case .list(let a) = inst else { return }
      for (i, v) in a.enumerated() where i < k.list!.count && !done {
        eval(k.list![i], kp.appending(i), v, ip.appending(i), depth: depth + 1)
      }
    case "additionalItems":
      guard case .list(let a) = inst, let prefix = s["items"]?.list else { return }
      for (i, v) in a.enumerated().dropFirst(prefix.count) where !done {
        eval(k, kp, v, ip.appending(i), depth: depth + 1)
      }
    case "prefixItems":
      guard case .list(let a) = inst, let l = k.list else { return }
      for (i, v) in a.enumerated() where i < l.count && !done {
        eval(l[i], kp.appending(i), v, ip.appending(i), depth: depth + 1)
      }
    case "items":
      guard case .list(let a) = inst else { return }
      let skip = s["prefixItems"]?.list?.count ?? 0
      for (i, v) in a.enumerated().dropFirst(skip) where !done { eval(k, kp, v, ip.appending(i), depth: depth + 1) }
    case "contains":
      guard case .list(let a) = inst else { return }
      let n = a.filter { valid(k, kp, $0, depth: depth) }.count
      let least = s["minContains"]?.number ?? 1
      if Double(n) < least {
        fail(
          ip, kp,
          least == 1
            ? "must contain an item that matches #\(kp.description)"
            : "must contain at least \(Value.formatNumber(least)) items that match #\(kp.description) (it has \(n))")
      }
      if let most = s["maxContains"]?.number, Double(n) > most {
        fail(
          ip, kp, "must contain at most \(Value.formatNumber(most)) items that match #\(kp.description) (it has \(n))")
      }
    case "maxItems":
      if let a = inst.list, let n = k.number, Double(a.count) > n {
        fail(ip, kp, "must have at most \(Value.formatNumber(n)) item\(n == 1 ? "" : "s")")
      }
    case "minItems":
      if let a = inst.list, let n = k.number, Double(a.count) < n {
        fail(ip, kp, "must have at least \(Value.formatNumber(n)) item\(n == 1 ? "" : "s")")
      }
    case "uniqueItems":
      guard k == .bool(true), let a = inst.list else { return }
      outer: for i in a.indices {
        for j in a.indices where j > i && jsonEqual(a[i], a[j]) {
          fail(ip, kp, "must not repeat an item (items \(i + 1) and \(j + 1) are the same)")
          break outer
        }
      }
    // objects
    case "properties":
      guard case .record(let o) = inst, case .record(let props) = k else { return }
      for p in props where !done {
        if let v = o.first(where: { $0.key == p.key })?.value {
          eval(p.value, kp.appending(p.key), v, ip.appending(p.key), depth: depth + 1)
        }
      }
    case "patternProperties":
      guard case .record(let o) = inst, case .record(let pats) = k else { return }
      for p in pats {
        guard let re = schema.regex(p.key) else { continue }
        for f in o where !done && (try? re.search(f.key).get()) == true {
          eval(p.value, kp.appending(p.key), f.value, ip.appending(f.key), depth: depth + 1)
        }
      }
    case "additionalProperties":
      guard case .record(let o) = inst else { return }
      let named = Set(
        s["properties"].flatMap { v -> [String]? in
          if case .record(let f) = v { return f.map(\.key) } else { return nil }
        } ?? [])
      let patterns: [ECMARegex] = {
        guard case .record(let f)? = s["patternProperties"] else { return [] }
        return f.compactMap { schema.regex($0.key) }
      }()
      for f in o where !done && !named.contains(f.key) {
        if patterns.contains(where: { (try? $0.search(f.key).get()) == true }) { continue }
        if k == .bool(false) {
          fail(ip, kp, "must not have the property '\(f.key)'")
        } else {
          eval(k, kp, f.value, ip.appending(f.key), depth: depth + 1)
        }
      }
    case "propertyNames":
      guard case .record(let o) = inst else { return }
      for f in o where !done && !valid(k, kp, .string(f.key), depth: depth) {
        fail(ip, kp, "has a property name that does not fit #\(kp.description): '\(f.key)'")
      }
    case "required":
      guard case .record(let o) = inst else { return }
      for name in k.list?.compactMap(\.string) ?? [] where !o.contains(where: { $0.key == name }) {
        fail(ip, kp, "needs the property '\(name)'")
      }
    case "dependentRequired":
      guard case .record(let o) = inst, case .record(let deps) = k else { return }
      for d in deps where o.contains(where: { $0.key == d.key }) {
        for name in d.value.list?.compactMap(\.string) ?? [] where !o.contains(where: { $0.key == name }) {
          fail(ip, kp, "needs the property '\(name)' when it has '\(d.key)'")
        }
      }
    case "dependentSchemas":
      guard case .record(let o) = inst, case .record(let deps) = k else { return }
      for d in deps where !done && o.contains(where: { $0.key == d.key }) {
        eval(d.value, kp.appending(d.key), inst, ip, depth: depth + 1)
      }
    case "dependencies":
      guard case .record(let o) = inst, case .record(let deps) = k else { return }
      for d in deps where !done && o.contains(where: { $0.key == d.key }) {
        if let names = d.value.list {
          for name in names.compactMap(\.string) where !o.contains(where: { $0.key == name }) {
            fail(ip, kp, "needs the property '\(name)' when it has '\(d.key)'")
          }
        } else {
          eval(d.value, kp.appending(d.key), inst, ip, depth: depth + 1)
        }
      }
    case "maxProperties":
      if case .record(let o) = inst, let n = k.number, Double(o.count) > n {
        fail(ip, kp, "must have at most \(Value.formatNumber(n)) propert\(n == 1 ? "y" : "ies")")
      }
    case "minProperties":
      if case .record(let o) = inst, let n = k.number, Double(o.count) < n {
        fail(ip, kp, "must have at least \(Value.formatNumber(n)) propert\(n == 1 ? "y" : "ies")")
      }
    // combinations
    case "allOf":
      for (i, sub) in (k.list ?? []).enumerated() where !done { eval(sub, kp.appending(i), inst, ip, depth: depth + 1) }
    case "anyOf":
      let l = k.list ?? []
      if !l.enumerated().contains(where: { valid($0.element, kp.appending($0.offset), inst, depth: depth) }) {
        fail(ip, kp, "must match at least one of the \(l.count) schemas of #\(kp.description)")
      }
    case "oneOf":
      let l = k.list ?? []
      let n = l.enumerated().filter { valid($0.element, kp.appending($0.offset), inst, depth: depth) }.count
      if n != 1 {
        fail(ip, kp, "must match exactly one of the \(l.count) schemas of #\(kp.description) (it matches \(n))")
      }
    case "not":
      if valid(k, kp, inst, depth: depth) { fail(ip, kp, "must not match the schema #\(kp.description)") }
    case "if":
      let branch = valid(k, kp, inst, depth: depth) ? "then" : "else"
      if let b = s[branch] {
        eval(b, JSONPointer(Array(kp.tokens.dropLast()) + [branch]), inst, ip, depth: depth + 1)
      }
    default: break
    }
  }

  func isType(_ v: Value, _ name: String) -> Bool {
    switch (name, v) {
    case ("null", .null), ("boolean", .bool), ("object", .record), ("array", .list), ("string", .string): return true
    case ("number", .int), ("number", .double), ("integer", .int): return true
    case ("integer", .double(let d)): return d == d.rounded()
    default: return false
    }
  }

  static func article(_ type: String) -> String {
    switch type {
    case "null": return "null"
    case "integer": return "a whole number"
    case "object", "array": return "an \(type)"
    default: return "a \(type)"
    }
  }

  /// x > limit, exactly when both are integers (2^53 + 1 above 2^53).
  func compare(_ a: Value, _ b: Value) -> Int {
    if case .int(let x) = a, case .int(let y) = b { return x < y ? -1 : x > y ? 1 : 0 }
    let x = a.number!
    let y = b.number!
    return x < y ? -1 : x > y ? 1 : 0
  }

  func isMultiple(_ a: Value, _ x: Double, of b: Value, _ m: Double) -> Bool {
    if case .int(let i) = a, case .int(let j) = b { return i % j == 0 }
    // as decimals, exactly, when both fit: 19.99 is a multiple of 0.01
    if let (xm, xe) = Self.decimal(x), let (mm, me) = Self.decimal(m), mm != 0 {
      let e = min(xe, me)
      if let xs = Self.scaled(xm, by: xe - e), let ms = Self.scaled(mm, by: me - e) { return xs % ms == 0 }
    }
    // too large to scale: a whole number is a multiple of any m that divides 1 (0.5, 0.25)
    if x == x.rounded(), let (mm, me) = Self.decimal(m), me < 0, let one = Self.scaled(1, by: -me), one % mm == 0 {
      return true
    }
    let q = x / m
    guard q.isFinite else { return false }
    return q == q.rounded()
  }
}

extension Evaluation {
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
    var out = m
    for _ in 0..<k {
      let (r, o) = out.multipliedReportingOverflow(by: 10)
      if o { return nil }
      out = r
    }
    return out
  }
}

/// Equality as JSON Schema means it: numbers by value (1 and 1.0 are equal),
/// objects whatever their key order.
func jsonEqual(_ a: Value, _ b: Value) -> Bool {
  switch (a, b) {
  case (.int(let x), .int(let y)): return x == y
  case (.int, .double), (.double, .int), (.double, .double): return a.number! == b.number!
  case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
  case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy(jsonEqual)
  case (.record(let x), .record(let y)):
    guard x.count == y.count else { return false }
    return x.allSatisfy { f in y.first { $0.key == f.key }.map { jsonEqual($0.value, f.value) } ?? false }
  default: return a == b
  }
}
