/// A day of the proleptic Gregorian calendar, with no time zone.
struct CivilDate: Equatable, Comparable, Sendable {
  var year: Int
  var month: Int
  var day: Int

  init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  static func < (a: CivilDate, b: CivilDate) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// True when the day exists (no February 30th, no month 13).
  var isReal: Bool {
    (1...9999).contains(year) && (1...12).contains(month) && day >= 1
      && day <= Self.daysIn(month: month, year: year)
  }

  /// 0 = Sunday … 6 = Saturday (Sakamoto's method).
  var weekday: Int {
    let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
    let y = month < 3 ? year - 1 : year
    return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
  }

  /// `2026-11-30`
  var iso: String { pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) }

  static let monthNames = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
  ]
  static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}

/// A time of day, to the second.
struct TimeOfDay: Equatable, Comparable, Sendable {
  var hour: Int
  var minute: Int
  var second: Int

  init(hour: Int, minute: Int, second: Int = 0) {
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  static func < (a: TimeOfDay, b: TimeOfDay) -> Bool {
    (a.hour, a.minute, a.second) < (b.hour, b.minute, b.second)
  }

  var isReal: Bool { (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second) }

  /// `14:05`, or `14:05:30` when the seconds matter.
  var iso: String { pad(hour, 2) + ":" + pad(minute, 2) + (second != 0 ? ":" + pad(second, 2) : "") }
}

/// A date, a time of day, or both: what a `date` row holds.
struct Moment: Equatable, Sendable {
  var date: CivilDate?
  var time: TimeOfDay?

  init(date: CivilDate? = nil, time: TimeOfDay? = nil) {
    self.date = date
    self.time = time
  }

  /// `2026-11-30`, `14:05` or `2026-11-30T14:05`.
  var iso: String {
    switch (date, time) {
    case (let d?, let t?): return d.iso + "T" + t.iso
    case (let d?, nil): return d.iso
    case (nil, let t?): return t.iso
    case (nil, nil): return ""
    }
  }

  /// Order by the parts both have, the date first: a bound of `2026-11-30`
  /// compares with `2026-11-30T14:05` by the day alone.
  func compare(_ other: Moment) -> Int {
    if let a = date, let b = other.date, a != b { return a < b ? -1 : 1 }
    if let a = time, let b = other.time, a != b { return a < b ? -1 : 1 }
    return 0
  }
}

/// `n` with leading zeros to `width` digits.
func pad(_ n: Int, _ width: Int) -> String {
  let digits = String(abs(n))
  return (n < 0 ? "-" : "") + String(repeating: "0", count: max(width - digits.count, 0)) + digits
}
