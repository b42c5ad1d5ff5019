import FormCore
import FormLua
import FormSession
import TestSupport
import Testing

@testable import FormCLI
@testable import FormTerminal

/// What the prompt knows of the form, in the process: Tab's offers from the
/// command table and the session's row resolver, and which lines the
/// history may keep.
struct PromptTests {
  static let source = """
    local s = form:section{}
    s:text{ name = "email", title = "Email" }
    s:text{ name = "password", title = "Password", secure = true }
    s:radio{ name = "plan", title = "Your plan", options = { "Free", "Pro", "Team" } }
    s:multiple{ name = "toppings", title = "Toppings", options = { "Cheese", "Chives", "Ham" } }
    local h = form:section{ hidden = true }
    h:text{ name = "pin", title = "Secret pin", secure = true }
    """

  static func session(_ driver: Driver) throws -> (LuaRuntime, Session) {
    let runtime = LuaRuntime()
    try runtime.load(source: source, name: "form.lua")
    return (runtime, Session(form: runtime.form, host: TestHost(), driver: driver))
  }

  @Test func commandWordsAreTheDriversOwn() throws {
    let (r1, fill) = try Self.session(.fill)
    let (r2, repl) = try Self.session(.repl)
    #expect(FormPrompt.complete("ne", session: fill).words == ["next"])
    #expect(FormPrompt.complete("ne", session: repl).words == [])
    #expect(FormPrompt.complete("su", session: fill).words == ["submit"])
    // one-letter words are not offered; names and titles follow the commands
    #expect(FormPrompt.complete("e", session: fill).words == ["errors", "email"])
    withExtendedLifetime((r1, r2)) {}
  }

  @Test func aRowCommandCompletesRowsThenActionsOrOptions() throws {
    let (runtime, session) = try Self.session(.fill)
    let clear = FormPrompt.complete("clear to", session: session)
    #expect(clear.words == ["toppings"] && clear.start == 6)
    // a row named by a unique beginning, as the session finds it, then its options
    let plan = FormPrompt.complete("pla P", session: session)
    #expect(plan.words == ["Pro"] && plan.start == 4)
    let titled = FormPrompt.complete("your plan T", session: session)
    #expect(titled.words == ["Team"] && titled.start == 10)
    // a radio takes the whole text: no option begins "Free, Ch"
    #expect(FormPrompt.complete("3 Free, Ch", session: session).words == [])
    let multiple = FormPrompt.complete("toppings Cheese, Ch", session: session)
    #expect(multiple.words == ["Cheese", "Chives"] && multiple.start == "toppings Cheese, ".utf8.count)
    withExtendedLifetime(runtime) {}
  }

  @Test(arguments: [
    ("email a@b.co", true), ("password hunter2", false), ("pass hunter2", false), ("PASSWORD x", false),
    ("2 hunter2", false), ("secret pin 1234", false), ("pin 1234", false), ("clear password", true),
    ("password", true), ("show 2", true),
    // a value for a row that is none: a mistyped secure row's name may be
    ("pasword hunter2", false), ("passwrod hunter2", false), ("Passwort hunter2", false), ("emial a@b.co", false),
  ])
  func theHistoryNeverKeepsALineThatMaySetASecret(line: String, kept: Bool) throws {
    let (runtime, session) = try Self.session(.fill)
    #expect(FormPrompt.mayRemember(line, session: session, secretEditor: false, command: true) == kept)
    #expect(!FormPrompt.mayRemember("email x", session: session, secretEditor: true, command: true))
    withExtendedLifetime(runtime) {}
  }

  @Test func aLineHoldingASecretsValueIsNeverKept() throws {
    let (runtime, session) = try Self.session(.repl)
    _ = session.read("password s3cret-value")
    #expect(!FormPrompt.mayRemember("print('s3cret-value')", session: session, secretEditor: false, command: false))
    #expect(FormPrompt.mayRemember("print('other')", session: session, secretEditor: false, command: false))
    withExtendedLifetime(runtime) {}
  }

  @Test(arguments: ["plain", "tab\there", "back\\slash", "new\nline", "cr\rx", "\\t literal", ""])
  func historyLinesRoundTrip(line: String) {
    let escaped = HistoryFile.escape(line)
    #expect(!escaped.contains("\n") && !escaped.contains("\t") && !escaped.contains("\r"))
    #expect(HistoryFile.unescape(escaped) == line)
  }

  @Test func badHistoryEscapesAreRefused() {
    #expect(HistoryFile.unescape("a\\x") == nil)
    #expect(HistoryFile.unescape("trailing\\") == nil)
  }
}

/// The REPL's line handling, in the process: `:help` from the command table,
/// `:submit` through the output format.
struct ReplInProcessTests {
  final class Streams {
    var ui: [String] = []
    var out = ""
  }

  static func repl(_ output: any OutputFormat = OutputFormats.standard) throws -> (Repl, Streams) {
    let runtime = LuaRuntime()
    try runtime.load(source: PromptTests.source, name: "form.lua")
    let streams = Streams()
    let repl = Repl(
      runtime: runtime, session: Session(form: runtime.form, host: TestHost(), driver: .repl), ui: { streams.ui += $0 },
      out: {
        streams.out += $0
        return nil
      }, output: output)
    return (repl, streams)
  }

  @Test func helpListsTheReplsCommandsWithTheirColons() throws {
    let (repl, streams) = try Self.repl()
    #expect(repl.handle(":help") == nil)
    #expect(streams.ui.contains("    :submit, :s    check everything and submit the values"))
    #expect(streams.ui.contains { $0.hasPrefix("    :q ") })
    #expect(!streams.ui.contains { $0.contains(":next") })
    // only the commands that apply to the form, as fill's help: no row here may be deleted or moved
    #expect(streams.ui.contains { $0.hasPrefix("    :clear N ") })
    for absent in [":do", ":delete", ":move", ":insert", ":detail"] {
      #expect(!streams.ui.contains { $0.hasPrefix("    " + absent + " ") }, "\(absent) listed")
    }
    streams.ui = []
    _ = repl.handle(":next")
    #expect(streams.ui.contains { $0.contains("unknown command or item 'next'") })
  }

  @Test func submitWritesTheChosenFormat() throws {
    let (repl, streams) = try Self.repl(ShellOutput())
    _ = repl.handle(":email a@b.co")
    #expect(repl.handle(":submit") == .submitted)
    #expect(streams.out.hasPrefix("email='a@b.co'\n"))
    let (json, jsonStreams) = try Self.repl()
    #expect(json.handle(":s") == .submitted)
    #expect(jsonStreams.out.hasPrefix("{\"email\":null"))
  }
}
