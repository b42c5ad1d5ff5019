-- spin.lua: a handler that never returns.
form.title = "Spin"
local s = form:section{ header = "Spin" }
s:bool{ name = "go", title = "Go", on_change = function() while true do end end }
