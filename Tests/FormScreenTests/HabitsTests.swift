import FormCore
import FormSession
import FormTerminal
import Foundation
import TestSupport
import Testing

@testable import FormScreen

/// The habits a user of huh, questionary or a form in a window brings:
/// Enter moves on, typing replaces, handlers' output has a place, a
/// placeholder never looks like a value, what is needed while typing stays
/// in view, paths complete, nothing typed is lost.
struct HabitsTests {
  /// A support ticket: a subject, a severity, steps (a long text), a due date, an optional note.
  static let ticket = """
    form.title = "Open a ticket"
    local s = form:section{ header = "Ticket" }
    s:text{ name = "subject", title = "Subject", placeholder = "What broke?", required = true,
            description = "One line; the details go in Steps." }
    s:radio{ name = "severity", title = "Severity", options = { "Low", "Normal", "Urgent" } }
    s:longtext{ name = "steps", title = "Steps" }
    s:date{ name = "due", title = "Due", min = "2020-01-01", max = "2030-12-31" }
    s:number{ name = "hours", title = "Hours", min = 1, max = 40 }
    """

  static func row(_ h: ScreenHarness, _ title: String) -> String {
    h.frame.first { $0.dropFirst(2).hasPrefix(title) } ?? ""
  }

  @Test func enterTakesAValueAndGoesOnAsTabDoesShiftTabGoesBackAndTheLastRowGoesToSubmit() {
    let h = ScreenHarness(Self.ticket, columns: 70, rows: 24)
    h.press("Printer jams", "enter")
    #expect(h.value("subject") == .string("Printer jams"))
    #expect(h.screen.focusItem?.name == "severity", "Enter went on to the next row")
    // Enter on a row at rest opens it; Enter in the list chooses and goes on
    h.press("enter", "down", "down", "enter")
    #expect(h.value("severity") == .string("Urgent"))
    #expect(h.screen.focusItem?.name == "steps")
    // Shift-Tab in an editor takes what is typed and goes back
    h.press("down", "enter", "2024-05-06", "shift-tab")
    #expect(h.value("due") == .string("2024-05-06"))
    #expect(h.screen.focusItem?.name == "steps" && h.screen.editor == nil)
    // on the last row Enter goes on to Submit
    h.press("end", "up", "enter", "8", "enter")
    #expect(h.value("hours") == .int(8))
    #expect(h.screen.focusItem == nil, "the Submit stop has the focus")
    h.press("enter")
    #expect(h.ending != nil)
  }

  @Test func inALongTextEnterIsANewLineAndTheKeyHelpSaysWhatLeaves() {
    let h = ScreenHarness(Self.ticket, columns: 100, rows: 24)
    h.press("/", "steps", "enter", "enter", "Turn it on", "enter", "Print a page")
    #expect(h.screen.editor != nil, "Enter is a new line in a long text")
    let help = h.frame.last ?? ""
    #expect(
      help.contains("Enter new line") && help.contains("Tab next row") && help.contains("Ctrl-S accept"), "\(help)")
    #expect(help.components(separatedBy: "Ctrl-S").count == 2, "Ctrl-S said once: \(help)")
    h.press("tab")
    #expect(h.value("steps") == .string("Turn it on\nPrint a page"))
    #expect(h.screen.focusItem?.name == "due", "Tab takes the text and goes on")
  }

  @Test func typingOnAFilledRowReplacesItsValueAndF2EditsInPlace() {
    let h = ScreenHarness(
      "local s = form:section{}\ns:date{ name = 'born', title = 'Born', value = '1990-12-03' }\ns:text{ name = 'x', title = 'X' }"
    )
    h.press("March 12 1990", "enter")
    #expect(h.value("born") == .string("1990-03-12"), "typed on a filled row: the value replaced, not added to")
    // Enter opens with the value selected: typing replaces it
    h.press("up", "enter")
    h.press("2001-02-03", "enter")
    #expect(h.value("born") == .string("2001-02-03"))
    // F2: the cursor at the value's end, nothing selected
    h.press("up", "f2", "backspace", "4", "enter")
    #expect(h.value("born") == .string("2001-02-04"))
  }

  @Test func aRefusedTextStaysSelectedSoTypingReplacesIt() {
    let h = ScreenHarness(Self.ticket, columns: 70, rows: 24)
    h.press("/", "hours", "enter", "enter", "99", "enter")
    #expect(h.screen.editor != nil)
    #expect(h.terminal.screen.markedLines.contains { $0.hasSuffix("[99]") }, "\(h.terminal.screen.markedLines)")
    h.press("12", "enter")
    #expect(h.value("hours") == .int(12), "the refused 99 was replaced, not added to")
  }

  @Test func whatHandlersPrintGoesToTheStatusLineAndALogCtrlOShowsNeverIntoTheRows() {
    let h = ScreenHarness(
      """
      local s = form:section{}
      s:text{ name = "city", title = "City", on_change = function(item) print("looked up", item.value) end }
      s:text{ name = "zip", title = "Zip", on_change = function(item) print("zip is", item.value) end }
      """, columns: 60, rows: 12)
    h.press("Lyon", "enter", "69001", "enter")
    #expect(h.shown == ["$ formrun form.lua"] + h.frame, "the terminal is the frame")
    #expect(h.frame.contains("  City  Lyon") && h.frame.contains("  Zip   69001"), "\(h.frame)")
    #expect(h.frame.contains { $0.hasPrefix("zip is") }, "the last line printed on the status line: \(h.frame)")
    h.press("ctrl-o")
    #expect(h.frame.contains { $0.contains("looked up") && $0.contains("Lyon") }, "\(h.frame)")
    #expect(h.frame.contains { $0.contains("zip is") && $0.contains("69001") })
    h.press("x")
    #expect(h.frame.contains("  City  Lyon"), "any key goes back to the form")
    #expect(h.value("city") == .string("Lyon"))
  }

  @Test func withoutColourAPlaceholderIsDimAndItalicFocusedOrNot() throws {
    let h = ScreenHarness(Self.ticket, columns: 70, rows: 24)
    let screen = Screen(session: h.engine, size: TerminalSize(columns: 70, rows: 24), color: false)
    let focused = try #require(screen.frame().lines.map(\.text).first { $0.contains("What broke?") })
    #expect(focused.contains("\u{1B}[2;3mWhat broke?"), "\(focused.debugDescription)")
    screen.handle(Key(.down))
    let rest = try #require(screen.frame().lines.map(\.text).first { $0.contains("What broke?") })
    #expect(rest.contains("\u{1B}[2;3mWhat broke?\u{1B}[0m"), "\(rest.debugDescription)")
  }

  @Test func whileTypingTheDescriptionStaysAboveTheHintAndBoundsAreSaidOnce() {
    let h = ScreenHarness(Self.ticket, columns: 100, rows: 24)
    h.press("enter")
    let at = h.frame.firstIndex { $0.hasPrefix("› Subject") } ?? 0
    #expect(h.frame[at + 1].contains("One line; the details go in Steps."), "\(h.frame)")
    #expect(h.frame[at + 2].contains("one line of text"), "\(h.frame)")
    h.press("esc")
    h.press("/", "due", "enter", "enter")
    let hint = h.frame.first { $0.contains("2020-01-01") } ?? ""
    #expect(hint.components(separatedBy: "2020-01-01").count == 2, "the bounds said once: \(hint)")
    #expect(!hint.hasSuffix("…"))
  }

  @Test func anErrorTooLongForTheWidthWrapsUnderTheRowAndCtrlRShowsTheRowInFull() {
    let h = ScreenHarness(
      """
      local s = form:section{}
      s:text{ name = "code", title = "Code", description = "Six letters from the back of the box.\\nAsk the shop if it is worn off.",
              validate = function(item) if item.value ~= "ABCDEF" then
                return "the code is printed under the barcode on the back of the box, six capital letters" end end }
      s:text{ name = "other", title = "Other" }
      """, columns: 40, rows: 20)
    h.press("xyz", "enter")
    let wrapped = h.frame.drop { !$0.hasPrefix("    ! ") }.prefix { $0.hasPrefix("    ") }
    #expect(wrapped.count >= 3, "\(h.frame)")
    #expect(!h.frame.contains { $0.hasSuffix("…") }, "nothing cut: \(h.frame)")
    #expect(wrapped.joined(separator: " ").contains("six capital letters"))
    h.press("ctrl-r")
    let full = h.frame.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(full.contains("Six letters from the back of the box.") && full.contains("Ask the shop if it is worn off."))
    #expect(full.contains("six capital letters"), "\(h.frame)")
    #expect(h.frame.contains { $0.contains("Press any key") })
    h.press("z")
    #expect(h.screen.editor != nil, "back to the editor")
  }

  @Test func aPathRowCompletesWithTabAndPicksFromItsFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formrun-picker-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
    for name in ["invoice.pdf", "notes.txt", "reports/q1.pdf", "reports/q2.pdf", "bad\u{1B}[2Jname.pdf"] {
      FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("x".utf8))
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let h = ScreenHarness(
      "local s = form:section{}\ns:file{ name = 'doc', title = 'Document', base = '\(folder.path)', extensions = { 'pdf' } }",
      columns: 60, rows: 20)
    h.press("enter")
    // the picker: folders first, only the endings the row takes, names made safe to show
    #expect(h.frame.contains("    reports/") && h.frame.contains("    invoice.pdf"), "\(h.frame)")
    #expect(!h.frame.contains { $0.contains("notes.txt") })
    #expect(h.frame.contains("    bad\\e[2Jname.pdf"), "\(h.frame)")
    // Tab completes as far as the entries agree
    h.press("inv", "tab")
    #expect(h.frame.contains { $0.hasPrefix("› Document") && $0.hasSuffix("invoice.pdf") }, "\(h.frame)")
    h.press("ctrl-u", "rep", "tab")
    #expect(h.frame.contains { $0.hasSuffix("reports/") }, "a folder completes with its /: \(h.frame)")
    // ↓ picks, Enter takes a file
    h.press("down", "down", "enter")
    #expect(h.value("doc") == .string("reports/q2.pdf"))
    // typing filters; Enter on a folder enters it
    h.press("up", "enter", "ctrl-u", "rpt", "down", "enter")
    #expect(h.screen.editor != nil && h.frame.contains("    q1.pdf"), "\(h.frame)")
  }

  @Test func aCardRowShowsBrandLastFourAndExpiryAndItsLuhnErrorIsAtTheNumber() {
    let h = ScreenHarness(
      "local s = form:section{}\ns:creditcard{ name = 'card', title = 'Card' }", columns: 60, rows: 16)
    h.press("enter", "5555555555554443", "tab", "1129", "tab", "321", "enter")
    #expect(h.frame.contains { $0.contains("is not a valid card number") }, "\(h.frame)")
    #expect(h.frame.contains { $0.hasPrefix("  › card number") }, "the cursor back in the number: \(h.frame)")
    h.press("backspace", "4")
    #expect(!h.frame.contains { $0.contains("is not a valid card number") }, "the stale error went: \(h.frame)")
    h.press("enter", "enter", "enter")
    #expect(h.frame.contains("  Card  MasterCard •••• 4444  11/29"), "\(h.frame)")
    #expect(!h.frame.joined().contains("5555555555554444"))
  }

  /// Tab past a card's last field (Shift-Tab before its first) takes the
  /// card and moves on, as on any row; a Luhn refusal then puts the cursor
  /// in the number with its error (never shown while in the security code).
  @Test func tabPastACardsEndsTakesItAndMovesOn() {
    let form =
      "local s = form:section{}\ns:text{ name = 'a', title = 'Before' }\n"
      + "s:creditcard{ name = 'card', title = 'Card' }\ns:text{ name = 'b', title = 'After' }"
    let h = ScreenHarness(form, columns: 60, rows: 16)
    h.press("down", "enter", "4000056655665556", "tab", "0731", "tab", "987")
    #expect(!h.frame.contains { $0.contains("not a valid") }, "\(h.frame)")
    h.press("tab")
    #expect(h.screen.editor == nil && h.screen.focusItem?.label == "After", "\(h.frame)")
    #expect(h.value("card")?["cvv"] == .string("987"))
    h.press("up", "enter", "shift-tab")
    #expect(h.screen.editor == nil && h.screen.focusItem?.label == "Before", "\(h.frame)")
    // a bad number: Tab on the last field is refused at the number
    h.press("down", "enter", "ctrl-u", "4000056655665557", "tab", "tab", "tab")
    #expect(h.frame.contains { $0.contains("is not a valid card number") }, "\(h.frame)")
    #expect(h.frame.contains { $0.hasPrefix("  › card number") }, "\(h.frame)")
  }

  @Test func textOpenInAnEditorCountsAsAChangeAndIsKeptWhenTheFormIsLeft() {
    let h = ScreenHarness(Self.ticket, columns: 70, rows: 24)
    h.press("/", "steps", "enter", "enter", "Unplug it", "enter", "Plug it back")
    h.play([.interrupt])
    #expect(h.frame.contains { $0.hasPrefix("Discard 1 changed value? [y/N]") }, "\(h.frame)")
    h.press("n")
    #expect(h.screen.editor != nil, "no: the editor and its text are as they were")
    h.press("ctrl-c", "y")
    #expect(h.ending == .interrupted)
    #expect(h.value("steps") == .string("Unplug it\nPlug it back"), "the text went into the value (and a draft)")
  }

  /// Esc and Ctrl-D with text typed in an editor ask as Ctrl-C does (the
  /// same question, the editor's text counted); with nothing typed Esc only
  /// leaves the editor, and Ctrl-D deletes what is under the cursor.
  @Test(arguments: ["esc", "ctrl-d"])
  func escAndCtrlDWithTextTypedInAnEditorAskBeforeDiscarding(key: String) {
    let h = ScreenHarness(Self.ticket, columns: 70, rows: 24)
    h.press("Printer on fire")
    #expect(h.screen.editor != nil)
    h.press(key)
    #expect(h.frame.contains { $0.hasPrefix("Discard 1 changed value? [y/N]") }, "\(key): \(h.frame)")
    h.press("n")
    #expect(h.ending == nil)
    #expect(h.screen.editor != nil, "\(key), no: the editor and its text are as they were")
    #expect(Self.row(h, "Subject").hasSuffix("Printer on fire"), "\(h.frame)")
    h.press(key)
    h.press("y")
    #expect(h.ending == (key == "esc" ? .cancelled : .inputEnded))
    if key == "ctrl-d" {
      #expect(h.value("subject") == .string("Printer on fire"), "the text went into the value (and a draft)")
    }
  }

  @Test func escWithNothingTypedLeavesTheEditorAndCtrlDDeletesUnderTheCursor() {
    let h = ScreenHarness(Self.ticket, columns: 70, rows: 24)
    h.press("enter", "esc")
    #expect(h.screen.editor == nil && h.ending == nil, "nothing typed: Esc leaves the editor only")
    h.press("Paper jam", "home", "ctrl-d")
    #expect(h.screen.editor != nil && !h.frame.contains { $0.hasPrefix("Discard") }, "\(h.frame)")
    h.press("enter")
    #expect(h.value("subject") == .string("aper jam"))
    // a value a validator refuses is taken, the editor open on it: nothing would be lost
    let v = ScreenHarness(
      """
      local s = form:section{}
      s:text{ name = "code", title = "Code", validate = function(i) if #i.value < 4 then return "too short" end end }
      """)
    v.press("ab", "enter")
    #expect(v.screen.editor != nil && v.value("code") == .string("ab"), "\(v.frame)")
    v.press("esc")
    #expect(v.screen.editor == nil && v.ending == nil, "\(v.frame)")
  }

  @Test func aPasteOfOneLineWithItsLineBreakTakesTheLine() {
    let h = ScreenHarness(Self.ticket, columns: 70, rows: 24)
    h.play([.bytes(Key(.enter).bytes), .bytes(Key(.paste("Scanner offline\r\n")).bytes), .bytes(Key(.enter).bytes)])
    #expect(h.value("subject") == .string("Scanner offline"))
  }

  @Test func bytesThatAreNotUTF8AreRefusedNeverTakenAsAReplacementCharacter() {
    let h = ScreenHarness(Self.ticket, columns: 70, rows: 24)
    h.play([.bytes([0x41, 0xFF])])
    #expect(h.frame.contains { $0.contains("not valid UTF-8") }, "\(h.frame)")
    h.press("BC", "enter")
    #expect(h.value("subject") == .string("ABC"))
    #expect(h.value("subject")?.string?.unicodeScalars.contains("\u{FFFD}") == false)
  }
}
