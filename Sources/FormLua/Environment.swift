import CLua
import FormCore

/// Globals: the main form's `form` and `print`, and fresh environments in
/// which further forms run isolated from each other (as `formrun.open` does).
///
/// What scripts get (the README's "What scripts get"): the standard library
/// except what can break the host — `debug` is only `debug.traceback`, `load`,
/// `loadfile`, `dofile` and `require` read text only, `string.dump`,
/// `package.loadlib` and the C searchers are gone, `setmetatable` refuses
/// `__gc`, and `pcall`, `xpcall` and `coroutine.resume` re-raise a spent
/// instruction budget. The sandbox (`--sandbox`, `formrun.open(path, {
/// sandbox = true })`) also takes away `io`, `os` but `time`, `date`, `clock`,
/// `getenv`, and `require`, `dofile`, `loadfile`, `package`. Trusted code
/// (the test runner's own globals) may get the whole library back
/// (`openFullLibrary`); the forms it opens still get the restricted set.
final class Environments {
  let state: LuaState
  let bridge: ObjectBridge
  /// Where the main form's `print` goes.
  var printSink: (String) -> Void
  /// Whether the main globals (and so every fresh environment) are the sandbox's.
  private(set) var sandbox = false
  var L: OpaquePointer { state.L }

  init(state: LuaState, bridge: ObjectBridge, printSink: @escaping (String) -> Void) {
    self.state = state
    self.bridge = bridge
    self.printSink = printSink
  }

  static let stdlibKey = "formrun.stdlib"
  static let makePrintKey = "formrun.makeprint"
  static let makeLoadKey = "formrun.makeload"
  static let openFullKey = "formrun.openfull"
  /// The whole `debug` library, for formrun's own Lua (the test runner);
  /// scripts never see it.
  static let fullDebugKey = "formrun.debug"
  /// `{ loadlib = package.loadlib, searchers = { all four of Lua's } }`, for
  /// formrun's own Lua that must load C modules (busted's); never scripts.
  static let fullPackageKey = "formrun.package"
  /// The base library's `tostring`, for the host (a script may replace the global).
  static let baseToStringKey = "formrun.tostring"

  /// Globals the sandbox removes, and the part of `os` it keeps.
  static let sandboxRemoves = ["io", "require", "dofile", "loadfile", "package"]
  static let sandboxOS = ["clock", "date", "getenv", "time"]

  /// Run once, with the whole standard library, before any script. Its
  /// arguments are host functions (`affordable`, `clean`, `spent`); it
  /// returns `makeprint`, `makeload`, `openfull`, the whole `debug` library
  /// and what `package` had for C modules. Everything it wraps is held in
  /// locals, which scripts cannot reach (there is no `debug.getupvalue` for them).
  static let prelude = """
    local affordable, clean, spent = ...
    local select, tostring, concat, type, error, rawget = select, tostring, table.concat, type, error, rawget
    local rawload, rawloadfile, rawdofile, rawpcall, rawxpcall = load, loadfile, dofile, pcall, xpcall
    local rawresume, rawsetmetatable, searchpath = coroutine.resume, setmetatable, package.searchpath
    local rawdump, LOADED = string.dump, package.loaded
    local fulldebug = debug
    local fullpackage = { loadlib = package.loadlib, searchers = { table.unpack(package.searchers) } }

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
    -- with formrun's own step-counting matcher first, and refuse the runaways
    -- (numbers are measured as the strings Lua makes of them).
    for _, name in ipairs({ "find", "match", "gmatch", "gsub" }) do
      local original = string[name]
      local all = name == "gmatch" or name == "gsub"
      string[name] = function(s, p, a3, a4, ...)
        if type(s) == "number" then s = tostring(s) end
        if type(p) == "number" then p = tostring(p) end
        if type(s) == "string" and type(p) == "string" and not (name == "find" and a4) then
          affordable(s, p, all)
        end
        return original(s, p, a3, a4, ...)
      end
    end

    -- nothing that reads or writes the host's memory: no bytecode, no C
    -- libraries, no debug library beyond tracebacks
    string.dump = nil
    package.loadlib = nil
    package.searchers[4] = nil
    package.searchers[3] = nil
    debug = { traceback = fulldebug.traceback }
    LOADED.debug = debug

    -- text-only loading; `makeload(env)` gives a `load` whose chunks see
    -- `env` unless told otherwise (each form's own globals)
    local function makeload(env)
      return function(chunk, name, mode, ...)
        if select("#", ...) > 0 then return rawload(chunk, name, "t", ...) end
        return rawload(chunk, name, "t", env)
      end
    end
    load = makeload(_G)
    loadfile = function(name, mode, ...) return rawloadfile(name, "t", ...) end
    dofile = function(name)
      local f, e = rawloadfile(name, "t")
      if not f then error(e, 2) end
      return f()
    end
    package.searchers[2] = function(name)
      local path, e = searchpath(name, package.path)
      if not path then return e end
      local f, e2 = rawloadfile(path, "t")
      if not f then
        error("error loading module '" .. name .. "' from file '" .. path .. "':\\n\\t" .. e2, 2)
      end
      return f, path
    end

    -- finalisers run with Lua's hooks off, where no budget can stop them: no
    -- __gc from scripts, and the files' metatable (whose __gc closes them) hidden
    getmetatable(io.stdin).__metatable = false
    _ENV.setmetatable = function(t, mt)  -- the global, not the local above
      if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
        error("setmetatable: __gc is not allowed in form scripts (a finaliser cannot be stopped)", 2)
      end
      return rawsetmetatable(t, mt)
    end

    -- once the instruction budget is spent, nothing in that call goes on:
    -- a caught runaway is raised again
    local function pass(ok, ...)
      if not ok and spent() then error((...), 0) end
      return ok, ...
    end
    pcall = function(f, ...) return pass(rawpcall(f, ...)) end
    xpcall = function(f, handler, ...)
      if type(handler) ~= "function" then return pass(rawxpcall(f, handler, ...)) end
      -- a handler run for a budget error would run with hooks off: skip it
      return pass(rawxpcall(f, function(e)
        if spent() then return e end
        return handler(e)
      end, ...))
    end
    coroutine.resume = function(co, ...) return pass(rawresume(co, ...)) end

    local function makeprint(emit)
      return function(...)
        local n = select('#', ...)
        local parts = { ... }
        for i = 1, n do parts[i] = tostring(parts[i]) end
        emit(concat(parts, "\\t", 1, n))
      end
    end

    -- `require` with every searcher Lua has (C modules too), for trusted
    -- code; it shares package.loaded with the forms' own `require`
    local fullsearchers = fullpackage.searchers
    local function fullrequire(name)
      if type(name) ~= "string" and type(name) ~= "number" then
        error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
      end
      name = tostring(name)
      if name == "debug" then return fulldebug end
      local found = LOADED[name]
      if found then return found end
      local messages = {}
      for i = 1, #fullsearchers do
        local loader, data = fullsearchers[i](name)
        if type(loader) == "function" then
          local result = loader(name, data)
          if result ~= nil then LOADED[name] = result end
          if LOADED[name] == nil then LOADED[name] = true end
          return LOADED[name], data
        elseif type(loader) == "string" then
          messages[#messages + 1] = loader
        end
      end
      error("module '" .. name .. "' not found:\\n\\t" .. concat(messages, "\\n\\t"), 2)
    end

    -- `openfull(G)`: the whole standard library in the globals `G` (the test
    -- runner's); the shared tables (string, package) stay as forms see them,
    -- copies carry what they lack
    local function openfull(G)
      G.debug, G.require = fulldebug, fullrequire
      G.load, G.loadfile, G.dofile = rawload, rawloadfile, rawdofile
      G.pcall, G.xpcall, G.setmetatable = rawpcall, rawxpcall, rawsetmetatable
      local co = {}
      for k, v in pairs(coroutine) do co[k] = v end
      co.resume = rawresume
      G.coroutine = co
      local str = {}
      for k, v in pairs(string) do str[k] = v end
      str.dump = rawdump
      G.string = str
    end
    return makeprint, makeload, openfull, fulldebug, fullpackage
    """

  func installGlobals(form: Form, sandbox: Bool) {
    lua_getglobal(L, "tostring")
    lua_setfield(L, formrun_registryindex(), Self.baseToStringKey)
    do {
      try state.compile(Self.prelude, name: "=formrun")
      formrun_pushhost(L, checkPattern, 0)
      formrun_pushhost(L, cleanText, 0)
      formrun_pushbudgetspent(L)
      try state.call(nargs: 3, nresults: 5, budget: -1)
    } catch {
      fatalError("formrun's Lua prelude failed: \(error)")
    }
    lua_setfield(L, formrun_registryindex(), Self.fullPackageKey)
    lua_setfield(L, formrun_registryindex(), Self.fullDebugKey)
    lua_setfield(L, formrun_registryindex(), Self.openFullKey)
    lua_setfield(L, formrun_registryindex(), Self.makeLoadKey)
    lua_setfield(L, formrun_registryindex(), Self.makePrintKey)
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    if sandbox { restrictToSandbox(envAt: -1) }
    // the globals as they are now (the libraries only, their tables copied),
    // for fresh environments: nothing a test file adds or changes later
    // leaks into them
    formrun_newtable(L)
    lua_pushnil(L)
    while lua_next(L, -3) != 0 {
      if lua_type(L, -1) == LUA_TTABLE, state.string(at: -2) != "_G" { copyTable(at: -1) }
      lua_pushvalue(L, -2)
      formrun_insert(L, -2)
      lua_rawset(L, -4)
    }
    lua_setfield(L, formrun_registryindex(), Self.stdlibKey)
    formrun_pop(L, 1)
    self.sandbox = sandbox
    bridge.pushForm(form)
    lua_setglobal(L, "form")
    pushPrint(emitting: emit, upvalues: 0)
    lua_setglobal(L, "print")
  }

  /// Replace the table at the top of the stack by a copy of it, one level deep.
  private func copyTable(at index: Int32) {
    let original = lua_absindex(L, index)
    formrun_newtable(L)
    let copy = lua_gettop(L)
    lua_pushnil(L)
    while lua_next(L, original) != 0 {
      lua_pushvalue(L, -2)
      formrun_insert(L, -2)
      lua_rawset(L, copy)
    }
    lua_copy(L, copy, original)
    formrun_pop(L, 1)
  }

  /// Give the main globals the whole standard library (the test runner's,
  /// for busted and the spec files: trusted code). Forms opened afterwards
  /// still get the restricted set (or the sandbox's).
  func openFullLibrary() {
    lua_getfield(L, formrun_registryindex(), Self.openFullKey)
    lua_rawgeti(L, formrun_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    hostCall(nargs: 1, nresults: 0)
    // package.loadlib for them too: the forms' package tables are copies
    _ = lua_getglobal(L, "package")
    if lua_type(L, -1) == LUA_TTABLE {
      lua_getfield(L, formrun_registryindex(), Self.fullPackageKey)
      lua_getfield(L, -1, "loadlib")
      lua_setfield(L, -3, "loadlib")
      formrun_pop(L, 1)
    }
    formrun_pop(L, 1)
  }

  /// Call one of formrun's own closure makers (`makeprint`, `makeload`,
  /// `openfull`): outside the budget and the cap, so only a bug in formrun
  /// can fail it.
  func hostCall(nargs: Int32, nresults: Int32) {
    guard formrun_hostcall(L, nargs, nresults) == LUA_OK else {
      fatalError("formrun's own Lua failed: \(state.string(at: -1) ?? "?")")
    }
  }

  /// Take the sandbox's exclusions out of the environment table at `index`
  /// (raw access only: nothing of the script's runs).
  func restrictToSandbox(envAt index: Int32) {
    let env = lua_absindex(L, index)
    for name in Self.sandboxRemoves {
      state.push(name)
      lua_pushnil(L)
      lua_rawset(L, env)
    }
    formrun_newtable(L)
    state.push("os")
    lua_rawget(L, env)
    if lua_type(L, -1) == LUA_TTABLE {
      for name in Self.sandboxOS {
        state.push(name)
        lua_rawget(L, -2)
        lua_setfield(L, -3, name)
      }
    }
    formrun_pop(L, 1)
    state.push("os")
    formrun_insert(L, -2)
    lua_rawset(L, env)
  }

  /// Push a `print` whose lines go to the host function `emit` (which gets
  /// the `upvalues` values on top of the stack as its upvalues 2…).
  func pushPrint(emitting fn: formrun_hostfn, upvalues: Int32) {
    lua_getfield(L, formrun_registryindex(), Self.makePrintKey)
    if upvalues > 0 { formrun_insert(L, -(upvalues + 1)) }
    formrun_pushhost(L, fn, upvalues)
    hostCall(nargs: 1, nresults: 1)
  }

  /// Push a new environment for `form`: the standard libraries as they were
  /// at start-up (their tables copied, so one form cannot change another's
  /// `string`), `form`, a `print` into the form's notices, a `load` whose
  /// chunks see this environment, and `_G`; with `sandbox`, the sandbox's
  /// library set.
  func pushEnvironment(for form: Form, sandbox: Bool = false) {
    formrun_newtable(L)
    let env = lua_gettop(L)
    lua_getfield(L, formrun_registryindex(), Self.stdlibKey)
    let std = lua_gettop(L)
    lua_pushnil(L)
    while lua_next(L, std) != 0 {
      if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TTABLE, state.string(at: -2) != "_G" {
        copyTable(at: -1)
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
    lua_getfield(L, formrun_registryindex(), Self.makeLoadKey)
    lua_pushvalue(L, env)
    hostCall(nargs: 1, nresults: 1)
    lua_setfield(L, env, "load")
    lua_pushvalue(L, env)
    lua_setfield(L, env, "_G")
    if sandbox && !self.sandbox { restrictToSandbox(envAt: env) }
  }

  /// Run the form script at `path` in a fresh environment with a new form.
  /// With `sandbox`, the form gets the sandbox's library set.
  func openForm(path: String, sandbox: Bool = false) throws(ScriptError) -> Form {
    let form = Form()
    // a JSON Schema is a form source too
    if path.lowercased().hasSuffix(".json") {
      switch SchemaBinding.build(path, into: form, lenient: false) {
      case .success(let notes): for n in notes { form.report(n) }
      case .failure(let error): throw error
      }
      return form
    }
    guard luaL_loadfilex(L, path, "t") == LUA_OK else { throw state.popError() }
    pushEnvironment(for: form, sandbox: sandbox)
    _ = lua_setupvalue(L, -2, 1)  // the chunk's only upvalue is _ENV
    let saved = state.chunkName
    state.chunkName = path
    defer { state.chunkName = saved }
    try state.call(nargs: 0, nresults: 0, budget: state.loadInstructionLimit)
    return form
  }
}

/// `affordable(s, p, all)`: raises when matching would run away; returns
/// nothing otherwise. A bad pattern is measured as Lua runs it, up to its
/// error: for `find` and `match` that error is raised here, naming the
/// script's line (Lua's own would name formrun's wrapper); for `gmatch` and
/// `gsub`, whose measure tries more start positions than Lua, Lua judges.
let checkPattern: formrun_hostfn = { L in
  let rt = LuaRuntime.from(L).state
  guard let s = rt.string(at: 1), let p = rt.string(at: 2) else { return 0 }
  let all = lua_toboolean(L, 3) != 0
  let shown = p.count > 40 ? String(p.prefix(40)) + "…" : p
  switch LuaPattern.measure(p, in: s, all: all, budget: rt.patternStepLimit) {
  case .affordable: return 0
  case .malformed(let message): return all ? 0 : rt.raise("bad pattern '\(shown)': \(message)")
  case .tooComplex: return rt.raise("pattern too complex: '\(shown)' would run for a very long time on this text")
  }
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
