import FormCore

/// `formrun schema FORM`: the JSON Schema (2020-12) of the values a form
/// submits. A form built from a schema gives that schema back (with any rows
/// a script added beside it); another form's rows each become a property,
/// from what the row's kind and validators say of it.
public enum SchemaExport {
  /// The dialect of every exported schema.
  public static let dialect = "https://json-schema.org/draft/2020-12/schema"

  /// The schema of `form`'s submitted values.
  public static func schema(of form: Form) -> Value {
    var properties: [Value.Field] = []
    var required: [String] = []
    var base: [Value.Field] = [.init("$schema", .string(dialect))]
    if let shape = form.documentShape as? SchemaForm, case .record(let root) = shape.schema.root {
      base = root.filter { $0.key != "$schema" }
      base.insert(.init("$schema", .string(dialect)), at: 0)
    } else {
      if let title = form.title { base.append(.init("title", .string(title))) }
      base.append(.init("type", .string("object")))
    }
    let shaped = form.documentShape as? SchemaForm
    for section in form.sections {
      for item in section.items where item.kind.hasValue {
        guard let name = item.name, shaped?.rows[ObjectIdentifier(item)] == nil else { continue }
        properties.append(.init(name, property(item)))
        if item.isRequired { required.append(name) }
      }
    }
    guard !properties.isEmpty || shaped == nil else { return .record(base) }
    var out = base
    if let i = out.firstIndex(where: { $0.key == "properties" }), case .record(let had) = out[i].value {
      out[i].value = .record(had + properties)
    } else {
      out.append(.init("properties", .record(properties)))
    }
    if !required.isEmpty {
      if let i = out.firstIndex(where: { $0.key == "required" }), let had = out[i].value.list {
        out[i].value = .list(had + required.map { .string($0) })
      } else {
        out.append(.init("required", .list(required.map { .string($0) })))
      }
    }
    return .record(out)
  }

  /// One row's property: its type and limits, title, description, default.
  static func property(_ item: Item) -> Value {
    var p: [Value.Field] = []
    if !item.title.isEmpty { p.append(.init("title", .string(item.title))) }
    if let d = item.description { p.append(.init("description", .string(d))) }
    let shape = RowShape.of(item)
    var keywords = shape.keywords
    var extension_: [Value.Field] = shape.formrun
    for v in item.validators {
      switch spec(v.source).0 {
      case "email": keywords.append(.init("format", .string("email")))
      case "url": keywords.append(.init("format", .string("uri")))
      case "pattern":
        let lua = String(v.source.dropFirst("pattern(".count).dropLast())
        if let ecma = LuaToECMA.convert(lua) {
          keywords.append(.init("pattern", .string(ecma)))
        } else {
          extension_.append(.init("pattern", .string(lua)))
          p.append(.init("x-formrun-pattern", .string(lua)))
        }
      case "presence" where shape.isText: keywords.append(.init("pattern", .string("\\S")))
      default: break
      }
    }
    // a named row with no value is submitted as null
    if !item.isRequired, let i = keywords.firstIndex(where: { $0.key == "type" }), let t = keywords[i].value.string {
      keywords[i].value = .list([.string(t), .string("null")])
    }
    if !item.isRequired, let e = keywords.firstIndex(where: { $0.key == "enum" }), case .list(let l) = keywords[e].value
    {
      keywords[e].value = .list(l + [.null])
    }
    if !item.isRequired, let o = keywords.firstIndex(where: { $0.key == "oneOf" }),
      case .list(let l) = keywords[o].value
    {
      keywords[o].value = .list(l + [.record([.init("const", .null)])])
    }
    p += keywords
    // a secret (a secure text, a card) is no default of a schema written out
    if !item.value.isNull, item.value != .list([]), !item.kind.isSecret(item) {
      p.append(.init("default", item.value))
    }
    if !item.enabled { p.append(.init("readOnly", .bool(true))) }
    if !extension_.isEmpty { p.append(.init("x-formrun", .record(extension_))) }
    return .record(p)
  }

  static func number(_ d: Double) -> Value { d == d.rounded() && abs(d) < 9e15 ? .int(Int(d)) : .double(d) }

  /// `length(8, 64)` → `length`, `["8", "64"]` (an empty argument stays empty).
  static func spec(_ source: String) -> (String, [String]) {
    guard let open = source.firstIndex(of: "("), source.hasSuffix(")") else { return (source.trimmingSpaces, []) }
    let name = String(source[..<open]).trimmingSpaces
    let inner = source[source.index(after: open)..<source.index(before: source.endIndex)]
    return (name, inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces })
  }
}

/// What a row's value is, read from its facts (`Item.facts`: the kind's
/// shape and limits, with its validators'): the type keywords, and the
/// `x-formrun` that brings the same kind back.
struct RowShape {
  var keywords: [Value.Field] = []
  var formrun: [Value.Field] = []
  var isText = false

  static func of(_ item: Item) -> RowShape {
    var s = RowShape()
    let kind = item.kind
    let facts = item.facts
    let limits = facts.limits
    func put(_ key: String, _ v: Value) { s.keywords.append(.init(key, v)) }
    func type(_ t: String) { put("type", .string(t)) }
    func named() { s.formrun.append(.init("kind", .string(kind.name))) }
    func number(_ d: Double) -> Value { SchemaExport.number(d) }
    func length() {
      if let n = limits.length.min { put("minLength", .int(n)) }
      if let n = limits.length.max { put("maxLength", .int(n)) }
    }
    func enumeration(_ list: KindFacts.ChoiceList) -> [Value.Field] {
      if list.choices.allSatisfy({ $0.value == .string($0.label) }) {
        return [.init("enum", .list(list.choices.map(\.value)))]
      }
      let titled = list.choices.map { Value.record([.init("const", $0.value), .init("title", .string($0.label))]) }
      return [.init("oneOf", .list(titled))]
    }
    if kind is JSONKind { return s }
    switch facts.shape {
    case .action: break
    case .text:
      type("string")
      s.isText = true
      length()
      if !(kind is TextKind) { named() }
    case .secret:
      type("string")
      s.isText = true
      length()
      put("writeOnly", .bool(true))
    case .lines:
      type("string")
      s.isText = true
      length()
      put("contentMediaType", .string("text/plain"))
    case .toggle: type("boolean")
    case .number(let slider):
      type(limits.decimals == 0 ? "integer" : "number")
      if let lo = limits.range.min { put("minimum", number(lo)) }
      if let hi = limits.range.max { put("maximum", number(hi)) }
      if slider {
        named()
        if let step = limits.step { s.formrun.append(.init("options", .record([.init("step", number(step))]))) }
      }
    case .masked(let mask):
      type("string")
      put("pattern", .string("^[0-9]*$"))
      if let n = mask.digits { put("maxLength", .int(n)) }
      named()
      if let f = mask.format { s.formrun.append(.init("mask", .string(f))) }
    case .date(let d):
      type("string")
      if d.mode == .date {
        put("format", .string("date"))
      } else {
        // the date kind's times are local clock times (14:05), not RFC 3339
        let clock = "[0-9]{2}:[0-9]{2}(:[0-9]{2})?"
        put("pattern", .string(d.mode == .time ? "^\(clock)$" : "^[0-9]{4}-[0-9]{2}-[0-9]{2}T\(clock)$"))
        named()
        s.formrun.append(.init("options", .record([.init("mode", .string(d.mode.rawValue))])))
      }
    case .oneOf(let list):
      s.keywords += enumeration(list)
      if list.inline { named() }
    case .severalOf(let list):
      type("array")
      put("items", .record(enumeration(list)))
      put("uniqueItems", .bool(true))
      if let n = limits.count.min { put("minItems", .int(n)) }
      if let n = limits.count.max { put("maxItems", .int(n)) }
    case .components(let lists):
      type("array")
      put("prefixItems", .list(lists.map { .record(enumeration($0)) }))
      put("items", .bool(false))
      named()
    case .card(let fields):
      type("object")
      let properties = fields.map {
        Value.Field($0.key, .record([.init("type", .string("string")), .init("title", .string($0.label))]))
      }
      put("properties", .record(properties))
      put("required", .list(fields.map { .string($0.key) }))
      named()
    case .custom: named()
    }
    return s
  }
}
