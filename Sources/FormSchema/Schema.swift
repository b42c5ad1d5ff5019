import FormCore

/// A JSON Schema as formrun reads it: draft-04, draft-06, draft-07, 2019-09
/// or 2020-12 (its `$schema`; 2020-12 when it names none), each by its own
/// rules, with the documents its `$ref`s name read from local files.
///
/// Loading checks every keyword formrun knows in every subschema: a
/// malformed one is refused with its JSON pointer. A keyword it does not
/// know, or a `format` it does not check, is an annotation, as the
/// specification says: kept as data (a `$ref` may point into it) and listed
/// in `unused` (`formrun schema --check`).
public final class Schema {
  /// The schema's own document as loaded (lenient: without what it ignored).
  public let root: Value
  /// The draft of the schema's own document.
  public let draft: Draft
  /// What a lenient load left out: where, and why.
  public let ignored: [SchemaError]
  /// What formrun does not use: keywords it does not know, formats it does
  /// not check, keywords a `$ref` hides (`formrun schema --check` lists them).
  public let unused: [SchemaError]
  /// Every document read: the schema's own first, then those its `$ref`s name.
  public let documents: [SchemaDocument]
  let resources: [Resource]
  let resourceByURI: [String: Int]
  /// The places that begin a resource (a document's root, a subschema with `$id`).
  let resourceAt: [JSONPointer: Int]
  /// Each `$ref`, `$dynamicRef` and `$recursiveRef`, by the keyword's place: where it leads.
  let refs: [JSONPointer: Target]
  /// Whether any subschema has `unevaluatedProperties` or `unevaluatedItems`
  /// (only then does validation gather what each subschema evaluated).
  let collectsAnnotations: Bool
  var regexes: [String: ECMARegex] = [:]
  var keyIndexes: KeyIndexes
  /// Pattern and text pairs whose search gave up.
  var costly: Set<String> = []
  /// The budget the checks in `checking(within:)` share.
  var budget: Budget?

  /// Where a reference leads: the place, its subschema, its resource.
  struct Target {
    var place: JSONPointer
    var value: Value
    var resource: Int
    /// `$dynamicRef` to a `$dynamicAnchor`: the name the dynamic scope is searched for
    var dynamicName: String?
  }

  /// A schema resource: a document, or a subschema with its own `$id`.
  struct Resource {
    var uri: String
    var place: JSONPointer
    var dialect: Dialect
    var anchors: [String: JSONPointer] = [:]
    var dynamicAnchors: [String: JSONPointer] = [:]
    var recursiveAnchor = false
  }

  init(loader l: Loader, root: Value) {
    self.root = root
    draft = l.resources[0].dialect.draft
    ignored = l.ignored
    unused = l.unused
    documents = l.documents
    resources = l.resources
    resourceByURI = l.resourceByURI
    resourceAt = l.resourceAt
    refs = l.targets
    collectsAnnotations = l.collectsAnnotations
    keyIndexes = l.keyIndexes
  }

  /// Read a schema file; `$ref`s to other documents are read from the files
  /// beside it and from the folders of `searchPath` (never from the network).
  public static func load(
    path: String, searchPath: [String] = [], lenient: Bool = false, files: any SchemaFiles = LocalFiles()
  ) throws(SchemaError) -> Schema {
    var l = Loader(files: files, searchPath: searchPath, lenient: lenient)
    guard let bytes = files.read(path) else {
      throw SchemaError(file: path, at: nil, message: "cannot read the file: \(files.problem(path) ?? "read error")")
    }
    let value = try Loader.decode(bytes, name: path)
    return try l.load(value, name: path, path: path, uri: URI.file(files.absolute(path)))
  }

  /// Read a schema from JSON text; `name` is how messages name it.
  public static func load(_ text: String, name: String, lenient: Bool = false) throws(SchemaError) -> Schema {
    let value: Value
    do { value = try JSON.decode(text) } catch {
      throw SchemaError(file: name, at: nil, message: "line \(error.line): \(error.message)", kind: .json)
    }
    return try load(value, name: name, lenient: lenient)
  }

  /// Read a schema already parsed from JSON (no file: its `$ref`s stay inside it).
  public static func load(_ value: Value, name: String, lenient: Bool = false) throws(SchemaError) -> Schema {
    var l = Loader(files: nil, searchPath: [], lenient: lenient)
    return try l.load(value, name: name, path: nil, uri: URI("file:///" + name))
  }

  // MARK: places

  /// The subschema at `place` as it applies: up to draft-07, the keywords a
  /// `$ref` hides (all its siblings but annotations) are left out.
  public func value(_ place: JSONPointer) -> Value? {
    guard let v = rawValue(place) else { return nil }
    guard case .record(let fields) = v, fields.contains(where: { $0.key == "$ref" }) else { return v }
    let dialect = scope(of: place).dialect
    guard dialect.draft.refHidesSiblings else { return v }
    return .record(
      fields.filter {
        $0.key == "$ref" || dialect.keyword($0.key)?.check == nil && !Loader.holdsSchemas($0.key, dialect)
      })
  }

  /// The subschema at `place` as the file has it.
  public func rawValue(_ place: JSONPointer) -> Value? {
    guard documents.indices.contains(place.document) else { return nil }
    // a large object's key found through an index made once (a schema of
    // 50,000 properties reads each of them: linear, not quadratic)
    return keyIndexes.resolve(place, in: place.document == 0 ? root : documents[place.document].value)
  }

  /// The draft that reads the subschema at `place`.
  public func draft(at place: JSONPointer) -> Draft { scope(of: place).dialect.draft }

  /// Where the `$ref` of the subschema at `place` leads (a `$dynamicRef` or
  /// `$recursiveRef` where it leads before the dynamic scope is looked at);
  /// nil when it has none.
  public func refTarget(at place: JSONPointer) -> JSONPointer? {
    for key in ["$ref", "$dynamicRef", "$recursiveRef"] {
      if let t = refs[place.appending(key)] { return t.place }
    }
    return nil
  }

  /// The place a `$ref` written in the schema's root names (`#/$defs/a`, `#anchor`, `other.json#/a`
  /// when that document was read).
  func resolve(_ ref: String) -> JSONPointer? {
    let u = URI(resources[0].uri).resolving(ref)
    guard let r = resourceByURI[u.key] else { return nil }
    guard let fragment = u.fragment?.percentDecoded, !fragment.isEmpty else { return resources[r].place }
    if fragment.hasPrefix("/") {
      guard let p = JSONPointer.parse(fragment) else { return nil }
      let at = JSONPointer(resources[r].place.tokens + p.tokens, document: resources[r].place.document)
      return rawValue(at) == nil ? nil : at
    }
    return resources[r].anchors[fragment]
  }

  /// The resource holding `place` (the nearest one above it) and its dialect.
  func scope(of place: JSONPointer) -> Scope {
    var p = place
    while true {
      if let r = resourceAt[p] { return Scope(resource: r, dialect: resources[r].dialect) }
      if p.tokens.isEmpty { break }
      p = p.parent
    }
    return Scope(resource: 0, dialect: resources[0].dialect)
  }

  /// A reference's target from its place.
  func target(_ place: JSONPointer) -> Target? {
    guard let v = rawValue(place) else { return nil }
    return Target(place: place, value: v, resource: scope(of: place).resource)
  }

  /// The compiled regular expression of a pattern already checked at load.
  func regex(_ source: String) -> ECMARegex? {
    if let r = regexes[source] { return r }
    guard let r = try? ECMARegex(source) else { return nil }
    regexes[source] = r
    return r
  }

  /// A search of `text` by the pattern `source`; one that gave up is
  /// remembered, so a value checked again (at each edit, at submit) does not
  /// pay for it again.
  func search(_ source: String, _ text: String) -> Result<Bool, ECMARegex.SearchError>? {
    guard let re = regex(source) else { return nil }
    let key = source + "\u{0}" + text
    if costly.contains(key) { return .failure(.tooCostly) }
    let result = re.search(text)
    if case .failure(.tooCostly) = result, costly.count < 10_000 { costly.insert(key) }
    return result
  }

  /// An index of a large object's keys (`properties` of many), made once.
  func keyIndex(_ fields: [Value.Field], at place: JSONPointer) -> [String: Int]? {
    guard fields.count > 12 else { return nil }
    return keyIndexes.index(fields, at: place)
  }
}

/// A document a schema is read from: the schema's own, or one its `$ref`s name.
public struct SchemaDocument: Sendable {
  /// How messages name it (the path as given, or as found).
  public var name: String
  /// Its file, when read from one.
  public var path: String?
  /// The URI it was asked for by (or the `file:` URI of its path).
  public var uri: String
  /// Its JSON (lenient: without what the load left out).
  public var value: Value
}

/// What is wrong with a schema, and where.
public struct SchemaError: Error, Equatable, CustomStringConvertible {
  /// What kind of fault it is.
  public enum Kind: Sendable {
    /// not JSON (or not UTF-8)
    case json
    /// something formrun cannot check (a pattern PCRE2 does not read, a
    /// document no local file holds): `--lenient` loads without it
    case unsupported
    /// not a valid schema
    case malformed
    /// more than formrun makes or reads (a bound), whatever the mode
    case bound
    /// not a fault: a keyword or format formrun does not use, kept as an annotation
    case unused
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
