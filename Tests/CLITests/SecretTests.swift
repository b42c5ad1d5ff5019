import Foundation
import Testing

/// A secret — a secure text, a card's number and security code — is never
/// shown, said, kept in a draft or put back into an editor in clear; only
/// the submitted values on stdout hold it.
struct SecretTests {
  static let form = """
    local s = form:section("Six")
    s:text{ name = "a", title = "A" }
    s:text{ name = "pw", title = "Password", secure = true }
    s:creditcard{ name = "card", title = "Card" }
    """
  static let typed = "pw secret99\ncard 4242424242424242 12/30 123\n"

  /// What a secret shows in: the password, the card's number and its code.
  static func leaks(_ text: String) -> [String] {
    // (the example in what to type, `4242 4242 4242 4242 12/28 123`, is none)
    ["secret99", "4242424242424242", "\"cvv\"", "cvv 123", "12/30 123"].filter(text.contains)
  }

  @Test func valuesNeverListASecret() throws {
    let path = try CLI.script(Self.form)
    let r = try CLI.run([path], input: Self.typed + "values\nv\nshow 2\nshow 3\nq\n")
    #expect(r.status == 1)
    #expect(Self.leaks(r.stderr).isEmpty, "\(Self.leaks(r.stderr)) in \(r.stderr)")
    #expect(r.stderr.contains(#"{"a":null,"pw":"(secret)","card":"Visa •••• 4242  12/30"}"#), "\(r.stderr)")
    // the card's masked form in show too
    #expect(r.stderr.contains("Visa •••• 4242  12/30"))
    // the values written out on submit are the form's own
    let submitted = try CLI.run([path], input: Self.typed + "v\ns\n")
    #expect(
      submitted.stdout
        == #"{"a":null,"pw":"secret99","card":{"number":"4242424242424242","expiry":"12/30","cvv":"123"}}"# + "\n")
  }

  @Test func theAccessibleVoiceNeverSaysASecret() throws {
    let path = try CLI.script(Self.form)
    let r = try CLI.run([path, "--accessible"], input: Self.typed + "values\nshow\nq\n")
    #expect(Self.leaks(r.stderr).isEmpty, "\(Self.leaks(r.stderr)) in \(r.stderr)")
    #expect(r.stderr.contains("pw: filled in, not read out.\n"), "\(r.stderr)")
    #expect(r.stderr.contains("card: card ending in 4242, expires 12/30.\n"), "\(r.stderr)")
  }

  @Test func theReplsValuesNeverListASecret() throws {
    let path = try CLI.script(Self.form)
    let r = try CLI.run(["repl", path], input: ":pw secret99\n:card 4242424242424242 12/30 123\n:values\n:v\n:q\n")
    #expect(Self.leaks(r.stderr).isEmpty, "\(Self.leaks(r.stderr)) in \(r.stderr)")
    #expect(r.stderr.contains(#""pw":"(secret)""#), "\(r.stderr)")
  }

  @Test func aCardIsNeverKeptInADraft() throws {
    let path = try CLI.script(
      """
      local s = form:section("C")
      for i = 1, 5 do s:text{ name = "x" .. i } end
      s:creditcard{ name = "card", title = "Card" }
      """)
    let draft = (path as NSString).deletingLastPathComponent + "/d.json"
    _ = try CLI.run([path, "--draft", draft], input: "x1 kept\ncard 4242424242424242 12/30 123\n")
    let text = try String(contentsOfFile: draft, encoding: .utf8)
    #expect(text.contains("kept"))
    #expect(!text.contains("4242"), "\(text)")
    #expect(!text.contains("\"card\""), "\(text)")
    let resumed = try CLI.run([path, "--draft", draft, "--resume"], input: "q\n")
    #expect(resumed.stderr.contains("type Card again"), "\(resumed.stderr)")
    // one written into a draft by hand is not resumed
    let full = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    try
      #"{"formrun_draft":{"form":"\#(full)","saved":"2026-11-30T22:01:02Z"},"values":{"card":{"number":"4242424242424242","expiry":"12/30","cvv":"123"}}}"#
      .write(toFile: draft, atomically: false, encoding: .utf8)
    let edited = try CLI.run([path, "--draft", draft, "--resume", "--submit", "--field", "card"])
    #expect(edited.stdout == "\n", "\(edited.stdout)")
    #expect(
      edited.stderr.contains("not resumed: draft card: a secure value is never kept in a draft"), "\(edited.stderr)")
  }
}
