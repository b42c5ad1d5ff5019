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

  /// The values of a JSON object's text, in its order; the message for the
  /// first that is refused (or for text that is no such object).
  static func answers(_ session: Session, bytes: [UInt8], source path: String) -> String? {
    let shown = Cells.sanitize(path)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return "\(shown): not valid UTF-8" + (RawArguments.firstInvalid(bytes).map(RawArguments.where) ?? "")
    }
    let value: Value
    do { value = try JSON.decode(text) } catch { return "\(shown):\(error.line): \(Cells.sanitize(error.message))" }
    guard case .record(var fields) = value else { return "\(shown): expected a JSON object of name: value" }
    // a form built from a JSON Schema reads a document in the schema's shape
    if let shape = session.form.documentShape {
      switch shape.assignments(from: value, in: session.form) {
      case .success(let flat): fields = flat
      case .failure(let error): return "\(shown): \(Cells.sanitize(error.message))"
      }
    }
    for f in fields {
      if let why = controlCharacter(in: f.value) { return "\(shown): \(Cells.sanitize(f.key)): \(why)" }
      if let e = set(session, name: f.key, value: f.value, source: path) { return e }
    }
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
    switch Files.readAnswers(path) {
    case .success(let bytes): return answers(session, bytes: bytes, source: path)
    case .failure(let problem): return "cannot read answers file '\(Cells.sanitize(path))': \(problem.message)"
    }
  }

  /// The flags' values: `--answers`, then each `--set` in order.
  static func flags(_ o: Options, into session: Session) -> String? {
    if let answers = o.answers, let e = answersFile(session, path: answers) { return e }
    for (name, value) in o.sets {
      // a schema form's choice takes its value as well as its label
      let form = session.form
      let text = form.find(name).flatMap { form.documentShape?.typed(value, for: $0) } ?? value
      if let e = set(session, name: name, value: .string(text), source: "--set \(name)") { return e }
    }
    return nil
  }
}
