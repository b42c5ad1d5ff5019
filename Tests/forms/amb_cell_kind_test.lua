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

  it("a secret is dropped, with the notice, when the new row would show it", function()
    local pw = s.form:find("pw")
    s:send("pw hunter2")
    pw:remake{ kind = "text", name = "pw", title = "PW" }
    assert.is_nil(s:value("pw"))
    local shown = s:send("show 5")
    assert.not_matches("hunter2", shown, 1, true)
    assert.matches("remake: the value of 'PW' was dropped: it was secret", shown, 1, true)
    -- a custom kind's format never gets it either
    s:send("pw")
    pw:remake{ kind = "text", name = "pw", title = "PW", secure = true }
    s:send("pw hunter2")
    pw:remake{ kind = "shown", name = "pw", title = "PW" }
    assert.is_nil(s:value("pw"))
    assert.not_matches("hunter2", s:send("show 5"), 1, true)
    -- a card's number too
    local card = s.form:find("card")
    s:send("card 4242424242424242 12/30 123")
    card:remake{ kind = "text", name = "card", title = "Card" }
    assert.is_nil(s:value("card"))
    assert.not_matches("4242", s:send("show 6"), 1, true)
  end)

  it("a secret stays when the new row is secret too", function()
    local pw = s.form:find("pw")
    s:send("pw hunter2")
    pw:remake{ kind = "text", name = "pw", title = "Password", secure = true }
    assert.equals("hunter2", s:value("pw"))
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
