import FormCore
import FormSession
import FormTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// A form's draft: its values kept in a file after every accepted change, so
/// that nothing typed is lost when formrun is killed, and resumed on the next
/// start. The session only says what changed; this file does the writing
/// (files only at the edge).
///
/// The file is one JSON object: a header and the values in the shape
/// `--answers` reads.
///
///     {"formrun_draft":{"form":"/abs/form.lua","saved":"2026-11-30T22:01:02Z"},
///      "values":{"name":"Ada","plan":"Pro"}}
///
/// It is written as SQLite writes a journal: a new file in the same folder,
/// `fsync`, `rename` over the old one, `fsync` of the folder, so a kill at any
/// moment leaves the old draft or the new one, never a torn file.
final class Draft {
  /// At a terminal, a form with more value rows than this keeps a draft
  /// without being asked (`--no-draft` turns it off).
  static let defaultAbove = 5

  let path: String
  /// The form file's absolute path, named in the header.
  let formPath: String
  let form: Form
  /// The values as last written (or as found at the start): a change that
  /// leaves them so writes nothing.
  var written: String
  /// A failed save is said once, not after every command.
  var failing = false

  init(path: String, formPath: String, form: Form) {
    self.path = path
    self.formPath = formPath
    self.form = form
    written = JSON.encode(Draft.values(of: form))
  }

  // MARK: what is kept

  /// The values a draft keeps: those of the named, shown rows that hold a
  /// value, in form order, without the secure ones (they are asked again).
  static func values(of form: Form) -> Value {
    var out: [Value.Field] = []
    for section in form.sections where !section.hidden {
      for item in section.items where !item.hidden && item.kind.hasValue && !item.kind.isSecret(item) {
        if let name = item.name { out.append(.init(name, item.value)) }
      }
    }
    return .record(out)
  }

  /// The named rows that hold a value (secure ones not counted): a form with
  /// more than `defaultAbove` keeps a draft at a terminal by default.
  static func valueRows(of form: Form) -> Int {
    form.sections.reduce(0) { n, s in
      n + s.items.filter { $0.name != nil && $0.kind.hasValue && !$0.kind.isSecret($0) }.count
    }
  }

  // MARK: saving

  /// Write the draft when the values differ from the last written ones.
  /// A failure is said once (and again after it worked in between).
  func save() {
    let values = JSON.encode(Draft.values(of: form))
    guard values != written else { return }
    let header = Value.record([.init("form", .string(formPath)), .init("saved", .string(Draft.now()))])
    let text = "{\"formrun_draft\":\(JSON.encode(header)),\n \"values\":\(values)}\n"
    if let problem = Draft.writeAtomically(path, text) {
      if !failing {
        Terminal.ui(["formrun: the draft \(Cells.sanitize(path)) could not be saved: \(problem); formrun goes on"])
      }
      failing = true
      return
    }
    failing = false
    written = values
  }

  /// After an outcome: a submit or cancel removes the draft (the caller
  /// removes it after a submit, once the values are out); a change saves it.
  func follow(_ outcome: Outcome) {
    let changes: Form.Changes?
    switch outcome {
    case .cancelled:
      remove()
      return
    case .changed(let c): changes = c
    case .editorOpened(_, let c): changes = c
    case .submitRefused(_, let c): changes = c
    default: changes = nil
    }
    // only a command that changed something can have changed a value
    if let changes, changes.structure || !changes.items.isEmpty { save() }
  }

  func remove() { Draft.remove(path) }

  static func remove(_ path: String) {
    if unlink(path) == 0, let slash = path.lastIndex(of: "/") {
      syncFolder(slash == path.startIndex ? "/" : String(path[..<slash]))
    } else if !path.contains("/") {
      syncFolder(".")
    }
  }

  /// The current time, UTC, as ISO 8601 (`2026-11-30T22:01:02Z`).
  static func now() -> String {
    var t = time(nil)
    var parts = tm()
    gmtime_r(&t, &parts)
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buf in
      strftime(buf.baseAddress!, 32, "%Y-%m-%dT%H:%M:%SZ", &parts)
      return String(cString: buf.baseAddress!)
    }
  }

  /// A header's UTC time as the local time a person reads (`2026-11-30 23:01`);
  /// the text itself when it is not such a time.
  static func local(_ saved: String) -> String {
    let numbers = saved.split(whereSeparator: { "-T:Z".contains($0) }).compactMap { Int32($0) }
    guard saved.utf8.count == 20, saved.hasSuffix("Z"), numbers.count == 6 else { return saved }
    var parts = tm()
    parts.tm_year = numbers[0] - 1900
    parts.tm_mon = numbers[1] - 1
    parts.tm_mday = numbers[2]
    parts.tm_hour = numbers[3]
    parts.tm_min = numbers[4]
    parts.tm_sec = numbers[5]
    var t = timegm(&parts)
    var here = tm()
    localtime_r(&t, &here)
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buf in
      strftime(buf.baseAddress!, 32, "%Y-%m-%d %H:%M", &here)
      return String(cString: buf.baseAddress!)
    }
  }

  // MARK: the file system

  /// Write `text` to `path` so that a crash leaves the old file or the new one:
  /// a temporary file in the same folder (0600), fsync, rename, fsync of the
  /// folder. The reason when it failed (nothing is left behind then).
  static func writeAtomically(_ path: String, _ text: String) -> String? {
    let folder = folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let temporary = (folder == "." && !path.hasPrefix("./") ? "" : folder + "/") + ".\(name).\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return reason() }
    var text = text
    let wrote = text.withUTF8 { buf -> Bool in
      var off = 0
      while off < buf.count {
        let n = write(fd, buf.baseAddress! + off, buf.count - off)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        off += n
      }
      return true
    }
    if !wrote || fsync(fd) != 0 {
      let why = reason()
      close(fd)
      unlink(temporary)
      return why
    }
    guard close(fd) == 0 else {
      let why = reason()
      unlink(temporary)
      return why
    }
    guard rename(temporary, path) == 0 else {
      let why = reason()
      unlink(temporary)
      return why
    }
    syncFolder(folder)
    return nil
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Make the rename (or unlink) in `folder` durable.
  static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  /// Temporary files a killed formrun left beside the draft (`.NAME.PID.tmp`
  /// whose process is gone) are removed.
  static func sweep(_ path: String) {
    let folder = folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dir = opendir(folder) else { return }
    defer { closedir(dir) }
    let prefix = ".\(name)."
    while let entry = readdir(dir) {
      let file = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      guard file.hasPrefix(prefix), file.hasSuffix(".tmp") else { continue }
      let middle = file.dropFirst(prefix.count).dropLast(4)
      guard let pid = Int32(middle), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink(folder + "/" + file)
    }
  }

  static func reason() -> String { String(cString: strerror(errno)) }

  /// Make `path` and the folders above it that are missing, readable by the
  /// user only (0700); the reason when it cannot be made.
  static func makeFolder(_ path: String) -> String? {
    if Files.isDirectory(path) { return nil }
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      if let problem = makeFolder(String(path[..<slash])) { return problem }
    }
    if mkdir(path, 0o700) != 0 && errno != EEXIST { return "\(Cells.sanitize(path)): \(reason())" }
    return nil
  }

  /// The absolute, resolved path of a file (as given when it cannot be resolved).
  static func absolute(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  // MARK: where drafts live

  /// The state folder: `$XDG_STATE_HOME/formrun`, else `~/.local/state/formrun`;
  /// nil without either.
  static func stateFolder() -> String? {
    if let x = Terminal.env("XDG_STATE_HOME"), x.hasPrefix("/") { return x + "/formrun" }
    if let home = Terminal.env("HOME"), !home.isEmpty { return home + "/.local/state/formrun" }
    return nil
  }

  /// The draft file of a form in the state folder: the form's absolute path
  /// made a file name (`/home/ada/signup.lua` → `home_ada_signup.lua`, the end
  /// kept when long), then a hash of the whole path, so two paths never share one.
  static func defaultName(for formPath: String) -> String {
    var name = ""
    for u in formPath.unicodeScalars {
      let keep = (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9") || u == "." || u == "-"
      name.unicodeScalars.append(keep ? u : "_")
    }
    while name.hasPrefix("_") || name.hasPrefix(".") { name.removeFirst() }
    if name.count > 120 { name = String(name.suffix(120)) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for b in formPath.utf8 {
      hash ^= UInt64(b)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return name + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
  }

  // MARK: reading

  /// A draft as read from its file.
  struct Found {
    var formPath: String
    var saved: String
    var values: [Value.Field]
  }

  enum Read {
    case none
    case found(Found)
    /// cut short, bad JSON, another form's…: the reason
    case unreadable(String)
  }

  /// The most a draft may hold (a 100,000-row form's is about 2 MiB).
  static let sizeLimit = 64 << 20

  static func read(_ path: String, formPath: String) -> Read {
    var st = stat()
    guard stat(path, &st) == 0 else { return errno == ENOENT ? .none : .unreadable(reason()) }
    guard (st.st_mode & S_IFMT) == S_IFREG else { return .unreadable("not a regular file") }
    guard st.st_size <= sizeLimit else { return .unreadable("larger than \(sizeLimit >> 20) MiB") }
    guard let bytes = Files.readBytes(path) else { return .unreadable(reason()) }
    guard let text = String(validating: bytes, as: UTF8.self) else { return .unreadable("not valid UTF-8") }
    if text.isEmpty { return .unreadable("the file is empty") }
    let value: Value
    do { value = try JSON.decode(text) } catch {
      return .unreadable("line \(error.line): \(error.message) (cut short or not JSON)")
    }
    guard case .record = value, case .record(let header)? = value["formrun_draft"],
      case .string(let form)? = Value.record(header)["form"], case .record(let values)? = value["values"]
    else { return .unreadable("not a formrun draft (no formrun_draft header with its form, or no values)") }
    guard form == formPath else { return .unreadable("a draft of another form (\(form))") }
    let saved = Value.record(header)["saved"]?.string ?? "an unknown time"
    return .found(Found(formPath: form, saved: saved, values: values))
  }

  /// The draft's values that differ from the form's now: what resuming changes.
  static func differing(_ found: Found, in form: Form) -> Int {
    found.values.filter { f in form.find(f.key).map { $0.value != f.value } ?? true }.count
  }

  // MARK: starting

  /// What starting with `--draft`/`--resume`/`--fresh`/`--no-draft` came to:
  /// the draft to keep (nil: none), or the ending when formrun cannot start.
  enum Start {
    case keep(Draft?)
    case stop(Fill.End)
  }

  /// Find the form's draft, and resume it, remove it or stop, as the flags and
  /// the person say. `asks`: at a terminal, reading commands.
  static func start(_ o: FillOptions, session: Session, asks: Bool) -> Start {
    let form = session.form
    if o.noDraft { return .keep(nil) }
    let formPath = absolute(o.path)
    let path: String
    if let given = o.draft {
      path = given
    } else if o.resume || o.fresh || (asks && valueRows(of: form) > defaultAbove) {
      guard let folder = stateFolder() else {
        if o.resume || o.fresh {
          Terminal.ui(["formrun: no state folder for drafts: set HOME or XDG_STATE_HOME, or give --draft FILE"])
          return .stop(.badFlag)
        }
        return .keep(nil)
      }
      path = folder + "/" + defaultName(for: formPath)
    } else {
      return .keep(nil)
    }
    if let problem = makeFolder(folder(of: path)) {
      Terminal.ui(["formrun: the draft's folder cannot be made: \(problem)"])
      return .stop(.badFlag)
    }
    sweep(path)
    let shown = Cells.sanitize(path)
    let draft = Draft(path: path, formPath: formPath, form: form)
    switch read(path, formPath: formPath) {
    case .none:
      if o.resume { Terminal.ui(["formrun: no draft of this form to resume (\(shown)); starting afresh"]) }
      return .keep(draft)
    case .unreadable(let why):
      if o.fresh {
        remove(path)
        return .keep(draft)
      }
      Terminal.ui([
        "formrun: the draft \(shown) cannot be read: \(Cells.sanitize(why))",
        "formrun: it is left as it is; --fresh removes it and starts afresh, --no-draft runs without a draft",
      ])
      return .stop(.badFlag)
    case .found(let found):
      if o.fresh {
        remove(path)
        return .keep(draft)
      }
      let n = differing(found, in: form)
      if n == 0 { return .keep(draft) }  // nothing in it to lose
      let when = local(found.saved)
      var resume = o.resume
      if !resume {
        guard asks else {
          Terminal.ui([
            "formrun: a draft of this form from \(Cells.sanitize(when)) (\(n) values) is in \(shown)",
            "formrun: --resume continues it, --fresh removes it and starts afresh, --no-draft leaves it alone",
          ])
          return .stop(.badFlag)
        }
        switch ask("Resume the draft from \(Cells.sanitize(when)) (\(n) value\(n == 1 ? "" : "s"))? [Y/n] ") {
        case nil: return .stop(.inputEnded)
        case let yes?: resume = yes
        }
      }
      guard resume else {
        remove(path)
        return .keep(draft)
      }
      Terminal.ui(apply(found, to: session, shown: when))
      draft.written = JSON.encode(values(of: form))
      return .keep(draft)
    }
  }

  /// A yes/no answer from the terminal (Enter is yes); nil when input ended.
  static func ask(_ question: String) -> Bool? {
    while true {
      Terminal.write(question, to: 2)
      guard case .line(let bytes) = Terminal.readLine(prompt: question) else {
        Terminal.write("\n", to: 2)
        return nil
      }
      switch String(decoding: bytes, as: UTF8.self).trimmingSpaces.lowercased() {
      case "", "y", "yes": return true
      case "n", "no": return false
      default: continue
      }
    }
  }

  /// Resume: each value through the path of `--answers` (handlers run,
  /// refusals are said); the values that no longer fit are listed.
  static func apply(_ found: Found, to session: Session, shown when: String) -> [String] {
    let form = session.form
    var problems: [String] = []
    var resumed = 0
    for f in found.values {
      if let item = form.find(f.key), item.value == f.value { continue }
      if let e = Fill.prefill(session, name: f.key, value: f.value, source: "draft \(f.key)") {
        problems.append("formrun: not resumed: " + e)
      } else {
        resumed += 1
      }
    }
    var lines = session.notices()
    lines.append("formrun: resumed the draft from \(Cells.sanitize(when)): \(resumed) value\(resumed == 1 ? "" : "s")")
    lines += problems
    let secure = form.sections.flatMap(\.items).filter { $0.isShown && $0.kind.isSecret($0) && $0.kind.hasValue }
    if !secure.isEmpty {
      let names = secure.map { Cells.sanitize($0.label) }.joined(separator: ", ")
      lines.append("formrun: secure values are never kept in a draft: type \(names) again")
    }
    return lines
  }
}
