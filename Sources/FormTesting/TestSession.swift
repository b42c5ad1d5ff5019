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
    // what Session.start does but drawing the first screen, which no test
    // reads (`screen()` draws on demand): the load's changes and notices go
    _ = form.takeChanges()
    _ = form.takeNotices()
  }
}

/// `session:send(line)`, `screen()`, `value(name)`, `values()`, `errors([name])`,
/// `submit()`, `session.form` and `session.output` in Lua. Every function has
/// the test run as its upvalue 2.
enum SessionBinding {
  static let metatable = "formrun.session"

  /// Make the metatable (once per state).
  static func install(_ L: OpaquePointer, run: TestRun) {
    luaL_newmetatable(L, metatable)
    Lua.pushHost(L, index, context: run)
    lua_setfield(L, -2, "__index")
    Lua.pushHost(L, newIndex, context: run)
    lua_setfield(L, -2, "__newindex")
    formrun_pushhost(L, release, 0)
    lua_setfield(L, -2, "__gc")
    Lua.pushHost(L, toString, context: run)
    lua_setfield(L, -2, "__tostring")
    Lua.push(L, "protected")
    lua_setfield(L, -2, "__metatable")
    // the methods, in a table of their own (upvalue 3 of __index)
    formrun_newtable(L)
    for (name, fn) in methods {
      Lua.pushHost(L, fn, context: run)
      lua_setfield(L, -2, name)
    }
    lua_setfield(L, formrun_registryindex(), metatable + ".methods")
    formrun_pop(L, 1)
  }

  /// The tag of a session's userdata (see `formrun_object` in shim.h): "SESSION".
  static let tag: UInt64 = 0x53_4553_5349_4f4e

  static func push(_ L: OpaquePointer, _ session: TestSession) {
    formrun_pushobject(L, Unmanaged.passRetained(session).toOpaque(), tag)
    luaL_setmetatable(L, metatable)
  }

  static func this(_ L: OpaquePointer) -> TestSession? {
    guard luaL_testudata(L, 1, metatable) != nil, let raw = formrun_toobject(L, 1, tag) else { return nil }
    return Unmanaged<TestSession>.fromOpaque(raw).takeUnretainedValue()
  }

  static func lines(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  static let methods: [(String, formrun_hostfn)] = [
    (
      "send",
      { L in
        let L = L!
        guard let s = this(L) else { return Lua.typeError(L, 1, "send", expected: "session") }
        guard let line = Lua.string(L, 2) else { return Lua.typeError(L, 2, "send", expected: "string") }
        Lua.push(L, lines(Lua.asForm(L) { s.session.send(line) }))
        return 1
      }
    ),
    (
      "screen",
      { L in
        let L = L!
        guard let s = this(L) else { return Lua.typeError(L, 1, "screen", expected: "session") }
        Lua.push(L, lines(Lua.asForm(L) { s.session.screen() }))
        return 1
      }
    ),
    (
      "value",
      { L in
        let L = L!
        guard let s = this(L) else { return Lua.typeError(L, 1, "value", expected: "session") }
        guard let name = Lua.string(L, 2) else { return Lua.typeError(L, 2, "value", expected: "string") }
        guard let item = s.form.find(name) else {
          var m = "no item named '\(name)'"
          if let sug = suggestion(for: name, among: s.form.names) { m += " (did you mean '\(sug)'?)" }
          return Lua.argError(L, 1, "value", m)
        }
        Lua.push(L, item.value)
        return 1
      }
    ),
    (
      "values",
      { L in
        let L = L!
        guard let s = this(L) else { return Lua.typeError(L, 1, "values", expected: "session") }
        Lua.push(L, .record(s.form.document))
        return 1
      }
    ),
    (
      "errors",
      { L in
        let L = L!
        guard let s = this(L) else { return Lua.typeError(L, 1, "errors", expected: "session") }
        if let name = Lua.string(L, 2) {
          guard let item = s.form.find(name) else { return Lua.argError(L, 1, "errors", "no item named '\(name)'") }
          Lua.pushStrings(L, item.errors)
        } else {
          Lua.pushStrings(L, s.form.errors)
        }
        return 1
      }
    ),
    (
      "submit",
      { L in
        let L = L!
        guard let s = this(L) else { return Lua.typeError(L, 1, "submit", expected: "session") }
        // true; or false and what the refusal said
        if s.session.submittedValues != nil {
          lua_pushboolean(L, 1)
          return 1
        }
        switch Lua.asForm(L, { s.session.submit() }) {
        case .submitted:
          lua_pushboolean(L, 1)
          return 1
        case .submitRefused(let problem, _):
          lua_pushboolean(L, 0)
          Lua.push(L, lines(s.session.phrase(.submitRefused(problem, changes: nil))))
        case let other:
          lua_pushboolean(L, 0)
          Lua.push(L, lines(s.session.phrase(other)))
        }
        return 2
      }
    ),
  ]

  static let index: formrun_hostfn = { L in
    let L = L!
    guard let s = this(L), let key = Lua.string(L, 2) else {
      lua_pushnil(L)
      return 1
    }
    switch key {
    case "form":
      if let runtime = Lua.context(L, as: TestRun.self).runtime {
        runtime.push(form: s.form, on: L)
      } else {
        lua_pushnil(L)
      }
    case "output": Lua.push(L, lines(s.session.notices()))
    default:
      lua_getfield(L, formrun_registryindex(), metatable + ".methods")
      lua_pushvalue(L, 2)
      _ = lua_rawget(L, -2)
      formrun_remove(L, -2)
    }
    return 1
  }

  static let newIndex: formrun_hostfn = { L in Lua.raise(L!, "a session has no settable properties") }

  static let toString: formrun_hostfn = { L in
    let L = L!
    Lua.push(L, "<session" + (this(L)?.form.title.map { " \"\($0)\"" } ?? "") + ">")
    return 1
  }

  /// `__gc`: give back the reference the userdata held (once: it is taken out).
  static let release: formrun_hostfn = { L in
    if let raw = formrun_takeobject(L, 1) { Unmanaged<TestSession>.fromOpaque(raw).release() }
    return 0
  }
}
