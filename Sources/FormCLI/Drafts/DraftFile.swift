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

  /// The values a draft keeps: every named row's, hidden rows' and rows of
  /// hidden sections too (a handler may show them again), without the
  /// secure rows' (they are asked again).
  static func values(of form: Form) -> Value {
    var out: [Value.Field] = []
    for section in form.sections {
      for item in section.items where item.kind.hasValue && !item.kind.isSecret(item) {
        if let name = item.name { out.append(.init(name, item.value)) }
      }
    }
    return .record(out)
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
    /// a formrun draft that cannot be used (cut short, another form's,
    /// empty…): the reason. `--fresh` may remove it.
    case unreadable(String)
    /// a file that is no formrun draft, or one that cannot be told: why
    /// not (`not JSON: …`). It is never removed or replaced.
    case foreign(String)
    /// a file that is there but cannot be read (a folder, no permission):
    /// the reason. Never removed or replaced either.
    case unopened(String)
  }

  /// What the file holds, for the form at `formPath`; the reasons in `words`' language.
  static func read(_ contents: FileContents, formPath: String, words: Catalogue) -> Read {
    let bytes: [UInt8]
    switch contents {
    case .missing: return .none
    case .unreadable(let problem): return .unopened(problem.said(words))
    case .bytes(let b): bytes = b
    }
    if bytes.isEmpty { return .unreadable(words.say("draft.empty")) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let bad = RawArguments.firstInvalid(bytes) ?? (bytes.count, 0)
      let at: KeyValuePairs<String, String> = ["byte": RawArguments.hex(bad.byte), "offset": String(bad.offset)]
      return startsLikeADraft(bytes)
        ? .unreadable(words.say("draft.not_utf8_cut", at)) : .foreign(words.say("draft.not_utf8", at))
    }
    let value: Value
    do { value = try JSON.decode(text) } catch {
      // the JSON reader's own words (as a schema's are said)
      let why: KeyValuePairs<String, String> = ["line": String(error.line), "reason": error.message]
      return startsLikeADraft(bytes)
        ? .unreadable(words.say("draft.cut_short", why)) : .foreign(words.say("draft.not_json", why))
    }
    guard case .record = value, let head = value["formrun_draft"] else {
      return .foreign(words.say("draft.no_header"))
    }
    guard case .record(let header) = head, case .string(let form)? = Value.record(header)["form"],
      case .record(let values)? = value["values"]
    else { return .unreadable(words.say("draft.bad_header")) }
    guard form == formPath else { return .unreadable(words.say("draft.another_form", ["form": form])) }
    let saved = Value.record(header)["saved"]?.string ?? words.say("draft.unknown_time")
    return .found(Found(formPath: form, saved: saved, values: values))
  }

  /// Whether the bytes begin as a draft does, `{"formrun_draft"` (spaces
  /// allowed), or are a beginning of that cut short: a draft a crash or a
  /// full disk cut, which is formrun's to remove.
  static func startsLikeADraft(_ bytes: [UInt8]) -> Bool {
    var rest = bytes[...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard rest.first == UInt8(ascii: "{") else { return rest.isEmpty }
    rest = rest.dropFirst().drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let key = Array("\"formrun_draft\"".utf8)
    return rest.count >= key.count ? rest.starts(with: key) : key.starts(with: rest)
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

  /// The six numbers of `YYYY-MM-DDTHH:MM:SSZ` when it is a real time
  /// (years 1–9999, the month's own days, 00:00:00–23:59:59).
  static func utc(_ text: String) -> [Int32]? {
    let b = Array(text.utf8)
    guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x5A
    else { return nil }
    func number(_ r: Range<Int>) -> Int32? {
      var n: Int32 = 0
      for i in r {
        guard (48...57).contains(b[i]) else { return nil }
        n = n * 10 + Int32(b[i] - 48)
      }
      return n
    }
    guard let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10), let h = number(11..<13),
      let mi = number(14..<16), let s = number(17..<19)
    else { return nil }
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
    let days: [Int32] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...9999).contains(y), (1...12).contains(mo), (1...days[Int(mo) - 1]).contains(d), h < 24, mi < 60, s < 60
    else { return nil }
    return [y, mo, d, h, mi, s]
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
  /// the text itself when it is not such a time (`2026-99-99T99:99:99Z` is
  /// not made another date).
  static func local(_ saved: String) -> String {
    guard let numbers = utc(saved) else { return saved }
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
