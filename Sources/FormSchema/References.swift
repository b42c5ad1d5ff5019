import FormCore

/// The references of a schema resolved: each `$ref` to its resource (a
/// document read from a local file when none read so far holds it) and to
/// the place its fragment names.
extension Loader {
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
    // a file: URI is that file (named as the schema's folder names it, when it is beside it)
    if let path = u.filePath {
      candidates.append(path)
      let known = Set(documents.compactMap { $0.path.map(files.absolute) })
      for c in candidates where !known.contains(files.absolute(c)) {
        if let bytes = files.read(c) { return (c, bytes) }
      }
      return nil
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
