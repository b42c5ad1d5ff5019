/// `creditcard`: a card typed as `NUMBER MM/YY CVV` (spaces or dashes inside
/// the number are ignored). The value is `{ number, expiry, cvv }`; the card's
/// own checks (Luhn digit, expiry, security code) run with the validators.
struct CreditCardKind: ItemKind {
  /// Today, for the expiry check; tests set a fixed day.
  var today: () -> CivilDate

  init(today: @escaping () -> CivilDate = Clock.today) { self.today = today }

  var name: String { "creditcard" }

  enum Brand: String, Sendable {
    case visa = "Visa"
    case masterCard = "MasterCard"
    case amex = "Amex"
    case discover = "Discover"

    /// The brand of a card number by its leading digits, nil when unknown.
    init?(number: String) {
      func lead(_ n: Int) -> Int { Int(number.prefix(n)) ?? -1 }
      if number.hasPrefix("4") {
        self = .visa
      } else if (51...55).contains(lead(2)) || (2221...2720).contains(lead(4)) {
        self = .masterCard
      } else if [34, 37].contains(lead(2)) {
        self = .amex
      } else if lead(4) == 6011 || lead(2) == 65 || (644...649).contains(lead(3)) {
        self = .discover
      } else {
        return nil
      }
    }
  }

  func parse(_ text: String, for item: Item) -> Parsed {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard words.count >= 3 else {
      return .refused(item.say("card.parts", ["count": String(words.count)]))
    }
    // read from the end: the number itself may hold spaces
    let cvv = words[words.count - 1]
    let expiry = words[words.count - 2]
    let number = words.dropLast(2).joined().filter { $0 != "-" }
    guard expiry.contains("/") else {
      return .refused(item.say("card.expiry_form", ["got": expiry]))
    }
    return .value(Self.record(number: number, expiry: Self.normalExpiry(expiry), cvv: cvv))
  }

  static func record(number: String, expiry: String, cvv: String) -> Value {
    .record([.init("number", .string(number)), .init("expiry", .string(expiry)), .init("cvv", .string(cvv))])
  }

  /// `1/28` and `01/2028` → `01/28`; anything else as written (the check reports it).
  static func normalExpiry(_ s: String) -> String {
    guard let (m, y) = expiryParts(s) else { return s }
    return pad(m, 2) + "/" + pad(y % 100, 2)
  }

  /// Month and two-digit year of `MM/YY` (or `M/YY`, `MM/YYYY`), unchecked.
  static func expiryParts(_ s: String) -> (month: Int, year: Int)? {
    let parts = s.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      (1...2).contains(parts[0].count), parts[1].count == 2 || parts[1].count == 4,
      let m = Int(parts[0]), let y = Int(parts[1])
    else { return nil }
    return (m, parts[1].count == 4 ? y : 2000 + y)
  }

  /// A record with `number`, `expiry` and `cvv` (in any order), or the typed text.
  func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null: return .value(.null)
    case .string(let s): return parse(s, for: item)
    case .record(let fields):
      if let extra = fields.first(where: { !["number", "expiry", "cvv"].contains($0.key) }) {
        return .refused("\(item.messageName) takes number, expiry and cvv (got '\(extra.key)')")
      }
      var parts: [String: String] = [:]
      for f in fields {
        switch f.value {
        case .string(let s): parts[f.key] = s
        case .int(let i): parts[f.key] = String(i)
        default: return .refused("\(item.messageName) \(f.key) must be a string (got \(f.value.typeName))")
        }
      }
      let number = (parts["number"] ?? "").filter { $0 != " " && $0 != "-" }
      return .value(
        Self.record(number: number, expiry: Self.normalExpiry(parts["expiry"] ?? ""), cvv: parts["cvv"] ?? ""))
    default: return .refused("\(item.messageName) takes a table of number, expiry and cvv (got \(value.typeName))")
    }
  }

  /// REValidation's voice: one message per failed part.
  func check(_ value: Value, for item: Item) -> [String] {
    guard case .record = value, !value.isBlank else { return [] }
    let number = value["number"]?.string ?? ""
    let expiry = value["expiry"]?.string ?? ""
    let cvv = value["cvv"]?.string ?? ""
    var out: [String] = []
    if !Self.isCardNumber(number) { out.append(item.say("card.bad_number")) }
    if let (m, y) = Self.expiryParts(expiry), (1...12).contains(m) {
      let now = today()
      if (y, m) < (now.year, now.month) { out.append(item.say("card.expired")) }
    } else {
      out.append(item.say("card.bad_expiry"))
    }
    let digits = Brand(number: number) == .amex ? 4 : 3
    if cvv.count != digits || !cvv.allSatisfy({ $0.isASCII && $0.isNumber }) {
      out.append(item.say("card.bad_cvv"))
    }
    return out
  }

  /// A card number: 12 to 19 digits (ISO/IEC 7812), not all zeros, with a good Luhn check digit.
  static func isCardNumber(_ number: String) -> Bool {
    (12...19).contains(number.utf8.count) && number.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
      && number.utf8.contains { $0 != 48 } && LuhnValidator.isValid(number)
  }

  /// `Visa •••• 4242  12/28`: the brand, the last four digits, the expiry.
  func display(_ value: Value, for item: Item) -> String {
    guard case .record = value, !value.isBlank else { return "" }
    let number = value["number"]?.string ?? ""
    var parts: [String] = []
    if let brand = Brand(number: number) { parts.append(brand.rawValue + " ") }
    parts.append("•••• " + String(number.suffix(4)))
    if let expiry = value["expiry"]?.string, !expiry.isEmpty { parts.append("  " + expiry) }
    return parts.joined()
  }

  /// A card is a secret: its number and security code are never echoed,
  /// kept in the history or a draft, or put back into an editor; the row
  /// shows only the brand, the last four digits and the expiry.
  func isSecret(_ item: Item) -> Bool { true }

  /// The card's three fields, typed on one line: number, expiry, security code.
  static func fields(_ c: Catalogue) -> [KindFacts.CardField] {
    [
      KindFacts.CardField(key: "number", label: c.say("card.number"), example: "4242 4242 4242 4242"),
      KindFacts.CardField(key: "expiry", label: c.say("card.expiry"), example: "12/28"),
      KindFacts.CardField(key: "cvv", label: c.say("card.cvv"), example: "123"),
    ]
  }

  /// NUMBER MM/YY CVV; read aloud as its brand's last four digits and expiry,
  /// never in full, and (a secret) never typed back into an editor.
  func facts(for item: Item) -> KindFacts {
    let c = item.words
    let fields = Self.fields(c)
    let example = fields.map(\.example).joined(separator: " ")
    let value = item.value
    var spoken = c.say("value.empty_word")
    if case .record = value, !value.isBlank {
      spoken = c.say("card.ending", ["last": String((value["number"]?.string ?? "").suffix(4))])
      if let expiry = value["expiry"]?.string, !expiry.isEmpty { spoken += c.say("card.expires", ["expiry": expiry]) }
    }
    return KindFacts(
      shape: .card(fields), noun: c.say("card.noun"), expects: c.say("card.expects", ["example": example]),
      examples: [example], spoken: .init(spoken))
  }
}
