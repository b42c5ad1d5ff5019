import FormCore
import FormSession
import FormTerminal

/// The frame: the form's content in a viewport that fits the terminal (it
/// scrolls with the focus), then a status line and a help line.
extension Screen {
  /// A piece of the content and the lines it takes.
  enum Piece {
    case title(String)
    case blank
    case header(String)
    case note(String)
    /// a row, and the section it is in (its title column is that section's)
    case row(Item, section: Section)
    case submit
    /// a paged form's `Page 2 of 3: Payment` (or the summary's) under the title
    case pageHeading(String)
    /// a stop below a page's rows (Next, Back; the summary's pages, Submit)
    case button(Stop, label: String)
  }

  /// Cells a line may take: all but the last column, so writing never wraps.
  var width: Int { max(size.columns - 1, 10) }
  /// Lines for the content: the terminal's height less the status and help lines.
  var contentHeight: Int { max(size.rows - 2, 1) }

  /// Whether a row's errors show: once it was edited, or after a refused submit.
  func showsErrors(_ item: Item) -> Bool {
    (item.edited || showAllErrors || item.form?.submitAttempted == true || onCheckedPage(item)) && !item.errors.isEmpty
  }

  /// The content, piece by piece, top to bottom (`final`: no focus, no editor).
  func pieces() -> [Piece] {
    if paged { return pagePieces() }
    var out: [Piece] = []
    let form = session.form
    // at its size: a frame lists every row (a section's pieces were an array
    // of their own, copied in: a third of a frame's work on a long form)
    out.reserveCapacity(form.shownRowCount + 4 * form.sections.count + 4)
    if let title = form.title, !title.isEmpty { out += [.title(Cells.sanitize(title)), .blank] }
    var first = true
    for section in form.sections where !section.hidden {
      if !first { out.append(.blank) }
      first = false
      sectionPieces(section, into: &out)
    }
    out += [.blank, .submit]
    return out
  }

  /// A section's header, rows and footer.
  func sectionPieces(_ section: Section, into out: inout [Piece]) {
    for (n, line) in (section.shownText(.header) ?? "").split(separator: "\n").enumerated()
    where !line.isEmpty || n == 0 {
      guard !line.isEmpty else { continue }
      let header = Cells.sanitize(String(line))
      if wraps(section), !Cells.fits(header, in: width) {
        for l in Cells.wrapped(header, to: width) { out.append(.header(l.text)) }
      } else {
        out.append(.header(header))
      }
    }
    // the lines its header kind drew (at `bandWidth`), already safe to show
    for line in section.drawnLines(.header) { out.append(.header(line)) }
    if section.shownCount == 0, let empty = section.emptyText { out.append(.note(Cells.sanitize(empty))) }
    for item in section.items where !item.hidden { out.append(.row(item, section: section)) }
    for line in (section.shownText(.footer) ?? "").split(separator: "\n") {
      out.append(.note(Cells.sanitize(String(line))))
    }
    for line in section.drawnLines(.footer) { out.append(.note(line)) }
  }

  /// The lines under the focused row: the editor's, its hint, the reason a
  /// value was refused; or the row's description. The cursor among them.
  func focusLines(_ item: Item, room: Int) -> (lines: [Line], cursor: Frame.Position?) {
    var out: [Line] = []
    var cursor: Frame.Position?
    if let e = editor, e.item === item {
      let budget = max(3, room - 3)
      let (below, at) = e.below(width: width, height: budget, color: color)
      if let at { cursor = Frame.Position(row: at.row, column: at.column) }
      out += below
      var hint = Painter(width: width, color: color)
      hint.add("    ")
      hint.addSafe(e.hint, .dim)
      out.append(hint.line)
      if let note = e.note { out.append(Painter.line("    " + Cells.sanitize(note), width: width, color: color)) }
      if let reason = e.reason {
        var p = Painter(width: width, color: color)
        p.add("    ! " + reason, .error)
        out.append(p.line)
      }
    } else if let d = item.description, !d.isEmpty {
      for line in d.split(separator: "\n").prefix(3) {
        out.append(Painter.line("    " + Cells.sanitize(String(line)), .dim, width: width, color: color))
      }
    }
    return (out, cursor)
  }

  /// The cells a section's header or footer kind draws in: a header line
  /// takes the width, a footer line is indented two cells, as `lines(of:)`
  /// draws them.
  public func bandWidth(_ section: Section, _ band: Band) -> Int { band == .header ? width : width - 2 }

  /// The title column of a section: its widest title (and ` *`), at most a third of the width.
  func titleWidth(_ section: Section) -> Int {
    let key = ObjectIdentifier(section)
    if let known = titleWidths[key] { return known }
    var w = 0
    for item in section.items where !item.hidden {
      w = max(w, Cells.width(Cells.sanitize(item.label)) + TitleMarks(item).width(item.words))
    }
    w = min(w, max(8, width / 3))
    titleWidths[key] = w
    return w
  }

  /// Lines of a piece; `focused` rows carry their extra lines.
  func lines(of piece: Piece, final: Bool, extra: (lines: [Line], cursor: Frame.Position?)?) -> (
    [Line], Frame.Position?
  ) {
    switch piece {
    case .title(let t): return ([Painter.line(t, .bold, width: width, color: color)], nil)
    case .blank: return ([.empty], nil)
    case .header(let h): return ([Painter.line(h, .bold, width: width, color: color)], nil)
    case .note(let n): return ([Painter.line("  " + n, .dim, width: width, color: color)], nil)
    case .pageHeading(let h): return ([Painter.line(h, .dim, width: width, color: color)], nil)
    case .button(let s, let label):
      let focused = !final && focusItem == nil && stop == s
      var p = Painter(width: width, color: color, reversed: focused)
      p.add(focused ? "› " : "  ")
      p.addSafe(label, .bold)
      if !final {
        switch s {
        case .submit: p.add("  Ctrl-S", .dim)
        case .next: p.add("  Ctrl-S", .dim)
        case .back: p.add("  Alt-←", .dim)
        case .page: break
        }
      }
      return ([p.line], nil)
    case .submit:
      let focused = !final && focusItem == nil
      var p = Painter(width: width, color: color, reversed: focused)
      p.add(focused ? "› " : "  ")
      p.add(session.form.say("screen.submit"), .bold)
      if !final { p.add("  Ctrl-S", .dim) }
      return ([p.line], nil)
    case .row(let item, let section):
      let focused = !final && focusItem === item
      let open = focused ? editor.flatMap { $0.item === item ? $0 : nil } : nil
      var (out, cursor) = rowLines(item, section: section, focused: focused, open: open)
      if showsErrors(item), open?.reason == nil {
        for e in item.errors {
          out.append(Painter.line("    ! " + Cells.sanitize(e), .error, width: width, color: color))
        }
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
    titleWidths = [:]
    // after a resize the header and footer kinds draw at the new width (their
    // messages show with the next key's); otherwise they are up to date.
    // Not while a handler's question waits: that handler is still running
    if asking == nil { session.drawBands() }
    if ending != nil { return finalFrame() }
    settleFocus()
    if showingHelp { return helpFrame() }
    let height = contentHeight
    let all = pieces()
    // the focused row's extra lines, made once
    var extra: (lines: [Line], cursor: Frame.Position?)?
    if let item = focusItem { extra = focusLines(item, room: height) }
    // where each piece starts; where the focus is
    var starts: [Int] = []
    starts.reserveCapacity(all.count)
    var total = 0
    var focusRange = 0..<1
    var facts: ColumnFacts?
    for (i, piece) in all.enumerated() {
      starts.append(total)
      let h: Int
      switch piece {
      case .row(let item, let section):
        if facts?.section !== section { facts = columnFacts(section) }
        guard let facts else { continue }
        h =
          rowHeight(item, facts) + (showsErrors(item) ? item.errors.count : 0)
          + (focusItem === item ? extra?.lines.count ?? 0 : 0)
        if focusItem === item {
          // the section's header (all its lines) comes into view with its first row
          var top = total
          var k = i
          while k > 0, case .header = all[k - 1] {
            k -= 1
            top = starts[k]
          }
          focusRange = top..<(total + h)
        }
      case .submit:
        h = 1
        if focusItem == nil { focusRange = (total - 1)..<(total + 1) }
      case .button(let s, _):
        h = 1
        if focusItem == nil, s == stop { focusRange = max(total - 1, 0)..<(total + 1) }
      default: h = 1
      }
      total += h
    }
    let shown = min(total, height)
    if focusRange.lowerBound < offset { offset = focusRange.lowerBound }
    if focusRange.upperBound > offset + shown { offset = max(focusRange.upperBound - shown, 0) }
    if focusRange.count > shown { offset = focusRange.lowerBound }
    offset = offset.clamped(0, max(0, total - shown))
    var out: [Line] = []
    out.reserveCapacity(shown + 2)
    var cursor: Frame.Position?
    for (i, piece) in all.enumerated() {
      let start = starts[i]
      let end = i + 1 < starts.count ? starts[i + 1] : total
      guard end > offset else { continue }
      if start >= offset + shown { break }
      let isFocus: Bool
      if case .row(let item, _) = piece { isFocus = item === focusItem } else { isFocus = false }
      let (ls, c) = lines(of: piece, final: false, extra: isFocus ? extra : nil)
      for (k, line) in ls.enumerated() where start + k >= offset && start + k < offset + shown {
        if let c, c.row == k { cursor = Frame.Position(row: start + k - offset, column: c.column) }
        out.append(line)
      }
    }
    let (status, statusCursor) = statusLine(above: offset > 0, below: offset + shown < total)
    out.append(status)
    if let statusCursor { cursor = Frame.Position(row: out.count - 1, column: statusCursor) }
    out.append(helpLine())
    return Frame(lines: out, cursor: cursor)
  }

  /// The status line: a question, the `/` search, a message, or what is out of view.
  func statusLine(above: Bool, below: Bool) -> (Line, Int?) {
    if let question = asking { return questionLine(question) }
    var p = Painter(width: width, color: color)
    if leaving != nil {
      let n = changedCount
      p.add(session.form.say("screen.discard", ["count": String(n)]), .bold)
      return (p.line, p.cells)
    }
    if let words = search {
      p.add("/", .bold)
      p.addSafe(words)
      let at = p.cells
      p.add(session.form.say("screen.find"), .dim)
      return (p.line, at)
    }
    if let (text, paint) = message {
      p.add(text, paint)
      return (p.line, nil)
    }
    if let page = pageWords {
      p.add(page, .bold)
      if above || below { p.add("  ") }
    }
    if above || below {
      let words = session.form.say(
        above && below ? "screen.more_both" : above ? "screen.more_above" : "screen.more_below")
      p.add(session.form.say("screen.more_keys", ["where": words]), .dim)
    }
    return (p.line, nil)
  }

  /// The keys that work now, fitted to the width.
  func helpLine() -> Line {
    let keys = (currentKeys() + [("?", "all keys")]).map { ($0.0, does($0.1)) }
    var p = Painter(width: width, color: color)
    var first = true
    for (n, (key, does)) in keys.enumerated() {
      let item = key + " " + does
      let isLast = n == keys.count - 1
      // keep room for "? all keys" at the end
      let reserve = isLast ? 0 : 12
      guard Cells.width(item) + (first ? 0 : 2) <= p.room - reserve || (isLast && Cells.width(item) + 2 <= p.room)
      else { continue }
      if !first { p.add("  ") }
      p.add(key, .bold)
      p.add(" " + does, .dim)
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
  ]

  /// The keys of the focused row (or open editor), most useful first.
  func currentKeys() -> [(String, String)] {
    if asking != nil {
      // already in the form's words: `does` keeps a word it has no key for
      let (yes, no) = answerLetters
      return [(yes, session.form.say("word.yes")), (no, session.form.say("word.no"))]
    }
    if leaving != nil {
      let yes = session.form.catalogue.words("words.yes").first { $0.count == 1 } ?? "y"
      return [(yes, "discard"), (session.form.say("key.any_other_key"), "go back")]
    }
    let goOn = paged && !onSummary ? "next page" : "submit"
    if let e = editor { return e.keys.map { ($0.key, $0.does) } + [("Ctrl-S", goOn)] }
    guard let item = focusItem else {
      switch stop {
      case .submit where paged: return [("Enter", "submit"), ("Alt-←", "previous page"), ("Esc", "quit")]
      case .submit: return [("Enter", "submit"), ("↑", "back"), ("Esc", "quit")]
      case .next: return [("Enter", "next page"), ("Alt-←", "previous page"), ("Esc", "quit")]
      case .back: return [("Enter", "previous page"), ("↑↓", "move"), ("Esc", "quit")]
      case .page: return [("Enter", "go to the page"), ("↑↓", "move"), ("Ctrl-S", "submit")]
      }
    }
    var keys: [(String, String)] = [("↑↓", "move")]
    switch facts(of: item).shape {
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

  /// `?`: every key, in place of the form, until a key is pressed.
  func helpFrame() -> Frame {
    var lines: [Line] = []
    for (key, phrase) in Self.allKeyPhrases {
      let does = session.form.say(phrase)
      var p = Painter(width: width, color: color)
      if key.isEmpty {
        p.add(does, .bold)
      } else {
        p.add("  " + key, .bold)
        p.pad(to: max(24, p.cells + 2))
        p.add(does)
      }
      lines.append(p.line)
    }
    lines = Array(lines.prefix(contentHeight))
    lines.append(Painter.line(session.form.say("screen.press_any_key"), .dim, width: width, color: color))
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
    ("/ then text", "screen.keys.find"),
    ("e  Ctrl-E", "screen.keys.external"),
    ("Ctrl-S", "screen.keys.submit"),
    ("Alt-← Alt-→", "screen.keys.pages"),
    ("Esc  Ctrl-C  Ctrl-D", "screen.keys.leave"),
    ("", "screen.keys.in_editor"),
    ("Enter", "screen.keys.accept"),
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
    if paged { onSummary = true }
    for piece in pieces() {
      if case .submit = piece { continue }
      // a paged form's summary keeps its pages' names, not its buttons
      if case .button(let stop, let label) = piece {
        if case .page = stop { lines.append(Painter.line(label, .bold, width: width, color: color)) }
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
    lines.append(Painter.line(word, .dim, width: width, color: color))
    return Frame(lines: lines)
  }
}
