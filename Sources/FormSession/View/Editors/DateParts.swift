import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// A date or time typed in ISO-8601 (`2026-11-30`, `14:05`,
/// `2026-11-30T14:05`) or in the row's own pattern (`03/12/1990` for
/// `MM/dd/yyyy`, `2:05 PM` for `h:mm a`), changed a part at a time in place.
public enum DateParts {
  /// What a run of digits in the text stands for.
  enum Part: Equatable { case year, month, day, hour, hour12, minute, second }

  /// A numeric field: what it stands for and the least number of digits it is written with.
  struct Field {
    var part: Part
    var width: Int
  }

  /// The text with the part under `cursor` moved by `by` (a month or day
  /// wraps within its year or month, a day kept within its month); the
  /// rest of the text (separators, a month's name, AM/PM) stays as typed.
  /// An empty text becomes today (or now). Minutes move by `minuteStep`
  /// (a row's `minute_step`), to the next multiple of it when between two.
  /// Nil when the text's numbers are neither ISO-8601's nor `pattern`'s.
  public static func step(
    _ text: String, at cursor: Int, by: Int, mode: KindFacts.DateShape.Mode, pattern: String = "",
    minuteStep: Int = 1
  ) -> (text: String, cursor: Int?)? {
    if text.isEmpty { return (today(mode), nil) }
    let chars = Array(text)
    // the runs of digits and where each starts
    var runs: [Range<Int>] = []
    var i = 0
    while i < chars.count {
      if chars[i].isASCII && chars[i].isNumber {
        let s = i
        while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
        runs.append(s..<i)
      } else {
        i += 1
      }
    }
    guard let fields = isoParts(chars, runs, mode) ?? patternParts(pattern, count: runs.count) else { return nil }
    let kinds = fields.map(\.part)
    var numbers = runs.map { Int(String(chars[$0])) ?? 0 }
    let part = runs.lastIndex { $0.lowerBound <= cursor } ?? 0
    func number(_ p: Part, _ otherwise: Int) -> Int { kinds.firstIndex(of: p).map { numbers[$0] } ?? otherwise }
    func wrap(_ v: Int, _ lo: Int, _ hi: Int) -> Int { lo + ((v - lo) % (hi - lo + 1) + (hi - lo + 1)) % (hi - lo + 1) }
    let v = numbers[part] + by
    switch kinds[part] {
    case .year: numbers[part] = v.clamped(1, 9999)
    case .month: numbers[part] = wrap(v, 1, 12)
    case .day: numbers[part] = wrap(v, 1, days(number(.year, 2000), number(.month, 1)))
    case .hour: numbers[part] = wrap(v, 0, 23)
    case .hour12: numbers[part] = wrap(v, 1, 12)
    case .minute where minuteStep > 1:
      // to the next multiple of the step each way (14:07 ↑ 14:15, ↓ 14:00), wrapping within the hour
      let m = numbers[part]
      let down = (m / minuteStep) * minuteStep
      let next = by > 0 ? down + minuteStep * by : (m == down ? m + minuteStep * by : down + minuteStep * (by + 1))
      // (a step divides the hour, so the multiples wrap onto multiples)
      numbers[part] = wrap(next, 0, 59)
    case .minute, .second: numbers[part] = wrap(v, 0, 59)
    }
    if let d = kinds.firstIndex(of: .day) {
      numbers[d] = min(numbers[d], days(number(.year, 2000), number(.month, 1)))
    }
    // the digits put back in their places, as wide as their field asks (and typed)
    var out: [Character] = []
    var at = cursor
    var from = 0
    for (n, run) in runs.enumerated() {
      out += chars[from..<run.lowerBound]
      let digits = String(numbers[n])
      let width = min(run.count, fields[n].width)
      let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
      if n == part { at = out.count + (cursor - run.lowerBound).clamped(0, padded.count) }
      out += padded
      from = run.upperBound
    }
    out += chars[from...]
    return (String(out), at)
  }

  /// The parts of an ISO-8601 text: `yyyy-MM-dd`, `HH:mm[:ss]`, both with `T` or a space between.
  static func isoParts(_ chars: [Character], _ runs: [Range<Int>], _ mode: KindFacts.DateShape.Mode) -> [Field]? {
    if mode == .time {
      guard chars.allSatisfy({ $0 == ":" || ($0.isASCII && $0.isNumber) }), (2...3).contains(runs.count) else {
        return nil
      }
      return [Part.hour, .minute, .second].prefix(runs.count).map { Field(part: $0, width: 2) }
    }
    guard let first = runs.first, first.count == 4, first.upperBound < chars.count, chars[first.upperBound] == "-"
    else { return nil }
    let expected = mode == .date ? [3] : [5, 6]
    guard expected.contains(runs.count) else { return nil }
    return [Part.year, .month, .day, .hour, .minute, .second].prefix(runs.count).map {
      Field(part: $0, width: $0 == .year ? 4 : 2)
    }
  }

  /// The numeric fields of a Unicode date pattern in order, each with its
  /// least width (`MM/dd/yyyy` → month 2, day 2, year 4; a month's name, a
  /// weekday and AM/PM are not numbers); nil when they are not `count`.
  static func patternParts(_ pattern: String, count: Int) -> [Field]? {
    var parts: [Field] = []
    let p = Array(pattern)
    var i = 0
    while i < p.count {
      let c = p[i]
      if c == "'" {
        // a quoted literal
        i += 1
        while i < p.count, p[i] != "'" { i += 1 }
        i += 1
        continue
      }
      var n = 1
      while i + n < p.count, p[i + n] == c { n += 1 }
      i += n
      let part: Part
      switch c {
      case "y", "u": part = .year
      case "M" where n <= 2, "L" where n <= 2: part = .month
      case "d": part = .day
      case "H", "k": part = .hour
      case "h", "K": part = .hour12
      case "m": part = .minute
      case "s": part = .second
      // numbers the stepper does not know: no step rather than a wrong one
      case "S", "D", "w", "W", "Q", "q": return nil
      default: continue
      }
      // as many digits as letters at least (`d` 1, `dd` 2, `yyyy` 4)
      parts.append(Field(part: part, width: n))
    }
    return parts.count == count && count > 0 ? parts : nil
  }

  static func days(_ year: Int, _ month: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Today or now in the local time zone, in ISO-8601.
  static func today(_ mode: KindFacts.DateShape.Mode) -> String {
    var t = time(nil)
    var tm = tm()
    localtime_r(&t, &tm)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let date = "\(tm.tm_year + 1900)-\(two(tm.tm_mon + 1))-\(two(tm.tm_mday))"
    let clock = "\(two(tm.tm_hour)):\(two(tm.tm_min))"
    switch mode {
    case .date: return date
    case .time: return clock
    case .datetime: return date + "T" + clock
    }
  }
}

extension Int {
  func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(Swift.max(self, lo), hi) }
}
