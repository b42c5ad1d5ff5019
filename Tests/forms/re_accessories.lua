-- RETableViewManager's accessory types, one row each (Tests/forms/re_accessories_test.lua).
local s = form:section("Accessories")
s:item{ name = "plain", title = "Plain" }
s:item{ name = "detail", title = "Detail button", accessory = "detail", on_accessory = function() print("detail ran") end }
