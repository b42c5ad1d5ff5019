import FormCore
import FormTerminal
import TestSupport
import Testing

@testable import FormScreen

/// Long rows wrap on the screen, and rows carry their own style.
struct RowLookTests {
  static let long = """
    form.title = "Long"
    local s = form:section{ header = "A header long enough that it cannot sit on one line of this screen" }
    s:text{ name = "a", title = "A title that is long", value = "a value long enough to wrap onto a second and a third line here" }
    s:text{ name = "b", title = "Next", value = "short" }
    for i = 1, 6 do
      s:text{ name = "r" .. i, title = "Row " .. i, value = string.rep("word" .. i .. " ", 12) }
    end
    local cut = form:section{ header = "Cut", style = { wrap = false } }
    cut:text{ name = "z", title = "Zed", value = "a value long enough to wrap onto a second and a third line here" }
    """

  @Test func aLongValueWrapsUnderItsColumnAndTheFocusSpansItsLines() {
    let h = ScreenHarness(Self.long, columns: 40, rows: 50)
    let shown = h.terminal.screen.markedLines
    // the title column is the section's widest title, at most a third: 13 cells
    let at = shown.firstIndex { $0.contains("A title that") }
    #expect(at != nil, "\(shown)")
    guard let at else { return }
    #expect(shown[at].hasPrefix("[› A title that"), "\(shown)")
    #expect(shown[at + 1].hasPrefix("[  is long"), "the focus's reverse video spans the continuation: \(shown)")
    let values = shown[at...(at + 2)].map { String($0.dropFirst(1 + 2 + 13 + 2).filter { $0 != "]" }) }
    #expect(values.joined(separator: " ").contains("a value long enough to wrap onto a second and a third line here"))
    #expect(shown[at + 3].contains("Next"), "\(shown)")
    // the header wraps too
    #expect(
      shown.contains { $0.hasPrefix("A header long enough") }
        && shown.contains { $0 == "screen" || $0.hasSuffix(" screen") })
    // a style with wrap = false keeps one line, cut with …
    #expect(shown.contains { $0.contains("Zed") && $0.hasSuffix("…") }, "\(shown)")
  }

  @Test func theFocusStaysInViewAmongTallRows() {
    let h = ScreenHarness(Self.long, columns: 40, rows: 8)
    for step in 0..<9 {
      let frame = h.frame
      #expect(
        frame.contains { $0.hasPrefix("› ") } || frame.contains { $0.contains("[ Submit ]") }, "step \(step): \(frame)")
      // each row's lines stay together under the focus
      if let f = frame.firstIndex(where: { $0.hasPrefix("› Row") }) {
        #expect(f + 1 < frame.count - 2, "the focused row's continuation is in view at step \(step): \(frame)")
      }
      h.press("down")
    }
    h.press("up", "up", "up")
    #expect(h.frame.contains { $0.hasPrefix("› Row") }, "\(h.frame)")
  }

  @Test func editingAWrappedRowShowsTheEditorOnItsFirstLine() {
    let h = ScreenHarness(Self.long, columns: 40, rows: 30)
    h.press("enter", "ctrl-u", "now short", "enter")
    #expect(h.value("a") == .string("now short"))
    let shown = h.frame
    let at = shown.firstIndex { $0.contains("A title that") }!
    #expect(shown[at].hasSuffix("now short"))
    #expect(shown[at + 1].trimmingCharacters(in: .whitespaces) == "is long", "\(shown)")
    #expect(shown[at + 2].contains("Next"), "the row is two lines now: \(shown)")
  }

  static let styled = """
    local s = form:section("S")
    s:text{ name = "first", title = "First", value = "one" }
    s:text{ name = "alert", title = "Alert", value = "on fire", style = { color = "red", bold = true } }
    s:text{ name = "aside", title = "Aside", value = "quiet", style = { dim = true, align = "right" } }
    """

  static func screen(_ source: String, color: Bool) throws -> Screen {
    let h = ScreenHarness(source, columns: 40, rows: 12)
    return Screen(session: h.engine, size: TerminalSize(columns: 40, rows: 12), color: color)
  }

  @Test func aRowsStyleOnTheScreenAndTheFocusStaysReadable() throws {
    let screen = try Self.screen(Self.styled, color: true)
    var lines = screen.frame().lines.map(\.text)
    let alert = try #require(lines.first { $0.contains("Alert") })
    #expect(
      alert.contains("\u{1B}[1;31mAlert\u{1B}[0m") && alert.contains("\u{1B}[1;31mon fire\u{1B}[0m"),
      "\(alert.debugDescription)")
    let aside = try #require(screen.frame().plainLines.first { $0.contains("Aside") })
    #expect(aside.trimmingCharacters(in: .whitespaces).hasSuffix("quiet") && aside.hasSuffix("quiet"), "\(aside)")
    // focused: reverse video over the whole row, its bold kept, no colour in the bar
    screen.handle(Key(.down))
    lines = screen.frame().lines.map(\.text)
    let focused = try #require(lines.first { $0.contains("Alert") })
    #expect(focused.hasPrefix("\u{1B}[7m› "), "\(focused.debugDescription)")
    #expect(focused.contains("\u{1B}[1mAlert\u{1B}[22m") && !focused.contains("31m"), "\(focused.debugDescription)")
    // NO_COLOR (no colour): bold and dim stay, red goes
    let plain = try Self.screen(Self.styled, color: false)
    let text = plain.frame().lines.map(\.text).joined(separator: "\n")
    #expect(
      text.contains("\u{1B}[1mAlert\u{1B}[0m") && text.contains("\u{1B}[2mAside\u{1B}[0m"), "\(text.debugDescription)")
    #expect(!text.contains("31m"))
  }
}
