/// The properties of a row that few rows use, allocated on first use: a
/// form of 100,000 plain rows pays one pointer per row for all of them.
final class RowExtras {
  var detail: String?
  var placeholder: String?
  var description: String?
  var validate: Handler?
  var onSelect: Handler?
  var onChange: Handler?
  /// A script kind's display text (see `Item.displayValue`).
  var display: String?
  /// A script kind's spoken text, kept with `display` (its `speak`).
  var spoken: String?
  var onWillSelect: Handler?
  var customMessages: [String: String] = [:]
  var errorLabel: String?
  var data: AnyObject?
  var rowActions = RowActions()
  var onDeselect: Handler?
  var openEmpty = false
  /// The row's own style (`item.style`).
  var style: RowStyle?
  var onBeginEdit: Handler?
  var onEndEdit: Handler?
  var defaultValue: Value?
}

extension Item {
  var boxed: RowExtras {
    if let extras { return extras }
    let made = RowExtras()
    extras = made
    return made
  }

  /// Secondary text: shown as the value of a row that holds none (an action).
  public var detail: String? {
    get { extras?.detail }
    set {
      guard newValue != nil || extras?.detail != nil else { return }
      boxed.detail = newValue
      // a row with no value shows its detail as its value
      refreshDisplay()
      noteChange()
    }
  }

  /// Text shown in place of an empty value.
  public var placeholder: String? {
    get { extras?.placeholder }
    set {
      guard newValue != nil || extras?.placeholder != nil else { return }
      boxed.placeholder = newValue
      noteChange()
    }
  }

  /// Help text: drawn under the row, read after it in the accessible voice.
  public var description: String? {
    get { extras?.description }
    set {
      guard newValue != nil || extras?.description != nil else { return }
      boxed.description = newValue
      noteChange()
    }
  }

  /// `validate = fn(item)`: nil, a message or a list of messages.
  public var validate: Handler? {
    get { extras?.validate }
    set {
      if newValue != nil || extras != nil { boxed.validate = newValue }
      checkedClean = false
    }
  }

  /// `on_begin_edit = fn(item)`: an editor opened on the row.
  public var onBeginEdit: Handler? {
    get { extras?.onBeginEdit }
    set { if newValue != nil || extras != nil { boxed.onBeginEdit = newValue } }
  }

  /// `on_end_edit = fn(item, changed)`: the row's editor was left.
  public var onEndEdit: Handler? {
    get { extras?.onEndEdit }
    set { if newValue != nil || extras != nil { boxed.onEndEdit = newValue } }
  }

  /// `on_select = fn(item)`: called when the row is chosen (actions).
  public var onSelect: Handler? {
    get { extras?.onSelect }
    set { if newValue != nil || extras != nil { boxed.onSelect = newValue } }
  }

  /// `on_change = fn(item, old)`: called after a user changed the value (`old` is the value before).
  public var onChange: Handler? {
    get { extras?.onChange }
    set { if newValue != nil || extras != nil { boxed.onChange = newValue } }
  }

  /// `on_deselect(item, value)`: runs for each option a user's change of a
  /// choice row dropped (RE/Raclette's didDeselect), before `on_change`.
  public var onDeselect: Handler? {
    get { extras?.onDeselect }
    set { if newValue != nil || extras != nil { boxed.onDeselect = newValue } }
  }

  /// True: the row's editor opens empty rather than holding the value (RE's
  /// `clearsOnBeginEditing`); an empty answer still keeps the value.
  public var openEmpty: Bool {
    get { extras?.openEmpty ?? false }
    set { if newValue || extras != nil { boxed.openEmpty = newValue } }
  }

  /// `on_will_select(item)`: false or a message stops the row's selection.
  public var onWillSelect: Handler? {
    get { extras?.onWillSelect }
    set { boxed.onWillSelect = newValue }
  }

  /// `messages`: validator name → this row's message (`%s` = its message name).
  public var customMessages: [String: String] {
    get { extras?.customMessages ?? [:] }
    set {
      boxed.customMessages = newValue
      form?.validate(self)
    }
  }

  /// `error_label`: how messages name the row when not by its title.
  public var errorLabel: String? {
    get { extras?.errorLabel }
    set {
      boxed.errorLabel = newValue
      form?.validate(self)
    }
  }

  /// Any value a script keeps on the row (`data`): opaque to the core, never drawn or submitted.
  public var data: AnyObject? {
    get { extras?.data }
    set {
      guard newValue !== extras?.data else { return }
      boxed.data = newValue
      // a script's kind may show its data (`format(value, item)` reads `item.data`)
      if kindBox.scripted, form != nil {
        refreshDisplay()
        noteChange()
      }
    }
  }

  /// A value the row offers but does not hold (a JSON Schema's `default`):
  /// given only when someone takes it (`takeDefault`: `default N`, a key in
  /// the screen mode, `--defaults`); nil when it offers none.
  public var defaultValue: Value? {
    get { extras?.defaultValue }
    set { if newValue != nil || extras != nil { boxed.defaultValue = newValue } }
  }

  /// Row actions, deletion, moving and the detail button (see RowActions.swift).
  public var rowActions: RowActions {
    get { extras?.rowActions ?? RowActions() }
    set { boxed.rowActions = newValue }
  }
}
