import FormCore

/// A guided walk: the rows that hold a value are asked one after another,
/// through the session's verbs (a driver of the session, not a mode of it).
/// It reads the live form at every step, so rows that a handler shows or
/// hides while walking are asked or passed over. It never reads or writes a
/// file descriptor: the front end gives it lines and prints what it returns.
public final class Walk {
  /// How a walk ended.
  public enum Ending: Equatable {
    /// the form was submitted with these values (the session has ended)
    case submitted([Value.Field])
    /// `:q`: the form was cancelled (the session has ended)
    case cancelled
    /// `n` at the end: the walk stopped, the session goes on with commands
    case stopped
  }

  /// The session the walk drives through its verbs.
  public let session: Session
  /// The row being asked; nil at the end (the summary's question).
  public private(set) var current: Item?
  /// Where the current row was (its index among the rows), to go on from
  /// there if a handler hides it.
  var position = 0
  /// The lines of a long text read so far.
  var longText: [String]?
  /// How the walk ended; nil while it goes on.
  public private(set) var ending: Ending?
  var startAt: Item?
  var startAtSummary = false

  /// A walk from the first row that holds a value.
  public init(session: Session) {
    self.session = session
  }

  /// A walk from `item`; nil: straight to the summary.
  public init(session: Session, from item: Item?) {
    self.session = session
    startAt = item
    startAtSummary = item == nil
  }

  /// The walk the `next` command starts: from the first row that is empty or
  /// invalid (the summary when there is none).
  public static func next(_ session: Session) -> Walk {
    Walk(session: session, from: session.form.rows.first { asked($0) && ($0.value.isBlank || !$0.errors.isEmpty) })
  }

  /// A row the walk asks: shown, enabled, holding a value.
  public static func asked(_ item: Item) -> Bool { item.isShown && item.enabled && item.kind.hasValue }

  /// The walk's own commands; they start with `:` so that any other text is a value.
  public static let help = [
    "An empty line keeps the value. :back goes to the previous row, :skip to the next,",
    ":clear empties the row, :show shows the form, :q cancels, :help says this again.",
    "To type a value that starts with a colon, type two.",
  ]

  /// The first lines: how the walk works, then the first question.
  public func start() -> [String] {
    let form = session.form
    let count = form.rows.filter(Self.asked).count
    let title = form.title.map(Cells.sanitize).flatMap { $0.isEmpty ? nil : $0 }
    var out = [
      "Guided fill" + (title.map { " of " + $0 } ?? "") + ": \(count) question\(count == 1 ? "" : "s")."
    ]
    out += Self.help
    if startAtSummary { return session.notices() + out + summary() }
    let first = startAt ?? form.rows.first(where: Self.asked)
    guard let first else { return session.notices() + out + summary() }
    return session.notices() + out + ask(first)
  }

  /// What is asked now: the row's title, or the submit question.
  public var prompt: String {
    guard let item = current else { return "Submit? [Y/n] " }
    return Cells.sanitize(item.label) + (longText != nil ? " (end with .)> " : ": ")
  }

  /// True while the row asked is secret: a terminal should not echo the answer.
  public var asksSecret: Bool { current.map { $0.kind.isSecret($0) } ?? false }

  /// Read one line: an answer, or one of the walk's commands.
  public func read(_ line: String) -> [String] {
    guard ending == nil, session.state == .running else { return ["The guided fill has ended."] }
    guard let item = current else { return confirm(line) }
    if longText != nil { return readLine(line, of: item) }
    let text = line.trimmingSpaces
    switch text {
    case ":q", ":quit", ":cancel":
      let outcome = session.cancel()
      ending = .cancelled
      return session.notices() + session.phrase(outcome)
    case ":back": return back(from: item)
    case ":skip": return forward(from: item)
    case ":show": return session.notices() + session.phrase(session.perform(.show)) + again(item)
    case ":help", ":?": return Self.help + again(item)
    case ":clear":
      guard let row = item.row else { return forward(from: item) }
      return answered(item, perform(.clear(.row(row))))
    case "": return forward(from: item)
    default: break
    }
    if item.kind.readsLines {
      longText = []
      return readLine(text.hasPrefix("::") ? String(line.drop { $0 == " " }.dropFirst()) : line, of: item)
    }
    return set(item, text.hasPrefix("::") ? String(line.trimmingSpaces.dropFirst()) : line)
  }

  // MARK: asking

  /// The question for `item`: the row in words, then what to type.
  func ask(_ item: Item) -> [String] {
    current = item
    longText = nil
    position = session.form.rows.firstIndex { $0 === item } ?? position
    return Spoken.row(item, in: session.form) + ExpectedInput.lines(for: item)
  }

  /// The row asked again, after a refusal or a command: its sentence only.
  func again(_ item: Item) -> [String] {
    guard Self.asked(item) else { return forward(from: item) }
    return [Spoken.row(item, in: session.form)[0]]
  }

  /// The next asked row after `item` in the live form, or the summary.
  func forward(from item: Item) -> [String] {
    let rows = session.form.rows
    let start = rows.firstIndex { $0 === item }.map { $0 + 1 } ?? position
    if let next = rows[min(start, rows.count)...].first(where: Self.asked) { return ask(next) }
    return summary()
  }

  func back(from item: Item?) -> [String] {
    let rows = session.form.rows
    let end = item.flatMap { i in rows.firstIndex { $0 === i } } ?? (item == nil ? rows.count : position)
    if let previous = rows[..<min(end, rows.count)].last(where: Self.asked) { return ask(previous) }
    guard let item else { return ["There is no row to go back to."] + summary() }
    return ["This is the first question."] + again(item)
  }

  func readLine(_ line: String, of item: Item) -> [String] {
    if line == "." {
      let lines = longText ?? []
      longText = nil
      return lines.isEmpty ? forward(from: item) : set(item, lines.joined(separator: "\n"))
    }
    longText!.append(line)
    return []
  }

  /// Give the row its answer: on success go on, otherwise say why and ask again.
  func set(_ item: Item, _ text: String) -> [String] {
    guard let row = item.row else { return forward(from: item) }
    return answered(item, perform(.set(.row(row), text)))
  }

  /// Carry out a command, noting the questions before it (an answer's
  /// handler may show or hide rows).
  func perform(_ command: Command) -> Outcome {
    questionsBefore = session.form.rows.filter(Self.asked)
    return session.perform(command)
  }

  var questionsBefore: [Item] = []

  func answered(_ item: Item, _ outcome: Outcome) -> [String] {
    switch outcome {
    case .changed(let changes):
      // a value its checks refuse is asked again with their reasons (an
      // empty line then keeps it, :skip goes on)
      if Self.asked(item), !item.errors.isEmpty {
        return session.notices() + rowsMoved(changes) + item.errors.map(Spoken.error) + again(item)
      }
      return session.notices() + [said(item)] + rowsMoved(changes) + forward(from: item)
    case .refused:
      return session.notices() + session.phrase(outcome) + again(item)
    default:
      return session.notices() + session.phrase(outcome) + forward(from: item)
    }
  }

  /// `Seats: 4.`, the row's value in words (what a pipe's transcript shows of an answer).
  func said(_ item: Item) -> String {
    let words = Spoken.value(item.facts).words
    return Cells.sanitize(item.label) + ": " + Spoken.period(words)
  }

  /// What an answer did to other rows: those it showed or hid.
  func rowsMoved(_ changes: Form.Changes) -> [String] {
    guard changes.structure else { return [] }
    let now = session.form.rows.filter(Self.asked)
    let before = Set(questionsBefore.map(ObjectIdentifier.init))
    let after = Set(now.map(ObjectIdentifier.init))
    let added = now.filter { !before.contains(ObjectIdentifier($0)) }.map { Cells.sanitize($0.label) }
    let gone = questionsBefore.filter { !after.contains(ObjectIdentifier($0)) }.map { Cells.sanitize($0.label) }
    var out: [String] = []
    if !added.isEmpty {
      out.append("New question\(added.count == 1 ? "" : "s"): " + added.joined(separator: ", ") + ".")
    }
    if !gone.isEmpty { out.append("No longer asked: " + gone.joined(separator: ", ") + ".") }
    return out
  }

  // MARK: the end

  /// Every value, the remaining errors, and the submit question.
  func summary() -> [String] {
    current = nil
    longText = nil
    let form = session.form
    var out = ["Summary:"]
    for item in form.rows where item.kind.hasValue {
      out.append("  " + said(item))
      out += Spoken.value(item.facts).lines.map { "    " + $0 }
    }
    let problems = form.invalidItems.flatMap { item in item.errors.map { Spoken.error($0) } }
    if problems.isEmpty {
      out.append("No errors.")
    } else {
      let n = problems.count
      out.append("\(n) error\(n == 1 ? "" : "s") remain\(n == 1 ? "s" : ""):")
      out += problems.map { "  " + $0 }
    }
    return out + ["Submit? [Y/n] (n stops here and leaves the form open; :back goes back)"]
  }

  func confirm(_ line: String) -> [String] {
    switch line.trimmingSpaces.lowercased() {
    case "", "y", "yes":
      let outcome = session.submit()
      switch outcome {
      case .submitted(let values):
        ending = .submitted(values)
        return session.notices() + session.phrase(outcome)
      case .submitRefused(let problem, _):
        let said = session.notices() + session.phrase(.submitRefused(problem, changes: nil))
        if case .invalid(let items) = problem, let first = items.first(where: Self.asked) {
          return said + ["Back to the first row with an error."] + ask(first)
        }
        return said + ["Submit? [Y/n]"]
      default:
        return session.notices() + session.phrase(outcome)
      }
    case "n", "no":
      ending = .stopped
      return ["The guided fill stopped; the form is still open. Type next to go on, or a command."]
    case ":back": return back(from: nil)
    case ":show": return session.notices() + session.phrase(session.perform(.show)) + ["Submit? [Y/n]"]
    case ":q", ":quit", ":cancel":
      let outcome = session.cancel()
      ending = .cancelled
      return session.notices() + session.phrase(outcome)
    case ":help", ":?": return Self.help + ["Submit? [Y/n]"]
    default: return ["Type y to submit or n to stop here (:back goes back)."]
    }
  }
}
