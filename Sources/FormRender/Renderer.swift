import FormCore

/// Draws a form as lines of text: a pure function of the form, the style and
/// the width. The only printing happens in the front ends.
public struct Renderer {
  /// Total width in terminal cells (unless the form's style sets one and
  /// this width is not `explicit`).
  public var width: Int
  /// True when the width was asked for (`--width`): it then wins over the form's style.
  public var explicit: Bool
  public var theme: Theme
  /// The border used where neither the form nor the section sets one.
  public var defaultBorder: Style.Border

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
  public func render(_ form: Form) -> [String] { resolved(for: form).draw(form) }

  func draw(_ form: Form) -> [String] {
    var out: [String] = []
    let layout = Layout(form: form)
    if let title = form.title, !title.isEmpty {
      out.append(theme.title(Cells.truncate(Cells.sanitize(title), to: width)))
      out.append("")
    }
    var first = true
    for section in form.sections where !section.hidden {
      if !first { out.append("") }
      first = false
      out += render(section, layout: layout)
    }
    if let legend = legend(form) { out += ["", theme.dim(legend)] }
    return out
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
    var parts: [String] = required ? ["* required"] : []
    let words: [(Accessory, String)] = [(.disclosure, "opens more"), (.checkmark, "checked"), (.info, "information")]
    for (accessory, meaning) in words where accessories.contains(accessory) {
      parts.append(BorderSet.glyph(accessory, ascii: ascii) + " " + meaning)
    }
    return parts.isEmpty ? nil : Cells.truncate(parts.joined(separator: ", "), to: width)
  }

  /// Only the rows of these items (a partial update), without borders.
  public func renderRows(_ items: [Item], in form: Form) -> [String] {
    resolved(for: form).drawRows(items, in: form)
  }

  func drawRows(_ items: [Item], in form: Form) -> [String] {
    let layout = Layout(form: form)
    var out: [String] = []
    for item in items where item.form === form && item.isShown {
      guard let section = item.section else { continue }
      let box = Box(renderer: self, section: section, layout: layout)
      out += box.rowLines(item).map { trimEnd("  " + $0) }
    }
    return out
  }

  func render(_ section: Section, layout: Layout) -> [String] {
    let box = Box(renderer: self, section: section, layout: layout)
    var out: [String] = []
    let top = box.top()
    if !top.isEmpty { out.append(top) }
    let shown = section.items.filter { !$0.hidden }
    if shown.isEmpty {
      if let empty = section.emptyText {
        out.append(box.line(theme.dim(Cells.truncate(Cells.sanitize(empty), to: box.inner))))
      }
    }
    for item in shown { out += box.rowLines(item).map(box.line) }
    if let bottom = box.bottom() { out.append(bottom) }
    if let footer = section.footer, !footer.isEmpty {
      for l in Cells.wrap(Cells.sanitize(footer), to: width - 2) { out.append("  " + theme.dim(l)) }
    }
    return out
  }
}

/// Without trailing spaces (lines with no right border need none).
func trimEnd(_ s: String) -> String {
  var s = Substring(s)
  while s.last == " " { s.removeLast() }
  return String(s)
}

/// Measures shared by all sections of one render.
struct Layout {
  var numberWidth: Int

  init(form: Form) {
    numberWidth = String(max(form.rows.count, 1)).count
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

  init(renderer: Renderer, section: Section, layout: Layout) {
    self.renderer = renderer
    self.section = section
    let style = (section.style ?? Style()).over(section.form?.style ?? Style())
    frame = BorderSet.of(style.border ?? renderer.defaultBorder)
    var theme = renderer.theme
    if style.color == .never { theme = .plain }
    self.theme = theme
    inner = renderer.width - (frame == nil ? 2 : 4)
    numberWidth = layout.numberWidth
    let shown = section.items.filter { !$0.hidden }
    accessoryWidth = shown.contains { $0.accessory != .none } ? 2 : 0
    let widest =
      shown.filter { $0.kind.hasValue || !$0.displayValue.isEmpty }
      .map { Cells.width(Cells.sanitize($0.title)) + ($0.enabled ? 0 : 11) + ($0.isRequired ? 2 : 0) }.max() ?? 0
    titleWidth = min(widest, max(inner * 2 / 5, 8))
  }

  var ascii: Bool { frame == nil || frame!.vertical == "|" }

  func top() -> String {
    guard let frame else {
      guard let h = section.header, !h.isEmpty else { return "" }
      return theme.header(Cells.truncate(Cells.sanitize(h), to: renderer.width))
    }
    var label = ""
    if let h = section.header, !h.isEmpty {
      label = " " + Cells.truncate(Cells.sanitize(h), to: inner - 2) + " "
    }
    let fill = renderer.width - 3 - Cells.width(label)
    return theme.border(frame.topLeft + frame.horizontal) + theme.header(label)
      + theme.border(String(repeating: frame.horizontal, count: max(fill, 0)) + frame.topRight)
  }

  func bottom() -> String? {
    guard let frame else { return nil }
    return theme.border(
      frame.bottomLeft + String(repeating: frame.horizontal, count: renderer.width - 2) + frame.bottomRight)
  }

  /// A content line (exactly `inner` cells of content) inside the frame.
  func line(_ content: String) -> String {
    let padded = content + String(repeating: " ", count: max(inner - visibleWidth(content), 0))
    guard let frame else { return trimEnd("  " + content) }
    return theme.border(frame.vertical) + " " + padded + " " + theme.border(frame.vertical)
  }

  func visibleWidth(_ s: String) -> Int {
    guard theme.enabled, s.contains("\u{1B}") else { return Cells.width(s) }
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

  /// The lines of one row: the row itself, then its visible errors.
  func rowLines(_ item: Item) -> [String] {
    let number = item.row.map(String.init) ?? ""
    let num = String(repeating: " ", count: max(numberWidth - number.count, 0)) + number
    let glyph = BorderSet.glyph(item.accessory, ascii: ascii)
    let acc = accessoryWidth > 0 ? " " + Cells.pad(glyph, to: 1) : ""
    var title = Cells.sanitize(item.title)
    // required is written, not only coloured: `*` as web forms mark it
    if item.isRequired { title += " *" }
    if !item.enabled { title += " (disabled)" }
    var value = Cells.sanitize(item.displayValue)
    var isPlaceholder = false
    if value.isEmpty, item.kind.hasValue, let p = item.placeholder, !p.isEmpty {
      value = "(" + Cells.sanitize(p) + ")"
      isPlaceholder = true
    }
    let rest = inner - numberWidth - 2 - accessoryWidth
    var text: String
    if value.isEmpty && !item.kind.hasValue {
      text = Cells.pad(Cells.truncate(title, to: rest), to: rest)
    } else {
      let tw = min(titleWidth, rest)
      let t = Cells.pad(Cells.truncate(title, to: tw), to: tw)
      let vw = rest - tw - 2
      let v = Cells.truncate(value, to: max(vw, 0))
      let shown = isPlaceholder ? theme.dim(v) : theme.value(v)
      text = t + "  " + shown + String(repeating: " ", count: max(vw - Cells.width(v), 0))
    }
    var lines = [theme.dim(num) + "  " + text + theme.dim(acc)]
    if let help = item.description, !help.isEmpty {
      let indent = String(repeating: " ", count: numberWidth + 2)
      for l in Cells.wrap(Cells.sanitize(help), to: inner - numberWidth - 2) { lines.append(indent + theme.dim(l)) }
    }
    if item.edited || item.form?.submitAttempted == true {
      let indent = String(repeating: " ", count: numberWidth + 2)
      for message in item.errors {
        for (i, l) in Cells.wrap(Cells.sanitize(message), to: inner - numberWidth - 4).enumerated() {
          lines.append(indent + (i == 0 ? theme.error("! " + l) : "  " + theme.error(l)))
        }
      }
    }
    return lines
  }
}
