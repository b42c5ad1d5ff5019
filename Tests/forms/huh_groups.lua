-- huh's groups: a wizard of three pages (a fourth, Shipping, only for a
-- boxed order), each page checked before the next, a summary at the end.
form.title = "Pizza order"

local who = form:section{ header = "Who", page = true }
who:text{ name = "name", title = "Name", required = true }
local contact = form:section("Contact") -- on the same page as Who
contact:text{ name = "phone", title = "Phone", validators = { "length(0, 12)" } }

local what = form:section{ header = "Pizza", page = true }
what:radio{ name = "size", title = "Size", options = { "Small", "Large" }, required = true }
what:segmented{
  name = "delivery", title = "Delivery", options = { "Pick up", "Deliver" }, value = "Pick up",
  on_change = function(item) form:find_section("ship").hidden = item.value ~= "Deliver" end,
}

local ship = form:section{ header = "Shipping", tag = "ship", page = true, hidden = true }
ship:text{ name = "street", title = "Street", required = true }

local last = form:section{ header = "Notes", page = true }
last:text{ name = "note", title = "Note" }

form.on_page = function(f, from, to) print(("page %d -> %d"):format(from, to)) end
