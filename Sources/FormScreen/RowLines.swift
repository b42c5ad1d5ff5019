import FormCore

/// How a row becomes lines on the screen: its title and value, each
/// wrapped in its column when too long (unless the style says `wrap =
/// false`), in the row's own style. A row's height is known from the row
/// alone (the columns are its section's), so the frame places rows
/// without drawing them.
extension Screen {
  /// Whether long text wraps in `section` (its style over the form's).
  func wraps(_ section: Section) -> Bool {
    (section.style ?? Style()).over(session.form.style).wraps
  }

  /// A row's title (with its marks) and value, each as the lines its column
  /// shows; the value is empty when an editor shows it inline, or for a secret's mask.
  struct RowText {
    var titles: [(text: String, cells: Int)]
    var values: [(text: String, cells: Int)]
    /// True when the title fits in one line (its marks then drawn in their own paint).
    var titleFits: Bool
    var height: Int { max(titles.count, values.count, 1) }
  }

  /// The columns of `item`'s row: the title column is its section's.
  func rowText(_ item: Item, section: Section, inline: Bool) -> RowText {
    let wraps = wraps(section)
    let title = Cells.sanitize(item.label) + TitleMarks(item).suffix(item.words)
    // a row with no value and nothing to show in its place: the title spans the row
    let spans = !item.kind.hasValue && shownValue(item).isEmpty
    let titleWidth = spans ? max(width - 2, 1) : titleWidth(section)
    var text = RowText(titles: [], values: [], titleFits: true)
    if wraps, !Cells.fits(title, in: titleWidth) {
      text.titles = Cells.wrapped(title, to: titleWidth)
      text.titleFits = false
    } else if Cells.fits(title, in: titleWidth) {
      text.titles = [(title, Cells.width(title))]
    } else {
      // one line asked for: the title cut to its column
      text.titles = [Cells.fit(title, to: titleWidth)]
      text.titleFits = false
    }
    guard !inline, !item.kind.isSecret(item) else { return text }
    let room = max(width - (2 + titleWidth + 2), 1)
    let shown = shownValue(item)
    if wraps, !Cells.fits(shown, in: room) {
      text.values = Cells.wrapped(shown, to: room)
    } else if !shown.isEmpty {
      text.values = [Cells.fit(shown, to: room)]
    }
    return text
  }

  /// The text of a row's value column: the value, or its placeholder when empty.
  func shownValue(_ item: Item) -> String {
    let shown = item.displayValue
    if shown.isEmpty, let placeholder = item.placeholder { return Cells.sanitize(placeholder) }
    return Cells.sanitize(shown)
  }

  /// The lines a row takes before its errors and the focus's extra lines.
  /// What the frame knows of a section's columns before measuring a row.
  struct ColumnFacts {
    let section: Section
    /// Long text wraps here.
    let wraps: Bool
    /// Every aligned title fits the title column (the section keeps its widest per edit).
    let titlesFit: Bool
    /// The narrowest the value column can be: a value this wide fits any.
    let room: Int
  }

  func columnFacts(_ section: Section) -> ColumnFacts {
    let cap = max(8, width / 3)
    return ColumnFacts(
      section: section, wraps: wraps(section), titlesFit: section.widestTitle <= cap,
      room: max(width - (2 + cap + 2), 1))
  }

  /// Every frame measures every row (to place the focus and scroll), so a
  /// row that fits is told from its value alone, with nothing made and no
  /// other row measured.
  func rowHeight(_ item: Item, _ facts: ColumnFacts) -> Int {
    guard facts.wraps else { return 1 }
    let open = editor?.item === item
    if !open, facts.titlesFit, !item.title.isEmpty {
      let kind = item.kind
      if kind.hasValue {
        if kind.isSecret(item) { return 1 }
        let shown = item.displayValue
        if Cells.fitsShown(shown.isEmpty ? item.placeholder ?? "" : shown, in: facts.room) { return 1 }
      }
    }
    return rowText(item, section: facts.section, inline: open && editor?.inline() != nil).height
  }

  /// The paint of a row's value (its style over the value's own paint).
  func valuePaint(_ item: Item) -> Paint {
    let base: Paint = item.displayValue.isEmpty || !item.kind.hasValue ? .dim : .value
    guard let style = item.style, base == .value else { return base }
    return .styled(style, over: base)
  }

  /// The paint of a row's title.
  func titlePaint(_ item: Item, open: Bool) -> Paint {
    let base: Paint = item.enabled ? (open ? .bold : .plain) : .dim
    guard let style = item.style else { return base }
    return .styled(style, over: base)
  }

  /// The lines of a row (its errors and the focus's lines are added by the caller).
  func rowLines(_ item: Item, section: Section, focused: Bool, open: RowEditor?) -> (
    [Line], Frame.Position?
  ) {
    let titleWidth = titleWidth(section)
    let valueColumn = 2 + titleWidth + 2
    let inline = open?.inline()
    let text = rowText(item, section: section, inline: inline != nil)
    let reversed = focused && open == nil
    let titlePaint = titlePaint(item, open: open != nil)
    let valuePaint = valuePaint(item)
    let align = item.style?.align ?? .left
    var p = Painter(width: width, color: color, reversed: reversed)
    p.add(focused ? "› " : "  ")
    if text.titleFits {
      p.add(Cells.sanitize(item.label), titlePaint)
      // the marks every front end writes after a title (` *`, ` (disabled)`)
      p.add(TitleMarks(item).suffix(item.words), item.enabled ? .plain : .dim)
    } else {
      p.add(text.titles[0].text, titlePaint)
    }
    p.pad(to: valueColumn)
    var cursor: Frame.Position?
    func addValue(_ v: (text: String, cells: Int), into p: inout Painter) {
      if align != .left {
        let room = max(width - valueColumn, 0)
        let lead = RowStyle(align: align).lead(v.cells, in: room)
        p.pad(to: valueColumn + lead)
      }
      p.add(v.text, valuePaint)
    }
    if let (inlineText, at) = inline {
      let start = p.cells
      p.add(inlineText)
      if let at { cursor = Frame.Position(row: 0, column: min(start + at, width - 1)) }
    } else if item.kind.isSecret(item) {
      if !item.value.isBlank { p.add(TextEditor.mask) }
    } else if let first = text.values.first {
      addValue(first, into: &p)
    }
    var out = [p.line]
    for k in 1..<max(text.height, 1) {
      var q = Painter(width: width, color: color, reversed: reversed)
      q.add("  ")
      if k < text.titles.count { q.add(text.titles[k].text, titlePaint) }
      q.pad(to: valueColumn)
      if k < text.values.count { addValue(text.values[k], into: &q) }
      out.append(q.line)
    }
    return (out, cursor)
  }
}
