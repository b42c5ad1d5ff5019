import CLua
import FormCore

/// Tab completion of Lua in the REPL: globals, and the fields of what stands
/// before a `.` or `:` (the form, a section, an item, a table).
extension Evaluator {
  /// The words that may complete `line` (the text before the cursor), and the
  /// byte offset where the word they replace starts.
  func completions(for line: String) -> (start: Int, words: [String]) {
    let bytes = Array(line.utf8)
    guard let request = LuaCompletion.request(bytes) else { return (bytes.count, []) }
    let names: [String]
    if let base = request.base {
      names = fieldNames(of: base, method: request.method).filter(Self.isIdentifier)
    } else {
      names = globalNames().filter(Self.isIdentifier) + Self.keywords
    }
    let words = Set(names.filter { $0.hasPrefix(request.partial) }).sorted()
    return (request.start, words)
  }

  func globalNames() -> [String] {
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    defer { formrun_pop(L, 1) }
    return keys(ofTableAt: -1, functionsOnly: false)
  }

  /// The fields of the value of `expression` (evaluated protected, with a
  /// small budget and `print` silenced): props after `.`, methods after `:`.
  func fieldNames(of expression: String, method: Bool) -> [String] {
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    let sink = environments.printSink
    environments.printSink = { _ in }
    defer { environments.printSink = sink }
    do {
      try state.compile("return " + expression, name: "=completion")
      try state.call(nargs: 0, nresults: 1, budget: min(state.handlerInstructionLimit, 1_000_000))
    } catch {
      return []
    }
    // a bound object: the names its class table lists
    for cls in ObjectBridge.classes {
      if let names = cls.completions(bridge, method: method) { return names }
    }
    // a table's own keys, then those its metatable's __index tables lend it
    var names: [String] = []
    for _ in 0..<8 {
      if lua_type(L, -1) == LUA_TTABLE { names += keys(ofTableAt: -1, functionsOnly: method) }
      guard lua_getmetatable(L, -1) != 0 else { break }
      state.push("__index")
      lua_rawget(L, -2)  // raw: no metamethod of the metatable runs
      guard lua_type(L, -1) == LUA_TTABLE else { break }
    }
    return names
  }

  /// The string keys of the table at `index` (raw: no metamethod runs).
  func keys(ofTableAt index: Int32, functionsOnly: Bool) -> [String] {
    let index = lua_absindex(L, index)
    var names: [String] = []
    lua_pushnil(L)
    while lua_next(L, index) != 0 {
      if let key = state.string(at: -2), !functionsOnly || lua_type(L, -1) == LUA_TFUNCTION { names.append(key) }
      formrun_pop(L, 1)
    }
    return names
  }
}

/// The text side of completion: which word is being typed, and what
/// expression stands before its `.` or `:`.
enum LuaCompletion {
  struct Request: Equatable {
    /// The expression before `.`/`:`; nil to complete a global.
    var base: String?
    var method = false
    var partial: String
    /// Byte offset where `partial` starts.
    var start: Int
  }

  /// Methods that only read, so completion may call them to see their result
  /// (marked so in the class tables).
  static var readOnlyCalls: Set<String> { Set(ObjectBridge.classes.flatMap(\.readingMethodNames)) }

  static func request(_ line: [UInt8]) -> Request? {
    guard let tokens = Lexer.tokens(line) else { return nil }  // inside a string or comment
    var i = tokens.count - 1
    var partial = ""
    var start = line.count
    if let last = tokens.last, last.kind == .name, last.end == line.count {
      partial = last.text(line)
      start = last.start
      i -= 1
    }
    guard i >= 0, tokens[i].kind == .punct, case let sep = tokens[i].text(line), sep == "." || sep == ":" else {
      // right after a number or a string there is nothing to complete
      if let last = tokens.last, last.end == line.count, last.kind == .number || last.kind == .string { return nil }
      return Request(base: nil, partial: partial, start: start)
    }
    guard let first = baseStart(tokens, line, before: i) else { return nil }
    // calls run when the base is evaluated: allow only the read-only ones
    for p in first..<i where tokens[p].is("(", line) && p > first {
      guard p >= 2, tokens[p - 1].kind == .name, readOnlyCalls.contains(tokens[p - 1].text(line)),
        tokens[p - 2].is(":", line) || tokens[p - 2].is(".", line)
      else { return nil }
    }
    for p in first..<i where tokens[p].kind == .name && tokens[p].text(line) == "function" { return nil }
    let base = String(decoding: line[tokens[first].start..<tokens[i].start], as: UTF8.self)
    return Request(base: base, method: sep == ":", partial: partial, start: start)
  }

  /// Where the prefix expression ending at token `end - 1` starts: names
  /// joined by `.`/`:`, calls `(...)` and indexes `[...]`, from a name or a
  /// parenthesised expression.
  static func baseStart(_ tokens: [Lexer.Token], _ line: [UInt8], before end: Int) -> Int? {
    var k = end - 1
    while k >= 0 {
      let t = tokens[k]
      if t.is(")", line) || t.is("]", line) {
        guard let open = Lexer.opening(tokens, line, of: k) else { return nil }
        let callee =
          open > 0
          && (tokens[open - 1].kind == .name || tokens[open - 1].is(")", line) || tokens[open - 1].is("]", line))
        if !callee {
          return tokens[open].is("(", line) ? open : nil
        }
        k = open - 1
      } else if t.kind == .name {
        guard !Evaluator.keywords.contains(t.text(line)) else { return nil }
        if k >= 2, tokens[k - 1].is(".", line) || tokens[k - 1].is(":", line) {
          k -= 2
        } else {
          return k
        }
      } else {
        return nil
      }
    }
    return nil
  }
}

/// Just enough of Lua's lexer to find names, brackets, `.` and `:` on one
/// line, and to know when the line ends inside a string or comment.
enum Lexer {
  enum Kind { case name, number, string, punct }

  struct Token {
    var kind: Kind
    var start: Int
    var end: Int
    func text(_ line: [UInt8]) -> String { String(decoding: line[start..<end], as: UTF8.self) }
    func `is`(_ p: String, _ line: [UInt8]) -> Bool { kind == .punct && text(line) == p }
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    b == 95 || (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b) || b >= 0x80
  }

  /// The tokens of `s`, or nil when it ends inside a string or a comment.
  static func tokens(_ s: [UInt8]) -> [Token]? {
    var out: [Token] = []
    var i = 0
    let n = s.count
    func at(_ j: Int) -> UInt8 { j < n ? s[j] : 0 }
    while i < n {
      let c = s[i]
      let start = i
      if c == 32 || c == 9 || c == 13 || c == 10 {
        i += 1
        continue
      }
      if c == 45 && at(i + 1) == 45 {  // -- comment
        if let close = longBracket(s, i + 2) {
          guard let e = close else { return nil }
          i = e
          continue
        }
        return nil  // a line comment runs to the end of the line: nothing to complete in it
      }
      if c == 34 || c == 39 {  // "..." or '...'
        i += 1
        while i < n && s[i] != c { i += s[i] == 92 ? 2 : 1 }
        guard i < n else { return nil }
        i += 1
        out.append(Token(kind: .string, start: start, end: i))
      } else if c == 91, let close = longBracket(s, i) {  // [[...]]
        guard let e = close else { return nil }
        i = e
        out.append(Token(kind: .string, start: start, end: i))
      } else if (48...57).contains(c) || (c == 46 && (48...57).contains(at(i + 1))) {
        while i < n
          && (isNameByte(s[i]) || s[i] == 46
            || ((s[i] == 43 || s[i] == 45) && [69, 101, 80, 112].contains(s[i - 1])))
        { i += 1 }
        out.append(Token(kind: .number, start: start, end: i))
      } else if isNameByte(c) {
        while i < n && isNameByte(s[i]) { i += 1 }
        out.append(Token(kind: .name, start: start, end: i))
      } else {
        i += (c == 46 && at(i + 1) == 46) ? (at(i + 2) == 46 ? 3 : 2) : (c == 58 && at(i + 1) == 58 ? 2 : 1)
        out.append(Token(kind: .punct, start: start, end: i))
      }
    }
    return out
  }

  /// A long bracket `[==[` at `i`: nil when there is none; `.some(nil)` when
  /// it is not closed on this line; else the offset after its close.
  static func longBracket(_ s: [UInt8], _ i: Int) -> Int?? {
    guard i < s.count, s[i] == 91 else { return nil }
    var j = i + 1
    while j < s.count && s[j] == 61 { j += 1 }
    guard j < s.count, s[j] == 91 else { return nil }
    let level = j - i - 1
    let close: [UInt8] = [93] + Array(repeating: 61, count: level) + [93]
    var k = j + 1
    while k + close.count <= s.count {
      if Array(s[k..<k + close.count]) == close { return .some(k + close.count) }
      k += 1
    }
    return .some(nil)
  }

  /// The bracket that `tokens[k]` (a `)` or `]`) closes.
  static func opening(_ tokens: [Token], _ line: [UInt8], of k: Int) -> Int? {
    var depth = 0
    var j = k
    while j >= 0 {
      let t = tokens[j]
      if t.kind == .punct {
        switch t.text(line) {
        case ")", "]", "}": depth += 1
        case "(", "[", "{":
          depth -= 1
          if depth == 0 { return j }
        default: break
        }
      }
      j -= 1
    }
    return nil
  }
}
