/// The form's rows by name: an open-addressing table of the rows themselves
/// (the name is the row's own), a third of what a `[String: Item]` takes for
/// a form of a hundred thousand named rows.
struct NameIndex: Sequence {
  /// Rows, or `removed` where one was taken out, or nil; a power of two long.
  private var slots: [Item?] = []
  /// Named rows held.
  private(set) var count = 0
  /// Slots holding a row or `removed`.
  private var filled = 0

  /// What a slot holds after its row was taken out (so lookups go on past it).
  private nonisolated(unsafe) static let removed = Item(kind: ActionKind())

  /// The slot of `name`, or of where it would go (the first `removed` on the way).
  private func find(_ name: String) -> (found: Int?, free: Int) {
    let mask = slots.count - 1
    var i = name.hashValue & mask
    var firstRemoved: Int?
    while let item = slots[i] {
      if item === Self.removed {
        if firstRemoved == nil { firstRemoved = i }
      } else if item.name == name {
        return (i, i)
      }
      i = (i + 1) & mask
    }
    return (nil, firstRemoved ?? i)
  }

  subscript(name: String) -> Item? {
    get {
      guard count > 0 else { return nil }
      return find(name).found.map { slots[$0]! }
    }
    set {
      if slots.isEmpty {
        guard newValue != nil else { return }
        slots = Array(repeating: nil, count: 8)
      }
      let (found, free) = find(name)
      if let found {
        if let newValue {
          slots[found] = newValue
        } else {
          slots[found] = Self.removed
          count -= 1
        }
        return
      }
      guard let newValue else { return }
      if slots[free] == nil { filled += 1 }
      slots[free] = newValue
      count += 1
      // at most half full (rows and removed ones), so a lookup ends soon
      if filled * 2 > slots.count { rehash() }
    }
  }

  /// Hold `item` under `name`, unless another row holds that name: that row
  /// is returned then, and nothing changes (one lookup for both).
  mutating func claim(_ name: String, for item: Item) -> Item? {
    if slots.isEmpty { slots = Array(repeating: nil, count: 8) }
    let (found, free) = find(name)
    if let found {
      let other = slots[found]!
      return other === item ? nil : other
    }
    if slots[free] == nil { filled += 1 }
    slots[free] = item
    count += 1
    if filled * 2 > slots.count { rehash() }
    return nil
  }

  private mutating func rehash() {
    let old = slots
    var size = 8
    while size < count * 4 { size *= 2 }
    slots = Array(repeating: nil, count: size)
    filled = 0
    count = 0
    for case let item? in old where item !== Self.removed {
      guard let name = item.name else { continue }
      self[name] = item
    }
  }

  /// Every name held.
  var keys: [String] { compactMap { $0.key } }

  func makeIterator() -> AnyIterator<(key: String, value: Item)> {
    var i = 0
    let slots = self.slots
    return AnyIterator {
      while i < slots.count {
        defer { i += 1 }
        if let item = slots[i], item !== Self.removed, let name = item.name { return (name, item) }
      }
      return nil
    }
  }
}
