import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// A draft's file format and name, pure: the text written, the text read
/// back, and where a form's draft lives.
///
/// The file is one JSON object: a header and the values in the shape
/// `--answers` reads.
///
///     {"formrun_draft":{"form":"/abs/form.lua","saved":"2026-11-30T22:01:02Z"},
///      "values":{"name":"Ada","plan":"Pro"}}
enum DraftFile {
  /// The most a draft may hold (a 100,000-row form's is about 2 MiB).
  static let sizeLimit = 64 << 20

  /// The values a draft keeps: the form's values without the secure rows'
  /// (they are asked again).
  static func values(of form: Form) -> Value {
    .record(form.values.filter { field in !(form.find(field.key).map { $0.kind.isSecret($0) } ?? false) })
  }

  /// The named rows that hold a value (secure ones not counted).
  static func valueRows(of form: Form) -> Int {
    form.sections.reduce(0) { n, s in
      n + s.items.filter { $0.name != nil && $0.kind.hasValue && !$0.kind.isSecret($0) }.count
    }
  }

  /// The file's text: the header, then `values` (already encoded).
  static func text(form formPath: String, saved: String, values: String) -> String {
    let header = Value.record([.init("form", .string(formPath)), .init("saved", .string(saved))])
    return "{\"formrun_draft\":\(JSON.encode(header)),\n \"values\":\(values)}\n"
  }

  /// A draft as read from its file.
  struct Found: Equatable {
    var formPath: String
    var saved: String
    var values: [Value.Field]
  }

  enum Read: Equatable {
    case none
    case found(Found)
    /// cut short, bad JSON, another form's…: the reason
    case unreadable(String)
  }

  /// What the file holds, for the form at `formPath`.
  static func read(_ contents: FileContents, formPath: String) -> Read {
    let bytes: [UInt8]
    switch contents {
    case .missing: return .none
    case .unreadable(let why): return .unreadable(why)
    case .bytes(let b): bytes = b
    }
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

  // MARK: where drafts live

  /// The state folder: `$XDG_STATE_HOME/formrun`, else `~/.local/state/formrun`;
  /// nil without either.
  static func stateFolder(xdgStateHome: String?, home: String?) -> String? {
    if let x = xdgStateHome, x.hasPrefix("/") { return x + "/formrun" }
    if let home, !home.isEmpty { return home + "/.local/state/formrun" }
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
    let hex = String(FNV1a.hash(formPath), radix: 16)
    return name + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
  }

  // MARK: time

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
}
