import Glibc

/// What the terminal named by `TERM` can show, read from its compiled
/// terminfo entry (the files `tic` writes, as ncurses reads them): only the
/// number of colours (`max_colors`), so that a terminal without colours
/// (vt100, xterm-mono) is drawn with attributes alone, as with `NO_COLOR`.
public enum Terminfo {
  /// The folders an entry is looked for in, in ncurses' order: `$TERMINFO`,
  /// `~/.terminfo`, `$TERMINFO_DIRS` (an empty part is the system's), then
  /// the system's own.
  public static func folders(env: (String) -> String? = Terminal.env) -> [String] {
    let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
    var out: [String] = []
    if let t = env("TERMINFO"), !t.isEmpty { out.append(t) }
    if let home = env("HOME"), !home.isEmpty { out.append(home + "/.terminfo") }
    if let dirs = env("TERMINFO_DIRS") {
      for part in dirs.split(separator: ":", omittingEmptySubsequences: false) {
        if part.isEmpty { out += system } else { out.append(String(part)) }
      }
    }
    return out + system
  }

  /// The colours `term` has (0: none), nil when no entry for it is found or
  /// it cannot be read (then nothing is known, and colour stays as it was).
  public static func colors(_ term: String, in folders: [String]) -> Int? {
    // a name that could climb out of the folder is no terminal's
    guard let first = term.unicodeScalars.first, !term.contains("/"), term != ".", term != ".." else { return nil }
    let hex = String(first.value, radix: 16)
    for folder in folders {
      // Linux's layout (x/xterm), then macOS's (78/xterm)
      for sub in [String(Character(first)), hex] {
        if let bytes = Files.readBytes(folder + "/" + sub + "/" + term), let n = maxColors(bytes) { return n }
      }
    }
    return nil
  }

  /// `max_colors` (the 14th number) of a compiled entry: 0 when the entry
  /// has none, nil when the bytes are no entry.
  static func maxColors(_ b: [UInt8]) -> Int? {
    func short(_ at: Int) -> Int? {
      guard at + 1 < b.count else { return nil }
      let v = Int(b[at]) | Int(b[at + 1]) << 8
      return v >= 0x8000 ? v - 0x10000 : v
    }
    guard let magic = short(0), let names = short(2), let bools = short(4), let numbers = short(6),
      names >= 0, bools >= 0, numbers >= 0
    else { return nil }
    // the legacy format's numbers are 16 bits, the extended one's 32
    let wide: Bool
    switch magic {
    case 0o432: wide = false
    case 0o1036: wide = true
    default: return nil
    }
    var at = 12 + names + bools
    if at % 2 == 1 { at += 1 }
    let index = 13
    guard index < numbers else { return 0 }
    at += index * (wide ? 4 : 2)
    let value: Int
    if wide {
      guard at + 3 < b.count else { return nil }
      let u = UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
      value = Int(Int32(bitPattern: u))
    } else {
      guard let v = short(at) else { return nil }
      value = v
    }
    // -1 absent, -2 cancelled
    return max(value, 0)
  }
}

extension Terminal {
  /// False when the terminal on stderr is known to have no colours: its
  /// terminfo entry (`TERM`) says none and `COLORTERM` does not claim any.
  /// An unknown terminal is taken to have them (as before this was read).
  public static var hasColors: Bool {
    if let c = env("COLORTERM"), !c.isEmpty { return true }
    guard let term = env("TERM"), !term.isEmpty else { return true }
    return (Terminfo.colors(term, in: Terminfo.folders()) ?? 8) > 0
  }
}
