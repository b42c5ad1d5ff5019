-- A form whose handler fails two calls deep, for tracebacks_test.lua.
local function check(value)
  if value == "boom" then error("no boom here") end
end
form:section("Tracebacks"):text{
  name = "t", title = "T",
  on_change = function(item) check(item.value) end,
}
