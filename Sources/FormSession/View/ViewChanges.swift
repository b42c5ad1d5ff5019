import FormCore

/// What changed in a view since a version a front end drew: everything (the
/// rows or pages changed, every row's errors came to show), or these pieces
/// and whether the status line did. A browser sends back only the rows that
/// changed; the screen measures again only those.
public struct ViewChanges: Equatable, Sendable {
  /// The view's version now: ask with it next time.
  public var version: Int
  /// True when every piece is to be drawn again (their list may differ too).
  public var everything: Bool
  /// The pieces whose look changed, by index in `FormView.pieces`, in order.
  public var pieces: [Int]
  /// True when the message, the question, the search or the page words changed.
  public var status: Bool
}

extension FormView {
  /// What changed since `version` (an older version than the view still
  /// keeps is told as everything).
  public func changes(since old: Int) -> ViewChanges {
    catchUp()
    guard old < version else { return ViewChanges(version: version, everything: false, pieces: [], status: false) }
    let status = statusChanged > old
    if old < allChanged || old < logFloor || ending != nil {
      return ViewChanges(version: version, everything: true, pieces: [], status: true)
    }
    // the first entry after `old` (the log is in version order)
    var lo = 0
    var hi = log.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if log[mid].version <= old { lo = mid + 1 } else { hi = mid }
    }
    var seen = Set<Int>()
    var pieces: [Int] = []
    for entry in log[lo...] where seen.insert(entry.piece).inserted { pieces.append(entry.piece) }
    pieces.sort()
    return ViewChanges(version: version, everything: false, pieces: pieces, status: status)
  }

  /// Changes made to the form from outside the view (a script between two
  /// actions, a test): taken as the view's own.
  func catchUp() { absorb(form.takeChanges()) }

  /// The changes an outcome carries, and any the verb left in the form (a
  /// front end that runs a verb itself, as the browser's fields do, tells
  /// the view so).
  public func absorb(_ outcome: Outcome) {
    switch outcome {
    case .changed(let c), .editorOpened(_, let c), .adjusted(let c, _, _), .reasked(_, _, let c): absorb(c)
    case .submitRefused(_, let c?): absorb(c)
    default: break
    }
    absorb(form.takeChanges())
  }

  /// Changes of the form: its structure (the pieces are made again), rows in place.
  func absorb(_ changes: Form.Changes) {
    if changes.structure {
      knownPaged = nil
      knownPages = nil
      restructure()
    }
    guard !changes.items.isEmpty else { return }
    // a row's `enabled` may have changed: the pages' stops with it
    knownPages = nil
    for item in changes.items { noteRow(item) }
  }

  /// The pieces are to be made again, and everything drawn again.
  func restructure() {
    piecesStale = true
    noteAll()
  }

  /// Everything is to be drawn again.
  func noteAll() {
    version += 1
    allChanged = version
    statusChanged = version
  }

  /// The status line changed.
  func noteStatus() {
    version += 1
    statusChanged = version
  }

  /// `item`'s row changed.
  func noteRow(_ item: Item) {
    guard !piecesStale, let n = item.numberAsDrawn, n >= 1, n <= pieceOfRow.count else { return }
    let piece = Int(pieceOfRow[n - 1])
    if piece >= 0 { notePiece(piece) }
  }

  /// The focus came to or left `item`'s row (nil: the stop that has the focus).
  func noteFocus(_ item: Item?) {
    if let item { noteRow(item) } else { noteStop(stop) }
  }

  /// The focus came to or left a stop below the rows.
  func noteStop(_ stop: Stop) {
    guard !piecesStale else { return }
    // the summary's stops are among its rows
    if onSummary { return noteAll() }
    // a page's stops are its last pieces: found from the end
    var i = pieceList.count - 1
    while i >= 0 {
      switch pieceList[i] {
      case .submit where stop == .submit:
        notePiece(i)
        return
      case .button(let s, _) where s == stop:
        notePiece(i)
        return
      case .row: return
      default: i -= 1
      }
    }
  }

  func notePiece(_ piece: Int) {
    version += 1
    log.append((version, piece))
    if log.count > 8192 {
      logFloor = log[4095].version
      log.removeFirst(4096)
    }
  }
}
