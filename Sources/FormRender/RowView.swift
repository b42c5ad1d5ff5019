import FormCore

/// One row as the framed form draws it, before layout: what goes in each
/// column, made safe to show. `Renderer` draws rows from these (`renderRows`,
/// the whole form), and a front end that draws rows its own way (a screen
/// with a focus) takes the same numbers, marks, placeholder and errors.
public struct RowView: Equatable, Sendable {
  /// The number shown at the left; nil when the row is hidden or not in a form.
  public var number: Int?
  /// The title, sanitised, without its marks.
  public var title: String
  /// The marks written after the title (required, disabled).
  public var marks: TitleMarks
  /// The marks as written, in the form's words (` * (disabled)`).
  public var markText: String
  /// The value as the row shows it, or the placeholder in parentheses when
  /// the value is empty (`isPlaceholder`); sanitised. Empty for a row with
  /// no value and no detail.
  public var value: String
  /// True when `value` is the placeholder: drawn dimmed.
  public var isPlaceholder: Bool
  /// True when the row has no value column: a row holding no value with
  /// nothing to show, whose title spans the row.
  public var spansRow: Bool
  /// The mark at the right end of the row.
  public var accessory: Accessory
  /// Help text drawn under the row, sanitised; nil when there is none.
  public var description: String?
  /// The errors shown under the row, sanitised: an edited row's, or every
  /// row's once a submit was tried; empty otherwise.
  public var errors: [String]
  /// The row's own style (`item.style`); nil when it has none.
  public var style: RowStyle?

  /// The row of `item` as it stands now.
  public init(_ item: Item) {
    number = item.row
    title = Cells.sanitize(item.title)
    marks = TitleMarks(item)
    markText = marks.suffix(item.words)
    var value = Cells.sanitize(item.displayValue)
    isPlaceholder = false
    if value.isEmpty, item.kind.hasValue, let p = item.placeholder, !p.isEmpty {
      value = "(" + Cells.sanitize(p) + ")"
      isPlaceholder = true
    }
    self.value = value
    spansRow = value.isEmpty && !item.kind.hasValue
    accessory = item.accessory
    // (its line breaks kept: a description's paragraphs are drawn as such)
    description = item.description.flatMap { $0.isEmpty ? nil : Cells.sanitizeLines($0).joined(separator: "\n") }
    let shown = !item.errors.isEmpty && (item.edited || item.form?.submitAttempted == true)
    errors = shown ? item.errors.map(Cells.sanitize) : []
    style = item.style
  }

  /// The title with its marks, as the title column shows it (`Email *`).
  public var markedTitle: String { title + markText }
}

/// A whole form as drawn, with the place of each row: what a front end
/// needs to say which rows a screen's first lines hold.
public struct Drawing: Equatable, Sendable {
  /// The lines, as `Renderer.render` gives them.
  public var lines: [String]
  /// Each shown row in drawing order: the index of its first line in
  /// `lines`, and the row as drawn.
  public var rows: [Placed]

  /// One drawn row and where it starts.
  public struct Placed: Equatable, Sendable {
    /// Index in `Drawing.lines` of the row's own line (its description and errors follow).
    public var line: Int
    /// The row as drawn.
    public var view: RowView
  }
}
