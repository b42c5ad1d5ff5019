import FormCore

/// A number between two ends: left and right (up and down) by a step,
/// PgUp/PgDn by ten, Home/End to the ends; typing a digit types the number instead.
public final class SliderEditing: RowEditing {
  /// The lowest value.
  public let low: Double
  /// The highest value.
  public let high: Double
  /// The step.
  public let step: Double
  /// The value as it stands.
  public internal(set) var x: Double
  /// The number typed, when one is being typed.
  public internal(set) var typing: LineBuffer?

  override init(item: Item, facts: KindFacts) {
    low = facts.limits.range.min ?? 0
    high = max(facts.limits.range.max ?? 100, low)
    step = facts.limits.step ?? max((high - low) / 100, Double.leastNonzeroMagnitude)
    x = item.value.number ?? (low + (high - low) / 2)
    super.init(item: item, facts: facts)
    x = snapped(x)
  }

  func snapped(_ v: Double) -> Double {
    let n = ((v - low) / step).rounded()
    let y = min(max(low + n * step, low), high)
    // as the step writes it: 0.1 steps give 0.3, not 0.30000000000000004
    let scale = Self.power(Self.places(step))
    return (y * scale).rounded() / scale
  }

  static func places(_ d: Double) -> Int {
    var places = 0
    var v = d
    while places < 10, (v - v.rounded()).magnitude > 1e-9 {
      v *= 10
      places += 1
    }
    return places
  }

  static func power(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }

  /// The value as the line mode reads it.
  public var text: String { Value.formatNumber(x) }

  /// Where the value stands between the ends, from 0 to 1.
  public var fraction: Double { high > low ? (x - low) / (high - low) : 0 }

  /// True: it edits in the value column.
  public override var editsInPlace: Bool { true }

  /// The number typed, else a bar between the ends with the value.
  public override func inline() -> (text: String, cursor: Int?)? {
    if let typing { return (typing.text, typing.cursorCells) }
    let cells = 20
    let at = Int((fraction * Double(cells - 1)).rounded())
    let bar = String(repeating: "━", count: at) + "●" + String(repeating: "─", count: cells - 1 - at)
    return ("\(Value.formatNumber(low)) \(bar) \(Value.formatNumber(high))  \(text)", nil)
  }

  static func isNumberCharacter(_ c: Character) -> Bool { c.isNumber || c == "." || c == "-" }

  override func apply(_ input: EditInput) -> EditResult {
    if var t = typing {
      switch input {
      case .enter: return t.isEmpty ? .leave : .accept(t.text)
      case .escape: return .leave
      case .insert(let s):
        for c in s where Self.isNumberCharacter(c) { t.insert(c) }
      default: if !t.edit(input) { return .ignored }
      }
      typing = t
      return .handled
    }
    switch input {
    case .left, .down: x = snapped(x - step)
    case .right, .up: x = snapped(x + step)
    case .pageDown: x = snapped(x - 10 * step)
    case .pageUp: x = snapped(x + 10 * step)
    case .home: x = low
    case .end: x = high
    case .enter: return .accept(text)
    case .escape: return .leave
    case .setText(let s): typing = LineBuffer(String(s.filter(Self.isNumberCharacter)))
    case .insert(let s) where s.first.map(Self.isNumberCharacter) == true:
      typing = LineBuffer(String(s.filter(Self.isNumberCharacter)))
    default: return .ignored
    }
    return .handled
  }
}
