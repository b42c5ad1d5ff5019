/// busted's vocabulary in Lua: describe, it, before_each, after_each and the
/// assertions. It runs in the test file's state; the host gives it `report`
/// (one call per test) and `snapshot` (golden files).
enum TestFramework {
  static let source = #"""
    local report, snapshot = ...
    local format, concat, getinfo = string.format, table.concat, debug.getinfo

    local levels = { { before = {}, after = {} } }

    local function fullname(name)
      local parts = {}
      for _, level in ipairs(levels) do
        if level.name then parts[#parts + 1] = level.name end
      end
      parts[#parts + 1] = name
      return concat(parts, " ")
    end

    -- a failed assertion: the test file's line, no traceback
    local Failure = {}
    local function fail(message, level)
      local info = getinfo((level or 2) + 1, "Sl")
      -- the whole path (short_src would cut a long one to "...")
      local file = info and (info.source:sub(1, 1) == "@" and info.source:sub(2) or info.short_src)
      local where = info and info.currentline > 0 and (file .. ":" .. info.currentline .. ": ") or ""
      error(setmetatable({ message = where .. message }, Failure), 0)
    end

    local function handler(e)
      if getmetatable(e) == Failure then return e.message end
      return debug.traceback(tostring(e), 2)
    end

    local function run(fn)
      return xpcall(fn, handler)
    end

    function describe(name, fn)
      levels[#levels + 1] = { name = tostring(name), before = {}, after = {} }
      local ok, err = run(fn)
      table.remove(levels)
      if not ok then report(false, fullname(tostring(name)) .. " (in describe)", err) end
    end
    context = describe

    function before_each(fn) local l = levels[#levels]; l.before[#l.before + 1] = fn end
    function after_each(fn) local l = levels[#levels]; l.after[#l.after + 1] = fn end

    function it(name, fn)
      local full = fullname(tostring(name))
      local ok, err = true, nil
      for _, level in ipairs(levels) do
        for _, f in ipairs(level.before) do
          if ok then ok, err = run(f) end
        end
      end
      if ok then ok, err = run(fn) end
      for i = #levels, 1, -1 do
        for _, f in ipairs(levels[i].after) do
          local ok2, err2 = run(f)
          if ok and not ok2 then ok, err = ok2, err2 end
        end
      end
      report(ok, full, err)
    end
    test = it

    -- readable values for messages
    local function show(v, depth)
      depth = depth or 0
      if type(v) == "string" then return format("%q", v) end
      if type(v) ~= "table" or getmetatable(v) ~= nil then return tostring(v) end
      if depth > 2 then return "{...}" end
      local parts, n = {}, #v
      for i = 1, n do parts[#parts + 1] = show(v[i], depth + 1) end
      local keys = {}
      for k in pairs(v) do
        if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
      end
      table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
      for _, k in ipairs(keys) do
        local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. show(k, depth + 1) .. "]"
        parts[#parts + 1] = key .. " = " .. show(v[k], depth + 1)
      end
      return "{ " .. concat(parts, ", ") .. " }"
    end

    local function same(a, b)
      if a == b then return true end
      if type(a) ~= "table" or type(b) ~= "table" then return false end
      for k, v in pairs(a) do if not same(v, b[k]) then return false end end
      for k in pairs(b) do if a[k] == nil then return false end end
      return true
    end

    local function note(message) return message and (tostring(message) .. "\n") or "" end

    local lua_assert = assert
    assert = setmetatable({}, { __call = function(_, v, message, ...)
      if not v then fail(message ~= nil and tostring(message) or "assertion failed!") end
      return v, message, ...
    end })

    function assert.equals(expected, actual, message)
      if expected ~= actual then
        fail(note(message) .. "expected: " .. show(expected) .. "\nactual:   " .. show(actual))
      end
    end
    function assert.same(expected, actual, message)
      if not same(expected, actual) then
        fail(note(message) .. "expected (same): " .. show(expected) .. "\nactual:          " .. show(actual))
      end
    end
    function assert.truthy(v, message) if not v then fail(note(message) .. "expected a truthy value, got " .. show(v)) end end
    function assert.falsy(v, message) if v then fail(note(message) .. "expected a falsy value, got " .. show(v)) end end
    function assert.is_true(v, message) if v ~= true then fail(note(message) .. "expected true, got " .. show(v)) end end
    function assert.is_false(v, message) if v ~= false then fail(note(message) .. "expected false, got " .. show(v)) end end
    function assert.matches(pattern, actual, message)
      if type(actual) ~= "string" or not actual:find(pattern) then
        fail(note(message) .. "expected " .. show(actual) .. " to match " .. show(pattern))
      end
    end
    function assert.has_error(fn, expected, message)
      local ok, err = pcall(fn)
      if ok then fail(note(message) .. "expected an error, but none was raised") end
      if expected ~= nil then
        local text = tostring(err)
        if text ~= expected and not text:find(expected, 1, true) then
          fail(note(message) .. "expected the error " .. show(expected) .. "\nactual error:       " .. show(text))
        end
      end
    end
    function assert.snapshot(text, name)
      if type(text) ~= "string" then fail("snapshot text must be a string, got " .. type(text)) end
      if type(name) ~= "string" or not name:match("^[%w_.-]+$") then
        fail("snapshot name must be letters, digits, '.', '-' or '_', got " .. show(name))
      end
      local ok, detail = snapshot(name, text)
      if not ok then fail(detail) end
    end
    assert.equal = assert.equals
    assert.are = { equal = assert.equals, equals = assert.equals, same = assert.same }
    assert.is = { ["true"] = assert.is_true, ["false"] = assert.is_false, truthy = assert.truthy, falsy = assert.falsy }
    """#
}
