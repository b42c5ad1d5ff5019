import Synchronization

/// The words formrun says to the person filling a form, in one language:
/// prompts, refusals, editor hints, the walk, the accessible voice, the
/// screen's status lines, the yes/no words and the month/day names. Each
/// phrase has a dotted key (`submit.cannot`), so a key never clashes with a
/// validator's name in `form.messages`.
///
/// A phrase names its placeholders in braces (`{label} must be at most
/// {max}`); `{{` and `}}` are braces. A phrase with a `{count}` may have a
/// second form for one (`one`), used when the count is 1. English
/// (`English.swift`) lists every key with what it says; every other
/// catalogue has the same keys with the same placeholders (a test checks).
public struct Catalogue: Sendable {
  /// The language's name as `form.locale` spells it (`en`, `de`).
  public let language: String
  /// The shipped phrases, each parsed when first said (a start says a few dozen of some 500).
  let shipped: ShippedPhrases
  /// The author's phrases (`form.messages`), over the shipped ones.
  var overrides: [String: Phrase] = [:]
  /// Month and day names of `date` rows.
  public var dateNames: DateNames

  /// The phrase of `key`: the author's, else this language's, else English's.
  func phrase(_ key: String) -> Phrase? {
    if !overrides.isEmpty, let p = overrides[key] { return p }
    return shipped.phrase(key) ?? (shipped === Catalogue.english.shipped ? nil : Catalogue.english.shipped.phrase(key))
  }

  /// The catalogues formrun ships, by `form.locale` name.
  public static let shipped: [String: Catalogue] = ["en": english, "de": german]

  /// The phrase of `key` with its placeholders filled from `args` (a
  /// placeholder not given stays as `{name}`); the form for one when the
  /// phrase has one and `count` is 1. A key no catalogue has says itself.
  public func say(_ key: String, _ args: KeyValuePairs<String, String> = [:]) -> String {
    sayLabelled(key, label: nil, args)
  }

  /// The words of a list phrase (`bool.yes_words`): its text split at commas, trimmed, lowercased.
  public func words(_ key: String) -> [String] {
    say(key).split(separator: ",").map { String($0).trimmingSpaces.lowercased() }.filter { !$0.isEmpty }
  }

  /// `a, b or c` in the catalogue's words (`list.or`); one item as it is, none empty.
  public func alternatives(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return say("list.or", ["first": items.dropLast().joined(separator: ", "), "last": last])
  }

  /// Every key, sorted.
  public var keys: [String] { shipped.keys }

  /// The phrase of `key` as its catalogue spells it (`one`: the form for one, if any).
  public func text(of key: String) -> (other: String, one: String?)? {
    phrase(key).map { ($0.source, $0.oneSource) }
  }

  /// The placeholders `key` names, sorted; nil for a key no catalogue has.
  public func placeholders(of key: String) -> [String]? { phrase(key).map { $0.slots.sorted() } }

  /// `key` says `text` from now on (and `one` when the count is 1). An
  /// unknown key, or text that leaves out or adds a placeholder, is an error
  /// that says which (with the nearest key for a misspelt one).
  public mutating func override(_ key: String, _ text: String, one: String? = nil) throws(CatalogueError) {
    overrides[key] = try Catalogue.checked(key, text, one: one)
  }

  /// `text` (and `one`) parsed as the phrase of `key`, checked against the key's placeholders in English.
  public static func checked(_ key: String, _ text: String, one: String? = nil) throws(CatalogueError) -> Phrase {
    guard let english = english.shipped.phrase(key) else {
      let hint = suggestion(for: key, among: english.shipped.keys).map { " (did you mean '\($0)'?)" } ?? ""
      throw CatalogueError("no message '\(key)'\(hint)")
    }
    let phrase = try Phrase(parsing: text, one: one, key: key)
    // a phrase with a form for one is said of a count, which it may name
    let allowed = Set(english.allSlots).union(english.onePieces == nil ? [] : ["count"])
    if let extra = Set(phrase.allSlots).subtracting(allowed).sorted().first {
      let known = allowed.sorted().map { "{\($0)}" }
      throw CatalogueError(
        "message '\(key)' has no placeholder {\(extra)}"
          + (known.isEmpty ? " (it takes none)" : " (it takes \(known.joined(separator: ", ")))"))
    }
    if let missing = Set(english.slots).subtracting(phrase.slots).sorted().first {
      throw CatalogueError(
        "message '\(key)' must say {\(missing)} (it takes \(english.slots.sorted().map { "{\($0)}" }.joined(separator: ", ")))"
      )
    }
    if phrase.oneSource != nil, english.onePieces == nil {
      throw CatalogueError("message '\(key)' has no count, so no form for one")
    }
    return phrase
  }
}

/// A catalogue or an override that is not right: an author's error.
public struct CatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the key.
  public var description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}

/// One phrase: its text split at its placeholders, and the form for one.
public struct Phrase: Sendable, Equatable {
  enum Piece: Sendable, Equatable {
    case text(String)
    case slot(String)
  }
  var pieces: [Piece]
  var onePieces: [Piece]?
  /// The text as written.
  var source: String
  var oneSource: String?
  /// The placeholders of the main form (a few, so a list: no set made at the start).
  var slots: [String]
  /// The placeholders of both forms.
  var allSlots: [String]

  init(parsing text: String, one: String? = nil, key: String) throws(CatalogueError) {
    source = text
    oneSource = one
    pieces = try Phrase.pieces(text, key: key)
    onePieces = try one.map { (s: String) throws(CatalogueError) in try Phrase.pieces(s, key: key) }
    slots = Phrase.slots(pieces)
    let main = slots
    allSlots = onePieces.map { one in main + Phrase.slots(one).filter { !main.contains($0) } } ?? main
  }

  static func slots(_ pieces: [Piece]) -> [String] {
    var out: [String] = []
    for case .slot(let s) in pieces where !out.contains(s) { out.append(s) }
    return out
  }

  static func pieces(_ text: String, key: String) throws(CatalogueError) -> [Piece] {
    // read by bytes, not characters: every shipped phrase is parsed when its
    // catalogue is first used, which is at the start
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    var text = text
    let plain = text.withUTF8 { !$0.contains(open) && !$0.contains(close) }
    guard !plain else { return text.isEmpty ? [] : [.text(text)] }
    let bytes = Array(text.utf8)
    var out: [Piece] = []
    out.reserveCapacity(5)
    var literal: [UInt8] = []
    literal.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      let c = bytes[i]
      if c == open || c == close, i + 1 < bytes.count, bytes[i + 1] == c {
        literal.append(c)
        i += 2
        continue
      }
      if c == close { throw CatalogueError("message '\(key)': a lone '}' (write }} for a brace)") }
      if c == open {
        guard let end = bytes[(i + 1)...].firstIndex(of: close) else {
          throw CatalogueError("message '\(key)': '{' without its '}' (write {{ for a brace)")
        }
        let raw = bytes[(i + 1)..<end]
        let name = String(decoding: raw, as: UTF8.self)
        let ascii = raw.allSatisfy {
          ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") || $0 == 0x5F
        }
        guard !name.isEmpty, ascii || name.allSatisfy({ $0.isLetter || $0 == "_" }) else {
          throw CatalogueError("message '\(key)': '{\(name)}' is not a placeholder (letters and _ only)")
        }
        if !literal.isEmpty { out.append(.text(String(decoding: literal, as: UTF8.self))) }
        literal.removeAll(keepingCapacity: true)
        out.append(.slot(name))
        i = end + 1
        continue
      }
      literal.append(c)
      i += 1
    }
    if !literal.isEmpty { out.append(.text(String(decoding: literal, as: UTF8.self))) }
    return out
  }

  /// The text with its placeholders filled from `args` (one not given stays
  /// `{name}`, and `{label}` not given is `label` when there is one); the
  /// form for one when the phrase has one and `count` is 1.
  func filled(_ args: KeyValuePairs<String, String>, label: String? = nil) -> String {
    var use = pieces
    if let onePieces, args.first(where: { $0.key == "count" })?.value == "1" { use = onePieces }
    if use.count == 1, case .text(let t) = use[0] { return t }
    var out = ""
    for piece in use {
      switch piece {
      case .text(let t): out += t
      case .slot(let name):
        out += args.first(where: { $0.key == name })?.value ?? (name == "label" ? label : nil) ?? "{\(name)}"
      }
    }
    return out
  }
}

/// One entry of a shipped catalogue: its key, text, the form for one ("":
/// none), and (in English) what it is for. Static strings with the
/// memberwise initialiser, so that a catalogue's array of entries is data
/// the compiler lays out, not code run at the start.
struct Entry: Sendable {
  var key: StaticString
  var text: StaticString
  var one: StaticString = ""
  var about: StaticString = ""

  var keyString: String { key.description }
  /// The form for one, or nil.
  var oneString: String? { one.utf8CodeUnitCount == 0 ? nil : one.description }
}

extension Catalogue {
  /// A catalogue of these entries, which must be sorted by key (a test
  /// checks); an entry that does not parse stops formrun when it is first
  /// said (it is formrun's bug, and `CatalogueTests` say every entry).
  init(language: String, entries: [Entry], dateNames: DateNames) {
    self.init(language: language, shipped: ShippedPhrases(language: language, entries: entries), dateNames: dateNames)
  }

  /// What each key is for, from the English catalogue (the reference's table).
  public static var documented: [(key: String, about: String, text: String, one: String?)] {
    englishEntries.map { ($0.keyString, $0.about.description, $0.text.description, $0.oneString) }
  }
}

/// A shipped catalogue's entries, sorted by key and found by halving, each
/// parsed on first use and kept: no table of all phrases is made at the start.
final class ShippedPhrases: Sendable {
  let language: String
  let entries: [Entry]
  private let parsed = Mutex<[Int: Phrase]>([:])

  init(language: String, entries: [Entry]) {
    self.language = language
    self.entries = entries
  }

  /// Every key, sorted (as the entries are).
  var keys: [String] { entries.map { $0.keyString } }

  /// Where `key` is among the entries (compared byte by byte), or nil.
  func index(of key: String) -> Int? {
    var key = key
    return key.withUTF8 { wanted in
      var low = 0
      var high = entries.count
      while low < high {
        let mid = (low + high) / 2
        let order = entries[mid].key.withUTF8Buffer { Self.compare($0, wanted) }
        if order == 0 { return mid }
        if order < 0 { low = mid + 1 } else { high = mid }
      }
      return nil
    }
  }

  /// Negative, zero or positive as `a` sorts before, with or after `b` (bytes, then length).
  static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    for i in 0..<min(a.count, b.count) where a[i] != b[i] { return Int(a[i]) - Int(b[i]) }
    return a.count - b.count
  }

  /// The phrase of `key`, parsed the first time it is asked for.
  func phrase(_ key: String) -> Phrase? {
    guard let i = index(of: key) else { return nil }
    if let p = parsed.withLock({ $0[i] }) { return p }
    let e = entries[i]
    let p: Phrase
    do throws(CatalogueError) {
      p = try Phrase(parsing: e.text.description, one: e.oneString, key: key)
    } catch {
      preconditionFailure("catalogue '\(language)': \(error)")
    }
    parsed.withLock { $0[i] = p }
    return p
  }
}

extension Item {
  /// The phrase of `key` in the form's language, `{label}` filled with the row's message name.
  public func say(_ key: String, _ args: KeyValuePairs<String, String> = [:]) -> String {
    (form?.catalogue ?? .english).sayLabelled(key, label: messageName, args)
  }
}

extension Catalogue {
  /// `say`, `{label}` (when `args` does not give it) filled with `label`.
  func sayLabelled(_ key: String, label: String?, _ args: KeyValuePairs<String, String>) -> String {
    guard let phrase = phrase(key) else {
      assertionFailure("no phrase '\(key)' in the message catalogue")
      return key
    }
    return phrase.filled(args, label: label)
  }
}
