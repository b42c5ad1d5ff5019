/// Turns the bytes a terminal sends into keys: UTF-8 (a character cut
/// between two reads waits for its rest), C0 controls as Ctrl keys, CSI and
/// SS3 sequences (arrows, Home/End and the other editing keys in xterm's,
/// the Linux console's and rxvt's encodings, with their modifiers), Alt as
/// a leading Esc, and bracketed paste.
///
/// An Esc may begin a sequence or be the Esc key itself; the decoder cannot
/// tell until more bytes come or none do. `next()` returns nil while the
/// bytes so far may still grow into a longer key; the reader that feeds it
/// waits a short time, then calls `next(flush: true)`, which takes what is
/// there as it stands (a lone Esc is `escape`; `Esc b` is Alt-B either way).
public struct KeyDecoder {
  var bytes: [UInt8] = []
  var start = 0
  /// Inside a bracketed paste: the text so far is `bytes[start...]`; the
  /// end mark has not been found before `pasteScanned`.
  var pasting = false
  var pasteScanned = 0

  /// An empty decoder.
  public init() {}

  /// Bytes as the terminal sent them, in order.
  public mutating func feed<S: Sequence>(_ more: S) where S.Element == UInt8 {
    if start > 4096, start * 2 > bytes.count {
      bytes.removeFirst(start)
      pasteScanned -= start
      start = 0
    }
    bytes.append(contentsOf: more)
  }

  /// True when bytes are waiting that are not a key yet.
  public var hasPending: Bool { start < bytes.count || pasting }

  /// True inside a bracketed paste (its end can take any time to come).
  public var isPasting: Bool { pasting }

  /// True when the bytes waiting begin with an Esc: only then can a short
  /// wait tell what they are (a character cut between reads is completed by
  /// the next read, or taken as not UTF-8 by the next key that is not its rest).
  public var waitsForEscape: Bool { !pasting && start < bytes.count && bytes[start] == 0x1B }

  /// The bytes not decoded yet, taken out (the decoder is left empty).
  public mutating func takePending() -> [UInt8] {
    let rest = Array(bytes[start...])
    bytes = []
    start = 0
    pasting = false
    pasteScanned = 0
    return rest
  }

  /// The next key; nil when no key is complete yet. `flush`: no more bytes
  /// came within the wait, so a sequence cut short is taken as it stands.
  public mutating func next(flush: Bool = false) -> Key? {
    if pasting { return pasteEnd() }
    guard start < bytes.count else { return nil }
    guard let (key, length) = decode(at: start, flush: flush) else { return nil }
    start += length
    if key == Self.pasteStart {
      pasting = true
      pasteScanned = start
      return next(flush: flush)
    }
    return key
  }

  /// A marker key: the bracketed paste begins (never returned).
  static let pasteStart = Key(.function(200))
  static let pasteEndMark: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~

  mutating func pasteEnd() -> Key? {
    let mark = Self.pasteEndMark
    var i = max(pasteScanned, start)
    while i + mark.count <= bytes.count {
      if bytes[i] == 0x1B, Array(bytes[i..<i + mark.count]) == mark {
        let text = String(validating: bytes[start..<i], as: UTF8.self)
        start = i + mark.count
        pasting = false
        return Key(text.map { .paste($0) } ?? .notUTF8)
      }
      i += 1
    }
    pasteScanned = i
    return nil
  }

  /// The key at `i` and how many bytes it took; nil when it needs more.
  func decode(at i: Int, flush: Bool) -> (Key, Int)? {
    let b = bytes[i]
    switch b {
    case 0x1B: return escape(at: i, flush: flush)
    case 0x0D, 0x0A: return (Key(.enter), 1)
    case 0x09: return (Key(.tab), 1)
    case 0x7F: return (Key(.backspace), 1)
    case 0x00: return (Key(.char(" "), .ctrl), 1)
    case 0x01...0x1A: return (Key(.char(Character(Unicode.Scalar(b + 0x60))), .ctrl), 1)
    case 0x1C...0x1F: return (Key(.char(Character(Unicode.Scalar(b + 0x40))), .ctrl), 1)
    case 0x20..<0x7F: return (Key(.char(Character(Unicode.Scalar(b)))), 1)
    default: return utf8(at: i, flush: flush)
    }
  }

  /// A character of two to four bytes; `notUTF8` for bytes that are not UTF-8.
  func utf8(at i: Int, flush: Bool) -> (Key, Int)? {
    let b0 = bytes[i]
    let more = b0 >= 0xF0 ? 3 : b0 >= 0xE0 ? 2 : b0 >= 0xC0 ? 1 : 0
    guard more > 0, b0 < 0xF8 else { return (Key(.notUTF8), 1) }
    var scalar = UInt32(b0) & (0x7F >> (more + 1))
    for k in 1...more {
      guard i + k < bytes.count else {
        // the rest of a character cut between two reads is on its way
        return flush ? (Key(.notUTF8), k) : nil
      }
      let b = bytes[i + k]
      guard b & 0xC0 == 0x80 else { return (Key(.notUTF8), k) }
      scalar = scalar << 6 | UInt32(b & 0x3F)
    }
    guard let s = Unicode.Scalar(scalar), !Self.overlong(scalar, more) else {
      return (Key(.notUTF8), more + 1)
    }
    return (Key(.char(Character(s))), more + 1)
  }

  static func overlong(_ scalar: UInt32, _ more: Int) -> Bool {
    switch more {
    case 1: return scalar < 0x80
    case 2: return scalar < 0x800
    default: return scalar < 0x10000
    }
  }

  /// Esc: alone, Alt and a key, or the start of a CSI (`ESC [`) or SS3 (`ESC O`) sequence.
  func escape(at i: Int, flush: Bool) -> (Key, Int)? {
    guard i + 1 < bytes.count else { return flush ? (Key(.escape), 1) : nil }
    let b1 = bytes[i + 1]
    switch b1 {
    case 0x5B:  // [
      guard i + 2 < bytes.count else { return flush ? (Key(.char("["), .alt), 2) : nil }
      return csi(at: i, flush: flush)
    case 0x4F:  // O
      guard i + 2 < bytes.count else { return flush ? (Key(.char("O"), .alt), 2) : nil }
      return (ss3(bytes[i + 2]), 3)
    case 0x1B:
      // Esc Esc: Alt and whatever the second Esc starts
      guard let (inner, length) = escape(at: i + 1, flush: flush) else { return nil }
      var key = inner
      key.modifiers.insert(.alt)
      return (key, length + 1)
    default:
      guard let (inner, length) = decode(at: i + 1, flush: flush) else { return nil }
      var key = inner
      key.modifiers.insert(.alt)
      return (key, length + 1)
    }
  }

  /// `ESC O x`: arrows, Home/End and F1–F4 in the keypad's application mode, rxvt's Ctrl-arrows, the keypad.
  func ss3(_ b: UInt8) -> Key {
    switch b {
    case 0x41: return Key(.up)
    case 0x42: return Key(.down)
    case 0x43: return Key(.right)
    case 0x44: return Key(.left)
    case 0x48: return Key(.home)
    case 0x46: return Key(.end)
    case 0x50...0x53: return Key(.function(Int(b) - 0x4F))
    case 0x4D: return Key(.enter)
    case 0x61: return Key(.up, .ctrl)
    case 0x62: return Key(.down, .ctrl)
    case 0x63: return Key(.right, .ctrl)
    case 0x64: return Key(.left, .ctrl)
    case 0x6A...0x79:
      // the keypad: * + , - . / 0-9
      let chars = Array("*+,-./0123456789")
      return Key(.char(chars[Int(b) - 0x6A]))
    case 0x58: return Key(.char("="))
    default: return Key(.unknown)
    }
  }

  /// `ESC [ params final`. nil when cut short (and not flushing); a
  /// malformed sequence is `unknown`, taken up to where it went wrong.
  func csi(at i: Int, flush: Bool) -> (Key, Int)? {
    var j = i + 2
    // the Linux console's F1–F5: ESC [ [ A … E
    if j < bytes.count, bytes[j] == 0x5B {
      guard j + 1 < bytes.count else { return flush ? (Key(.unknown), 3) : nil }
      let b = bytes[j + 1]
      return ((0x41...0x45).contains(b) ? Key(.function(Int(b) - 0x40)) : Key(.unknown), 4)
    }
    var params: [Int] = []
    var current: Int?
    var intermediate = false
    var privateMarker = false
    var sub = false
    while j < bytes.count {
      let b = bytes[j]
      switch b {
      case 0x30...0x39:
        if !sub { current = min((current ?? 0) * 10 + Int(b - 0x30), 100_000) }
      case 0x3B:
        params.append(current ?? 1)
        current = nil
        sub = false
      case 0x3A:
        // a sub-parameter (kitty's event types): skipped to the next ';'
        sub = true
      case 0x3C...0x3F: privateMarker = true
      case 0x24 where !intermediate && !privateMarker:
        // rxvt's Shift: ESC [ 2 $ is Shift-Insert
        params.append(current ?? 1)
        return (rxvt(params, .shift), j + 1 - i)
      case 0x20...0x2F: intermediate = true
      case 0x40...0x7E:
        if let c = current { params.append(c) }
        if privateMarker || intermediate { return (Key(.unknown), j + 1 - i) }
        return (final(b, params), j + 1 - i)
      default:
        return (Key(.unknown), j - i)
      }
      j += 1
    }
    return flush ? (Key(.unknown), bytes.count - i) : nil
  }

  /// Modifiers from the parameter of `CSI 1 ; m X` (1 + shift 1, alt 2, ctrl 4, meta 8).
  static func modifiers(_ param: Int?) -> Key.Modifiers {
    guard let m = param, m > 1 else { return [] }
    let bits = UInt8(truncatingIfNeeded: m - 1)
    var out = Key.Modifiers(rawValue: bits & 0x07)
    if bits & 0x08 != 0 { out.insert(.alt) }  // Meta
    return out
  }

  func final(_ b: UInt8, _ params: [Int]) -> Key {
    let mods = Self.modifiers(params.count > 1 ? params[1] : nil)
    switch b {
    case 0x41: return Key(.up, mods)
    case 0x42: return Key(.down, mods)
    case 0x43: return Key(.right, mods)
    case 0x44: return Key(.left, mods)
    case 0x48: return Key(.home, mods)
    case 0x46: return Key(.end, mods)
    case 0x5A: return Key(.tab, mods.union(.shift))
    case 0x50...0x53: return Key(.function(Int(b) - 0x4F), mods)
    case 0x61: return Key(.up, .shift)  // rxvt's Shift-arrows: ESC [ a … d
    case 0x62: return Key(.down, .shift)
    case 0x63: return Key(.right, .shift)
    case 0x64: return Key(.left, .shift)
    case 0x7E: return tilde(params.first ?? 1, mods)
    case 0x5E: return rxvt(params, .ctrl)  // ESC [ 7 ^ : Ctrl-Home
    case 0x40: return rxvt(params, [.ctrl, .shift])
    case 0x75: return csiU(params.first ?? 0, mods)
    default: return Key(.unknown)
    }
  }

  func rxvt(_ params: [Int], _ mods: Key.Modifiers) -> Key {
    var key = tilde(params.first ?? 1, [])
    key.modifiers = mods
    return key
  }

  /// `CSI n ~`: the editing keys and F5–F20 (VT220 numbering), and the paste marks.
  func tilde(_ n: Int, _ mods: Key.Modifiers) -> Key {
    switch n {
    case 1, 7: return Key(.home, mods)
    case 2: return Key(.insert, mods)
    case 3: return Key(.delete, mods)
    case 4, 8: return Key(.end, mods)
    case 5: return Key(.pageUp, mods)
    case 6: return Key(.pageDown, mods)
    case 11...15: return Key(.function(n - 10), mods)
    case 17...21: return Key(.function(n - 11), mods)
    case 23...26: return Key(.function(n - 12), mods)
    case 28, 29: return Key(.function(n - 13), mods)
    case 31...34: return Key(.function(n - 14), mods)
    case 200: return Self.pasteStart
    default: return Key(.unknown)
    }
  }

  /// `CSI code ; m u` (fixterms, kitty): a key by its code point.
  func csiU(_ code: Int, _ mods: Key.Modifiers) -> Key {
    switch code {
    case 13: return Key(.enter, mods)
    case 9: return Key(.tab, mods)
    case 27: return Key(.escape, mods)
    case 127, 8: return Key(.backspace, mods)
    default:
      guard code >= 0x20, let s = Unicode.Scalar(UInt32(code)) else { return Key(.unknown) }
      return Key(.char(Character(s)), mods)
    }
  }
}
