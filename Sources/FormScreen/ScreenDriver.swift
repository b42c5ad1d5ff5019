import FormCore
import FormSession
import FormTerminal

/// The screen mode without a terminal, for tests a form author writes
/// (`formrun.open(path, { screen = true })`, then `s:press(…)` and
/// `s:screen()`): keys by name go to the screen as a person's would, and
/// the screen is read as plain text, as the terminal would show it.
public final class ScreenDriver {
  /// The screen driven.
  public let screen: Screen

  /// A screen on `engine`'s form, `width` by `height` (60 by 20 by default).
  public init(session engine: Engine, width: Int? = nil, height: Int? = nil) {
    screen = Screen(session: engine, size: TerminalSize(columns: width ?? 60, rows: height ?? 20))
  }

  /// Why `press` did not take a key.
  public struct Refused: Error, Equatable {
    /// What to tell the test's author.
    public var message: String
  }

  /// Press keys: each is a key's name (`down`, `enter`, `space`, `tab`,
  /// `shift-tab`, `esc`, `backspace`, `ctrl-s`, `alt-b`, `f2`…) or text,
  /// typed a character at a time. `ctrl-c` is Ctrl-C as the terminal sends it.
  public func press(_ keys: [String]) throws(Refused) {
    for name in keys {
      guard screen.ending == nil else {
        throw Refused(message: "the screen has ended (\(ending ?? "")); '\(name)' was not pressed")
      }
      if name.isEmpty { throw Refused(message: "an empty key name") }
      if let key = Key(name: name), name.count > 1 || key.code != .char(Character(name)) {
        if key == Key.ctrl("c") { screen.interrupt() } else { screen.handle(key) }
        continue
      }
      for c in name { screen.handle(Key(.char(c))) }
    }
  }

  /// What the terminal shows now: the frame's lines, right ends trimmed.
  public var text: [String] {
    screen.frame().plainLines.map { line in
      var l = line
      while l.last == " " { l.removeLast() }
      return l
    }
  }

  /// How the screen ended, in a word (`submitted`, `cancelled`, `interrupted`, `input ended`); nil while it runs.
  public var ending: String? {
    switch screen.ending {
    case .submitted: return "submitted"
    case .cancelled: return "cancelled"
    case .interrupted: return "interrupted"
    case .inputEnded: return "input ended"
    case nil: return nil
    }
  }
}
