import FormCore

/// The JSON Schema drafts formrun reads, oldest first. Each reads its own
/// keywords by its own rules: draft-04's `id` and boolean
/// `exclusiveMaximum`, draft-07's `$ref` that hides its siblings, 2019-09's
/// `$recursiveRef`, 2020-12's `prefixItems` and `$dynamicRef`.
public enum Draft: Int, Comparable, Sendable, CustomStringConvertible {
  case draft4, draft6, draft07, draft2019, draft2020

  /// Oldest first.
  public static func < (a: Draft, b: Draft) -> Bool { a.rawValue < b.rawValue }

  /// `draft-07`, `2020-12`: as the specification names it.
  public var description: String {
    switch self {
    case .draft4: return "draft-04"
    case .draft6: return "draft-06"
    case .draft07: return "draft-07"
    case .draft2019: return "2019-09"
    case .draft2020: return "2020-12"
    }
  }

  /// The meta-schema URI `$schema` names it by.
  public var uri: String {
    switch self {
    case .draft4: return "http://json-schema.org/draft-04/schema#"
    case .draft6: return "http://json-schema.org/draft-06/schema#"
    case .draft07: return "http://json-schema.org/draft-07/schema#"
    case .draft2019: return "https://json-schema.org/draft/2019-09/schema"
    case .draft2020: return "https://json-schema.org/draft/2020-12/schema"
    }
  }

  /// The draft a `$schema` URI names (http or https, with or without the
  /// empty fragment); nil for any other URI.
  static func named(_ uri: String) -> Draft? {
    var u = URI(uri)
    guard u.fragment == nil || u.fragment == "" else { return nil }
    u.fragment = nil
    if u.scheme == "https" { u.scheme = "http" }
    switch u.description {
    case "http://json-schema.org/draft-04/schema": return .draft4
    case "http://json-schema.org/draft-06/schema": return .draft6
    case "http://json-schema.org/draft-07/schema": return .draft07
    case "http://json-schema.org/draft/2019-09/schema": return .draft2019
    case "http://json-schema.org/draft/2020-12/schema": return .draft2020
    // "the latest", as the drafts before 2019-09 let a schema say
    case "http://json-schema.org/schema": return .draft2020
    default: return nil
    }
  }

  /// The identifier keyword: `id` in draft-04, `$id` after.
  var idKeyword: String { self == .draft4 ? "id" : "$id" }

  /// Up to draft-07 a `$ref` hides every keyword beside it.
  public var refHidesSiblings: Bool { self <= .draft07 }

  /// The vocabularies of 2019-09 and 2020-12 (earlier drafts have none: all their keywords apply).
  static func vocabulary(_ uri: String) -> Vocabulary? {
    for v in Vocabulary.allCases where v.uris.contains(uri) { return v }
    return nil
  }
}

/// A group of keywords a meta-schema's `$vocabulary` turns on (2019-09 and later).
enum Vocabulary: CaseIterable, Sendable {
  case core, applicator, unevaluated, validation, metaData, format, content

  var uris: [String] {
    let base19 = "https://json-schema.org/draft/2019-09/vocab/"
    let base20 = "https://json-schema.org/draft/2020-12/vocab/"
    switch self {
    case .core: return [base19 + "core", base20 + "core"]
    case .applicator: return [base19 + "applicator", base20 + "applicator"]
    case .unevaluated: return [base20 + "unevaluated"]
    case .validation: return [base19 + "validation", base20 + "validation"]
    case .metaData: return [base19 + "meta-data", base20 + "meta-data"]
    case .format: return [base19 + "format", base20 + "format-annotation", base20 + "format-assertion"]
    case .content: return [base19 + "content", base20 + "content"]
    }
  }
}

/// A draft and, when a meta-schema of its own names them, the vocabularies
/// it turns on: which keywords a subschema's keys are.
struct Dialect: Equatable, Sendable {
  var draft: Draft
  /// nil: every vocabulary of the draft
  var vocabularies: Set<Vocabulary>?

  init(_ draft: Draft, vocabularies: Set<Vocabulary>? = nil) {
    self.draft = draft
    self.vocabularies = vocabularies
  }

  /// What `key` is in this dialect; nil for a keyword it does not know (an annotation).
  func keyword(_ key: String) -> Keyword? {
    guard let k = Keywords.table(draft)[key] else { return nil }
    if let vocabularies, !vocabularies.contains(k.vocabulary) { return nil }
    return k
  }
}

/// What a keyword's value is, for the walks over a schema.
enum KeywordRole: Sendable {
  /// one subschema
  case schema
  /// an object of subschemas (`properties`, `$defs`)
  case schemaMap
  /// an array of subschemas (`allOf`, `prefixItems`)
  case schemaList
  /// `items` up to 2019-09: one subschema or an array of them
  case schemaOrList
  /// `dependencies` up to draft-07: each an array of names or a subschema
  case dependencies
  /// a value formrun reads (checked at load)
  case value
}

/// One keyword: what its value is, the vocabulary it belongs to, what makes
/// its value malformed, and its check of a document (none for an annotation
/// or a keyword another one reads, as `then` is read by `if`).
struct Keyword: Sendable {
  var role: KeywordRole
  var vocabulary: Vocabulary
  /// why a value is not one this keyword takes (nil: it is)
  var malformed: (@Sendable (Value) -> String?)?
  var check: KeywordCheck?

  init(
    _ role: KeywordRole, _ vocabulary: Vocabulary, malformed: (@Sendable (Value) -> String?)? = nil,
    check: KeywordCheck? = nil
  ) {
    self.role = role
    self.vocabulary = vocabulary
    self.malformed = malformed
    self.check = check
  }
}

/// The keywords of each draft, keyed by name: the one table the load walk,
/// the validator and the form builder read.
enum Keywords {
  static func table(_ draft: Draft) -> [String: Keyword] {
    switch draft {
    case .draft4: return draft4
    case .draft6: return draft6
    case .draft07: return draft7
    case .draft2019: return draft2019
    case .draft2020: return draft2020
    }
  }

  static func string(_ name: String) -> @Sendable (Value) -> String? {
    { $0.string == nil ? "'\(name)' must be a string" : nil }
  }
  static func boolean(_ name: String) -> @Sendable (Value) -> String? {
    { if case .bool = $0 { return nil } else { return "'\(name)' must be true or false" } }
  }
  static func number(_ name: String) -> @Sendable (Value) -> String? {
    { $0.number == nil ? "'\(name)' must be a number" : nil }
  }
  static func count(_ name: String) -> @Sendable (Value) -> String? {
    {
      guard let n = $0.number, n >= 0, n == n.rounded() else { return "'\(name)' must be a whole number of at least 0" }
      return nil
    }
  }
  static func names(_ name: String) -> @Sendable (Value) -> String? {
    {
      guard case .list(let l) = $0, l.allSatisfy({ $0.string != nil }) else {
        return "'\(name)' must be an array of property names"
      }
      return nil
    }
  }
  static let typeNames: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]
  static let type: @Sendable (Value) -> String? = { v in
    let names: [Value]
    if case .list(let l) = v { names = l } else { names = [v] }
    guard !names.isEmpty, names.allSatisfy({ $0.string.map(typeNames.contains) ?? false }) else {
      return "'type' must be one of null, boolean, object, array, number, string, integer, or an array of them"
    }
    return nil
  }

  /// The keywords every draft shares.
  static let common: [String: Keyword] = [
    "$schema": Keyword(.value, .core, malformed: string("$schema")),
    "$ref": Keyword(.value, .core, malformed: string("$ref"), check: Checks.ref),
    "definitions": Keyword(.schemaMap, .core),
    "allOf": Keyword(.schemaList, .applicator, check: Checks.allOf),
    "anyOf": Keyword(.schemaList, .applicator, check: Checks.anyOf),
    "oneOf": Keyword(.schemaList, .applicator, check: Checks.oneOf),
    "not": Keyword(.schema, .applicator, check: Checks.not),
    "properties": Keyword(.schemaMap, .applicator, check: Checks.properties),
    "patternProperties": Keyword(.schemaMap, .applicator, check: Checks.patternProperties),
    "additionalProperties": Keyword(.schema, .applicator, check: Checks.additionalProperties),
    "type": Keyword(.value, .validation, malformed: type, check: Checks.type),
    "enum": Keyword(
      .value, .validation, malformed: { $0.list == nil ? "'enum' must be an array" : nil }, check: Checks.enumeration),
    "multipleOf": Keyword(
      .value, .validation,
      malformed: { v in (v.number.map { $0 > 0 } ?? false) ? nil : "'multipleOf' must be a number above 0" },
      check: Checks.multipleOf),
    "maximum": Keyword(.value, .validation, malformed: number("maximum"), check: Checks.maximum),
    "minimum": Keyword(.value, .validation, malformed: number("minimum"), check: Checks.minimum),
    "exclusiveMaximum": Keyword(
      .value, .validation, malformed: number("exclusiveMaximum"), check: Checks.exclusiveMaximum),
    "exclusiveMinimum": Keyword(
      .value, .validation, malformed: number("exclusiveMinimum"), check: Checks.exclusiveMinimum),
    "maxLength": Keyword(.value, .validation, malformed: count("maxLength"), check: Checks.maxLength),
    "minLength": Keyword(.value, .validation, malformed: count("minLength"), check: Checks.minLength),
    "pattern": Keyword(.value, .validation, malformed: string("pattern"), check: Checks.pattern),
    "maxItems": Keyword(.value, .validation, malformed: count("maxItems"), check: Checks.maxItems),
    "minItems": Keyword(.value, .validation, malformed: count("minItems"), check: Checks.minItems),
    "uniqueItems": Keyword(.value, .validation, malformed: boolean("uniqueItems"), check: Checks.uniqueItems),
    "maxProperties": Keyword(.value, .validation, malformed: count("maxProperties"), check: Checks.maxProperties),
    "minProperties": Keyword(.value, .validation, malformed: count("minProperties"), check: Checks.minProperties),
    "required": Keyword(.value, .validation, malformed: names("required"), check: Checks.required),
    "format": Keyword(.value, .format, malformed: string("format"), check: Checks.format),
    "title": Keyword(.value, .metaData, malformed: string("title")),
    "description": Keyword(.value, .metaData, malformed: string("description")),
    "default": Keyword(.value, .metaData),
    "$comment": Keyword(.value, .core),
    "x-formrun": Keyword(
      .value, .metaData,
      malformed: { v in if case .record = v { return nil } else { return "'x-formrun' must be an object" } }),
  ]

  static let draft4: [String: Keyword] = common.merging([
    "id": Keyword(.value, .core, malformed: string("id")),
    "items": Keyword(.schemaOrList, .applicator, check: Checks.items),
    "additionalItems": Keyword(.schema, .applicator, check: Checks.additionalItems),
    "dependencies": Keyword(.dependencies, .applicator, check: Checks.dependencies),
    "maximum": Keyword(.value, .validation, malformed: number("maximum"), check: Checks.maximum4),
    "minimum": Keyword(.value, .validation, malformed: number("minimum"), check: Checks.minimum4),
    "exclusiveMaximum": Keyword(.value, .validation, malformed: boolean("exclusiveMaximum")),
    "exclusiveMinimum": Keyword(.value, .validation, malformed: boolean("exclusiveMinimum")),
  ]) { $1 }

  static let draft6: [String: Keyword] = common.merging([
    "$id": Keyword(.value, .core, malformed: string("$id")),
    "items": Keyword(.schemaOrList, .applicator, check: Checks.items),
    "additionalItems": Keyword(.schema, .applicator, check: Checks.additionalItems),
    "dependencies": Keyword(.dependencies, .applicator, check: Checks.dependencies),
    "const": Keyword(.value, .validation, check: Checks.const),
    "contains": Keyword(.schema, .applicator, check: Checks.contains),
    "propertyNames": Keyword(.schema, .applicator, check: Checks.propertyNames),
    "examples": Keyword(.value, .metaData),
  ]) { $1 }

  static let draft7: [String: Keyword] = draft6.merging([
    "if": Keyword(.schema, .applicator, check: Checks.ifThenElse),
    "then": Keyword(.schema, .applicator),
    "else": Keyword(.schema, .applicator),
    "readOnly": Keyword(.value, .metaData, malformed: boolean("readOnly")),
    "writeOnly": Keyword(.value, .metaData, malformed: boolean("writeOnly")),
    "contentMediaType": Keyword(.value, .content, malformed: string("contentMediaType")),
    "contentEncoding": Keyword(.value, .content, malformed: string("contentEncoding")),
  ]) { $1 }

  static let draft2019: [String: Keyword] = draft7.merging([
    "$anchor": Keyword(.value, .core, malformed: string("$anchor")),
    "$recursiveRef": Keyword(.value, .core, malformed: string("$recursiveRef"), check: Checks.recursiveRef),
    "$recursiveAnchor": Keyword(.value, .core, malformed: boolean("$recursiveAnchor")),
    "$vocabulary": Keyword(.value, .core),
    "$defs": Keyword(.schemaMap, .core),
    "dependentSchemas": Keyword(.schemaMap, .applicator, check: Checks.dependentSchemas),
    "dependentRequired": Keyword(
      .value, .validation,
      malformed: { v in
        guard case .record(let deps) = v, deps.allSatisfy({ names("")($0.value) == nil }) else {
          return "'dependentRequired' must map names to arrays of property names"
        }
        return nil
      }, check: Checks.dependentRequired),
    "unevaluatedItems": Keyword(.schema, .applicator, check: Checks.unevaluatedItems),
    "unevaluatedProperties": Keyword(.schema, .applicator, check: Checks.unevaluatedProperties),
    "maxContains": Keyword(.value, .validation, malformed: count("maxContains")),
    "minContains": Keyword(.value, .validation, malformed: count("minContains")),
    "deprecated": Keyword(.value, .metaData, malformed: boolean("deprecated")),
    "contentSchema": Keyword(.schema, .content),
  ]) { $1 }.filter { $0.key != "dependencies" }

  static let draft2020: [String: Keyword] = draft2019.merging([
    "$dynamicRef": Keyword(.value, .core, malformed: string("$dynamicRef"), check: Checks.dynamicRef),
    "$dynamicAnchor": Keyword(.value, .core, malformed: string("$dynamicAnchor")),
    "prefixItems": Keyword(.schemaList, .applicator, check: Checks.prefixItems),
    // an array is the tuple form of the drafts before: read as `prefixItems` (and noted)
    "items": Keyword(.schemaOrList, .applicator, check: Checks.items2020),
    "unevaluatedItems": Keyword(.schema, .unevaluated, check: Checks.unevaluatedItems),
    "unevaluatedProperties": Keyword(.schema, .unevaluated, check: Checks.unevaluatedProperties),
  ]) { $1 }.filter { !["$recursiveRef", "$recursiveAnchor", "additionalItems"].contains($0.key) }

  /// Keywords no draft defines that formrun reads all the same (the form
  /// builder's, and editors' annotations it shows): not listed as unused.
  static let read: Set<String> = [
    "x-formrun", "markdownDescription", "enumDescriptions", "markdownEnumDescriptions", "deprecated",
  ]

  /// The `format` values formrun checks; any other is an annotation.
  static let formats: Set<String> = [
    "email", "uri", "uri-reference", "json-pointer", "relative-json-pointer", "hostname", "ipv4", "ipv6", "uuid",
    "date", "time", "date-time",
  ]
}
