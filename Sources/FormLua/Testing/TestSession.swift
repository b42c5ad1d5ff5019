import CLua
import FormCore
import FormRender
import FormSession

/// A headless session on a form, as `formrun.open` gives it to a test.
final class TestSession {
  let form: Form
  let session: Session

  init(form: Form, width: Int?, height: Int?) {
    self.form = form
    session = Session(form: form, renderer: Renderer(width: width ?? 72, explicit: width != nil), height: height)
    _ = session.start()
  }
}

/// `session:send(line)`, `screen()`, `value(name)`, `values()`, `errors([name])`,
/// `submit()` and `session.form` in Lua.
enum SessionBinding: Binding {
  static let metatable = "formrun.session"

  static func this(_ rt: LuaRuntime, _ fn: String) -> TestSession? {
    rt.object(at: 1, metatable: metatable, as: TestSession.self)
  }

  static func lines(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  static let methods: [(String, formrun_hostfn)] = [
    (
      "send",
      { L in
        let rt = LuaRuntime.from(L)
        guard let s = this(rt, "send") else { return rt.typeError(1, "send", expected: "session", at: 1) }
        guard let line = rt.string(at: 2) else { return rt.typeError(1, "send", expected: "string", at: 2) }
        rt.push(lines(s.session.send(line)))
        return 1
      }
    ),
    (
      "screen",
      { L in
        let rt = LuaRuntime.from(L)
        guard let s = this(rt, "screen") else { return rt.typeError(1, "screen", expected: "session", at: 1) }
        rt.push(lines(s.session.screen()))
        return 1
      }
    ),
    (
      "value",
      { L in
        let rt = LuaRuntime.from(L)
        guard let s = this(rt, "value") else { return rt.typeError(1, "value", expected: "session", at: 1) }
        guard let name = rt.string(at: 2) else { return rt.typeError(1, "value", expected: "string", at: 2) }
        guard let item = s.form.find(name) else {
          var m = "no item named '\(name)'"
          if let sug = suggestion(for: name, among: s.form.names) { m += " (did you mean '\(sug)'?)" }
          return rt.argError(1, "value", m)
        }
        rt.push(item.value)
        return 1
      }
    ),
    (
      "values",
      { L in
        let rt = LuaRuntime.from(L)
        guard let s = this(rt, "values") else { return rt.typeError(1, "values", expected: "session", at: 1) }
        rt.push(.record(s.form.values))
        return 1
      }
    ),
    (
      "errors",
      { L in
        let rt = LuaRuntime.from(L)
        guard let s = this(rt, "errors") else { return rt.typeError(1, "errors", expected: "session", at: 1) }
        if let name = rt.string(at: 2) {
          guard let item = s.form.find(name) else { return rt.argError(1, "errors", "no item named '\(name)'") }
          rt.pushStrings(item.errors)
        } else {
          rt.pushStrings(s.form.errors)
        }
        return 1
      }
    ),
    (
      "submit",
      { L in
        let rt = LuaRuntime.from(L)
        guard let s = this(rt, "submit") else { return rt.typeError(1, "submit", expected: "session", at: 1) }
        // true; or false and what the refusal said
        if s.session.submittedValues != nil {
          lua_pushboolean(L, 1)
          return 1
        }
        switch s.session.submit() {
        case .submitted:
          lua_pushboolean(L, 1)
          return 1
        case .submitRefused(let problem, _):
          lua_pushboolean(L, 0)
          rt.push(lines(s.session.phrase(.submitRefused(problem, changes: nil))))
        case let other:
          lua_pushboolean(L, 0)
          rt.push(lines(s.session.phrase(other)))
        }
        return 2
      }
    ),
  ]

  static let index: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    guard let s = this(rt, "index"), let key = rt.string(at: 2) else {
      lua_pushnil(L)
      return 1
    }
    switch key {
    case "form": rt.pushObject(s.form, metatable: FormBinding.metatable)
    case "output": rt.push(lines(s.session.notices()))
    default: if !rt.pushMethod(key, of: SessionBinding.self) { lua_pushnil(L) }
    }
    return 1
  }

  static let newIndex: formrun_hostfn = { L in
    LuaRuntime.from(L).raise("a session has no settable properties")
  }

  static let toString: formrun_hostfn = { L in
    let rt = LuaRuntime.from(L)
    rt.push("<session" + (this(rt, "tostring")?.form.title.map { " \"\($0)\"" } ?? "") + ">")
    return 1
  }
}
