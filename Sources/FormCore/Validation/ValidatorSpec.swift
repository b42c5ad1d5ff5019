/// A validator string as a script writes it: `name` or `name(arg, arg)`.
public struct ValidatorSpec: Equatable {
  public var name: String
  public var arguments: [Value]
  public var source: String

  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Read a validator string. `pattern(...)` takes everything inside the
  /// parentheses as one pattern; other arguments are numbers or words.
  public static func parse(_ source: String) throws(Error) -> ValidatorSpec {
    let text = source.trimmingSpaces
    guard let open = text.firstIndex(of: "(") else {
      guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
        throw Error(message: "bad validator '\(source)' (expected a name or name(arguments))")
      }
      return ValidatorSpec(name: text, arguments: [], source: text)
    }
    let name = text[..<open].trimmingSpaces
    guard text.hasSuffix(")"), !name.isEmpty else {
      throw Error(message: "bad validator '\(source)' (expected name(arguments) with a closing ')')")
    }
    let inner = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    if name == "pattern" { return ValidatorSpec(name: name, arguments: [.string(inner)], source: text) }
    let args: [Value] =
      inner.trimmingSpaces.isEmpty
      ? []
      : inner.split(separator: ",", omittingEmptySubsequences: false).map { part in
        let word = part.trimmingSpaces
        if let i = Int(word) { return .int(i) }
        if let d = Double(word) { return .double(d) }
        if word.count >= 2, let f = word.first, f == "'" || f == "\"", word.last == f {
          return .string(String(word.dropFirst().dropLast()))
        }
        return .string(word)
      }
    return ValidatorSpec(name: name, arguments: args, source: text)
  }
}

/// The validators a string can name, built in or registered by the script.
public enum Validators {
  public static let builtInNames = ["presence", "length", "email", "url", "range", "pattern", "count", "luhn"]

  /// Make the validator a string names; an unknown name or a bad argument is
  /// an error that says what was meant.
  public static func make(_ source: String, in form: Form) throws(ValidatorSpec.Error) -> any Validator {
    let spec = try ValidatorSpec.parse(source)
    if let handler = form.namedValidators[spec.name] {
      return HandlerValidator(source: spec.source, handler: handler, arguments: spec.arguments)
    }
    switch spec.name {
    case "presence":
      try expect(spec, count: 0...0)
      return PresenceValidator()
    case "email":
      try expect(spec, count: 0...0)
      return EmailValidator()
    case "url":
      try expect(spec, count: 0...0)
      return URLValidator()
    case "luhn":
      try expect(spec, count: 0...0)
      return LuhnValidator()
    case "length":
      let (lo, hi) = try bounds(spec, integers: true)
      return LengthValidator(source: spec.source, min: lo.map(whole), max: hi.map(whole))
    case "count":
      let (lo, hi) = try bounds(spec, integers: true)
      return CountValidator(source: spec.source, min: lo.map(whole), max: hi.map(whole))
    case "range":
      let (lo, hi) = try bounds(spec, integers: false)
      return RangeValidator(source: spec.source, min: lo, max: hi)
    case "pattern":
      let p = spec.arguments.first?.string ?? ""
      do {
        return PatternValidator(source: spec.source, pattern: try LuaPattern(p))
      } catch {
        throw ValidatorSpec.Error(message: "bad pattern in '\(spec.source)': \(error.message)")
      }
    default:
      var message = "unknown validator '\(spec.name)'"
      if let s = suggestion(for: spec.name, among: builtInNames + form.namedValidators.keys) {
        message += " (did you mean '\(s)'?)"
      }
      throw ValidatorSpec.Error(message: message)
    }
  }

  static func expect(_ spec: ValidatorSpec, count: ClosedRange<Int>) throws(ValidatorSpec.Error) {
    guard count.contains(spec.arguments.count) else {
      throw ValidatorSpec.Error(message: "'\(spec.name)' takes no arguments (in '\(spec.source)')")
    }
  }

  /// A checked whole-number bound as an Int (Int.max as a Double is 2^63, which `Int()` traps on).
  static func whole(_ d: Double) -> Int { d >= 0x1p63 ? Int.max : Int(d) }

  /// `(min)` or `(min, max)`; either may be left empty as `(, 10)`.
  static func bounds(_ spec: ValidatorSpec, integers: Bool) throws(ValidatorSpec.Error) -> (Double?, Double?) {
    let args = spec.arguments
    guard (1...2).contains(args.count) else {
      throw ValidatorSpec.Error(message: "'\(spec.name)' takes (min) or (min, max) (in '\(spec.source)')")
    }
    func bound(_ v: Value) throws(ValidatorSpec.Error) -> Double? {
      if v == .string("") { return nil }
      // a count is a whole number an Int holds (Int(d) traps from 2^63 on); a range bound is finite
      guard let d = v.number, d.isFinite, !integers || (d == d.rounded() && d >= 0 && d <= 0x1p63) else {
        throw ValidatorSpec.Error(
          message:
            "bad argument '\(v.string ?? Value.formatNumber(v.number ?? 0))' to '\(spec.name)' (\(integers ? "a whole number" : "a number") expected, in '\(spec.source)')"
        )
      }
      return d
    }
    let lo = try bound(args[0])
    let hi = args.count > 1 ? try bound(args[1]) : nil
    if let lo, let hi, lo > hi {
      throw ValidatorSpec.Error(message: "'\(spec.source)': the minimum is larger than the maximum")
    }
    return (lo, hi)
  }
}
