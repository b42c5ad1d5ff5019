describe("RE per-item font, colour and alignment: item.style", function()
  local s
  before_each(function() s = formrun.open("re_item_style.lua", { width = 40 }) end)

  it("reads back what was set, and nil for a row without one", function()
    local f = s.form
    assert.same({ color = "red", bold = true }, f:find("alert").style)
    assert.same({ align = "right" }, f:find("total").style)
    assert.is_nil(f:find("plain").style)
    f:find("plain").style = { color = "bright_blue", dim = true, align = "center" }
    assert.same({ color = "bright_blue", dim = true, align = "center" }, f:find("plain").style)
    f:find("plain").style = nil
    assert.is_nil(f:find("plain").style)
  end)

  it("adds nothing to the text: the same words with or without it", function()
    local screen = s:screen()
    assert.matches("│ 1  Alert  on fire", screen, 1, true)
    assert.matches("Total                       42.00 │", screen, 1, true)
    assert.is_nil(screen:find("\27", 1, true))
    assert.snapshot(screen, "re-item-style")
    local shown = s:send("show 1")
    s.form:find("alert").style = nil
    assert.equals(shown, s:send("show 1"))
  end)

  it("refuses an unknown colour naming the known ones", function()
    local item = s.form:find("plain")
    local ok, err = pcall(function() item.style = { color = "rde" } end)
    assert.is_false(ok)
    assert.matches("unknown color 'rde' (did you mean 'red'?); the colours are black, red, green", err, 1, true)
    assert.matches("bright_white", err, 1, true)
    ok, err = pcall(function() item.style = { colour = "red" } end)
    assert.is_false(ok)
    assert.matches("unknown row style field 'colour' (did you mean 'color'?)", err, 1, true)
    ok, err = pcall(function() item.style = { align = "middle" } end)
    assert.matches("bad align (expected left, center or right)", err, 1, true)
    ok, err = pcall(function() item.style = { bold = "yes" } end)
    assert.matches("bad bold (true or false expected)", err, 1, true)
    assert.is_nil(item.style)
  end)

  it("the screen mode draws the same words", function()
    local sc = formrun.open("re_item_style.lua", { screen = true, width = 40, height = 12 })
    local screen = sc:screen()
    assert.matches("\n  Total  %s+42.00\n", screen)
    assert.matches("› Alert  on fire", screen, 1, true)
  end)
end)
