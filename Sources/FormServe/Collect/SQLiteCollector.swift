import CSQLite
import FormCore

/// `--collect FILE.sqlite`: each submission one row of the table
/// `submissions` (id, time, the values as a JSON text), committed before the
/// page says "sent" (`synchronous = FULL`: the commit is on the disk).
final class SQLiteCollector: Collector, @unchecked Sendable {
  let path: String
  /// SQLite's functions.
  private let lib: UnsafePointer<formrun_sqlite>
  private let db: OpaquePointer
  private let insert: OpaquePointer
  private let lock = Lock()

  /// The table a collect file's rows go in.
  static let schema = """
    CREATE TABLE IF NOT EXISTS submissions (
      id TEXT PRIMARY KEY,
      time TEXT NOT NULL,
      "values" TEXT NOT NULL
    )
    """

  init(path: String) throws(CollectError) {
    self.path = path
    guard let lib = SQLite.table else {
      throw CollectError(
        message: "--collect \(path): SQLite could not be loaded: install it (Debian: apt install libsqlite3-0)")
    }
    self.lib = lib
    var handle: OpaquePointer?
    let rc = formrun_sqlite_connect(lib, path, &handle)
    guard rc == SQLITE_OK, let handle else {
      let why = handle.map { String(cString: formrun_sqlite_message(lib, $0)) } ?? "cannot open"
      if let handle { formrun_sqlite_close(lib, handle) }
      throw CollectError(message: "--collect \(path): \(why)")
    }
    db = handle
    for sql in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL", "PRAGMA busy_timeout = 5000", Self.schema] {
      var error: UnsafeMutablePointer<CChar>?
      if formrun_sqlite_exec(lib, db, sql, &error) != SQLITE_OK {
        let why = error.map { String(cString: $0) } ?? String(cString: formrun_sqlite_message(lib, db))
        formrun_sqlite_free(lib, error)
        formrun_sqlite_close(lib, db)
        throw CollectError(message: "--collect \(path): \(why)")
      }
    }
    var statement: OpaquePointer?
    guard
      formrun_sqlite_prepare(lib, db, "INSERT INTO submissions (id, time, \"values\") VALUES (?1, ?2, ?3)", &statement)
        == SQLITE_OK, let statement
    else {
      let why = String(cString: formrun_sqlite_message(lib, db))
      formrun_sqlite_close(lib, db)
      throw CollectError(message: "--collect \(path): \(why)")
    }
    insert = statement
  }

  func keep(_ submission: Submission) -> String? {
    let values = JSON.encode(.record(submission.values))
    return lock.held {
      defer { formrun_sqlite_reset(lib, insert) }
      for (i, text) in [submission.id, submission.time, values].enumerated() {
        let bytes = Array(text.utf8)
        let rc = bytes.withUnsafeBufferPointer { b in
          b.withMemoryRebound(to: CChar.self) {
            formrun_sqlite_bind(lib, insert, Int32(i + 1), $0.baseAddress, Int32(b.count))
          }
        }
        if rc != SQLITE_OK { return "--collect \(path): \(String(cString: formrun_sqlite_message(lib, db)))" }
      }
      guard formrun_sqlite_step(lib, insert) == SQLITE_DONE else {
        return "--collect \(path): \(String(cString: formrun_sqlite_message(lib, db)))"
      }
      return nil
    }
  }

  /// Every row of the table, oldest first (tests, and a look at what was kept).
  func rows() -> [[String]] {
    lock.held {
      var statement: OpaquePointer?
      guard
        formrun_sqlite_prepare(lib, db, "SELECT id, time, \"values\" FROM submissions ORDER BY rowid", &statement)
          == SQLITE_OK, let statement
      else { return [] }
      defer { formrun_sqlite_finalize(lib, statement) }
      var out: [[String]] = []
      while formrun_sqlite_step(lib, statement) == SQLITE_ROW {
        out.append(
          (0..<formrun_sqlite_columns(lib, statement)).map {
            formrun_sqlite_text(lib, statement, $0).map { String(cString: $0) } ?? ""
          })
      }
      return out
    }
  }

  func close() {
    lock.held {
      formrun_sqlite_finalize(lib, insert)
      formrun_sqlite_close(lib, db)
    }
  }
}

/// SQLite's functions, found when a collect file first needs them (one table for the process).
enum SQLite {
  nonisolated(unsafe) static let table: UnsafePointer<formrun_sqlite>? = {
    let p = UnsafeMutablePointer<formrun_sqlite>.allocate(capacity: 1)
    p.initialize(to: formrun_sqlite())
    return formrun_sqlite_load(p) != 0 ? UnsafePointer(p) : nil
  }()
}
