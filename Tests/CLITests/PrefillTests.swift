import Foundation
import Testing

/// `--set` and `--answers` follow the rules of typing `NAME VALUE` at the
/// prompt: a row that cannot be typed into cannot be prefilled either.
struct PrefillTests {
  static let form = """
    local s = form:section{}
    s:text{ name = "locked", title = "Locked", enabled = false }
    s:text{ name = "secret", title = "Secret", hidden = true }
    s:text{ name = "open", title = "Open" }
    """

  /// The message the prompt gives for `line`, from a piped session.
  func typed(_ path: String, _ line: String) throws -> String {
    let r = try CLI.run([path], input: line + "\nq\n")
    let lines = r.stderr.split(separator: "\n").map(String.init)
    let message = lines.first { $0.hasSuffix(" is disabled") || $0.hasSuffix(" is hidden") }
    return try #require(message, "\(r.stderr)")
  }

  @Test(arguments: [("locked", "row 1 (Locked) is disabled"), ("secret", "'secret' is hidden")])
  func setOnARowThatCannotBeTypedIntoExits2(name: String, message: String) throws {
    let path = try CLI.script(Self.form)
    #expect(try typed(path, "\(name) x") == message)
    let r = try CLI.run([path, "--set", "\(name)=x", "--submit"])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr == "formrun: --set \(name): \(message)\n")
  }

  @Test func answersOnAHiddenRowExit2() throws {
    let path = try CLI.script(Self.form)
    let answers = try CLI.script(#"{"open": "a", "secret": "b"}"#, name: "a.json")
    let r = try CLI.run([path, "--answers", answers, "--submit"])
    #expect(r.status == 2)
    #expect(r.stderr.hasSuffix("a.json: 'secret' is hidden\n"), "\(r.stderr)")
  }
}
