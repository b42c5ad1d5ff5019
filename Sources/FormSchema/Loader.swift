import FormCore

/// The load of a schema: each document walked once (its resources, anchors
/// and references found, its keywords checked), then every reference
/// resolved, reading the documents they name from local files as needed.
struct Loader {
  let files: (any SchemaFiles)?
  let searchPath: [String]
  let lenient: Bool
  var documents: [SchemaDocument] = []
  var resources: [Schema.Resource] = []
  var resourceByURI: [String: Int] = [:]
  var resourceAt: [JSONPointer: Int] = [:]
  var pending: [Reference] = []
  /// The references' places in the order the walk found them.
  var found: [JSONPointer] = []
  var targets: [JSONPointer: Schema.Target] = [:]
  var ignored: [SchemaError] = []
  var unused: [SchemaError] = []
  var collectsAnnotations = false
  /// Places under keywords formrun does not know that a `$ref` made it walk.
  var walkedLate: Set<JSONPointer> = []
  /// Files looked at for an `$id` (each read once).
  var scannedFolders: Set<String> = []
  var bytesRead = 0
  var keyIndexes = KeyIndexes()

  /// The most items a document of 16 MiB holds (`[0,0,…]`).
  static let mostItems = Double(8 << 20)
  /// The most documents and bytes a schema's references may read.
  static let maxDocuments = 1000
  static let maxBytes = 64 << 20

  /// A reference found by the walk, to resolve once every document's `$id`s are known.
  struct Reference {
    enum Kind { case ref, dynamic, recursive }
    var kind: Kind
    /// The keyword's place.
    var place: JSONPointer
    var text: String
    var base: URI
  }

  init(files: (any SchemaFiles)?, searchPath: [String], lenient: Bool) {
    self.files = files
    self.searchPath = searchPath
    self.lenient = lenient
  }

  // MARK: documents

  /// JSON text of a schema file: UTF-8, or refused naming the byte.
  static func decode(_ bytes: [UInt8], name: String) throws(SchemaError) -> Value {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let bad = firstInvalid(bytes)
      throw SchemaError(
        file: name, at: nil,
        message: "not valid UTF-8 (byte 0x\(hex(bad.byte)) at offset \(bad.offset)): a schema is JSON, which is UTF-8",
        kind: .json)
    }
    // a const or default that would be written as another number (R4-8)
    if let big = SchemaForm.inexactValue(in: text, name: name) { throw big }
    do { return try JSON.decode(text) } catch {
      throw SchemaError(file: name, at: nil, message: "line \(error.line): \(error.message)", kind: .json)
    }
  }

  static func firstInvalid(_ bytes: [UInt8]) -> (offset: Int, byte: UInt8) {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .valid(let encoded) = parser.parseScalar(from: &iterator) { offset += encoded.count }
    return (offset, offset < bytes.count ? bytes[offset] : 0)
  }

  static func hex(_ b: UInt8) -> String { (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true) }

  mutating func load(_ value: Value, name: String, path: String?, uri: URI) throws(SchemaError) -> Schema {
    let root = try add(value, name: name, path: path, uri: uri, default: .draft2020)
    var next = 0
    while next < pending.count {
      next += 1
      try resolve(pending[next - 1])
    }
    try checkCycles()
    return Schema(loader: self, root: root)
  }

  /// A document: its dialect, its resources and references; the value as kept.
  mutating func add(_ value: Value, name: String, path: String?, uri: URI, default draft: Draft) throws(SchemaError)
    -> Value
  {
    let index = documents.count
    let place = JSONPointer(document: index)
    documents.append(SchemaDocument(name: name, path: path, uri: uri.key, value: value))
    let dialect = try dialect(of: value, at: place, default: draft)
    let r = newResource(uri: uri, place: place, dialect: dialect)
    guard let kept = try walk(value, at: place, base: uri, resource: r, dialect: dialect) else { return value }
    // (lenient) something left out: the indexes of keys' places may have moved
    documents[index].value = kept
    keyIndexes = KeyIndexes()
    return kept
  }

  mutating func newResource(uri: URI, place: JSONPointer, dialect: Dialect) -> Int {
    resources.append(Schema.Resource(uri: uri.key, place: place, dialect: dialect))
    let r = resources.count - 1
    if resourceByURI[uri.key] == nil { resourceByURI[uri.key] = r }
    resourceAt[place] = r
    return r
  }

  func fault(_ at: JSONPointer, _ message: String, _ kind: SchemaError.Kind = .malformed) -> SchemaError {
    SchemaError(file: documents[at.document].name, at: at, message: message, kind: kind)
  }

  /// A refusal, or (lenient) a note that what it names is left out.
  mutating func unsupported(_ at: JSONPointer, _ message: String) throws(SchemaError) {
    let e = fault(at, message, .unsupported)
    guard lenient else { throw e }
    ignored.append(e)
  }

  mutating func note(_ at: JSONPointer, _ message: String) {
    unused.append(fault(at, message, .unused))
  }

  /// The dialect `$schema` names at a resource's root: a draft, or a
  /// meta-schema of a local file whose own `$schema` names one (and whose
  /// `$vocabulary` says which keywords apply).
  mutating func dialect(of value: Value, at place: JSONPointer, default draft: Draft) throws(SchemaError) -> Dialect {
    guard let given = value["$schema"] else { return Dialect(draft) }
    guard let uri = given.string else { throw fault(place.appending("$schema"), "'$schema' must be a string") }
    if let d = Draft.named(uri) { return Dialect(d) }
    let u = URI(uri)
    if u.description.hasPrefix("http://json-schema.org/draft-03/") {
      throw fault(
        place.appending("$schema"), "'\(uri)' is draft-03, which formrun does not read (draft-04 and later)",
        .unsupported)
    }
    // a meta-schema of its own, when a local file holds it
    var meta: Value?
    if let r = resourceByURI[u.key] {
      meta = valueAt(resources[r].place)
    } else if let found = find(u) {
      meta = try? Loader.decode(found.bytes, name: found.path)
    }
    guard case .record? = meta, let metaSchema = meta?["$schema"]?.string, let d = Draft.named(metaSchema) else {
      note(
        place.appending("$schema"),
        "'\(uri)' names no dialect formrun knows and no local file holds it: read as \(draft)")
      return Dialect(draft)
    }
    guard d >= .draft2019, case .record(let vocab)? = meta?["$vocabulary"] else { return Dialect(d) }
    var on: Set<Vocabulary> = [.core]
    for v in vocab {
      if let known = Draft.vocabulary(v.key) {
        on.insert(known)
      } else if v.value == .bool(true) {
        throw fault(
          place.appending("$schema"),
          "the meta-schema '\(uri)' requires the vocabulary '\(v.key)', which formrun does not know", .unsupported)
      }
    }
    return Dialect(d, vocabularies: on)
  }

  /// The value at `place` in its document.
  mutating func valueAt(_ place: JSONPointer) -> Value? {
    keyIndexes.resolve(place, in: documents[place.document].value)
  }

  // MARK: the walk

  /// Keywords whose values hold subschemas in `dialect`.
  static func holdsSchemas(_ key: String, _ dialect: Dialect) -> Bool {
    guard let k = dialect.keyword(key) else { return false }
    if case .value = k.role { return false }
    return true
  }

  /// Each schema of an array walked in turn: the array with the walked ones
  /// in their places, nil when none changed.
  mutating func walkList(_ items: [Value], at: JSONPointer, base: URI, resource: Int, dialect: Dialect)
    throws(SchemaError) -> Value?
  {
    var out: [Value]?
    for (i, v) in items.enumerated() {
      if let inner = try walk(v, at: at.appending(i), base: base, resource: resource, dialect: dialect) {
        if out == nil { out = items }
        out![i] = inner
      }
    }
    return out.map { .list($0) }
  }

  /// Walk the subschema at `at`: its identifiers, anchors and references
  /// noted, its keywords checked. Returns the subschema as kept when a
  /// lenient load left something out (nil: as it is).
  mutating func walk(_ schema: Value, at: JSONPointer, base: URI, resource: Int, dialect: Dialect) throws(SchemaError)
    -> Value?
  {
    guard case .record(let fields) = schema else {
      if case .bool = schema { return nil }
      throw fault(at, "a schema must be an object or a boolean (got \(jsonType(schema)))")
    }
    var base = base
    var resource = resource
    var dialect = dialect
    let hidden = dialect.draft.refHidesSiblings && fields.contains { $0.key == "$ref" }
    // an identifier: a new resource, or (up to draft-07) a plain-name anchor
    if !hidden, let id = schema[dialect.draft.idKeyword], case .string(let text) = id {
      let u = base.resolving(text)
      if dialect.draft <= .draft07, text.hasPrefix("#") {
        if let name = u.fragment?.percentDecoded, !name.isEmpty { resources[resource].anchors[name] = at }
      } else if resources[resource].place == at {
        // the document's own $id: one more name for it
        resources[resource].uri = u.key
        resourceByURI[u.key] = resource
        base = u.withoutFragment
      } else {
        if dialect.draft >= .draft2019, schema["$schema"] != nil {
          dialect = try self.dialect(of: schema, at: at, default: dialect.draft)
        }
        if let existing = resourceAt[at] {
          resource = existing
        } else {
          resource = newResource(uri: u.withoutFragment, place: at, dialect: dialect)
        }
        base = u.withoutFragment
        if dialect.draft <= .draft07, let name = u.fragment?.percentDecoded, !name.isEmpty {
          resources[resource].anchors[name] = at
        }
      }
    }
    var changed = false
    var kept: [Value.Field] = []
    kept.reserveCapacity(fields.count)
    for field in fields {
      let here = at.appending(field.key)
      if hidden && field.key != "$ref" && field.key != "definitions" {
        if Loader.holdsSchemas(field.key, dialect) || dialect.keyword(field.key)?.check != nil {
          note(here, "'\(field.key)' beside '$ref' is ignored in \(dialect.draft) (its $ref's siblings do not apply)")
        }
        kept.append(field)
        continue
      }
      guard let keyword = dialect.keyword(field.key) else {
        if !Keywords.read.contains(field.key) {
          note(here, "keyword '\(field.key)' is not one formrun uses (\(dialect.draft)): kept as an annotation")
        }
        kept.append(field)
        continue
      }
      if let why = keyword.malformed?(field.value) { throw fault(here, why) }
      guard
        try keep(
          field, at: here, dialect: dialect, resource: resource, base: base, isRoot: at == resources[resource].place)
      else {
        changed = true
        continue
      }
      if let inner = try walk(keyword.role, field.value, at: here, base: base, resource: resource, dialect: dialect) {
        kept.append(.init(field.key, inner))
        changed = true
      } else {
        kept.append(field)
      }
    }
    return changed ? .record(kept) : nil
  }

  /// The subschemas under a keyword, walked; the value as kept when something in it was left out.
  mutating func walk(
    _ role: KeywordRole, _ value: Value, at: JSONPointer, base: URI, resource: Int, dialect: Dialect
  ) throws(SchemaError) -> Value? {
    switch role {
    case .value: return nil
    case .schema: return try walk(value, at: at, base: base, resource: resource, dialect: dialect)
    case .schemaMap:
      guard case .record(let fields) = value else { throw fault(at, "must be an object of schemas") }
      var out: [Value.Field]?
      for (i, f) in fields.enumerated() {
        // `definitions` is a container by custom in every draft: what is no schema in it is left alone
        if at.tokens.last == "definitions", f.value.list != nil || f.value.string != nil || f.value.number != nil {
          continue
        }
        if let inner = try walk(f.value, at: at.appending(f.key), base: base, resource: resource, dialect: dialect) {
          if out == nil { out = fields }
          out![i] = .init(f.key, inner)
        }
      }
      return out.map { .record($0) }
    case .schemaList:
      guard case .list(let items) = value, !items.isEmpty else {
        throw fault(at, "must be a non-empty array of schemas")
      }
      return try walkList(items, at: at, base: base, resource: resource, dialect: dialect)
    case .schemaOrList:
      if case .list(let items) = value {
        return try walkList(items, at: at, base: base, resource: resource, dialect: dialect)
      }
      return try walk(value, at: at, base: base, resource: resource, dialect: dialect)
    case .dependencies:
      guard case .record(let fields) = value else { throw fault(at, "must be an object") }
      var out: [Value.Field]?
      for (i, f) in fields.enumerated() {
        if case .list(let names) = f.value {
          guard names.allSatisfy({ $0.string != nil }) else {
            throw fault(at.appending(f.key), "must be an array of property names or a schema")
          }
          continue
        }
        if let inner = try walk(f.value, at: at.appending(f.key), base: base, resource: resource, dialect: dialect) {
          if out == nil { out = fields }
          out![i] = .init(f.key, inner)
        }
      }
      return out.map { .record($0) }
    }
  }

  /// Check a keyword formrun knows beyond its value's shape; false when (lenient) it is left out.
  mutating func keep(
    _ field: Value.Field, at: JSONPointer, dialect: Dialect, resource: Int, base: URI, isRoot: Bool
  ) throws(SchemaError) -> Bool {
    let v = field.value
    switch field.key {
    case "$ref", "$dynamicRef", "$recursiveRef":
      let kind: Reference.Kind = field.key == "$ref" ? .ref : field.key == "$dynamicRef" ? .dynamic : .recursive
      pending.append(Reference(kind: kind, place: at, text: v.string!, base: base))
      found.append(at)
    case "$anchor", "$dynamicAnchor":
      let name = v.string!
      guard Loader.isAnchorName(name) else {
        throw fault(at, "'\(field.key)' must be a name: a letter or '_', then letters, digits, '-', '_' or '.'")
      }
      resources[resource].anchors[name] = at.parent
      if field.key == "$dynamicAnchor" { resources[resource].dynamicAnchors[name] = at.parent }
    case "$recursiveAnchor":
      if v == .bool(true), isRoot { resources[resource].recursiveAnchor = true }
    case "unevaluatedProperties", "unevaluatedItems":
      collectsAnnotations = true
    case "items" where dialect.draft >= .draft2020 && v.list != nil:
      note(
        at,
        "'items' as an array is the form of the drafts before 2020-12: read as 'prefixItems' (name the draft with $schema)"
      )
    case "minItems":
      // no document formrun reads holds more items (16 MiB, two bytes an item)
      if let n = v.number, n > Loader.mostItems {
        throw fault(
          at,
          "'minItems' \(Value.formatNumber(n)) asks for more items than any document formrun reads can hold"
            + " (at most \(Int(Loader.mostItems)))", .bound)
      }
    case "pattern":
      do { _ = try ECMARegex(v.string!) } catch {
        try unsupported(
          at, "'pattern' is not a regular expression PCRE2 reads: \(error.message) at offset \(error.offset)")
        return false
      }
    case "patternProperties":
      guard case .record(let patterns) = v else { return true }
      for p in patterns {
        do { _ = try ECMARegex(p.key) } catch {
          try unsupported(
            at.appending(p.key), "not a regular expression PCRE2 reads: \(error.message) at offset \(error.offset)")
          return false
        }
      }
    case "format":
      if !Keywords.formats.contains(v.string!) {
        note(at, "format '\(v.string!)' is not one formrun checks: an annotation, any string passes")
      }
    case "x-formrun":
      guard case .record = v else { throw fault(at, "'x-formrun' must be an object") }
    default: break
    }
    return true
  }

  /// `$anchor`'s syntax: a letter or `_`, then letters, digits, `-`, `_`, `.`.
  static func isAnchorName(_ s: String) -> Bool {
    guard let first = s.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
    return s.unicodeScalars.allSatisfy {
      $0.isASCIILetter || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
    }
  }
}

extension Unicode.Scalar {
  var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
