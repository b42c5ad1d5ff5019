/// `longtext`: text of several lines; its editor reads lines until one holding only `.`.
public struct LongTextKind: ItemKind {
  public var maxLength: Int?

  public init(maxLength: Int? = nil) { self.maxLength = maxLength }

  public var name: String { "longtext" }
  public var readsLines: Bool { true }
  public var optionNames: [String] { ["max_length"] }

  public func parse(_ text: String, for item: Item) -> Parsed {
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
      return .refused("\(item.label) takes at most \(maxLength) characters (got \(normal.count))")
    }
    return .value(.string(normal))
  }

  public func accept(_ value: Value, for item: Item) -> Parsed { acceptByParsing(value, for: item) }

  /// The first line, and how many there are when there are more: `Dear team, … (3 lines)`.
  public func display(_ value: Value, for item: Item) -> String {
    guard let s = value.string, !s.isEmpty else { return "" }
    let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > 1 else { return s }
    return lines[0] + " … (\(lines.count) lines)"
  }

  public func activate(_ item: Item) -> Activation {
    .edit([item.label + (maxLength.map { " (at most \($0) characters)" } ?? "") + ":"])
  }

  public mutating func setOption(_ key: String, to value: Value) -> OptionResult {
    guard key == "max_length" else { return .unknown }
    if value.isNull {
      maxLength = nil
      return .applied
    }
    guard let n = value.number, n >= 0, n == n.rounded(), n < 1e15 else {
      return .invalid("'max_length' must be a whole number of characters")
    }
    maxLength = Int(n)
    return .applied
  }

  public func option(_ key: String) -> Value? {
    key == "max_length" ? maxLength.map { .int($0) } ?? .null : nil
  }
}
