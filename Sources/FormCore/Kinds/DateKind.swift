/// `date`: a day, a time of day or both (`mode`), held as an ISO-8601 string
/// (`2026-11-30`, `14:05`, `2026-11-30T14:05`). Users may type ISO-8601 or the
/// display `format` (a Unicode pattern such as `MM/dd/yyyy hh:mm a`).
struct DateKind: ItemKind {
  /// What is asked: the facts' mode is the kind's own.
  typealias Mode = KindFacts.DateShape.Mode

  var mode = Mode.date
  /// The display pattern; nil: the mode's default.
  var format: DatePattern?
  var min: Moment?
  var max: Moment?
  /// Typed times are rounded to this many minutes (RE's `minuteInterval`); nil: any minute.
  var minuteStep: Int?

  init(mode: Mode = .date) { self.mode = mode }

  var name: String { "date" }
  static var optionTable: [KindOption<Self>] {
    [
      KindOption("mode", \.mode, .dateMode, "What is asked: \"date\", \"time\" or \"datetime\"."),
      KindOption("format", \.format, .datePattern, "How the row shows it, a pattern such as \"MM/dd/yyyy\"."),
      KindOption("min", \.min, .moment, "The earliest accepted, ISO-8601 (\"2026-01-01\", \"09:00\")."),
      KindOption("max", \.max, .moment, "The latest accepted, ISO-8601."),
      KindOption(
        "minute_step", \.minuteStep, .minuteStep,
        "Round times to this many minutes (a divisor of 60, such as 5 or 15; nil: any minute)."),
    ]
  }

  /// What the row shows when the script gives no `format`.
  static let defaults: [Mode: DatePattern] = [
    .date: pattern("MMM d, yyyy"), .time: pattern("HH:mm"), .datetime: pattern("MMM d, yyyy HH:mm"),
  ]
  static let isoPatterns: [Mode: [DatePattern]] = [
    .date: [pattern("yyyy-MM-dd")],
    .time: [pattern("HH:mm:ss"), pattern("HH:mm")],
    .datetime: [
      pattern("yyyy-MM-dd'T'HH:mm:ss"), pattern("yyyy-MM-dd'T'HH:mm"),
      pattern("yyyy-MM-dd HH:mm:ss"), pattern("yyyy-MM-dd HH:mm"), pattern("yyyy-MM-dd"),
    ],
  ]
  static let examples: [Mode: String] = [.date: "2026-11-30", .time: "14:05", .datetime: "2026-11-30T14:05"]

  static func pattern(_ s: String) -> DatePattern { try! DatePattern.compile(s).get() }

  var shownPattern: DatePattern { format ?? Self.defaults[mode]! }

  func parse(_ text: String, for item: Item) -> Parsed {
    let t = text.trimmingSpaces
    if t.isEmpty { return .value(.null) }
    for p in Self.isoPatterns[mode]! + [shownPattern] {
      guard let fields = p.read(t, names: Self.names(item)) else { continue }
      switch Self.moment(fields, mode: mode) {
      case .success(let m): return bounded(stepped(m), for: item)
      case .failure(let why):
        if why.incomplete { continue }
        let noun = item.say(mode == .time ? "date.noun_time" : "date.noun_date")
        return .refused(item.say("date.not_real", ["noun": noun, "why": why.said(item)]))
      }
    }
    // the other common ways a day is written: 12/03/1990 in the form's order, March 12 1990
    for p in commonPatterns(item) {
      guard let fields = p.read(t, names: Self.names(item)), case .success(let m) = Self.moment(fields, mode: mode)
      else { continue }
      return bounded(m, for: item)
    }
    let forms = readable(Self.names(item), item: item)
    let like = item.words.alternatives(forms)
    return .refused(item.say("date.such_as", ["noun": noun(item.words), "forms": like, "got": t]))
  }

  /// Numbers with slashes, the preferred order first (a day above 12 reads
  /// the other way), then a month's name before or after the day.
  static let monthFirst = ["M/d/yyyy", "d/M/yyyy"].map(pattern)
  static let dayFirst = ["d/M/yyyy", "M/d/yyyy"].map(pattern)
  static let named = ["MMM d yyyy", "MMM d, yyyy", "d MMM yyyy", "d MMM, yyyy", "d. MMM yyyy", "d.M.yyyy"].map(pattern)

  /// The common ways of writing a day this row reads besides ISO-8601 and its own format (dates only).
  func commonPatterns(_ item: Item) -> [DatePattern] {
    guard mode == .date else { return [] }
    return (dayFirst(item) ? Self.dayFirst : Self.monthFirst) + Self.named
  }

  /// Whether `12/03/1990` is the 12th of March: as the row's own format
  /// orders day and month in figures, else as the form's names are (English
  /// month first, any other language day first).
  func dayFirst(_ item: Item) -> Bool {
    let day = shownPattern.tokens.firstIndex { if case .field("d", _) = $0 { true } else { false } }
    let month = shownPattern.tokens.firstIndex { if case .field("M", let n) = $0 { n <= 2 } else { false } }
    if let day, let month { return day < month }
    return Self.names(item) != .english
  }

  /// The forms a refusal lists: ISO-8601, the row's own, the figures and a month's name.
  func readable(_ names: DateNames, item: Item) -> [String] {
    guard let m = example else { return [Self.examples[mode]!] }
    var out = [m.iso]
    var patterns = [shownPattern]
    if mode == .date {
      patterns += [commonPatterns(item)[0], Self.pattern(dayFirst(item) ? "d MMMM yyyy" : "MMMM d yyyy")]
    }
    for p in patterns {
      if let s = p.format(m, names: names), !out.contains(s) { out.append(s) }
    }
    return out
  }

  func noun(_ c: Catalogue) -> String {
    c.say(mode == .datetime ? "date.noun_datetime" : mode == .time ? "date.noun_time" : "date.noun_date")
  }

  /// `m` with its time rounded to the nearest `minuteStep` (seconds dropped);
  /// a time that would round to 24:00 rounds down, staying on its day.
  func stepped(_ m: Moment) -> Moment {
    guard let step = minuteStep, step > 1, let t = m.time else { return m }
    let minutes = t.hour * 60 + t.minute + (t.second >= 30 ? 1 : 0)
    var rounded = (minutes + step / 2) / step * step
    if rounded >= 24 * 60 { rounded -= step }
    var out = m
    out.time = TimeOfDay(hour: rounded / 60, minute: rounded % 60)
    return out
  }

  /// `14:07 → 14:00 (minute step 15)` when the typed time was rounded.
  func adjustment(of text: String, to value: Value, for item: Item) -> String? {
    guard let step = minuteStep, step > 1, mode != .date, let kept = value.string, let m = Self.iso(kept) else {
      return nil
    }
    let t = text.trimmingSpaces
    for p in Self.isoPatterns[mode]! + [shownPattern] {
      guard let fields = p.read(t, names: Self.names(item)), case .success(let typed) = Self.moment(fields, mode: mode)
      else { continue }
      guard typed != m else { return nil }
      let names = Self.names(item)
      return item.say("date.stepped", ["typed": shown(typed, names), "kept": shown(m, names), "step": String(step)])
    }
    return nil
  }

  func bounded(_ m: Moment, for item: Item) -> Parsed {
    if let min, m.compare(min) < 0 {
      return .refused(item.say("date.on_or_after", ["min": shown(min, Self.names(item))]))
    }
    if let max, m.compare(max) > 0 {
      return .refused(item.say("date.on_or_before", ["max": shown(max, Self.names(item))]))
    }
    return .value(.string(m.iso))
  }

  /// A bound as the row would show it, else in ISO-8601.
  func shown(_ m: Moment, _ names: DateNames) -> String { shownPattern.format(m, names: names) ?? m.iso }

  /// The month and day names of the item's form (`form.locale`).
  static func names(_ item: Item) -> DateNames { item.form?.dateNames ?? .english }

  func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null, .string: return acceptByParsing(value, for: item)
    default:
      return .refused(
        "\(item.messageName) takes an ISO-8601 string such as \(Self.examples[mode]!) (got \(value.typeName))")
    }
  }

  func display(_ value: Value, for item: Item) -> String {
    guard let s = value.string, !s.isEmpty else { return "" }
    guard let m = Self.iso(s) else { return s }
    return shownPattern.format(m, names: Self.names(item)) ?? s
  }

  /// An example in the row's own format (not its pattern), and the ISO-8601
  /// form also read; the bounds as data, in ISO-8601.
  func facts(for item: Item) -> KindFacts {
    let examples = examples(Self.names(item))
    let limits = KindFacts.Limits(dates: .init(min: min?.iso, max: max?.iso))
    let shown = display(item.value, for: item)
    let value = item.value.string ?? ""
    let c = item.words
    let noun = noun(c)
    let or = c.alternatives(examples)
    return KindFacts(
      shape: .date(.init(mode: mode, pattern: shownPattern.source, minuteStep: mode == .date ? 1 : minuteStep ?? 1)),
      noun: noun,
      expects: c.say(
        "date.expects",
        [
          "noun": noun, "limits": limits.phrases(in: c).first.map { " " + $0 } ?? "", "examples": or,
          "rounded": mode != .date && (minuteStep ?? 1) > 1 ? c.say("date.rounded", ["step": String(minuteStep!)]) : "",
          "order": order(item),
        ]),
      examples: examples, limits: limits,
      typed: value.isEmpty ? nil : value, spoken: .init(shown.isEmpty ? c.say("value.empty_word") : shown))
  }

  /// How the row reads a day in figures, named with the example day
  /// (`; 11/30/2026 reads month first, 30.11.2026 day first`): `12/03/1990`
  /// and `12.03.1990` are different days in an English form. Nothing for a
  /// time or a datetime (they read no figures but their own format's).
  func order(_ item: Item) -> String {
    guard mode == .date, let m = example else { return "" }
    let names = Self.names(item)
    let first = dayFirst(item)
    let slash = (first ? Self.dayFirst : Self.monthFirst)[0].format(m, names: names) ?? ""
    let dot = Self.pattern("d.M.yyyy").format(m, names: names) ?? ""
    return item.say(first ? "date.order_day_first" : "date.order_month_first", ["slash": slash, "dot": dot])
  }

  /// `["11/30/2026", "2026-11-30"]`: the example day in the row's format, then in ISO-8601 when that differs.
  /// The example lies within the row's `min` and `max`: one that the row
  /// refuses would teach the wrong thing.
  func examples(_ names: DateNames) -> [String] {
    guard let m = example else { return [Self.examples[mode]!] }
    let iso = m.iso
    let own = shownPattern.format(m, names: names) ?? iso
    return own == iso ? [iso] : [own, iso]
  }

  /// The mode's example moment, moved to the nearer bound when it lies outside them.
  var example: Moment? {
    guard var m = Self.iso(Self.examples[mode]!) else { return nil }
    // a bound's parts replace the example's (a day alone keeps the example's time of day)
    for bound in [min.flatMap { m.compare($0) < 0 ? $0 : nil }, max.flatMap { m.compare($0) > 0 ? $0 : nil }] {
      guard let bound else { continue }
      m = Moment(date: bound.date ?? m.date, time: bound.time ?? m.time)
    }
    return m
  }

  /// Read any ISO-8601 form formrun writes: a date, a time or both.
  static func iso(_ text: String) -> Moment? {
    for mode in [Mode.date, .time, .datetime] {
      // a day alone is a date, not midnight of a datetime
      for p in isoPatterns[mode]! where mode != .datetime || p.hasTime {
        if let f = p.read(text), case .success(let m) = moment(f, mode: mode) { return m }
      }
    }
    return nil
  }

  struct Unreal: Error {
    var message: String
    /// The catalogue key of why, and its arguments (the month and day names are the row's form's).
    var key = ""
    var args: [String: String] = [:]
    var month = 0
    var weekday = -1

    init(message: String, incomplete: Bool = false) {
      self.message = message
      self.incomplete = incomplete
    }

    init(_ key: String, _ args: [String: String] = [:], month: Int = 0, weekday: Int = -1) {
      self.message = key
      self.key = key
      self.args = args
      self.month = month
      self.weekday = weekday
    }

    /// Why, in the words of `item`'s form.
    func said(_ item: Item) -> String {
      guard !key.isEmpty else { return message }
      let names = DateKind.names(item)
      var all = args
      if month > 0 { all["month"] = names.months[month - 1] }
      if weekday >= 0 { all["weekday"] = names.days[weekday] }
      let c = item.words
      let pairs = all.sorted { $0.key < $1.key }
      // a KeyValuePairs is made from a literal only: fill in the known names
      return c.say(
        key,
        [
          "month": pairs.first { $0.key == "month" }?.value ?? "", "year": all["year"] ?? "",
          "days": all["days"] ?? "", "day": all["day"] ?? "", "weekday": all["weekday"] ?? "",
        ])
    }
    /// the pattern lacks a part the mode needs: not a match at all
    var incomplete = false
  }

  /// Check read parts against the calendar and the clock face.
  static func moment(_ f: DatePattern.Fields, mode: Mode) -> Result<Moment, Unreal> {
    var m = Moment()
    if mode != .time {
      guard let y = f.year, let mo = f.month, let d = f.day else {
        return .failure(Unreal(message: "", incomplete: true))
      }
      guard (1...9999).contains(y) else { return .failure(Unreal("date.years")) }
      guard (1...12).contains(mo) else { return .failure(Unreal("date.no_month", ["month": String(mo)])) }
      let days = CivilDate.daysIn(month: mo, year: y)
      guard (1...days).contains(d) else {
        return .failure(Unreal("date.month_days", ["year": String(y), "days": String(days)], month: mo))
      }
      let date = CivilDate(year: y, month: mo, day: d)
      if let w = f.weekday, w != date.weekday {
        return .failure(
          Unreal("date.weekday", ["day": String(d), "year": String(y)], month: mo, weekday: date.weekday))
      }
      m.date = date
    }
    if mode == .date { return .success(m) }
    // a datetime typed as a day alone is that day at midnight
    guard var h = f.hour ?? (mode == .datetime && f.minute == nil ? 0 : nil) else {
      return .failure(Unreal(message: "", incomplete: true))
    }
    if f.twelveHour {
      guard (1...12).contains(h) else { return .failure(Unreal("date.twelve_hours")) }
      if let pm = f.pm { h = h % 12 + (pm ? 12 : 0) }
    }
    let t = TimeOfDay(hour: h, minute: f.minute ?? 0, second: f.second ?? 0)
    guard (0...23).contains(t.hour) else { return .failure(Unreal("date.hours")) }
    guard (0...59).contains(t.minute) else { return .failure(Unreal("date.minutes")) }
    guard (0...59).contains(t.second) else { return .failure(Unreal("date.seconds")) }
    m.time = t
    return .success(m)
  }
}

extension OptionCodec where T == DateKind.Mode {
  static var dateMode: Self {
    Self(
      type: "\"date\"|\"time\"|\"datetime\"",
      decode: { value, key throws(OptionError) in
        guard let s = value.string, let m = DateKind.Mode(rawValue: s) else {
          throw OptionError("'\(key)' must be \"date\", \"time\" or \"datetime\"")
        }
        return m
      }, encode: { .string($0.rawValue) })
  }
}

extension OptionCodec where T == DatePattern? {
  static var datePattern: Self {
    Self(
      type: "string?",
      decode: { value, key throws(OptionError) in
        switch value {
        case .null: return nil
        case .string(let s) where s.trimmingSpaces.isEmpty:
          throw OptionError("'\(key)' is empty; give a date pattern such as \"MM/dd/yyyy\" or nil for the default")
        case .string(let s):
          switch DatePattern.compile(s) {
          case .success(let p): return p
          case .failure(let e): throw OptionError("'\(key)' has an \(e.message)")
          }
        default: throw OptionError("'\(key)' must be a date pattern string such as \"MM/dd/yyyy\"")
        }
      }, encode: { $0.map { .string($0.source) } ?? .null })
  }
}

extension OptionCodec where T == Moment? {
  static var moment: Self {
    Self(
      type: "string?",
      decode: { value, key throws(OptionError) in
        if let s = value.string {
          guard let m = DateKind.iso(s.trimmingSpaces) else {
            throw OptionError(
              "'\(key)' must be an ISO-8601 date or time such as \"2026-11-30\", \"14:05\" or \"2026-11-30T14:05\" (got '\(s)')"
            )
          }
          return m
        }
        guard value.isNull else { throw OptionError("'\(key)' must be an ISO-8601 string (got \(value.typeName))") }
        return nil
      }, encode: { $0.map { .string($0.iso) } ?? .null })
  }
}

extension OptionCodec where T == Int? {
  /// A whole number of minutes from 1 to 30 that divides an hour, or nil.
  static var minuteStep: Self {
    Self(
      type: "integer?",
      decode: { value, key throws(OptionError) in
        if value.isNull { return nil }
        let steps = (1...30).filter { 60 % $0 == 0 }
        guard let n = value.number, n == n.rounded(), n >= 1, n <= 30, steps.contains(Int(n)) else {
          throw OptionError(
            "'\(key)' must be a number of minutes that divides an hour: \(steps.map(String.init).joined(separator: ", "))"
              + (value.number.map { " (got \(Value.formatNumber($0)))" } ?? " (got \(value.typeName))"))
        }
        return Int(n)
      }, encode: { $0.map { .int($0) } ?? .null })
  }
}
