import FormCore

/// An entry of a folder, as a front end's file picker lists it.
public struct FolderEntry: Equatable, Sendable {
  /// Its name, as the file system has it (a front end makes it safe to show).
  public var name: String
  /// True for a folder (a link to one counts).
  public var isFolder: Bool

  /// An entry called `name`.
  public init(name: String, isFolder: Bool) {
    self.name = name
    self.isFolder = isFolder
  }
}

/// A path typed on one line, with a picker of the folder typed so far under
/// the row: its entries that match the name being typed (folders first, the
/// files the row may take; dot entries once a dot is typed), best first.
/// Tab completes the name as far as the entries agree (as the line mode's
/// Tab does); down and up move through the picker; Enter on a folder enters
/// it, on a file takes it; Enter with nothing picked takes the text typed.
public final class FileEditing: TextEditing {
  /// Where the path may point, and what it may name.
  public let rules: KindFacts.PathRules
  /// The entries of a folder (the front end's file system), by its path.
  let list: (String) -> [FolderEntry]
  /// The folder the entries were read from, and what it held.
  var listed: (folder: String, entries: [FolderEntry])?
  /// The picker's entries: the folder's that match the name typed, best first.
  public internal(set) var entries: [FolderEntry] = []
  /// The entry picked (nil: none yet; the text typed is what Enter takes).
  public internal(set) var picked: Int?
  /// The first entry a front end's window shows (it keeps the pick in view).
  public var top = 0

  init(
    item: Item, facts: KindFacts, rules: KindFacts.PathRules, selecting: Bool, list: @escaping (String) -> [FolderEntry]
  ) {
    self.rules = rules
    self.list = list
    super.init(item: item, facts: facts, selecting: selecting)
    refresh()
  }

  /// The text typed up to its last `/` (the folder), and after it (the name).
  var parts: (folder: String, name: String) {
    let text = buffer.text
    let cut = text.lastIndex(of: "/").map { text.index(after: $0) } ?? text.startIndex
    return (String(text[..<cut]), String(text[cut...]))
  }

  /// The folder a typed folder part means: `~/` the home folder, a relative
  /// one under the row's base folder.
  func resolve(_ folder: String) -> String {
    if folder.isEmpty { return rules.base.flatMap { $0.isEmpty ? nil : $0 } ?? "." }
    if folder == "~/" || folder.hasPrefix("~/") { return "~" + folder.dropFirst() }
    if !folder.hasPrefix("/"), let base = rules.base, !base.isEmpty { return base + "/" + folder }
    return folder
  }

  /// True when the row may take `entry` (a folder may always be entered).
  func offered(_ entry: FolderEntry, name: String) -> Bool {
    if entry.name.hasPrefix("."), !name.hasPrefix(".") { return false }
    if entry.isFolder { return true }
    if rules.foldersOnly { return false }
    let lower = entry.name.lowercased()
    return rules.extensions.isEmpty || rules.extensions.contains { lower.hasSuffix(".\($0.lowercased())") }
  }

  /// The picker made again from the text typed (the folder read again only when it changed).
  func refresh() {
    let (folder, name) = parts
    let path = resolve(folder)
    if listed?.folder != path { listed = (path, list(path)) }
    let candidates = (listed?.entries ?? []).filter { offered($0, name: name) }
      .sorted { $0.isFolder != $1.isFolder ? $0.isFolder : $0.name < $1.name }
    entries = Fuzzy.filter(candidates.map(\.name), by: name).map { candidates[$0] }
    picked = nil
    top = 0
  }

  override func apply(_ input: EditInput) -> EditResult {
    switch input {
    case .tab:
      guard complete() else { return .ignored }
      return .handled
    case .down where !entries.isEmpty:
      picked = min((picked ?? -1) + 1, entries.count - 1)
      return .handled
    case .up where picked != nil:
      picked = picked == 0 ? nil : picked.map { $0 - 1 }
      return .handled
    case .pageDown where !entries.isEmpty:
      picked = min((picked ?? -1) + 10, entries.count - 1)
      return .handled
    case .pageUp where picked != nil:
      picked = max((picked ?? 0) - 10, 0)
      return .handled
    case .enter:
      if let i = picked, i < entries.count {
        let entry = entries[i]
        setPath(parts.folder + entry.name + (entry.isFolder ? "/" : ""))
        // a folder is entered (unless only folders may be chosen: then it is taken)
        if entry.isFolder && !rules.foldersOnly { return .handled }
        return super.apply(.enter)
      }
      return super.apply(.enter)
    default:
      let before = buffer.text
      let result = super.apply(input)
      if buffer.text != before { refresh() }
      return result
    }
  }

  /// The path as the text, the cursor at its end (a name the file system
  /// gave is taken as it is; the screen shows it made safe).
  func setPath(_ path: String) {
    buffer = LineBuffer(path)
    selected = false
    refresh()
  }

  /// Tab: the name typed completed as far as the matching entries agree
  /// (a folder's `/` after it when it is the only one); false when nothing could be added.
  func complete() -> Bool {
    let (folder, name) = parts
    let begun = (listed?.entries ?? []).filter { offered($0, name: name) && $0.name.hasPrefix(name) }
    guard let first = begun.first else { return false }
    var common = first.name
    for entry in begun.dropFirst() {
      common = String(zip(common, entry.name).prefix { $0 == $1 }.map(\.0))
    }
    var completed = folder + common
    if begun.count == 1, first.isFolder { completed += "/" }
    guard completed != buffer.text else { return false }
    setPath(completed)
    return true
  }
}
