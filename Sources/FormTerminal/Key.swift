/// One key as a person pressed it, decoded from whatever bytes the terminal
/// sent for it (`ESC [ H`, `ESC O H` and `ESC [ 1 ~` are all `home`).
public struct Key: Hashable, Sendable, CustomStringConvertible {
  /// Which key.
  public enum Code: Hashable, Sendable {
    /// a character typed (a letter with Ctrl is `char` with `.ctrl`)
    case char(Character)
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    case enter, tab, backspace
    /// Esc alone (no other byte followed it within the decoder's wait)
    case escape
    /// F1 to F20
    case function(Int)
    /// text pasted between the terminal's bracketed-paste marks, as it came
    case paste(String)
    /// bytes that are not UTF-8, typed or pasted (refused, as the line mode
    /// refuses a line that is not UTF-8, never taken as U+FFFD)
    case notUTF8
    /// a sequence the decoder does not know (a mouse report, an unbound key)
    case unknown
  }

  /// The modifier keys held.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// the bits as in the modifier parameter of `CSI 1 ; m X`, less one
    public let rawValue: UInt8
    /// Modifiers from their bits (shift 1, alt 2, ctrl 4).
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift held.
    public static let shift = Modifiers(rawValue: 1)
    /// Alt (Meta, Option) held, or Esc pressed just before.
    public static let alt = Modifiers(rawValue: 2)
    /// Ctrl held.
    public static let ctrl = Modifiers(rawValue: 4)
  }

  /// Which key.
  public var code: Code
  /// The modifiers held with it.
  public var modifiers: Modifiers

  /// A key with modifiers (none by default).
  public init(_ code: Code, _ modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  /// A plain character.
  public static func char(_ c: Character) -> Key { Key(.char(c)) }
  /// Ctrl and a letter (`ctrl("a")` is Ctrl-A).
  public static func ctrl(_ c: Character) -> Key { Key(.char(c), .ctrl) }
  /// Alt and a character (`alt("b")` is Alt-B, or Esc then b).
  public static func alt(_ c: Character) -> Key { Key(.char(c), .alt) }

  /// The printable character typed, if the key is one with no Ctrl or Alt.
  public var character: Character? {
    guard case .char(let c) = code, modifiers.isDisjoint(with: [.ctrl, .alt]) else { return nil }
    return c
  }

  /// How the key is named in help lines and tests: `Ctrl-S`, `Alt-B`, `Shift-Tab`, `Down`, `a`.
  public var description: String {
    var name: String
    switch code {
    case .char(" "): name = "Space"
    case .char(let c): name = modifiers.isEmpty ? String(c) : String(c).uppercased()
    case .up: name = "Up"
    case .down: name = "Down"
    case .left: name = "Left"
    case .right: name = "Right"
    case .home: name = "Home"
    case .end: name = "End"
    case .pageUp: name = "PgUp"
    case .pageDown: name = "PgDn"
    case .insert: name = "Insert"
    case .delete: name = "Delete"
    case .enter: name = "Enter"
    case .tab: name = "Tab"
    case .backspace: name = "Backspace"
    case .escape: name = "Esc"
    case .function(let n): name = "F\(n)"
    case .paste(let text): name = "paste(\(text.count) characters)"
    case .notUTF8: name = "not UTF-8"
    case .unknown: name = "unknown"
    }
    if modifiers.contains(.shift) { name = "Shift-" + name }
    if modifiers.contains(.alt) { name = "Alt-" + name }
    if modifiers.contains(.ctrl) { name = "Ctrl-" + name }
    return name
  }
}
