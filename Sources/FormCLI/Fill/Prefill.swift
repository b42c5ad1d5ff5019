import FormCore
import FormSession
import FormTerminal

/// Values set before the first prompt — `--answers`, `--set`, a resumed
/// draft — by the rules of typing `NAME VALUE` (see `Session.prefill`). A
/// refusal is a message naming where the value came from.
enum Prefill {
  /// Set one value; the message when it is refused.
  static func set(_ session: Session, name: String, value: Value, source: String) -> String? {
    guard case .refused(let refusal) = session.prefill(name: name, value: value) else { return nil }
    let why: String
    switch refusal {
    case .badValue(_, let reason): why = Cells.sanitize(reason)  // without the prompt's "! … (value unchanged)"
    default: why = session.phrase(.refused(refusal)).joined(separator: " ")
    }
    return "\(Cells.sanitize(source)): \(why)"
  }

  /// The values of a JSON object's text, in its order; the message for the
  /// first that is refused (or for text that is no such object).
  static func answers(_ session: Session, bytes: [UInt8], source path: String) -> String? {
    let shown = Cells.sanitize(path)
    guard let text = String(validating: bytes, as: UTF8.self) else { return "\(shown): not valid UTF-8" }
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
      if let e = set(session, name: f.key, value: f.value, source: path) { return e }
    }
    return nil
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
