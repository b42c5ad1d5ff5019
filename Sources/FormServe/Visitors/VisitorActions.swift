import FormCore
import FormSession

/// What a visitor's requests do, through the engine's typed verbs: a change
/// to a row, the buttons (Submit, Cancel, Next, Back, a page of the
/// summary, an action row, a row's own actions). Called holding the
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

  /// What a change or a button came to, for the page's script.
  struct Effect {
    /// The rows, sections and structure that changed.
    var changes = Changed()
    /// The form was submitted (the values to keep).
    var submitted: [Value.Field]?
    /// The person moved to another page, or the problems list should show.
    var redraw = false
  }

  /// Set `item` from what its fields give; nothing when they leave it as it is.
  func change(_ item: Item, _ typed: FieldReading.Typed) -> Effect {
    guard typed != .untouched, !ended, item.form === form, item.isShown, let n = item.row else { return Effect() }
    // the same text again (a plain POST sends every field of the page) changes nothing
    let facts = item.facts
    switch typed {
    case .text(let t) where refused[ObjectIdentifier(item)] == nil && t == facts.typed && !item.kind.isSecret(item):
      return Effect()
    case .clear where item.value.isBlank && refused[ObjectIdentifier(item)] == nil:
      return Effect()
    default: break
    }
    let outcome: Outcome
    switch typed {
    case .text(let t): outcome = engine.perform(.set(.row(n), t))
    default: outcome = engine.perform(.clear(.row(n)))
    }
    var effect = Effect()
    let key = ObjectIdentifier(item)
    switch outcome {
    case .refused(.badValue(_, let reason)), .refused(.cannotClear(_, let reason)):
      if case .text(let t) = typed, !item.kind.isSecret(item) {
        refused[key] = (t, reason)
      } else {
        refused[key] = ("", reason)
      }
      effect.changes.items = [item]
    case .changed(let c):
      refused[key] = nil
      effect.changes = Changed(c)
      if !c.items.contains(item) { effect.changes.items.append(item) }
    case .adjusted(let c, _, let note):
      refused[key] = nil
      effect.changes = Changed(c)
      if !c.items.contains(item) { effect.changes.items.append(item) }
      messages.append(Cells.sanitize(note))
    default:
      say(outcome)
    }
    version += 1
    take()
    return effect
  }

  /// Carry out a button.
  func press(_ button: Button) -> Effect {
    guard !ended else { return Effect() }
    var effect = Effect()
    effect.redraw = true
    switch button {
    case .submit:
      if Pages.isPaged(form) && !onSummary { return press(.next) }
      let outcome = engine.submit()
      switch outcome {
      case .submitted(let values): effect.submitted = values
      case .submitRefused(let problem, let changes):
        submitRefused = true
        if let changes { effect.changes = Changed(changes) }
        if case .handler = problem { messages += problem.said(in: form.catalogue).map(Cells.sanitize) }
        // a refused submit on the summary goes to the first page with a problem
        if Pages.isPaged(form), let first = pages().first(where: { !$0.problems.isEmpty }) { go(to: first) }
      default: say(outcome)
      }
    case .cancel:
      _ = engine.cancel()
      ending = .cancelled
    case .next: next()
    case .back: back()
    case .page(let id):
      if let page = pages().first(where: { ids.section(id, in: form) === $0.sections[0] }) { go(to: page) }
    case .select(let id): effect.changes = row(id) { .activate($0) }
    case .run(let id, let title): effect.changes = row(id) { .run($0, title) }
    case .detail(let id): effect.changes = row(id) { .detailButton($0) }
    case .delete(let id): effect.changes = row(id) { .delete($0) }
    case .up(let id): effect.changes = move(id, by: -1)
    case .down(let id): effect.changes = move(id, by: 1)
    case .insert(let id): effect.changes = insert(id)
    }
    version += 1
    take()
    return effect
  }

  /// Perform a command on the row with page id `id`; what changed.
  func row(_ id: Int, _ command: (Target) -> Command) -> Changed {
    guard let item = ids.item(id), item.form === form, item.isShown, let n = item.row else {
      messages.append(form.say("serve.row_gone"))
      return Changed(structure: true)
    }
    return after(engine.perform(command(.row(n))))
  }

  /// The changes an outcome holds; what it says otherwise goes to the messages.
  func after(_ outcome: Outcome) -> Changed {
    switch outcome {
    case .changed(let c): return Changed(c)
    case .actions, .nothing: return Changed()
    case .editorOpened(let item, let c):
      engine.editorClosed(item)
      return Changed(c)
    default:
      say(outcome)
      return Changed(form.takeChanges())
    }
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
  func move(_ id: Int, by step: Int) -> Changed {
    guard let item = ids.item(id), let section = item.section, item.form === form else {
      return row(id) { .activate($0) }
    }
    let shown = section.items.filter { !$0.hidden }
    guard let at = shown.firstIndex(where: { $0 === item }), shown.indices.contains(at + step),
      let to = shown[at + step].row
    else { return Changed() }
    return row(id) { .move($0, to: to) }
  }

  /// A section's Add: `on_insert` asked for a row at the section's end (as
  /// the line mode's `insert` does when one section takes rows).
  func insert(_ sectionID: Int) -> Changed {
    guard let section = ids.section(sectionID, in: form), !section.hidden else {
      messages.append(form.say("serve.row_gone"))
      return Changed(structure: true)
    }
    if case .declined(let message) = form.insert(in: section, at: section.items.count + 1), let message {
      messages.append(Cells.sanitize(message))
    }
    return Changed(form.takeChanges())
  }

  // MARK: pages

  /// The pages shown: those with a row the person can change.
  func pages() -> [Page] { Pages.of(form, keeping: \.enabled) }

  /// The page shown (nil on the summary, or on a form without pages): the
  /// one last entered, else (its rows went) the next at its place.
  func currentPage() -> Page? {
    guard !onSummary else { return nil }
    let pages = pages()
    guard !pages.isEmpty else { return nil }
    if let id = pageID, let page = pages.first(where: { $0.id == id }) { return page }
    return pages.first { $0.place >= pagePlace } ?? pages.last
  }

  func go(to page: Page) {
    let from = onSummary ? 0 : currentPage()?.number ?? 0
    onSummary = false
    pageID = page.id
    pagePlace = page.place
    Pages.moved(form, from: from, to: page.number)
  }

  /// Next: refused while a row on the page has a problem (its errors show);
  /// after the last page, the summary.
  func next() {
    guard let page = currentPage() else { return }
    let problems = page.problems
    if !problems.isEmpty {
      for s in page.sections { checkedSections.insert(ObjectIdentifier(s)) }
      messages.append(Cells.sanitize(page.refusal(problems)))
      return
    }
    let pages = pages()
    if let later = pages.first(where: { $0.place > page.place }) {
      go(to: later)
    } else {
      onSummary = true
      Pages.moved(form, from: page.number, to: 0)
    }
  }

  /// Back: the page before (from the summary, the last page).
  func back() {
    let pages = pages()
    if onSummary {
      if let last = pages.last { go(to: last) }
      return
    }
    guard let page = currentPage(), let earlier = pages.last(where: { $0.place < page.place }) else { return }
    go(to: earlier)
  }
}

/// What a request changed on the page: the rows, and whether rows came,
/// went or moved (the whole page is drawn again then).
struct Changed {
  var structure = false
  var items: [Item] = []

  init(structure: Bool = false, items: [Item] = []) {
    self.structure = structure
    self.items = items
  }

  init(_ changes: Form.Changes) { self.init(structure: changes.structure, items: changes.items) }
}
