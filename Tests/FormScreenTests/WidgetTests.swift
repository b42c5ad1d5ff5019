import FormCore
import FormSession
import FormTerminal
import TestSupport
import Testing

@testable import FormScreen

/// Each shape of value edited in place (the controls example has a row of every kind).
struct WidgetTests {
  static func controls() -> ScreenHarness { ScreenHarness(Controls.source, columns: 70, rows: 40) }

  /// Focus the row titled `title` (by `/`).
  static func go(_ h: ScreenHarness, _ title: String) {
    h.press("/", title, "enter")
    #expect(h.screen.focusItem?.label == title, "no row \(title)")
  }

  @Test func aMaskTakesDigitsOnlyAndNoMoreThanItHolds() {
    let h = Self.controls()
    Self.go(h, "Phone")
    h.press("enter", "555a")
    #expect(h.frame.contains { $0.contains("'a' does not fit here") }, "\(h.frame)")
    h.press("12")
    #expect(h.frame.contains { $0.contains("(555) 12_-____") }, "\(h.frame)")
    h.press("34567890", "enter")
    #expect(h.value("phone") == .string("5551234567"))
  }

  @Test func aNumberTakesOnlyWhatANumberHolds() {
    let h = Self.controls()
    Self.go(h, "Seats")
    h.press("enter", "ctrl-u", "-1x2", "enter")
    #expect(h.value("seats") == .int(12), "no sign below a minimum of 2, no letter")
    Self.go(h, "Price")
    h.press("enter", "3.14159", "enter")
    #expect(h.value("price") == .double(3.14), "two decimals at most")
    Self.go(h, "Seats")
    h.press("enter", "up", "up", "enter")
    #expect(h.value("seats") == .int(14))
    Self.go(h, "Seats")
    h.press("enter", "1", "enter")
    #expect(h.screen.editor != nil, "a number below the minimum keeps the editor open")
    #expect(h.frame.contains { $0.contains("! Seats must be at least 2") }, "\(h.frame)")
  }

  @Test func aSliderMovesByItsStep() {
    let h = Self.controls()
    Self.go(h, "Volume")
    h.press("right", "right")
    #expect(h.value("volume") == .double(0.7))
    h.press("enter", "left", "left", "left", "enter")
    #expect(h.value("volume") == .double(0.4))
    Self.go(h, "Volume")
    h.press("enter", "0.9", "enter")
    #expect(h.value("volume") == .double(0.9), "typed too")
  }

  @Test func aSwitchTogglesWithSpaceOrEnter() {
    let h = Self.controls()
    Self.go(h, "Wi-Fi")
    h.press("space")
    #expect(h.value("wifi") == .bool(false))
    h.press("enter")
    #expect(h.value("wifi") == .bool(true))
  }

  @Test func aDateChangesThePartUnderTheCursor() {
    let h = Self.controls()
    Self.go(h, "Birthday")
    h.press("enter", "1990-03-12", "home", "right", "right", "right", "right", "right", "up")
    h.press("end", "down", "enter")
    #expect(h.value("birthday") == .string("1990-04-11"))
    Self.go(h, "Birthday")
    h.press("enter", "home", "down", "enter")
    #expect(h.value("birthday") == .string("1989-04-11"))
    // a day kept within its month
    #expect(DateParts.step("2024-01-31", at: 5, by: 1, mode: .date)?.text == "2024-02-29")
    #expect(DateParts.step("23:59", at: 4, by: 1, mode: .time)?.text == "23:00")
    // a minute step: to the next multiple each way, wrapping within the hour
    #expect(DateParts.step("14:07", at: 4, by: 1, mode: .time, minuteStep: 15)?.text == "14:15")
    #expect(DateParts.step("14:07", at: 4, by: -1, mode: .time, minuteStep: 15)?.text == "14:00")
    #expect(DateParts.step("14:00", at: 4, by: -1, mode: .time, minuteStep: 15)?.text == "14:45")
    #expect(DateParts.step("14:45", at: 4, by: 1, mode: .time, minuteStep: 15)?.text == "14:00")
    #expect(DateParts.step("14:45", at: 1, by: 1, mode: .time, minuteStep: 15)?.text == "15:45")
    #expect(
      DateParts.step("2026-11-30T09:44", at: 15, by: 1, mode: .datetime, minuteStep: 30)?.text == "2026-11-30T09:00")
  }

  @Test func aDateTypedInTheRowsOwnPatternChangesThePartUnderTheCursor() {
    let h = Self.controls()
    Self.go(h, "Birthday")
    // MM/dd/yyyy: the first number is the month, the last the year
    h.press("enter", "03/12/1990", "home", "up", "up")
    #expect(h.screen.frame().plainLines.contains { $0.contains("05/12/1990") })
    h.press("end", "down", "enter")
    #expect(h.value("birthday") == .string("1989-05-12"))
    func step(_ text: String, _ at: Int, _ by: Int, _ mode: KindFacts.DateShape.Mode, _ pattern: String) -> String? {
      DateParts.step(text, at: at, by: by, mode: mode, pattern: pattern)?.text
    }
    // a day kept within its month, whichever order the parts come in
    #expect(step("01/31/2023", 0, 1, .date, "MM/dd/yyyy") == "02/28/2023")
    #expect(step("31.01.2024", 3, 1, .date, "dd.MM.yyyy") == "29.02.2024")
    // a month's name and AM/PM stay as typed; a 12-hour clock wraps at 12
    #expect(step("Mar 31, 2024", 4, 1, .date, "MMM d, yyyy") == "Mar 1, 2024")
    #expect(step("12:30 PM", 0, 1, .time, "hh:mm a") == "01:30 PM")
    #expect(step("9:05 AM", 2, -6, .time, "h:mm a") == "9:59 AM")
    // ISO-8601 is read as ISO whatever the pattern says
    #expect(step("1990-03-12", 0, 1, .date, "MM/dd/yyyy") == "1991-03-12")
    // numbers that fit neither are not stepped
    #expect(step("3/1990", 0, 1, .date, "MM/dd/yyyy") == nil)
  }

  @Test func aSegmentedControlMovesWithLeftAndRight() {
    let h = Self.controls()
    Self.go(h, "Size")
    h.press("right")
    #expect(h.value("size") == .string("L"))
    h.press("left", "left")
    #expect(h.value("size") == .string("S"))
  }

  @Test func aPickerIsChosenOneColumnAtATime() {
    let h = Self.controls()
    Self.go(h, "Pizza")
    h.press("enter", "down", "right", "up", "enter")
    #expect(h.value("pizza") == .list([.string("L"), .string("Thin")]))
  }

  @Test func aCardIsTypedFieldByFieldTheNumberGrouped() {
    let h = Self.controls()
    Self.go(h, "Card")
    h.press("enter", "4242424242424242")
    #expect(h.frame.contains { $0.contains("4242 4242 4242 4242") }, "\(h.frame)")
    h.press("tab", "1230", "tab", "123")
    #expect(h.frame.contains { $0.contains("12/30") })
    #expect(!h.frame.contains { $0.contains("123") && $0.contains("security") }, "the code is not shown")
    h.press("enter")
    #expect(
      h.value("card")
        == .record([
          .init("number", .string("4242424242424242")), .init("expiry", .string("12/30")), .init("cvv", .string("123")),
        ]))
  }

  @Test func ctrlSInACardsMiddleFieldTakesTheWholeCardThenSubmits() {
    let h = Self.controls()
    Self.go(h, "Card")
    h.press("enter", "4242424242424242", "tab", "1230", "tab", "123", "up", "ctrl-s")
    #expect(h.value("card")?["cvv"] == .string("123"))
    #expect(h.ending != nil, "the form was not submitted")
  }

  @Test func aCustomKindRefusesWithItsOwnWords() {
    let h = Self.controls()
    Self.go(h, "Rating")
    h.press("enter", "ctrl-u", "9", "enter")
    #expect(h.screen.editor != nil)
    #expect(h.frame.contains { $0.contains("! enter 1 to 5") }, "\(h.frame)")
    h.press("backspace", "4", "enter")
    #expect(h.value("stars") == .int(4))
  }

  @Test func aSecretShowsAMaskOfFixedWidth() {
    let h = Self.controls()
    Self.go(h, "Password")
    h.press("enter", "ab")
    let short = h.frame.first { $0.hasPrefix("› Password") }
    h.press("cdefghijklmnop")
    let long = h.frame.first { $0.hasPrefix("› Password") }
    #expect(short == long, "the mask gives the length away: \(short ?? "") / \(long ?? "")")
    h.press("enter")
    #expect(h.value("password") == .string("abcdefghijklmnop"))
    #expect(!h.shown.joined().contains("abcdef"))
  }

  @Test func aLongListFiltersLiveAndCountsTheMatches() {
    let countries = [
      "Afghanistan", "Albania", "Algeria", "Angola", "Argentina", "Armenia", "Australia", "Austria", "Bahamas",
      "Bangladesh", "Belgium", "Brazil", "Canada", "Chile", "China",
    ]
    let list = countries.map { "'\($0)'" }.joined(separator: ", ")
    let h = ScreenHarness("local s = form:section{}\ns:radio{ name = 'c', title = 'Country', options = { \(list) } }")
    h.press("enter", "agn")
    let shown = h.frame.compactMap { line -> String? in
      guard let r = line.range(of: "( ) ") else { return nil }
      return String(line[r.upperBound...])
    }
    #expect(Set(shown) == ["Afghanistan", "Argentina"], "\(shown)")
    #expect(h.frame.contains { $0.contains("filter: agn  2 of 15") }, "\(h.frame)")
    h.press("backspace", "backspace", "backspace", "ang")
    #expect(h.frame.contains { $0.hasSuffix("( ) Angola") })
    h.press("enter")
    #expect(h.value("c") == .string("Angola"))
  }

  @Test func aMultipleSaysAndKeepsItsCountLimit() {
    let h = ScreenHarness(Forms.signup)
    h.press("/", "topics", "enter", "enter", "space", "down", "space", "down", "space", "down", "space")
    #expect(h.frame.contains { $0.contains("at most 3 can be chosen") }, "\(h.frame)")
    h.press("enter")
    #expect(h.value("topics") == .list([.string("Lua"), .string("Swift"), .string("Go")]))
  }

  @Test func anActionRunsWithEnterAndWhatItPrintsShows() {
    let h = ScreenHarness(
      "local s = form:section{}\ns:item{ title = 'Terms', on_select = function() print('https://example.com/terms') end }"
    )
    h.press("enter")
    #expect(h.frame.contains("https://example.com/terms"), "\(h.frame)")
    #expect(h.screen.notices == ["https://example.com/terms"])
  }

  @Test func aPasteWithALineBreakIsRefusedWholeAndPlainTextTaken() {
    let h = ScreenHarness(Forms.signup)
    h.play([.bytes(Key(.enter).bytes), .bytes(Key(.paste("a@b.co\nrm -rf /")).bytes)])
    #expect(h.frame.contains { $0.contains("the paste holds a line break; nothing was pasted") }, "\(h.frame)")
    h.play([.bytes(Key(.paste("ada@club.org")).bytes), .bytes(Key(.enter).bytes)])
    #expect(h.value("email") == .string("ada@club.org"))
  }
}

/// A text longer than its column: the row shows the part around the cursor.
struct LongTextLineTests {
  @Test func aLineLongerThanItsColumnShowsTheCursorsPartAndKeepsEveryCharacter() {
    let h = ScreenHarness("local s = form:section{}\ns:text{ name = 'notes', title = 'Notes' }", columns: 40, rows: 10)
    let typed = (0..<300).map { String($0 % 10) }.joined() + "END"
    h.press("enter", typed)
    let row = h.frame.first { $0.hasPrefix("› Notes") } ?? ""
    #expect(row.hasSuffix("789END"), "the end typed is in view: \(row)")
    #expect(Cells.width(row) < 40)
    #expect(h.screen.frame().cursor?.column == Cells.width(row), "the cursor after the last character")
    h.press("home")
    let start = h.frame.first { $0.hasPrefix("› Notes") } ?? ""
    #expect(start == "› Notes  012345678901234567890123456789" && h.screen.frame().cursor?.column == 9, "\(start)")
    h.press("enter")
    #expect(h.value("notes") == .string(typed))
  }
}
