import CSQLite
import FormCore

/// `--collect FILE.sqlite`: each submission one row of the table
/// `submissions` (id, time, the values as a JSON text), committed before the
/// page says "sent" (`synchronous = FULL`: the commit is on the disk).
final class SQLiteCollector: Collector, @unchecked Sendable {
  let path: String
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
    guard formrun_sqlite_open() != 0 else {
      throw CollectError(
        message: "--collect \(path): SQLite could not be loaded: install it (Debian: apt install libsqlite3-0)")
    }
    var handle: OpaquePointer?
    let rc = formrun_sqlite_connect(path, &handle)
    guard rc == SQLITE_OK, let handle else {
      let why = handle.map { String(cString: formrun_sqlite_message($0)) } ?? "cannot open"
      if let handle { formrun_sqlite_close(handle) }
      throw CollectError(message: "--collect \(path): \(why)")
    }
    db = handle
    for sql in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL", "PRAGMA busy_timeout = 5000", Self.schema] {
      var error: UnsafeMutablePointer<CChar>?
      if formrun_sqlite_exec(db, sql, &error) != SQLITE_OK {
        let why = error.map { String(cString: $0) } ?? String(cString: formrun_sqlite_message(db))
        formrun_sqlite_free(error)
        formrun_sqlite_close(db)
        throw CollectError(message: "--collect \(path): \(why)")
      }
    }
    var statement: OpaquePointer?
    guard
      formrun_sqlite_prepare(db, "INSERT INTO submissions (id, time, \"values\") VALUES (?1, ?2, ?3)", &statement)
        == SQLITE_OK, let statement
    else {
      let why = String(cString: formrun_sqlite_message(db))
      formrun_sqlite_close(db)
      throw CollectError(message: "--collect \(path): \(why)")
    }
    insert = statement
  }

  func keep(_ submission: Submission) -> String? {
    let values = JSON.encode(.record(submission.values))
    return lock.held {
      defer { formrun_sqlite_reset(insert) }
      for (i, text) in [submission.id, submission.time, values].enumerated() {
        let bytes = Array(text.utf8)
        let rc = bytes.withUnsafeBufferPointer { b in
          b.withMemoryRebound(to: CChar.self) {
            formrun_sqlite_bind(insert, Int32(i + 1), $0.baseAddress, Int32(b.count))
          }
        }
        if rc != SQLITE_OK { return "--collect \(path): \(String(cString: formrun_sqlite_message(db)))" }
      }
      guard formrun_sqlite_step(insert) == SQLITE_DONE else {
        return "--collect \(path): \(String(cString: formrun_sqlite_message(db)))"
      }
      return nil
    }
  }

  func close() {
    lock.held {
      formrun_sqlite_finalize(insert)
      formrun_sqlite_close(db)
    }
  }
}
