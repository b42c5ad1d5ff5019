/// A whole form: sections of items, with the state that ties them together
/// (names, row numbers, the error roll-up, what changed since last asked).
public final class Form {
  /// The form's title, drawn above the first section.
  public var title: String? { didSet { noteStructure() } }
  /// The sections in drawing order, hidden ones included.
  public private(set) var sections: [Section] = []
  /// True: every section is a page of its own (a wizard); the guided walk
  /// and the screen mode show one page at a time. Sections' own `page`
  /// make pages of several sections instead.
  public var pages = false { didSet { noteStructure() } }
  /// `form.on_page(form, from, to)`: the guided walk or the screen mode
  /// went from page `from` to page `to` (numbers from 1; 0 is the summary).
  public var onPage: Handler?
  /// `--strict`: a typed choice must be a whole option (any case), an
  /// option's value or its number, never letters of one (`Choices.pick`).
  public var strictChoices = false
  /// The form's own theme (`form.theme`: a built-in one or a script's
  /// table), under `--theme` and `FORMRUN_THEME`; nil: the default.
  public var theme: Theme? { didSet { noteStructure() } }
  /// The form-wide style; a section's own style overrides it field by field.
  public var style = Style() { didSet { noteStructure() } }
  /// `on_submit`: called with the values when a submit passes validation.
  public var onSubmit: Handler?
  /// `on_cancel`: called when the user cancels the form.
  public var onCancel: Handler?
  /// `form.on_change(item, old)`: after any row's own `on_change`.
  public var onChange: Handler?
  /// `form.on_select(item)`: after any row's own `on_select`.
  public var onSelect: Handler?
  /// `form.on_moved(item, from, to)`: after any row's own `on_moved` (a user's `move N M` done).
  public var onMoved: Handler?
  /// The front end that runs the form (`FormHost`: questions, prints, path
  /// lookups), held weakly: its runtime or engine keeps it; nil: none yet.
  package internal(set) weak var host: (any FormHost)?
  /// True while the form's own code runs under the sandbox (FormLua says):
  /// a `file` row's path is then taken unchecked, so that no assignment,
  /// error or `errors` list tells a sandboxed script which paths exist; what
  /// a person gives is checked. Nil: every path is checked.
  public var pathsUnchecked: (() -> Bool)?
  /// `form.messages`: validator name → message (`%s` = the row's message name).
  public var customMessages: [String: String] = [:] { didSet { validateAll() } }
  /// Month and day names of the form's `date` rows (`form.locale`); a change redraws their values.
  public var dateNames = DateNames.english {
    didSet { for section in sections { for item in section.items { item.refreshDisplay() } } }
  }
  /// The words the form says to the person filling it (`form.locale`, with
  /// `form.messages`' dotted keys over it); a change redraws the rows.
  public var catalogue = Catalogue.english {
    didSet {
      documentShape?.relabel(in: self)
      for section in sections { for item in section.items { item.refreshDisplay() } }
      validateAll()
    }
  }
  /// `form.messages`' dotted keys: key → (text, the form for one), kept over a change of locale.
  public internal(set) var phraseOverrides: [String: PhraseText] = [:]
  /// How the rows become the submitted document (a JSON Schema form nests
  /// them and checks the whole); nil: the values by name.
  public var documentShape: (any DocumentShape)?
  /// Kinds that `section:NAME{}` can make, each the value a new row of it
  /// starts with: the built-in ones and those a script registered.
  public var kinds: [String: any ItemKind] = Kinds.builtIn { didSet { kindBoxes.removeAll() } }
  /// Each kind's prototype in a box its new rows share (until one changes its kind's options).
  var kindBoxes: [String: KindBox] = [:]
  /// Header and footer kinds a script registered (`registerBandKind`).
  var headerKinds: [String: BandKind] = [:]
  var footerKinds: [String: BandKind] = [:]
  /// Validators a script registered with `form:validator(name, fn)`.
  public var namedValidators: [String: Handler] = [:] {
    didSet {
      validatorLists.removeAll()
      validatorsVersion &+= 1
    }
  }
  /// Changes whenever the validators a spec names may change (a named validator set).
  public private(set) var validatorsVersion = 0
  /// Lists of validators already made, by their strings: rows with the same
  /// `validators` share one list (memory), and each string is read once (time).
  var validatorLists: [[String]: [any Validator]] = [:]
  /// Number of shown items with errors, kept up to date incrementally.
  var invalidCount = 0
  /// Set by the first submit: from then on every error is shown.
  public internal(set) var submitAttempted = false

  /// Number of shown rows (`rows.count`), kept up to date without numbering them.
  public internal(set) var shownRowCount = 0
  /// Number of rows in the form, hidden ones included (bounded by `Limits.rows`).
  public internal(set) var rowTotal = 0
  /// Notices dropped since the last `takeNotices` (past `Limits.pendingNotices`).
  var droppedNotices = 0

  var byName = NameIndex()
  var rowList: [Item] = []
  /// Every row in number order, hidden ones included (row N is `numberedList[N - 1]`).
  var numberedList: [Item] = []
  var rowsDirty = true
  var notices: [String] = []
  var structureChanged = true
  var changedItems: [Item] = []
  var changedIDs = Set<ObjectIdentifier>()

  /// An empty form; sections are added with `addSection` or `insertSection`.
  public init(title: String? = nil) { self.title = title }

  // MARK: structure

  /// Insert a section at a 0-based index (appends when nil).
  @discardableResult
  public func insertSection(_ section: Section, at index: Int? = nil) throws(FormError) -> Section {
    for item in section.items {
      if let name = item.name, let other = byName[name], other !== item { throw FormError.duplicateName(name) }
    }
    section.form = self
    sections.insert(section, at: min(max(index ?? sections.count, 0), sections.count))
    for item in section.items { if let name = item.name { byName[name] = item } }
    rowTotal += section.items.count
    if !section.hidden {
      invalidCount += section.invalidCount
      shownRowCount += section.shownCount
    }
    noteStructure()
    return section
  }

  @discardableResult
  func addSection(_ header: String? = nil) -> Section {
    let s = Section(header: header)
    try! insertSection(s)  // an empty section cannot clash
    return s
  }

  /// Takes a section and its items' names out of the form; a no-op when it is not here.
  public func removeSection(_ section: Section) {
    guard let i = sections.firstIndex(where: { $0 === section }) else { return }
    sections.remove(at: i)
    rowTotal -= section.items.count
    if !section.hidden {
      invalidCount -= section.invalidCount
      shownRowCount -= section.shownCount
    }
    for item in section.items {
      if let name = item.name, byName[name] === item { byName[name] = nil }
      item.rowNumber = nil
    }
    section.form = nil
    noteStructure()
  }

  /// Move the section at 0-based `from` to `to` (clamped).
  public func moveSection(from: Int, to: Int) {
    guard sections.indices.contains(from) else { return }
    let section = sections.remove(at: from)
    sections.insert(section, at: min(max(to, 0), sections.count))
    noteStructure()
  }

  /// Remove every section.
  public func clear() {
    while let last = sections.last { removeSection(last) }
  }

  /// The item with this name, anywhere in the form (hidden ones too).
  public func find(_ name: String) -> Item? { byName[name] }

  /// The first section whose `tag` is this.
  public func findSection(tag: String) -> Section? { sections.first { $0.tag == tag } }

  /// Every item's name, for suggestions.
  public var names: [String] { byName.keys }

  /// Give an item a new name, keeping names unique.
  func rename(_ item: Item, to name: String?) throws(FormError) {
    if let name, let other = byName[name], other !== item { throw FormError.duplicateName(name) }
    if let old = item.name, byName[old] === item { byName[old] = nil }
    item.name = name
    if let name, item.form === self { byName[name] = item }
  }

  /// The validators these strings name (see `Validators.make`), made once per distinct list.
  public func validators(_ sources: [String]) throws(ValidatorSpec.Error) -> [any Validator] {
    if let made = validatorLists[sources] { return made }
    var made: [any Validator] = []
    for s in sources { made.append(try Validators.make(s, in: self)) }
    validatorLists[sources] = made
    return made
  }

  /// A new detached row of the kind called `name` (sharing the kind's
  /// prototype with the form's other new rows of it); nil for an unknown kind.
  public func newItem(kind name: String) -> Item? {
    if let box = kindBoxes[name] { return Item(box: box) }
    guard let kind = kinds[name] else { return nil }
    let box = KindBox(kind)
    kindBoxes[name] = box
    return Item(box: box)
  }

  // MARK: rows

  /// The shown items in order. Row numbers count every row, hidden ones
  /// (and those of hidden sections) included, so showing or hiding a row
  /// never renumbers the others: the item of row N is not `rows[N - 1]`
  /// once a row above it is hidden (see `item(atRow:)`).
  public var rows: [Item] {
    updateRows()
    return rowList
  }

  /// The highest row number: rows are numbered 1 to this, hidden ones included.
  public var lastRow: Int {
    updateRows()
    return numberedList.count
  }

  /// The item shown at row `n` (from 1), or nil when no shown row has that number.
  public func item(atRow n: Int) -> Item? {
    guard let item = item(numbered: n), item.isShown else { return nil }
    return item
  }

  /// Every row in number order, hidden ones included: row N is `numberedRows[N - 1]`.
  public var numberedRows: [Item] {
    updateRows()
    return numberedList
  }

  /// The item numbered `n` (from 1), shown or hidden; nil when no row has that number.
  public func item(numbered n: Int) -> Item? {
    updateRows()
    return n >= 1 && n <= numberedList.count ? numberedList[n - 1] : nil
  }

  func updateRows() {
    guard rowsDirty else { return }
    rowsDirty = false
    numberedList.removeAll(keepingCapacity: true)
    var everyRowShown = true
    for section in sections {
      if section.hidden && !section.items.isEmpty { everyRowShown = false }
      for item in section.items {
        numberedList.append(item)
        item.rowNumber = numberedList.count
        if item.hidden { everyRowShown = false }
      }
    }
    // with nothing hidden the two lists share one buffer
    rowList = everyRowShown ? numberedList : numberedList.filter { !$0.hidden && !($0.section?.hidden ?? true) }
  }

  // MARK: values and errors

  /// `name = value` for every named, shown item that holds a value, in form order.
  public var values: [Value.Field] {
    var out: [Value.Field] = []
    // (at most one a shown row: no list grown by doubling for a large form)
    out.reserveCapacity(shownRowCount)
    for section in sections where !section.hidden {
      for item in section.items where !item.hidden && item.kind.hasValue {
        if let name = item.name { out.append(.init(name, item.value)) }
      }
    }
    return out
  }

  /// One message per invalid shown item, in form order.
  public var errors: [String] { sections.flatMap { $0.errors } }

  /// Each invalid shown item with its messages, in form order.
  public var invalidItems: [Item] {
    sections.filter { !$0.hidden }.flatMap { $0.items.filter { $0.counted } }
  }

  /// True when no shown item has an error.
  public var valid: Bool { invalidCount == 0 }

  /// Run an item's checks again and update the roll-up.
  public func validate(_ item: Item) {
    var found = item.kind.check(item.value, for: item)
    for v in item.validators {
      // (appending nothing to an empty list would still make it a buffer)
      let messages = v.check(item.value, item: item)
      if !messages.isEmpty { found += authored(messages, by: v, for: item) }
    }
    if let h = item.validate {
      if let result = call(h, [.item(item)], context: "validate of '\(item.label)'") {
        found += messages(from: result.first ?? .null)
      } else {
        // a check that raises refuses, as a failed check would
        found.append("\(item.messageName) could not be checked (its validate function failed).")
      }
    }
    // a script's checks may return any number of messages of any length
    if found.count > Limits.messagesPerRow { found.removeLast(found.count - Limits.messagesPerRow) }
    if found.contains(where: { $0.utf8.count > Limits.textBytes }) { found = found.map { Limits.cut($0) } }
    item.checkedClean = found.isEmpty && provenClean(item)
    guard found != item.errors else { return }
    let was = item.counted
    item.errors = found
    item.section?.adjust(wasCounted: was, isCounted: item.counted)
    noteChange(item)
  }

  /// Every row checked again, but one whose last check found nothing when
  /// only its value, kind and validators decided it, none changed since
  /// (`Item.checkedClean`): checking it again would find nothing again (and
  /// a message's wording, which the language or `messages` may have
  /// changed, is only made for a check that fails).
  func validateAll() {
    for section in sections { for item in section.items where !item.checkedClean { validate(item) } }
  }

  /// True when nothing but the row's value, kind and validators decides its
  /// check: no `validate` function, and a kind and validators that say their
  /// result depends on the value alone.
  func provenClean(_ item: Item) -> Bool {
    item.validate == nil && item.kind.checksValueAlone && item.validators.allSatisfy { $0.checksValueAlone }
  }

  // MARK: edits

  /// Set an item's value (already read by its kind). A user's change marks the
  /// row edited and fires `on_change(item, old)`; a script's does neither.
  public func setValue(_ item: Item, _ value: Value, origin: Origin) {
    let old = item.value
    item.value = value
    if origin == .user { item.edited = true }
    // a row with no value may show one (its detail): its layout share follows
    if !item.kind.hasValue { item.updateLayoutShare() }
    noteChange(item)
    validate(item)
    if old != value { documentShape?.changed(item, in: self) }
    if origin == .user, old != value {
      if let h = item.onDeselect, item.kindBox.choosing {
        for dropped in Self.dropped(from: old, to: value, positional: item.facts.shape.choiceLists.count > 1) {
          call(h, [.item(item), .value(dropped)], context: "on_deselect of '\(item.label)'")
        }
      }
      if let h = item.onChange { call(h, [.item(item), .value(old)], context: "on_change of '\(item.label)'") }
      if let h = onChange, item.form === self { call(h, [.item(item), .value(old)], context: "form on_change") }
    }
  }

  /// The options a choice row's change let go of: the old value (one option,
  /// or each of a list) not in the new, or for a picker's parts
  /// (`positional`) each part whose choice changed.
  static func dropped(from old: Value, to new: Value, positional: Bool) -> [Value] {
    func list(_ v: Value) -> [Value] { v.list ?? (v.isNull ? [] : [v]) }
    let before = list(old)
    let after = list(new)
    if positional {
      return before.indices.filter { $0 >= after.count || after[$0] != before[$0] }.map { before[$0] }
    }
    return before.filter { !after.contains($0) }
  }

  /// What a user's activation of a row did.
  public enum ActivationResult: Equatable {
    /// `on_select` ran, or the value changed at once
    case done
    /// the row is disabled: nothing ran
    case disabled
    /// the row's `on_will_select` refused (with its message, if it gave one)
    case vetoed(String?)
    /// an editor is open; the next input is the value
    case editing
  }

  /// As if the user chose the row: `on_select` runs, then the kind acts.
  @discardableResult
  public func activate(_ item: Item) -> ActivationResult {
    guard item.enabled else { return .disabled }
    if let h = item.onWillSelect {
      switch verdict(h, [.item(item)], context: "on_will_select of '\(item.label)'") {
      case .allowed: break
      case .declined(let message): return .vetoed(message)
      }
    }
    if let h = item.onSelect { call(h, [.item(item)], context: "on_select of '\(item.label)'") }
    if let h = onSelect, item.form === self { call(h, [.item(item)], context: "form on_select") }
    // the handler may have removed or changed the row
    guard item.form === self, item.isShown else { return .done }
    switch item.kind.activate(item) {
    case .select: return .done
    case .set(let v):
      setValue(item, v, origin: .user)
      return .done
    case .edit: return .editing
    }
  }

  /// Give the row the value it offers (`defaultValue`) as a person's change
  /// would; false when it offers none or is disabled.
  @discardableResult
  public func takeDefault(_ item: Item) -> Bool {
    guard item.enabled, let v = item.defaultValue else { return false }
    setValue(item, v, origin: .user)
    return true
  }

  /// An editor opened on the row (the line mode's prompt, the screen
  /// mode's editor): its `on_begin_edit(item)` runs.
  public func beganEditing(_ item: Item) {
    if let h = item.onBeginEdit { call(h, [.item(item)], context: "on_begin_edit of '\(item.label)'") }
  }

  /// The row's editor was left (an answer taken, Esc, an empty answer, the
  /// form ended): its `on_end_edit(item, changed)` runs, `changed` true when
  /// the value is not the one the editor opened with.
  public func endedEditing(_ item: Item, changed: Bool) {
    if let h = item.onEndEdit {
      call(h, [.item(item), .value(.bool(changed))], context: "on_end_edit of '\(item.label)'")
    }
  }

  /// What a submit came to; the front end phrases it.
  public enum SubmitResult: Equatable {
    /// every shown value was valid and `on_submit` did not refuse: the values, by name
    case accepted([Value.Field])
    /// the shown items with errors, in form order (each holds its messages)
    case invalid([Item])
    /// every value was valid but `on_submit` refused
    case refused(SubmitRefusal)
  }

  /// How `on_submit` refused.
  public enum SubmitRefusal: Equatable, Sendable {
    /// it returned false
    case declined
    /// it returned this message
    case message(String)
    /// it raised an error (reported as a notice)
    case failed
  }

  /// Validate everything; on success ask `on_submit`, which may refuse.
  public func submit() -> SubmitResult {
    submitAttempted = true
    validateAll()
    noteStructure()
    if !valid { return .invalid(invalidItems) }
    let values = document
    if let problems = documentShape?.problems(in: values), !problems.isEmpty {
      return .refused(.message(problems.joined(separator: "\n")))
    }
    if let h = onSubmit {
      guard let result = call(h, [.values(values)], context: "on_submit") else { return .refused(.failed) }
      switch result.first ?? .null {
      case .bool(false): return .refused(.declined)
      // an empty or blank message refuses as `false` does: no empty problem line
      case .string(let s): return .refused(s.allSatisfy(\.isWhitespace) ? .declined : .message(s))
      default: break
      }
    }
    return .accepted(values)
  }

  /// Runs `on_cancel`, if any; the caller decides what cancelling ends.
  public func cancel() {
    if let h = onCancel { call(h, [], context: "on_cancel") }
  }

  /// Call every section's `on_update`.
  public func reload() {
    for section in sections {
      if let h = section.onUpdate {
        call(h, [.section(section)], context: "on_update of section \(section.tag ?? section.header ?? "")")
      }
    }
    // a script kind's rows show what their data says now (it may have changed in place)
    for section in sections {
      for item in section.items where item.kindBox.scripted {
        item.refreshDisplay()
        item.noteChange()
      }
      // and its header and footer kinds draw again
      section.restaleBands()
    }
    noteStructure()
  }

  // MARK: handlers and notices

  /// Call a handler; a failure is reported as a notice and gives nil.
  @discardableResult
  public func call(_ handler: Handler, _ args: [HandlerArgument], context: String) -> [Value]? {
    switch handler.invoke(args) {
    case .returned(let values): return values
    case .failed(let message):
      report("error in \(context): \(message)")
      return nil
    }
  }

  /// Queue a message for the user (handler errors, script `print`): each is
  /// cut to `Limits.noticeBytes`, and past `Limits.pendingNotices` waiting ones
  /// the rest are counted, not kept.
  public func report(_ message: String) {
    guard notices.count < Limits.pendingNotices else {
      droppedNotices += 1
      return
    }
    notices.append(Limits.cut(message, to: Limits.noticeBytes))
  }

  /// The messages queued since the last call (and how many did not fit).
  public func takeNotices() -> [String] {
    defer {
      notices.removeAll()
      droppedNotices = 0
    }
    guard droppedNotices > 0 else { return notices }
    return notices + [
      "(\(droppedNotices) more messages were dropped: at most \(Limits.pendingNotices) wait to be shown)"
    ]
  }

  // MARK: changes

  /// What changed since the last call: whether the structure (rows, sections,
  /// visibility) did, and which items changed in place.
  public struct Changes: Equatable {
    /// True when rows, sections or visibility changed: the whole form needs a new layout.
    public var structure: Bool
    /// Items changed in place (value, title, flags), in the order they first changed.
    public var items: [Item]
  }

  /// What changed since the last call, and forgets it: the renderer redraws only that.
  public func takeChanges() -> Changes {
    defer {
      structureChanged = false
      changedItems.removeAll()
      changedIDs.removeAll()
    }
    return Changes(structure: structureChanged, items: changedItems)
  }

  func noteChange(_ item: Item) {
    if changedIDs.insert(ObjectIdentifier(item)).inserted { changedItems.append(item) }
  }

  func noteStructure() {
    structureChanged = true
    rowsDirty = true
  }

  func sectionVisibilityChanged(_ section: Section) {
    invalidCount += section.hidden ? -section.invalidCount : section.invalidCount
    shownRowCount += section.hidden ? -section.shownCount : section.shownCount
    noteStructure()
  }
}
