describe("Raclette/AMB dynamic height: long rows wrap", function()
  local s
  before_each(function() s = formrun.open("raclette_dynamic_height.lua") end)

  local function lines(text)
    local out = {}
    for l in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = l end
    return out
  end

  -- the text of the cells between `from` and `to` (in display cells), trimmed
  local function column(line, from, to)
    local cells, out = 0, {}
    for _, c in utf8.codes(line) do
      local ch = utf8.char(c)
      local w = (c >= 0x1100 and (c <= 0x115F or (c >= 0x2E80 and c <= 0xFFDC))) and 2 or 1
      if cells >= from and cells + w <= to then out[#out + 1] = ch end
      cells = cells + w
    end
    return (table.concat(out):gsub("^%s+", ""):gsub("%s+$", ""))
  end

  it("wraps a long title and value in their columns, nothing cut", function()
    local screen = s:screen()
    local first = screen:sub(1, screen:find("╭─ A section header long enough that it has to be cu", 1, true) - 1)
    assert.is_nil(first:find("…", 1, true), first)
    local shown = lines(screen)
    local at
    for i, l in ipairs(shown) do if l:find("A title longer", 1, true) then at = i break end end
    assert.truthy(at, screen)
    -- the number only on the first line, the continuation under the columns
    assert.matches("^│ 1  A title longer", shown[at])
    assert.matches("^│    its column ", shown[at + 1])
    local words = {}
    for k = at, at + 2 do words[#words + 1] = column(shown[k], 27, 54) end
    assert.equals("a value that is much longer than the room its column has on one line",
      (table.concat(words, " "):gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")))
    assert.snapshot(screen, "raclette-dynamic-height")
  end)

  it("wraps a detail, a wide value by cells and a word longer than the column", function()
    local screen = s:screen()
    assert.matches("and a detail that also goes", screen, 1, true)
    assert.matches("on past the end of the row", screen, 1, true)
    -- a 50-letter word is broken where the column ends
    assert.matches("│ 4  Token                 abcdefghijabcdefghijabcdefg │", screen, 1, true)
    assert.matches("│                          hijabcdefghijabcdefghij     │", screen, 1, true)
    -- wide characters: two cells each, never split at a line's end
    assert.matches("│ 3  名前                  日本語のとても長い名前がこ  │", screen, 1, true)
    assert.matches("│                          こに入ります、さらに続きま  │", screen, 1, true)
  end)

  it("wraps a long section header under its label; show SECTION too", function()
    local screen = s:screen()
    assert.matches("╭─ A section header long enough that it has to wrap ─", screen, 1, true)
    assert.matches("│  onto a second line", screen, 1, true)
    local out = s:send("show long")
    assert.matches("│  onto a second line", out, 1, true)
  end)

  it("show N draws the row with its continuation lines", function()
    local out = s:send("show 1")
    assert.matches("than its column", out, 1, true)
    assert.matches("on one line", out, 1, true)
  end)

  it("a style with wrap = false keeps one line, cut with …", function()
    local screen = s:screen()
    assert.matches("╭─ A section header long enough that it has to be cu… ─╮", screen, 1, true)
    assert.matches("│ 6  A title longer than…  a value that is much longe… │", screen, 1, true)
    local form = s.form
    assert.same({ wrap = false }, form.sections[2].style)
    form.style = { width = 56, wrap = false }
    assert.matches("│ 1  A title longer than…", s:screen(), 1, true)
  end)

  it("a short row is one line, and a row's height follows its value", function()
    local before = #lines(s:screen())
    s:send("note short now")
    local after = #lines(s:screen())
    -- three lines (the value's) down to two (the title's)
    assert.equals(before - 1, after)
    assert.matches("│ 1  A title longer than   short now", s:screen(), 1, true)
  end)

  it("the screen mode wraps the same rows", function()
    local sc = formrun.open("raclette_dynamic_height.lua", { screen = true, width = 60, height = 40 })
    local screen = sc:screen()
    assert.matches("› A title longer", screen, 1, true)
    assert.matches("\n  its column           room its column has on one line\n", screen, 1, true)
    assert.matches("\nsecond line\n", screen, 1, true)
    -- wrap = false: one line, the title cut to its column
    assert.matches("\n  A title longer tha…  a value that is much longer than th…\n", screen, 1, true)
  end)
end)
