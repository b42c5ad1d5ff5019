/// The marker drawn at the end of a row.
public enum Accessory: String, CaseIterable, Sendable {
  case none, disclosure, checkmark, info, detail
}

/// Where a value change came from: only `.user` changes fire `on_change`.
public enum Origin { case user, script }

/// One row of a form.
public final class Item {
  /// What the row holds and how its text is read and shown.
  public internal(set) var kind: any ItemKind
  /// The key in the form's values; unique in the form (see `Form.rename`).
  public internal(set) var name: String?
  /// The label drawn at the left of the row.
  public var title: String { didSet { noteChange() } }
  /// The current value; changed through `Form.setValue` or `assign` so errors and display follow.
  public internal(set) var value: Value { didSet { refreshDisplay() } }
  /// Secondary text: shown as the value of a row that holds none (an action).
  public var detail: String? {
    // a row with no value shows its detail as its value
    didSet {
      refreshDisplay()
      noteChange()
    }
  }
  /// Text shown in place of an empty value.
  public var placeholder: String? { didSet { noteChange() } }
  /// Help text: drawn under the row, read after it in the accessible voice.
  public var description: String? { didSet { noteChange() } }
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
  /// `layoutShare.titleWidth`, stored here to fill the padding after the flags
  /// above (no extra bytes a row).
  var shareTitleWidth: Int32 = -1
  /// Checks run on every change, in order; their messages become `errors`
  /// (a `presence` validator marks the row required: its title column widens by ` *`).
  public var validators: [any Validator] = [] { didSet { noteChange() } }
  /// `validate = fn(item)`: nil, a message or a list of messages.
  public var validate: Handler?
  /// `on_select = fn(item)`: called when the row is chosen (actions).
  public var onSelect: Handler?
  /// `on_change = fn(item, old)`: called after the value changed, with the value it had before.
  public var onChange: Handler?
  /// What few rows use (row actions, data, messages), kept apart so a plain
  /// row pays one pointer for it (see RowExtras.swift).
  var extras: RowExtras?
  /// The section holding the item, or nil before it is added.
  public internal(set) weak var section: Section? {
    // a kind of the form's own (a Lua `format`) can only run once the item is in the form
    didSet { if section !== oldValue { refreshDisplay() } }
  }
  /// This item's current messages, kept up to date on every change.
  public internal(set) var errors: [String] = []
  /// True once a user edited the row: its errors are shown from then on.
  public internal(set) var edited = false
  /// `layoutShare.accessory`, in the padding after `edited`.
  var shareAccessory = false
  var rowNumber: Int?
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
  public init(kind: any ItemKind, title: String = "", name: String? = nil) {
    self.kind = kind
    self.title = title
    self.name = name
    self.value = kind.initialValue
    refreshDisplay()
  }

  /// The form this item is in, if any.
  public var form: Form? { section?.form }

  /// The number shown to the user; nil when hidden or not in a form.
  public var row: Int? {
    guard let form else { return nil }
    form.updateRows()
    return rowNumber
  }

  /// Index in its section (0-based), nil when removed.
  public var index: Int? { section?.items.firstIndex { $0 === self } }

  /// Hidden by itself or by its section.
  public var isShown: Bool { !hidden && section.map { !$0.hidden } ?? false }

  /// Title, else name, else kind: how messages refer to the row.
  public var label: String { !title.isEmpty ? title : name ?? kind.name }

  /// True when a validator refuses an empty value (`presence`, a schema's
  /// `required`): every voice marks the row.
  public var isRequired: Bool { validators.contains { $0.marksRequired } }

  /// Counted in the section's and form's error roll-up.
  var counted: Bool { !hidden && !errors.isEmpty }

  /// The value as the row shows it. Computed when the value, an option or
  /// the item's place changes, never while drawing: a custom kind's `format`
  /// is Lua, and drawing must not run Lua.
  public private(set) var displayValue = ""

  func refreshDisplay() { displayValue = kind.display(value, for: self) }

  /// The width this row's title asks of its section's title column, or nil
  /// when the row does not align one (a row with no value and nothing to show
  /// spans the row), its marks (`TitleMarks`: ` *`, ` (disabled)`) included.
  var alignedTitleWidth: Int? {
    guard kind.hasValue || !displayValue.isEmpty else { return nil }
    return Cells.width(Cells.sanitize(title)) + TitleMarks(self).width
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
}
