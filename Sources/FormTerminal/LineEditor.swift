@preconcurrency import CEditLine
import FormEscape

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// What Tab offers for the text before the cursor.
public struct Completion: Equatable {
  /// Byte offset in that text where the word the offers replace starts.
  public var start: Int
  /// The words that may replace it.
  public var words: [String]
  /// A space after a word completed whole (a row's name, before its value).
  public var space = false

  /// Offers of `words` for the word that starts at byte `start`.
  public init(start: Int, words: [String], space: Bool = false) {
    self.start = start
    self.words = words
    self.space = space
  }
}

/// How Tab's offers are listed on the terminal: each offer written as
/// `shown` gives it (a file named with `ESC [2J` is listed as `\e[2J`, never
/// sent raw), and more than `limit` of them only when the person says yes
/// to `question` (a folder of 100,000 entries), as shells ask.
public struct CompletionListing {
  /// An offer as it is listed: its control characters written out.
  public var shown: (String) -> String
  /// `Display all 100000 possibilities? (y or n)`.
  public var question: (Int) -> String
  /// What a key answers to the question: true yes, false no, nil neither.
  public var answer: (Character) -> Bool?
  /// More offers than this are listed only when the person says yes.
  public var limit = 100

  /// A listing that writes offers as `shown` does and asks `question` past `limit`.
  public init(
    shown: @escaping (String) -> String, question: @escaping (Int) -> String,
    answer: @escaping (Character) -> Bool?, limit: Int = 100
  ) {
    self.shown = shown
    self.question = question
    self.answer = answer
    self.limit = limit
  }
}

/// Where the lines of the fill prompt and of the REPL come from.
public protocol LineInput: AnyObject {
  /// The next line, without its newline. `prefill` starts the line to edit
  /// (a terminal only); `secret` reads it without echo and without editing;
  /// `recall`, when given, is what ↑ and ↓ step through instead of the kept
  /// lines (a choice editor's options: no earlier command becomes its answer).
  func read(prompt: String, prefill: String?, secret: Bool, recall: [String]?) -> Terminal.Read
  /// Keep a line in the history. The caller decides what may be kept.
  func remember(_ line: String)
}

extension LineInput {
  /// The next line, ↑ recalling the kept lines.
  public func read(prompt: String, prefill: String?, secret: Bool) -> Terminal.Read {
    read(prompt: prompt, prefill: prefill, secret: secret, recall: nil)
  }
}

/// The line editor at a terminal, else lines as they come.
public func lineInput(
  terminal: Bool, section: String, listing: CompletionListing, complete: @escaping (String) -> Completion
) -> any LineInput {
  if terminal,
    let editor = LineEditor(
      device: SystemTerminal(), history: HistoryFile(section: section), listing: listing, complete: complete)
  {
    return editor
  }
  return PipedLines()
}

/// Lines as they come: no editing, no history. From a pipe or file the
/// callers give no prompt, so scripts and tests read only what they caused;
/// at a terminal without libedit a prompt is shown and a secret not echoed.
final class PipedLines: LineInput {
  func read(prompt: String, prefill: String?, secret: Bool, recall: [String]?) -> Terminal.Read {
    if secret { return Terminal.readSecretLine(prompt: prompt) }
    if !prompt.isEmpty { Terminal.write(prompt, to: 2) }
    return Terminal.readLine(prompt: prompt.isEmpty ? nil : prompt)
  }
  func remember(_ line: String) {}
}

/// Lines from a terminal through libedit: emacs editing keys (and
/// `~/.editrc` lines for `formrun`), a history of its own in
/// `~/.formrun_history`, Tab completion, and a line that starts with the
/// value being edited. Secrets are read with the echo off, without libedit.
///
/// libedit draws on the device's terminal and sets its modes; the keys come
/// through a `KeyReader`, which decodes every encoding of a key to one and
/// hands libedit that one: Home is Home whether the terminal sent `ESC [ H`,
/// `ESC O H`, `ESC [ 1 ~` or `ESC [ 7 ~`; a lone Esc (no key after it within
/// the reader's wait) does nothing instead of making the next key Alt-key;
/// a key libedit has no use for (F5, PgUp) is dropped instead of typed as
/// `[15~`; pasted text goes in as typed characters, a newline in it too, so
/// a paste never runs as a command. formrun handles the signals itself
/// (`Terminal.takeCharge`): Ctrl-C, a resize and `fg` reach the editor
/// through the device.
final class LineEditor: LineInput {
  /// The editor the C callbacks serve (one at a time; the caller holds it).
  nonisolated(unsafe) static weak var current: LineEditor?

  let el: OpaquePointer
  let history: OpaquePointer
  let historyFile: HistoryFile?
  let complete: (String) -> Completion
  let listing: CompletionListing
  let keys: KeyReader
  let files: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, own: Bool)
  var promptText: UnsafeMutablePointer<CChar>? = strdup("")
  /// What libedit is handed next, a key at a time.
  var queue: [wchar_t] = []
  var queued = 0
  var interrupted = false

  /// An editor on `device`'s terminal (nil when it has none, or libedit
  /// cannot start); `history` keeps the lines, `editrc` reads `~/.editrc`.
  init?(
    device: any TerminalDevice, history historyFile: HistoryFile?, editrc: Bool = true,
    escapeWait: Int? = nil, listing: CompletionListing, complete: @escaping (String) -> Completion
  ) {
    guard let (input, output) = device.descriptors else { return nil }
    // loaded at the first terminal prompt: a piped run never maps libedit
    guard formrun_editline_open() == 1 else { return nil }
    Self.settleLocale()
    let files: (UnsafeMutablePointer<FILE>, UnsafeMutablePointer<FILE>, Bool)
    if (input, output) == (0, 2) {
      files = (stdin, stderr, false)
    } else {
      guard let i = fdopen(dup(input), "r"), let o = fdopen(dup(output), "w") else { return nil }
      files = (i, o, true)
    }
    guard let el = formrun_el_init("formrun", files.0, files.1, files.1), let history = formrun_history_new(1000) else {
      return nil
    }
    self.el = el
    self.history = history
    self.files = files
    self.complete = complete
    self.listing = listing
    self.keys = KeyReader(device: device, escapeWait: escapeWait)
    formrun_el_set_editor(el, "emacs")
    formrun_el_set_signal(el, 0)
    formrun_el_set_prompt(el, editorPrompt)
    formrun_el_set_getc(el, editorGetc)
    formrun_el_set_history(el, history)
    formrun_el_add_function(el, "formrun-complete", "complete the word before the cursor", editorComplete)
    formrun_el_bind(el, "^I", "formrun-complete")
    for (sequence, function) in Self.bindings { formrun_el_bind(el, sequence, function) }
    if editrc { formrun_el_source(el, nil) }  // ~/.editrc
    self.historyFile = historyFile
    for line in historyFile?.load() ?? [] { formrun_history_enter(history, line) }
    Self.current = self
  }

  deinit {
    formrun_el_end(el)
    formrun_history_end(history)
    free(promptText)
    if files.own {
      fclose(files.input)
      fclose(files.output)
    }
  }

  /// libedit reads UTF-8 only under a UTF-8 locale: the user's, else C.UTF-8.
  static func settleLocale() {
    setlocale(LC_CTYPE, "")
    if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }

  /// The one sequence each decoded key is handed to libedit as, and the
  /// function it runs (bound here, so a terminal that sends another
  /// encoding, or none, still gets them; `~/.editrc` may bind them anew).
  static let bindings: [(String, String)] = [
    ("\u{1B}[A", "ed-prev-history"), ("\u{1B}[B", "ed-next-history"),
    ("\u{1B}[C", "ed-next-char"), ("\u{1B}[D", "ed-prev-char"),
    ("\u{1B}[H", "ed-move-to-beg"), ("\u{1B}[F", "ed-move-to-end"),
    ("\u{1B}[3~", "ed-delete-next-char"),
  ]

  /// What libedit is given for `key`: the characters it reads for it; none for a key it has no use for.
  static func input(for key: Key) -> [wchar_t] {
    func seq(_ s: String) -> [wchar_t] { s.unicodeScalars.map { wchar_t(bitPattern: $0.value) } }
    let wordMove = !key.modifiers.isDisjoint(with: [.ctrl, .alt])
    switch key.code {
    case .char(let c):
      var out = c.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
      if key.modifiers.contains(.ctrl), let control = control(c) { out = [control] }
      if key.modifiers.contains(.alt) { out.insert(0x1B, at: 0) }
      return out
    case .enter: return [0x0A]
    // as the decoder gave it before it told it apart: U+FFFD, which the line's checks refuse
    case .notUTF8: return [0xFFFD]
    case .tab: return key.modifiers.contains(.shift) ? [] : [0x09]
    case .backspace: return key.modifiers.contains(.alt) ? [0x1B, 0x7F] : [0x7F]
    case .up: return seq("\u{1B}[A")
    case .down: return seq("\u{1B}[B")
    case .right: return wordMove ? seq("\u{1B}f") : seq("\u{1B}[C")
    case .left: return wordMove ? seq("\u{1B}b") : seq("\u{1B}[D")
    case .home: return seq("\u{1B}[H")
    case .end: return seq("\u{1B}[F")
    case .delete: return seq("\u{1B}[3~")
    case .paste(let text):
      // each character typed as itself; a control character quoted (Ctrl-V),
      // so a pasted newline is part of the line, not its end; one line break
      // at the end (a line copied whole, by a triple click) is left out: the
      // line is taken, not refused for it
      var out: [wchar_t] = []
      var scalars = Substring(text).unicodeScalars[...]
      if scalars.last == "\n" { scalars = scalars.dropLast() }
      if scalars.last == "\r" { scalars = scalars.dropLast() }
      for u in scalars {
        if TypedLine.isControl(u) { out.append(0x16) }
        out.append(wchar_t(bitPattern: u.value))
      }
      return out
    case .escape, .pageUp, .pageDown, .insert, .function, .unknown: return []
    }
  }

  /// The control character Ctrl and `c` make (Ctrl-A is 1), if any.
  static func control(_ c: Character) -> wchar_t? {
    guard let a = c.asciiValue else { return nil }
    switch a {
    case 0x40...0x5F: return wchar_t(a - 0x40)
    case 0x61...0x7A: return wchar_t(a - 0x60)
    case 0x20: return 0
    case 0x3F: return 0x7F
    default: return nil
    }
  }

  func read(prompt: String, prefill: String?, secret: Bool, recall: [String]?) -> Terminal.Read {
    Terminal.reading(true)
    defer { Terminal.reading(false) }
    if secret {
      keys.giveBack()
      return Terminal.readSecretLine(prompt: prompt)
    }
    free(promptText)
    promptText = strdup(prompt)
    Self.current = self
    // typed into the line as if by the user; a value with control characters
    // would be taken as keys, so it is not offered
    if let prefill, !prefill.isEmpty, !prefill.unicodeScalars.contains(where: TypedLine.isControl) {
      formrun_el_push(el, prefill)
    }
    interrupted = false
    queue = []
    queued = 0
    // ↑ and ↓ step through `recall` for this line only (most recent last)
    var lent: OpaquePointer?
    if let recall, let own = formrun_history_new(Int32(clamping: max(recall.count, 1))) {
      for line in recall { formrun_history_enter(own, line) }
      formrun_el_set_history(el, own)
      lent = own
    }
    defer {
      if let lent {
        formrun_el_set_history(el, history)
        formrun_history_end(lent)
      }
    }
    Terminal.modesChanged(true)
    var count: Int32 = 0
    let line = formrun_el_gets(el, &count)
    Terminal.restore()  // libedit gives the modes back itself; this also covers an interrupted read
    // what was typed after the line is the next line's (or a secret's, read without libedit)
    keys.giveBack()
    if interrupted || Terminal.takeInterrupt() {
      keys.device.write("\n")
      return .cancelled
    }
    guard let line, count > 0 else { return .end }
    var bytes = Array(UnsafeRawBufferPointer(start: line, count: Int(count)))
    if bytes.last == 10 { bytes.removeLast() }
    return .line(bytes)
  }

  /// The line last kept: the same line again is kept once.
  var lastKept: String?

  func remember(_ line: String) {
    // a space left by a completion is not part of what was meant
    let line = String(line.reversed().drop { $0 == " " }.reversed())
    guard !line.isEmpty, line != lastKept else { return }
    lastKept = line
    formrun_history_enter(history, line)
    historyFile?.append(line)  // at once: Ctrl-C and submit end the process without a goodbye
  }

  /// One character for libedit: from the keys decoded; 0 at the end of
  /// input; -1 when Ctrl-C cancels the line. A resize or `fg` on the way
  /// redraws the line.
  fileprivate func character(_ out: UnsafeMutablePointer<wchar_t>) -> Int32 {
    // Ctrl-C while Tab asked whether to list its offers
    if interrupted { return -1 }
    while queued >= queue.count {
      queue = []
      queued = 0
      guard let event = keys.next() else { continue }
      switch event {
      case .key(let key): queue = Self.input(for: key)
      case .end: return 0
      case .interrupt:
        interrupted = true
        return -1
      case .resize: formrun_el_resize(el)
      case .resume: formrun_el_refresh(el)
      }
    }
    out.pointee = queue[queued]
    queued += 1
    return 1
  }

  /// Tab: replace the word before the cursor by the one offer, or by what
  /// all offers begin with; when that adds nothing, list the offers
  /// (escaped; past the listing's limit only when the person says yes). A
  /// control character is never put in the line (the line would be refused):
  /// what is inserted stops before one.
  fileprivate func completeWord(_ el: OpaquePointer) -> UInt8 {
    guard let info = formrun_el_line(el)?.pointee, let buffer = info.buffer else { return UInt8(CC_ERROR) }
    let before = Array(UnsafeRawBufferPointer(start: buffer, count: max(buffer.distance(to: info.cursor), 0)))
    let offer = complete(String(decoding: before, as: UTF8.self))
    guard (0...before.count).contains(offer.start) else { return UInt8(CC_ERROR) }
    let partial = String(decoding: before[offer.start...], as: UTF8.self)
    var seen: Set<String> = []
    var words: [String] = []
    for w in offer.words where seen.insert(w).inserted { words.append(w) }
    guard !words.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    let whole = words.count == 1 && !words[0].unicodeScalars.contains(where: TypedLine.isControl)
    let common = Self.uptoControl(Self.commonPrefix(words))
    let insert = whole ? words[0] + (offer.space ? " " : "") : common
    if whole || common.count > partial.count {
      formrun_el_deletestr(el, Int32(partial.unicodeScalars.count))
      _ = formrun_el_insertstr(el, insert)
      return UInt8(CC_REFRESH)
    }
    if words.count > listing.limit, !confirmListing(words.count) { return UInt8(CC_REDISPLAY) }
    keys.device.write(
      "\n" + Self.columns(words.map(listing.shown), width: keys.device.size?.columns ?? 80).joined(separator: "\n")
        + "\n")
    return UInt8(CC_REDISPLAY)
  }

  /// `Display all N possibilities? (y or n)` under the line, and a key
  /// that answers it (others are passed over); Ctrl-C or the end of input
  /// is no.
  func confirmListing(_ count: Int) -> Bool {
    keys.device.write("\n" + listing.shown(listing.question(count)))
    while true {
      guard let event = keys.next() else { continue }
      switch event {
      case .key(let key):
        let answer: Bool?
        switch key.code {
        case .char(" "): answer = true
        case .backspace, .escape: answer = false
        case .char(let c) where key.modifiers.isEmpty: answer = listing.answer(c)
        case .char("g") where key.modifiers == [.ctrl]: answer = false
        default: answer = nil
        }
        if let answer {
          if !answer { keys.device.write("\n") }
          return answer
        }
      case .interrupt:
        interrupted = true
        keys.device.write("\n")
        return false
      case .end:
        keys.device.write("\n")
        return false
      case .resize: formrun_el_resize(el)
      case .resume: formrun_el_refresh(el)
      }
    }
  }

  /// `text` up to its first control character.
  static func uptoControl(_ text: String) -> String {
    guard let i = text.unicodeScalars.firstIndex(where: TypedLine.isControl) else { return text }
    return String(text.unicodeScalars[..<i])
  }

  /// What every word begins with, compared in any case, spelled as the first.
  static func commonPrefix(_ words: [String]) -> String {
    guard var common = words.first.map({ Array($0) }) else { return "" }
    for w in words.dropFirst() {
      let chars = Array(w)
      var n = 0
      while n < min(common.count, chars.count), common[n].lowercased() == chars[n].lowercased() { n += 1 }
      common = Array(common[..<n])
    }
    return String(common)
  }

  /// Offers laid out in columns across the screen.
  static func columns(_ words: [String], width: Int) -> [String] {
    let cell = (words.map(\.count).max() ?? 0) + 2
    let perLine = max(width / max(cell, 1), 1)
    return stride(from: 0, to: words.count, by: perLine).map { start in
      let line = words[start..<min(start + perLine, words.count)]
        .map { $0 + String(repeating: " ", count: cell - $0.count) }.joined()
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
  }
}

private let editorPrompt: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { _ in
  LineEditor.current?.promptText
}

private let editorGetc: @convention(c) (OpaquePointer?, UnsafeMutablePointer<wchar_t>?) -> Int32 = { _, out in
  guard let out, let editor = LineEditor.current else { return -1 }
  return editor.character(out)
}

private let editorComplete: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { el, _ in
  guard let el, let editor = LineEditor.current else { return UInt8(CC_ERROR) }
  return editor.completeWord(el)
}

/// `~/.formrun_history`: one entry a line, `SECTION<TAB>LINE` (a backslash,
/// tab, CR or newline in the line escaped), so the fill prompt and the REPL
/// keep their own lines in one file. Skipped quietly when there is no `HOME`
/// or it cannot be written. The file is private to its owner (0600).
struct HistoryFile {
  let path: String
  let section: String
  static let limit = 1000

  init?(section: String) {
    guard let home = Terminal.env("HOME"), !home.isEmpty else { return nil }
    path = home + "/.formrun_history"
    self.section = section
  }

  /// This section's lines, oldest first. A file holding other lines (the
  /// libedit format of earlier versions) or grown long is rewritten with the
  /// last `limit` lines of each section.
  func load() -> [String] {
    guard let bytes = Files.readBytes(path) else { return [] }
    var entries: [(section: String, line: String)] = []
    var foreign = false
    for raw in bytes.split(separator: 10, omittingEmptySubsequences: true) {
      guard let tab = raw.firstIndex(of: 9), tab > raw.startIndex,
        raw[..<tab].allSatisfy({ (97...122).contains($0) }),
        let line = Self.unescape(String(decoding: raw[(tab + 1)...], as: UTF8.self))
      else {
        foreign = true
        continue
      }
      entries.append((String(decoding: raw[..<tab], as: UTF8.self), line))
    }
    var kept: [(section: String, line: String)] = []
    var perSection: [String: Int] = [:]
    for e in entries.reversed() {
      perSection[e.section, default: 0] += 1
      if perSection[e.section]! <= Self.limit { kept.append(e) }
    }
    kept.reverse()
    if foreign || kept.count < entries.count {
      rewrite(kept.map { $0.section + "\t" + Self.escape($0.line) + "\n" }.joined())
    }
    return kept.filter { $0.section == section }.map(\.line)
  }

  func append(_ line: String) {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    write(fd, section + "\t" + Self.escape(line) + "\n")
  }

  func rewrite(_ text: String) {
    let temporary = path + ".\(getpid()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    let ok = write(fd, text)
    close(fd)
    if !ok || rename(temporary, path) != 0 { unlink(temporary) }
  }

  @discardableResult
  func write(_ fd: Int32, _ text: String) -> Bool { FileDescriptor.writeAll(fd, text) == nil }

  static func escape(_ line: String) -> String { Escaper.history.escape(line) }

  static func unescape(_ text: String) -> String? { Escaper.history.unescape(text) }
}
