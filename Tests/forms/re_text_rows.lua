-- RETableViewManager's text-item options: autocapitalizationType as
-- `capitalize`, clearsOnBeginEditing as `open_empty`; Raclette's
-- didDeselect as `on_deselect` (Tests/forms/re_text_rows_test.lua).
local s = form:section("Who")
s:text{ name = "name", title = "Name", capitalize = "words" }
s:text{ name = "code", title = "Code", capitalize = "all", open_empty = true, value = "OLD1" }
s:longtext{ name = "note", title = "Note" }
s:text{ name = "line", title = "Line", capitalize = "sentences" }
local c = form:section("Choices")
local function dropped(item, value) print("deselected", item.name, value) end
c:multiple{ name = "m", title = "Toppings", options = { "Cheese", "Olives", { "Ham", value = "ham" } }, on_deselect = dropped,
  on_change = function(item) print("changed", item.name) end }
c:radio{ name = "r", title = "Plan", options = { "Free", "Pro" }, on_deselect = dropped }
c:picker{ name = "p", title = "Pizza", options = { { "S", "L" }, { "Thin", "Thick" } }, on_deselect = dropped }
