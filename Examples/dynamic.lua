-- A guest list that changes while it is filled: rows added and removed from
-- handlers, a section that appears when a switch is on, an empty-section row,
-- and a summary kept up to date by on_update + form:reload().
form.title = "Party"

local host = form:section{ header = "You" }
host:text{ name = "host", title = "Your name", validators = { "presence" } }
host:bool{ name = "guests_on", title = "Bringing guests", value = false,
           on_change = function(item)
             form:find_section("guests").hidden = not item.value
             form:find_section("actions").hidden = not item.value
             form:reload()
           end }

local guests = form:section{ header = "Guests", tag = "guests", hidden = true,
                             empty_text = "No guests yet", footer = "Choose a guest's row to rename them." }
local actions = form:section{ tag = "actions", hidden = true }
local summary = form:section{ header = "Summary", tag = "summary" }

local count = 0
actions:item{ name = "add", title = "Add a guest", accessory = "disclosure", on_select = function()
  count = count + 1
  guests:text{ name = "guest" .. count, title = "Guest " .. count, validators = { "presence" } }
  form:reload()
end }
actions:item{ name = "remove", title = "Remove the last guest", on_select = function()
  local items = guests.items
  if #items > 0 then items[#items]:remove() end
  form:reload()
end }
actions:item{ name = "first", title = "Move the last guest first", on_select = function()
  local n = #guests.items
  if n > 1 then guests:move(n, 1) end
end }

summary.on_update = function(section)
  section:clear()
  local n = 0
  if not guests.hidden then n = #guests.items end
  section:add(n == 0 and "Just you" or ("You and " .. n .. " guest" .. (n == 1 and "" or "s")))
end
form:reload()
