import FormCore

// INTERIM ADAPTER. The screen's widgets read what a row's kind says of
// itself: the widget its value wants, the limits, what to type. Until kinds
// describe themselves as data in FormCore (`KindFacts`, `item.facts`), this
// file works those facts out from what kinds expose today — their options
// (`kind.option`), whether they are secret or read lines, what activating
// does — never from a kind's name. It mirrors `KindFacts`' names, so
// switching over is: delete this file, `typealias RowFacts = KindFacts`,
// and `RowFacts.of(item)` becomes `item.facts`.

/// What the screen knows of a row's kind: its widget, limits and words.
struct RowFacts {
  /// The widget the value wants.
  enum Shape: Equatable {
    case action, text, secret, lines, toggle
    case number(slider: Bool)
    case masked(Mask)
    case date(DateShape)
    case oneOf(ChoiceList)
    case severalOf(ChoiceList)
    case components([ChoiceList])
    case card([CardField])
    case custom
  }

  struct Choice: Equatable {
    var label: String
  }

  struct ChoiceList: Equatable {
    var choices: [Choice]
    var chosen: [Int]
    var inline = false
  }

  struct Mask: Equatable {
    var format: String?
    var digits: Int?
  }

  struct DateShape: Equatable {
    enum Mode: String { case date, time, datetime }
    var mode: Mode
  }

  struct CardField: Equatable {
    var key: String
    var label: String
    var example: String
  }

  struct Bounds<T: Comparable>: Equatable {
    var min: T?
    var max: T?
    var isEmpty: Bool { min == nil && max == nil }
  }

  struct Limits: Equatable {
    var length = Bounds<Int>()
    var count = Bounds<Int>()
    var range = Bounds<Double>()
    var step: Double?
    var decimals: Int?
    var dates = Bounds<String>()
  }

  var shape: Shape
  /// What the editor reads, in words (with the kind's limits).
  var expects: String
  var limits = Limits()
  /// The value as it could be typed back; nil when empty or secret.
  var typed: String?

  /// The facts of `item`'s row.
  static func of(_ item: Item) -> RowFacts {
    let kind = item.kind
    var facts = RowFacts(shape: .text, expects: kind.expectedInput(for: item), typed: typed(item.value))
    facts.limits = limits(of: item)
    func strings(_ v: Value?) -> [String] { (v?.list ?? []).compactMap(\.string) }
    if !kind.hasValue {
      facts.shape = .action
    } else if kind is CustomKind {
      facts.shape = .custom
    } else if kind.isSecret(item) {
      facts.shape = .secret
      facts.typed = nil
    } else if kind.readsLines {
      facts.shape = .lines
    } else if let options = kind.option("options")?.list {
      if let first = options.first, first.list != nil {
        let chosen = item.value.list ?? []
        facts.shape = .components(
          options.enumerated().map { i, part in
            let labels = strings(part)
            let pick = i < chosen.count ? chosen[i].string.flatMap { labels.firstIndex(of: $0) } : nil
            return ChoiceList(choices: labels.map(Choice.init), chosen: pick.map { [$0] } ?? [])
          })
      } else {
        let labels = options.compactMap(\.string)
        if kind.initialValue.list != nil {
          let values = Set(strings(item.value))
          facts.shape = .severalOf(
            ChoiceList(
              choices: labels.map(Choice.init), chosen: labels.indices.filter { values.contains(labels[$0]) }))
        } else {
          let chosen = item.value.string.flatMap { labels.firstIndex(of: $0) }
          // a segmented control shows the chosen option in brackets among the others
          let inline = labels.first.map { kind.display(.string($0), for: item).contains("[\($0)]") } ?? false
          facts.shape = .oneOf(
            ChoiceList(choices: labels.map(Choice.init), chosen: chosen.map { [$0] } ?? [], inline: inline))
        }
      }
    } else if let mode = kind.option("mode")?.string.flatMap(DateShape.Mode.init) {
      facts.shape = .date(DateShape(mode: mode))
      facts.limits.dates = Bounds(min: kind.option("min")?.string, max: kind.option("max")?.string)
    } else if kind.option("step") != nil {
      facts.shape = .number(slider: true)
      facts.limits.range = Bounds(min: kind.option("min")?.number, max: kind.option("max")?.number)
      facts.limits.step = kind.option("step")?.number
    } else if let decimals = kind.option("decimals") {
      facts.shape = .number(slider: false)
      facts.limits.range = Bounds(min: kind.option("min")?.number, max: kind.option("max")?.number)
      facts.limits.decimals = decimals.number.map { Int($0) }
    } else if let format = kind.option("format") {
      let f = format.string
      facts.shape = .masked(Mask(format: f, digits: f.map { $0.filter { $0 == "X" }.count }))
    } else if case .value(.record) = kind.accept(.record(cardExample), for: item) {
      facts.shape = .card([
        CardField(key: "number", label: "card number", example: "4242 4242 4242 4242"),
        CardField(key: "expiry", label: "expiry", example: "12/28"),
        CardField(key: "cvv", label: "security code", example: "123"),
      ])
      facts.typed = nil
    } else if kind.option("secure") == nil, case .set(.bool) = kind.activate(item) {
      facts.shape = .toggle
    }
    if let n = kind.option("max_length")?.number {
      facts.limits.length.max = min(facts.limits.length.max ?? Int.max, Int(n))
    }
    return facts
  }

  static let cardExample: [Value.Field] = [
    .init("number", .string("4242424242424242")), .init("expiry", .string("12/28")), .init("cvv", .string("123")),
  ]

  /// The value as it could be typed again.
  static func typed(_ value: Value) -> String? {
    switch value {
    case .string(let s): return s.isEmpty ? nil : s
    case .int, .double: return value.number.map(Value.formatNumber)
    case .list(let l):
      let parts = l.compactMap(\.string)
      return parts.isEmpty || parts.count != l.count ? nil : parts.joined(separator: ", ")
    default: return nil
    }
  }

  /// `count(1, 3)` and `length(8, 64)` read from the row's validators.
  static func limits(of item: Item) -> Limits {
    var limits = Limits()
    for v in item.validators {
      let s = String(v.source.filter { $0 != " " })
      for (word, isCount) in [("count(", true), ("length(", false)] where s.hasPrefix(word) && s.hasSuffix(")") {
        let args = s.dropFirst(word.count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        let lo = args.first.flatMap { Int($0) }
        let hi = args.count > 1 ? Int(args[1]) : nil
        if isCount { limits.count = Bounds(min: lo, max: hi) } else { limits.length = Bounds(min: lo, max: hi) }
      }
    }
    return limits
  }
}
