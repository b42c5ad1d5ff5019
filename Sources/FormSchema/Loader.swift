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
      var out: [Value]?
      for (i, v) in items.enumerated() {
        if let inner = try walk(v, at: at.appending(i), base: base, resource: resource, dialect: dialect) {
          if out == nil { out = items }
          out![i] = inner
        }
      }
      return out.map { .list($0) }
    case .schemaOrList:
      if case .list(let items) = value {
        var out: [Value]?
        for (i, v) in items.enumerated() {
          if let inner = try walk(v, at: at.appending(i), base: base, resource: resource, dialect: dialect) {
            if out == nil { out = items }
            out![i] = inner
          }
        }
        return out.map { .list($0) }
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

  // MARK: references

  /// Resolve a reference: its resource (read from a local file when no
  /// document read so far holds it), then the place its fragment names.
  mutating func resolve(_ r: Reference) throws(SchemaError) {
    let u = r.kind == .recursive ? r.base.resolving("#") : r.base.resolving(r.text)
    if resourceByURI[u.key] == nil { try read(u, for: r) }
    guard let res = resourceByURI[u.key] else {
      if lenient {
        ignored.append(fault(r.place, missing(u, r)))
        return
      }
      throw fault(r.place, missing(u, r), .unsupported)
    }
    let fragment = u.fragment.flatMap { $0.percentDecoded } ?? ""
    var place: JSONPointer?
    if fragment.isEmpty {
      place = resources[res].place
    } else if fragment.hasPrefix("/") {
      if let p = JSONPointer.parse(fragment) {
        let at = JSONPointer(resources[res].place.tokens + p.tokens, document: resources[res].place.document)
        if valueAt(at) != nil { place = at }
      }
    } else {
      place = resources[res].anchors[fragment]
    }
    guard let place, let value = valueAt(place) else {
      let which = resourceByURI[u.key].map { resources[$0].place.document == r.place.document } ?? false
      throw fault(r.place, "'\(key(r))' \(r.text) names no place in \(which ? "this schema" : u.key)")
    }
    switch value {
    case .record, .bool: break
    default:
      throw fault(
        r.place,
        "'\(key(r))' \(r.text) names \(jsonType(value) == "array" ? "an array" : "a \(jsonType(value))"), not a schema")
    }
    try walkLate(place)
    var target = Schema.Target(place: place, value: value, resource: scopeResource(place))
    if r.kind == .dynamic, !fragment.isEmpty, !fragment.hasPrefix("/"), value["$dynamicAnchor"]?.string == fragment {
      target.dynamicName = fragment
    }
    targets[r.place] = target
  }

  func missing(_ u: URI, _ r: Reference) -> String {
    "'\(key(r))' \(r.text) names \(u.key), which no local file holds: formrun never reads schemas from the network;"
      + " put the file beside the schema or name its folder with --schema-path DIR"
  }

  func key(_ r: Reference) -> String { r.place.tokens.last ?? "$ref" }

  /// The resource holding `place`.
  func scopeResource(_ place: JSONPointer) -> Int {
    var p = place
    while true {
      if let r = resourceAt[p] { return r }
      if p.tokens.isEmpty { return resourceAt[JSONPointer(document: place.document)] ?? 0 }
      p = p.parent
    }
  }

  /// A `$ref` into a place the walk did not take (a keyword formrun does not
  /// know, a draft-07 `$ref`'s sibling): walk it now, once.
  mutating func walkLate(_ place: JSONPointer) throws(SchemaError) {
    guard !isWalked(place) else { return }
    let r = scopeResource(place)
    walkedLate.insert(place)
    guard let value = valueAt(place) else { return }
    _ = try walk(value, at: place, base: URI(resources[r].uri), resource: r, dialect: resources[r].dialect)
  }

  /// Whether the walk took `place` as a subschema: every step from a
  /// document's root (or a place walked late) goes through a keyword that holds schemas.
  mutating func isWalked(_ place: JSONPointer) -> Bool {
    var start = place
    while true {
      if walkedLate.contains(start) || (start.tokens.isEmpty) { break }
      start = start.parent
    }
    var value = valueAt(start)
    var at = start
    var i = start.tokens.count
    let tokens = place.tokens
    while i < tokens.count {
      guard let v = value, case .record = v else { return false }
      let dialect = resources[scopeResource(at)].dialect
      let key = tokens[i]
      if dialect.draft.refHidesSiblings, v["$ref"] != nil, key != "definitions" { return false }
      guard let k = dialect.keyword(key), let inner = v[key] else { return false }
      switch k.role {
      case .value: return false
      case .schema:
        value = inner
        at = at.appending(key)
        i += 1
      case .schemaOrList where inner.list == nil:
        value = inner
        at = at.appending(key)
        i += 1
      case .schemaMap, .schemaList, .schemaOrList, .dependencies:
        guard i + 1 < tokens.count else { return false }
        let next = valueAt(at.appending(key).appending(tokens[i + 1]))
        if case .dependencies = k.role, next?.list != nil { return false }
        value = next
        at = at.appending(key).appending(tokens[i + 1])
        i += 2
      }
    }
    return value != nil
  }

  /// Read the document `u` names from a local file (none: the caller says so).
  mutating func read(_ u: URI, for r: Reference) throws(SchemaError) {
    guard documents.count < Loader.maxDocuments else {
      throw fault(r.place, "the schema's references read more than \(Loader.maxDocuments) documents", .bound)
    }
    guard let found = find(u) else { return }
    bytesRead += found.bytes.count
    guard bytesRead <= Loader.maxBytes else {
      throw fault(r.place, "the schema's references read more than \(Loader.maxBytes >> 20) MiB", .bound)
    }
    let value = try Loader.decode(found.bytes, name: found.path)
    let from = resources[scopeResource(r.place)].dialect.draft
    _ = try add(value, name: found.path, path: found.path, uri: u.withoutFragment, default: from)
  }

  /// The local file that holds the document `u` names: a `file:` URI's
  /// file; the file at its place relative to a document read from a file
  /// (`https://example.com/a/b.json` beside the file of
  /// `https://example.com/a/c.json`); the file at its path, or its last
  /// segments, under the schema's folder or a `--schema-path` folder; or a
  /// file there whose `$id` is `u`.
  mutating func find(_ u: URI) -> (path: String, bytes: [UInt8])? {
    guard let files else { return nil }
    if let path = u.filePath {
      return files.read(path).map { (path, $0) }
    }
    var candidates: [String] = []
    for (i, d) in documents.enumerated() {
      guard let path = d.path, let folder = Loader.folder(of: path) else { continue }
      // the document by the URI it was asked for and by its own $id
      var names = [d.uri]
      if let r = resourceAt[JSONPointer(document: i)], resources[r].uri != d.uri { names.append(resources[r].uri) }
      for known in names {
        if let rel = Loader.relative(u, to: URI(known)) { candidates.append(Loader.normalized(folder + rel)) }
      }
    }
    var folders: [String] = []
    if let main = documents.first?.path, let f = Loader.folder(of: main) { folders.append(f) }
    folders += searchPath.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    let segments = u.path.split(separator: "/").map { String($0).percentDecoded ?? String($0) }
    for f in folders {
      for k in stride(from: segments.count, to: 0, by: -1) {
        candidates.append(f + segments.suffix(k).joined(separator: "/"))
      }
    }
    // a file already read as another document is not this one (a ref to a
    // meta-schema named .../schema must not find a schema.json of the folder)
    let known = Set(documents.compactMap { $0.path.map(files.absolute) })
    for c in candidates where !known.contains(files.absolute(c)) {
      if let bytes = files.read(c) { return (c, bytes) }
    }
    // a file of the folders whose $id is u
    let wanted = u.key
    for f in folders where !scannedFolders.contains(f + " " + wanted) {
      scannedFolders.insert(f + " " + wanted)
      var scanned = 0
      for path in files.jsonFiles(in: f) {
        guard scanned < Loader.maxBytes * 4, let bytes = files.read(path) else { continue }
        scanned += bytes.count
        guard Loader.mentions(bytes, wanted) else { continue }
        guard let v = try? Loader.decode(bytes, name: path) else { continue }
        for key in ["$id", "id"] {
          if let id = v[key]?.string, URI(id).key == wanted { return (path, bytes) }
        }
      }
    }
    return nil
  }

  /// A path without `.` segments and with `a/..` pairs taken out (the `..`
  /// a relative path begins with kept): `/s/a/../lib/b.json` is `/s/lib/b.json`.
  static func normalized(_ path: String) -> String {
    var out: [Substring] = []
    let absolute = path.hasPrefix("/")
    for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
      if segment == "." { continue }
      if segment == "..", let last = out.last, last != ".." {
        out.removeLast()
      } else if segment == "..", absolute, out.isEmpty {
        continue
      } else {
        out.append(segment)
      }
    }
    return (absolute ? "/" : "") + out.joined(separator: "/")
  }

  /// The folder of a path, with its `/` (`./` for a bare name).
  static func folder(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return "./" }
    return String(path[...slash])
  }

  /// `u` as a path relative to the folder of `known` when both are on the same host.
  static func relative(_ u: URI, to known: URI) -> String? {
    guard known.scheme == u.scheme, known.authority == u.authority, known.scheme != nil else { return nil }
    let from = known.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    let to = u.path.split(separator: "/", omittingEmptySubsequences: false)
    var common = 0
    while common < from.count, common < to.count - 1, from[from.startIndex + common] == to[common] { common += 1 }
    let ups = from.count - common
    guard ups <= 8 else { return nil }
    let rest = to[common...].map { String($0).percentDecoded ?? String($0) }
    return String(repeating: "../", count: ups) + rest.joined(separator: "/")
  }

  /// Whether the bytes hold `text` (a cheap look before parsing a file for its `$id`).
  static func mentions(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard let first = needle.first, needle.count <= bytes.count else { return false }
    var i = 0
    let last = bytes.count - needle.count
    while i <= last {
      if bytes[i] == first, bytes[i..<i + needle.count].elementsEqual(needle) { return true }
      i += 1
    }
    return false
  }

  /// A `$ref` that leads back to itself through `$ref` alone would never end: refused.
  mutating func checkCycles() throws(SchemaError) {
    var finite: Set<JSONPointer> = []
    for place in found where place.tokens.last == "$ref" && targets[place] != nil {
      var seen: Set<JSONPointer> = [place.parent]
      var at = place
      while let t = targets[at] {
        if finite.contains(t.place) { break }
        if !seen.insert(t.place).inserted {
          let text = valueAt(place.parent)?["$ref"]?.string ?? ""
          throw fault(place, "'$ref' \(text) leads back to itself through $ref alone (it would never end)")
        }
        at = t.place.appending("$ref")
        if !hidesOrHas(t.place) { break }
      }
      finite.formUnion(seen)
    }
  }

  /// Whether the subschema at `place` has a `$ref` of its own.
  mutating func hidesOrHas(_ place: JSONPointer) -> Bool {
    valueAt(place)?["$ref"] != nil
  }
}

extension Unicode.Scalar {
  var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
