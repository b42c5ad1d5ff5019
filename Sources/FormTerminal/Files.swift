#if canImport(Glibc)
  import Glibc
#endif

/// The few file-system calls the front end needs (Glibc, not Foundation: it
/// is on the start-up path).
public enum Files {
  /// Whether `path` is a folder (links followed).
  public static func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `path` is a regular file (links followed).
  public static func exists(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
  }

  /// What a path names on the machine.
  public enum Found: Sendable {
    case file, folder, missing
  }

  /// What `path` names (a leading `~` is the home folder; links followed).
  public static func lookUp(_ path: String) -> Found {
    var p = path
    if p == "~" || p.hasPrefix("~/"), let home = getenv("HOME") { p = String(cString: home) + p.dropFirst() }
    var st = stat()
    guard stat(p, &st) == 0 else { return .missing }
    return (st.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
  }

  /// A whole file as text (invalid UTF-8 replaced); nil when it cannot be read.
  public static func read(_ path: String) -> String? {
    guard exists(path), let bytes = readBytes(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A whole file's bytes; nil when it cannot be read.
  public static func readBytes(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    guard case .success(let bytes) = readAll(f, limit: nil) else { return nil }
    return bytes
  }

  /// Why a read stopped: the stream failed, or it held more than the limit.
  enum ReadStop: Error { case failed, tooLarge }

  /// Everything left in `f`; more than `limit` bytes stops the read (a file
  /// may grow while it is read). The one `fread` loop of the front end.
  static func readAll(_ f: UnsafeMutablePointer<FILE>, limit: Int?) -> Result<[UInt8], ReadStop> {
    var out: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = fread(&buf, 1, buf.count, f)
      if n > 0 { out += buf[0..<n] }
      if let limit, out.count > limit { return .failure(.tooLarge) }
      if n < buf.count { break }
    }
    return ferror(f) != 0 ? .failure(.failed) : .success(out)
  }

  /// Why a file was not read.
  public struct Problem: Error {
    /// What went wrong, for a message.
    public var message: String
  }

  /// The most an answers file may hold.
  public static let answersLimit = 16 << 20

  /// An answers file's bytes: a regular file or a pipe (`--answers <(jq …)`)
  /// of at most `answersLimit` bytes; a device such as /dev/zero is refused.
  public static func readAnswers(_ path: String) -> Result<[UInt8], Problem> {
    var st = stat()
    guard stat(path, &st) == 0 else { return .failure(Problem(message: String(cString: strerror(errno)))) }
    let type = st.st_mode & S_IFMT
    guard type == S_IFREG || type == S_IFIFO else {
      return .failure(Problem(message: type == S_IFDIR ? "a folder, not a file" : "not a regular file or a pipe"))
    }
    guard st.st_size <= answersLimit else {
      return .failure(Problem(message: "larger than \(answersLimit >> 20) MiB"))
    }
    guard let f = fopen(path, "rb") else { return .failure(Problem(message: String(cString: strerror(errno)))) }
    defer { fclose(f) }
    switch readAll(f, limit: answersLimit) {
    case .success(let bytes): return .success(bytes)
    case .failure(.tooLarge): return .failure(Problem(message: "larger than \(answersLimit >> 20) MiB"))
    case .failure(.failed): return .failure(Problem(message: "read error"))
    }
  }

  /// Write a whole file, making its folder first.
  public static func write(_ path: String, _ text: String) -> Bool {
    if let slash = path.lastIndex(of: "/") { makeFolders(String(path[..<slash])) }
    guard let f = fopen(path, "wb") else { return false }
    defer { fclose(f) }
    var text = text
    return text.withUTF8 { buf in fwrite(buf.baseAddress, 1, buf.count, f) == buf.count }
  }

  static func makeFolders(_ path: String) {
    guard !path.isEmpty, !isDirectory(path) else { return }
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex { makeFolders(String(path[..<slash])) }
    mkdir(path, 0o755)
  }

  /// A file's identity (device and inode): two paths to one file give the same.
  struct Identity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  static func identity(_ path: String) -> Identity? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
  }

  /// Files below `folder` (recursively) whose names satisfy `match`, sorted.
  /// Links are followed, but each folder and each file is taken once, so a
  /// link back up (`ln -s .. up`) neither repeats files nor loops; `seen`
  /// carries that over several calls.
  static func find(in folder: String, seen: inout Set<Identity>, where match: (String) -> Bool) -> [String] {
    guard let id = identity(folder), seen.insert(id).inserted, let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    var entries: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name == "." || name == ".." || name.hasPrefix(".") { continue }
      entries.append(name)
    }
    var found: [String] = []
    // in name order, so which of two paths to one file is kept does not depend on the disk
    for name in entries.sorted() {
      let path = folder == "." ? name : folder + "/" + name
      if isDirectory(path) {
        found += find(in: path, seen: &seen, where: match)
      } else if match(name), let file = identity(path), seen.insert(file).inserted {
        found.append(path)
      }
    }
    return found.sorted()
  }

  /// The entries of `folder` that begin with `prefix` (not `.` and `..`),
  /// each with whether it is a folder (a link to one counts); none when it
  /// cannot be read. Every entry is looked at (Tab in a folder of 100,000
  /// finds the one typed), and only those that begin with `prefix` are
  /// looked up further (the kind readdir gives, else stat).
  public static func entries(of folder: String, beginning prefix: String = "") -> [(name: String, isFolder: Bool)] {
    guard let dir = opendir(folder) else { return [] }
    defer { closedir(dir) }
    let start = Array(prefix.utf8)
    var out: [(String, Bool)] = []
    while let entry = readdir(dir) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if bytes == [46] || bytes == [46, 46] || !bytes.starts(with: start) { continue }
      let name = String(decoding: bytes, as: UTF8.self)
      let isFolder: Bool
      switch Int32(entry.pointee.d_type) {
      case Int32(DT_DIR): isFolder = true
      case Int32(DT_REG): isFolder = false
      default:
        var st = stat()
        isFolder = stat(folder + "/" + name, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
      }
      out.append((name, isFolder))
    }
    return out
  }
}
