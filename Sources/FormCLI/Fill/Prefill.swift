import FormCore
import FormSession
import FormTerminal

/// Values set before the first prompt — `--answers`, `--set`, a resumed
/// draft — by the rules of typing `NAME VALUE` (see `Session.prefill`). A
/// refusal is a message naming where the value came from.
enum Prefill {
  /// Set one value; the message when it is refused.
  static func set(_ session: Session, name: String, value: Value, source: String) -> String? {
    if let why = controlCharacter(in: value) { return "\(Cells.sanitize(source)): \(why)" }
    guard case .refused(let refusal) = session.prefill(name: name, value: value) else { return nil }
    let why: String
    switch refusal {
    case .badValue(_, let reason): why = Cells.sanitize(reason)  // without the prompt's "! … (value unchanged)"
    default: why = session.phrase(.refused(refusal)).joined(separator: " ")
    }
    return "\(Cells.sanitize(source)): \(why)"
  }

  /// Give a row that cannot be typed into now (hidden, in a hidden section,
  /// disabled) a value it held before (a draft's), read and checked by its
  /// kind as a typed or assigned one is; on_change runs. The message when
  /// it is refused.
  static func restore(_ session: Session, _ item: Item, value: Value, source: String) -> String? {
    if let why = controlCharacter(in: value) { return "\(Cells.sanitize(source)): \(why)" }
    let parsed = value.string.map { item.kind.parse($0, for: item) } ?? item.kind.accept(value, for: item)
    switch parsed {
    case .value(let v):
      if value.string != nil, case let problems = item.kind.check(v, for: item), !problems.isEmpty {
        return "\(Cells.sanitize(source)): \(Cells.sanitize(problems.joined(separator: " ")))"
      }
      session.form.setValue(item, v, origin: .user)
      return nil
    case .refused(let reason): return "\(Cells.sanitize(source)): \(Cells.sanitize(reason))"
    }
  }

  /// One value to set: the name or title as given, the value, and where it came from.
  struct Entry {
    var name: String
    var value: Value
    var source: String
  }

  /// The fields of a JSON object's text (as entries), or the message for
  /// text that is no such object.
  static func entries(bytes: [UInt8], source path: String, form: Form) -> Result<[Entry], Problem> {
    let shown = Cells.sanitize(path)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .failure(
        Problem("\(shown): not valid UTF-8" + (RawArguments.firstInvalid(bytes).map(RawArguments.where) ?? "")))
    }
    let value: Value
    do { value = try JSON.decode(text) } catch {
      return .failure(Problem("\(shown):\(error.line): \(Cells.sanitize(error.message))"))
    }
    // a number that would come out changed is refused, naming its place
    if let big = JSON.inexactIntegers(in: text).first {
      return .failure(Problem("\(shown):\(big.line): \(Cells.sanitize(big.place)): \(big.message)"))
    }
    // a form built from a JSON Schema reads a document in the schema's shape (any JSON value)
    var fields: [Value.Field] = []
    if case .record(let given) = value {
      fields = given
    } else if form.documentShape == nil {
      return .failure(Problem("\(shown): expected a JSON object of name: value"))
    }
    if let shape = form.documentShape {
      switch shape.assignments(from: value, in: form) {
      case .success(let flat): fields = flat
      case .failure(let error): return .failure(Problem("\(shown): \(Cells.sanitize(error.message))"))
      }
    }
    for f in fields {
      if let why = controlCharacter(in: f.value) {
        return .failure(Problem("\(shown): \(Cells.sanitize(f.key)): \(why)"))
      }
    }
    return .success(fields.map { Entry(name: $0.key, value: $0.value, source: path) })
  }

  /// A message, as an error.
  struct Problem: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// The values of a JSON object's text, in the form's order (see `apply`);
  /// the message for the first refused (or for text that is no such object).
  static func answers(_ session: Session, bytes: [UInt8], source path: String) -> String? {
    switch entries(bytes: bytes, source: path, form: session.form) {
    case .success(let entries): return apply(entries, into: session)
    case .failure(let problem): return problem.message
    }
  }

  /// Set the entries in the form's order, whatever their order: each goes to
  /// its row when the row's turn comes, its handlers running before the next,
  /// so a value for a row that an earlier row shows (a State shown for one
  /// Country) lands wherever it was given. Rows still hidden or unknown are
  /// tried again while values go in; what is left is refused as typed (a row
  /// that stays hidden: `'state' is hidden`), as is a value given to a row
  /// that a later one hid. Of two values for one row the later given wins.
  static func apply(_ entries: [Entry], into session: Session) -> String? {
    var pending = Array(entries.enumerated())
    var applied: [(Int, Entry, Item)] = []
    while true {
      var ready: [(row: Int, at: Int, entry: Entry)] = []
      var waiting: [(Int, Entry)] = []
      for (at, entry) in pending {
        if let row = shownRow(entry.name, in: session)?.row {
          ready.append((row, at, entry))
        } else {
          waiting.append((at, entry))
        }
      }
      if ready.isEmpty { break }
      ready.sort { ($0.row, $0.at) < ($1.row, $1.at) }
      for (_, at, entry) in ready {
        // an earlier value's handler may have hidden the row meanwhile
        guard let item = shownRow(entry.name, in: session) else {
          waiting.append((at, entry))
          continue
        }
        if let e = set(session, name: entry.name, value: entry.value, source: entry.source) { return e }
        applied.append((at, entry, item))
      }
      pending = waiting.sorted { $0.0 < $1.0 }
    }
    // left: rows that stay hidden or that no name finds; refused as typed
    for (_, entry) in pending {
      if let e = set(session, name: entry.name, value: entry.value, source: entry.source) { return e }
    }
    // a value whose row a later value's handler hid would be dropped from the values
    for (_, entry, item) in applied.sorted(by: { $0.0 < $1.0 }) where !item.isShown && item.form === session.form {
      return "\(Cells.sanitize(entry.source)): '\(Cells.sanitize(item.name ?? entry.name))' is hidden"
    }
    return nil
  }

  /// The shown row a prefilled name finds now.
  static func shownRow(_ name: String, in session: Session) -> Item? {
    if case .success(let item) = session.resolve(.name(name)), item.isShown { return item }
    return nil
  }

  /// Why a value is refused for the control character in one of its texts
  /// (a list's, a card's fields too), as a typed line is: C0 controls (a
  /// tab, ESC, Ctrl-letters), DEL and C1 controls are never part of a value.
  /// Line breaks pass: a long text keeps them, and a one-line row refuses
  /// them in its own words.
  static func controlCharacter(in value: Value) -> String? {
    switch value {
    case .string(let text):
      guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return nil }
      for (i, u) in text.unicodeScalars.enumerated() where isControl(u) {
        return "the value holds a control character (\(name(of: u)) at character \(i + 1));"
          + " control characters are never part of a value"
      }
      return nil
    case .list(let items): return items.lazy.compactMap(controlCharacter).first
    case .record(let fields): return fields.lazy.compactMap { controlCharacter(in: $0.value) }.first
    case .null, .bool, .int, .double: return nil
    }
  }

  static func isControl(_ u: Unicode.Scalar) -> Bool {
    (u.value < 0x20 && u != "\n" && u != "\r") || (0x7F...0x9F).contains(u.value)
  }

  /// `ESC`, `a tab`, `DEL`, `Ctrl-H`, `U+009B`.
  static func name(of u: Unicode.Scalar) -> String {
    switch u.value {
    case 0x1B: return "ESC"
    case 0x09: return "a tab"
    case 0x7F: return "DEL"
    case 0x00: return "NUL"
    case 1..<0x20: return "Ctrl-" + String(Unicode.Scalar(UInt8(u.value + 0x40)))
    default: return "U+00" + String(u.value, radix: 16, uppercase: true)
    }
  }

  /// `--answers FILE`: the file read (a regular file or a pipe), then its values.
  static func answersFile(_ session: Session, path: String) -> String? {
    switch answerEntries(path: path, form: session.form) {
    case .success(let entries): return apply(entries, into: session)
    case .failure(let problem): return problem.message
    }
  }

  /// The entries of an answers file.
  static func answerEntries(path: String, form: Form) -> Result<[Entry], Problem> {
    switch Files.readAnswers(path) {
    case .success(let bytes): return entries(bytes: bytes, source: path, form: form)
    case .failure(let problem):
      return .failure(Problem("cannot read answers file '\(Cells.sanitize(path))': \(problem.message)"))
    }
  }

  /// The flags' values, `--answers` and every `--set`, in the form's order
  /// (see `apply`); a `--set` wins over the answers file for the same row.
  static func flags(_ o: Options, into session: Session) -> String? {
    var all: [Entry] = []
    if let answers = o.answers {
      switch answerEntries(path: answers, form: session.form) {
      case .success(let entries): all = entries
      case .failure(let problem): return problem.message
      }
    }
    let form = session.form
    // a name the schema allows makes its row as a document's key does (a map's key too)
    form.documentShape?.makeRows(named: o.sets.map(\.0), in: form)
    all += o.sets.map { name, value in
      // a schema form's choice takes its value as well as its label
      let text = form.find(name).flatMap { form.documentShape?.typed(value, for: $0) } ?? value
      return Entry(name: name, value: .string(text), source: "--set \(name)")
    }
    if let e = apply(all, into: session) { return e }
    if o.defaults { takeDefaults(session.form) }
    return nil
  }

  /// `--defaults`: every shown row that holds nothing takes the value it
  /// offers (rows a taken one shows take theirs in turn).
  static func takeDefaults(_ form: Form) {
    var taken = Set<ObjectIdentifier>()
    var more = true
    while more {
      more = false
      for item in form.rows where item.defaultValue != nil && item.value.isNull {
        guard taken.insert(ObjectIdentifier(item)).inserted, form.takeDefault(item) else { continue }
        more = true
      }
    }
  }
}
