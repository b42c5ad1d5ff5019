import FormCore
import FormLua
import FormSession
import FormTerminal
import TestSupport
import Testing

@testable import FormScreen

/// A screen-mode form run in-process: the form built from Lua, keys typed
/// through a scripted terminal, what the mode wrote interpreted by a
/// virtual screen (so a test compares what a person would see).
final class ScreenHarness {
  let runtime: LuaRuntime
  let engine: Engine
  let terminal: ScriptedTerminal
  let screen: Screen
  let runner: ScreenRunner
  var ending: Screen.Ending?

  init(_ source: String, columns: Int = 60, rows: Int = 20, prompt: String? = "$ formrun form.lua") {
    runtime = LuaRuntime()
    do {
      try runtime.load(source: source, name: "form.lua")
    } catch {
      Issue.record("the form did not load: \(error.message)")
    }
    engine = Engine(form: runtime.form, host: ScreenHost())
    terminal = ScriptedTerminal(columns: columns, rows: rows)
    // what the shell showed before formrun started
    if let prompt { terminal.screen.feed(prompt + "\n") }
    screen = Screen(session: engine, size: TerminalSize(columns: columns, rows: rows))
    runner = ScreenRunner(screen: screen, device: terminal, escapeWait: 5)
    runner.spinnerDelay = nil
    runner.start()
  }

  /// Keys by name (`down`, `enter`, `ctrl-s`…); anything else is typed as text.
  static func steps(_ names: [String]) -> [ScriptedTerminal.Step] {
    names.map { name in
      if let key = Key(name: name) { return .bytes(key.bytes) }
      return ScriptedTerminal.typed(name)
    }
  }

  /// Type keys and let the screen take them all.
  @discardableResult
  func press(_ names: String...) -> ScreenHarness { play(Self.steps(names)) }

  /// Play steps (keys, pauses, Ctrl-C, a resize) through the runner.
  @discardableResult
  func play(_ steps: [ScriptedTerminal.Step]) -> ScreenHarness {
    terminal.steps += steps
    while ending == nil, !terminal.steps.isEmpty || runner.keys.hasPending {
      guard let event = runner.keys.next() else { continue }
      runner.step(event)
      if screen.ending != nil { ending = runner.finish() }
    }
    return self
  }

  /// The input ends (the terminal went away).
  func endInput() {
    guard ending == nil else { return }
    runner.step(.end)
    ending = runner.finish()
  }

  /// The terminal's lines, trimmed, blank ones at the end left out.
  var shown: [String] { terminal.screen.shown }

  /// The frame's own lines, trimmed (what `s:screen()` gives).
  var frame: [String] { screen.frame().plainLines.map { String($0.reversed().drop { $0 == " " }.reversed()) } }

  func value(_ name: String) -> Value? { runtime.form.find(name)?.value }
}
