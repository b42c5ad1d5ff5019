import FormCore
import Testing

@testable import FormSession

struct CommandTests {
  @Test(arguments: [
    ("3", Command.activate(.row(3))),
    ("  3  ", .activate(.row(3))),
    ("3 hello world", .set(.row(3), "hello world")),
    ("email a@b.co", .set(.name("email"), "a@b.co")),
    ("email", .activate(.name("email"))),
    ("clear 2", .clear(.row(2))),
    ("clear email", .clear(.name("email"))),
    ("clear", .activate(.name("clear"))),
    ("s", .submit), ("submit", .submit), ("q", .cancel), ("cancel", .cancel),
    ("l", .show), ("show", .show), ("e", .errors), ("errors", .errors),
    ("v", .values), ("values", .values), ("?", .help), ("help", .help),
    ("", .nothing), ("   ", .nothing),
    ("note  two  spaces", .set(.name("note"), "two  spaces")),
    ("do 3 Archive", .run(.row(3), "Archive")), ("do task  Mark done", .run(.name("task"), "Mark done")),
    ("do 3", .run(.row(3), nil)), ("do", .activate(.name("do"))),
    ("delete 2", .delete(.row(2))), ("delete a b", .set(.name("delete"), "a b")),
    ("move 2 5", .move(.row(2), to: 5)), ("move 2 x", .set(.name("move"), "2 x")), ("move 2", .set(.name("move"), "2")),
    ("insert", .insert(nil)), ("insert 4", .insert(.row(4))), ("detail 8", .detailButton(.row(8))),
    ("detail", .activate(.name("detail"))),
  ])
  func parses(line: String, command: Command) {
    #expect(Command.parse(line) == command)
  }
}

/// The command table: every reader of commands (parsing, help, completion,
/// the docs) reads it, so these hold of the table itself.
struct CommandTableTests {
  @Test(arguments: Driver.allCases)
  func aWordStartsOneCommandOfADriver(driver: Driver) {
    let words = CommandSpec.words(for: driver)
    let repeated = Dictionary(grouping: words, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    #expect(repeated.isEmpty, "words of two commands for \(driver): \(repeated)")
  }

  @Test(arguments: Driver.allCases)
  func everyWordParsesToItsOwnCommand(driver: Driver) {
    for spec in CommandSpec.commands(for: driver) {
      for word in spec.words {
        let sample = spec.arguments == .rowThenNumber ? "2 3" : "2"
        let alone = Command.parse(word, driver: driver)
        let withRow = Command.parse(word + " " + sample, driver: driver)
        let read = spec.read("", []) ?? spec.read(sample, [])
        #expect(read != nil, "'\(word)' reads neither alone nor with a row")
        #expect(alone == spec.read("", []) ?? .activate(.name(word)), "'\(word)' alone")
        if spec.read("", []) == nil { #expect(withRow == spec.read(sample, []), "'\(word) \(sample)'") }
      }
    }
  }

  /// Each command's help is written once, in the catalogues, under a key the table names.
  @Test func everyCommandsHelpIsInEveryCatalogue() {
    for spec in CommandSpec.table {
      for (language, catalogue) in Catalogue.shipped {
        #expect(catalogue.text(of: spec.helpKey) != nil, "'\(language)' lacks \(spec.helpKey) (\(spec.usage))")
      }
    }
    #expect(Set(CommandSpec.table.map(\.helpKey)).count == CommandSpec.table.count)
  }

  @Test func nextIsTheFillDriversOnly() {
    #expect(Command.parse("next", driver: .fill) == .next)
    #expect(Command.parse("next", driver: .repl) == .activate(.name("next")))
    #expect(Command.parse("next", driver: .test) == .activate(.name("next")))
    #expect(CommandSpec.help(for: .fill).contains { $0.hasPrefix("  next ") })
    #expect(!CommandSpec.help(for: .repl).contains { $0.contains("next") })
  }

  @Test func helpIsTheTableInItsOrder() {
    let help = CommandSpec.help(for: .fill)
    #expect(help.count == CommandSpec.commands(for: .fill).count)
    #expect(help.first == "  N            activate row N: toggle a switch, choose an action, or edit the value")
    #expect(help.contains("  submit, s    check everything and submit the values"))
    #expect(
      CommandSpec.help(for: .repl, prefix: ":", indent: "    ", column: 15).contains(
        "    :submit, :s    check everything and submit the values"))
    #expect(CommandSpec.help(for: .repl, prefix: ":").contains { $0.hasPrefix("  :q ") })
  }
}
