/// The marker drawn at the end of a row.
public enum Accessory: String, CaseIterable, Sendable {
  case none, disclosure, checkmark, info, detail
}

/// Where a value change came from: only `.user` changes fire `on_change`.
public enum Origin { case user, script }

/// A kind value that rows share until one of them changes it (copy on
/// write): rows made from the same kind with the same options hold one box.
final class KindBox {
  var kind: any ItemKind {
    didSet { scripted = kind is CustomKind }
  }
  /// A script's kind: its display runs Lua (see `Item.displayValue`).
  private(set) var scripted: Bool
  /// Whether the kind chooses among `options` (found once a box).
  lazy var choosing: Bool = kind.hasOption("options")
  init(_ kind: any ItemKind) {
    self.kind = kind
    scripted = kind is CustomKind
  }
}

/// One row of a form.
///
/// Kept small (a form may hold a million): what most rows leave unset
/// (detail, placeholder, description, handlers, actions, messages, data) lives
/// in `extras`, allocated on first use; the kind is shared; the display text
/// is made when asked for, except a script kind's (its `format` is Lua, which
/// drawing must not run), which is kept.
public final class Item {
  var kindBox: KindBox
  /// What the row holds and how its text is read and shown.
  public internal(set) var kind: any ItemKind {
    get { kindBox.kind }
    set {
      if isKnownUniquelyReferenced(&kindBox) { kindBox.kind = newValue } else { kindBox = KindBox(newValue) }
      checkedClean = false
    }
  }
  /// The key in the form's values; unique in the form (see `Form.rename`).
  public internal(set) var name: String?
  /// The label drawn at the left of the row.
  public var title: String { didSet { noteChange() } }
  /// The current value; changed through `Form.setValue` or `assign` so errors and display follow.
  public internal(set) var value: Value {
    didSet {
      checkedClean = false
      refreshDisplay()
    }
  }
  // (the one-byte fields right after the value, in the bytes its case leaves
  // to the next word: a row is 120 bytes, not 126, which malloc rounds higher)
  /// The mark drawn at the right of the row.
  public var accessory: Accessory = .none { didSet { noteChange() } }
  /// False makes the row read-only: shown dimmed, edits refused.
  public var enabled = true { didSet { noteChange() } }
  /// True takes the row out of the rows, the numbering and validation.
  public var hidden = false {
    didSet {
      guard hidden != oldValue else { return }
      section?.itemVisibilityChanged(self, wasCounted: !oldValue && !errors.isEmpty)
    }
  }
  /// True once a user edited the row: its errors are shown from then on.
  public internal(set) var edited = false
  /// `isRequired`, kept as the validators change.
  var requiresValue = false
  /// `layoutShare.accessory`.
  var shareAccessory = false
  /// True when the last validation found nothing and only the value, the
  /// kind and the validators decided it (`Form.provenClean`): until one of
  /// them changes (each change clears it) a submit need not check it again.
  var checkedClean = false
  /// Checks run on every change, in order; their messages become `errors`
  /// (a validator that asks for a value marks the row required: its title column widens by ` *`).
  public var validators: [any Validator] = [] {
    didSet {
      requiresValue = validators.contains { $0.asksForValue }
      checkedClean = false
      noteChange()
    }
  }
  /// What few rows use (text beyond the title, handlers, row actions, data,
  /// messages), kept apart so a plain row pays one pointer for it (see RowExtras.swift).
  var extras: RowExtras?
  /// The section holding the item, or nil before it is added.
  public internal(set) weak var section: Section? {
    // a kind of the form's own (a Lua `format`) can only run once the item is in the form
    didSet { if section !== oldValue { refreshDisplay() } }
  }
  /// This item's current messages, kept up to date on every change.
  public internal(set) var errors: [String] = []
  /// `layoutShare.titleWidth`: the width the row asks of its section's title column, -1 for none.
  var shareTitleWidth: Int32 = -1
  /// The number shown to the user (`row`), -1 when it has none; kept by `Form.updateRows`.
  var rowIndex: Int32 = -1
  var rowNumber: Int? {
    get { rowIndex < 0 ? nil : Int(rowIndex) }
    set { rowIndex = newValue.map { Int32(clamping: $0) } ?? -1 }
  }
  /// What this item adds to its section's layout counts (see `Section.replaceShare`).
  var layoutShare: LayoutShare {
    get { LayoutShare(titleWidth: shareTitleWidth, accessory: shareAccessory) }
    set {
      shareTitleWidth = newValue.titleWidth
      shareAccessory = newValue.accessory
    }
  }

  struct LayoutShare: Equatable {
    /// cells of the title in the aligned column; -1 when it does not align one
    var titleWidth: Int32
    var accessory: Bool
    static let none = LayoutShare(titleWidth: -1, accessory: false)
  }

  /// A detached item with the kind's initial value; add it to a section to show it.
  public convenience init(kind: any ItemKind, title: String = "", name: String? = nil) {
    self.init(box: KindBox(kind), title: title, name: name)
  }

  /// A detached item sharing a kind box (a form's prototype of the kind).
  init(box: KindBox, title: String = "", name: String? = nil) {
    kindBox = box
    self.title = title
    self.name = name
    self.value = box.kind.initialValue
    refreshDisplay()
  }

  /// The form this item is in, if any.
  public var form: Form? { section?.form }

  /// The number shown to the user; nil when hidden or not in a form. Every
  /// row has its number, hidden ones too, so a row that is shown or hidden
  /// moves no other row's number.
  public var row: Int? {
    guard let form else { return nil }
    form.updateRows()
    return isShown ? rowNumber : nil
  }

  /// The number `row` gives a shown row, read without looking up its form
  /// and section: only while the form's rows are numbered as they stand
  /// (`Form.lastRow` read since the last change of structure), as during a
  /// drawing. Nil for a row not numbered.
  public var numberAsDrawn: Int? { rowNumber }

  /// Index in its section (0-based), nil when removed.
  public var index: Int? { section?.items.firstIndex { $0 === self } }

  /// Hidden by itself or by its section.
  public var isShown: Bool { !hidden && section.map { !$0.hidden } ?? false }

  /// Title, else name, else kind: how messages refer to the row.
  public var label: String { !title.isEmpty ? title : name ?? kind.name }

  /// True when a validator refuses an empty value (`presence`, `count(1…)`, a
  /// schema's `required` while it holds): every voice marks the row.
  public var isRequired: Bool { requiresValue || (!validators.isEmpty && validators.contains { $0.marksRequired }) }

  /// True when the row's kind chooses among `options` (a radio, multiple, segmented or picker row).
  public var choosesAmongOptions: Bool { kindBox.choosing }

  /// Counted in the section's and form's error roll-up.
  var counted: Bool { !hidden && !errors.isEmpty }

  /// The value as the row shows it. A script kind's (its `format` is Lua)
  /// is made when the value, an option or the item's place changes and kept,
  /// never while drawing, since drawing must not run Lua; a built-in kind's
  /// is made when asked for.
  public var displayValue: String {
    if let kept = extras?.display { return kept }
    return kindBox.scripted ? "" : Limits.cut(kind.display(value, for: self))
  }

  func refreshDisplay() {
    guard kindBox.scripted else {
      if extras?.display != nil { extras?.display = nil }
      return
    }
    // a kind's `format` is the script's: its text is kept as long as the row
    boxed.display = Limits.cut(kind.display(value, for: self))
    if let custom = kind as? CustomKind, custom.speaker != nil {
      boxed.spoken = custom.speak(value, for: self).map { Limits.cut($0) }
    }
  }

  /// A script kind's value as its `speak` said it, when the text was last made.
  var spokenValue: String? { extras?.spoken }

  /// The width this row's title asks of its section's title column, or nil
  /// when the row does not align one (a row with no value and nothing to show
  /// spans the row), its marks (`TitleMarks`: ` *`, ` (disabled)`) included.
  var alignedTitleWidth: Int? {
    guard kind.hasValue || !displayValue.isEmpty else { return nil }
    return Cells.width(Cells.sanitize(title)) + TitleMarks(self).width(words)
  }

  /// Bring this item's share of its section's layout counts up to date.
  func updateLayoutShare() {
    guard let section else { return }
    var share = LayoutShare.none
    if !hidden {
      share.titleWidth = Int32(clamping: alignedTitleWidth ?? -1)
      share.accessory = accessory != .none
    }
    guard share != layoutShare else { return }
    section.replaceShare(layoutShare, with: share)
    layoutShare = share
  }

  func noteChange() {
    updateLayoutShare()
    section?.form?.noteChange(self)
  }

  /// Set the value as a script does (no `on_change`); validated when in a form.
  public func assign(_ newValue: Value) {
    if let form { form.setValue(self, newValue, origin: .script) } else { value = newValue }
  }

  /// Rename, keeping names unique within the form.
  public func rename(_ newName: String?) throws(FormError) {
    if let form { try form.rename(self, to: newName) } else { name = newName }
  }

  /// Change a kind-specific option (`secure`, `min`, `options`…).
  public func setOption(_ key: String, to value: Value) -> OptionResult {
    let r = kind.setOption(key, to: value)
    if r == .applied {
      refreshDisplay()
      noteChange()
      section?.form?.validate(self)
    }
    return r
  }

  /// Set the kind's option `key` to a script's function (`suggestions`);
  /// `.unknown` when the option takes none.
  public func setOption(_ key: String, function: Handler) -> OptionResult {
    let r = kind.setOption(key, function: function)
    if r == .applied { noteChange() }
    return r
  }
}

/// Rows hash by identity, as they compare (Identity.swift).
extension Item: Hashable {
  /// By identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
