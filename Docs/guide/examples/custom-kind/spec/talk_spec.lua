-- spec/talk_spec.lua: the kind's parse and format, through the form.
describe("the duration kind", function()
  local s
  before_each(function() s = formrun.open("talk.lua") end)

  it("reads hours and minutes", function()
    s:send("length 1h30")
    assert.equals(90, s:value("length"))
    s:send("length 2h")
    assert.equals(120, s:value("length"))
  end)

  it("refuses what it cannot read, keeping the value", function()
    assert.matches("type minutes", s:send("length soon"))
    assert.equals(45, s:value("length"))
  end)
end)
