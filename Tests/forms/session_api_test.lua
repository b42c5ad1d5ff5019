-- The test session is bound with the form's own class tables: misspelt
-- names suggest, its properties are read-only, and its arguments are
-- checked in lauxlib's words (issue 22, item 4).
describe("the session object", function()
  local s
  before_each(function() s = formrun.open("removed_objects.lua") end)

  it("suggests a misspelt name, read or written", function()
    assert.error_matches(function() return s.sned end,
      "unknown property 'sned' of the session (did you mean 'send'?)", 1, true)
    assert.error_matches(function() s:scren() end,
      "unknown property 'scren' of the session (did you mean 'screen'?)", 1, true)
    assert.error_matches(function() s.outptu = 1 end,
      "unknown property 'outptu' of the session (did you mean 'output'?)", 1, true)
  end)

  it("gives what the form printed while it loaded in its output, once", function()
    local p = formrun.open("prints_at_load.lua")
    local said = p:send("a x")
    assert.matches("changed x", said, 1, true)
    assert.not_matches("loaded", said, 1, true)
    assert.equals("loaded", p.output)
    assert.equals("", p.output)
  end)

  it("keeps form and output read-only", function()
    assert.error_matches(function() s.form = 1 end, "'form' of the session is read-only", 1, true)
    assert.error_matches(function() s.output = "" end, "'output' of the session is read-only", 1, true)
  end)

  it("counts arguments as lauxlib does, with or without the colon", function()
    assert.error_matches(function() s:send() end,
      "bad argument #1 to 'send' (string expected, got no value)", 1, true)
    assert.error_matches(function() s.send(s, nil) end,
      "bad argument #2 to 'send' (string expected, got nil)", 1, true)
    assert.error_matches(function() s.send(s.form, "x") end,
      "bad argument #1 to 'send' (session expected, got form)", 1, true)
    local fake = setmetatable({}, { __index = { value = s.value } })
    assert.error_matches(function() fake:value("t") end,
      "calling 'value' on bad self (session expected, got table)", 1, true)
    assert.error_matches(function() s:value("tt") end,
      "bad argument #1 to 'value' (no item named 'tt' (did you mean 't'?))", 1, true)
    assert.error_matches(function() s:errors({}) end,
      "bad argument #1 to 'errors' (string expected, got table)", 1, true)
  end)

  it("still does its work", function()
    s:send("t hello")
    assert.equals("hello", s:value("t"))
    assert.same({}, s:errors("t"))
    assert.equals("<session>", tostring(s))
    assert.is_true(s:submit())
  end)
end)
