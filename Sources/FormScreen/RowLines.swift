import FormCore
import FormSession

/// How a row becomes lines on the screen: its title and value, each
/// wrapped in its column when too long (unless the style says `wrap =
/// false`), in the row's own style. A row's height is known from the row
/// alone (the columns are its section's), so the frame places rows
/// without drawing them.
extension Screen {
  /// A row's title (with its marks) and value, each as the lines its column
  /// shows; the value is empty when an editor shows it inline.
  struct RowText {
    var titles: [(text: String, cells: Int)]
    var values: [(text: String, cells: Int)]
    /// True when the title fits in one line (its marks then drawn in their own paint).
    var titleFits: Bool
    var height: Int { max(titles.count, values.count, 1) }
  }

  /// The columns of `row`: the title column is its section's.
  func rowText(_ row: RowView, section: Section, inline: Bool) -> RowText {
    let wraps = view.wraps(section)
    let title = row.title + row.marks
    let titleWidth = row.spans ? max(width - 2, 1) : titleWidth(section)
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
    guard !inline else { return text }
    let room = max(width - (2 + titleWidth + 2), 1)
    if wraps, !Cells.fits(row.value, in: room) {
      text.values = Cells.wrapped(row.value, to: room)
    } else if !row.value.isEmpty {
      text.values = [Cells.fit(row.value, to: room)]
    }
    return text
  }

  /// What the frame knows of a section's columns before measuring a row.
  struct ColumnFacts {
    let section: Section
    /// Long text wraps here.
    let wraps: Bool
    /// Every aligned title fits the title column.
    let titlesFit: Bool
    /// The narrowest the value column can be: a value this wide fits any.
    let room: Int
  }

  func columnFacts(_ section: Section) -> ColumnFacts {
    let cap = max(8, width / 3)
    return ColumnFacts(
      section: section, wraps: view.wraps(section), titlesFit: section.widestTitle <= cap,
      room: max(width - (2 + cap + 2), 1))
  }

  /// The lines a row takes before its errors and the focus's extra lines:
  /// a row that fits is told from its value alone, with nothing made.
  func rowHeight(_ item: Item, _ facts: ColumnFacts) -> Int {
    guard facts.wraps else { return 1 }
    let open = view.editor?.item === item
    if !open, facts.titlesFit, !item.title.isEmpty {
      if item.kind.hasValue {
        let shown = item.displayValue
        if Cells.fitsShown(shown.isEmpty ? item.placeholder ?? "" : shown, in: facts.room) { return 1 }
      }
    }
    let inline = open && view.editor?.editsInPlace == true
    return rowText(view.rowView(item), section: facts.section, inline: inline).height
  }

  /// The paint of a row's value (its style over the value's own look).
  func valuePaint(_ row: RowView) -> Paint {
    guard row.valueRole == .value else { return Paint(row.valueRole) }
    return Paint(.value, style: row.style)
  }

  /// The paint of a row's title.
  func titlePaint(_ row: RowView, open: Bool) -> Paint {
    Paint(row.enabled ? (open ? .openTitle : .title) : .disabled, style: row.style)
  }

  /// The lines of a row (its errors and the focus's lines are added by the caller).
  func rowLines(_ row: RowView, section: Section, focused: Bool, open: RowEditing?) -> ([Line], Frame.Position?) {
    let valueColumn = 2 + titleWidth(section) + 2
    let inline = open.flatMap { inlineText($0, room: max(width - valueColumn, 1)) }
    let text = rowText(row, section: section, inline: inline != nil)
    let reversed = focused && open == nil
    let titlePaint = titlePaint(row, open: open != nil)
    let valuePaint = valuePaint(row)
    let align = row.style?.align ?? .left
    var p = painter(reversed: reversed)
    p.add(focused ? "› " : "  ")
    if text.titleFits {
      p.add(row.title, titlePaint)
      // the marks every front end writes after a title (` *`, ` (disabled)`)
      p.add(row.marks, row.enabled ? .plain : Paint(.disabled))
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
    if let (inlineText, at, selected) = inline {
      let start = p.cells
      p.add(inlineText, selected ? Paint(.selection) : .plain)
      if let at { cursor = Frame.Position(row: 0, column: min(start + at, width - 1)) }
    } else if let first = text.values.first {
      addValue(first, into: &p)
    }
    var out = [p.line]
    for k in 1..<max(text.height, 1) {
      var q = painter(reversed: reversed)
      q.add("  ")
      if k < text.titles.count { q.add(text.titles[k].text, titlePaint) }
      q.pad(to: valueColumn)
      if k < text.values.count { addValue(text.values[k], into: &q) }
      out.append(q.line)
    }
    return (out, cursor)
  }
}
