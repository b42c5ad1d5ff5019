extension Key {
  /// The key a name stands for, as tests and `s:press` write them: `down`,
  /// `enter`, `space`, `tab`, `shift-tab`, `esc`, `backspace`, `pgdn`,
  /// `ctrl-s`, `alt-b`, `f5`… (any case); nil for a name that is none.
  public init?(name: String) {
    var rest = Substring(name.lowercased())
    var mods: Modifiers = []
    let prefixes: [(String, Modifiers)] = [("ctrl", .ctrl), ("alt", .alt), ("shift", .shift)]
    while rest.count > 2,
      let (word, mod) = prefixes.first(where: { rest.hasPrefix($0.0 + "-") || rest.hasPrefix($0.0 + "+") })
    {
      mods.insert(mod)
      rest = rest.dropFirst(word.count + 1)
    }
    let code: Code
    switch rest {
    case "up": code = .up
    case "down": code = .down
    case "left": code = .left
    case "right": code = .right
    case "home": code = .home
    case "end": code = .end
    case "pgup", "pageup": code = .pageUp
    case "pgdn", "pagedown": code = .pageDown
    case "insert": code = .insert
    case "delete", "del": code = .delete
    case "enter", "return": code = .enter
    case "tab": code = .tab
    case "backspace", "bs": code = .backspace
    case "esc", "escape": code = .escape
    case "space": code = .char(" ")
    default:
      if rest.count == 1, let c = rest.first {
        code = .char(c)
      } else if rest.hasPrefix("f"), let n = Int(rest.dropFirst()), (1...20).contains(n) {
        code = .function(n)
      } else {
        return nil
      }
    }
    self.init(code, mods)
  }

  /// The bytes an xterm sends for the key (for tests and scripted input):
  /// `ESC [ B` for Down, `ESC [ 1 ; 5 C` for Ctrl-Right, `ESC b` for Alt-B,
  /// 0x13 for Ctrl-S; a paste in its bracketed-paste marks.
  public var bytes: [UInt8] {
    let esc: UInt8 = 0x1B
    func csi(_ final: String, number: Int = 1) -> [UInt8] {
      let bits = modifiers.rawValue
      if bits == 0 { return [esc, 0x5B] + Array((number == 1 ? "" : String(number)).utf8) + Array(final.utf8) }
      return [esc, 0x5B] + Array("\(number);\(Int(bits) + 1)".utf8) + Array(final.utf8)
    }
    func tilde(_ n: Int) -> [UInt8] {
      let bits = modifiers.rawValue
      return [esc, 0x5B] + Array((bits == 0 ? "\(n)" : "\(n);\(Int(bits) + 1)").utf8) + [0x7E]
    }
    switch code {
    case .up: return csi("A")
    case .down: return csi("B")
    case .right: return csi("C")
    case .left: return csi("D")
    case .home: return csi("H")
    case .end: return csi("F")
    case .pageUp: return tilde(5)
    case .pageDown: return tilde(6)
    case .insert: return tilde(2)
    case .delete: return tilde(3)
    case .function(let n):
      if n <= 4, modifiers.isEmpty { return [esc, 0x4F, UInt8(0x4F + n)] }
      let numbers = [0, 11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24, 25, 26, 28, 29, 31, 32, 33, 34]
      return tilde(numbers[min(n, 20)])
    case .tab: return modifiers.contains(.shift) ? [esc, 0x5B, 0x5A] : [0x09]
    case .enter: return (modifiers.contains(.alt) ? [esc] : []) + [0x0D]
    case .backspace: return (modifiers.contains(.alt) ? [esc] : []) + [0x7F]
    case .escape: return [esc]
    case .paste(let text): return [esc] + Array("[200~".utf8) + Array(text.utf8) + [esc] + Array("[201~".utf8)
    case .unknown: return []
    // a byte that is never UTF-8
    case .notUTF8: return [0xFF]
    case .char(let c):
      var out = Array(String(c).utf8)
      if modifiers.contains(.ctrl), let a = c.asciiValue {
        switch a {
        case 0x61...0x7A: out = [a - 0x60]
        case 0x40...0x5F: out = [a - 0x40]
        case 0x20: out = [0]
        default: break
        }
      }
      if modifiers.contains(.alt) { out.insert(esc, at: 0) }
      return out
    }
  }
}
