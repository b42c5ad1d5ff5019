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
    ("insert", .insert(nil)), ("insert 4", .insert(.row(4))), ("detail 8", .accessory(.row(8))),
    ("detail", .activate(.name("detail"))),
  ])
  func parses(line: String, command: Command) {
    #expect(Command.parse(line) == command)
  }
}

struct CommandWordTests {
  @Test func everyCommandWordIsListedOnce() {
    #expect(Set(Command.commandWords).count == Command.commandWords.count)
    #expect(Set(Command.commandWords).isSuperset(of: ["do", "delete", "move", "insert", "detail", "clear"]))
  }
}
