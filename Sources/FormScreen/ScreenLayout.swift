import FormCore
import FormSession
import FormTerminal

/// The frame: the form's content in a viewport that fits the terminal (it
/// scrolls with the focus), then a status line and a help line. Each
/// piece's height is kept between frames and measured again only when the
/// view says it changed, so a frame costs what the viewport shows, not what
/// the form holds.
extension Screen {
  /// What the frame keeps between frames.
  struct Layout {
    /// Each piece's height (its errors counted, not the focus's extra lines).
    var heights = Heights()
    /// The view's version the heights were measured at.
    var version = -1
    /// The width they were measured at.
    var width = -1
    /// The page turns they were measured after.
    var turns = -1
    /// The title column each section had (a change measures its rows again).
    var titleColumns: [ObjectIdentifier: Int] = [:]
    /// The focused row's piece, measured again every frame (its editor may show inline).
    var focused: Int?
  }

  /// Cells a line may take: all but the last column, so writing never wraps.
  var width: Int { max(size.columns - 1, 10) }
  /// Lines for the content: the terminal's height less the status and help lines.
  var contentHeight: Int { max(size.rows - 2, 1) }

  /// The heights brought up to date with the view: all of them after a
  /// change of structure, width or page, else only the pieces that changed.
  func measure() {
    let pieces = view.pieces
    let changes = view.changes(since: layout.version)
    if changes.everything || layout.width != width || layout.turns != view.pageTurns
      || layout.heights.count != pieces.count
    {
      layout.titleColumns = [:]
      var values: [Int32] = []
      values.reserveCapacity(pieces.count)
      var facts: ColumnFacts?
      for piece in pieces {
        if case .row(_, let section) = piece, facts?.section !== section {
          facts = columnFacts(section)
          layout.titleColumns[ObjectIdentifier(section)] = titleWidth(section)
        }
        values.append(Int32(clamping: height(of: piece, facts)))
      }
      layout.heights = Heights(values)
      if layout.width != width || layout.turns != view.pageTurns { offset = 0 }
      layout.width = width
      layout.turns = view.pageTurns
    } else {
      var again = changes.pieces
      if let f = layout.focused, f < pieces.count { again.append(f) }
      if let f = view.focusPiece { again.append(f) }
      for i in again { remeasure(i, in: pieces) }
    }
    layout.version = changes.version
    layout.focused = view.focusItem == nil ? nil : view.focusPiece
  }

  /// Piece `i` measured again; a row whose section's title column changed measures the section again.
  func remeasure(_ i: Int, in pieces: [FormView.Piece]) {
    guard case .row(_, let section) = pieces[i] else {
      layout.heights.set(i, height(of: pieces[i], nil))
      return
    }
    let key = ObjectIdentifier(section)
    let column = titleWidth(section)
    guard layout.titleColumns[key] != column else {
      layout.heights.set(i, height(of: pieces[i], columnFacts(section)))
      return
    }
    layout.titleColumns[key] = column
    let facts = columnFacts(section)
    var a = i
    while a > 0, case .row(_, let s) = pieces[a - 1], s === section { a -= 1 }
    var b = i
    while b + 1 < pieces.count, case .row(_, let s) = pieces[b + 1], s === section { b += 1 }
    for k in a...b { layout.heights.set(k, height(of: pieces[k], facts)) }
  }

  /// The lines a piece takes (a row's errors counted, not the focus's extra lines).
  func height(of piece: FormView.Piece, _ facts: ColumnFacts?) -> Int {
    switch piece {
    case .row(let item, let section):
      let f = facts ?? columnFacts(section)
      guard view.showsErrors(item) else { return rowHeight(item, f) }
      return rowHeight(item, f) + item.errors.reduce(0) { $0 + wrappedCount(Self.errorLead, Cells.sanitize($1)) }
    case .header(let text, let wraps):
      return wraps && !Cells.fits(text, in: width) ? Cells.wrapped(text, to: width).count : 1
    default: return 1
    }
  }

  /// The lines under the focused row: the editor's, its hint, the reason a
  /// value was refused; or the row's description. The cursor among them.
  func focusLines(_ item: Item, room: Int) -> (lines: [Line], cursor: Frame.Position?) {
    var out: [Line] = []
    var cursor: Frame.Position?
    if let e = view.editor, e.item === item {
      let description = view.rowView(item).description
      let budget = max(3, room - 3 - description.count)
      let (below, at) = self.below(e, height: budget)
      if let at { cursor = Frame.Position(row: at.row, column: at.column) }
      out += below
      // the row's own words stay while it is typed, above what the kind takes
      for d in description { out += wrappedLines("    ", d, .description) }
      // what the kind takes, wrapped rather than cut (a date's bounds and its order of figures)
      out += wrappedLines("    ", Cells.sanitize(e.hint), .hint)
      if let note = e.note { out.append(line("    " + Cells.sanitize(note))) }
      if let reason = e.reason { out += wrappedLines(Self.errorLead, reason, .error) }
    } else {
      for d in view.rowView(item).description { out += wrappedLines("    ", d, .description) }
    }
    return (out, cursor)
  }

  /// What comes before an error under a row.
  static let errorLead = "    ! "

  /// `text` after `lead`, wrapped in the width under itself (nothing cut, up
  /// to `Cells.wrapLimit` lines).
  func wrappedLines(_ lead: String, _ text: String, _ role: Role) -> [Line] {
    let room = max(width - Cells.width(lead), 8)
    if Cells.fits(text, in: room) { return [line(lead + text, role)] }
    let indent = String(repeating: " ", count: Cells.width(lead))
    return Cells.wrapped(text, to: room).enumerated().map { n, l in line((n == 0 ? lead : indent) + l.text, role) }
  }

  /// How many lines `wrappedLines` gives.
  func wrappedCount(_ lead: String, _ text: String) -> Int {
    let room = max(width - Cells.width(lead), 8)
    return Cells.fits(text, in: room) ? 1 : Cells.wrapped(text, to: room).count
  }

  /// The cells a section's header or footer kind draws in: a header line
  /// takes the width, a footer line is indented two cells, as `lines(of:)`
  /// draws them.
  public func bandWidth(_ section: Section, _ band: Band) -> Int { band == .header ? width : width - 2 }

  /// The title column of a section: its widest title (and ` *`), at most a third of the width.
  func titleWidth(_ section: Section) -> Int { min(section.widestTitle, max(8, width / 3)) }

  /// A painter for a line of the frame.
  func painter(reversed: Bool = false) -> Painter {
    Painter(width: width, color: color, theme: theme, reversed: reversed)
  }

  /// A line of `s` in `role`.
  func line(_ s: String, _ role: Role = .plain) -> Line {
    Painter.line(s, role, width: width, color: color, theme: theme)
  }

  /// Lines of a piece; `focused` rows carry their extra lines.
  func lines(of piece: FormView.Piece, final: Bool, extra: (lines: [Line], cursor: Frame.Position?)?) -> (
    [Line], Frame.Position?
  ) {
    switch piece {
    case .title(let t): return ([line(t, .formTitle)], nil)
    case .blank: return ([.empty], nil)
    case .header(let h, let wraps):
      if wraps, !Cells.fits(h, in: width) { return (Cells.wrapped(h, to: width).map { line($0.text, .header) }, nil) }
      return ([line(h, .header)], nil)
    case .note(let n): return ([line("  " + n, .note)], nil)
    case .pageHeading(let h): return ([line(h, .pageHeading)], nil)
    case .button(let s, let label):
      let focused = !final && view.focusItem == nil && view.stop == s
      var p = painter(reversed: focused)
      p.add(focused ? "› " : "  ")
      p.addSafe(label, .button)
      if !final {
        switch s {
        case .submit: p.add("  Ctrl-S", .keyHelp)
        case .next: p.add("  Ctrl-S", .keyHelp)
        case .back: p.add("  Alt-←", .keyHelp)
        case .page: break
        }
      }
      return ([p.line], nil)
    case .submit:
      let focused = !final && view.focusItem == nil
      var p = painter(reversed: focused)
      p.add(focused ? "› " : "  ")
      p.add(session.form.say("screen.submit"), .button)
      if !final { p.add("  Ctrl-S", .keyHelp) }
      return ([p.line], nil)
    case .row(let item, let section):
      let row = view.rowView(item)
      let focused = !final && row.focused
      let open = focused ? row.editor : nil
      var (out, cursor) = rowLines(row, section: section, focused: focused, open: open)
      if open?.reason == nil {
        for e in row.errors { out += wrappedLines(Self.errorLead, e, .error) }
      }
      if let extra {
        let base = out.count
        out += extra.lines
        if cursor == nil, let c = extra.cursor { cursor = Frame.Position(row: base + c.row, column: c.column) }
      }
      return (out, cursor)
    }
  }

  /// The frame as the screen stands.
  public func frame() -> Frame {
    // after a resize the header and footer kinds draw at the new width (their
    // messages show with the next key's); otherwise they are up to date
    if layout.width != width { view.widthChanged() }
    // not while a handler's question waits: that handler is still running
    if asking == nil { view.drawBands() }
    if ending != nil { return finalFrame() }
    view.settle()
    switch overlay {
    case .keys: return helpFrame()
    case .row(let item): return rowFrame(item)
    case .log: return logFrame()
    case nil: break
    }
    measure()
    let height = contentHeight
    let all = view.pieces
    let heights = layout.heights
    // the focused row's extra lines, made once
    var extra: (lines: [Line], cursor: Frame.Position?)?
    if let item = view.focusItem { extra = focusLines(item, room: height) }
    let extraCount = extra?.lines.count ?? 0
    let focus = view.focusPiece
    let extraAt = view.focusItem == nil ? nil : focus
    /// Where piece `i` starts, the focused row's extra lines counted.
    func start(_ i: Int) -> Int { heights.start(i) + (extraAt.map { $0 < i ? extraCount : 0 } ?? 0) }
    let total = heights.total + (extraAt == nil ? 0 : extraCount)
    // where the focus is
    var focusRange = 0..<1
    if let f = focus {
      let top = start(f)
      switch all[f] {
      case .row:
        // the section's header (all its lines) comes into view with its first row
        var k = f
        while k > 0, case .header = all[k - 1] { k -= 1 }
        focusRange = start(k)..<(top + Int(heights.values[f]) + extraCount)
      case .submit: focusRange = (top - 1)..<(top + 1)
      default: focusRange = max(top - 1, 0)..<(top + 1)
      }
    }
    let shown = min(total, height)
    if focusRange.lowerBound < offset { offset = focusRange.lowerBound }
    if focusRange.upperBound > offset + shown { offset = max(focusRange.upperBound - shown, 0) }
    if focusRange.count > shown { offset = focusRange.lowerBound }
    offset = offset.clamped(0, max(0, total - shown))
    var out: [Line] = []
    out.reserveCapacity(shown + 2)
    var cursor: Frame.Position?
    // the first piece in view: found, not walked to
    var i = piece(at: offset, heights, extraAt: extraAt, extraCount: extraCount)
    while i < all.count {
      let begin = start(i)
      if begin >= offset + shown { break }
      let isFocus = extraAt == i
      let (ls, c) = lines(of: all[i], final: false, extra: isFocus ? extra : nil)
      for (k, line) in ls.enumerated() where begin + k >= offset && begin + k < offset + shown {
        if let c, c.row == k { cursor = Frame.Position(row: begin + k - offset, column: c.column) }
        out.append(line)
      }
      i += 1
    }
    let (status, statusCursor) = statusLine(above: offset > 0, below: offset + shown < total)
    out.append(status)
    if let statusCursor { cursor = Frame.Position(row: out.count - 1, column: statusCursor) }
    out.append(helpLine())
    return Frame(lines: out, cursor: cursor)
  }

  /// The piece that holds line `line` of the content, the focused row's extra lines counted.
  func piece(at line: Int, _ heights: Heights, extraAt: Int?, extraCount: Int) -> Int {
    guard let f = extraAt else { return heights.piece(at: line) }
    let end = heights.start(f + 1)
    if line < end { return heights.piece(at: line) }
    if line < end + extraCount { return f }
    return heights.piece(at: line - extraCount)
  }

  /// The status line: a question, the `/` search, a message, or what is out of view.
  func statusLine(above: Bool, below: Bool) -> (Line, Int?) {
    if let question = asking { return questionLine(question) }
    var p = painter()
    if view.leaving != nil {
      // the open editor's text counted: nothing typed goes unasked
      let n = view.pendingChanges
      p.add(session.form.say("screen.discard", ["count": String(n)]), .question)
      return (p.line, p.cells)
    }
    if let words = view.search {
      p.add("/", .key)
      p.addSafe(words)
      let at = p.cells
      p.add(session.form.say("screen.find"), .keyHelp)
      return (p.line, at)
    }
    if let message = view.message {
      p.add(message.text, message.role)
      return (p.line, nil)
    }
    if let page = view.pageWords {
      p.add(page, .header)
      if above || below { p.add("  ") }
    }
    if above || below {
      let words = session.form.say(
        above && below ? "screen.more_both" : above ? "screen.more_above" : "screen.more_below")
      p.add(session.form.say("screen.more_keys", ["where": words]), .keyHelp)
    }
    return (p.line, nil)
  }

  /// The keys that work now, fitted to the width.
  func helpLine() -> Line {
    let keys = (currentKeys() + [("?", "all keys")]).map { ($0.0, does($0.1)) }
    var p = painter()
    var first = true
    for (n, (key, does)) in keys.enumerated() {
      let item = key + " " + does
      let isLast = n == keys.count - 1
      // keep room for "? all keys" at the end
      let reserve = isLast ? 0 : 12
      guard Cells.width(item) + (first ? 0 : 2) <= p.room - reserve || (isLast && Cells.width(item) + 2 <= p.room)
      else { continue }
      if !first { p.add("  ") }
      p.add(key, .key)
      p.add(" " + does, .keyHelp)
      first = false
    }
    return p.line
  }

  /// What a key does (`currentKeys`' English word) in the form's language;
  /// a word of no letters (`×10`) as it is.
  func does(_ word: String) -> String { Self.doesKeys[word].map { session.form.say($0) } ?? word }

  /// The catalogue key of each word the help line says a key does.
  static let doesKeys: [String: String] = [
    "$EDITOR": "key.editor", "accept": "key.accept", "adjust": "key.adjust", "all keys": "key.all_keys",
    "back": "key.back", "change the part": "key.change_the_part", "choose": "key.choose", "clear": "key.clear",
    "column": "key.column", "discard": "key.discard", "edit": "key.edit", "filter": "key.filter", "find": "key.find",
    "go back": "key.go_back", "go to the page": "key.go_to_the_page", "leave": "key.leave", "list": "key.list",
    "move": "key.move", "new line": "key.new_line", "next": "key.next", "next field": "key.next_field",
    "next page": "key.next_page", "previous page": "key.previous_page", "quit": "key.quit", "run": "key.run",
    "step": "key.step", "submit": "key.submit", "toggle": "key.toggle", "type": "key.type",
    "next row": "key.next_row", "complete": "key.complete", "pick": "key.pick", "take or open": "key.take_or_open",
  ]

  /// The keys of the focused row (or open editor), most useful first.
  func currentKeys() -> [(String, String)] {
    if asking != nil {
      // already in the form's words: `does` keeps a word it has no key for
      let (yes, no) = answerLetters
      return [(yes, session.form.say("word.yes")), (no, session.form.say("word.no"))]
    }
    if view.leaving != nil {
      let yes = session.form.catalogue.words("words.yes").first { $0.count == 1 } ?? "y"
      return [(yes, "discard"), (session.form.say("key.any_other_key"), "go back")]
    }
    let paged = view.paged
    let goOn = paged && !view.onSummary ? "next page" : "submit"
    if let e = view.editor {
      // a long text's Ctrl-S takes the text: said once, with what else leaves it
      return Self.keys(of: e) + (e is LinesEditing ? [] : [("Ctrl-S", goOn)])
    }
    guard let item = view.focusItem else {
      switch view.stop {
      case .submit where paged: return [("Enter", "submit"), ("Alt-←", "previous page"), ("Esc", "quit")]
      case .submit: return [("Enter", "submit"), ("↑", "back"), ("Esc", "quit")]
      case .next: return [("Enter", "next page"), ("Alt-←", "previous page"), ("Esc", "quit")]
      case .back: return [("Enter", "previous page"), ("↑↓", "move"), ("Esc", "quit")]
      case .page: return [("Enter", "go to the page"), ("↑↓", "move"), ("Ctrl-S", "submit")]
      }
    }
    var keys: [(String, String)] = [("↑↓", "move")]
    switch view.facts(of: item).shape {
    case .toggle: keys.append(("Space", "toggle"))
    case .action: keys.append(("Enter", "run"))
    case .oneOf(let list) where list.inline: keys += [("←→", "choose"), ("Enter", "list")]
    case .oneOf, .severalOf, .components: keys.append(("Enter", "choose"))
    case .number(slider: true): keys += [("←→", "adjust"), ("Enter", "edit")]
    case .lines: keys += [("Enter", "edit"), ("e", "$EDITOR")]
    default: keys.append(("Enter", "edit"))
    }
    keys += [("Ctrl-S", goOn), ("Esc", "quit"), ("/", "find")]
    return keys
  }

  /// An editor's keys for the help line, most useful first.
  static func keys(of e: RowEditing) -> [(String, String)] {
    switch e {
    case is FileEditing:
      return [("Tab", "complete"), ("↑↓", "pick"), ("Enter", "take or open"), ("Esc", "leave")]
    case let t as TextEditing where !t.shownOffers.isEmpty:
      return [("Tab", "complete"), ("↑↓", "pick"), ("Enter", "accept"), ("Esc", "leave")]
    case let t as TextEditing:
      var k: [(String, String)] = [("Enter", "accept"), ("Esc", "leave")]
      if case .date = t.facts.shape { k.append(("↑↓", "change the part")) }
      if case .number = t.facts.shape { k.append(("↑↓", "±1")) }
      return k + [("Ctrl-U", "clear"), ("←→", "move")]
    case let c as ChoiceEditing:
      var k: [(String, String)] =
        c.several
        ? [("↑↓", "move"), ("Space", "toggle"), ("Enter", "accept"), ("Esc", "leave")]
        : [("↑↓", "move"), ("Enter", "choose"), ("Esc", "leave")]
      if c.filtering { k.insert(("type", "filter"), at: 1) }
      return k
    case is PickerEditing: return [("↑↓", "choose"), ("←→", "column"), ("Enter", "accept"), ("Esc", "leave")]
    case let c as CardEditing:
      let last = c.field == c.fields.count - 1
      return [("Tab", last ? "next row" : "next field"), ("Enter", last ? "accept" : "next"), ("Esc", "leave")]
    case is SliderEditing:
      return [("←→", "step"), ("Enter", "accept"), ("Esc", "leave"), ("PgUp/PgDn", "×10"), ("0-9", "type")]
    case is LinesEditing:
      return [
        ("Enter", "new line"), ("Tab", "next row"), ("Ctrl-S", "accept"), ("Esc", "leave"), ("Ctrl-E", "$EDITOR"),
      ]
    default: return [("Enter", "accept"), ("Esc", "leave")]
    }
  }

  /// Ctrl-R: the focused row in full (its value, description, limits,
  /// errors, each wrapped), in place of the form, until a key is pressed.
  func rowFrame(_ item: Item) -> Frame {
    var lines: [Line] = []
    for (text, role) in view.rowInFull(item) {
      if role == .header {
        lines.append(line(text, .header))
      } else {
        lines += wrappedLines("  ", text, role)
      }
    }
    return overlayFrame(lines)
  }

  /// Ctrl-O: what the form's handlers printed (its last lines when there is
  /// more than the screen holds), in place of the form, until a key is pressed.
  func logFrame() -> Frame {
    var lines: [Line] = [line(session.form.say("screen.log_heading"), .header)]
    if view.notices.isEmpty { lines.append(line("  " + session.form.say("screen.log_empty"), .keyHelp)) }
    var printed: [Line] = []
    for notice in view.notices.suffix(contentHeight * 4) {
      printed += wrappedLines("  ", FormView.oneLine(notice), .plain)
    }
    lines += printed.suffix(max(contentHeight - 1, 1))
    return overlayFrame(lines)
  }

  /// `lines` in place of the form (as many as fit), then how to go back.
  func overlayFrame(_ lines: [Line]) -> Frame {
    var out = Array(lines.prefix(contentHeight))
    out.append(line(session.form.say("screen.press_any_key"), .keyHelp))
    out.append(.empty)
    return Frame(lines: out)
  }

  /// `?`: every key, in place of the form, until a key is pressed.
  func helpFrame() -> Frame {
    var lines: [Line] = []
    for (key, phrase) in Self.allKeyPhrases {
      let does = session.form.say(phrase)
      var p = painter()
      if key.isEmpty {
        p.add(does, .key)
      } else {
        p.add("  " + key, .key)
        p.pad(to: max(24, p.cells + 2))
        p.add(does)
      }
      lines.append(p.line)
    }
    lines = Array(lines.prefix(contentHeight))
    lines.append(line(session.form.say("screen.press_any_key"), .keyHelp))
    lines.append(.empty)
    return Frame(lines: lines)
  }

  /// Every key of the screen mode, as `?` lists them (and the docs): the
  /// keys, and the catalogue key of what they do.
  public static let allKeyPhrases: [(String, String)] = [
    ("", "screen.keys.at_form"),
    ("↑ ↓  Tab  Shift-Tab", "screen.keys.move_rows"),
    ("PgUp PgDn  Home End", "screen.keys.jump"),
    ("Enter  Space", "screen.keys.edit"),
    ("← →", "screen.keys.slider"),
    ("F2", "screen.keys.in_place"),
    ("/ then text", "screen.keys.find"),
    ("e  Ctrl-E", "screen.keys.external"),
    ("Ctrl-R", "screen.keys.row_in_full"),
    ("Ctrl-O", "screen.keys.log"),
    ("Ctrl-S", "screen.keys.submit"),
    ("Ctrl-T", "screen.keys.take_default"),
    ("Alt-← Alt-→", "screen.keys.pages"),
    ("Esc  Ctrl-C  Ctrl-D", "screen.keys.leave"),
    ("", "screen.keys.in_editor"),
    ("Enter", "screen.keys.accept"),
    ("Tab  Shift-Tab", "screen.keys.next_row"),
    ("Esc", "screen.keys.leave_editor"),
    ("← → Home End", "screen.keys.move_text"),
    ("Ctrl-K Ctrl-U Ctrl-W", "screen.keys.cut"),
    ("Alt-B Alt-F", "screen.keys.word"),
    ("↑ ↓", "screen.keys.step"),
    ("", "screen.keys.in_list"),
    ("↑ ↓  PgUp PgDn", "screen.keys.move_list"),
    ("letters", "screen.keys.filter"),
    ("Space", "screen.keys.toggle"),
    ("Enter", "screen.keys.choose"),
  ]

  /// The same, in English.
  public static var allKeys: [(String, String)] { allKeyPhrases.map { ($0.0, Catalogue.english.say($0.1)) } }

  /// The form as it was left, for the scrollback: no focus, no editor, and how it ended.
  func finalFrame() -> Frame {
    var lines: [Line] = []
    // a paged form is left as its summary: every value
    for piece in view.finalPieces() {
      if case .submit = piece { continue }
      // a paged form's summary keeps its pages' names, not its buttons
      if case .button(let stop, let label) = piece {
        if case .page = stop { lines.append(line(label, .button)) }
        continue
      }
      lines += self.lines(of: piece, final: true, extra: nil).0
    }
    if lines.last == .empty { lines.removeLast() }
    let word: String
    switch ending {
    case .submitted: word = session.form.say("screen.submitted")
    case .cancelled: word = session.form.say("screen.cancelled")
    case .interrupted: word = session.form.say("screen.interrupted")
    case .inputEnded, nil: word = session.form.say("screen.input_ended")
    }
    lines.append(line(word, .keyHelp))
    return Frame(lines: lines)
  }
}

extension Int {
  func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(Swift.max(self, lo), hi) }
}
