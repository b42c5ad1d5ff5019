import FormCore

/// A JSON Schema document as formrun reads it: draft 2020-12, draft-07 read
/// too. Loading checks every keyword of every subschema: one formrun does not
/// support is refused with its JSON pointer (or, lenient, left out and listed
/// in `ignored`), a malformed one is an error whatever the mode.
public final class Schema {
  /// The dialects formrun reads.
  public enum Draft: String, Sendable {
    case draft2020 = "2020-12"
    case draft07 = "draft-07"
  }

  /// The document as loaded (lenient: without the keywords it ignored).
  public let root: Value
  /// The dialect its `$schema` names (2020-12 when it names none).
  public let draft: Draft
  /// Keywords left out by a lenient load: where, and why.
  public let ignored: [SchemaError]
  /// `$anchor` names (and draft-07's `$id: "#name"`), to their places.
  let anchors: [String: JSONPointer]
  /// The root's `$id` without its fragment, so `$ref`s that spell it out resolve here.
  let base: String?
  var regexes: [String: ECMARegex] = [:]

  init(root: Value, draft: Draft, ignored: [SchemaError], anchors: [String: JSONPointer], base: String?) {
    self.root = root
    self.draft = draft
    self.ignored = ignored
    self.anchors = anchors
    self.base = base
  }

  /// Read a schema from JSON text; `name` is how messages name the file.
  public static func load(_ text: String, name: String, lenient: Bool = false) throws(SchemaError) -> Schema {
    let value: Value
    do { value = try JSON.decode(text) } catch {
      throw SchemaError(file: name, at: nil, message: "line \(error.line): \(error.message)", kind: .json)
    }
    return try load(value, name: name, lenient: lenient)
  }

  /// Read a schema already parsed from JSON.
  public static func load(_ value: Value, name: String, lenient: Bool = false) throws(SchemaError) -> Schema {
    var draft = Draft.draft2020
    if case .record = value, let s = value["$schema"] {
      guard let uri = s.string else {
        throw SchemaError(file: name, at: JSONPointer(["$schema"]), message: "'$schema' must be a string")
      }
      if uri.contains("draft/2020-12") {
        draft = .draft2020
      } else if uri.contains("draft-07") {
        draft = .draft07
      } else {
        throw SchemaError(
          file: name, at: JSONPointer(["$schema"]),
          message: "'\(uri)' is not a dialect formrun reads (draft 2020-12, or draft-07)", kind: .unsupported)
      }
    }
    var checker = Checker(file: name, draft: draft, lenient: lenient)
    let root = try checker.walk(value, at: JSONPointer())
    var base: String?
    if case .record = value, let id = value["$id"]?.string {
      base = String(id.prefix { $0 != "#" })
    }
    let schema = Schema(root: root, draft: draft, ignored: checker.ignored, anchors: checker.anchors, base: base)
    // every $ref resolves, and none loops back on itself before reaching any data
    for (pointer, ref) in checker.refs {
      guard let target = schema.resolve(ref) else {
        let problem = SchemaError(
          file: name, at: pointer.appending("$ref"),
          message: ref.hasPrefix("#") || schema.isLocal(ref)
            ? "'$ref' \(ref) names no place in this schema"
            : "'$ref' \(ref) names another document: formrun resolves $ref only inside the schema",
          kind: ref.hasPrefix("#") || schema.isLocal(ref) ? .malformed : .unsupported)
        throw problem
      }
      var seen: Set<JSONPointer> = [pointer]
      var at = target
      while let next = schema.value(at)?["$ref"]?.string, let nextAt = schema.resolve(next) {
        if !seen.insert(at).inserted || nextAt == pointer {
          throw SchemaError(
            file: name, at: pointer.appending("$ref"),
            message: "'$ref' \(ref) leads back to itself through $ref alone (it would never end)")
        }
        at = nextAt
      }
    }
    return schema
  }

  /// The subschema at `pointer`.
  func value(_ pointer: JSONPointer) -> Value? { pointer.resolve(in: root) }

  func isLocal(_ ref: String) -> Bool {
    guard let base, !base.isEmpty else { return false }
    return ref.hasPrefix(base + "#") || ref == base
  }

  /// The place a `$ref` names: `#`, `#/json/pointer`, `#anchor`, or those after the root's own `$id`.
  func resolve(_ ref: String) -> JSONPointer? {
    var ref = ref
    if let base, !base.isEmpty, ref.hasPrefix(base) { ref = String(ref.dropFirst(base.count)) }
    if ref.isEmpty { return JSONPointer() }
    guard ref.hasPrefix("#"), let fragment = String(ref.dropFirst()).percentDecoded else { return nil }
    if fragment.isEmpty || fragment.hasPrefix("/") {
      guard let p = JSONPointer.parse(fragment), p.resolve(in: root) != nil else { return nil }
      return p
    }
    return anchors[fragment]
  }

  /// The compiled regular expression of a pattern already checked at load.
  func regex(_ source: String) -> ECMARegex? {
    if let r = regexes[source] { return r }
    guard let r = try? ECMARegex(source) else { return nil }
    regexes[source] = r
    return r
  }
}

/// What is wrong with a schema, and where.
public struct SchemaError: Error, Equatable, CustomStringConvertible {
  /// What kind of fault it is.
  public enum Kind: Sendable {
    /// not JSON
    case json
    /// a keyword (or a value of one) formrun does not support: `--lenient` loads anyway
    case unsupported
    /// not a valid schema
    case malformed
  }

  /// How messages name the schema file.
  public var file: String
  /// The keyword's place in the schema; nil for the whole file.
  public var at: JSONPointer?
  /// What is wrong, in lowercase words.
  public var message: String
  /// Whether `--lenient` may load past it.
  public var kind: Kind = .malformed

  /// A fault of `file` at `at`.
  public init(file: String, at: JSONPointer?, message: String, kind: Kind = .malformed) {
    self.file = file
    self.at = at
    self.message = message
    self.kind = kind
  }

  /// `file: #/pointer: message`.
  public var description: String { [file, at?.fragment, message].compactMap { $0 }.joined(separator: ": ") }
}

/// What a keyword's value is, for the walk that checks a schema.
enum KeywordRole {
  /// one subschema
  case schema
  /// an object of subschemas (`properties`, `$defs`)
  case schemaMap
  /// an array of subschemas (`allOf`, `prefixItems`)
  case schemaList
  /// draft-07's `items`: one subschema or an array of them
  case schemaOrList
  /// draft-07's `dependencies`: each an array of names or a subschema
  case dependencies
  /// a value checked by `Checker.value`
  case value
  /// data, or words, formrun reads as given (`title`, `default`, `examples`)
  case annotation
}

/// The keywords formrun supports, by dialect, and those it knows and does not.
enum Keywords {
  static let common: [String: KeywordRole] = [
    "$schema": .value, "$id": .value, "$ref": .value, "$comment": .annotation, "$defs": .schemaMap,
    "definitions": .schemaMap,
    "allOf": .schemaList, "anyOf": .schemaList, "oneOf": .schemaList, "not": .schema,
    "if": .schema, "then": .schema, "else": .schema,
    "properties": .schemaMap, "patternProperties": .schemaMap, "additionalProperties": .schema,
    "propertyNames": .schema, "contains": .schema,
    "type": .value, "enum": .value, "const": .annotation, "multipleOf": .value, "maximum": .value,
    "exclusiveMaximum": .value, "minimum": .value, "exclusiveMinimum": .value, "maxLength": .value,
    "minLength": .value, "pattern": .value, "maxItems": .value, "minItems": .value, "uniqueItems": .value,
    "maxProperties": .value, "minProperties": .value, "required": .value,
    "title": .value, "description": .value, "default": .annotation, "readOnly": .value, "writeOnly": .value,
    "examples": .value, "format": .value, "contentMediaType": .value, "contentEncoding": .value,
    "x-formrun": .value,
  ]
  static let only2020: [String: KeywordRole] = [
    "$anchor": .value, "dependentSchemas": .schemaMap, "dependentRequired": .value, "prefixItems": .schemaList,
    "items": .schema, "maxContains": .value, "minContains": .value, "deprecated": .value,
    "contentSchema": .annotation,
  ]
  static let only07: [String: KeywordRole] = [
    "items": .schemaOrList, "additionalItems": .schema, "dependencies": .dependencies,
  ]
  /// Keywords of the dialects formrun knows but does not evaluate.
  static let unsupported: [String: String] = [
    "$dynamicRef": "dynamic references", "$dynamicAnchor": "dynamic anchors", "$recursiveRef": "recursive references",
    "$recursiveAnchor": "recursive anchors", "$vocabulary": "vocabularies",
    "unevaluatedProperties": "unevaluated properties", "unevaluatedItems": "unevaluated items",
  ]

  static func role(_ keyword: String, _ draft: Schema.Draft) -> KeywordRole? {
    if let r = common[keyword] { return r }
    return draft == .draft2020 ? only2020[keyword] : only07[keyword]
  }

  /// The `format` values formrun checks.
  static let formats: Set<String> = [
    "email", "uri", "hostname", "ipv4", "ipv6", "uuid", "date", "time", "date-time",
  ]
  static let typeNames: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]
}

/// The walk over a schema at load: every keyword known and well formed.
struct Checker {
  let file: String
  let draft: Schema.Draft
  let lenient: Bool
  var ignored: [SchemaError] = []
  var anchors: [String: JSONPointer] = [:]
  var refs: [(JSONPointer, String)] = []

  init(file: String, draft: Schema.Draft, lenient: Bool) {
    self.file = file
    self.draft = draft
    self.lenient = lenient
  }

  func fault(_ at: JSONPointer, _ message: String, _ kind: SchemaError.Kind = .malformed) -> SchemaError {
    SchemaError(file: file, at: at, message: message, kind: kind)
  }

  /// A refusal, or (lenient) a note that the keyword is left out.
  mutating func unsupported(_ at: JSONPointer, _ message: String) throws(SchemaError) {
    let e = fault(at, message, .unsupported)
    guard lenient else { throw e }
    ignored.append(e)
  }

  /// The subschema at `at`, checked; lenient, without what it ignored.
  mutating func walk(_ schema: Value, at: JSONPointer) throws(SchemaError) -> Value {
    switch schema {
    case .bool: return schema
    case .record(let fields):
      var kept: [Value.Field] = []
      for field in fields {
        let here = at.appending(field.key)
        guard let role = Keywords.role(field.key, draft) else {
          if let what = Keywords.unsupported[field.key] {
            try unsupported(here, "unsupported keyword '\(field.key)' (formrun does not evaluate \(what))")
          } else if field.key.hasPrefix("x-") {
            // an extension another tool reads: an annotation, kept
            kept.append(field)
          } else {
            try unsupported(here, "unsupported keyword '\(field.key)'")
          }
          continue
        }
        if try !value(field.key, field.value, at: here, in: fields, isRoot: at.tokens.isEmpty) { continue }
        kept.append(.init(field.key, try walk(role, field.value, at: here)))
      }
      return .record(kept)
    default:
      throw fault(at, "a schema must be an object or a boolean (got \(jsonType(schema)))")
    }
  }

  mutating func walk(_ role: KeywordRole, _ value: Value, at: JSONPointer) throws(SchemaError) -> Value {
    switch role {
    case .value, .annotation: return value
    case .schema: return try walk(value, at: at)
    case .schemaMap:
      guard case .record(let fields) = value else { throw fault(at, "must be an object of schemas") }
      var out: [Value.Field] = []
      for f in fields { out.append(.init(f.key, try walk(f.value, at: at.appending(f.key)))) }
      return .record(out)
    case .schemaList:
      guard case .list(let items) = value, !items.isEmpty else {
        throw fault(at, "must be a non-empty array of schemas")
      }
      var out: [Value] = []
      for (i, v) in items.enumerated() { out.append(try walk(v, at: at.appending(i))) }
      return .list(out)
    case .schemaOrList:
      if case .list = value { return try walk(.schemaList, value, at: at) }
      return try walk(value, at: at)
    case .dependencies:
      guard case .record(let fields) = value else { throw fault(at, "must be an object") }
      var out: [Value.Field] = []
      for f in fields {
        if case .list(let names) = f.value {
          guard names.allSatisfy({ $0.string != nil }) else {
            throw fault(at.appending(f.key), "must be an array of property names or a schema")
          }
          out.append(f)
        } else {
          out.append(.init(f.key, try walk(f.value, at: at.appending(f.key))))
        }
      }
      return .record(out)
    }
  }

  /// Check one keyword's value; false when (lenient) it is left out.
  mutating func value(
    _ key: String, _ v: Value, at: JSONPointer, in fields: [Value.Field], isRoot: Bool
  ) throws(SchemaError) -> Bool {
    func nonNegative() throws(SchemaError) {
      guard let n = v.number, n >= 0, n == n.rounded() else {
        throw fault(at, "'\(key)' must be a whole number of at least 0")
      }
    }
    func number() throws(SchemaError) {
      guard v.number != nil else { throw fault(at, "'\(key)' must be a number") }
    }
    func string() throws(SchemaError) {
      guard v.string != nil else { throw fault(at, "'\(key)' must be a string") }
    }
    func boolean() throws(SchemaError) {
      guard case .bool = v else { throw fault(at, "'\(key)' must be true or false") }
    }
    switch key {
    case "$schema":
      try string()
      let same = draft == .draft2020 ? v.string!.contains("draft/2020-12") : v.string!.contains("draft-07")
      if !isRoot, !same {
        try unsupported(at, "'$schema' inside a schema (an embedded resource)")
        return false
      }
    case "$id":
      try string()
      let id = v.string!
      if draft == .draft07, id.hasPrefix("#") {
        anchors[String(id.dropFirst())] = JSONPointer(Array(at.tokens.dropLast()))
      } else if !isRoot {
        try unsupported(at, "'$id' inside a schema (an embedded resource with its own base)")
        return false
      }
    case "$anchor":
      try string()
      anchors[v.string!] = JSONPointer(Array(at.tokens.dropLast()))
    case "$ref":
      try string()
      refs.append((JSONPointer(Array(at.tokens.dropLast())), v.string!))
    case "type":
      let names: [Value]
      if case .list(let l) = v { names = l } else { names = [v] }
      guard !names.isEmpty, names.allSatisfy({ $0.string.map(Keywords.typeNames.contains) ?? false }) else {
        throw fault(
          at, "'type' must be one of null, boolean, object, array, number, string, integer, or an array of them")
      }
    case "enum":
      guard case .list = v else { throw fault(at, "'enum' must be an array") }
    case "multipleOf":
      guard let n = v.number, n > 0 else { throw fault(at, "'multipleOf' must be a number above 0") }
    case "maximum", "minimum": try number()
    case "exclusiveMaximum", "exclusiveMinimum":
      if draft == .draft07, case .bool = v {
        try unsupported(at, "'\(key)' as a boolean (draft-04's form)")
        return false
      }
      try number()
    case "maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties", "maxContains",
      "minContains":
      try nonNegative()
    case "uniqueItems", "readOnly", "writeOnly", "deprecated": try boolean()
    case "pattern":
      try string()
      do { _ = try ECMARegex(v.string!) } catch {
        try unsupported(
          at, "'pattern' is not a regular expression PCRE2 reads: \(error.message) at offset \(error.offset)")
        return false
      }
    case "required":
      guard case .list(let l) = v, l.allSatisfy({ $0.string != nil }) else {
        throw fault(at, "'required' must be an array of property names")
      }
    case "dependentRequired":
      guard case .record(let deps) = v,
        deps.allSatisfy({
          if case .list(let l) = $0.value { return l.allSatisfy { $0.string != nil } } else { return false }
        })
      else { throw fault(at, "'dependentRequired' must map names to arrays of property names") }
    case "title", "description", "contentMediaType", "contentEncoding": try string()
    case "examples":
      guard case .list = v else { throw fault(at, "'examples' must be an array") }
    case "format":
      try string()
      guard Keywords.formats.contains(v.string!) else {
        try unsupported(
          at, "unsupported format '\(v.string!)' (formrun checks \(Keywords.formats.sorted().joined(separator: ", ")))")
        return false
      }
    case "x-formrun":
      guard case .record = v else { throw fault(at, "'x-formrun' must be an object") }
    default: break
    }
    if key == "patternProperties", case .record(let pats) = v {
      for p in pats {
        do { _ = try ECMARegex(p.key) } catch {
          try unsupported(
            at.appending(p.key), "not a regular expression PCRE2 reads: \(error.message) at offset \(error.offset)")
          return false
        }
      }
    }
    return true
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
