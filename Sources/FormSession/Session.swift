import FormCore
import FormRender

/// The interaction engine: takes command lines, changes the form, and answers
/// with the lines to show. It never reads or writes a file descriptor; the
/// terminal front end, the REPL and the test runner all drive it.
public final class Session {
  public enum State: Equatable {
    case running
    /// ended by a submit; the values as JSON
    case submitted(String)
    case cancelled
  }

  public let form: Form
  public var renderer: Renderer
  /// Screen rows: after a command the whole form is shown again when it fits,
  /// otherwise only what changed. nil: always the whole form.
  public var height: Int?
  public private(set) var state: State = .running
  /// The row whose editor is open: the next line is its value.
  public private(set) var editing: Item?
  var longText: [String]?

  public init(form: Form, renderer: Renderer = Renderer(), height: Int? = nil) {
    self.form = form
    self.renderer = renderer
    self.height = height
  }

  /// What the user is asked: `> ` for commands, the row's title in an editor.
  public var prompt: String {
    guard let item = editing else { return "> " }
    return Cells.sanitize(item.label) + (longText != nil ? " (end with .)> " : ": ")
  }

  /// True while the open editor's row is secret: a terminal should not echo the next line.
  public var editingSecret: Bool { editing.map { $0.kind.isSecret($0) } ?? false }

  /// The whole form, as `show` prints it.
  public func screen() -> [String] { renderer.render(form) }

  /// The first screen: queued messages, then the whole form.
  public func start() -> [String] {
    _ = form.takeChanges()
    return notices() + screen()
  }

  /// The form's queued messages (handler errors, `print`), made safe to show.
  public func notices() -> [String] { form.takeNotices().flatMap(Cells.sanitizeLines) }

  /// The values as JSON, once submitted.
  public var submittedJSON: String? {
    if case .submitted(let json) = state { return json }
    return nil
  }

  /// Apply one line; returns what to show.
  public func send(_ line: String) -> [String] {
    guard state == .running else { return ["the form has ended; no more commands are read"] }
    if let item = editing { return edit(item, line) }
    let command = Command.parse(line)
    var out = run(command)
    out = notices() + out
    return out
  }

  func run(_ command: Command) -> [String] {
    switch command {
    case .nothing: return []
    case .show:
      _ = form.takeChanges()
      return screen()
    case .help: return Self.help
    case .values: return [JSON.encode(.record(form.values))]
    case .errors:
      let invalid = form.invalidItems
      if invalid.isEmpty { return ["no errors"] }
      return invalid.flatMap { item in item.errors.map { "row \(item.row ?? 0): \(Cells.sanitize($0))" } }
    case .cancel:
      form.cancel()
      state = .cancelled
      return ["cancelled"]
    case .submit:
      switch form.submit() {
      case .accepted(let values):
        state = .submitted(JSON.encode(.record(values)))
        return ["submitted"]
      case .refused(let messages):
        let n = messages.count
        return effect() + ["cannot submit (\(n) problem\(n == 1 ? "" : "s")):"]
          + messages.map { "  " + Cells.sanitize($0) }
      }
    case .activate(let target):
      let item: Item
      switch resolve(target) {
      case .success(let i): item = i
      case .failure(let e): return [e.message]
      }
      switch form.activate(item) {
      case .disabled: return ["\(describe(item)) is disabled"]
      case .done: return effect()
      case .editing(let lines):
        editing = item
        if item.kind.readsLines { longText = [] }
        return effect() + lines.map(Cells.sanitize)
          + [
            item.kind.readsLines
              ? "(a line with only . ends; an empty first line keeps the value)" : "(an empty line keeps the value)"
          ]
      }
    case .set(let target, let text):
      switch resolve(target) {
      case .success(let item): return apply(text, to: item)
      case .failure(let e): return [e.message]
      }
    case .clear(let target):
      switch resolve(target) {
      case .success(let item):
        guard item.enabled else { return ["\(describe(item)) is disabled"] }
        guard item.kind.hasValue else { return ["\(describe(item)) holds no value"] }
        switch item.kind.accept(.null, for: item) {
        case .value(let v): form.setValue(item, v, origin: .user)
        case .refused(let reason): return ["! " + Cells.sanitize(reason)]
        }
        return effect()
      case .failure(let e): return [e.message]
      }
    }
  }

  /// A line typed into an open editor.
  func edit(_ item: Item, _ line: String) -> [String] {
    if longText != nil {
      if line == "." || (line.isEmpty && longText!.isEmpty) {
        let lines = longText!
        longText = nil
        editing = nil
        if lines.isEmpty { return ["(unchanged)"] }
        return notices() + apply(lines.joined(separator: "\n"), to: item)
      }
      longText!.append(line)
      return []
    }
    if line.trimmingSpaces.isEmpty {
      editing = nil
      return ["(unchanged)"]
    }
    let (out, refused) = applying(line, to: item)
    // a refused value keeps the editor open, as a prompt would re-ask
    if !refused || item.form == nil || !item.isShown { editing = nil }
    return notices() + out
  }

  func apply(_ text: String, to item: Item) -> [String] { applying(text, to: item).lines }

  /// Read `text` into the item: the lines to show, and whether the kind refused it.
  func applying(_ text: String, to item: Item) -> (lines: [String], refused: Bool) {
    guard item.enabled else { return (["\(describe(item)) is disabled"], false) }
    switch item.kind.parse(text, for: item) {
    case .value(let v):
      form.setValue(item, v, origin: .user)
      return (effect(), false)
    case .refused(let reason):
      return (["! " + Cells.sanitize(reason) + " (value unchanged)"], true)
    }
  }

  struct TargetError: Error { var message: String }

  func resolve(_ target: Target) -> Result<Item, TargetError> {
    switch target {
    case .row(let n):
      if let item = form.item(atRow: n) { return .success(item) }
      let count = form.rows.count
      return .failure(
        TargetError(
          message: count == 0
            ? "there is no row \(n): the form has no rows"
            : "there is no row \(n) (rows are 1 to \(count))"))
    case .name(let name):
      if let item = form.find(name) {
        if !item.isShown { return .failure(TargetError(message: "'\(Cells.sanitize(name))' is hidden")) }
        return .success(item)
      }
      var message = "unknown command or item '\(Cells.sanitize(name))'"
      if let s = suggestion(for: name, among: Array(form.names) + Command.commandWords) {
        message += " (did you mean '\(s)'?)"
      }
      return .failure(TargetError(message: message + "; type ? for help"))
    }
  }

  func describe(_ item: Item) -> String {
    (item.row.map { "row \($0)" } ?? "row") + " (" + Cells.sanitize(item.label) + ")"
  }

  /// What a command changed, as lines: the whole form when it fits the
  /// screen, otherwise only the changed rows.
  public func effect() -> [String] {
    let changes = form.takeChanges()
    if !changes.structure && changes.items.isEmpty { return [] }
    if let height {
      // an upper bound of the form's height without drawing it
      let estimate = form.shownRowCount + 4 * form.sections.count + 2
      if estimate > height {
        var out = renderer.renderRows(changes.items, in: form)
        if changes.structure { out.append("(the form changed; show prints it whole)") }
        return out
      }
    }
    return screen()
  }

  static let help = [
    "commands:",
    "  N            activate row N: toggle a switch, choose an action, or edit the value",
    "  N VALUE      set row N to VALUE (NAME VALUE sets the item called NAME)",
    "  clear N      empty row N",
    "  submit, s    check everything and submit the values",
    "  cancel, q    end without values",
    "  show, l      show the whole form",
    "  errors, e    list the errors",
    "  values, v    show the values as JSON",
    "  help, ?      this list",
  ]
}
