import FormCore

/// The front ends that drive a session. A command names the ones that carry
/// it out; a session reads, lists and completes only its driver's commands.
public enum Driver: Sendable, CaseIterable {
  /// `formrun FORM.lua`: the prompt, which also runs the guided walk
  case fill
  /// `formrun repl`: the same commands after a `:`
  case repl
  /// a headless session (`formrun test`, a program driving `perform`)
  case test
}

/// What a command word takes after it.
public enum CommandArguments: Sendable, Equatable {
  /// nothing: the word alone (a word followed by text names an item)
  case none
  /// a row (its number, name or title)
  case row
  /// a row, then text (`do N ACTION`)
  case rowThenText
  /// a row, then a row number (`move N M`)
  case rowThenNumber
  /// a row or nothing (`insert [N]`)
  case optionalRow
  /// free words (`show N`, `show SECTION`)
  case words
  /// no command word: a row, with or without a value (`N`, `N VALUE`)
  case rowAndValue
  /// a line of an open editor (`:q`), not a command at the prompt
  case editorLine

  /// Whether Tab completes a row after the command word.
  public var takesRow: Bool { [.row, .rowThenText, .rowThenNumber, .optionalRow].contains(self) }
}

/// One entry of the line-command language: its words, what follows them,
/// the help line, and which front ends carry it out. Parsing (`Command.parse`),
/// `help`, the REPL's `:help`, Tab completion of command words and the
/// documentation all read `CommandSpec.table`, so they cannot disagree.
public struct CommandSpec: Sendable {
  /// The words that start the command, the first the main one (`submit`, `s`);
  /// none for the entries that begin with a row.
  public let words: [String]
  /// How help writes it: the alternatives, each as typed (`submit`, `s`;
  /// `show N`); joined with `, ` in the help's left column.
  public let usage: [String]
  /// The catalogue key of the summary `help` prints (`help.show_n`): its words in the form's language.
  public var helpKey: String {
    let first = (usage.first ?? words.first ?? "").lowercased()
    let key = first.split { !$0.isLetter }.joined(separator: "_")
    return "help." + (key.isEmpty ? "escape" : key)
  }
  /// The help line.
  public let summary: String
  /// What follows the word.
  public let arguments: CommandArguments
  /// The front ends that carry it out.
  public let drivers: Set<Driver>
  /// The first cells of the reference's rows for it (Docs/reference.md,
  /// *Line commands*): each spelling of the command a reader looks up.
  public let documented: [String]
  /// The longer text of the man page's LINE COMMANDS (`code` in backticks).
  public let manual: String
  /// The command for the text after the word; nil when the line is not this
  /// command (then it names an item).
  let read: @Sendable (_ rest: String, _ titles: [String]) -> Command?
  /// Whether the command does anything on this form (a row command needs a
  /// row that allows it): `help` lists only those.
  public let applies: @Sendable (Form) -> Bool

  init(
    _ words: [String], usage: [String]? = nil, _ arguments: CommandArguments, _ summary: String,
    drivers: Set<Driver> = Set(Driver.allCases), documented: [String]? = nil, manual: String? = nil,
    applies: @escaping @Sendable (Form) -> Bool = { _ in true },
    read: @escaping @Sendable (String, [String]) -> Command? = { _, _ in nil }
  ) {
    self.applies = applies
    self.words = words
    self.usage = usage ?? words
    self.summary = summary
    self.arguments = arguments
    self.drivers = drivers
    self.documented = documented ?? usage ?? words
    self.manual = manual ?? summary
    self.read = read
  }

  /// The command the word alone is, nothing after it.
  static func alone(_ command: Command) -> @Sendable (String, [String]) -> Command? {
    { rest, _ in rest.isEmpty ? command : nil }
  }

  /// A command taking exactly one row.
  static func oneRow(_ make: @escaping @Sendable (Target) -> Command) -> @Sendable (String, [String]) -> Command? {
    { rest, titles in
      guard !rest.isEmpty else { return nil }
      let (target, tail) = Command.leadingTarget(rest, titles: titles)
      return tail.isEmpty ? make(target) : nil
    }
  }

  /// Every command, in the order help lists them.
  public static let table: [CommandSpec] = [
    CommandSpec(
      [], usage: ["N"], .rowAndValue, "activate row N: toggle a switch, choose an action, or edit the value",
      manual: "Activate the row: toggle a switch, run an action, or open its editor (the next line is the value)."),
    CommandSpec(
      [], usage: ["NAME", "TITLE"], .rowAndValue, "the same by name or title (any case; a unique beginning is enough)",
      manual:
        "The same by name or title, in any case; a unique beginning of a name or title is enough, and when several rows begin so the candidates are listed."
    ),
    CommandSpec(
      [], usage: ["N VALUE"], .rowAndValue, "set row N to VALUE (NAME VALUE and TITLE VALUE too)",
      documented: ["N VALUE", "NAME VALUE"], manual: "Set the row from VALUE, as typed (also NAME VALUE, TITLE VALUE)."),
    CommandSpec(["clear"], usage: ["clear N"], .row, "empty row N", read: oneRow { .clear($0) }),
    CommandSpec(
      ["do"], usage: ["do N ACTION"], .rowThenText, "run one of row N's actions (do N lists them)",
      manual:
        "Run one of the row's actions (its `actions` property; the title in any case, or a prefix only it has); `do N` lists them.",
      applies: { form in anyRow(form) { !$0.rowActions.actions.isEmpty } },
      read: { rest, titles in
        guard !rest.isEmpty else { return nil }
        let (target, tail) = Command.leadingTarget(rest, titles: titles)
        return .run(target, tail.isEmpty ? nil : tail)
      }),
    CommandSpec(
      ["delete"], usage: ["delete N"], .row, "delete row N (a row that allows it)",
      manual: "Delete the row, when it is `deletable` and its `on_delete` does not refuse.",
      applies: { form in anyRow(form) { $0.rowActions.deletable } }, read: oneRow { .delete($0) }),
    CommandSpec(
      ["move"], usage: ["move N M"], .rowThenNumber, "move row N to row M's place (a row that allows it)",
      manual:
        "Move row N to row M's place (also into another section), when it is `movable` and its `on_move` does not refuse.",
      applies: { form in anyRow(form) { $0.rowActions.movable } },
      read: { rest, titles in
        guard !rest.isEmpty else { return nil }
        let (target, tail) = Command.leadingTarget(rest, titles: titles)
        return Int(tail).map { .move(target, to: $0) }
      }),
    CommandSpec(
      ["insert"], usage: ["insert [N]"], .optionalRow, "insert a row (before row N) in a section that takes them",
      documented: ["insert", "insert N"],
      manual:
        "Ask the section's `on_insert` to add a row: before row N, or at the end of the one section that takes inserted rows.",
      applies: { form in form.sections.contains { !$0.hidden && $0.onInsert != nil } },
      read: { rest, titles in rest.isEmpty ? .insert(nil) : oneRow { .insert($0) }(rest, titles) }),
    CommandSpec(
      ["detail"], usage: ["detail N"], .row, "press row N's detail button",
      manual: "Press the row's detail button (accessory `detail`; runs `on_accessory`).",
      applies: { form in anyRow(form) { $0.accessory == .detail && $0.rowActions.onAccessory != nil } },
      read: oneRow { .detailButton($0) }),
    CommandSpec(["submit", "s"], .none, "check everything and submit the values", read: alone(.submit)),
    CommandSpec(
      ["cancel", "q", "quit"], usage: ["cancel", "q"], .none, "end without values (quit too)",
      documented: ["cancel", "q", "quit"],
      manual:
        "End without values (also `quit`). At a terminal, when values were changed, it asks first (`y` cancels, anything else goes on).",
      read: alone(.cancel)),
    CommandSpec(
      ["show", "l"], .words, "show the whole form", manual: "Draw the whole form (`l N`, `l A-B`, `l SECTION` too).",
      read: { rest, _ in rest.isEmpty ? .show : .showPart(rest) }),
    CommandSpec(
      [], usage: ["show N"], .words, "one row in full; show A-B rows A to B; show SECTION one section",
      documented: ["show N", "show A-B", "show SECTION"],
      manual:
        "One row in full (title, name, kind, whole value, expected input, detail, placeholder, options, whether it is required, errors); `show A-B` rows A to B; `show SECTION` one section by its header or tag."
    ),
    CommandSpec(["errors", "e"], .none, "list the errors", read: alone(.errors)),
    CommandSpec(
      ["values", "v"], .none, "show the values as JSON",
      manual: "Show the values as JSON, a secret row's as `\"(secret)\"` (the submitted values keep it).",
      read: alone(.values)),
    CommandSpec(
      ["help", "?"], .words, "this list", manual: "List the commands.",
      read: { rest, _ in rest.lowercased() == "names" ? .names : .help }),
    CommandSpec([], usage: ["help names"], .words, "each row's number, name and title"),
    CommandSpec(
      [], usage: [Command.editorEscape], .editorLine,
      "in an editor: leave it unchanged (an empty line keeps the value too)",
      manual: "In an editor: leave it, changing nothing. An empty line keeps the value too; a refused value asks again."
    ),
    CommandSpec(
      ["next"], .none, "be asked the empty or invalid rows one by one (a guided walk)", drivers: [.fill],
      manual: "Start the guided walk (see `--guided`) from the first row that is empty or invalid.",
      read: alone(.next)),
  ]

  /// True when a shown row of the form is so.
  static func anyRow(_ form: Form, _ test: (Item) -> Bool) -> Bool { form.rows.contains(where: test) }

  /// The commands `driver` carries out, in help's order.
  public static func commands(for driver: Driver) -> [CommandSpec] { table.filter { $0.drivers.contains(driver) } }

  /// The command words `driver` reads (they win over item names of the same spelling).
  public static func words(for driver: Driver) -> [String] { commands(for: driver).flatMap(\.words) }

  /// The entry a command word starts, for `driver`.
  static func spec(word: String, for driver: Driver) -> CommandSpec? {
    guard let first = firstByWord[word] else { return nil }
    if table[first].drivers.contains(driver) { return table[first] }
    // a word more than one command starts, for other drivers
    return table[(first + 1)...].first { $0.words.contains(word) && $0.drivers.contains(driver) }
  }

  /// The place in `table` of the first command each word starts: the first
  /// word of every line is looked up, most often a row's, which no command
  /// starts (a scan of every command's words was 5,700 instructions a line).
  static let firstByWord: [String: Int] = {
    var out: [String: Int] = [:]
    out.reserveCapacity(2 * table.count)
    for (i, spec) in table.enumerated() {
      for word in spec.words where out[word] == nil { out[word] = i }
    }
    return out
  }()

  /// The help list as `help` prints it: `prefix` before each word (the
  /// REPL's `:`; a word that already starts with it is kept as typed), the
  /// line at `column`.
  /// With `form`, only the commands that do something on it.
  public static func help(
    for driver: Driver, form: Form? = nil, prefix: String = "", indent: String = "  ", column: Int = 13
  ) -> [String] {
    commands(for: driver).filter { spec in form.map(spec.applies) ?? true }.map { spec in
      let words = spec.usage.map { $0.hasPrefix(":") || prefix.isEmpty ? $0 : prefix + $0 }.joined(separator: ", ")
      return indent + words + String(repeating: " ", count: max(column - words.count, 1))
        + (form?.catalogue ?? .english).say(spec.helpKey)
    }
  }
}
