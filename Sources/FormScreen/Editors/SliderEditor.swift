import FormCore
import FormTerminal

/// A number between two ends: ←/→ (↑/↓) by a step, PgUp/PgDn by ten,
/// Home/End to the ends; typing a digit types the number instead.
final class SliderEditor: RowEditor {
  let low: Double
  let high: Double
  let step: Double
  var x: Double
  /// The number typed, when one is being typed.
  var typing: LineBuffer?

  override init(item: Item, facts: RowFacts) {
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
    let places = Self.places(step)
    let scale = Self.power(places)
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

  var text: String { Value.formatNumber(x) }

  override func inline() -> (text: String, cursor: Int?)? {
    if let typing { return (typing.text, typing.cursorCells) }
    let cells = 20
    let at = high > low ? Int(((x - low) / (high - low) * Double(cells - 1)).rounded()) : 0
    let bar = String(repeating: "━", count: at) + "●" + String(repeating: "─", count: cells - 1 - at)
    return ("\(Value.formatNumber(low)) \(bar) \(Value.formatNumber(high))  \(text)", nil)
  }

  override var keys: [(key: String, does: String)] {
    [("←→", "step"), ("Enter", "accept"), ("Esc", "leave"), ("PgUp/PgDn", "×10"), ("0-9", "type")]
  }

  override func handle(_ key: Key) -> EditorAction {
    if var t = typing {
      switch key.code {
      case .enter: return t.isEmpty ? .leave : .accept(t.text)
      case .escape: return .leave
      case .char(let c) where key.modifiers.isEmpty:
        if c.isNumber || c == "." || c == "-" { t.insert(String(c)) }
      default: if !t.edit(key) { return .ignored }
      }
      typing = t
      return .handled
    }
    switch key.code {
    case .left, .down: x = snapped(x - step)
    case .right, .up: x = snapped(x + step)
    case .pageDown: x = snapped(x - 10 * step)
    case .pageUp: x = snapped(x + 10 * step)
    case .home: x = low
    case .end: x = high
    case .enter: return .accept(text)
    case .escape: return .leave
    case .char(let c) where key.modifiers.isEmpty && (c.isNumber || c == "." || c == "-"):
      typing = LineBuffer(String(c))
    default: return .ignored
    }
    return .handled
  }
}
