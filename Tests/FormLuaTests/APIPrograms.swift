import FormRender

// Random programs over the whole Lua API of a form: sections and rows made,
// written, read, removed, remade, selected, moved, reloaded and cleared, with
// handlers that do the same from inside the form's own calls; then the form
// is filled, drawn and submitted through a session, and the REPL completes
// on every object the program kept. Nothing a program does may end the
// process: an error is a Lua error (a string), and the form's counts stay
// what a fresh count of its rows gives.
//
// Shared by the seeded test (APIProgramTests.swift, a few hundred programs)
// and the libFuzzer target `Tests/Fuzz/Targets/apiprograms.swift` (which
// lists this file on its `// sources:` line).
@testable import FormCore
@testable import FormLua
@testable import FormSession

/// Where a program's choices come from: a seeded generator, or a fuzzer's bytes.
protocol ChoiceSource {
  /// A number in 0..<n (n ≥ 1); nil when the source is spent.
  mutating func choose(_ n: Int) -> Int?
}

/// Choices from a seed (SplitMix64), so a failing program can be made again.
struct SeededChoices: ChoiceSource {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func choose(_ n: Int) -> Int? {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(n))
  }
}

/// Choices from a fuzzer's input, one byte (or two) each.
struct ByteChoices: ChoiceSource {
  var bytes: ArraySlice<UInt8>
  mutating func choose(_ n: Int) -> Int? {
    guard let b = bytes.popFirst() else { return nil }
    if n <= 256 { return Int(b) % n }
    return (Int(b) << 8 | Int(bytes.popFirst() ?? 0)) % n
  }
}

/// The words programs are made of, read once from the class tables.
enum APIVocabulary {
  /// Every property and method a bound type lists, every kind's options, and
  /// a few names no type has (all Lua names).
  static let members: [String] = {
    var names = Set(LuaAPI.classes.flatMap { $0.members.map(\.name) })
    for kind in LuaAPI.kinds { names.formUnion(kind.options.map(\.key)) }
    names.formUnion(["nosuch", "titel", "valeu", "money", "text", "__index"])
    return names.filter(\.isIdentifier).sorted()
  }()
  /// The properties a script may set on some type, and every kind's options.
  static let settable: [String] = {
    var names = Set(LuaAPI.classes.flatMap { $0.members.filter { $0.kind == .property && !$0.readOnly }.map(\.name) })
    for kind in LuaAPI.kinds { names.formUnion(kind.options.map(\.key)) }
    return names.sorted()
  }()
  static let methods = Array(Set(LuaAPI.classes.flatMap { $0.members.filter { $0.kind == .method }.map(\.name) }))
    .sorted()
  static let kinds = Kinds.builtIn.keys.sorted() + ["money", "nosuch"]
  static let handlers = [
    "on_select", "on_change", "validate", "on_will_select", "on_delete", "on_move", "on_accessory", "on_update",
    "on_insert", "on_submit", "on_cancel",
  ]
}

/// One generated program and how to run it.
struct APIProgram<Source: ChoiceSource> {
  var source: Source
  /// Pools of objects the program keeps: `S[1…]` sections, `I[1…]` items.
  static var sections: Int { 4 }
  static var items: Int { 6 }

  init(_ source: Source) { self.source = source }

  /// False once the source is spent (a fuzzer's input ended).
  var spent = false

  mutating func pick(_ n: Int) -> Int {
    guard !spent, let c = source.choose(max(n, 1)) else {
      spent = true
      return 0
    }
    return c
  }

  mutating func one<T>(_ list: [T]) -> T { list[pick(list.count)] }

  // MARK: the vocabulary

  mutating func section() -> String { "S[\(pick(Self.sections) + 1)]" }
  mutating func item() -> String { "I[\(pick(Self.items) + 1)]" }
  mutating func object() -> String {
    switch pick(5) {
    case 0: return "form"
    case 1, 2: return section()
    default: return item()
    }
  }
  mutating func index() -> String {
    one(["1", "2", "3", "0", "-1", "100", "1.5", "0/0", "math.huge", "2^63", "math.mininteger", "'1'", "nil"])
  }
  mutating func name() -> String { "'n\(pick(8))'" }

  /// A value of any type, often a hostile one.
  mutating func value(depth: Int) -> String {
    switch pick(24) {
    case 0: return "nil"
    case 1: return one(["true", "false"])
    case 2: return one(["0", "1", "-1", "2", "3", "7", "1.5", "-0.0", "100"])
    case 3: return one(["0/0", "math.huge", "-math.huge", "math.maxinteger", "math.mininteger", "2^63", "1e308"])
    case 4: return one(["''", "'x'", "'abc'", "'a@b.co'", "'2026-11-30'", "'14:05'", "'4242424242424242'"])
    case 5: return one(["('x'):rep(300)", "'\\0\\27[31m\\u{202E}'", "'é名'", "' '", "'\\n'"])
    case 6: return one(["{}", "{1, 2}", "{'a', 'b', 'c'}", "{ a = 1 }", "{ x = { y = {} } }", "{ 'a', b = 1 }"])
    case 7: return one(["{ 'A', 'B' }", "{ {'x', 'y'}, {'1', '2'} }", "{ number = '4242424242424242' }"])
    case 8: return one(["'presence'", "{ 'presence' }", "{ 'count(1, 2)' }", "{ 'length(3, 5)', 'email' }"])
    case 9: return one(["{ 'nosuch' }", "{ 'v1' }", "{ 'pattern(%d+)' }", "'range(1, 10)'", "{ 1 }"])
    case 10: return one(["'none'", "'detail'", "'disclosure'", "'rounded'", "{ border = 'ascii' }", "'date'"])
    case 11: return one(["{ { title = 'Go', run = function() end } }", "{ presence = '%s!' }", "{ months = {} }"])
    case 12: return section()
    case 13: return item()
    case 14: return "form"
    case 15, 16: return depth < 2 ? function(depth: depth + 1) : "function() end"
    case 17: return one(["print", "coroutine.yield", "function() error({}) end", "function() error('boom') end"])
    case 18: return name()
    case 19: return "I[\(pick(Self.items) + 1)] and I[\(pick(Self.items) + 1)].value"
    default: return one(["1", "'y'", "true", "{}", "nil"])
    }
  }

  /// `{ name = …, title = …, some property = some value, … }`, or a header.
  mutating func props(depth: Int) -> String {
    if pick(6) == 0 { return one(["'Header'", "nil", "5", "{}", "'x'"]) }
    var fields: [String] = []
    if pick(3) > 0 { fields.append("name = \(name())") }
    if pick(2) == 0 { fields.append("title = '\(one(["T", "Title", "名前", ""]))'") }
    for _ in 0..<pick(4) {
      let key = pick(8) == 0 ? one(APIVocabulary.members) : one(APIVocabulary.settable)
      fields.append("\(key) = \(value(depth: depth))")
    }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  /// A handler: a function doing a few statements and returning something.
  mutating func function(depth: Int) -> String {
    var body: [String] = []
    for _ in 0..<(1 + pick(3)) { body.append(statement(depth: depth)) }
    return "function(a, b, c) " + body.joined(separator: " ") + " return \(value(depth: 2)) end"
  }

  /// One statement, protected so that the program goes on after a Lua error.
  mutating func statement(depth: Int) -> String {
    "try(function() " + bare(depth: depth) + " end)"
  }

  mutating func bare(depth: Int) -> String {
    switch pick(40) {
    case 0, 1: return "S[\(pick(Self.sections) + 1)] = form:section(\(props(depth: depth)))"
    case 2: return "S[\(pick(Self.sections) + 1)] = form:insert_section(\(index()), \(props(depth: depth)))"
    case 3, 4, 5: return "I[\(pick(Self.items) + 1)] = \(section()):\(one(APIVocabulary.kinds))(\(props(depth: depth)))"
    case 6: return "I[\(pick(Self.items) + 1)] = \(section()):add(\(value(depth: depth)))"
    case 7:
      return
        "I[\(pick(Self.items) + 1)] = \(section()):insert(\(index()), '\(one(APIVocabulary.kinds))', \(props(depth: depth)))"
    case 8: return "I[\(pick(Self.items) + 1)] = form:\(one(APIVocabulary.kinds))(\(props(depth: depth)))"
    case 9, 10, 11, 12: return "\(object()).\(one(APIVocabulary.settable)) = \(value(depth: depth))"
    case 13: return "\(object())['\(one(APIVocabulary.members))'] = \(value(depth: depth))"
    case 14, 15: return "local _ = \(object()).\(one(APIVocabulary.members))"
    case 16: return "local _ = tostring(\(object())) .. tostring(form.values) .. #form.errors"
    case 17: return "\(item()):set(\(props(depth: depth)))"
    case 18: return "form:remove_section(\(one([section(), "'t1'", "'Header'", "nil"])))"
    case 19: return "\(section()):remove(\(one([item(), index(), name()])))"
    case 20: return "\(item()):remove()"
    case 21: return "\(section()):clear()"
    case 22: return "\(item()):remake(\(props(depth: depth)))"
    case 23: return "\(section()):remake(\(props(depth: depth)))"
    case 24, 25: return "\(item()):select()"
    case 26: return "\(section()):move(\(index()), \(index()))"
    case 27: return "form:move_section(\(index()), \(index()))"
    case 28: return "form:reload()"
    case 29: return "if \(pick(4)) == 0 then form:clear() end"
    case 30: return "I[\(pick(Self.items) + 1)] = form:find(\(name()))"
    case 31: return "S[\(pick(Self.sections) + 1)] = \(one(["form.sections[\(index())]", "\(item()).section"]))"
    case 32: return "I[\(pick(Self.items) + 1)] = \(section()).items[\(index())]"
    case 33: return "form:set_values{ [\(name())] = \(value(depth: depth)) }"
    case 34:
      return "form:kind('money', { format = \(value(depth: depth)), parse = \(value(depth: depth)) })"
    case 35: return "form:validator('v1', \(value(depth: depth)))"
    case 36: return "\(object()).\(one(APIVocabulary.handlers)) = \(depth < 2 ? function(depth: depth + 1) : "print")"
    case 37:
      // a method called on the wrong object
      let m = one(APIVocabulary.methods)
      return "\(object()).\(m)(\(object()), \(value(depth: depth)))"
    case 38: return "collectgarbage()"
    default: return "form.title = \(value(depth: depth))"
    }
  }

  static var prelude: String {
    """
    local S, I = {}, {}
    -- a statement's error is the program's (it may raise anything, as
    -- `validate = error` does); the host's own errors are strings
    -- (a string error must name the program's line)
    local BAD = {}
    local function try(f)
      local ok, e = pcall(f)
      -- (Lua's own "C stack overflow" of a deep recursion names no line)
      if not ok and type(e) == "string" and not e:find("^program:%d+: ") and e ~= "C stack overflow" then
        BAD[#BAD + 1] = e
      end
    end
    _G.BAD = BAD
    _G.S, _G.I = S, I
    -- a few objects to start from, so that most statements reach one
    S[1] = form:section{ header = "One", tag = "t1" }
    S[2] = form:section("Two")
    I[1] = S[1]:text{ name = "n1", title = "Text" }
    I[2] = S[1]:radio{ name = "n2", title = "Radio", options = { "a", "b" } }
    I[3] = S[2]:item{ title = "Go" }
    I[4] = S[2]:number{ name = "n3", title = "Number", required = true }
    S[3] = form:section{ footer = "Three" }
    I[5] = form:text{ name = "n5", title = "Loose", validators = { "length(2, 4)" } }
    I[6] = S[3]:multiple{ name = "n6", options = { "x", "y", "z" }, validators = { "count(1, 2)" } }

    """
  }

  /// The program's source: `count` statements after the prelude.
  mutating func source(count: Int) -> String {
    var lines = [Self.prelude]
    for _ in 0..<count where !spent { lines.append(statement(depth: 0)) }
    return lines.joined(separator: "\n")
  }

  /// Lines a person might type at the form afterwards.
  mutating func commands(count: Int) -> [String] {
    var out: [String] = []
    for _ in 0..<count where !spent {
      let n = pick(6) + 1
      out.append(
        one([
          "\(n)", "\(n) x", "\(n) 1", "\(n) 2026-11-30", "show \(n)", "delete \(n)", "move \(n) \(pick(6) + 1)",
          "insert \(n)", "do \(n) go", "detail \(n)", "values", "errors", "submit", "show", "clear \(n)", "help",
          "n1 y",
        ]))
    }
    return out
  }

  /// Lines of the REPL: a statement, or a line to complete.
  mutating func replLines(count: Int) -> [String] {
    var out: [String] = []
    for _ in 0..<count where !spent { out.append(bare(depth: 1)) }
    return out
  }
}

/// Run one program from `source`: load it, fill the form through a session,
/// complete on its objects, evaluate REPL lines; then check the form's
/// counts. Returns what was wrong (empty when nothing was).
func runAPIProgram<Source: ChoiceSource>(_ source: Source, statements: Int = 30) -> (
  program: String, problems: [String]
) {
  var gen = APIProgram(source)
  let program = gen.source(count: statements)
  let form = Form()
  let runtime = LuaRuntime(form: form)
  runtime.handlerBudget = LuaBudget(instructions: 2_000_000, seconds: 10)
  runtime.loadBudget = LuaBudget(instructions: 20_000_000, seconds: 20)
  var problems: [String] = []
  // every statement is protected: the load itself fails only when the
  // budget or the memory cap stops it
  do throws(ScriptError) { try runtime.load(source: program, name: "program") } catch {}
  // every error the statements raised names the program's line
  if case .values(let bad) = runtime.evaluate("return BAD[1]"), let first = bad.first, first != "nil" {
    problems.append("an error that does not name its line: \(first.prefix(300))")
  }
  let session = Session(form: form, host: ProgramHost(), renderer: Renderer(width: 60, explicit: true))
  _ = session.start()
  for line in gen.commands(count: 8) { _ = session.send(line) }
  _ = session.screen()
  for base in ["form", "S[1]", "S[2]", "I[1]", "I[2]", "I[3]"] {
    for sep in [".", ":"] { _ = runtime.completions(for: base + sep) }
  }
  for line in gen.replLines(count: 3) { _ = runtime.evaluate(line) }
  _ = session.send("submit")
  runtime.collectGarbage()
  problems += bookkeepingProblems(form)
  return (program, problems)
}

/// Where the counts a form keeps edit by edit differ from a fresh count.
func bookkeepingProblems(_ form: Form) -> [String] {
  var problems: [String] = []
  var invalid = 0
  var shown = 0
  for section in form.sections {
    if section.form !== form { problems.append("a section of the form does not point back to it") }
    var sInvalid = 0
    var sShown = 0
    var accessories = 0
    for item in section.items {
      if item.section !== section { problems.append("an item of a section does not point back to it") }
      guard !item.hidden else { continue }
      sShown += 1
      if !item.errors.isEmpty { sInvalid += 1 }
      if item.accessory != .none { accessories += 1 }
    }
    if sInvalid != section.invalidCount {
      problems.append("section invalid count \(section.invalidCount), recounted \(sInvalid)")
    }
    if sShown != section.shownCount {
      problems.append("section shown count \(section.shownCount), recounted \(sShown)")
    }
    if accessories != section.accessoryCount {
      problems.append("section accessory count \(section.accessoryCount), recounted \(accessories)")
    }
    if !section.hidden {
      invalid += sInvalid
      shown += sShown
    }
  }
  if invalid != form.invalidCount { problems.append("form invalid count \(form.invalidCount), recounted \(invalid)") }
  if shown != form.shownRowCount { problems.append("form shown row count \(form.shownRowCount), recounted \(shown)") }
  let total = form.sections.reduce(0) { $0 + $1.items.count }
  if total != form.rowTotal { problems.append("form row total \(form.rowTotal), recounted \(total)") }
  for (name, item) in form.byName where item.form !== form || item.name != name {
    problems.append("the name '\(name)' points to an item not in the form under that name")
  }
  return problems
}

extension String {
  /// A Lua name (so `object.name` is valid Lua).
  var isIdentifier: Bool {
    guard let f = first, f == "_" || f.isLetter, f.isASCII else { return false }
    return allSatisfy { $0.isASCII && ($0 == "_" || $0.isLetter || $0.isNumber) }
  }
}

/// The host a generated program's form runs by (this file is the fuzz
/// target's too, which has no TestSupport): no one to ask, prints kept as
/// notices, no path exists.
final class ProgramHost: FormSession.Host {
  func confirm(_ question: String, for form: Form) -> Bool { false }
  func show(printed text: String, by form: Form) { form.report(text) }
  func lookUpPath(_ path: String) -> PathKind { .missing }
  func bandWidth(_ section: Section, _ band: Band) -> Int? { nil }
  func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }
  func editText(_ text: String) -> TextEdit { .noEditor }
}
