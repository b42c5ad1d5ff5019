#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The one loop that writes a whole buffer to a file descriptor: short
/// writes continued, EINTR retried (the terminal's streams, the history
/// file and the drafts all write through it).
public enum FileDescriptor {
  /// Write all of `text` to `fd`; the `errno` when it could not be (nil when it was).
  public static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { writeAll(fd, $0) }
  }

  /// Write all of `bytes` to `fd` (retrying short writes and EINTR); the errno of a failure, else nil.
  public static func writeAll(_ fd: Int32, _ buf: UnsafeBufferPointer<UInt8>) -> Int32? {
    guard let base = buf.baseAddress else { return nil }
    var off = 0
    while off < buf.count {
      let n = Glibc.write(fd, base + off, buf.count - off)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if n == 0 { return EIO }
      off += n
    }
    return nil
  }

  /// `strerror` of `code`.
  public static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
