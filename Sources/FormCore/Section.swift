/// A group of rows with an optional header and footer.
public final class Section {
  /// Text drawn above the items.
  public var header: String? { didSet { form?.noteStructure() } }
  /// Text drawn below the items.
  public var footer: String? { didSet { form?.noteStructure() } }
  /// A script's name for the section, for `form:find_section(tag)`.
  public var tag: String?
  /// True takes all its items out of the rows, the numbering and validation.
  public var hidden = false {
    didSet {
      guard hidden != oldValue else { return }
      form?.sectionVisibilityChanged(self)
    }
  }
  /// A row shown in place of the items when none is visible.
  public var emptyText: String? { didSet { form?.noteStructure() } }
  /// Called by `Form.reload()`.
  public var onUpdate: Handler?
  /// Any value a script keeps on the section (`data`): opaque to the core, never drawn or submitted.
  public var data: AnyObject?
  /// `on_insert(section, index)`: the user's `insert` command asks it to add a row.
  public var onInsert: Handler?
  /// The header's and the footer's kind, data and drawn lines (see SectionBands.swift).
  var headerBand: BandState?
  var footerBand: BandState?
  /// Overrides the form's style for this section, field by field.
  public var style: Style? { didSet { form?.noteStructure() } }
  /// The items in order, hidden ones included.
  public internal(set) var items: [Item] = []
  /// The form holding the section, or nil before it is added.
  public internal(set) weak var form: Form?
  /// Number of shown items with errors.
  var invalidCount = 0
  /// Number of items not hidden by themselves, kept up to date incrementally.
  public internal(set) var shownCount = 0
  /// Number of those showing an accessory (the renderer then keeps a column for it).
  public internal(set) var accessoryCount = 0
  /// How many of those align a title, by the title's width in cells (see
  /// `Item.alignedTitleWidth`), and the widest such width: kept per edit so
  /// drawing a row never has to measure the whole section.
  var titleWidthCounts: [Int: Int] = [:]
  /// The widest aligned title in cells: where the value column starts.
  public private(set) var widestTitle = 0

  /// A detached section; add it with `Form.insertSection`.
  public init(header: String? = nil) { self.header = header }

  /// The section's position in the form (from 0), or nil when it is not in one.
  public var index: Int? { form?.sections.firstIndex { $0 === self } }

  /// One message per invalid shown item (its first).
  public var errors: [String] {
    hidden ? [] : items.compactMap { $0.counted ? $0.errors.first : nil }
  }

  func itemVisibilityChanged(_ item: Item, wasCounted: Bool) {
    adjust(wasCounted: wasCounted, isCounted: item.counted)
    let delta = item.hidden ? -1 : 1
    shownCount += delta
    if !hidden { form?.shownRowCount += delta }
    item.updateLayoutShare()
    form?.noteStructure()
  }

  /// Move an item's share of the layout counts from `old` to `new`.
  func replaceShare(_ old: Item.LayoutShare, with new: Item.LayoutShare) {
    if old.accessory != new.accessory { accessoryCount += new.accessory ? 1 : -1 }
    guard old.titleWidth != new.titleWidth else { return }
    if old.titleWidth >= 0 {
      let w = Int(old.titleWidth)
      let left = titleWidthCounts[w, default: 0] - 1
      titleWidthCounts[w] = left > 0 ? left : nil
      // the last title at the widest width went: the next widest is among the
      // distinct widths (a handful), never a walk over the rows
      if left == 0 && w == widestTitle { widestTitle = titleWidthCounts.keys.max() ?? 0 }
    }
    if new.titleWidth >= 0 {
      let w = Int(new.titleWidth)
      titleWidthCounts[w, default: 0] += 1
      if w > widestTitle { widestTitle = w }
    }
  }

  func adjust(wasCounted: Bool, isCounted: Bool) {
    let delta = (isCounted ? 1 : 0) - (wasCounted ? 1 : 0)
    guard delta != 0 else { return }
    invalidCount += delta
    if !hidden { form?.invalidCount += delta }
  }

  /// Insert an item at a 0-based index (appends when nil).
  public func insert(_ item: Item, at index: Int? = nil) throws(FormError) {
    if let name = item.name, let form {
      if let other = form.byName[name], other !== item { throw FormError.duplicateName(name) }
      form.byName[name] = item
    }
    // an item in another section moves: that section's counts lose it first
    if let old = item.section {
      old.remove(item)
      if let name = item.name, let form { form.byName[name] = item }
    }
    item.section = self
    let i = min(max(index ?? items.count, 0), items.count)
    items.insert(item, at: i)
    form?.rowTotal += 1
    adjust(wasCounted: false, isCounted: item.counted)
    if !item.hidden {
      shownCount += 1
      if !hidden { form?.shownRowCount += 1 }
    }
    item.updateLayoutShare()
    form?.validate(item)
    form?.noteStructure()
  }

  /// Adds the item at the end (see `insert`).
  public func append(_ item: Item) throws(FormError) { try insert(item) }

  /// Remove the item; a no-op when it is not here.
  public func remove(_ item: Item) {
    guard let i = items.firstIndex(where: { $0 === item }) else { return }
    remove(at: i)
  }

  /// Removes the item at `index` (from 0).
  public func remove(at index: Int) {
    let item = items.remove(at: index)
    form?.rowTotal -= 1
    adjust(wasCounted: item.counted, isCounted: false)
    if !item.hidden {
      shownCount -= 1
      if !hidden { form?.shownRowCount -= 1 }
    }
    replaceShare(item.layoutShare, with: .none)
    item.layoutShare = .none
    if let name = item.name, form?.byName[name] === item { form?.byName[name] = nil }
    item.section = nil
    item.rowNumber = nil
    form?.noteStructure()
  }

  /// Moves the item at `from` to `to` (both from 0).
  public func move(from: Int, to: Int) {
    let item = items.remove(at: from)
    items.insert(item, at: min(max(to, 0), items.count))
    form?.noteStructure()
  }

  /// Removes every item.
  public func clear() {
    while !items.isEmpty { remove(at: items.count - 1) }
  }
}
