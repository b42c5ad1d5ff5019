import Synchronization

/// The visitors' sessions by id: at most `limit` at once, each ended when
/// idle for `idle` seconds (`sweep`, run by the serving thread). A lookup
/// holds the table's lock for a dictionary access only: the work of a
/// request is done under the visitor's own lock.
final class Visitors: Sendable {
  let limit: Int
  let idle: Double
  private let table = Mutex<[String: Visitor]>([:])

  init(limit: Int, idle: Double) {
    self.limit = limit
    self.idle = idle
  }

  /// The visitor with `id`, marked as seen now; nil when there is none (or it expired).
  func find(_ id: String?, now: Double) -> Visitor? {
    guard let id, !id.isEmpty else { return nil }
    return table.withLock { t in
      guard let v = t[id] else { return nil }
      if now - v.lastSeenTime > idle {
        t[id] = nil
        return nil
      }
      v.seen(now)
      return v
    }
  }

  /// Add `visitor`; false when `limit` visitors are there already.
  func add(_ visitor: Visitor) -> Bool {
    table.withLock { t in
      guard t.count < limit else { return false }
      t[visitor.id] = visitor
      return true
    }
  }

  /// True when another visitor would be taken (a check before a form is loaded for it).
  var hasRoom: Bool { table.withLock { $0.count < limit } }

  /// How many there are.
  var count: Int { table.withLock { $0.count } }

  /// End the visitor `id` (its form submitted or cancelled).
  func remove(_ id: String) { table.withLock { t in t[id] = nil } }

  /// End the visitors idle for longer than `idle`; how many ended. Their
  /// Lua states close as the last request holding one lets it go.
  @discardableResult
  func sweep(now: Double) -> Int {
    let gone: [Visitor] = table.withLock { t in
      let old = t.values.filter { now - $0.lastSeenTime > idle }
      for v in old { t[v.id] = nil }
      return old
    }
    return gone.count  // released here, outside the table's lock
  }

  /// End every visitor (serve is stopping).
  func removeAll() {
    let all: [Visitor] = table.withLock { t in
      let all = Array(t.values)
      t.removeAll()
      return all
    }
    _ = all
  }
}
