import Foundation
import Testing

/// Themes through the binary: `--theme` over `FORMRUN_THEME` over
/// `form.theme`; nothing without colour; the accessible voice ignores them.
struct ThemeCLITests {
  static let form = """
    form.title = "Trip"
    local s = form:section{ header = "Where" }
    s:text{ name = "city", title = "City", value = "Oslo" }
    """

  /// The title's codes tell the theme: default bold, high-contrast bold bright white, monochrome bold, light bold black.
  static func title(_ r: CLI.Result) -> String? {
    r.stderr.firstMatch(of: #/\x{1B}\[([0-9;]*)mTrip/#).map { String($0.1) }
  }

  @Test(
    arguments: [
      ([], [:], nil, "1"),
      (["--theme", "high-contrast"], [:], nil, "1;97"),
      ([], ["FORMRUN_THEME": "light"], nil, "1;30"),
      ([], [:], "light", "1;30"),
      ([], ["FORMRUN_THEME": "high-contrast"], "light", "1;97"),
      (["--theme", "monochrome"], ["FORMRUN_THEME": "high-contrast"], "light", "1"),
    ] as [([String], [String: String], String?, String)])
  func thePersonsChoiceWinsOverTheForms(flags: [String], env: [String: String], formTheme: String?, codes: String)
    throws
  {
    let source = (formTheme.map { "form.theme = \"\($0)\"\n" } ?? "") + Self.form
    let path = try CLI.script(source)
    let r = try CLI.run([path, "--color", "always"] + flags, input: "s\n", env: env)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(Self.title(r) == codes, "\(r.stderr.debugDescription)")
  }

  @Test func aThemeTableColoursItsRoles() throws {
    let path = try CLI.script(
      "form.theme = { base = \"light\", value = { color = \"magenta\", underline = true } }\n" + Self.form)
    let r = try CLI.run([path, "--color", "always"], input: "s\n")
    #expect(r.stderr.contains("\u{1B}[4;35mOslo\u{1B}[0m"), "\(r.stderr.debugDescription)")
    #expect(Self.title(r) == "1;30", "the other roles are the base's")
  }

  @Test func anUnknownNameIsAUsageErrorInAFlagAndPassedOverInTheEnvironment() throws {
    let path = try CLI.script(Self.form)
    let flag = try CLI.run([path, "--theme", "dracula", "--submit"])
    #expect(flag.status == 2)
    #expect(
      flag.stderr.contains("--theme takes default, high-contrast, monochrome or light (got 'dracula')"),
      "\(flag.stderr)")
    let env = try CLI.run([path, "--color", "always"], input: "s\n", env: ["FORMRUN_THEME": "ligth"])
    #expect(env.status == 0)
    #expect(
      env.stderr.hasPrefix(
        "formrun: FORMRUN_THEME: unknown theme 'ligth' (did you mean 'light'?); the themes are default, high-contrast, monochrome and light; it is passed over\n"
      ), "\(env.stderr)")
    #expect(Self.title(env) == "1", "the default is drawn")
    let bad = try CLI.script("form.theme = { title = { colour = \"red\" } }\n" + Self.form)
    let script = try CLI.run([bad, "--submit"])
    #expect(script.status == 2)
    #expect(
      script.stderr.contains(
        "form.lua:1: bad value for 'theme' of the form: title: unknown style field 'colour' (did you mean 'color'?)"),
      "\(script.stderr)")
  }

  @Test func noThemeWithoutColourAndNoneInTheAccessibleVoice() throws {
    let path = try CLI.script(Self.form)
    let piped = try CLI.run([path, "--theme", "high-contrast"], input: "s\n")
    #expect(!piped.stderr.contains("\u{1B}"), "\(piped.stderr.debugDescription)")
    let never = try CLI.run([path, "--theme", "light", "--color", "never"], input: "s\n")
    #expect(never.stderr == piped.stderr)
    let plain = try CLI.run([path, "--accessible", "--color", "always"], input: "show\nq\n")
    let themed = try CLI.run(
      [path, "--accessible", "--color", "always", "--theme", "high-contrast"], input: "show\nq\n",
      env: ["FORMRUN_THEME": "light"])
    #expect(themed.stderr == plain.stderr)
    #expect(!themed.stderr.contains("\u{1B}"), "\(themed.stderr.debugDescription)")
  }
}
