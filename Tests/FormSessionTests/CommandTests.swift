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
  ])
  func parses(line: String, command: Command) {
    #expect(Command.parse(line) == command)
  }
}
