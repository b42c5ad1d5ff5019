-- Examples/styles.lua: every border style, per-section overrides, a single row.
describe("styles", function()
  it("draws each section with its own border", function()
    local s = formrun.open("Examples/styles.lua")
    local screen = s:screen()
    assert.matches("╭─ Rounded", screen)
    assert.matches("┌─ Single", screen)
    assert.matches("%+%- ASCII", screen)
    assert.matches("\nNone\n", screen)
    assert.snapshot(screen, "styles")
  end)

  it("takes the width from the form's style", function()
    local s = formrun.open("Examples/styles.lua")
    for line in s:screen():gmatch("[^\n]+") do
      assert.truthy(utf8.len(line) <= 60, line)
    end
  end)

  it("refuses an unknown border with the file and line", function()
    assert.error_matches(function() formrun.open("bad_style.lua") end, "bad_style%.lua:1: bad value for 'style' of the form: bad border")
  end)
end)
