/// A kind registered by a script (`form:kind(name, { parse = fn, format = fn })`):
/// the `ItemKind` protocol carried out by handlers.
public struct CustomKind: ItemKind {
  /// The name the script registered it under.
  public let name: String
  /// `parse(text, item)` → value, or nil and a message
  let parser: Handler?
  /// `format(value, item)` → the text the row shows; it runs when the value
  /// changes (or the item joins a form), not when the row is drawn
  let formatter: Handler?
  /// What its editor reads, in the script's words (`minutes, like 90`); nil:
  /// one line of text.
  let hint: String?

  /// A kind whose `parse` and `format` are the script's functions (nil: text
  /// as is), whose editor says `hint` (nil: one line of text).
  public init(name: String, parse: Handler?, format: Handler?, hint: String? = nil) {
    self.name = name
    parser = parse
    formatter = format
    self.hint = hint
  }

  /// Runs the script's `parse`: a value, or a message refusing the text.
  public func parse(_ text: String, for item: Item) -> Parsed {
    guard let parser else { return .value(.string(text)) }
    let args: [HandlerArgument] = [.value(.string(text)), .item(item)]
    guard let result = item.form?.call(parser, args, context: "parse of kind '\(name)'") else {
      return .refused("\(item.messageName) could not be read (the kind's parse failed)")
    }
    let value = result.first ?? .null
    if value.isNull {
      return .refused(result.count > 1 ? messages(from: result[1]).first ?? "not a valid value" : "not a valid value")
    }
    return .value(value)
  }

  /// Its name as its noun, its hint; the value said as the row shows it
  /// (with the value itself when the row shows only symbols, `***`) and
  /// typed back as text or a number. Runs no Lua: the shown text is the
  /// one kept when the value changed.
  public func facts(for item: Item) -> KindFacts {
    let shown = item.displayValue
    var spoken = shown
    if item.value.isBlank {
      spoken = "empty"
    } else if !shown.contains(where: { $0.isLetter || $0.isNumber }) {
      spoken = (shown.isEmpty ? "" : shown + ", ") + "value " + item.value.words
    }
    let typed = item.value.string.flatMap { $0.isEmpty ? nil : $0 } ?? NumberText.typed(item.value)
    return KindFacts(
      shape: .custom, noun: name, expects: hint ?? "one line of text", typed: typed, spoken: .init(spoken))
  }

  /// Keeps any value a script assigns: the script owns the kind's meaning.
  public func accept(_ value: Value, for item: Item) -> Parsed { .value(value) }

  /// Runs the script's `format`, or shows the value's text form.
  public func display(_ value: Value, for item: Item) -> String {
    guard let formatter else { return value.isNull ? "" : JSON.encode(value).trimmingQuotes }
    // outside a form the handler cannot run; the item shows its value once it is in one
    guard let form = item.form else { return "" }
    guard let result = form.call(formatter, [.value(value), .item(item)], context: "format of kind '\(name)'")
    else { return "(format failed)" }
    switch result.first ?? .null {
    case .null: return ""
    case .string(let s): return s
    case let v: return JSON.encode(v)
    }
  }
}

extension String {
  var trimmingQuotes: String {
    hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
  }
}
