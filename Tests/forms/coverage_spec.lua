-- A coverage tool's way in (luacov's: a line hook set with debug.sethook)
-- works through formrun.open, sends and handlers: the hook keeps its place,
-- and sees the spec's lines, the form's and the module's the form loads.
describe("a line hook (as luacov sets one)", function()
  local hits, hook
  before_each(function()
    hits = {}
    hook = function(_, line)
      local source = debug.getinfo(2, "S").short_src
      hits[source] = hits[source] or {}
      hits[source][line] = true
    end
  end)

  local function lines(suffix)
    for source, set in pairs(hits) do
      if source:sub(-#suffix) == suffix then
        local n = 0
        for _ in pairs(set) do n = n + 1 end
        return n, set
      end
    end
    return 0, {}
  end

  it("is still set after formrun.open, sends and handlers", function()
    debug.sethook(hook, "l")
    local s = formrun.open("coverage/counted.lua")
    s:send("amount 12")
    local still = debug.gethook()
    debug.sethook()
    assert.equal(hook, still)
    assert.equal("12.00", s:value("total"))
  end)

  it("records the spec's lines, the form's and the module's", function()
    debug.sethook(hook, "l")
    local s = formrun.open("coverage/counted.lua")
    s:send("amount 3")
    debug.sethook()
    local spec = lines("coverage_spec.lua")
    local form, formlines = lines("coverage/counted.lua")
    local module, modulelines = lines("coverage/money.lua")
    assert.is_true(spec >= 2, "spec lines")
    assert.is_true(form >= 5, "form lines: " .. form)
    assert.is_true(formlines[7], "the handler's line")
    assert.is_true(modulelines[4], "the module's function, run by the handler")
    assert.is_true(module >= 3, "module lines: " .. module)
  end)

  it("keeps its count hook and its own count", function()
    local ticks = 0
    debug.sethook(function() ticks = ticks + 1 end, "", 100)
    local s = formrun.open("coverage/counted.lua")
    for i = 1, 20 do s:send("amount " .. i) end
    local _, mask, count = debug.gethook()
    debug.sethook()
    assert.equal("", mask)
    assert.equal(100, count)
    assert.is_true(ticks > 0)
  end)
end)
