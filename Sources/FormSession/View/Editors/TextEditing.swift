import FormCore

/// One line of text in the row's value column: free text, a secret (shown
/// as a mask of fixed width, never its length), a number (only what a
/// number can hold is taken), a masked number (digits, as many as the mask
/// holds, shown in the mask as typed), a date or time (↑/↓ change the part
/// under the cursor), a script's own kind (its parse reads the text).
public class TextEditing: RowEditing {
  /// The text and the cursor (edited in place: a key costs the same however long the text).
  public internal(set) var buffer: LineBuffer { didSet { revision &+= 1 } }
  /// Counts the changes of `buffer` (telling a change without keeping a copy of the text).
  var revision = 0
  /// The first character a front end's value column shows (it keeps the
  /// cursor in view as the text grows past the column).
  public var scroll = 0
  /// True while the whole text is selected, as in a field of a window: the
  /// editor opened on a value, or the value typed was refused. Typing
  /// replaces it; a move of the cursor puts the cursor in it to edit in place.
  public internal(set) var selected: Bool
  /// What the row offers for the text typed (`suggestions`), best first,
  /// asked again only when the text changed (`refreshOffers`).
  public internal(set) var offers = SuggestionOffers()
  /// The offer picked with ↓ (nil: none; Tab takes the first).
  public internal(set) var offerPicked: Int?
  /// The first offer a front end's window shows.
  public var offersTop = 0
  /// True when the text changed since the offers were asked for.
  var offersStale = true

  /// An editor on `item`'s value; `selecting` it (typing replaces it) or, not, to edit in place.
  init(item: Item, facts: KindFacts, selecting: Bool = true) {
    var start = facts.typed ?? ""
    if case .masked = facts.shape { start = start.filter { $0.isASCII && $0.isNumber } }
    buffer = LineBuffer(start)
    selected = selecting && !start.isEmpty
    super.init(item: item, facts: facts)
  }

  /// The text stays, selected: the next typing replaces it.
  override func refused(_ reason: String) {
    super.refused(reason)
    selected = !buffer.isEmpty
  }

  /// What a secret shows, whatever its length.
  public static let mask = "••••••••"

  /// True for a secret: its text is never shown.
  public var isSecret: Bool { facts.shape == .secret }

  /// True for digits typed into a mask.
  public var isMasked: Bool {
    if case .masked = facts.shape { return true }
    return false
  }

  /// The text shown in the value column when it is not the text itself (a
  /// secret's mask, digits in their mask) and the cursor's cell in it; nil
  /// for text shown as typed (a front end shows a window of `buffer` around its cursor).
  public var shownInPlace: (text: String, cursor: Int)? {
    switch facts.shape {
    case .secret:
      return buffer.isEmpty ? ("", 0) : (Self.mask, Self.mask.count)
    case .masked(let mask):
      guard let format = mask.format else { return nil }
      // the digits in their places, the rest of the mask to come shown as _
      var out = ""
      var digits = buffer.chars[...]
      var cursor = 0
      for c in format {
        if c == "X" {
          if let d = digits.popFirst() {
            out.append(d)
            cursor = out.count
          } else {
            out.append("_")
          }
        } else {
          out.append(c)
          if !digits.isEmpty || buffer.isEmpty && out.count == 1 { cursor = out.count }
        }
      }
      if buffer.isEmpty { cursor = format.prefix { $0 != "X" }.count }
      return (out, cursor)
    default: return nil
    }
  }

  /// True: it edits in the value column.
  public override var editsInPlace: Bool { true }

  /// The text (safe to show) and the cursor's cell in it, or what shows in its place.
  public override func inline() -> (text: String, cursor: Int?)? {
    if let shown = shownInPlace { return (shown.text, shown.cursor) }
    return (Cells.sanitize(buffer.text), Cells.width(Cells.sanitize(String(buffer.chars[..<buffer.cursor]))))
  }

  override func apply(_ input: EditInput) -> EditResult {
    note = nil
    if let done = offering(input) { return done }
    let before = revision
    defer {
      if revision != before {
        offersStale = true
        offerPicked = nil
      }
    }
    if selected, let done = replacing(input) { return done }
    switch input {
    case .enter:
      let text = buffer.text
      if text.isEmpty { return item.value.isBlank ? .leave : .clear }
      return .accept(text)
    case .escape: return .leave
    case .paste(let pasted):
      let text = Self.oneLine(pasted)
      if let refused = refusedPaste(text) {
        note = refused
        return .handled
      }
      for c in text { _ = type(c) }
      return .handled
    case .setText(let text):
      buffer = LineBuffer()
      for c in text { _ = type(c) }
      return .handled
    case .invalidText:
      note = item.say("editor.not_utf8")
      return .handled
    case .up, .down:
      switch facts.shape {
      case .date, .number:
        adjust(input == .up ? 1 : -1)
        return .handled
      default: return .ignored
      }
    case .insert(let text):
      // as if typed a character at a time: the note says of the last
      for c in text {
        note = nil
        if !type(c), note == nil { note = item.say("editor.does_not_fit", ["char": Cells.sanitize(String(c))]) }
      }
      return .handled
    default:
      if isSecret || isMasked {
        // a text not shown is edited at its end only
        switch input {
        case .backspace:
          buffer.removeLast()
          return .handled
        case .killToStart:
          buffer = LineBuffer()
          return .handled
        default: return .ignored
        }
      }
      return buffer.edit(input) ? .handled : .ignored
    }
  }

  /// True when the row offers completions (a text row's `suggestions`).
  public var suggests: Bool { item.offersSuggestions }

  /// The offers shown now: none when there are none, or the one there is is the text itself.
  public var shownOffers: [String] {
    let words = offers.words
    if words.count == 1, words[0] == buffer.text { return [] }
    return words
  }

  /// The offers asked for again when the text changed (a script's function
  /// runs here, never while drawing).
  func refreshOffers() {
    guard suggests, offersStale else { return }
    offersStale = false
    offers.follow(item, typed: buffer.text)
    offerPicked = nil
    offersTop = 0
  }

  /// An input the offers take: ↓ and ↑ pick one, Tab completes the text with
  /// the one picked (or the first), Enter on a picked one takes it; nil: not theirs.
  func offering(_ input: EditInput) -> EditResult? {
    let words = shownOffers
    guard suggests, !words.isEmpty else { return nil }
    switch input {
    case .down:
      offerPicked = min((offerPicked ?? -1) + 1, words.count - 1)
      return .handled
    case .up where offerPicked != nil:
      offerPicked = offerPicked == 0 ? nil : offerPicked.map { $0 - 1 }
      return .handled
    case .tab:
      let word = words[min(offerPicked ?? 0, words.count - 1)]
      guard word != buffer.text else { return nil }
      take(word)
      return .handled
    case .enter:
      guard let i = offerPicked, i < words.count else { return nil }
      take(words[i])
      return .accept(buffer.text)
    default: return nil
    }
  }

  /// An offer as the text, the cursor at its end.
  func take(_ word: String) {
    buffer = LineBuffer()
    selected = false
    for c in word { _ = type(c) }
    offersStale = true
    offerPicked = nil
  }

  /// An input while the whole text is selected: typing or pasting replaces
  /// it (unless nothing of it is taken), deleting empties it, a move puts the
  /// cursor in it at that end; nil: the input as usual, the selection gone.
  func replacing(_ input: EditInput) -> EditResult? {
    switch input {
    case .insert, .paste:
      let kept = buffer
      buffer = LineBuffer()
      selected = false
      let result = apply(input)
      if buffer.isEmpty {
        // nothing typed was taken (a letter in a number): the value stays selected
        buffer = kept
        selected = true
      }
      return result
    case .setText:
      selected = false
      return nil
    case .backspace, .delete, .killToStart, .killToEnd, .deleteWordBack, .deleteWordForward:
      buffer = LineBuffer()
      selected = false
      return .handled
    case .left, .home, .wordLeft:
      selected = false
      buffer.moveCursor(to: 0)
      return .handled
    case .right, .end, .wordRight:
      selected = false
      buffer.moveCursor(to: buffer.chars.count)
      return .handled
    case .up, .down:
      selected = false
      return nil
    default: return nil
    }
  }

  /// A paste of one line copied whole: its one trailing line break dropped.
  static func oneLine(_ text: String) -> String {
    var t = text
    // (CR LF is one character)
    if let last = t.last, last == "\r\n" || last == "\n" || last == "\r" { t.removeLast() }
    return t
  }

  /// Type `c` if it fits what the row takes; false when it is refused.
  func type(_ c: Character) -> Bool {
    guard !c.unicodeScalars.contains(where: Self.isControl) else { return false }
    if let max = facts.limits.length.max, buffer.chars.count >= max {
      note = item.say("editor.max_characters", ["max": String(max)])
      return false
    }
    switch facts.shape {
    case .masked(let mask):
      guard c.isASCII, c.isNumber else { return false }
      if let digits = mask.digits, buffer.chars.count >= digits {
        note = item.say("editor.mask_holds", ["count": String(digits)])
        return false
      }
      buffer.moveCursor(to: buffer.chars.count)
    case .number:
      guard fitsNumber(c) else { return false }
    case .secret: buffer.moveCursor(to: buffer.chars.count)
    default: break
    }
    buffer.insert(c)
    return true
  }

  /// A digit; a sign first (when the range goes below zero); one point when decimals are allowed, and no more decimals than allowed.
  func fitsNumber(_ c: Character) -> Bool {
    let l = facts.limits
    let all = buffer.chars
    if c == "-" { return buffer.cursor == 0 && !all.contains("-") && (l.range.min ?? -1) < 0 }
    if c == "." {
      return l.decimals != 0 && !all.contains(".")
    }
    guard c.isASCII, c.isNumber else { return false }
    if let decimals = l.decimals, let point = all.firstIndex(of: "."), buffer.cursor > point {
      let after = all.count - point - 1
      if after >= decimals {
        note =
          decimals == 0
          ? item.say("editor.whole_only") : item.say("editor.at_most_decimals", ["count": String(decimals)])
        return false
      }
    }
    return true
  }

  /// ↑/↓: a number by one (within its range), the part of a date or time under the cursor by one.
  func adjust(_ by: Int) {
    switch facts.shape {
    case .number:
      let x = Double(buffer.text) ?? 0
      var y = x + Double(by)
      if let lo = facts.limits.range.min { y = max(y, lo) }
      if let hi = facts.limits.range.max { y = min(y, hi) }
      buffer = LineBuffer(Value.formatNumber(y))
    case .date(let shape):
      if let next = DateParts.step(
        buffer.text, at: buffer.cursor, by: by, mode: shape.mode, pattern: shape.pattern, minuteStep: shape.minuteStep)
      {
        let cursor = buffer.cursor
        buffer = LineBuffer(next.text)
        buffer.moveCursor(to: next.cursor ?? cursor)
      }
    default: break
    }
  }
}
