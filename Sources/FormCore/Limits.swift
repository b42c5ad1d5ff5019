/// The bounds of what a script can make formrun keep outside Lua (whose own
/// allocations are capped apart): each text, each value, each option list,
/// the rows of a form, the messages of a row and the notices waiting to be
/// shown. A script that passes one gets an error naming the property; text
/// made by a handler for display (a kind's `format`, a check's message, a
/// notice) is cut instead, marked with `…`.
public enum Limits {
  /// Bytes of one text: a title, detail, placeholder, description, header,
  /// footer, tag, name, message, option, action title, month or day name.
  public static let textBytes = 65_536
  /// Bytes of the strings of one value a script assigns (lists and records summed).
  public static let valueBytes = 1 << 20
  /// Entries of one list a script gives (options, validators, actions, messages).
  public static let listEntries = 1_000_000
  /// Bytes of the strings of one option a script sets (an options list summed).
  public static let optionBytes = 64 << 20
  /// Rows in one form (hidden ones and those of every section counted).
  public static let rows = 2_000_000
  /// Sections in one form.
  public static let sections = 1_000_000
  /// Messages one row keeps from its checks.
  public static let messagesPerRow = 100
  /// Bytes of one notice (a printed line, a handler's error): the boundary
  /// cuts a printed line at 1 MiB and says how many characters it left off,
  /// so that count is kept with it.
  public static let noticeBytes = (1 << 20) + 1024
  /// Notices (printed lines, handler errors) waiting to be shown.
  public static let pendingNotices = 10_000

  /// `text` cut to `textBytes` (on a character boundary), marked with `…`.
  public static func cut(_ text: String, to bytes: Int = textBytes) -> String {
    guard text.utf8.count > bytes else { return text }
    var used = 0
    var end = text.startIndex
    // whole characters only (the walk stops at the bound: a long text costs no more)
    for i in text.indices {
      let w = text[i].utf8.count
      if used + w > bytes - 3 { break }
      used += w
      end = text.index(after: i)
    }
    return String(text[..<end]) + "…"
  }

  /// Bytes of the strings in `value` (keys counted, nesting summed), with
  /// a few bytes an entry for the entry itself; stops counting past `limit`.
  public static func bytes(of value: Value, limit: Int = .max) -> Int {
    var total = 0
    func add(_ v: Value) {
      guard total <= limit else { return }
      switch v {
      case .string(let s): total += s.utf8.count
      case .list(let l):
        total += 8 * l.count
        for x in l { add(x) }
      case .record(let f):
        for field in f {
          total += 8 + field.key.utf8.count
          add(field.value)
        }
      default: total += 8
      }
    }
    add(value)
    return total
  }

  /// Why `text` is too long for a property, or nil when it fits.
  public static func tooLong(_ text: String) -> String? {
    let n = text.utf8.count
    guard n > textBytes else { return nil }
    return "too long (\(n) bytes; at most \(textBytes))"
  }
}
