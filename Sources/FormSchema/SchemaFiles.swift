#if canImport(Glibc)
  import Glibc
#endif

/// The files a schema's `$ref`s are read from: injected, so a test gives a
/// schema its documents from memory.
public protocol SchemaFiles {
  /// The bytes of the regular file at `path`; nil when there is none (or it cannot be read).
  func read(_ path: String) -> [UInt8]?
  /// The `.json` files of `folder` (not below it), sorted.
  func jsonFiles(in folder: String) -> [String]
  /// `path` from the root (a relative path from the working folder).
  func absolute(_ path: String) -> String
  /// Why `read` gives nothing for `path` (nil: it does not say).
  func problem(_ path: String) -> String?
}

extension SchemaFiles {
  /// Files that say nothing of why a read fails.
  public func problem(_ path: String) -> String? { nil }
}

/// The local file system.
public struct LocalFiles: SchemaFiles {
  /// A schema file (or one it names) holds at most this much.
  public static let limit = 64 << 20
  /// A folder's first files looked at for an `$id`.
  static let folderLimit = 5000

  /// The file system as the process sees it.
  public init() {}

  /// A regular file of at most `limit` bytes.
  public func read(_ path: String) -> [UInt8]? {
    var st = stat()
    guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size <= LocalFiles.limit,
      let f = fopen(path, "rb")
    else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    out.reserveCapacity(Int(st.st_size))
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = fread(&buf, 1, buf.count, f)
      if n > 0 { out += buf[0..<n] }
      if out.count > LocalFiles.limit { return nil }
      if n < buf.count { break }
    }
    return ferror(f) != 0 ? nil : out
  }

  /// No such file, a folder, a device, or too large.
  public func problem(_ path: String) -> String? {
    var st = stat()
    guard stat(path, &st) == 0 else { return String(cString: strerror(errno)) }
    if (st.st_mode & S_IFMT) == S_IFDIR { return "a folder, not a file" }
    if (st.st_mode & S_IFMT) != S_IFREG { return "not a regular file" }
    if st.st_size > LocalFiles.limit { return "larger than \(LocalFiles.limit >> 20) MiB" }
    return nil
  }

  /// The first `folderLimit` of them, sorted.
  public func jsonFiles(in folder: String) -> [String] {
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var out: [String] = []
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    while out.count < LocalFiles.folderLimit, let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".json"), !name.hasPrefix(".") { out.append(prefix + name) }
    }
    return out.sorted()
  }

  /// From the working folder.
  public func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buf = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buf, buf.count) != nil else { return "/" + path }
    let cwd = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (cwd.hasSuffix("/") ? cwd : cwd + "/") + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
  }
}
