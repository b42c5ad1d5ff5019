-- A form that prints while it loads and from a handler
-- (Tests/forms/session_api_test.lua: both reach the session's output).
print("loaded")
local s = form:section("S")
s:text{ name = "a", title = "A", on_change = function(item) print("changed " .. tostring(item.value)) end }
