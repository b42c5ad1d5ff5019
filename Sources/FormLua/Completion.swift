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

  /// The fields of the value of `base` (props after `.`, methods after `:`).
  /// The base is evaluated step by step with no Lua function of the user
  /// running: tables are read raw (no `__index`), the form's objects through
  /// their own bindings, and the only calls are the form's look-ups
  /// `find`/`find_section` with a literal, done here in Swift.
  func fieldNames(of base: [LuaCompletion.Step], method: Bool) -> [String] {
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    let sink = environments.printSink
    environments.printSink = { _ in }
    defer { environments.printSink = sink }
    guard lua_checkstack(L, 8) != 0, evaluate(base) else { return [] }
    // a bound object: the names its class table lists
    for cls in bridge.classes {
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

  /// Push the value of `steps`; false (with the stack as it was) when a step
  /// would have to run something else.
  func evaluate(_ steps: [LuaCompletion.Step]) -> Bool {
    let top = lua_gettop(L)
    for step in steps {
      let ok: Bool
      switch step {
      case .global(let name):
        lua_rawgeti(L, formrun_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        state.push(name)
        lua_rawget(L, -2)
        formrun_remove(L, -2)
        ok = true
      case .literal(let text):
        ok = pushLiteral(text)
      case .field(let key):
        state.push(key)
        ok = index()
      case .index(let text):
        ok = pushLiteral(text) && index()
      case .lookup(let name, let text):
        // only a method its class table marks as reading, on a bound object
        let reads = bridge.classes.contains {
          $0.readingMethodNames.contains(name) && $0.completions(bridge, method: true) != nil
        }
        guard reads, pushLiteral(text) else {
          ok = false
          break
        }
        do {
          try state.compile("local object, key = ...\nreturn object:\(name)(key)", name: "=completion")
          formrun_insert(L, -3)
          try state.call(nargs: 2, nresults: 1, budget: 10_000)
          ok = true
        } catch {
          ok = false
        }
      }
      guard ok else {
        lua_settop(L, top)
        return false
      }
    }
    return lua_gettop(L) == top + 1
  }

  /// The literal `text` (one string or number token), read by Lua's own
  /// parser: the chunk `return <literal>` holds nothing to call.
  func pushLiteral(_ text: String) -> Bool {
    do {
      try state.compile("return " + text, name: "=completion")
      try state.call(nargs: 0, nresults: 1, budget: 1000)
      return true
    } catch {
      return false
    }
  }

  /// Replace the value and the key on top with value[key]: raw in a table,
  /// through the binding for a form, section or item, never otherwise.
  func index() -> Bool {
    if lua_type(L, -2) == LUA_TTABLE {
      lua_rawget(L, -2)
      formrun_remove(L, -2)
      return true
    }
    lua_pushvalue(L, -2)
    let own = bridge.classes.contains { $0.completions(bridge, method: false) != nil }
    formrun_pop(L, 1)
    guard own else { return false }
    // the binding's __index is the form's own code; protected, as it may refuse the key
    do {
      try state.compile("local object, key = ...\nreturn object[key]", name: "=completion")
      formrun_insert(L, -3)
      try state.call(nargs: 2, nresults: 1, budget: 10_000)
      return true
    } catch {
      return false
    }
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
    /// The expression before `.`/`:` as steps; nil to complete a global.
    var base: [Step]?
    var method = false
    var partial: String
    /// Byte offset where `partial` starts.
    var start: Int
  }

  /// One step of the expression before `.`/`:`: nothing in it calls a
  /// function but the form's look-ups, and those only with a literal.
  enum Step: Equatable {
    /// a global, read raw
    case global(String)
    /// a parenthesised literal: `("x")`
    case literal(String)
    /// `.name`
    case field(String)
    /// `[literal]`
    case index(String)
    /// `:find(literal)` or `:find_section(literal)` (also `:find"x"`)
    case lookup(String, String)
  }

  /// The only calls completion makes: methods the class tables mark as
  /// reading (the form's look-ups), and only with a literal.
  static var lookups: Set<String> { Set(ObjectBridge.formClasses.flatMap(\.readingMethodNames)) }

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
    guard let first = baseStart(tokens, line, before: i), let steps = steps(tokens[first..<i], line) else {
      return nil
    }
    return Request(base: steps, method: sep == ":", partial: partial, start: start)
  }

  /// The steps of the tokens before `.`/`:`, or nil when they hold anything
  /// but names, `.name`, `[literal]` and the form's look-ups with a literal.
  static func steps(_ tokens: ArraySlice<Lexer.Token>, _ line: [UInt8]) -> [Step]? {
    let t = Array(tokens)
    func literal(_ k: Int) -> String? {
      k < t.count && (t[k].kind == .string || t[k].kind == .number) ? t[k].text(line) : nil
    }
    var steps: [Step] = []
    var k = 0
    if let first = t.first, first.kind == .name, !Evaluator.keywords.contains(first.text(line)) {
      steps.append(.global(first.text(line)))
      k = 1
    } else if t.count >= 3, t[0].is("(", line), let lit = literal(1), t[2].is(")", line) {
      steps.append(.literal(lit))
      k = 3
    } else {
      return nil
    }
    while k < t.count {
      if t[k].is(".", line) || t[k].is(":", line), k + 1 < t.count, t[k + 1].kind == .name {
        let name = t[k + 1].text(line)
        let isCall = k + 2 < t.count && (t[k + 2].is("(", line) || t[k + 2].kind == .string)
        if !isCall {
          guard t[k].is(".", line) else { return nil }  // `a:b` without a call
          steps.append(.field(name))
          k += 2
          continue
        }
        guard t[k].is(":", line), lookups.contains(name) else { return nil }
        if let lit = literal(k + 2), t[k + 2].kind == .string {
          steps.append(.lookup(name, lit))
          k += 3
        } else if let lit = literal(k + 3), k + 4 < t.count, t[k + 4].is(")", line) {
          steps.append(.lookup(name, lit))
          k += 5
        } else {
          return nil
        }
      } else if t[k].is("[", line), let lit = literal(k + 1), k + 2 < t.count, t[k + 2].is("]", line) {
        steps.append(.index(lit))
        k += 3
      } else {
        return nil
      }
    }
    return steps
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
