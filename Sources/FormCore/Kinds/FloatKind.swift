/// `float`: a slider, a number in `min`…`max` (default 0…1), snapped to `step`
/// when there is one. The row shows a bar and the number: `[#####-----] 0.5`.
struct FloatKind: ItemKind {
  var min = 0.0
  var max = 1.0
  var step: Double?

  init(min: Double = 0, max: Double = 1, step: Double? = nil) {
    self.min = min
    self.max = max
    self.step = step
  }

  var name: String { "float" }
  static var optionTable: [KindOption<Self>] {
    [
      KindOption("min", \.min, .number(), "The left end of the slider."),
      KindOption("max", \.max, .number(), "The right end of the slider."),
      KindOption("step", \.step, .optional(.positive()), "Values snap to min + a multiple of this (nil: no snapping)."),
    ]
  }

  /// Cells of the bar; ASCII so it reads the same in every terminal and border style.
  static let barWidth = 10

  func parse(_ text: String, for item: Item) -> Parsed {
    guard let n = NumberText.read(text) else {
      return .refused(item.say("slider.not_number", ["range": range(item.words), "got": text.trimmingSpaces]))
    }
    if let why = n.vanished(text, for: item) { return .refused(why) }
    return checked(n.value, for: item)
  }

  func accept(_ value: Value, for item: Item) -> Parsed {
    switch value {
    case .null: return .value(.null)
    case .int, .double: return checked(value.number!, for: item)
    case .string(let s): return parse(s, for: item)
    default: return .refused("\(item.messageName) takes a number (got \(value.typeName))")
    }
  }

  func range(_ c: Catalogue) -> String {
    c.say("slider.range", ["min": Value.formatNumber(min), "max": Value.formatNumber(max)])
  }

  func checked(_ x: Double, for item: Item) -> Parsed {
    guard x.isFinite, x >= min, x <= max else {
      return .refused(item.say("slider.outside", ["range": range(item.words), "got": Value.formatNumber(x)]))
    }
    guard let step, step > 0 else { return .value(.double(x)) }
    let places = Swift.max(NumberText.decimals(of: step), NumberText.decimals(of: min))
    // the ratio is first rounded to drop binary noise, so 0.35 with step 0.1 is 3.5 steps, not 3.4999…
    let steps = NumberText.round((x - min) / step, decimals: 9).rounded()
    let snapped = NumberText.round(min + steps * step, decimals: places)
    return .value(.double(Swift.min(snapped, max)))
  }

  func display(_ value: Value, for item: Item) -> String {
    guard let x = value.number else { return "" }
    var fraction = max > min ? Swift.min(Swift.max((x - min) / (max - min), 0), 1) : 0
    if !fraction.isFinite { fraction = 0 }  // Int() below traps on NaN
    let filled = Int((fraction * Double(Self.barWidth)).rounded())
    return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: Self.barWidth - filled) + "] "
      + NumberText.plain(x)
  }

  /// A number between the slider's ends, snapped to its step.
  func facts(for item: Item) -> KindFacts {
    let c = item.words
    let stepHint = step.map { c.say("slider.step", ["step": Value.formatNumber($0)]) } ?? ""
    // the middle of the slider, as the step lets it be
    var example: [String] = []
    if case .value(let v) = checked(min + (max - min) / 2, for: item), let x = v.number {
      example = [NumberText.plain(x)]
    }
    return KindFacts(
      shape: .number(slider: true), noun: c.say("slider.noun", ["range": NumberText.rangeWords(min, max, c)]),
      expects: c.say("slider.expects", ["range": range(c), "step": stepHint]), examples: example,
      limits: .init(range: .init(min: min, max: max), step: step), typed: NumberText.typed(item.value),
      spoken: .init(
        item.value.number.map { c.say("slider.at", ["value": Value.formatNumber($0)]) } ?? c.say("value.empty_word")))
  }

  /// `0.73 → 0.7 (step 0.1)` when the typed number was snapped.
  func adjustment(of text: String, to value: Value, for item: Item) -> String? {
    guard let typed = NumberText.read(text)?.value, let kept = value.number, typed != kept, let step else { return nil }
    return item.say(
      "slider.snapped",
      ["typed": Value.formatNumber(typed), "kept": Value.formatNumber(kept), "step": Value.formatNumber(step)])
  }
}
