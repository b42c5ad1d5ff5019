import FormCore
import FormSession

/// What a visitor's requests do. The page's own buttons are the view
/// model's logical actions (Submit goes on to the next page or submits,
/// Next, Back, Cancel with its question, a page of the summary); a field is
/// the browser's own editor, so what it holds goes to the engine's typed
/// verbs as text (as the line mode reads it), and so do a row's actions;
/// the view then takes their changes as its own. Called holding the
/// visitor's lock.
extension Visitor {
  /// A button of the page.
  enum Button: Equatable {
    case submit, cancel, next, back
    /// the summary's button for the page starting with this section (its page id)
    case page(Int)
    /// an action row, by row id
    case select(Int)
    /// a row's action by its title
    case run(Int, String)
    case detail(Int)
    case delete(Int)
    case up(Int)
    case down(Int)
    /// a section's Add, by section id
    case insert(Int)
  }

  /// The view takes what a verb outside it changed (a no-op action does it:
  /// every action first catches up with the form); not while it asks a question.
  func catchUp() {
    if view.leaving == nil { view.perform(.find(nil)) }
  }

  /// Set `item` from what its fields give; nothing when they leave it as it
  /// is. True when something changed.
  @discardableResult
  func change(_ item: Item, _ typed: FieldReading.Typed) -> Bool {
    guard typed != .untouched, !ended, item.form === form, item.isShown, let n = item.row else { return false }
    // the same text again (a plain POST sends every field of the page) changes nothing
    let key = ObjectIdentifier(item)
    switch typed {
    case .text(let t) where refused[key] == nil && t == item.facts.typed && !item.kind.isSecret(item):
      return false
    case .clear where item.value.isBlank && refused[key] == nil:
      return false
    default: break
    }
    let outcome: Outcome
    switch typed {
    case .text(let t): outcome = engine.perform(.set(.row(n), t))
    default: outcome = engine.perform(.clear(.row(n)))
    }
    view.absorb(outcome)
    switch outcome {
    case .refused(.badValue(_, let reason)), .refused(.cannotClear(_, let reason)):
      if case .text(let t) = typed, !item.kind.isSecret(item) {
        refused[key] = (t, Cells.sanitize(reason))
      } else {
        refused[key] = ("", Cells.sanitize(reason))
      }
    case .changed: refused[key] = nil
    case .adjusted(_, _, let note):
      refused[key] = nil
      messages.append(Cells.sanitize(note))
    default: say(outcome)
    }
    // the view takes the change (the focus with it: the person is on that row)
    if view.leaving == nil { view.perform(.focus(item)) }
    take()
    return true
  }

  /// Carry out a button; the values when it submitted them.
  func press(_ button: Button) -> [Value.Field]? {
    guard !ended else { return nil }
    nextRefused = false
    switch button {
    case .submit:
      let page = view.currentPage(view.livePages)?.id
      view.perform(.submit)
      // Submit on a page is its Next: refused when the page did not change
      if let page, !view.onSummary, view.currentPage(view.livePages)?.id == page { nextRefused = true }
    case .next:
      let page = view.currentPage(view.livePages)?.id
      view.perform(.nextPage)
      if let page, !view.onSummary, view.currentPage(view.livePages)?.id == page { nextRefused = true }
    case .back: view.perform(.previousPage)
    case .cancel:
      // the button is the person's answer: a page has no half-typed editor
      // to lose, so the view's question (`Discard 2 changed values?`) is answered yes
      view.perform(.cancel)
      if view.leaving != nil { view.perform(.answer(true)) }
    case .page(let id):
      // the summary's page buttons are its first stops
      let pages = view.livePages
      if view.onSummary, let i = pages.firstIndex(where: { ids.section(id, in: form) === $0.sections[0] }) {
        view.perform(.first)
        if i > 0 { view.perform(.move(i)) }
        view.perform(.open)
      }
    case .select(let id): row(id) { .activate($0) }
    case .run(let id, let title): row(id) { .run($0, title) }
    case .detail(let id): row(id) { .detailButton($0) }
    case .delete(let id): row(id) { .delete($0) }
    case .up(let id): move(id, by: -1)
    case .down(let id): move(id, by: 1)
    case .insert(let id): insert(id)
    }
    // a refused submit or Next: the page lists the problems, each a link to
    // its field, in place of the view's one-line account of them
    if nextRefused || (view.showAllErrors && view.ending == nil && button == .submit) { view.dismissMessage() }
    take()
    switch view.ending {
    case .submitted(let values)?: return values
    case .cancelled?:
      ending = .cancelled
      return nil
    default: return nil
    }
  }

  /// Perform a command on the row with page id `id` (the engine's verb; the view takes what it changed).
  func row(_ id: Int, _ command: (Target) -> Command) {
    guard let item = ids.item(id), item.form === form, item.isShown, let n = item.row else {
      messages.append(form.say("serve.row_gone"))
      catchUp()
      return
    }
    let outcome = engine.perform(command(.row(n)))
    view.absorb(outcome)
    // an action row's editor is the browser's own field: none stays open
    if case .editorOpened(let opened, _) = outcome { engine.editorClosed(opened) }
    say(outcome)
    catchUp()
  }

  /// What an outcome that is neither a change nor a submit says, on the page (a refusal's reason).
  func say(_ outcome: Outcome) {
    switch outcome {
    case .refused(let refusal): messages.append(Cells.sanitize(refusal.said(in: form.catalogue)))
    case .submitRefused(let problem, _): messages += problem.said(in: form.catalogue).map(Cells.sanitize)
    default: break
    }
  }

  /// Move a row up or down among the shown rows of its section.
  func move(_ id: Int, by step: Int) {
    guard let item = ids.item(id), let section = item.section, item.form === form else {
      return row(id) { .activate($0) }
    }
    let shown = section.items.filter { !$0.hidden }
    guard let at = shown.firstIndex(where: { $0 === item }), shown.indices.contains(at + step),
      let to = shown[at + step].row
    else { return }
    row(id) { .move($0, to: to) }
  }

  /// A section's Add: `on_insert` asked for a row at the section's end (as
  /// the line mode's `insert` does when one section takes rows).
  func insert(_ sectionID: Int) {
    defer { catchUp() }
    guard let section = ids.section(sectionID, in: form), !section.hidden else {
      messages.append(form.say("serve.row_gone"))
      return
    }
    if case .declined(let message) = form.insert(in: section, at: section.items.count + 1), let message {
      messages.append(Cells.sanitize(message))
    }
  }

  // MARK: pages

  /// The page shown (nil on the summary, or on a form without pages).
  func currentPage() -> Page? { view.currentPage(view.livePages) }
}
