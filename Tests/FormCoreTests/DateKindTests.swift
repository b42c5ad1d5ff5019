import Testing

@testable import FormCore

struct DateKindTests {
  static func item(_ options: [String: Value], title: String = "Birthday") -> Item {
    row(configured(DateKind(), options), title: title)
  }

  @Test(
    arguments: [
      ([:], "2026-11-30", "\"2026-11-30\""),
      ([:], "Nov 30, 2026", "\"2026-11-30\""),  // the default display format
      ([:], "2024-02-29", "\"2024-02-29\""),
      ([:], "", "null"),
      (["format": .string("MM/dd/yyyy")], "11/30/2026", "\"2026-11-30\""),
      (["format": .string("MM/dd/yyyy")], "1/5/2026", "\"2026-01-05\""),
      (["format": .string("d MMMM yy")], "5 january 26", "\"2026-01-05\""),
      (["format": .string("d MMM yy")], "5 Jan 85", "\"1985-01-05\""),
      (["format": .string("d MMM yy")], "5 Jan 5", "\"2005-01-05\""),
      // two figures of a year as POSIX reads them (69–99 → 19xx, 00–68 → 20xx), in every pattern
      ([:], "3/12/90", "\"1990-03-12\""),
      ([:], "3/12/69", "\"1969-03-12\""),
      ([:], "3/12/68", "\"2068-03-12\""),
      ([:], "12.3.90", "\"1990-03-12\""),
      ([:], "Mar 12, 90", "\"1990-03-12\""),
      ([:], "12 March 00", "\"2000-03-12\""),
      (["format": .string("MM/dd/yyyy")], "03/12/90", "\"1990-03-12\""),
      (["min": .string("1900-01-01")], "3/12/90", "\"1990-03-12\""),
      // four figures are the year written
      ([:], "0090-03-12", "\"0090-03-12\""),
      ([:], "3/12/0090", "\"0090-03-12\""),
      // figures: slashes month first in an English form, dots day first
      ([:], "12/03/1990", "\"1990-12-03\""),
      ([:], "12.03.1990", "\"1990-03-12\""),
      (["format": .string("EEE, MMM d, yyyy")], "Mon, Nov 30, 2026", "\"2026-11-30\""),
      (["mode": .string("time")], "14:05", "\"14:05\""),
      (["mode": .string("time")], "14:05:30", "\"14:05:30\""),
      (["mode": .string("time"), "format": .string("hh:mm a")], "02:05 PM", "\"14:05\""),
      (["mode": .string("time"), "format": .string("h:mm a")], "12:15 am", "\"00:15\""),
      (["mode": .string("time"), "format": .string("h:mm a")], "12:15 pm", "\"12:15\""),
      (["mode": .string("datetime")], "2026-11-30T14:05", "\"2026-11-30T14:05\""),
      (["mode": .string("datetime")], "2026-11-30 14:05:09", "\"2026-11-30T14:05:09\""),
      (["mode": .string("datetime")], "2026-11-30", "\"2026-11-30T00:00\""),
      (
        ["mode": .string("datetime"), "format": .string("MM/dd/yyyy hh:mm a")], "11/30/2026 02:05 PM",
        "\"2026-11-30T14:05\""
      ),
    ] as [([String: Value], String, String)])
  func accepts(options: [String: Value], text: String, result: String) {
    let item = Self.item(options)
    #expect(item.kind.parse(text, for: item).summary == result)
  }

  @Test(
    arguments: [
      ([:], "2026-02-30", "Birthday is not a real date (February 2026 has 28 days)"),
      ([:], "2100-02-29", "Birthday is not a real date (February 2100 has 28 days)"),
      ([:], "2026-13-01", "Birthday is not a real date (there is no month 13)"),
      ([:], "0000-01-01", "Birthday is not a real date (years go from 1 to 9999)"),
      (
        [:], "tomorrow",
        "Birthday must be a date such as 2026-11-30, Nov 30, 2026, 11/30/2026 or November 30 2026 (got 'tomorrow')"
      ),
      (
        [:], "2026-11-30T14:05",
        "Birthday must be a date such as 2026-11-30, Nov 30, 2026, 11/30/2026 or November 30 2026 (got '2026-11-30T14:05')"
      ),
      (["format": .string("MM/dd/yyyy")], "30/11/2026", "Birthday is not a real date (there is no month 30)"),
      (
        ["format": .string("EEEE, MMMM d, yyyy")], "Tuesday, November 30, 2026",
        "Birthday is not a real date (November 30, 2026 is a Monday)"
      ),
      (
        ["format": .string("EEE dd/MM/yy")], "Sun 01/01/00",
        "Birthday is not a real date (January 1, 2000 is a Saturday)"
      ),
      (["mode": .string("time")], "25:00", "Birthday is not a real time (hours go from 0 to 23)"),
      (["mode": .string("time")], "10:60", "Birthday is not a real time (minutes go from 0 to 59)"),
      (
        ["mode": .string("time"), "format": .string("hh:mm a")], "13:00 pm",
        "Birthday is not a real time (12-hour clock hours go from 1 to 12)"
      ),
      (
        ["mode": .string("datetime")], "14:05",
        "Birthday must be a date and time such as 2026-11-30T14:05 or Nov 30, 2026 14:05 (got '14:05')"
      ),
      (
        ["min": .string("1900-01-01"), "format": .string("MM/dd/yyyy")], "1899-12-31",
        "Birthday must be on or after 01/01/1900"
      ),
      (["max": .string("2026-06-30")], "2026-07-01", "Birthday must be on or before Jun 30, 2026"),
      (["mode": .string("time"), "min": .string("09:00")], "08:59", "Birthday must be on or after 09:00"),
    ] as [([String: Value], String, String)])
  func refuses(options: [String: Value], text: String, reason: String) {
    let item = Self.item(options)
    #expect(item.kind.parse(text, for: item) == .refused(reason))
  }

  @Test func boundsCompareByTheDayForDatetimes() {
    let item = Self.item([
      "mode": .string("datetime"), "min": .string("2026-11-30"), "max": .string("2026-11-30T18:00"),
    ])
    #expect(item.kind.parse("2026-11-30T08:00", for: item) == .value(.string("2026-11-30T08:00")))
    #expect(item.kind.parse("2026-11-29T23:59", for: item).summary.hasPrefix("! Birthday must be on or after"))
    #expect(
      item.kind.parse("2026-11-30T18:01", for: item) == .refused("Birthday must be on or before Nov 30, 2026 18:00"))
  }

  @Test(
    arguments: [
      ([:], "2026-11-30", "Nov 30, 2026"),
      (["format": .string("EEEE, MMMM d, yyyy")], "2026-11-30", "Monday, November 30, 2026"),
      (["format": .string("EEE dd/MM/yy")], "2000-01-01", "Sat 01/01/00"),
      (["format": .string("yyyy-MM-dd 'at' HH:mm")], "2026-11-30T09:05", "2026-11-30 at 09:05"),
      (["format": .string("MM/dd/yyyy hh:mm a")], "2026-11-30T14:05", "11/30/2026 02:05 PM"),
      (["format": .string("h:mm a")], "00:15", "12:15 AM"),
      (["format": .string("H:mm:ss")], "07:30:05", "7:30:05"),
      (["format": .string("hh:mm a")], "2026-11-30", "2026-11-30"),  // the format needs a time: ISO shown
      ([:], "", ""),
    ] as [([String: Value], String, String)])
  func displays(options: [String: Value], value: String, shown: String) {
    let item = Self.item(options)
    #expect(item.kind.display(.string(value), for: item) == shown)
  }

  @Test(arguments: [
    ("\"2026-11-30\"", "\"2026-11-30\""),
    ("\"Nov 30, 2026\"", "\"2026-11-30\""),
    ("null", "null"),
    ("20261130", "! Birthday takes an ISO-8601 string such as 2026-11-30 (got number)"),
  ])
  func acceptsScriptValues(json: String, result: String) throws {
    #expect(try acceptJSON(json, Self.item([:])) == result)
  }

  @Test func options() {
    var kind = DateKind()
    #expect(
      kind.setOption("mode", to: .string("week")) == .invalid("'mode' must be \"date\", \"time\" or \"datetime\""))
    #expect(
      kind.setOption("format", to: .string("QQ yyyy"))
        == .invalid(
          "'format' has an unsupported field 'QQ' (use y yy yyyy M MM MMM MMMM d dd E EEE EEEE H HH h hh m mm s ss a)"))
    #expect(
      kind.setOption("min", to: .string("yesterday"))
        == .invalid(
          "'min' must be an ISO-8601 date or time such as \"2026-11-30\", \"14:05\" or \"2026-11-30T14:05\" (got 'yesterday')"
        ))
    #expect(
      kind.setOption("format", to: .string(" "))
        == .invalid(
          "'format' is empty; give a date pattern such as \"MM/dd/yyyy\" or nil for the default"))
    #expect(kind.setOption("min", to: .string("2026-02-30")) != .applied)
    #expect(kind.setOption("min", to: .string("2026-01-01")) == .applied)
    #expect(kind.setOption("max", to: .string("2026-12-31T18:00")) == .applied)
    #expect(kind.setOption("format", to: .string("MM/dd/yyyy")) == .applied)
    #expect(kind.option("min") == .string("2026-01-01"))
    #expect(kind.option("max") == .string("2026-12-31T18:00"))
    #expect(kind.option("mode") == .string("date"))
    #expect(kind.option("format") == .string("MM/dd/yyyy"))
    let item = row(kind, title: "Birthday")
    #expect(item.kind.activate(item) == .edit)
    // the limits are said before they are failed
    #expect(
      item.facts.expects
        == "a date from 2026-01-01 to 2026-12-31T18:00, e.g. 11/30/2026 or 2026-11-30; 11/30/2026 reads month first, 30.11.2026 day first"
    )
    #expect(item.facts.limits.phrases == ["from 2026-01-01 to 2026-12-31T18:00"])
    #expect(item.facts.shape == .date(.init(mode: .date, pattern: "MM/dd/yyyy")))
  }
}

struct CalendarTests {
  @Test(arguments: [(1900, false), (2000, true), (2024, true), (2026, false), (2100, false), (2400, true)])
  func leapYears(year: Int, leap: Bool) {
    #expect(CivilDate.isLeap(year) == leap)
    #expect(CivilDate.daysIn(month: 2, year: year) == (leap ? 29 : 28))
  }

  @Test(arguments: [
    (CivilDate(year: 2026, month: 11, day: 30), 1),  // Monday
    (CivilDate(year: 2000, month: 1, day: 1), 6),  // Saturday
    (CivilDate(year: 1970, month: 1, day: 1), 4),  // Thursday
    (CivilDate(year: 2024, month: 2, day: 29), 4),
    (CivilDate(year: 1, month: 1, day: 1), 1),
    (CivilDate(year: 9999, month: 12, day: 31), 5),
  ])
  func weekdays(date: CivilDate, weekday: Int) {
    #expect(date.weekday == weekday)
  }

  @Test(arguments: [(4, 30), (6, 30), (9, 30), (11, 30), (1, 31), (7, 31), (8, 31), (12, 31)])
  func monthLengths(month: Int, days: Int) {
    #expect(CivilDate.daysIn(month: month, year: 2026) == days)
  }

  @Test func theClockReadsARealDate() {
    let today = Clock.today()
    #expect(today.isReal)
    #expect(today.year >= 2024)
  }
}
