/// `longtext`: text of several lines; its editor reads lines until one holding only `.`.
struct LongTextKind: ItemKind {
  var maxLength: Int?

  init(maxLength: Int? = nil) { self.maxLength = maxLength }

  var name: String { "longtext" }
  static var optionTable: [KindOption<Self>] {
    [
      KindOption(
        "max_length", \.maxLength, .optional(.whole(in: 0...TextKind.maxLengthLimit, of: "characters")),
        "At most this many characters in all lines together (nil: no limit).")
    ]
  }

  var readsLines: Bool { true }
  func parse(_ text: String, for item: Item) -> Parsed {
    // one kind of line break in values, whatever the terminal sent (by scalars:
    // as Characters, "\r" + "\r\n" → "\r" + "\n" would join into a new "\r\n")
    var normal = ""
    var scalars = text.unicodeScalars.makeIterator()
    var pending = scalars.next()
    while let u = pending {
      pending = scalars.next()
      if u == "\r" {
        if pending == "\n" { pending = scalars.next() }
        normal.unicodeScalars.append("\n")
      } else {
        normal.unicodeScalars.append(u)
      }
    }
    if let maxLength, normal.count > maxLength {
      return .refused(item.say("text.too_long", ["max": String(maxLength), "count": String(normal.count)]))
    }
    return .value(.string(normal))
  }

  func accept(_ value: Value, for item: Item) -> Parsed { acceptByParsing(value, for: item) }

  /// The first line, and how many there are when there are more: `Dear team, … (3 lines)`.
  func display(_ value: Value, for item: Item) -> String {
    guard let s = value.string, !s.isEmpty else { return "" }
    let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > 1 else { return s }
    return item.say("longtext.lines_shown", ["first": String(lines[0]), "count": String(lines.count)])
  }

  /// Several lines; read aloud one by one.
  func facts(for item: Item) -> KindFacts {
    let text = item.value.string ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let spoken: KindFacts.SpokenValue =
      text.isEmpty
      ? .init(item.say("value.empty_word"))
      : lines.count == 1
        ? .init(text) : .init(item.say("longtext.lines", ["count": String(lines.count)]), lines: lines)
    return KindFacts(
      shape: .lines, noun: item.say("longtext.noun"),
      expects: item.say("longtext.expects") + (maxLength.map { item.say("text.at_most", ["max": String($0)]) } ?? ""),
      limits: .init(length: .init(max: maxLength)), typed: text.isEmpty ? nil : text, spoken: spoken)
  }
}
