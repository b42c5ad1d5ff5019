-- spec/packing_spec.lua: the header follows the rows, on the screen mode's screen too.
describe("packing.lua", function()
  it("counts what is packed", function()
    local s = formrun.open("packing.lua", { screen = true, width = 40, height = 14 })
    s:press("space", "down", "down", "space") -- Tent and Map
    assert.equals(2, s.form.sections[1].header_data.done)
    assert.snapshot(s:screen(), "packing")
  end)
end)
