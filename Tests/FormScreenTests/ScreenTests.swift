import FormCore
import FormTerminal
import TestSupport
import Testing

@testable import FormScreen

/// The screen mode in-process: keys through a scripted terminal, the screen
/// as a virtual terminal shows what the mode wrote, compared with golden
/// screens (`__snapshots__`, reverse video between `[` and `]`).
struct ScreenTests {
  @Test func aSignupFilledWithArrowsEnterAndSpace() {
    let h = ScreenHarness(Forms.signup, columns: 60, rows: 20)
    assertSnapshot(h.terminal.screen.markedLines, named: "signup-start")
    h.press("down", "down", "enter")
    assertSnapshot(h.terminal.screen.markedLines, named: "signup-radio-open")
    // Enter chooses and goes on to the next row, as Tab does
    h.press("down", "down", "enter")
    #expect(h.value("plan") == .string("Plus"))
    #expect(h.screen.focusItem?.name == "topics")
    h.press("enter", "space", "down", "down", "space")
    assertSnapshot(h.terminal.screen.markedLines, named: "signup-multiple-two-ticked")
    h.press("enter")
    #expect(h.value("topics") == .list([.string("Lua"), .string("Go")]))
    #expect(h.screen.focusItem?.name == "newsletter")
    h.press("up", "up", "up", "up", "enter", "ada@example", "enter")
    // refused: the text stays, selected (typing replaces it; End edits it in place)
    assertSnapshot(h.terminal.screen.markedLines, named: "signup-email-refused")
    h.press(
      "end", ".com", "enter", "enter", "hunter22x", "enter", "down", "down", "down", "enter", "1990-03-12", "enter")
    #expect(h.screen.focusItem == nil, "Enter on the last row goes on to Submit")
    h.press("enter")
    #expect(
      h.ending
        == .submitted([
          .init("email", .string("ada@example.com")), .init("password", .string("hunter22x")),
          .init("plan", .string("Plus")), .init("topics", .list([.string("Lua"), .string("Go")])),
          .init("newsletter", .bool(false)), .init("birthday", .string("1990-03-12")),
        ]))
    // the form left once in the scrollback, with how it ended
    assertSnapshot(h.terminal.screen.transcript, named: "signup-submitted")
    #expect(h.terminal.screen.cursorVisible)
    #expect(!h.terminal.screen.bracketedPaste)
    #expect(h.terminal.screen.unknown.isEmpty, "\(h.terminal.screen.unknown)")
  }

  /// Whatever keys come, the terminal shows the frame the screen means.
  @Test func theTerminalShowsEachFrameAfterAnyKeys() throws {
    var rng = SplitMix(seed: 11)
    let keys = [
      "down", "up", "enter", "esc", "space", "tab", "shift-tab", "pgdn", "pgup", "left", "right", "a", "7",
      "backspace", "home", "end", "?", "ctrl-u", "/", "n",
    ]
    let h = ScreenHarness(Controls.source, columns: 50, rows: 14)
    for step in 0..<300 {
      let key = keys[Int(rng.next() % UInt64(keys.count))]
      h.press(key)
      if h.ending != nil { break }
      let frame = h.frame
      let screen = h.terminal.screen
      let top = screen.rows - frame.count
      let shown = (0..<frame.count).map { screen.line(top + $0) }
      #expect(shown == frame, "after step \(step) (\(key))")
      if shown != frame { return }
    }
    #expect(h.terminal.screen.unknown.isEmpty, "\(h.terminal.screen.unknown)")
  }

  @Test func whatHandlersPrintKeepsTheTerminalEqualToTheFrame() {
    let h = ScreenHarness(
      """
      local s = form:section{}
      s:text{ name = "a", title = "A", on_change = function(item) print("now", item.value, "\\27[2J") end }
      s:text{ name = "b", title = "B", on_change = function() error("no good") end }
      s:text{ name = "c", title = "C" }
      """, columns: 60, rows: 12)
    func terminalIsTheFrame(_ when: String) {
      // the form drawn inline below the shell's prompt
      #expect(h.shown == ["$ formrun form.lua"] + h.frame, "\(when)")
    }
    // print's tabs are spaces to the next stop of 8; its escape is shown, not sent
    h.press("enter", "x", "enter")
    terminalIsTheFrame("after a print with tabs")
    #expect(h.frame.contains("now     x       \\e[2J"), "\(h.frame)")
    // a handler's error says its message, not the traceback's last line (Enter went on to B)
    h.press("enter", "y", "enter")
    terminalIsTheFrame("after a handler's error")
    #expect(h.frame.contains { $0.contains("no good") }, "\(h.frame)")
    #expect(!h.frame.contains { $0.contains("in function") }, "\(h.frame)")
    h.press("enter", "z", "enter")
    terminalIsTheFrame("after the status line changed back")
  }

  @Test func theFocusSkipsHiddenAndDisabledRowsAndHeaders() {
    let h = ScreenHarness(
      """
      local s = form:section{ header = "One" }
      s:text{ name = "a", title = "A" }
      s:text{ name = "b", title = "B", hidden = true }
      s:text{ name = "c", title = "C", enabled = false }
      local t = form:section{ header = "Two" }
      t:text{ name = "d", title = "D" }
      """)
    h.press("down")
    #expect(h.screen.focusItem?.name == "d")
    h.press("down")
    #expect(h.screen.focusItem == nil, "the Submit line")
    h.press("up", "up")
    #expect(h.screen.focusItem?.name == "a")
  }

  @Test func aRowThatAppearsDoesNotMoveTheFocus() {
    let h = ScreenHarness(
      """
      local s = form:section{}
      s:radio{ name = "country", title = "Country", options = { "Canada", "United States" },
               on_change = function(item) form:find("state").hidden = item.value ~= "United States" end }
      s:text{ name = "state", title = "State", hidden = true }
      s:text{ name = "city", title = "City" }
      """)
    h.press("down")
    #expect(h.screen.focusItem?.name == "city")
    // Space chooses and stays
    h.press("up", "enter", "down", "space")
    #expect(h.value("country") == .string("United States"))
    #expect(h.screen.focusItem?.name == "country")
    h.press("down")
    #expect(h.screen.focusItem?.name == "state", "the row that appeared is next")
  }

  @Test func escInAnEditorWithNothingTypedLeavesTheValueUnchanged() {
    let h = ScreenHarness(Forms.signup)
    h.press("enter", "ada@club.org", "enter", "up", "enter", "esc")
    #expect(h.value("email") == .string("ada@club.org"))
    #expect(h.screen.editor == nil)
    // typed, then typed back as it was: nothing would be lost, nothing asked
    h.press("enter", "other", "ctrl-u", "ada@club.org", "esc")
    #expect(h.screen.editor == nil && h.ending == nil)
    #expect(h.value("email") == .string("ada@club.org"))
  }

  @Test func leavingAsksWhenValuesChangedAndNoKeepsThem() {
    let h = ScreenHarness(Forms.signup)
    h.press("enter", "ada@club.org", "enter")
    h.press("esc")
    #expect(h.frame.contains("Discard 1 changed value? [y/N]"))
    h.press("n")
    #expect(h.ending == nil)
    #expect(h.value("email") == .string("ada@club.org"))
    h.press("ctrl-d")
    #expect(h.frame.contains("Discard 1 changed value? [y/N]"))
    h.press("y")
    #expect(h.ending == .inputEnded)
    // nothing changed: Esc ends at once, as a cancel
    let plain = ScreenHarness(Forms.signup)
    plain.press("esc")
    #expect(plain.ending == .cancelled)
  }

  @Test func ctrlCAsksAndASecondCtrlCIsAYes() {
    let h = ScreenHarness(Forms.signup)
    h.press("enter", "x@y.zz", "enter")
    h.play([.interrupt])
    #expect(h.frame.contains("Discard 1 changed value? [y/N]"))
    h.play([.interrupt])
    #expect(h.ending == .interrupted)
  }

  @Test func aRefusedSubmitFocusesTheFirstInvalidRowAndShowsEveryError() {
    let h = ScreenHarness(Forms.signup)
    h.press("down", "down", "down", "ctrl-s")
    #expect(h.ending == nil)
    #expect(h.screen.focusItem?.name == "email")
    let text = h.frame.joined(separator: "\n")
    #expect(text.contains("Not submitted: 5 rows need a fix."), "\(text)")
    #expect(text.contains("! Email can't be blank."), "\(text)")
    #expect(text.contains("! Birthday can't be blank."), "\(text)")
  }

  @Test func theHelpLineFitsTheWidthAndQuestionMarkListsEveryKey() {
    for width in [40, 60, 100] {
      let h = ScreenHarness(Forms.signup, columns: width, rows: 20)
      let help = h.frame.last ?? ""
      #expect(Cells.width(help) < width, "\(width): \(help)")
      #expect(help.hasSuffix("? all keys"), "\(width): \(help)")
    }
    let h = ScreenHarness(Forms.signup, columns: 80, rows: 30)
    h.press("?")
    assertSnapshot(h.frame, named: "help")
    h.press("x")
    #expect(h.frame.first == "Join the club")
  }

  @Test func slashThenTextJumpsToARowByTitle() {
    let h = ScreenHarness(Forms.signup)
    h.press("/", "bir")
    #expect(h.screen.focusItem?.name == "birthday")
    h.press("enter")
    #expect(h.screen.search == nil)
    h.press("/", "tpc", "esc")
    #expect(h.screen.focusItem?.name == "topics", "a fuzzy match when no title begins so")
  }

  @Test func aTallFormScrollsWithTheFocusAndKeepsTheChromeInView() {
    let rows = (1...40).map { "s:text{ name = 'f\($0)', title = 'Field \($0)' }" }.joined(separator: "\n")
    let h = ScreenHarness("local s = form:section{ header = 'Long' }\n" + rows, columns: 40, rows: 10)
    #expect(h.shown.count <= 10)
    #expect(h.frame.contains { $0.contains("more below") })
    for _ in 0..<20 { h.press("down") }
    let shown = h.terminal.screen.lines
    #expect(shown.contains { $0.hasPrefix("› Field 21") }, "\(shown)")
    #expect(!shown.contains { $0.hasPrefix("  Field 1 ") || $0 == "  Field 1" })
    #expect(shown.last?.hasSuffix("? all keys") == true)
  }

  @Test func aResizeDrawsAgainAtTheNewSize() {
    let h = ScreenHarness(Forms.signup, columns: 80, rows: 20)
    h.play([.resize(columns: 40, rows: 20)])
    let lines = h.terminal.screen.lines
    #expect(lines.allSatisfy { Cells.width($0) < 40 })
    #expect(lines.filter { $0 == "Join the club" }.count == 1, "\(lines)")
  }
}
