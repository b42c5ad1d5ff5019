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
    var lengthMin: Int?
    var lengthMax: Int?
    var rangeMin: Value?
    var rangeMax: Value?
    var countMin: Int?
    var countMax: Int?
    for v in item.validators {
      let (name, args) = spec(v.source)
      switch name {
      case "length":
        lengthMin = args.first.flatMap { Int($0) }
        lengthMax = args.count > 1 ? Int(args[1]) : nil
      case "range":
        rangeMin = args.first.flatMap { Double($0) }.map(number)
        rangeMax = args.count > 1 ? Double(args[1]).map(number) : nil
      case "count":
        countMin = args.first.flatMap { Int($0) }
        countMax = args.count > 1 ? Int(args[1]) : nil
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
    func put(_ key: String, _ v: Value?) {
      guard let v else { return }
      if let i = keywords.firstIndex(where: { $0.key == key }) {
        keywords[i].value = v
      } else {
        keywords.append(.init(key, v))
      }
    }
    if let n = lengthMin { put("minLength", .int(n)) }
    if let n = lengthMax { put("maxLength", .int(n)) }
    put("minimum", rangeMin)
    put("maximum", rangeMax)
    if let n = countMin { put("minItems", .int(n)) }
    if let n = countMax { put("maxItems", .int(n)) }
    // a named row with no value is submitted as null
    if !item.isRequired, let i = keywords.firstIndex(where: { $0.key == "type" }), let t = keywords[i].value.string {
      keywords[i].value = .list([.string(t), .string("null")])
      if let e = keywords.firstIndex(where: { $0.key == "enum" }), case .list(let l) = keywords[e].value {
        keywords[e].value = .list(l + [.null])
      }
    }
    p += keywords
    if !item.value.isNull, item.value != .list([]) { p.append(.init("default", item.value)) }
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

/// What a row's value is, read from its kind's options (the kind's own
/// facts will say it directly): the type keywords, and the `x-formrun` that
/// brings the same kind back.
struct RowShape {
  var keywords: [Value.Field] = []
  var formrun: [Value.Field] = []
  var isText = false

  static func of(_ item: Item) -> RowShape {
    var s = RowShape()
    let kind = item.kind
    func option(_ key: String) -> Value? { kind.option(key) }
    func type(_ t: String) { s.keywords.append(.init("type", .string(t))) }
    if case .list(let options)? = option("options") {
      if options.allSatisfy({ $0.list != nil }) {
        type("array")
        s.keywords.append(
          .init("prefixItems", .list(options.map { .record([.init("enum", $0)]) })))
        s.keywords.append(.init("items", .bool(false)))
        s.formrun.append(.init("kind", .string(kind.name)))
      } else if case .list = kind.initialValue {
        type("array")
        s.keywords.append(.init("items", .record([.init("enum", .list(options))])))
        s.keywords.append(.init("uniqueItems", .bool(true)))
      } else {
        type("string")
        s.keywords.append(.init("enum", .list(options)))
        s.formrun.append(.init("kind", .string(kind.name)))
      }
    } else if let mode = option("mode")?.string {
      type("string")
      if mode == "date" {
        s.keywords.append(.init("format", .string("date")))
      } else {
        // the date kind's times are local clock times (14:05), not RFC 3339
        let clock = "[0-9]{2}:[0-9]{2}(:[0-9]{2})?"
        s.keywords.append(
          .init("pattern", .string(mode == "time" ? "^\(clock)$" : "^[0-9]{4}-[0-9]{2}-[0-9]{2}T\(clock)$")))
        s.formrun.append(.init("kind", .string(kind.name)))
        s.formrun.append(.init("options", .record([.init("mode", .string(mode))])))
      }
    } else if option("step") != nil {
      type("number")
      if let lo = option("min") { s.keywords.append(.init("minimum", lo)) }
      if let hi = option("max") { s.keywords.append(.init("maximum", hi)) }
      var o: [Value.Field] = []
      if let step = option("step"), !step.isNull { o.append(.init("step", step)) }
      s.formrun.append(.init("kind", .string(kind.name)))
      if !o.isEmpty { s.formrun.append(.init("options", .record(o))) }
    } else if let decimals = option("decimals") {
      type(decimals == .int(0) ? "integer" : "number")
      if let lo = option("min"), !lo.isNull { s.keywords.append(.init("minimum", lo)) }
      if let hi = option("max"), !hi.isNull { s.keywords.append(.init("maximum", hi)) }
    } else if let secure = option("secure") {
      type("string")
      s.isText = true
      if let n = option("max_length"), !n.isNull { s.keywords.append(.init("maxLength", n)) }
      if secure == .bool(true) { s.keywords.append(.init("writeOnly", .bool(true))) }
    } else if kind.readsLines {
      type("string")
      s.isText = true
      if let n = option("max_length"), !n.isNull { s.keywords.append(.init("maxLength", n)) }
      s.keywords.append(.init("contentMediaType", .string("text/plain")))
    } else if let mask = option("format")?.string {
      type("string")
      s.keywords.append(.init("pattern", .string("^[0-9]*$")))
      s.keywords.append(.init("maxLength", .int(mask.filter { $0 == "X" }.count)))
      s.formrun.append(.init("kind", .string(kind.name)))
      s.formrun.append(.init("mask", .string(mask)))
    } else if kind.initialValue == .bool(false) {
      type("boolean")
    } else if kind is JSONKind {
      // any JSON value
    } else if kind is TextKind {
      type("string")
    } else {
      s.formrun.append(.init("kind", .string(kind.name)))
    }
    return s
  }
}
