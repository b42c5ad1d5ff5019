import FormCore

/// Draws a form as lines of text: a pure function of the form, the style and
/// the width (it runs no script: the lines of header and footer kinds are
/// the ones `drawBands` kept). The only printing happens in the front ends.
public struct Renderer {
  /// Total width in terminal cells (unless the form's style sets one and
  /// this width is not `explicit`).
  public var width: Int
  /// True when the width was asked for (`--width`): it then wins over the form's style.
  public var explicit: Bool
  /// The theme the form is drawn in, as much of it as is drawn here (the
  /// screen mode draws the same one: `--theme`, `FORMRUN_THEME`, `form.theme`).
  public internal(set) var theme: Theme
  /// The border used where neither the form nor the section sets one.
  var defaultBorder: Style.Border

  /// A renderer `width` cells wide (20 at least), drawing in `theme`, boxes in `defaultBorder` unless a style says otherwise.
  public init(width: Int = 72, explicit: Bool = false, theme: Theme = .plain, defaultBorder: Style.Border = .rounded) {
    self.width = max(width, 20)
    self.explicit = explicit
    self.theme = theme
    self.defaultBorder = defaultBorder
  }

  /// This renderer with the width the form asks for.
  func resolved(for form: Form) -> Renderer {
    var r = self
    if !explicit, let w = form.style.width { r.width = max(w, 20) }
    return r
  }

  /// The whole form.
  public func render(_ form: Form) -> [String] {
    var placed: [Drawing.Placed]? = nil
    return resolved(for: form).draw(form, placing: &placed)
  }

  /// The whole form, as `render` draws it, with the line each shown row starts on.
  public func drawing(_ form: Form) -> Drawing {
    var placed: [Drawing.Placed]? = []
    let lines = resolved(for: form).draw(form, placing: &placed)
    return Drawing(lines: lines, rows: placed ?? [])
  }

  /// The whole form as `render` draws it, given to `write` a section at a
  /// time as it is drawn: a large form's lines are never all held at once
  /// (a piped fill's first screen).
  public func render(_ form: Form, writing write: ([String]) -> Void) {
    var placed: [Drawing.Placed]? = nil
    resolved(for: form).draw(form, placing: &placed, writing: write)
  }

  /// The lines of `form`; each row's place is added to `placed` unless it is nil.
  func draw(_ form: Form, placing placed: inout [Drawing.Placed]?) -> [String] {
    var out: [String] = []
    draw(form, placing: &placed) { out += $0 }
    return out
  }

  /// The lines of `form` in pieces (the title, then each section with the
  /// blank line before it, then the legend), in order.
  func draw(_ form: Form, placing placed: inout [Drawing.Placed]?, writing write: ([String]) -> Void) {
    var count = 0
    let layout = Layout(form: form)
    if let title = form.title, !title.isEmpty {
      write([theme.title(Cells.truncate(Cells.sanitize(title), to: width)), ""])
      count += 2
    }
    var first = true
    for section in form.sections where !section.hidden {
      var lines: [String] = first ? [] : [""]
      first = false
      lines += render(section, layout: layout, placing: &placed, at: count + lines.count)
      count += lines.count
      write(lines)
    }
    if let legend = legend(form) { write(["", theme.hint(legend)]) }
  }

  /// What the marks drawn on this form mean, so that none says anything by
  /// itself: `* required, › opens more`. Nil when no mark is drawn.
  func legend(_ form: Form) -> String? {
    var required = false
    var accessories = Set<Accessory>()
    var ascii = true
    for section in form.sections where !section.hidden {
      let style = (section.style ?? Style()).over(form.style)
      let frame = BorderSet.of(style.border ?? defaultBorder)
      for item in section.items where !item.hidden {
        if item.isRequired { required = true }
        if item.accessory != .none {
          accessories.insert(item.accessory)
          if !(frame == nil || frame!.vertical == "|") { ascii = false }
        }
      }
    }
    let c = form.catalogue
    var parts: [String] = required ? [c.say("legend.required")] : []
    let words: [(Accessory, String)] = [
      (.disclosure, c.say("legend.opens_more")), (.checkmark, c.say("legend.checked")),
      (.info, c.say("legend.information")), (.detail, c.say("legend.detail")),
    ]
    for (accessory, meaning) in words where accessories.contains(accessory) {
      parts.append(BorderSet.glyph(accessory, ascii: ascii) + " " + meaning)
    }
    return parts.isEmpty ? nil : Cells.truncate(parts.joined(separator: ", "), to: width)
  }

  /// Only the rows of these items (a partial update), without borders: each
  /// drawn from its `RowView`, in the columns of its section.
  public func renderRows(_ items: [Item], in form: Form) -> [String] {
    resolved(for: form).drawRows(items, in: form)
  }

  func drawRows(_ items: [Item], in form: Form) -> [String] {
    let layout = Layout(form: form)
    var out: [String] = []
    for item in items where item.form === form && item.isShown {
      guard let section = item.section else { continue }
      let box = Box(renderer: self, section: section, layout: layout)
      for l in box.rowLines(RowView(item)) { out.append(trimEnd("  " + l.text)) }
    }
    return out
  }

  /// One section as the whole form draws it (`show SECTION`).
  public func renderSection(_ section: Section, in form: Form) -> [String] {
    var placed: [Drawing.Placed]? = nil
    return resolved(for: form).render(section, layout: Layout(form: form), placing: &placed, at: 0)
  }

  /// A section's lines; each row's place (counted from `base`) is added to `placed` unless it is nil.
  func render(_ section: Section, layout: Layout, placing placed: inout [Drawing.Placed]?, at base: Int) -> [String] {
    let box = Box(renderer: self, section: section, layout: layout)
    var out: [String] = []
    let top = box.top()
    if !top.isEmpty { out.append(top) }
    // a header of several lines: the first is in the top border, the others
    // below it; then the lines its header kind drew, inside the frame
    for l in box.headerLines().dropFirst() {
      out.append(box.frame == nil ? theme.header(l.text) : box.line(theme.header(l.text), cells: l.cells))
    }
    for l in section.drawnLines(.header) {
      out.append(
        box.frame == nil
          ? theme.header(Cells.truncate(l, to: width)) : box.line(theme.header(Cells.truncate(l, to: box.inner))))
    }
    if section.shownCount == 0, let empty = section.emptyText {
      out.append(box.line(theme.hint(Cells.truncate(Cells.sanitize(empty), to: box.inner))))
    }
    for item in section.items where !item.hidden {
      // the common row (one line of plain text that fits) is written in one go
      if placed == nil, let line = box.plainLine(item) {
        out.append(line)
        continue
      }
      let view = RowView(item)
      placed?.append(Drawing.Placed(line: base + out.count, view: view))
      for l in box.rowLines(view) { out.append(box.line(l.text, cells: l.cells)) }
    }
    if let bottom = box.bottom() { out.append(bottom) }
    for paragraph in lines(of: section.shownText(.footer)) {
      for l in Cells.wrap(paragraph, to: width - 2) { out.append(trimEnd("  " + theme.hint(l))) }
    }
    // the lines its footer kind drew, at the width it was given
    for l in section.drawnLines(.footer) { out.append(trimEnd("  " + theme.hint(Cells.truncate(l, to: width - 2)))) }
    return out
  }

  /// The cells a header or footer kind draws `section`'s lines in: a header's
  /// inside the section's frame (the frame's content width), a footer's
  /// under it, indented two cells as footers are.
  public func bandWidth(_ section: Section, _ band: Band, in form: Form) -> Int {
    let r = resolved(for: form)
    switch band {
    case .header: return Box(renderer: r, section: section, layout: Layout(rowCount: 1)).headerWidth
    case .footer: return r.width - 2
    }
  }

  /// Run the header and footer kinds whose lines are out of date, at this
  /// renderer's widths (`Form.drawBands`); the session does it as it takes
  /// the notices, so their errors come before what is drawn.
  public func drawBands(_ form: Form) {
    form.drawBands { section, band in bandWidth(section, band, in: form) }
  }
}

/// A header's or footer's lines (it may hold newlines), each made safe to show; none for nil or "".
func lines(of text: String?) -> [String] {
  guard let text, !text.isEmpty else { return [] }
  return text.split(separator: "\n", omittingEmptySubsequences: false).map { Cells.sanitize(String($0)) }
}

/// Without trailing spaces (lines with no right border need none).
func trimEnd(_ s: String) -> String {
  let utf8 = s.utf8
  var end = utf8.endIndex
  while end > utf8.startIndex {
    let before = utf8.index(before: end)
    guard utf8[before] == 0x20 else { break }
    end = before
  }
  return end == utf8.endIndex ? s : String(s[..<end])
}

/// Spaces, appended without making a string of them each time.
func appendSpaces(_ n: Int, to s: inout String) {
  var left = n
  while left > 0 {
    let k = min(left, blanks.utf8.count)
    s += blanks[..<blanks.utf8.index(blanks.startIndex, offsetBy: k)]
    left -= k
  }
}

private let blanks = String(repeating: " ", count: 128)

/// `piece` `n` times (a frame's rule), made from its UTF-8 bytes:
/// `String(repeating:count:)` takes about 20,000 instructions for a rule of
/// 70 `─`, two of them a frame, on every screen drawn.
func repeated(_ piece: String, _ n: Int) -> String {
  let bytes = Array(piece.utf8)
  guard n > 0, !bytes.isEmpty else { return "" }
  return String(unsafeUninitializedCapacity: bytes.count * n) { buffer in
    var at = 0
    for _ in 0..<n {
      for b in bytes {
        buffer[at] = b
        at += 1
      }
    }
    return at
  }
}

/// Bytes written straight into a line's buffer (`Box.plainLine`).
enum PlainBytes {
  /// Copy `s`'s bytes to `p`; the place after them.
  @inline(__always)
  static func copy(_ s: String, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    var plain = true
    return copy(s, to: p, plain: &plain)
  }

  /// Copy `s`'s bytes to `p`, `plain` made false when one is not printable
  /// ASCII (a control character, a byte of a wider character); the place after them.
  @inline(__always)
  static func copy(_ s: String, to p: UnsafeMutablePointer<UInt8>, plain: inout Bool) -> UnsafeMutablePointer<UInt8> {
    var q = p
    var bad: UInt8 = 0
    let done: Void? = s.utf8.withContiguousStorageIfAvailable { bytes in
      for b in bytes {
        bad |= (b &- 0x20) >= 0x5f ? 1 : 0
        q.pointee = b
        q += 1
      }
    }
    if done == nil {
      for b in s.utf8 {
        bad |= (b &- 0x20) >= 0x5f ? 1 : 0
        q.pointee = b
        q += 1
      }
    }
    if bad != 0 { plain = false }
    return q
  }

  /// `k` spaces at `p` (none when `k` is not positive); the place after them.
  @inline(__always)
  static func spaces(_ k: Int, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    guard k > 0 else { return p }
    p.update(repeating: 0x20, count: k)
    return p + k
  }
}

/// Measures shared by all sections of one render.
struct Layout {
  var numberWidth: Int

  init(form: Form) {
    numberWidth = String(max(form.lastRow, 1)).count
  }

  init(rowCount: Int) {
    numberWidth = String(max(rowCount, 1)).count
  }
}

/// One section's frame and columns.
struct Box {
  let renderer: Renderer
  let section: Section
  let frame: BorderSet?
  let theme: Theme
  let inner: Int
  let numberWidth: Int
  let titleWidth: Int
  let accessoryWidth: Int
  /// Long titles, values and headers wrap (the style's `wrap`).
  let wraps: Bool

  init(renderer: Renderer, section: Section, layout: Layout) {
    self.renderer = renderer
    self.section = section
    let style = (section.style ?? Style()).over(section.form?.style ?? Style())
    frame = BorderSet.of(style.border ?? renderer.defaultBorder)
    var theme = renderer.theme
    if style.color == .never { theme = theme.withoutColor }
    wraps = style.wraps
    self.theme = theme
    inner = renderer.width - (frame == nil ? 2 : 4)
    numberWidth = layout.numberWidth
    // the section keeps these counts per edit: drawing one row measures no other
    accessoryWidth = section.accessoryCount > 0 ? 2 : 0
    titleWidth = min(section.widestTitle, max(inner * 2 / 5, 8))
  }

  var ascii: Bool { frame == nil || frame!.vertical == "|" }

  /// The cells of a header line below the top border (as `render` fits it).
  var headerWidth: Int { frame == nil ? renderer.width : inner }

  /// The header's lines as drawn: the first goes in the top border; a line
  /// too long wraps (its continuations under the border's label, one space
  /// in) unless the style says `wrap = false`, when it is cut with `…`.
  func headerLines() -> [(text: String, cells: Int)] {
    let given = lines(of: section.shownText(.header))
    guard !given.isEmpty else { return [] }
    // the border's label has `─ ` before it and ` ─` after it
    let first = frame == nil ? renderer.width : inner - 2
    let rest = frame == nil ? renderer.width : inner
    var out: [(text: String, cells: Int)] = []
    for (n, h) in given.enumerated() {
      let room = n == 0 ? first : rest
      guard wraps, !Cells.fits(h, in: room) else {
        out.append(Cells.fit(h, to: room))
        continue
      }
      for (k, l) in Cells.wrapped(h, to: room).enumerated() {
        // under the label, where its text starts
        out.append(k > 0 && n == 0 && frame != nil ? (" " + l.text, l.cells + 1) : l)
      }
    }
    return out
  }

  func top() -> String {
    guard let frame else {
      guard let h = headerLines().first else { return "" }
      return theme.header(h.text)
    }
    var label = ""
    if let h = headerLines().first, h.cells > 0 {
      label = " " + h.text + " "
    }
    let fill = renderer.width - 3 - Cells.width(label)
    return theme.border(frame.topLeft + frame.horizontal) + theme.header(label)
      + theme.border(repeated(frame.horizontal, max(fill, 0)) + frame.topRight)
  }

  func bottom() -> String? {
    guard let frame else { return nil }
    return theme.border(
      frame.bottomLeft + repeated(frame.horizontal, renderer.width - 2) + frame.bottomRight)
  }

  /// A content line (exactly `inner` cells of content) inside the frame;
  /// `cells` is the content's width when the caller already knows it.
  func line(_ content: String, cells: Int? = nil) -> String {
    guard let frame else { return trimEnd("  " + content) }
    let w = cells ?? visibleWidth(content)
    var out = theme.border(frame.vertical)
    // the line's own bytes, no more: a first screen holds one line a row
    out.reserveCapacity(2 * out.utf8.count + content.utf8.count + max(inner - w, 0) + 2)
    out += " "
    out += content
    appendSpaces(max(inner - w, 0), to: &out)
    out += " "
    out += theme.border(frame.vertical)
    return out
  }

  /// The framed line of `item` when it is drawn as one line of plain text
  /// that fits its columns (no colour, row style, accessory column,
  /// description, errors or placeholder; printable ASCII title and value),
  /// exactly as `rowLines` and `line` draw it, written in one buffer; nil for
  /// any other row, which those draw. (Most rows of a large form: the
  /// general way appends a dozen pieces to a string, ten times the work.)
  func plainLine(_ item: Item) -> String? {
    guard let frame, !theme.enabled, !theme.emphasis, accessoryWidth == 0, !section.hidden, item.style == nil,
      item.description?.isEmpty ?? true
    else { return nil }
    // errors are shown once the row was edited or a submit tried (`RowView.errors`)
    if !item.errors.isEmpty, item.edited || item.form?.submitAttempted == true { return nil }
    let value = item.displayValue
    if value.isEmpty {
      // no value column (a row that spans), or its placeholder: the general way
      guard item.kind.hasValue, item.placeholder?.isEmpty ?? true else { return nil }
    }
    // (the form's rows were numbered for this drawing: `Layout`)
    guard let number = item.numberAsDrawn, number >= 0 else { return nil }
    let title = item.title
    let marks = TitleMarks(item).suffix(item.words)
    let rest = inner - numberWidth - 2
    let tw = min(titleWidth, rest)
    let vw = max(rest - tw - 2, 0)
    // one cell a byte when printable ASCII (checked as the bytes are copied)
    let tn = title.utf8.count + marks.utf8.count
    let vn = value.utf8.count
    guard tn <= tw, vn <= vw else { return nil }
    var digits = 1
    var n = number
    while n >= 10 {
      n /= 10
      digits += 1
    }
    // the content is numberWidth + 2 + tw + 2 + vw cells, padded to `inner`
    let pad = max(inner - (max(numberWidth, digits) + 4 + tw + vw), 0)
    let bar = frame.vertical
    let size = 2 * bar.utf8.count + 6 + max(numberWidth, digits) + tw + vw + pad
    var plain = true
    let line = String(unsafeUninitializedCapacity: size) { buffer in
      guard var p = buffer.baseAddress else { return 0 }
      p = PlainBytes.copy(bar, to: p)
      p = PlainBytes.spaces(1 + max(numberWidth - digits, 0), at: p)
      var d = number
      for i in stride(from: digits - 1, through: 0, by: -1) {
        p[i] = UInt8(truncatingIfNeeded: 0x30 + d % 10)
        d /= 10
      }
      p = PlainBytes.spaces(2, at: p + digits)
      p = PlainBytes.copy(title, to: p, plain: &plain)
      p = PlainBytes.copy(marks, to: p)
      p = PlainBytes.spaces(tw - tn + 2, at: p)
      p = PlainBytes.copy(value, to: p, plain: &plain)
      p = PlainBytes.spaces(vw - vn + pad + 1, at: p)
      p = PlainBytes.copy(bar, to: p)
      return p - buffer.baseAddress!
    }
    return plain ? line : nil
  }

  func visibleWidth(_ s: String) -> Int {
    guard theme.enabled || theme.emphasis, s.contains("\u{1B}") else { return Cells.width(s) }
    // colour codes take no cells
    var w = 0
    var inEscape = false
    for ch in s {
      if inEscape {
        if ch == "m" { inEscape = false }
      } else if ch == "\u{1B}" {
        inEscape = true
      } else {
        w += Cells.width(ch)
      }
    }
    return w
  }

  /// The lines of one row: the row itself (a long title or value wraps onto
  /// continuation lines unless the style says `wrap = false`), then its
  /// description and its shown errors; each with its width in cells (colour
  /// codes take none), so that framing it measures nothing again. The
  /// row's height depends on the row alone (the columns are the section's).
  func rowLines(_ view: RowView) -> [(text: String, cells: Int)] {
    var row = ""
    row.reserveCapacity(inner + 16)
    var cells = 0
    // the number, right-aligned
    let number = view.number.map(String.init) ?? ""
    var num = ""
    appendSpaces(numberWidth - number.count, to: &num)
    num += number
    row += theme.number(num)
    cells += num.utf8.count
    row += "  "
    cells += 2
    // required and disabled are written, not only coloured
    let title = view.markedTitle
    let value = view.value
    let style = view.style
    let disabled = view.marks.contains(.disabled)
    let rest = inner - numberWidth - 2 - accessoryWidth
    let tw = view.spansRow ? rest : min(titleWidth, rest)
    let vw = max(rest - tw - 2, 0)
    var titles: [(text: String, cells: Int)]
    var values: [(text: String, cells: Int)] = []
    if wraps, !Cells.fits(title, in: tw) {
      titles = Cells.wrapped(title, to: tw)
    } else {
      titles = [Cells.fit(title, to: tw)]
    }
    if !view.spansRow {
      values = wraps && !Cells.fits(value, in: vw) ? Cells.wrapped(value, to: vw) : [Cells.fit(value, to: vw)]
    }
    func drawTitle(_ t: (text: String, cells: Int), into row: inout String, cells: inout Int) {
      let lead = view.spansRow ? (style?.lead(t.cells, in: tw) ?? 0) : 0
      appendSpaces(lead, to: &row)
      row += theme.row(t.text, style, disabled ? .disabled : .label)
      appendSpaces(tw - t.cells - lead, to: &row)
      cells += max(t.cells + lead, tw)
    }
    func drawValue(_ v: (text: String, cells: Int), into row: inout String, cells: inout Int) {
      row += "  "
      cells += 2
      let lead = style?.lead(v.cells, in: vw) ?? 0
      appendSpaces(lead, to: &row)
      row +=
        view.isPlaceholder ? theme.paint(v.text, .placeholder) : theme.row(v.text, style, disabled ? .disabled : .value)
      appendSpaces(vw - v.cells - lead, to: &row)
      cells += max(v.cells + lead, vw)
    }
    drawTitle(titles[0], into: &row, cells: &cells)
    if !view.spansRow { drawValue(values[0], into: &row, cells: &cells) }
    if accessoryWidth > 0 {
      let glyph = BorderSet.glyph(view.accessory, ascii: ascii)
      row += theme.number(" " + (glyph.isEmpty ? " " : glyph))
      cells += 2
    }
    var lines = [(text: row, cells: cells)]
    // the continuation lines: under the title and the value, the number and the mark left blank
    let height = max(titles.count, values.count)
    if height > 1 {
      for k in 1..<height {
        var more = ""
        appendSpaces(numberWidth + 2, to: &more)
        var w = numberWidth + 2
        drawTitle(k < titles.count ? titles[k] : ("", 0), into: &more, cells: &w)
        if !view.spansRow { drawValue(k < values.count ? values[k] : ("", 0), into: &more, cells: &w) }
        lines.append((more, w))
      }
    }
    if let help = view.description {
      let indent = String(repeating: " ", count: numberWidth + 2)
      for paragraph in help.split(separator: "\n", omittingEmptySubsequences: false) {
        for l in Cells.wrap(String(paragraph), to: inner - numberWidth - 2) {
          lines.append((indent + theme.hint(l), numberWidth + 2 + Cells.width(l)))
        }
      }
    }
    if !view.errors.isEmpty {
      let indent = String(repeating: " ", count: numberWidth + 2)
      for message in view.errors {
        for (i, l) in Cells.wrap(message, to: inner - numberWidth - 4).enumerated() {
          let text = indent + (i == 0 ? theme.error("! " + l) : "  " + theme.error(l))
          lines.append((text, numberWidth + 4 + Cells.width(l)))
        }
      }
    }
    return lines
  }
}
