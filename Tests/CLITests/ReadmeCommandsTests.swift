import Foundation
import Testing

/// The README's commands, run as written on the README's own first form and
/// schema (taken out of README.md, so an edit there is what is run), with
/// the output the README shows.
@Suite struct ReadmeCommandsTests {
  static func readme() throws -> String {
    try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
  }

  /// The body of the first fenced block of `language` in `text`.
  static func firstBlock(_ language: String, in text: String) -> String? {
    guard let start = text.range(of: "```\(language)\n"),
      let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
    else { return nil }
    return String(text[start.upperBound..<end.lowerBound]) + "\n"
  }

  /// The README's first Lua form in a folder of its own, as `hello.lua`.
  static func firstForm() throws -> String {
    let lua = try #require(firstBlock("lua", in: try readme()), "README.md has no ```lua block")
    return try CLI.script(lua, name: "hello.lua")
  }

  @Test func theFirstFormIsTheExampleFile() throws {
    let example = try String(contentsOf: CLI.root.appendingPathComponent("Examples/hello.lua"), encoding: .utf8)
    #expect(
      Self.firstBlock("lua", in: try Self.readme()) == example, "README's first form and Examples/hello.lua differ")
  }

  @Test func theFirstFormFillsAsTheReadmeSays() throws {
    let form = try Self.firstForm()
    let readme = try Self.readme()
    let piped = try CLI.run([form], input: "name Ada\ndrink coffee\nsubmit\n")
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout == "{\"name\":\"Ada\",\"drink\":\"Coffee\",\"milk\":true}\n")
    let flags = try CLI.run([form, "--set", "name=Ada", "--set", "drink=Coffee", "--submit"])
    #expect(flags.status == 0 && flags.stdout == piped.stdout)
    #expect(readme.contains("Both print `\(piped.stdout.dropLast())`"))
    // the comments beside vals=, --field and --format sh: Coffee chosen, milk switched off
    let typed = "name Ada\ndrink coffee\nmilk\nsubmit\n"
    let json = try CLI.run([form], input: typed)
    #expect(readme.contains("# \(json.stdout.dropLast())"))
    let sh = try CLI.run([form, "--format", "sh"], input: typed)
    #expect(readme.contains("# " + sh.stdout.split(separator: "\n").joined(separator: " ")))
    let field = try CLI.run([form, "--field", "drink"], input: typed)
    #expect(field.stdout == "Coffee\n")
    // a refused value: a message, no values
    let refused = try CLI.run([form, "--set", "drink=Juice", "--submit"])
    #expect(refused.status != 0 && refused.stdout.isEmpty && !refused.stderr.isEmpty)
  }

  @Test func theSchemaIsTheExampleFileAndFillsAsShown() throws {
    let readme = try Self.readme()
    let schema = try #require(Self.firstBlock("json", in: readme))
    let example = try String(
      contentsOf: CLI.root.appendingPathComponent("Examples/ticket.schema.json"), encoding: .utf8)
    #expect(schema == example, "README's schema and Examples/ticket.schema.json differ")
    let path = try CLI.script(schema, name: "ticket.schema.json")
    let r = try CLI.run([path], input: "summary Disk full on web-2\nseverity high\nsubmit\n")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "{\"summary\":\"Disk full on web-2\",\"severity\":\"high\"}\n")
    #expect(readme.contains("2>/dev/null\n" + r.stdout))
  }
}
