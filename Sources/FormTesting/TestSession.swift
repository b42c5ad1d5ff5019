import FormCore
import FormLua
import FormRender
import FormScreen
import FormServe
import FormSession
import FormTerminal

/// A headless session on a form, as `formrun.open` gives it to a test; with
/// `screen = true`, the screen mode's screen on it too (`press`, `screen()`).
final class TestSession {
  let form: Form
  /// The host the form runs by from its load on: the test answers its questions.
  let host: SpecHost
  let session: Session
  /// The screen mode without a terminal, when the test asked for it.
  let driver: ScreenDriver?
  /// The page a browser gets, when the test asked for it (`web = true`).
  let web: WebPage?
  /// How many of the screen's notices `output` has given.
  var noticesRead = 0
  /// What the form printed while it loaded, for the first read of `output`
  /// (a send's own lines never hold it).
  var loadOutput: [String] = []

  init(form: Form, host: SpecHost = SpecHost(), width: Int?, height: Int?, screen: Bool = false, web: Bool = false) {
    self.form = form
    self.host = host
    session = Session(form: form, host: host, renderer: Renderer(width: width ?? 72, explicit: width != nil))
    // what Session.start does but drawing the first screen, which no test
    // reads (`screen()` draws on demand): the load's changes go; the
    // notices are the screen's to show when there is one
    _ = form.takeChanges()
    if screen {
      let driver = ScreenDriver(session: session.engine, width: width, height: height)
      // header and footer kinds draw at the screen's width
      host.screen = driver.screen
      self.driver = driver
    } else {
      driver = nil
      // (without drawing the header kinds: their errors are said when they are drawn)
      loadOutput = form.takeNotices().flatMap(Cells.sanitizeLines)
    }
    self.web = web ? WebPage(engine: session.engine) : nil
  }

  /// What the form printed since the last read: in the screen mode the
  /// screen took it as it came (and showed it on its status line).
  func output() -> [String] {
    guard let screen = driver?.screen else {
      defer { loadOutput = [] }
      return loadOutput + session.notices()
    }
    let new = Array(screen.notices.dropFirst(noticesRead))
    noticesRead = screen.notices.count
    return new + session.notices()
  }
}

/// `formrun test`'s host (`Host`): the test answers `formrun.confirm`
/// (`session:confirms`), prints are the session's output, paths are looked
/// up on the machine; nothing is busy and there is no `$EDITOR`.
final class SpecHost: Host {
  /// How the test answers `formrun.confirm` (`session:confirms`): a
  /// boolean, or a function of the question; nil: not answered (no).
  var answer: Value?
  var answerer: Handler?
  /// The screen of a session opened with `screen = true`: bands draw at its width.
  weak var screen: Screen?

  /// As Lua tests a value: all but nil and false are true.
  static func truthy(_ v: Value) -> Bool { v != .null && v != .bool(false) }

  /// The test's answer, said in the output as a person would see it.
  func confirm(_ question: String, for form: Form) -> Bool {
    var yes = false
    if let answerer {
      yes =
        form.call(answerer, [.value(.string(question))], context: "session:confirms")?.first.map(Self.truthy) ?? false
    } else if let answer {
      yes = Self.truthy(answer)
    } else {
      form.report("formrun.confirm('\(question)'): the test gave no answer (session:confirms), so no")
      return false
    }
    form.report("\(question) [y/N] \(yes ? "y" : "n")")
    return yes
  }

  /// Kept as the form's notice: the session's output.
  func show(printed text: String, by form: Form) { form.report(text) }

  func lookUpPath(_ path: String) -> PathKind { PathKind(Files.lookUp(path)) }

  func bandWidth(_ section: Section, _ band: Band) -> Int? { screen?.bandWidth(section, band) }

  func busy(_ title: String, _ work: () -> Outcome) -> Outcome { work() }

  func editText(_ text: String) -> TextEdit { .noEditor }
}

/// `session:send(line)`, `press(key, …)`, `screen()`, `value(name)`, `values()`,
/// `errors([name])`, `submit()`, `session.form`, `session.output` and
/// `session.ending` in Lua: a class table like
/// the form's own (FormLua's binding kit), so a misspelt name, a write and a
/// bad argument get the same messages, and the REPL completes on it.
enum SessionBinding {
  static let metatable = "formrun.session"

  static let table = ClassTable<TestSession>(
    name: "session", metatable: metatable, summary: "A headless session on a form (`formrun.open`).",
    properties: [
      .readOnly("form", "form", "The session's form, as its script sees it.") { b, s in b.pushForm(s.form) },
      .readOnly("output", "string", "What the form printed and its handlers' errors since the last read.") { b, s in
        b.push(lines(s.output()))
      },
      .readOnly(
        "ending", "string?",
        "How the screen ended (`submitted`, `cancelled`, `interrupted`, `input ended`); nil while it runs."
      ) { b, s in
        b.push(s.driver?.ending.map(Value.string) ?? .null)
      },
    ],
    methods: [
      Method("send", "(line: string) -> string", "Type a line, as a person does; what formrun answered.") {
        c, s throws(LuaError) in
        let line = try c.string(2)
        // a call statement (`s:send(line)`) takes no result: the answer (the
        // form drawn again, most often) is not made; its notices go as they
        // would have gone, with the answer
        if !c.resultsWanted {
          _ = s.session.read(line)
          _ = s.session.notices()
          return 0
        }
        c.push(lines(s.session.send(line)))
        return 1
      },
      Method(
        "press", "(...: string)",
        "Press keys on the screen (`formrun.open(path, { screen = true })`): key names, or text typed as it is."
      ) { c, s throws(LuaError) in
        guard let driver = s.driver else {
          throw c.error("press needs the screen mode: formrun.open(path, { screen = true })")
        }
        let count = c.argumentCount
        guard count >= 2 else { throw c.typeError(2, expected: "string") }
        var keys: [String] = []
        for i in 2...count { keys.append(try c.string(i)) }
        do throws(ScreenDriver.Refused) {
          try driver.press(keys)
        } catch {
          throw c.error(error.message)
        }
        return 0
      },
      Method(
        "confirms", "(answer: boolean | fun(question: string): boolean)",
        "How formrun.confirm is answered from now on: always this, or what the function says of each question."
      ) { c, s throws(LuaError) in
        if case .bool(let yes)? = try? c.value(2) {
          s.host.answer = .bool(yes)
          s.host.answerer = nil
        } else {
          s.host.answerer = try c.function(2)
          s.host.answer = nil
        }
        return 0
      },
      Method("screen", "() -> string", "The form as it is drawn now (the screen mode's screen, with `screen = true`).")
      {
        c, s in
        if let driver = s.driver {
          c.push(lines(driver.text))
        } else {
          c.push(lines(s.session.screen()))
        }
        return 1
      },
      Method(
        "page", "() -> string",
        "The HTML a browser gets for the form now (`formrun.open(path, { web = true })`, as `formrun serve` draws it)."
      ) { c, s throws(LuaError) in
        guard let web = s.web else {
          throw c.error("page needs the browser's page: formrun.open(path, { web = true })")
        }
        c.push(.string(web.html()))
        return 1
      },
      Method("value", "(name: string) -> any", "The value of the row with this name.", readsOnly: true) {
        c, s throws(LuaError) in
        c.push(try item(c, s, at: 2).value)
        return 1
      },
      Method("values", "() -> table", "Every named row's value, by name (what a submit gives).", readsOnly: true) {
        c, s in
        c.push(.record(s.form.document))
        return 1
      },
      Method(
        "errors", "(name: string?) -> string[]", "The messages of the row with this name, or of every shown row.",
        readsOnly: true
      ) { c, s throws(LuaError) in
        c.push(.list((c.isNone(2) ? s.form.errors : try item(c, s, at: 2).errors).map(Value.string)))
        return 1
      },
      Method(
        "submit", "() -> boolean, string?", "Submit as a person does: true, or false and what the refusal said."
      ) { c, s in
        if s.session.submittedValues != nil {
          c.push(true)
          return 1
        }
        switch s.session.submit() {
        case .submitted:
          c.push(true)
          return 1
        case .submitRefused(let problem, _):
          c.push(false)
          c.push(lines(s.session.phrase(.submitRefused(problem, changes: nil))))
        case let other:
          c.push(false)
          c.push(lines(s.session.phrase(other)))
        }
        return 2
      },
    ],
    phrase: { _ in "the session" },
    describe: { s in "<session" + (s.form.title.map { " \"\($0)\"" } ?? "") + ">" },
    sample: { TestSession(form: Form(), width: nil, height: nil) })

  /// The row named by the string at `index`, or the error a misspelt name gets.
  static func item(_ c: Call, _ s: TestSession, at index: Int32) throws(LuaError) -> Item {
    let name = try c.string(index)
    guard let item = s.form.find(name) else {
      var m = "no item named '\(name)'"
      if let sug = suggestion(for: name, among: s.form.names) { m += " (did you mean '\(sug)'?)" }
      throw c.argError(index, m)
    }
    return item
  }

  static func lines(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  /// Bind the session type in the runtime that owns `L` (once per state).
  static func install(_ L: OpaquePointer, run: TestRun) {
    LuaRuntime.owning(L).objects.register(table)
  }

  /// Push the Lua object of a session.
  static func push(_ L: OpaquePointer, _ session: TestSession) {
    let runtime = LuaRuntime.owning(L)
    runtime.objects.pushObject(session, metatable: metatable)
  }
}
