/// The properties of a row that few rows use, allocated on first use: a
/// form of 100,000 plain rows pays one pointer per row for all of them.
final class RowExtras {
  var onWillSelect: Handler?
  var customMessages: [String: String] = [:]
  var errorLabel: String?
  var data: AnyObject?
  var rowActions = RowActions()
}

extension Item {
  private var boxed: RowExtras {
    if let extras { return extras }
    let made = RowExtras()
    extras = made
    return made
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
    set { boxed.data = newValue }
  }

  /// Row actions, deletion, moving and the detail button (see RowActions.swift).
  public var rowActions: RowActions {
    get { extras?.rowActions ?? RowActions() }
    set { boxed.rowActions = newValue }
  }
}
