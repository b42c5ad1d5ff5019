import FormCore
import FormSession

#if canImport(Glibc)
  import Glibc
#endif

/// The page's script: a change as the person types (POST /change) answered
/// with the blocks that changed, and a path's completions (GET /complete).
extension Routes {
  /// POST /change: `row` (its id) and its fields; the answer is JSON:
  /// `version`, `blocks` (`[id, html]` of each block that changed), `order`
  /// (every block's id, when rows came, went or moved), `messages` and
  /// `problems` (their HTML).
  func change(_ request: HTTPRequest) -> HTTPResponse {
    let fields = request.fields
    let v: Visitor
    switch poster(request, fields) {
    case .success(let found): v = found
    case .failure(let refused):
      // the script reloads the page on anything but JSON
      return refused.response.status == 303 ? json(#"{"reload":true,"expired":true}"#) : refused.response
    }
    return v.lock.held { () -> HTTPResponse in
      guard !v.ended, let id = fields["row"].flatMap({ Int($0) }), let item = v.ids.item(id) else {
        return json(#"{"reload":true}"#)
      }
      v.change(item, FieldReading.typed(item.facts, name: "r\(id)", in: fields))
      return json(answer(v, row: item))
    }
  }

  /// The JSON answer to a change: the blocks of the page shown that changed
  /// since the page last drew (the view model says which), and `row`'s own
  /// (a refused text changes no value, but its reason shows).
  func answer(_ v: Visitor, row: Item?) -> String {
    let drawer = PageDrawer(visitor: v)
    let changes = v.view.changes(since: v.drawn)
    v.drawn = changes.version
    var out = "{\"version\":\(changes.version),\"blocks\":["
    var first = true
    func add(_ block: PageDrawer.Block) {
      out += first ? "[" : ",["
      first = false
      out += JSON.encode(.string(block.id)) + ","
      out += JSON.encode(.string(String(decoding: block.html, as: UTF8.self))) + "]"
    }
    if changes.everything || v.view.onSummary {
      let blocks = drawer.blocks()
      for b in blocks { add(b) }
      out += "],\"order\":["
      out += blocks.map { JSON.encode(.string($0.id)) }.joined(separator: ",")
    } else {
      // the rows of the pieces that changed (a piece is a row, or a line of a header or footer)
      let pieces = v.view.pieces
      var done = Set<ObjectIdentifier>()
      for i in changes.pieces where i < pieces.count {
        guard case .row(let item, _) = pieces[i], done.insert(ObjectIdentifier(item)).inserted else { continue }
        add(drawer.rowBlock(item))
      }
      if let row, row.form === v.form, v.view.piece(of: row) != nil, done.insert(ObjectIdentifier(row)).inserted {
        add(drawer.rowBlock(row))
      }
    }
    out += "]"
    var messages = HTML()
    for m in v.messages {
      messages.raw("<p>")
      messages.text(m)
      messages.raw("</p>")
    }
    v.messages.removeAll()
    out += ",\"messages\":" + JSON.encode(.string(messages.string))
    var problems = HTML()
    drawer.problems(into: &problems)
    out += ",\"problems\":" + JSON.encode(.string(problems.string)) + "}"
    return out
  }

  func json(_ text: String) -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: [("Content-Type", "application/json; charset=utf-8")] + Security.headers,
      body: Array(text.utf8))
  }

  /// GET /complete?row=ID&text=PATH: the entries of the folder `PATH` names
  /// (up to its last `/`) that begin with the rest, for a file row: folders
  /// (ending in `/`) always, files when the row may name one and their
  /// ending is allowed. At most 200, sorted; the serving machine's files.
  func complete(_ request: HTTPRequest) -> HTTPResponse {
    guard let v = visitors.find(request.cookie(sessionCookie), now: HTTPServer.now()),
      let id = request.query("row").flatMap({ Int($0) })
    else { return json("[]") }
    let text = request.query("text") ?? ""
    let rules: KindFacts.PathRules? = v.lock.held {
      guard let item = v.ids.item(id), item.form === v.form, item.isShown else { return nil }
      return item.facts.paths
    }
    guard let rules else { return json("[]") }
    let found = Routes.entries(text, rules: rules)
    return json("[" + found.map { JSON.encode(.string($0)) }.joined(separator: ",") + "]")
  }

  /// The completions of `text` under `rules`.
  static func entries(_ text: String, rules: KindFacts.PathRules) -> [String] {
    let slash = text.lastIndex(of: "/")
    let folder = slash.map { String(text[...$0]) } ?? ""
    let begun = slash.map { String(text[text.index(after: $0)...]) } ?? text
    var look = folder.isEmpty ? "." : folder
    if !look.hasPrefix("/"), let base = rules.base, !base.isEmpty { look = base + "/" + look }
    guard let dir = opendir(look) else { return [] }
    defer { closedir(dir) }
    var out: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name == "." || name == ".." { continue }
      if name.hasPrefix(".") && !begun.hasPrefix(".") { continue }
      guard name.hasPrefix(begun) else { continue }
      var st = stat()
      let isFolder = stat(look + "/" + name, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
      if isFolder {
        out.append(folder + name + "/")
      } else if !rules.foldersOnly,
        rules.extensions.isEmpty
          || rules.extensions.contains(where: { name.lowercased().hasSuffix("." + $0.lowercased()) })
      {
        out.append(folder + name)
      }
      if out.count >= 1_000 { break }
    }
    return Array(out.sorted().prefix(200))
  }
}
