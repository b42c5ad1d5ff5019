import FormCore

/// `json`: a value of any JSON shape, typed as JSON (`{"app": "web"}`,
/// `[1, 2]`, `true`); text that is not JSON is a string as typed. A schema's
/// property that no other kind can hold (several types, `anyOf` of shapes, a
/// map of names) becomes one.
struct JSONKind: ItemKind {
  var name: String { "json" }

  func parse(_ text: String, for item: Item) -> Parsed {
    let t = text.trimmingSpaces
    if t.isEmpty { return .value(.null) }
    if let v = try? JSON.decode(t) {
      // a number that would come out changed
      if let big = JSON.inexactIntegers(in: t).first {
        return .refused((big.place.isEmpty ? "" : big.place + ": ") + big.message)
      }
      return .value(v)
    }
    return .value(.string(text))
  }

  /// Any value a script gives is a JSON value.
  func accept(_ value: Value, for item: Item) -> Parsed { .value(value) }

  func display(_ value: Value, for item: Item) -> String { value.isNull ? "" : JSON.encode(value) }

  func facts(for item: Item) -> KindFacts {
    let typed = item.value.isNull ? nil : JSON.encode(item.value)
    let examples = ["{\"key\": \"value\"}", "[1, 2]", "true"]
    return KindFacts(
      shape: .text, noun: item.say("json.noun"),
      expects: item.say("json.expects", ["examples": item.words.alternatives(examples)]),
      examples: examples, typed: typed, spoken: .init(typed ?? item.say("value.empty_word")))
  }
}

extension String {
  var trimmingSpaces: String {
    let chars = Array(self)
    guard let a = chars.firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let b = chars.lastIndex(where: { !$0.isWhitespace })!
    return String(chars[a...b])
  }
}

/// How a row's value and its JSON value convert (the row holds what its kind
/// holds: an option's label, a time of day; the document holds the schema's).
enum Codec {
  /// the same value both ways (text, numbers, switches, dates)
  case plain
  /// a number the schema wants whole: `30.0` from a slider is the document's `30`
  case integer
  /// one option: its label in the row, its value in the document
  case choice([Choice])
  /// several options, likewise, as lists
  case choices([Choice])
  /// a JSON row: the document's value typed back as JSON text
  case json
  /// a time of day or a date and time: the row's local clock, the document's RFC 3339 with an offset
  case moment(dateTime: Bool)

  struct Choice {
    var label: String
    var value: Value
  }

  /// Labels that tell the values apart: strings as they are, other values as
  /// JSON, or (when titles are given and distinct) the titles.
  static func choices(_ values: [Value], titles: [String?] = []) -> [Choice] {
    let given = titles.compactMap { $0 }
    if given.count == values.count, Set(given).count == given.count {
      return zip(given, values).map { Choice(label: $0, value: $1) }
    }
    var labels = values.map { $0.string ?? JSON.encode($0) }
    if Set(labels).count != labels.count { labels = values.map(JSON.encode) }
    return zip(labels, values).map { Choice(label: $0, value: $1) }
  }

  /// The value to give the row for a document's value (a string is read as
  /// typed, as `--set` is); nil when the row cannot hold it.
  func row(_ json: Value) -> Value? {
    switch self {
    case .plain, .integer: return json
    case .json: return json.isNull ? .null : .string(JSON.encode(json))
    case .choice(let options):
      // null is the empty choice
      if json.isNull { return .null }
      return options.first { jsonEqual($0.value, json) }.map { .string($0.label) }
    case .choices(let options):
      guard let list = json.list else { return nil }
      var labels: [Value] = []
      for v in list {
        guard let o = options.first(where: { jsonEqual($0.value, v) }) else { return nil }
        labels.append(.string(o.label))
      }
      return .list(labels)
    case .moment(let dateTime):
      guard let s = json.string else { return nil }
      return Moments.local(s, dateTime: dateTime).map { .string($0) }
    }
  }

  /// The document's value for what the row holds; nil when the row is empty.
  func json(_ row: Value) -> Value? {
    switch self {
    case .plain:
      if row.isNull { return nil }
      return row
    case .integer:
      if case .double(let d) = row, d == d.rounded(), abs(d) < 0x1p63 { return .int(Int(d)) }
      return row.isNull ? nil : row
    case .json: return row.isNull ? nil : row
    case .choice(let options):
      guard let label = row.string else { return nil }
      return options.first { $0.label == label }?.value ?? row
    case .choices(let options):
      // an empty list of choices is no choice made (a document's `[]` is kept as it came)
      guard let list = row.list, !list.isEmpty else { return nil }
      return .list(list.map { v in options.first { $0.label == v.string }?.value ?? v })
    case .moment(let dateTime):
      guard let s = row.string, !s.isEmpty else { return nil }
      return .string(Moments.rfc3339(s, dateTime: dateTime))
    }
  }
}
