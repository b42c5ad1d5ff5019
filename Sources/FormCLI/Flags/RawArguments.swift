import CArguments
import FormCore

#if canImport(Glibc)
  import Glibc
#endif

/// The command line as the bytes the process was given. Swift's
/// `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, so
/// `--set name=$'\xff'` would silently become `name=�`; formrun refuses such
/// an argument instead, naming the byte and where it is, as a typed line that
/// is not UTF-8 is refused.
enum RawArguments {
  /// The process's arguments without the program's name, as bytes.
  /// They come from the C library (`CArguments`: Swift's `CommandLine`
  /// reads /proc for them on Linux and has none where /proc is not mounted),
  /// else from `CommandLine`.
  static func current() -> [[UInt8]] {
    func bytes(_ p: UnsafePointer<CChar>?) -> [UInt8] {
      guard let p else { return [] }
      return Array(
        UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
    }
    let argc = Int(formrun_argc())
    if argc > 0 { return (1..<argc).map { bytes(formrun_argv(Int32($0))) } }
    guard CommandLine.argc > 1 else { return [] }
    return (1..<Int(CommandLine.argc)).map { bytes(CommandLine.unsafeArgv[$0]) }
  }

  /// The first byte of `bytes` that is not UTF-8 (`NotUTF8`).
  static func firstInvalid(_ bytes: some Collection<UInt8>) -> (offset: Int, byte: UInt8)? {
    NotUTF8.firstInvalid(bytes)
  }

  /// The bytes as text for a message (`NotUTF8`).
  static func shown(_ bytes: some Collection<UInt8>) -> String { NotUTF8.shown(bytes) }

  /// ` (byte 0xFF at offset 12)`.
  static func `where`(_ bad: (offset: Int, byte: UInt8)) -> String { NotUTF8.where(bad) }

  static func hex(_ b: UInt8) -> String { NotUTF8.hex(b) }

  /// The message for the first argument that is not UTF-8 (nil when all
  /// are): a `--set` value by its name and the offset in the value, a flag's
  /// value by the flag, anything else (a form's path) as it is.
  static func problem(_ raw: [[UInt8]]) -> UsageError? {
    for (i, arg) in raw.enumerated() {
      guard let bad = firstInvalid(arg) else { continue }
      let previous = i > 0 ? String(validating: raw[i - 1], as: UTF8.self) : nil
      var flag: String?
      var value = arg[...]
      var start = 0
      if let eq = arg.firstIndex(of: UInt8(ascii: "=")), arg.starts(with: Array("--".utf8)),
        let name = String(validating: arg[..<eq], as: UTF8.self), Flag.named(name) != nil
      {
        flag = name
        start = eq + 1
        value = arg[(eq + 1)...]
      } else if let previous, let f = Flag.named(previous), f.value.placeholder != nil {
        flag = f.name
      }
      if flag == "--set", let eq = value.firstIndex(of: UInt8(ascii: "=")), bad.offset > eq,
        let name = String(validating: value[..<eq], as: UTF8.self)
      {
        let text = value[(eq + 1)...]
        return UsageError(
          message: "--set \(Cells.sanitize(name)): the value is not valid UTF-8 (byte 0x\(hex(bad.byte)) at offset "
            + "\(bad.offset - eq - 1) of '\(shown(text))')")
      }
      let offset = bad.offset - start
      let what = "'\(shown(value))' is not valid UTF-8 (byte 0x\(hex(bad.byte)) at offset \(offset))"
      return UsageError(message: flag.map { "\($0): " + what } ?? what)
    }
    return nil
  }
}
