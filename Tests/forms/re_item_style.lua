-- RETableViewManager's per-item font, colour and textAlignment (Tests/forms/re_item_style_test.lua).
local s = form:section("Status")
s:text{ name = "alert", title = "Alert", value = "on fire", style = { color = "red", bold = true } }
s:text{ name = "total", title = "Total", value = "42.00", style = { align = "right" } }
s:text{ name = "aside", title = "Aside", value = "quiet", style = { dim = true } }
s:text{ name = "plain", title = "Plain", value = "as ever" }
