import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// One way a document breaks its schema: where, which keyword, and the
/// catalogue's phrase that says it (in the form's language).
public struct SchemaProblem: Equatable, Sendable, CustomStringConvertible {
  /// Where in the document (`/spec/replicas`; empty: the document itself).
  public var instance: JSONPointer
  /// The keyword that refuses it, as a place in the schema.
  public var keyword: JSONPointer
  /// The catalogue's phrase (`schema.maximum`).
  public var phrase: SchemaPhrase
  /// The phrase's placeholders but `{label}`: `limit`, `count`, `name`, `other`, `place`, `found`.
  public var details: [String: String]

  /// The sentence in `catalogue`'s language; `label` names the value (by
  /// default its pointer, or "the document"): `/spec/replicas must be at most 10.`
  public func sentence(in catalogue: Catalogue, label: String? = nil) -> String {
    let label =
      label ?? (instance.tokens.isEmpty ? catalogue.say(SchemaPhrase.document.rawValue) : instance.description)
    let d = details
    return catalogue.say(
      phrase.rawValue,
      [
        "label": label, "limit": d["limit"] ?? "", "count": d["count"] ?? "", "name": d["name"] ?? "",
        "other": d["other"] ?? "", "place": d["place"] ?? "", "found": d["found"] ?? "",
      ])
  }

  /// The sentence without its full stop, for a message that frames it
  /// (`formrun: a.json: /spec/replicas must be at most 10`).
  public func clause(in catalogue: Catalogue, label: String? = nil) -> String {
    let s = sentence(in: catalogue, label: label)
    return s.hasSuffix(".") ? String(s.dropLast()) : s
  }

  /// The sentence in English: `/spec/replicas must be at most 10.`
  public var description: String { sentence(in: .english) }
}

extension Schema {
  /// Every way `instance` breaks the schema (none: it is valid).
  public func validate(_ instance: Value) -> [SchemaProblem] {
    validate(instance, against: JSONPointer(), at: JSONPointer())
  }

  /// Every way `instance` breaks the subschema at `place`; `at` is where the
  /// instance sits in the whole document (for the problems' pointers).
  public func validate(_ instance: Value, against place: JSONPointer, at: JSONPointer = JSONPointer())
    -> [SchemaProblem]
  {
    guard let s = rawValue(place) else { return [] }
    var run = Evaluation(schema: self, budget: budget ?? Budget(seconds: Budget.seconds))
    _ = run.eval(s, place, instance, at, scope(of: place))
    run.finish()
    return run.problems
  }

  /// True when `instance` is valid against the subschema at `place`.
  public func accepts(_ instance: Value, against place: JSONPointer = JSONPointer()) -> Bool {
    guard let s = rawValue(place) else { return true }
    var run = Evaluation(schema: self, budget: budget ?? Budget(seconds: Budget.seconds), firstOnly: true)
    _ = run.eval(s, place, instance, JSONPointer(), scope(of: place))
    return run.problems.isEmpty
  }

  /// Run `body` with one budget of `seconds` for every check it makes (a
  /// document's rows checked one by one share it): a schema's catastrophic
  /// patterns over many values end within it, with a message.
  public func checking<T, E: Error>(within seconds: Double = Budget.seconds, _ body: () throws(E) -> T) throws(E) -> T {
    if budget != nil { return try body() }
    budget = Budget(seconds: seconds)
    defer { budget = nil }
    return try body()
  }
}

/// The time a document's checks may take, shared by the checks of one
/// document; past it, checking stops with a message.
public final class Budget {
  /// A document's checks take at most this much CPU time (a handler's budget too).
  public static let seconds = 5.0
  let deadline: UInt64
  let seconds: Double
  var steps = 0
  /// Past the deadline, or a pattern gave up: nothing more is checked.
  var stopped: SchemaProblem?

  init(seconds: Double) {
    self.seconds = seconds
    deadline = Budget.now() + UInt64(seconds * 1e9)
  }

  /// The CPU time this thread has run: a machine busy with other work
  /// does not spend a document's budget (the wall clock did, and valid
  /// documents were refused under load).
  static func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }
}

/// The resource a subschema belongs to: its dialect and its place in the
/// dynamic scope.
struct Scope {
  var resource: Int
  var dialect: Dialect
}

/// What a subschema evaluated, for `unevaluatedProperties` and `unevaluatedItems`.
struct Evaluated {
  var names: Set<String> = []
  /// items 0..<prefix were evaluated
  var prefix = 0
  var allItems = false
  /// items `contains` matched (2020-12)
  var indices: Set<Int> = []

  mutating func merge(_ other: Evaluated) {
    names.formUnion(other.names)
    prefix = max(prefix, other.prefix)
    allItems = allItems || other.allItems
    indices.formUnion(other.indices)
  }

  func covers(_ index: Int) -> Bool { allItems || index < prefix || indices.contains(index) }
}

/// A keyword's check: the keyword's value in its subschema, the instance.
typealias KeywordCheck = @Sendable (inout Evaluation, Step) -> Void

/// What a keyword's check is given.
struct Step {
  /// The keyword's value.
  let value: Value
  /// The subschema that holds it (its siblings).
  let schema: Value
  /// The keyword's place in the schema.
  let place: JSONPointer
  let instance: Value
  /// The instance's place in the document.
  let at: JSONPointer
  let scope: Scope

  /// The sibling `key` of the keyword, when the dialect reads it.
  func sibling(_ key: String) -> Value? { scope.dialect.keyword(key) != nil ? schema[key] : nil }
  /// The place of a subschema under the keyword.
  func place(_ token: String) -> JSONPointer { place.appending(token) }
}

/// One validation pass: the problems found so far, what the current
/// subschema evaluated, and the dynamic scope.
struct Evaluation {
  let schema: Schema
  let budget: Budget
  /// Stop at the first problem (an `anyOf` branch needs only a yes or no).
  var firstOnly = false
  var problems: [SchemaProblem] = []
  /// The resources entered, outermost first (`$dynamicRef`, `$recursiveRef`).
  var dynamicScope: [Int] = []
  /// The `$ref` targets being evaluated, with the instance depth: the same
  /// target at the same depth inside itself would never end.
  var refStack: [(JSONPointer, Int)] = []
  /// What the subschema being evaluated has evaluated so far.
  var evaluated = Evaluated()
  var depth = 0

  init(schema: Schema, budget: Budget, firstOnly: Bool = false) {
    self.schema = schema
    self.budget = budget
    self.firstOnly = firstOnly
  }

  var done: Bool { (firstOnly && !problems.isEmpty) || budget.stopped != nil }

  mutating func fail(_ at: JSONPointer, _ place: JSONPointer, _ phrase: SchemaPhrase, _ details: [String: String] = [:])
  {
    problems.append(SchemaProblem(instance: at, keyword: place, phrase: phrase, details: details))
  }

  /// After the walk: a stop for time is said once, at the top.
  mutating func finish() {
    if let stop = budget.stopped, !problems.contains(stop) { problems.append(stop) }
  }

  /// Nothing more is checked: `problem` says why.
  mutating func stop(_ problem: SchemaProblem) {
    if budget.stopped == nil { budget.stopped = problem }
    problems.append(problem)
  }

  /// The annotations of `s` when `inst` is valid against it; nil when not.
  func valid(_ s: Value, _ place: JSONPointer, _ inst: Value, _ at: JSONPointer, _ scope: Scope) -> Evaluated? {
    var sub = self
    sub.firstOnly = true
    sub.problems = []
    sub.evaluated = Evaluated()
    let ev = sub.eval(s, place, inst, at, scope)
    return sub.problems.isEmpty && budget.stopped == nil ? ev : nil
  }

  /// Evaluate `inst` (at `at`) against the subschema `s` (at `place`): the
  /// problems are added, what it evaluated returned.
  mutating func eval(_ s: Value, _ place: JSONPointer, _ inst: Value, _ at: JSONPointer, _ scope: Scope) -> Evaluated {
    budget.steps += 1
    if budget.steps & 255 == 0, Budget.now() > budget.deadline, budget.stopped == nil {
      stop(
        SchemaProblem(
          instance: at, keyword: place, phrase: .tooLong,
          details: ["limit": Value.formatNumber(budget.seconds)]))
    }
    guard !done else { return Evaluated() }
    guard depth < 400 else {
      fail(at, place, .tooDeep)
      return Evaluated()
    }
    switch s {
    case .bool(let b):
      if !b { fail(at, place, .falseSchema) }
      return Evaluated()
    case .record(let fields):
      var scope = scope
      var entered = false
      if let r = schema.resourceAt[place] { scope = Scope(resource: r, dialect: schema.resources[r].dialect) }
      if dynamicScope.last != scope.resource {
        dynamicScope.append(scope.resource)
        entered = true
      }
      let outer = evaluated
      evaluated = Evaluated()
      depth += 1
      let dialect = scope.dialect
      if dialect.draft.refHidesSiblings, let ref = s["$ref"] {
        Checks.ref(
          &self, Step(value: ref, schema: s, place: place.appending("$ref"), instance: inst, at: at, scope: scope))
      } else {
        var late: [Value.Field] = []
        for f in fields {
          if done { break }
          guard let k = dialect.keyword(f.key), let check = k.check else { continue }
          if f.key == "unevaluatedProperties" || f.key == "unevaluatedItems" {
            late.append(f)
            continue
          }
          check(
            &self, Step(value: f.value, schema: s, place: place.appending(f.key), instance: inst, at: at, scope: scope))
        }
        for f in late where !done {
          dialect.keyword(f.key)?.check?(
            &self, Step(value: f.value, schema: s, place: place.appending(f.key), instance: inst, at: at, scope: scope))
        }
      }
      depth -= 1
      if entered { dynamicScope.removeLast() }
      let mine = evaluated
      evaluated = outer
      return mine
    default:
      return Evaluated()
    }
  }

  /// Evaluate a subschema in place (an applicator's): its annotations count for the current one.
  mutating func apply(_ s: Value, _ place: JSONPointer, _ inst: Value, _ at: JSONPointer, _ scope: Scope) {
    let ev = eval(s, place, inst, at, scope)
    evaluated.merge(ev)
  }

  /// Evaluate a subschema against a value inside the instance (an item, a
  /// property): what it evaluated is its own, not the current subschema's.
  mutating func descend(_ s: Value, _ place: JSONPointer, _ inst: Value, _ at: JSONPointer, _ scope: Scope) {
    _ = eval(s, place, inst, at, scope)
  }

  /// Follow a reference to `target`, unless it is already being followed
  /// for this very value (a schema that refers to itself without end).
  mutating func follow(_ target: Schema.Target, from place: JSONPointer, _ inst: Value, _ at: JSONPointer) {
    let level = at.tokens.count
    if refStack.contains(where: { $0.1 == level && $0.0 == target.place }) {
      fail(at, place, .endless, ["place": target.place.fragment])
      return
    }
    refStack.append((target.place, level))
    apply(
      target.value, target.place, inst, at,
      Scope(resource: target.resource, dialect: schema.resources[target.resource].dialect))
    refStack.removeLast()
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
    if x.count > 16 {
      var index: [String: Value] = [:]
      for f in y { index[f.key] = f.value }
      return x.allSatisfy { f in index[f.key].map { jsonEqual($0, f.value) } ?? false }
    }
    return x.allSatisfy { f in y.first { $0.key == f.key }.map { jsonEqual($0.value, f.value) } ?? false }
  default: return a == b
  }
}

/// A value's canonical JSON: keys sorted, numbers by value (1 and 1.0 both
/// `1`), so two values are equal as JSON Schema means it exactly when their
/// canonical texts are (`uniqueItems` hashes them).
func canonicalJSON(_ v: Value, into out: inout String) {
  switch v {
  case .null: out += "null"
  case .bool(let b): out += b ? "true" : "false"
  case .int(let i): out += String(i)
  case .double(let d):
    if d == d.rounded(), abs(d) < 9.2e18 { out += String(Int(d)) } else { out += "\(d)" }
  case .string(let s): out += JSON.encode(.string(s))
  case .list(let l):
    out += "["
    for (i, x) in l.enumerated() {
      if i > 0 { out += "," }
      canonicalJSON(x, into: &out)
    }
    out += "]"
  case .record(let fields):
    out += "{"
    for (i, f) in fields.sorted(by: { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) })
      .enumerated()
    {
      if i > 0 { out += "," }
      out += JSON.encode(.string(f.key)) + ":"
      canonicalJSON(f.value, into: &out)
    }
    out += "}"
  }
}

/// The JSON type of a value, as JSON Schema names it.
func jsonType(_ v: Value) -> String {
  switch v {
  case .null: return "null"
  case .bool: return "boolean"
  case .int: return "integer"
  case .double(let d): return d == d.rounded() ? "integer" : "number"
  case .string: return "string"
  case .list: return "array"
  case .record: return "object"
  }
}
