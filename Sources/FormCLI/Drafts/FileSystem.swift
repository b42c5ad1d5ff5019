import FormCore
import FormTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// What a file held, for a reader that must tell "none" from "unreadable".
enum FileContents: Equatable {
  /// there is no such file
  case missing
  case bytes([UInt8])
  /// it is there but cannot be read
  case unreadable(FileProblem)
}

/// Why a file that is there cannot be read.
enum FileProblem: Equatable {
  /// what the system said (`Permission denied`)
  case system(String)
  /// a folder, a device, a pipe…
  case notAFile
  /// larger than the reader's limit
  case larger(mebibytes: Int)

  /// The reason in `words`' language (the system's own words as it gave them).
  func said(_ words: Catalogue) -> String {
    switch self {
    case .system(let reason): return reason
    case .notAFile: return words.say("draft.not_a_file")
    case .larger(let mebibytes): return words.say("draft.too_large", ["size": String(mebibytes)])
    }
  }
}

/// What taking a draft for this process came to.
enum DraftLock: Equatable {
  /// this process has it until `unlock`
  case taken
  /// another process has it (its pid, when it could be read)
  case busy(pid: Int32?)
  /// no lock could be taken (a folder that cannot be written, no `flock`):
  /// formrun goes on without one
  case failed(String)
}

/// The file-system calls the drafts make, so that their policy and format
/// are tested in the process over a file system held in memory; `SystemFiles`
/// is the real one.
protocol FileSystem {
  /// A regular file of at most `limit` bytes.
  func read(_ path: String, limit: Int) -> FileContents
  /// Write `text` so that a crash leaves the old file or the new one; the
  /// reason when it failed (nothing is left behind then).
  func writeAtomically(_ path: String, _ text: String) -> String?
  /// Remove the file (durably), if it is there.
  func remove(_ path: String)
  /// Make the folder and those above it (readable by the user only); the reason when it cannot.
  func makeFolder(_ path: String) -> String?
  /// Remove what killed writers left beside `path` (their temporary files).
  func sweep(beside path: String)
  /// The absolute, resolved path (as given when it cannot be resolved).
  func absolute(_ path: String) -> String
  /// Take the draft at `path` for this process, so that a second formrun
  /// on it is told instead of losing edits.
  func lock(_ path: String) -> DraftLock
  /// Give back what `lock` took (nothing when it took nothing).
  func unlock(_ path: String)
}

extension FileSystem {
  /// The folder a path is in (`.` for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

/// The system calls a durable write and a durable removal make, so that a
/// test can see them in their order (`fsync` leaves no other trace: a
/// killed process keeps the page cache, only a power cut loses it).
protocol DurableCalls {
  /// A file descriptor, or -1 with the reason.
  func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> (fd: Int32, errno: Int32)
  /// The errno of a failed write, nil when all of `text` was written.
  func write(_ fd: Int32, _ text: String) -> Int32?
  /// The errno of a failed call, nil when it succeeded.
  func fsync(_ fd: Int32) -> Int32?
  func close(_ fd: Int32) -> Int32?
  func rename(_ from: String, _ to: String) -> Int32?
  func unlink(_ path: String) -> Int32?
}

/// The calls themselves.
struct SystemCalls: DurableCalls {
  func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> (fd: Int32, errno: Int32) {
    let fd = Glibc.open(path, flags, mode)
    return (fd, fd < 0 ? errno : 0)
  }
  func write(_ fd: Int32, _ text: String) -> Int32? { FileDescriptor.writeAll(fd, text) }
  func fsync(_ fd: Int32) -> Int32? { Glibc.fsync(fd) == 0 ? nil : errno }
  func close(_ fd: Int32) -> Int32? { Glibc.close(fd) == 0 ? nil : errno }
  func rename(_ from: String, _ to: String) -> Int32? { Glibc.rename(from, to) == 0 ? nil : errno }
  func unlink(_ path: String) -> Int32? { Glibc.unlink(path) == 0 ? nil : errno }
}

/// The machine's file system, as SQLite writes a journal: a new file in the
/// same folder (0600), `fsync`, `rename` over the old one, `fsync` of the folder.
struct SystemFiles: FileSystem {
  /// The calls a write and a removal make (a test records them).
  var calls: any DurableCalls = SystemCalls()

  func read(_ path: String, limit: Int) -> FileContents {
    var st = stat()
    guard stat(path, &st) == 0 else { return errno == ENOENT ? .missing : .unreadable(.system(Self.reason())) }
    guard (st.st_mode & S_IFMT) == S_IFREG else { return .unreadable(.notAFile) }
    guard st.st_size <= limit else { return .unreadable(.larger(mebibytes: limit >> 20)) }
    guard let bytes = Files.readBytes(path) else { return .unreadable(.system(Self.reason())) }
    return .bytes(bytes)
  }

  func writeAtomically(_ path: String, _ text: String) -> String? {
    let folder = Self.folder(of: path)
    let temporary = Self.temporary(for: path, pid: getpid())
    let (fd, openFailed) = calls.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return FileDescriptor.reason(openFailed) }
    // on the disk before it takes the draft's name: a crash then leaves the old draft or the new one
    if let failed = calls.write(fd, text) ?? calls.fsync(fd) {
      _ = calls.close(fd)
      _ = calls.unlink(temporary)
      return FileDescriptor.reason(failed)
    }
    if let failed = calls.close(fd) ?? calls.rename(temporary, path) {
      _ = calls.unlink(temporary)
      return FileDescriptor.reason(failed)
    }
    syncFolder(folder)
    return nil
  }

  /// `.NAME.PID.tmp` beside the file.
  static func temporary(for path: String, pid: Int32) -> String {
    let folder = folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return (folder == "." && !path.hasPrefix("./") ? "" : folder + "/") + ".\(name).\(pid).tmp"
  }

  func remove(_ path: String) {
    if calls.unlink(path) == nil { syncFolder(Self.folder(of: path)) }
  }

  /// Make the rename (or unlink) in `folder` durable.
  func syncFolder(_ folder: String) {
    let (fd, _) = calls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
    guard fd >= 0 else { return }
    _ = calls.fsync(fd)
    _ = calls.close(fd)
  }

  /// Temporary files a killed formrun left beside the file (`.NAME.PID.tmp`
  /// whose process is gone).
  func sweep(beside path: String) {
    let folder = Self.folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dir = opendir(folder) else { return }
    defer { closedir(dir) }
    let prefix = ".\(name)."
    while let entry = readdir(dir) {
      let file = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      guard file.hasPrefix(prefix), file.hasSuffix(".tmp") else { continue }
      let middle = file.dropFirst(prefix.count).dropLast(4)
      guard let pid = Int32(middle), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
      unlink(folder + "/" + file)
    }
  }

  func makeFolder(_ path: String) -> String? {
    if Files.isDirectory(path) { return nil }
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      if let problem = makeFolder(String(path[..<slash])) { return problem }
    }
    if mkdir(path, 0o700) != 0 && errno != EEXIST { return "\(path): \(Self.reason())" }
    return nil
  }

  func absolute(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func reason() -> String { FileDescriptor.reason(errno) }

  // MARK: one formrun at a time

  /// The locks this process holds: the draft's path and the lock file's fd.
  nonisolated(unsafe) static var locks: [String: Int32] = [:]

  /// `.NAME.lock` beside the draft. The draft itself cannot carry the lock:
  /// every save renames a new file over it.
  static func lockFile(for path: String) -> String {
    let folder = folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return (folder == "." && !path.hasPrefix("./") ? "" : folder + "/") + ".\(name).lock"
  }

  /// An exclusive `flock` on the lock file, which then holds this process's
  /// pid for the next one to name. A lock file given back (unlinked) between
  /// the `open` and the `flock` is not the one at the path any more: then again.
  func lock(_ path: String) -> DraftLock {
    let file = Self.lockFile(for: path)
    for _ in 0..<8 {
      let fd = open(file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
      guard fd >= 0 else { return .failed(Self.reason()) }
      guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
        let e = errno
        defer { close(fd) }
        guard e == EWOULDBLOCK else { return .failed(FileDescriptor.reason(e)) }
        return .busy(pid: Self.pid(in: fd))
      }
      var held = stat()
      var there = stat()
      if fstat(fd, &held) == 0, stat(file, &there) == 0, held.st_ino == there.st_ino, held.st_dev == there.st_dev {
        ftruncate(fd, 0)
        _ = "\(getpid())\n".withCString { pwrite(fd, $0, strlen($0), 0) }
        Self.locks[path] = fd
        return .taken
      }
      close(fd)
    }
    return .failed("its lock file keeps changing")
  }

  /// The pid a lock file holds.
  static func pid(in fd: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 16)
    let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 15, 0) }
    guard n > 0 else { return nil }
    return Int32(String(decoding: buffer[..<n].prefix { (48...57).contains($0) }, as: UTF8.self))
  }

  /// The lock file goes while it is still held (a next formrun that opened
  /// it meanwhile sees that it went and takes a new one), then the lock.
  func unlock(_ path: String) {
    guard let fd = Self.locks.removeValue(forKey: path) else { return }
    unlink(Self.lockFile(for: path))
    close(fd)
  }
}
