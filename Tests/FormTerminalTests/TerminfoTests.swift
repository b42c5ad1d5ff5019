import Foundation
import Testing

@testable import FormTerminal

/// A terminal's colours from its compiled terminfo entry, in both formats.
struct TerminfoTests {
  /// A compiled entry: `names`, no booleans, `numbers` (16 or 32 bits each).
  static func entry(_ names: String, _ numbers: [Int], wide: Bool) -> [UInt8] {
    func short(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    let nameBytes = Array(names.utf8) + [0]
    var b =
      short(wide ? 0o1036 : 0o432) + short(nameBytes.count) + short(1) + short(numbers.count) + short(0) + short(0)
    b += nameBytes + [0]
    if b.count % 2 == 1 { b.append(0) }
    for n in numbers {
      let v = n < 0 ? (wide ? n + (1 << 32) : n + (1 << 16)) : n
      b += wide ? short(v & 0xFFFF) + short(v >> 16) : short(v)
    }
    return b
  }

  static func numbers(colors: Int) -> [Int] { [80, 8, 24] + Array(repeating: -1, count: 10) + [colors, 64] }

  @Test(arguments: [
    ("xterm", numbers(colors: 8), false, 8),
    ("xterm-256color", numbers(colors: 256), true, 256),
    ("xterm-direct", numbers(colors: 0x100_0000), true, 0x100_0000),
    ("vt100", [80, 8, 24], false, 0),
    ("xterm-mono", numbers(colors: -1), false, 0),
    ("cancelled", numbers(colors: -2), true, 0),
  ])
  func colorsAreReadFromTheEntry(term: String, numbers: [Int], wide: Bool, colors: Int) throws {
    let folder = NSTemporaryDirectory() + "terminfo-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Linux's layout for some, macOS's (hex of the first letter) for the others
    let sub = term.hasPrefix("x") && wide ? "78" : String(term.prefix(1))
    try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
    try Data(Self.entry(term + "|a terminal", numbers, wide: wide)).write(
      to: URL(fileURLWithPath: folder + "/" + sub + "/" + term))
    #expect(Terminfo.colors(term, in: ["/nonexistent", folder]) == colors)
  }

  @Test func noEntryOrNoEntryFormatIsNotKnown() throws {
    let folder = NSTemporaryDirectory() + "terminfo-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/z", withIntermediateDirectories: true)
    try Data("not an entry".utf8).write(to: URL(fileURLWithPath: folder + "/z/zterm"))
    #expect(Terminfo.colors("zterm", in: [folder]) == nil)
    #expect(Terminfo.colors("nothing-like-it", in: [folder]) == nil)
    #expect(Terminfo.colors("../z/zterm", in: [folder + "/z"]) == nil)
    #expect(Terminfo.maxColors([0x1A, 0x01, 0xFF]) == nil)
  }

  @Test func foldersFollowNcursesOrder() {
    let env = ["TERMINFO": "/t", "HOME": "/h", "TERMINFO_DIRS": "/a::/b"]
    let folders = Terminfo.folders { env[$0] }
    #expect(folders.prefix(3) == ["/t", "/h/.terminfo", "/a"])
    #expect(folders.contains("/b") && folders.last == "/usr/share/terminfo")
  }
}
