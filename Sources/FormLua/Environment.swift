import CLua
import FormCore

/// Globals: the main form's `form` and `print`, and fresh environments in
/// which further forms run isolated from each other (as `formrun.open` does).
final class Environments {
  let state: LuaState
  let bridge: ObjectBridge
  /// Where the main form's `print` goes.
  var printSink: (String) -> Void
  var L: OpaquePointer { state.L }

  init(state: LuaState, bridge: ObjectBridge, printSink: @escaping (String) -> Void) {
    self.state = state
    self.bridge = bridge
    self.printSink = printSink
  }

  static let stdlibKey = "formrun.stdlib"
  static let makePrintKey = "formrun.makeprint"

  /// `makeprint(emit)` returns a `print` that joins its arguments with tabs
  /// (through `tostring`) and hands the line to `emit`.
  static let prelude = """
    local select, tostring, concat, type = select, tostring, table.concat, type
    local affordable, clean = ...
    -- stdout carries only the submitted values: io.write goes to the UI
    -- stream, and what reaches the terminal has its controls escaped (a
    -- script's own files are written as they are)
    local stderr, output, setmetatable = io.stderr, io.output, setmetatable
    local ui = {}
    function ui.write(self, ...)
      for i = 1, select('#', ...) do
        local v = select(i, ...)
        if type(v) ~= "string" and type(v) ~= "number" then
          error("bad argument #" .. i .. " to 'write' (string expected, got " .. type(v) .. ")", 2)
        end
        stderr:write(clean(tostring(v)))
      end
      return self
    end
    setmetatable(ui, { __index = function(_, k)
      local f = stderr[k]
      if type(f) ~= "function" then return f end
      return function(self, ...) return f(stderr, ...) end
    end, __tostring = function() return tostring(stderr) end, __name = "FILE*" })
    output(stderr)
    io.stdout, io.stderr = ui, ui
    function io.output(f)
      local current = output(f ~= ui and f or (f and stderr or nil))
      return current == stderr and ui or current
    end
    local iotype = io.type
    function io.type(f)
      if f == ui then return "file" end
      return iotype(f)
    end
    function io.write(...)
      local current = output()
      if current == stderr then return ui:write(...) end
      return current:write(...)
    end
    -- os.exit would end formrun past its exit codes and lose the values
    function os.exit()
      error("os.exit is not available in formrun: raise error(...) to fail"
        .. " (in the REPL, :q or Ctrl-D leaves)", 2)
    end
    -- Lua's count hook cannot stop a C call, and string.find with a
    -- catastrophic pattern can run for minutes inside one: measure the match
    -- with formrun's own step-counting matcher first, and refuse the runaways.
    for _, name in ipairs({ "find", "match", "gmatch", "gsub" }) do
      local original = string[name]
      local all = name == "gmatch" or name == "gsub"
      string[name] = function(s, p, a3, a4, ...)
        if type(s) == "string" and type(p) == "string" and not (name == "find" and a4) then
          affordable(s, p, all)
        end
        return original(s, p, a3, a4, ...)
      end
    end
    return function(emit)
      return function(...)
        local n = select('#', ...)
        local parts = { ... }
        for i = 1, n do parts[i] = tostring(parts[i]) end
        emit(concat(parts, "\\t", 1, n))
      end
    end
    """

  func installGlobals(form: Form) {
    // a copy of the pristine globals, for fresh environments
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    lua_setfield(L, formrun_registryindex(), Self.stdlibKey)
    do {
      try state.compile(Self.prelude, name: "=formrun")
      formrun_pushhost(L, checkPattern, 0)
      formrun_pushhost(L, cleanText, 0)
      try state.call(nargs: 2, nresults: 1, budget: -1)
    } catch {
      fatalError("formrun's Lua prelude failed: \(error)")
    }
    lua_setfield(L, formrun_registryindex(), Self.makePrintKey)
    bridge.pushForm(form)
    lua_setglobal(L, "form")
    pushPrint(emitting: emit, upvalues: 0)
    lua_setglobal(L, "print")
  }

  /// Push a `print` whose lines go to the host function `emit` (which gets
  /// the `upvalues` values on top of the stack as its upvalues 2…).
  func pushPrint(emitting fn: formrun_hostfn, upvalues: Int32) {
    lua_getfield(L, formrun_registryindex(), Self.makePrintKey)
    if upvalues > 0 { formrun_insert(L, -(upvalues + 1)) }
    formrun_pushhost(L, fn, upvalues)
    try! state.call(nargs: 1, nresults: 1, budget: -1)  // makes a closure; cannot fail
  }

  /// Push a new environment for `form`: the standard libraries (their tables
  /// copied, so one form cannot change another's `string`), `form`, a `print`
  /// into the form's notices, and `_G`.
  func pushEnvironment(for form: Form) {
    formrun_newtable(L)
    let env = lua_gettop(L)
    lua_getfield(L, formrun_registryindex(), Self.stdlibKey)
    let std = lua_gettop(L)
    lua_pushnil(L)
    while lua_next(L, std) != 0 {
      if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TTABLE, state.string(at: -2) != "_G" {
        // copy library tables one level deep
        formrun_newtable(L)
        let copy = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, copy - 1) != 0 {
          lua_pushvalue(L, -2)
          formrun_insert(L, -2)
          lua_rawset(L, copy)
        }
        formrun_remove(L, -2)
      }
      lua_pushvalue(L, -2)
      formrun_insert(L, -2)
      lua_rawset(L, env)
    }
    formrun_pop(L, 1)
    bridge.pushForm(form)
    lua_setfield(L, env, "form")
    bridge.pushForm(form)
    pushPrint(emitting: emitToForm, upvalues: 1)
    lua_setfield(L, env, "print")
    lua_pushvalue(L, env)
    lua_setfield(L, env, "_G")
  }

  /// Run the form script at `path` in a fresh environment with a new form.
  func openForm(path: String) throws(ScriptError) -> Form {
    let form = Form()
    guard luaL_loadfilex(L, path, "t") == LUA_OK else { throw state.popError() }
    pushEnvironment(for: form)
    _ = lua_setupvalue(L, -2, 1)  // the chunk's only upvalue is _ENV
    let saved = state.chunkName
    state.chunkName = path
    defer { state.chunkName = saved }
    try state.call(nargs: 0, nresults: 0, budget: state.loadInstructionLimit)
    return form
  }
}

/// `affordable(s, p, all)`: raises when matching would run away; returns
/// nothing otherwise (a bad pattern is measured as Lua runs it, up to the
/// error Lua then raises itself).
let checkPattern: formrun_hostfn = { L in
  let rt = LuaRuntime.from(L).state
  guard let s = rt.string(at: 1), let p = rt.string(at: 2) else { return 0 }
  let all = lua_toboolean(L, 3) != 0
  if LuaPattern.measure(p, in: s, all: all, budget: rt.patternStepLimit) != .tooComplex { return 0 }
  let shown = p.count > 40 ? String(p.prefix(40)) + "…" : p
  return rt.raise("pattern too complex: '\(shown)' would run for a very long time on this text", level: 2)
}

/// `clean(s)`: `s` with its terminal controls escaped, newlines and tabs kept
/// (for `io.write` and `io.stderr:write`).
let cleanText: formrun_hostfn = { L in
  let rt = LuaRuntime.from(L).state
  rt.push(Cells.sanitizeLines(rt.string(at: 1) ?? "").joined(separator: "\n"))
  return 1
}

/// The sink behind the main `print`.
let emit: formrun_hostfn = { L in
  let rt = LuaRuntime.from(L)
  rt.environments.printSink(rt.state.string(at: 1) ?? "")
  return 0
}

/// The sink behind the `print` of a form in its own environment: that form's notices.
let emitToForm: formrun_hostfn = { L in
  let b = ObjectBridge.from(L)
  if let form = b.object(at: formrun_upvalueindex(2), metatable: FormBinding.metatable, as: Form.self) {
    form.report(b.state.string(at: 1) ?? "")
  }
  return 0
}
