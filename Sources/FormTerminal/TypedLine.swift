/// A typed line made text: valid UTF-8 with no control characters. The fill
/// prompt and the REPL, at a terminal or through a pipe, all pass their
/// lines through here, so an arrow key's `ESC [ D` or a pasted tab never
/// becomes part of a value.
public enum TypedLine {
  /// The line as text, or the message that refuses it. `allowTab` lets tabs
  /// through (Lua code in the REPL).
  public static func text(_ bytes: [UInt8], allowTab: Bool = false) -> Result<String, Refused> {
    guard let line = String(validating: bytes, as: UTF8.self) else {
      return .failure(Refused(message: "! that line is not valid UTF-8; it was ignored"))
    }
    var column = 0
    for scalar in line.unicodeScalars {
      column += 1
      if isControl(scalar), !(allowTab && scalar == "\t") {
        return .failure(
          Refused(
            message: "! that line holds a control character (\(name(scalar)) at column \(column)); "
              + "it was ignored and nothing changed"))
      }
    }
    return .success(line)
  }

  /// A line as its lines: a pasted text holds line breaks (CR, LF or CR LF,
  /// a terminal sends a pasted newline as either), and the REPL runs each
  /// line of it in turn. A break at the very end (a paste that ended with
  /// one, then Enter) adds no empty line.
  public static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    guard bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return [bytes] }
    var out: [[UInt8]] = []
    var start = 0
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      guard b == 0x0A || b == 0x0D else {
        i += 1
        continue
      }
      out.append(Array(bytes[start..<i]))
      i += b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
      start = i
    }
    if start < bytes.count { out.append(Array(bytes[start...])) }
    return out
  }

  /// Why a line was refused, said as it is shown.
  public struct Refused: Error, Equatable { public var message: String }

  /// C0 and C1 controls and DEL.
  static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (0x7F...0x9F).contains(s.value) }

  static func name(_ s: Unicode.Scalar) -> String {
    switch s.value {
    case 0x1B: return "ESC, as an arrow key sends"
    case 0x09: return "a tab"
    case 0x7F: return "DEL"
    case 0..<0x20: return "Ctrl-" + String(Unicode.Scalar(UInt8(s.value + 0x40)))
    default: return "U+00" + String(s.value, radix: 16, uppercase: true)
    }
  }
}
