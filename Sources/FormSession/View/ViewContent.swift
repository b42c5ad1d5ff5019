import FormCore

/// The content of a view, top to bottom, as pieces (the title, each
/// section's header lines, rows and footer, the Submit stop, a page's
/// buttons) made again only when the form's structure changes or the page
/// turns; and each row's look as `RowView`, made when a front end draws it.
extension FormView {
  /// One piece of the content.
  public enum Piece {
    /// the form's title (safe to show)
    case title(String)
    /// an empty line between parts
    case blank
    /// a line of a section's header (safe to show); `wraps`: a line too long
    /// for the width goes on under itself (else it is cut)
    case header(String, wraps: Bool)
    /// a line of a section's footer, or of its text when it shows no row (safe to show)
    case note(String)
    /// a row, and the section it is in (its title column is that section's)
    case row(Item, section: Section)
    /// the Submit stop of a form without pages
    case submit
    /// a paged form's `Page 2 of 3: Payment` (or the summary's) under the title
    case pageHeading(String)
    /// a stop below a page's rows (Next, Back; the summary's pages, Submit), and its label
    case button(Stop, label: String)
  }

  /// The content, piece by piece, top to bottom.
  public var pieces: [Piece] {
    catchUp()
    if piecesStale { makePieces() }
    return pieceList
  }

  /// The piece that shows `item`'s row; nil when it shows nowhere now.
  public func piece(of item: Item) -> Int? {
    if piecesStale { makePieces() }
    guard let n = item.numberAsDrawn, n >= 1, n <= pieceOfRow.count else { return nil }
    let piece = Int(pieceOfRow[n - 1])
    guard piece >= 0, piece < pieceList.count, case .row(let shown, _) = pieceList[piece], shown === item else {
      return nil
    }
    return piece
  }

  /// The piece that has the focus: the focused row's, else its stop's.
  public var focusPiece: Int? {
    if let item = focusItem { return piece(of: item) }
    let all = pieces
    var i = all.count - 1
    while i >= 0 {
      switch all[i] {
      case .submit where stop == .submit: return i
      case .button(let s, _) where s == stop: return i
      default: i -= 1
      }
    }
    return nil
  }

  /// The pieces of the form as it was left: a paged form's summary (every value), else the pieces.
  public func finalPieces() -> [Piece] {
    guard paged else { return pieces }
    var out: [Piece] = []
    pagePieces(nil, into: &out)
    return out
  }

  /// Header and footer kinds drawn again where they are out of date (their
  /// lines are pieces: a change makes the pieces again).
  public func drawBands() {
    engine.drawBands()
    absorb(form.takeChanges())
  }

  /// The front end's width changed: header and footer kinds draw at the new
  /// width, so the pieces are made again.
  public func widthChanged() { restructure() }

  /// The pieces made again, with where each row is among them.
  func makePieces() {
    piecesStale = false
    let form = form
    // (numbers the rows as they stand: `numberAsDrawn` reads them)
    let numbered = form.lastRow
    var out: [Piece] = []
    if paged {
      pagePieces(currentPage(livePages), into: &out)
    } else {
      // at its size: a frame lists every row
      out.reserveCapacity(form.shownRowCount + 4 * form.sections.count + 4)
      if let title = form.title, !title.isEmpty { out += [.title(Cells.sanitize(title)), .blank] }
      var first = true
      for section in form.sections where !section.hidden {
        if !first { out.append(.blank) }
        first = false
        sectionPieces(section, into: &out)
      }
      out += [.blank, .submit]
    }
    if pieceOfRow.count == numbered {
      for i in pieceOfRow.indices { pieceOfRow[i] = -1 }
    } else {
      pieceOfRow = Array(repeating: -1, count: numbered)
    }
    for (i, piece) in out.enumerated() {
      if case .row(let item, _) = piece, let n = item.numberAsDrawn, n >= 1, n <= numbered {
        pieceOfRow[n - 1] = Int32(i)
      }
    }
    pieceList = out
  }

  /// A section's header, rows and footer.
  func sectionPieces(_ section: Section, into out: inout [Piece]) {
    let wraps = wraps(section)
    for line in (section.shownText(.header) ?? "").split(separator: "\n") where !line.isEmpty {
      out.append(.header(Cells.sanitize(String(line)), wraps: wraps))
    }
    // the lines its header kind drew (at the band's width), already safe to show
    for line in section.drawnLines(.header) { out.append(.header(line, wraps: false)) }
    if section.shownCount == 0, let empty = section.emptyText { out.append(.note(Cells.sanitize(empty))) }
    for item in section.items where !item.hidden { out.append(.row(item, section: section)) }
    for line in (section.shownText(.footer) ?? "").split(separator: "\n") {
      out.append(.note(Cells.sanitize(String(line))))
    }
    for line in section.drawnLines(.footer) { out.append(.note(line)) }
  }

  /// The content of a paged form: `page`'s sections, or (nil) the summary.
  func pagePieces(_ page: Page?, into out: inout [Piece]) {
    let form = form
    if let title = form.title, !title.isEmpty { out.append(.title(Cells.sanitize(title))) }
    let pages = livePages
    guard let page else {
      out.append(.pageHeading(form.say("screen.summary_heading")))
      for page in pages {
        out += [.blank, .button(.page(page.id), label: page.heading)]
        for section in page.sections where !section.hidden {
          for item in section.items where !item.hidden && item.kind.hasValue {
            out.append(.row(item, section: section))
          }
        }
      }
      out += [
        .blank, .button(.submit, label: form.say("screen.submit_button")),
        .button(.back, label: form.say("screen.back_button")),
      ]
      return
    }
    out.append(.pageHeading(page.heading))
    for section in page.sections where !section.hidden {
      out.append(.blank)
      sectionPieces(section, into: &out)
    }
    out.append(.blank)
    let last = page.number == page.count
    out.append(.button(.next, label: form.say(last ? "screen.next_summary_button" : "screen.next_button")))
    if page.number > 1 { out.append(.button(.back, label: form.say("screen.back_button"))) }
  }

  /// Whether long text wraps in `section` (its style over the form's).
  public func wraps(_ section: Section) -> Bool {
    (section.style ?? Style()).over(form.style).wraps
  }

  /// Whether a row's errors show: once it was edited, or after a refused submit (or Next).
  public func showsErrors(_ item: Item) -> Bool {
    (item.edited || showAllErrors || item.form?.submitAttempted == true || onCheckedPage(item)) && !item.errors.isEmpty
  }

  /// `item`'s row as it shows now.
  public func rowView(_ item: Item) -> RowView {
    let focused = focusItem === item && ending == nil
    let hasValue = item.kind.hasValue
    let display = item.displayValue
    var value = Cells.sanitize(display)
    var role: Role = hasValue ? .value : .detail
    if display.isEmpty {
      value = item.placeholder.map(Cells.sanitize) ?? ""
      role = hasValue ? .placeholder : .detail
    }
    var description: [String] = []
    if let d = item.description, !d.isEmpty {
      description = d.split(separator: "\n").prefix(3).map { Cells.sanitize(String($0)) }
    }
    return RowView(
      item: item, title: Cells.sanitize(item.label), marks: TitleMarks(item).suffix(item.words), value: value,
      valueRole: role,
      enabled: item.enabled, spans: !hasValue && value.isEmpty, style: item.style,
      errors: showsErrors(item) ? item.errors.map(Cells.sanitize) : [], description: description, focused: focused,
      editor: focused ? editor : nil)
  }
}

extension FormView {
  /// `item`'s row in full, as words to show one after another (nothing cut):
  /// its title and marks, its value (or that it is empty, and its
  /// placeholder), every line of its description, what it takes and its
  /// limits, its errors; each safe to show, with its role.
  public func rowInFull(_ item: Item) -> [(text: String, role: Role)] {
    let row = rowView(item)
    let c = form.catalogue
    var out: [(String, Role)] = [(row.title + row.marks, .header)]
    if item.kind.hasValue {
      if row.valueRole == .value {
        out.append((row.value, .value))
      } else {
        out.append((c.say("screen.empty_value"), .placeholder))
        if !row.value.isEmpty { out.append((c.say("screen.placeholder", ["text": row.value]), .placeholder)) }
      }
    } else if !row.value.isEmpty {
      out.append((row.value, .detail))
    }
    for line in (item.description ?? "").split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
      out.append((Cells.sanitize(String(line)), .description))
    }
    if item.kind.hasValue { out.append((RowEditing.hint(facts(of: item), c), .hint)) }
    for e in item.errors { out.append(("! " + Cells.sanitize(e), .error)) }
    return out
  }
}

/// A row as a front end draws it: its words made safe to show, the roles
/// of its parts, whether it has the focus and the editor open on it.
public struct RowView {
  /// The row.
  public let item: Item
  /// Its title (its name, or its kind's, when it has none).
  public var title: String
  /// What follows the title: ` *` (a value is needed), ` (disabled)`.
  public var marks: String
  /// What the value column shows: the value, else the placeholder (`valueRole` tells which).
  public var value: String
  /// `.value`, `.placeholder` (nothing is set: a placeholder must not look
  /// like a value), or `.detail` (a row without a value).
  public var valueRole: Role
  /// False for a read-only row.
  public var enabled: Bool
  /// True when the row has no value and nothing in its place: its title spans the row.
  public var spans: Bool
  /// The row's own style (`style = { … }`), drawn over the roles' looks.
  public var style: RowStyle?
  /// The errors that show under it now.
  public var errors: [String]
  /// Its description's lines (at most three).
  public var description: [String]
  /// True when it has the focus.
  public var focused: Bool
  /// The editor open on it.
  public var editor: RowEditing?
}
