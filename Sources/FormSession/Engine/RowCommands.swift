import FormCore

extension Engine {
  /// Carry out a row command (`do`, `delete`, `move`, `insert`, `detail`).
  func performRow(_ command: Command) -> Outcome {
    switch command {
    case .run(let target, let title):
      return withItem(target) { item in
        guard !item.rowActions.actions.isEmpty else { return .refused(.noAction(item, title: nil)) }
        guard let title else { return .actions(item) }
        guard let action = item.rowActions.action(named: title) else {
          return .refused(.noAction(item, title: title))
        }
        if form.run(action, on: item) == .notAllowed { return .refused(.disabled(item)) }
        return .changed(form.takeChanges())
      }
    case .delete(let target):
      return withItem(target) { item in
        guard item.enabled else { return .refused(.disabled(item)) }
        return edited(form.delete(item), .delete, item, otherwise: .notDeletable(item))
      }
    case .move(let target, let to):
      return withItem(target) { item in
        guard item.enabled else { return .refused(.disabled(item)) }
        guard item.rowActions.movable else { return .refused(.notMovable(item)) }
        guard form.item(atRow: to) != nil else {
          return .refused(form.item(numbered: to) != nil ? .rowHidden(to) : .noRow(to, count: form.lastRow))
        }
        return edited(form.move(item, toRow: to), .move, item, otherwise: .notMovable(item))
      }
    case .insert(nil):
      let takers = form.sections.filter { !$0.hidden && $0.onInsert != nil }
      guard takers.count == 1, let section = takers.first else {
        return .refused(takers.isEmpty ? .noInsert(nil) : .insertWhere(count: takers.count))
      }
      return edited(form.insert(in: section, at: section.items.count + 1), .insert, nil, otherwise: .noInsert(nil))
    case .insert(let target?):
      return withItem(target) { item in
        guard let section = item.section, let index = item.index else { return .refused(.noInsert(item)) }
        return edited(form.insert(in: section, at: index + 1), .insert, item, otherwise: .noInsert(item))
      }
    case .takeDefault(let target):
      return withItem(target) { item in
        guard item.enabled else { return .refused(.disabled(item)) }
        guard item.defaultValue != nil else { return .refused(.noDefault(item)) }
        form.takeDefault(item)
        return .changed(form.takeChanges())
      }
    case .detailButton(let target):
      return withItem(target) { item in
        guard item.accessory == .detail, let h = item.rowActions.onAccessory else {
          return .refused(.noDetail(item))
        }
        guard item.enabled else { return .refused(.disabled(item)) }
        form.call(h, [.item(item)], context: "on_accessory of '\(item.label)'")
        return .changed(form.takeChanges())
      }
    default: return .nothing
    }
  }

  private func withItem(_ target: Target, _ body: (Item) -> Outcome) -> Outcome {
    switch resolve(target) {
    case .success(let item): return body(item)
    case .failure(let refusal): return .refused(refusal)
    }
  }

  private func edited(_ result: RowEditResult, _ verb: RowVerb, _ item: Item?, otherwise: Refusal) -> Outcome {
    switch result {
    case .done: return .changed(form.takeChanges())
    case .notAllowed: return .refused(otherwise)
    case .declined(let message): return .refused(.declined(verb, item, message: message))
    }
  }
}
