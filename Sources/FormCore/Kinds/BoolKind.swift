/// `bool`: a switch, on or off; activating the row toggles it. With
/// `unset` it may be neither (empty, as a JSON Schema's boolean nobody set).
struct BoolKind: ItemKind {
  /// True: the switch may be neither on nor off (empty): `clear` empties it.
  var unset = false
  init() {}
  /// `unset`.
  static var optionTable: [KindOption<Self>] {
    [
      KindOption(
        "unset", \.unset, .bool,
        "The switch may be neither on nor off: empty, as `clear` leaves it (a JSON Schema's boolean nobody set).")
    ]
  }
  /// No check of its own.
  var checksValueAlone: Bool { true }
  var name: String { "bool" }
  var initialValue: Value { .bool(false) }

  static let words: [String: Bool] = [
    "on": true, "off": false, "yes": true, "no": false, "y": true, "n": false,
    "true": true, "false": false, "1": true, "0": false,
  ]

  func parse(_ text: String, for item: Item) -> Parsed {
    let t = text.trimmingSpaces.lowercased()
    if let b = Self.words[t] { return .value(.bool(b)) }
    let c = item.words
    if t == "toggle" || c.words("bool.toggle").contains(t) { return .value(.bool(!(item.value.bool ?? false))) }
    if c.words("bool.on_words").contains(t) { return .value(.bool(true)) }
    if c.words("bool.off_words").contains(t) { return .value(.bool(false)) }
    return .refused(item.say("bool.refused", ["got": text]))
  }

  func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .bool: return .value(value)
    case .null: return .value(unset ? .null : .bool(false))
    case .string(let s): return parse(s, for: item)
    default: return .refused("\(item.messageName) takes a boolean (got \(value.typeName))")
    }
  }

  // (the catalogue's own `say`: these phrases name no label, and every
  // switch row drawn says one, so the row's message name is not made for it)
  func display(_ value: Value, for item: Item) -> String {
    if unset, value.isNull { return "" }
    return item.words.say(value.bool == true ? "bool.on" : "bool.off")
  }

  /// On or off, typed y or n.
  func facts(for item: Item) -> KindFacts {
    let on = display(item.value, for: item)
    return KindFacts(
      shape: .toggle, noun: item.say("bool.noun"), expects: item.say("bool.expects"),
      examples: item.words.words("bool.examples"), typed: on.isEmpty ? nil : on,
      spoken: .init(on.isEmpty ? item.say("value.empty_word") : on))
  }

  func activate(_ item: Item) -> Activation { .set(.bool(!(item.value.bool ?? false))) }
}
