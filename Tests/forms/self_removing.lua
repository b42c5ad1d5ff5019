-- A fixture for dynamic_test.lua: handlers that remove what they run on.
local first = form:section{ header = "First" }
first:item{ name = "bye", title = "Remove me", on_select = function(item) item:remove() end }
first:text{ name = "keep", title = "Stays" }
first:item{ name = "dup", title = "Add a duplicate", on_select = function()
  first:text{ name = "keep", title = "Again" }
end }
local second = form:section{ header = "Second", tag = "second" }
second:item{ name = "drop", title = "Remove my section", on_select = function(item)
  form:remove_section(item.section)
end }
