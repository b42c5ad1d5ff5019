import FormCore

/// Where the focus is and how it moves: among the shown, enabled rows (the
/// page's on a paged form), then the stops below them. A move costs what it
/// passes over, never the whole form.
extension FormView {
  /// Where `item` is in the shown rows: `focusIndex` when it is still there
  /// (a move costs nothing per row of the form), else found again.
  func index(of item: Item, in rows: [Item]) -> Int? {
    if focusIndex < rows.count, rows[focusIndex] === item { return focusIndex }
    return rows.firstIndex { $0 === item }
  }

  /// The first row the focus can stop on (nil: none, the focus goes below the rows).
  func firstFocusable() -> Item? { stopRows.first(where: \.enabled) }

  /// The focused row as it stands: its row went (hidden, removed, disabled)
  /// → the next one at its place.
  func settleFocus() {
    let rows = stopRows
    guard let item = focusItem else {
      focusIndex = rows.count
      let stops = self.stops
      if !stops.contains(stop) { stop = stops.first ?? .submit }
      return
    }
    if item.enabled, let i = index(of: item, in: rows) {
      focusIndex = i
      return
    }
    if editor?.item === item { editor = nil }
    var i = min(focusIndex, rows.count)
    while i < rows.count, !rows[i].enabled { i += 1 }
    setFocus(i < rows.count ? rows[i] : nil, at: i)
    if focusItem == nil { stop = stops.first ?? .submit }
  }

  /// The focus on `item` (nil: the first stop below the rows).
  func focus(_ item: Item?) {
    let rows = stopRows
    setFocus(item, at: item.flatMap { index(of: $0, in: rows) } ?? rows.count)
    if item == nil { stop = stops.first ?? .submit }
  }

  /// The focus put on `item`, at `index` in the rows: the rows it left and took change.
  func setFocus(_ item: Item?, at index: Int) {
    if item !== focusItem {
      noteFocus(focusItem)
      noteFocus(item)
    }
    focusItem = item
    focusIndex = index
  }

  /// Move the focus `by` stops (the Submit line, or a page's Next and
  /// Back, are the last), skipping disabled rows.
  func moveFocus(_ by: Int) {
    let rows = stopRows
    let stops = self.stops
    var at = focusItem.flatMap { index(of: $0, in: rows) } ?? rows.count + (stops.firstIndex(of: stop) ?? 0)
    var left = abs(by)
    let step = by < 0 ? -1 : 1
    while left > 0 {
      var next = at + step
      while next >= 0, next < rows.count, !rows[next].enabled { next += step }
      guard next >= 0, next < rows.count + max(stops.count, 1) else { break }
      at = next
      left -= 1
    }
    let wasStop = focusItem == nil ? stop : nil
    setFocus(at < rows.count ? rows[at] : nil, at: min(at, rows.count))
    if at >= rows.count { stop = at - rows.count < stops.count ? stops[at - rows.count] : .submit }
    if let wasStop, focusItem == nil, wasStop != stop {
      noteStop(wasStop)
      noteStop(stop)
    }
  }

  /// `/` then letters: the focus jumps to the first row whose title begins
  /// with them, else the best match; nil ends the search.
  func find(_ words: String?) {
    guard let words else {
      search = nil
      return
    }
    search = words
    guard !words.isEmpty else { return }
    let rows = stopRows.filter(\.enabled)
    let lower = words.lowercased()
    if let hit = rows.first(where: { $0.label.lowercased().hasPrefix(lower) }) {
      focus(hit)
    } else if let best = Fuzzy.filter(rows.map(\.label), by: words).first {
      focus(rows[best])
    }
  }
}
