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
  /// The catalogue key of the line `help` prints (`help.show_n`): the
  /// command's help, written once, in the catalogue's languages.
  public let helpKey: String
  /// What follows the word.
  public let arguments: CommandArguments
  /// The front ends that carry it out.
  public let drivers: Set<Driver>
  /// The first cells of the reference's rows for it (Docs/reference.md,
  /// *Line commands*): each spelling of the command a reader looks up.
  public let documented: [String]
  /// The longer text of the man page's LINE COMMANDS (`code` in backticks);
  /// the English help line when it says no more.
  public var manual: String { longer ?? Catalogue.english.say(helpKey) }
  let longer: String?
  /// The command for the text after the word; nil when the line is not this
  /// command (then it names an item).
  let read: @Sendable (_ rest: String, _ titles: [String]) -> Command?
  /// Whether the command does anything on this form (a row command needs a
  /// row that allows it): `help` lists only those.
  public let applies: @Sendable (Form) -> Bool

  init(
    _ words: [String], usage: [String]? = nil, _ arguments: CommandArguments, help helpKey: String,
    drivers: Set<Driver> = Set(Driver.allCases), documented: [String]? = nil, manual: String? = nil,
    applies: @escaping @Sendable (Form) -> Bool = { _ in true },
    read: @escaping @Sendable (String, [String]) -> Command? = { _, _ in nil }
  ) {
    self.applies = applies
    self.words = words
    self.usage = usage ?? words
    self.helpKey = helpKey
    self.arguments = arguments
    self.drivers = drivers
    self.documented = documented ?? usage ?? words
    self.longer = manual
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
      [], usage: ["N"], .rowAndValue, help: "help.n",
      manual: "Activate the row: toggle a switch, run an action, or open its editor (the next line is the value)."),
    CommandSpec(
      [], usage: ["NAME", "TITLE"], .rowAndValue, help: "help.name",
      manual:
        "The same by name or title, in any case; a unique beginning of a name or title is enough, and when several rows begin so the candidates are listed."
    ),
    CommandSpec(
      [], usage: ["N VALUE"], .rowAndValue, help: "help.n_value",
      documented: ["N VALUE", "NAME VALUE"], manual: "Set the row from VALUE, as typed (also NAME VALUE, TITLE VALUE)."),
    CommandSpec(["clear"], usage: ["clear N"], .row, help: "help.clear_n", read: oneRow { .clear($0) }),
    CommandSpec(
      ["do"], usage: ["do N ACTION"], .rowThenText, help: "help.do_n_action",
      manual:
        "Run one of the row's actions (its `actions` property; the title in any case, or a prefix only it has); `do N` lists them.",
      applies: { form in anyRow(form) { !$0.rowActions.actions.isEmpty } },
      read: { rest, titles in
        guard !rest.isEmpty else { return nil }
        let (target, tail) = Command.leadingTarget(rest, titles: titles)
        return .run(target, tail.isEmpty ? nil : tail)
      }),
    CommandSpec(
      ["delete"], usage: ["delete N"], .row, help: "help.delete_n",
      manual: "Delete the row, when it is `deletable` and its `on_delete` does not refuse.",
      applies: { form in anyRow(form) { $0.rowActions.deletable } }, read: oneRow { .delete($0) }),
    CommandSpec(
      ["move"], usage: ["move N M"], .rowThenNumber, help: "help.move_n_m",
      manual:
        "Move row N to row M's place (also into another section), when it is `movable` and its `on_move` does not refuse.",
      applies: { form in anyRow(form) { $0.rowActions.movable } },
      read: { rest, titles in
        guard !rest.isEmpty else { return nil }
        let (target, tail) = Command.leadingTarget(rest, titles: titles)
        return Int(tail).map { .move(target, to: $0) }
      }),
    CommandSpec(
      ["insert"], usage: ["insert [N]"], .optionalRow, help: "help.insert_n",
      documented: ["insert", "insert N"],
      manual:
        "Ask the section's `on_insert` to add a row: before row N, or at the end of the one section that takes inserted rows.",
      applies: { form in form.sections.contains { !$0.hidden && $0.onInsert != nil } },
      read: { rest, titles in rest.isEmpty ? .insert(nil) : oneRow { .insert($0) }(rest, titles) }),
    CommandSpec(
      ["detail"], usage: ["detail N"], .row, help: "help.detail_n",
      manual: "Press the row's detail button (accessory `detail`; runs `on_accessory`).",
      applies: { form in anyRow(form) { $0.accessory == .detail && $0.rowActions.onAccessory != nil } },
      read: oneRow { .detailButton($0) }),
    CommandSpec(["submit", "s"], .none, help: "help.submit", read: alone(.submit)),
    CommandSpec(
      ["cancel", "q", "quit"], usage: ["cancel", "q"], .none, help: "help.cancel",
      documented: ["cancel", "q", "quit"],
      manual:
        "End without values (also `quit`). At a terminal, when values were changed, it asks first (`y` cancels, anything else goes on).",
      read: alone(.cancel)),
    CommandSpec(
      ["show", "l"], .words, help: "help.show", manual: "Draw the whole form (`l N`, `l A-B`, `l SECTION` too).",
      read: { rest, _ in rest.isEmpty ? .show : .showPart(rest) }),
    CommandSpec(
      [], usage: ["show N"], .words, help: "help.show_n",
      documented: ["show N", "show A-B", "show SECTION"],
      manual:
        "One row in full (title, name, kind, whole value, expected input, detail, placeholder, options, whether it is required, errors); `show A-B` rows A to B; `show SECTION` one section by its header or tag."
    ),
    CommandSpec(["errors", "e"], .none, help: "help.errors", read: alone(.errors)),
    CommandSpec(
      ["values", "v"], .none, help: "help.values",
      manual: "Show the values as JSON, a secret row's as `\"(secret)\"` (the submitted values keep it).",
      read: alone(.values)),
    CommandSpec(
      ["default"], usage: ["default N"], .row, help: "help.default_n",
      manual:
        "Give the row the value it offers but does not hold: a JSON Schema's `default`, shown as its placeholder.",
      applies: { form in anyRow(form) { $0.defaultValue != nil } }, read: oneRow { .takeDefault($0) }),
    CommandSpec(
      ["help", "?"], .words, help: "help.help", manual: "List the commands.",
      read: { rest, _ in rest.lowercased() == "names" ? .names : .help }),
    CommandSpec([], usage: ["help names"], .words, help: "help.help_names"),
    CommandSpec(
      [], usage: [Command.editorEscape], .editorLine,
      help: "help.q",
      manual: "In an editor: leave it, changing nothing. An empty line keeps the value too; a refused value asks again."
    ),
    CommandSpec(
      ["next"], .none, help: "help.next", drivers: [.fill],
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
