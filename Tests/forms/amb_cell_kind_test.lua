-- AMB cellIdentifierBlock: item:remake{ kind = … } makes the row another kind
-- in its place, keeping the value the new kind reads (amb_cell_kind.lua).
describe("AMB cellIdentifierBlock: item:remake{ kind = … }", function()
  local s
  before_each(function() s = formrun.open("amb_cell_kind.lua") end)

  it("a value the new kind reads from its text is kept, as that kind's value", function()
    local item = s.form:find("answer")
    s:send("answer 42")
    item:remake{ kind = "number", name = "answer", title = "Answer" }
    assert.equals("number", item.kind)
    assert.equals(42, s:value("answer"))
    assert.equals(item, s.form:find("answer"))
    assert.equals(1, item.row)
    s:send("when 2026-11-30")
    s.form:find("when"):remake{ kind = "date", name = "when", format = "d MMMM yyyy" }
    assert.equals("2026-11-30", s:value("when"))
  end)

  it("a value it cannot read is dropped, and a notice says why", function()
    local item = s.form:find("answer")
    s:send("answer forty-two")
    item:remake{ kind = "number", name = "answer" }
    assert.equals("number", item.kind)
    assert.is_nil(s:value("answer"))
    assert.matches("remake: the value of 'Answer' was dropped (as a number row): ", s:send("show"), 1, true)
  end)

  it("a value given in the props wins; no kind: the value goes back to the default, as before", function()
    local item = s.form:find("answer")
    s:send("answer 42")
    item:remake{ kind = "number", name = "answer", value = 7 }
    assert.equals(7, s:value("answer"))
    item:remake{ name = "answer" }
    assert.equals("number", item.kind)
    assert.is_nil(s:value("answer"))
  end)

  it("an unknown kind, or a kind that is no string, changes nothing", function()
    local item = s.form:find("answer")
    s:send("answer 42")
    assert.error_matches(function() item:remake{ kind = "numbr" } end, "numbr")
    assert.error_matches(function() item:remake{ kind = 5 } end, "string expected")
    assert.equals("text", item.kind)
    assert.equals("42", s:value("answer"))
  end)
end)
