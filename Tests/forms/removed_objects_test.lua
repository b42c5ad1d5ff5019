-- Sections and rows taken out of their form: a clean error naming what was
-- done to what, never the end of the run (issue 26, finding 1).
describe("removed sections and rows", function()
  local s
  before_each(function() s = formrun.open("removed_objects.lua") end)

  it("say what was done to what from a handler, and the session goes on", function()
    assert.matches("cannot remake text row 'lost': its section was removed from the form", s:send("lost"), 1, true)
    s:send("reset")
    assert.matches("cannot add a text row to section 'Kept': it was removed from the form", s:send("reuse"), 1, true)
    assert.matches("cannot set 'value' of text row 't': its section was removed from the form", s:send("edit"), 1, true)
  end)

  it("refuse writes, methods and makers from the spec too; reads still work", function()
    local kept, row = s.form.sections[1], s.form:find("t")
    s:send("reset")
    assert.equals("Kept", kept.header)
    assert.equals("t", row.name)
    assert.error_matches(function() kept:text{ name = "x" } end,
      "cannot add a text row to section 'Kept': it was removed from the form", 1, true)
    assert.error_matches(function() kept:add("Go") end, "cannot add a row to section 'Kept'", 1, true)
    assert.error_matches(function() kept.footer = "f" end, "cannot set 'footer' of section 'Kept'", 1, true)
    assert.error_matches(function() row:remake{ title = "y" } end, "cannot remake text row 't'", 1, true)
    assert.error_matches(function() row:select() end, "cannot select text row 't'", 1, true)
    assert.same({}, s:values())
    s.form:clear()
    assert.error_matches(function() row.value = "v" end, "cannot set 'value' of text row 't'", 1, true)
  end)

  it("leave the other tests of the run alone", function()
    local again = formrun.open("removed_objects.lua")
    assert.equals(1, again.form:find("t").row)
  end)
end)
