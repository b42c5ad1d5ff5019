-- RETableViewManager's accessoryType: every mark a framed form draws is in
-- its legend, the detail button (UITableViewCellAccessoryDetailButton) too.
describe("RE accessory types", function()
  it("the detail button's mark is explained in the legend", function()
    local s = formrun.open("re_accessories.lua")
    local screen = s:screen()
    assert.matches("⊕", screen, 1, true)
    assert.matches("⊕ detail button", screen, 1, true)
  end)

  it("each accessory drawn adds its own words, in the legend's order", function()
    local s = formrun.open("re_accessories.lua")
    s.form:find("plain").accessory = "disclosure"
    local legend = s:screen():match("\n([^\n]*)\n?$")
    assert.equals("› opens more, ⊕ detail button", legend)
    s.form:find("detail").accessory = "none"
    assert.equals("› opens more", s:screen():match("\n([^\n]*)\n?$"))
  end)
end)
