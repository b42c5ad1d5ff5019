import CLua
import Testing

/// formrun's `debug.traceback` (CLuaBoundary/traceback.c) against Lua's own
/// in one state: at the same call site both must give the same text, on the
/// main thread and in coroutines, deep stacks (the skipped middle), tail
/// calls, methods, global names (a module's field, the first of two names,
/// `_G`'s without its prefix), levels out of range and non-string messages.
struct TracebackTests {
  static let cases = #"""
    local fast = ...
    local out = {}
    local function same(a, b, what)
      if a ~= b then out[#out + 1] = what .. ":\nlua:\n" .. tostring(a) .. "\nformrun:\n" .. tostring(b) end
    end
    local function deep(n, f) if n == 0 then return f() end return (deep(n - 1, f)) end
    local function tail(n, f) if n == 0 then return f() end return tail(n - 1, f) end
    package.loaded.mymod = { run = function(f) return (f()) end, nested = { hidden = deep } }
    package.loaded.other = { again = package.loaded.mymod.run }
    function globalrun(f) return (f()) end
    local obj = {}
    function obj:method(f) return (f()) end
    local here = 0
    local function check(m, l)
      here = here + 1
      local a, b = debug.traceback(m, l), fast(m, l)
      if l == 0 then -- level 0 is the traceback function itself: its name differs
        a = a:gsub("in function 'debug.traceback'", "in upvalue 'fast'", 1)
      end
      same(a, b, "case " .. here)
    end
    local function all()
      check("msg")
      check("msg", 2)
      check(nil, 1)
      check(42)
      check("neg", -1)
      check("zero", 0)
      check("big", 500)
      for _, n in ipairs { 1, 5, 19, 20, 21, 22, 23, 40, 120 } do
        deep(n, function() check("deep " .. n) end)
        deep(n, function() check("deep level 3 " .. n, 3) end)
      end
      tail(5, function() check("tail") end)
      obj:method(function() check("method") end)
      package.loaded.mymod.run(function() check("module field") end)
      package.loaded.other.again(function() check("second name") end)
      globalrun(function() check("global") end)
      string.gsub("ab", "%w", function() check("gsub") end)
      table.sort({ 3, 2, 1 }, function(x, y) check("sort"); return x < y end)
      pcall(function() check("pcall") end)
      load("local check = ...; check('loaded chunk')")(check)
    end
    all()
    local co = coroutine.create(all)
    assert(coroutine.resume(co))
    -- a suspended coroutine, from outside
    for _, n in ipairs { 2, 30 } do
      local c = coroutine.create(function() deep(n, coroutine.yield) end)
      coroutine.resume(c)
      same(debug.traceback(c), fast(c), "thread " .. n)
      same(debug.traceback(c, "m", 2), fast(c, "m", 2), "thread level 2 " .. n)
      same(debug.traceback(c, "m", 25), fast(c, "m", 25), "thread level 25 " .. n)
    end
    local message = {}
    same(debug.traceback(message), fast(message), "a table message")
    same(select("#", debug.traceback()), select("#", fast()), "no message")
    return table.concat(out, "\n\n"), here
    """#

  @Test func theSameTextAsLuas() throws {
    let L = try #require(luaL_newstate())
    defer { lua_close(L) }
    luaL_openlibs(L)
    #expect(luaL_loadstring(L, Self.cases) == LUA_OK)
    lua_pushcclosure(L, formrun_debug_traceback, 0)
    let status = lua_pcallk(L, 1, 2, 0, 0, nil)
    let text = String(cString: lua_tolstring(L, -2, nil))
    #expect(status == LUA_OK, "\(text)")
    #expect(text == "")
    #expect(lua_tointegerx(L, -1, nil) > 40)
  }
}

/// How many results a host function's caller takes (a call statement none),
/// read from Lua's call record once a check of its layout passed: a session's
/// `send` as a statement makes no answer.
struct ResultsWantedTests {
  @Test func aCallStatementTakesNoResult() throws {
    let L = try #require(luaL_newstate())
    defer { lua_close(L) }
    luaL_openlibs(L)
    // wanted(seen): appends to `seen` how many results its caller takes
    let record: lua_CFunction = { L in
      let n = formrun_resultswanted(L)
      lua_pushinteger(L!, lua_Integer(n))
      lua_rawseti(L!, 1, lua_Integer(lua_rawlen(L!, 1) + 1))
      return 0
    }
    let chunk = """
      local wanted = ...
      local seen = {}
      wanted(seen)
      local a = wanted(seen)
      local b, c = wanted(seen)
      local _ = select("#", wanted(seen))
      local t = { wanted(seen) }
      local co = coroutine.wrap(function() wanted(seen); local x = wanted(seen) end)
      co()
      local function tail() return wanted(seen) end
      tail()
      return seen
      """
    #expect(luaL_loadstring(L, chunk) == LUA_OK)
    lua_pushcclosure(L, record, 0)
    #expect(lua_pcallk(L, 1, 1, 0, 0, nil) == LUA_OK)
    var seen: [Int] = []
    for i in 0..<lua_rawlen(L, -1) {
      lua_rawgeti(L, -1, lua_Integer(i + 1))
      seen.append(Int(lua_tointegerx(L, -1, nil)))
      lua_settop(L, -2)
    }
    #expect(seen == [0, 1, 2, -1, -1, 0, 1, -1])
  }
}
