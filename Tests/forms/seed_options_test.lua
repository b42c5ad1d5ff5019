-- Long option lists (issue 13, capability 8): RE's options controller with 39
-- options, shown in columns and narrowed by what is typed at the editor.
describe("seed capabilities: long option lists", function()
  local s
  before_each(function() s = formrun.open("seed_options.lua", { width = 72 }) end)

  local function lines(text)
    local out = {}
    for l in text:gmatch("[^\n]+") do out[#out + 1] = l end
    return out
  end

  it("RE options controller: 39 options are listed in columns that fit the width", function()
    local out = s:send("country")
    local listed = {}
    for _, l in ipairs(lines(out)) do
      if l:match("%d+  %a") then listed[#listed + 1] = l end
    end
    assert.is_true(#listed < 20, "the options took " .. #listed .. " lines")
    for _, l in ipairs(listed) do assert.is_true(#l <= 72, "too wide: " .. l) end
    assert.matches(" 1  Afghanistan", out, 1, true)
    assert.matches("39  Dominica", out, 1, true)
    assert.matches("part of one to narrow the list", out, 1, true)
  end)

  it("RE options controller: a short list stays one option per line", function()
    local out = s:send("size")
    assert.matches("\n    1  Small\n    2  Medium\n    3  Large\n", out, 1, true)
  end)

  it("RE options controller: typing part of an option narrows the list and the editor stays open", function()
    s:send("country")
    local out = s:send("ol")
    -- best first, as the screen's filter ranks them
    assert.matches("could be more than one option of Country: 20 Bolivia, 32 Colombia, 5 Angola", out, 1, true)
    assert.is_nil(s:value("country"))
    out = s:send("ia")
    assert.matches("could be more than one option of Country: 2 Albania, 3 Algeria, 7 Armenia", out, 1, true)
    s:send("ELGI")
    assert.equals("Belgium", s:value("country"))
  end)

  it("RE options controller: the one option holding the letters in order (any case) is chosen", function()
    s:send("country ROAT")
    assert.equals("Croatia", s:value("country"))
    s:send("country bgd")
    assert.equals("Bangladesh", s:value("country"))
    s:send("visited bhut, UBA")
    assert.same({ "Bhutan", "Cuba" }, s:value("visited"))
  end)

  it("RE options controller: the chosen one is marked in the columns", function()
    s:send("country Chad")
    assert.matches("* 29  Chad", s:send("country"), 1, true)
  end)
end)
