-- a form for coverage_spec.lua: it loads a module of its own, and its
-- handler runs a function of that module
package.path = "Tests/forms/coverage/?.lua;" .. package.path
local money = require "money"
local s = form:section("Order")
s:text{ name = "amount", title = "Amount", on_change = function(item)
  form:find("total").value = money.format(item.value)
end }
s:text{ name = "total", title = "Total" }
