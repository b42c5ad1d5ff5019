#if canImport(Glibc)
  import Glibc
#endif

/// `--collect FILE.jsonl`: each submission one line appended to the file.
/// A line is written whole with one `write` on a descriptor opened
/// `O_APPEND` (the kernel puts it at the end, never between another line's
/// bytes), then `fdatasync`: the page says "sent" only after both. A kill -9
/// between the two loses only a line the page had not yet called sent.
final class JSONLinesCollector: Collector, @unchecked Sendable {
  let path: String
  private let fd: Int32
  private let lock = Lock()
  /// A write failed part way (a full disk): the next line starts on a line of its own.
  private var cut = false

  /// Open (creating, readable by the user only) `path` to append to. An
  /// existing file is kept and added to; a last line cut short by an
  /// earlier crash is ended first, so the next line stays whole.
  init(path: String) throws(CollectError) {
    self.path = path
    fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw CollectError(path: path, errno: errno) }
    if let cut = Self.endsCut(path), cut {
      _ = "\n".withCString { Glibc.write(fd, $0, 1) }
    }
  }

  /// True when the file's last byte is not a newline (nil: empty or unreadable).
  static func endsCut(_ path: String) -> Bool? {
    let r = open(path, O_RDONLY | O_CLOEXEC)
    guard r >= 0 else { return nil }
    defer { Glibc.close(r) }
    let size = lseek(r, 0, SEEK_END)
    guard size > 0 else { return nil }
    var last: UInt8 = 0
    guard pread(r, &last, 1, size - 1) == 1 else { return nil }
    return last != UInt8(ascii: "\n")
  }

  func keep(_ submission: Submission) -> String? {
    let line = Array(submission.line.utf8)
    let written: Int = lock.held {
      let bytes = cut ? [UInt8(ascii: "\n")] + line : line
      let n = bytes.withUnsafeBytes { b in
        var n = 0
        // one write puts the line whole; a short one (a full disk) is finished here
        while n < b.count {
          let w = Glibc.write(fd, b.baseAddress! + n, b.count - n)
          if w < 0 {
            if errno == EINTR { continue }
            return -Int(errno)
          }
          n += w
        }
        return n
      }
      cut = n < 0
      return n
    }
    if written < 0 { return "\(path): \(String(cString: strerror(Int32(-written))))" }
    // outside the lock: submissions being written meanwhile share the flush
    if fdatasync(fd) != 0 { return "\(path): \(String(cString: strerror(errno)))" }
    return nil
  }

  func close() { Glibc.close(fd) }
}

/// A collect file that could not be opened or written.
struct CollectError: Error {
  var message: String

  init(message: String) { self.message = message }

  init(path: String, errno e: Int32) {
    message = "--collect \(path): \(String(cString: strerror(e)))"
  }
}
