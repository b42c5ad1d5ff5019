-- A fixture for removed_objects_test.lua: a form that keeps sections and
-- rows in locals and takes them out (as a "reset" button does), then uses
-- them again from its handlers.
local kept = form:section{ header = "Kept" }
local row = kept:text{ name = "t", title = "T" }
local gone = form:section("Gone")
local lost = gone:text{ name = "lost", title = "Lost" }
form:remove_section(gone)
local s = form:section{ header = "Actions" }
s:item{ name = "reset", title = "Reset", on_select = function() form:remove_section(kept) end }
s:item{ name = "reuse", title = "Reuse", on_select = function() kept:text{ name = "again" } end }
s:item{ name = "edit", title = "Edit", on_select = function() row.value = "x" end }
-- the handler holds `gone` too: once nothing holds a removed section, Lua may
-- collect it, and the row says it was removed from its section instead
s:item{ name = "lost", title = "Use a lost row", on_select = function() local _ = gone; lost:remake{ title = "y" } end }
