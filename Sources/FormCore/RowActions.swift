/// A command a user can run on one row (`do N TITLE`), as HoloTableView's
/// swipe actions are.
public struct RowAction {
  /// What the user types after `do N` (any case, or a beginning only it has).
  public var title: String
  /// `run(item)`: what the action does.
  public var run: Handler

  /// An action called `title` that runs `run`.
  public init(title: String, run: Handler) {
    self.title = title
    self.run = run
  }
}

/// What a user may do to a row besides editing it: run its actions, delete
/// it, move it (RETableViewManager's editing styles), press its detail button.
public struct RowActions {
  /// The row's own actions, in the order `show N` lists them.
  public var actions: [RowAction] = []
  /// `delete N` removes the row (after `onDelete` agrees).
  public var deletable = false
  /// `on_delete(item)`: false or a message refuses.
  public var onDelete: Handler?
  /// `move N M` moves the row (after `onMove` agrees).
  public var movable = false
  /// `on_move(item, from, to)` with row numbers: false or a message refuses.
  public var onMove: Handler?
  /// `on_moved(item, from, to)` with row numbers: after the user's move (RE's moveCompletionHandler).
  public var onMoved: Handler?
  /// `on_accessory(item)`: run by the `detail N` command on a row whose accessory is `detail`.
  public var onAccessory: Handler?

  /// No action, neither deletable nor movable.
  public init() {}

  /// The action whose title is `title` (any case), else the one it uniquely begins.
  public func action(named title: String) -> RowAction? {
    let t = title.lowercased()
    if let exact = actions.first(where: { $0.title.lowercased() == t }) { return exact }
    let prefixed = actions.filter { $0.title.lowercased().hasPrefix(t) }
    return prefixed.count == 1 ? prefixed[0] : nil
  }
}

/// What a handler that may refuse came to.
public enum Verdict: Equatable, Sendable {
  case allowed
  /// it returned false (nil) or a message; a handler that raised refuses too
  /// (its error is a notice), so nothing is lost by a broken handler
  case declined(String?)
}

/// What a user's edit of the form's structure came to.
public enum RowEditResult: Equatable, Sendable {
  case done
  /// the row does not allow it (not `deletable`, not `movable`, no `on_insert`…)
  case notAllowed
  /// the script's handler refused, with its message if it gave one
  case declined(String?)
}

extension Form {
  /// Ask a handler that may refuse: `false` or a string refuses; an error refuses.
  public func verdict(_ handler: Handler, _ args: [HandlerArgument], context: String) -> Verdict {
    guard let result = call(handler, args, context: context) else { return .declined(nil) }
    switch result.first ?? .null {
    case .bool(false): return .declined(nil)
    case .string(let s): return .declined(s)
    default: return .allowed
    }
  }

  /// Run one of the row's actions, as the user's `do N TITLE` does.
  public func run(_ action: RowAction, on item: Item) -> RowEditResult {
    guard item.enabled else { return .notAllowed }
    call(action.run, [.item(item)], context: "action '\(action.title)' of '\(item.label)'")
    return .done
  }

  /// The user's `delete N`: only a `deletable` row, and only if `on_delete` agrees.
  public func delete(_ item: Item) -> RowEditResult {
    guard item.rowActions.deletable, let section = item.section else { return .notAllowed }
    if let h = item.rowActions.onDelete {
      if case .declined(let m) = verdict(h, [.item(item)], context: "on_delete of '\(item.label)'") {
        return .declined(m)
      }
    }
    // the handler may have removed the row itself
    if item.section === section { section.remove(item) }
    return .done
  }

  /// The user's `move N M`: the row takes the place of row `to` (in that
  /// row's section), so it is row `to` afterwards; only a `movable` row, and
  /// only if `on_move(item, from, to)` agrees.
  public func move(_ item: Item, toRow to: Int) -> RowEditResult {
    guard item.rowActions.movable, let from = item.row, self.item(atRow: to) != nil else { return .notAllowed }
    if let h = item.rowActions.onMove {
      let args: [HandlerArgument] = [.item(item), .value(.int(from)), .value(.int(to))]
      if case .declined(let m) = verdict(h, args, context: "on_move of '\(item.label)'") { return .declined(m) }
    }
    // the handler may have changed the form: look again
    guard item.form === self, let source = item.section, let index = item.index, let from = item.row,
      let target = self.item(atRow: to), let destination = target.section, let targetIndex = target.index
    else { return .done }
    if from == to { return .done }
    if source === destination {
      source.move(from: index, to: targetIndex)
    } else {
      // moving down: after the target, so the row ends at `to`; `insert`
      // takes it out of its section first (the name stays its own: it is
      // checked before anything moves, so a clash leaves the row where it was)
      do throws(FormError) { try destination.insert(item, at: from < to ? targetIndex + 1 : targetIndex) } catch {
        report("cannot move '\(item.label)': \(error.description)")
        return .done
      }
    }
    moved(item, from: from)
    return .done
  }

  /// After a move: the row's `on_moved(item, from, to)`, then the form's
  /// (`to` is the row's number now).
  func moved(_ item: Item, from: Int) {
    guard let to = item.row else { return }
    let args: [HandlerArgument] = [.item(item), .value(.int(from)), .value(.int(to))]
    if let h = item.rowActions.onMoved { call(h, args, context: "on_moved of '\(item.label)'") }
    // the row's handler may have taken it out
    if let h = onMoved, item.form === self { call(h, args, context: "form on_moved") }
  }

  /// The user's `insert`: `section.on_insert(section, index)` adds the row
  /// (index 1-based, where the new row goes).
  public func insert(in section: Section, at index: Int) -> RowEditResult {
    guard let h = section.onInsert else { return .notAllowed }
    if case .declined(let m) = verdict(h, [.section(section), .value(.int(index))], context: "on_insert of section") {
      return .declined(m)
    }
    return .done
  }

  /// The section `form:KIND{}` adds to: the last section (Raclette's
  /// createRow), hidden or not; while the form has none, a new one with no
  /// header (HoloTableView's makeRows).
  public func sectionForLooseRows() -> Section { sections.last ?? addSection() }
}
