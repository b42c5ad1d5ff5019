import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// Where the REPL's lines come from.
protocol ReplInput {
  /// The next line, without its newline; nil at the end of input.
  func read(prompt: String) -> [UInt8]?
}

/// Lines from a pipe or file: no prompt, no editing, so scripts and tests
/// read only what they caused.
struct PipedInput: ReplInput {
  func read(prompt: String) -> [UInt8]? { Terminal.readLineBytes() }
}

/// Lines from a terminal when libedit cannot be loaded: the prompt, then a plain line.
struct PromptedInput: ReplInput {
  func read(prompt: String) -> [UInt8]? {
    Terminal.write(prompt, to: 2)
    return Terminal.readLineBytes()
  }
}

/// Lines from a terminal through libedit: editing, history kept in
/// `$HOME/.formrun_history` (skipped quietly when there is no such place),
/// and Tab completion. libedit is loaded here, not at start-up (see CEditLine).
final class EditLineInput: ReplInput {
  /// The completer for the C callback, which cannot capture it.
  nonisolated(unsafe) static var complete: ((String) -> (start: Int, words: [String]))?
  /// libedit's functions and variables, once loaded.
  nonisolated(unsafe) static var lib = formrun_editline()
  let historyPath: String?

  /// libedit's input, or plain prompted lines when libedit is not installed.
  static func orPlain(complete: @escaping (String) -> (start: Int, words: [String])) -> ReplInput {
    guard formrun_editline_load(&lib) != 0 else { return PromptedInput() }
    return EditLineInput(complete: complete)
  }

  private init(complete: @escaping (String) -> (start: Int, words: [String])) {
    let rl = Self.lib
    setlocale(LC_CTYPE, "")  // libedit reads UTF-8 only under a UTF-8 locale
    Self.complete = complete
    rl.readline_name.pointee = UnsafePointer(strdup("formrun"))  // for ~/.editrc
    rl.outstream.pointee = stderr  // prompts are UI
    rl.attempted_completion_function.pointee = attemptCompletion
    // a "word" is a Lua name: everything else breaks it
    let breaks = (1...126).map { UInt8($0) }.filter { !Self.isNameByte($0) }
    rl.basic_word_break_characters.pointee = UnsafePointer(strdup(String(decoding: breaks, as: UTF8.self)))
    rl.completion_append_character.pointee = 0
    rl.using_history()
    rl.stifle_history(1000)
    if let home = Terminal.env("HOME"), !home.isEmpty {
      historyPath = home + "/.formrun_history"
      _ = rl.read_history(historyPath)
    } else {
      historyPath = nil
    }
  }

  func read(prompt: String) -> [UInt8]? {
    let rl = Self.lib
    guard let p = rl.readline(prompt) else { return nil }
    defer { free(p) }
    let bytes = Array(UnsafeRawBufferPointer(start: p, count: strlen(p)))
    if bytes.contains(where: { $0 != 32 && $0 != 9 }) {
      _ = rl.add_history(p)
      // written at once: :submit and Ctrl-C end the process without a goodbye
      if let historyPath { _ = rl.write_history(historyPath) }
    }
    return bytes
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    b == 95 || (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b)
  }
}

/// libedit's completion hook: the words for the text before the cursor, as
/// replacements of the word libedit found (`start..<end`); no file names.
private func attemptCompletion(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  let rl = EditLineInput.lib
  rl.attempted_completion_over.pointee = 1
  guard let buffer = rl.line_buffer.pointee, let complete = EditLineInput.complete, start >= 0, end >= start,
    strlen(buffer) >= Int(end)
  else { return nil }
  let before = Array(UnsafeRawBufferPointer(start: buffer, count: Int(end)))
  let (wordStart, words) = complete(String(decoding: before, as: UTF8.self))
  // align our word start with libedit's
  let replacements: [[UInt8]] = words.compactMap { word in
    let w = Array(word.utf8)
    if wordStart <= Int(start) {
      let cut = Int(start) - wordStart
      guard cut <= w.count, Array(before[wordStart..<Int(start)]) == Array(w[..<cut]) else { return nil }
      return Array(w[cut...])
    }
    return Array(before[Int(start)..<wordStart]) + w
  }
  guard !replacements.isEmpty else { return nil }
  var common = replacements[0]
  for r in replacements.dropFirst() {
    common = Array(zip(common, r).prefix { $0 == $1 }.map(\.0))
  }
  // libedit's convention: [common prefix, match..., NULL]; one match is given twice
  let list = [common] + (replacements.count == 1 ? [replacements[0]] : replacements)
  let matches = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: list.count + 2)
  for (i, bytes) in list.enumerated() {
    matches[i] = bytes.withUnsafeBufferPointer { b in
      strndup(UnsafeRawPointer(b.baseAddress!).assumingMemoryBound(to: CChar.self), b.count)
    }
  }
  matches[list.count] = nil
  matches[list.count + 1] = nil
  return matches
}
